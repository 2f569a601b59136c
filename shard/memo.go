package shard

import (
	"context"

	"github.com/xcover/xcover"
)

// A memoJob is a memoised count cut into Shares shares (see [xcover.CountShare]) as a
// [Job]: task i is share i+1. Options sets the cache and the workers, which share one
// cache; its Memo is taken as xcover.MemoOn.
type memoJob struct {
	Problem *xcover.Problem
	Shares  int
	Options xcover.Config

	memo xcover.MemoStats // of the last share counted: its Parts and Split name the split
}

// NumTasks returns the number of shares.
func (j *memoJob) NumTasks() int { return j.Shares }

// Count counts the listed shares one after another.
func (j *memoJob) Count(ctx context.Context, tasks []int, done func(int, PartCount)) error {
	opt := j.Options
	opt.Memo = xcover.MemoOn
	for _, i := range tasks {
		res, err := xcover.CountShare(ctx, j.Problem, i+1, j.Shares, opt)
		if err != nil {
			return err
		}
		j.memo = res.Memo
		done(i, PartCount{Solutions: res.Solutions, Nodes: res.Stats.Nodes})
	}
	return nil
}

// countMemoShare counts share k of n of p's memoised count and returns the shard's result,
// which [Merge] adds up like those of a plain cut: the split's size and digest name the
// cut.
func countMemoShare(ctx context.Context, p *xcover.Problem, k, n int, opt xcover.Config) (*Result, xcover.MemoStats, error) {
	job := &memoJob{Problem: p, Shares: n, Options: opt}
	id := Identity{Problem: p.Hash(), Initial: normal(opt.Initial), Request: n, Parts: n, Cut: "memo"}
	final, err := Drive(ctx, job, NewCheckpoint(id, k, n), DriveOptions{})
	if err != nil {
		return nil, job.memo, err
	}
	// The split is known once a share is counted: it names the result's cut.
	res := final.Result()
	res.Parts, res.Cut = job.memo.Parts, "memo-"+job.memo.Split
	return res, job.memo, nil
}
