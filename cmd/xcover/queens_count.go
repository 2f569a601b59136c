package main

import (
	"fmt"
	"time"

	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/shard"
)

func (r *queensRun) runCount() error {
	f, n := r.f, r.n
	engine, err := queens.CheckCount(n, f.distinct, r.options())
	if err != nil {
		return usage(err)
	}
	if f.shard != "" || f.checkpoint != "" {
		if engine != queens.EngineBitboard {
			return usageErrorf("--shard and --checkpoint count with the bitboard engine, one queen per line")
		}
		if err := checkEvery(f.checkpoint, f.every); err != nil {
			return err
		}
	}
	if f.shard != "" {
		return r.countShard()
	}
	if n >= queensCountWarnN {
		warnf(r.cmd, "counting the solutions for N = %d takes days or more (N = 27 took a year on FPGAs)", n)
	}
	start := time.Now()
	res := queens.CountReport{N: n, Engine: engine}
	if f.perLine > 1 {
		res.PerLine = f.perLine
	}
	var t queens.Tally
	var cerr error
	if f.checkpoint != "" {
		var cp *shard.Checkpoint
		cp, cerr = r.countBitboard(1, 1, false)
		if cerr != nil && (cp == nil || r.ctx.Err() == nil) {
			return cerr // not an interruption: a checkpoint that cannot be used
		}
		t.Solutions = cp.Solutions().Uint64()
		if f.distinct && cerr == nil {
			// The essentially different solutions follow from the total (Burnside).
			c, err := queens.Complete(r.ctx, n, t.Solutions)
			if err != nil {
				return err
			}
			t.Distinct = c.Distinct
		}
	} else {
		t, cerr = queens.CountSolutions(r.ctx, n, f.distinct, r.options())
		if cerr != nil && r.ctx.Err() == nil {
			return cerr
		}
	}
	res.Solutions = t.Solutions
	if f.distinct {
		res.Distinct = &t.Distinct
	}
	res.Seconds = time.Since(start).Seconds()
	res.Partial = cerr != nil
	if err := printResult(r.out, f.json, res, res.Text(), "the count"); err != nil {
		return err
	}
	if cerr != nil {
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted: the count %d is partial%s", res.Solutions, resumeHint(r.f.checkpoint, "tasks"))}
	}
	return nil
}

// countBitboard counts shard k of shards with the bitboard counter through the shard
// driver: with --checkpoint it resumes from the file if it exists (refusing one of another
// count), saves the finished tasks every --checkpoint-every and at the end. It returns the
// checkpoint as the count ended: every finished task, those of earlier sessions included.
func (r *queensRun) countBitboard(k, shards int, orbits bool) (*shard.Checkpoint, error) {
	job := queens.CountJob{N: r.n, Workers: r.f.workers.n(), Orbits: orbits}
	opt := shard.DriveOptions{File: r.f.checkpoint, SaveEvery: r.f.every, Resumed: resumed(r.cmd, r.f.checkpoint)}
	cp, err := shard.Drive(r.ctx, job, shard.NewJobCheckpoint(job.Identity(), k, shards), opt)
	return cp, checkpointFlag(err)
}

// countShard counts one shard of the bitboard count and prints it as count --shard does,
// for xcover merge.
func (r *queensRun) countShard() error {
	f := r.f
	k, shards, err := parseShard(f.shard)
	if err != nil {
		return err
	}
	// With --distinct every shard counts its orbits, which merge adds up.
	cp, cerr := r.countBitboard(k, shards, f.distinct)
	if cerr != nil && (cp == nil || r.ctx.Err() == nil) {
		return cerr // not an interruption: a checkpoint that cannot be used
	}
	res := cp.Result(version())
	if f.distinct {
		res.Distinct = cp.Distinct()
	}
	text := fmt.Sprintf("%v\n", res.Solutions)
	if f.distinct {
		text = fmt.Sprintf("%v solutions, %v essentially different (shard %d/%d)\n", res.Solutions, res.Distinct, k, shards)
	}
	if err := printResult(r.out, f.json, res, text, "the count"); err != nil {
		return err
	}
	if cerr != nil {
		return interruptedf("interrupted: the count %v of shard %d/%d is partial%s", res.Solutions, k, shards, resumeHint(r.f.checkpoint, "tasks"))
	}
	return nil
}
