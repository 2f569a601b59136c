package main

import (
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/queens"
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
	var res *queens.CountReport
	var cerr error
	if f.checkpoint != "" {
		res, cerr = queens.CountCheckpointed(r.ctx, n, f.workers.n(), f.distinct, drive(r.cmd, f.checkpoint, f.every))
	} else {
		res, cerr = queens.CountSolutions(r.ctx, n, f.distinct, r.options())
	}
	if res == nil { // nothing counted: a failure, or a checkpoint that cannot be used
		return checkpointFlag(cerr)
	}
	if err := printResult(r.out, f.json, res, res.Text(), "the count"); err != nil {
		return err
	}
	if cerr != nil {
		return interruptedf("interrupted: the count %d is partial%s", res.Solutions, resumeHint(r.f.checkpoint, "tasks"))
	}
	return nil
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
	job := queens.CountJob{N: r.n, Workers: f.workers.n(), Orbits: f.distinct}
	res, cerr := job.Share(r.ctx, k, shards, drive(r.cmd, f.checkpoint, f.every))
	if res == nil || cerr != nil && r.ctx.Err() == nil {
		return checkpointFlag(cerr) // not an interruption: a checkpoint that cannot be used
	}
	if err := printResult(r.out, f.json, res, present.ShardResult(res), "the count"); err != nil {
		return err
	}
	if cerr != nil {
		return interruptedf("interrupted: the count %v of shard %d/%d is partial%s", res.Solutions, k, shards, resumeHint(r.f.checkpoint, "tasks"))
	}
	return nil
}
