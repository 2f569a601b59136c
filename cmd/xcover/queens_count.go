package main

import (
	"time"

	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/queens"
)

// runCount prints the count, or with --shard one shard of it as count --shard does, for
// xcover merge (with --distinct every shard counts its orbits, which merge adds up).
func (r *queensRun) runCount() error {
	f, n := r.f, r.n
	opt := r.options()
	opt.Distinct = f.distinct
	if f.split.active() {
		k, shards, d, err := f.split.parse(r.cmd)
		if err != nil {
			return err
		}
		opt.Checkpoint = &d
		if f.split.shard != "" {
			opt.Shard, opt.Shards = k, shards
		}
	}
	if _, err := queens.Choose(n, true, opt); err != nil {
		return usage(err) // the bitboard engine that --shard and --checkpoint need among the rest
	}
	if f.split.shard == "" && n >= queensCountWarnN {
		warnf(r.cmd, "counting the solutions for N = %d takes days or more (N = 27 took a year on FPGAs)", n)
	}
	if opt.Checkpoint == nil {
		show, clear := liveProgress(r.cmd, f.progress)
		defer clear()
		opt.Progress = show
	}
	start := time.Now()
	c, cerr := queens.Count(r.cmd.Context(), n, opt)
	if cerr != nil && r.cmd.Context().Err() == nil || opt.Shards > 0 && c.Share == nil {
		return checkpointFlag(cerr) // nothing counted: a failure, or a checkpoint that cannot be used
	}
	if res := c.Share; res != nil {
		return printResult(r.out, f.json, res, present.ShardResult(res), partial(cerr,
			"interrupted: the count %v of shard %d/%d is partial%s", res.Solutions, opt.Shard, opt.Shards, resumeHint(f.split.checkpoint, "tasks")))
	}
	res := present.QueensCount{N: n, Solutions: c.Solutions, Engine: c.Engine.String(),
		Seconds: time.Since(start).Seconds(), Partial: cerr != nil}
	if f.perLine > 1 {
		res.PerLine = f.perLine
	}
	if f.distinct {
		res.Distinct = &c.Distinct
	}
	return printResult(r.out, f.json, res, res.Text(),
		partial(cerr, "interrupted: the count %d is partial%s", res.Solutions, resumeHint(f.split.checkpoint, "tasks")))
}
