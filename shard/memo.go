package shard

import (
	"context"
	"math/big"

	"github.com/xcover/xcover"
)

// A MemoJob is a memoised count cut into Shares shares (see
// [xcover.Solver.CountExactShare]) as a [Job]: task i is share i+1. The solver's Config
// sets Memo (which must be xcover.MemoOn), the cache and the workers, which share one cache.
type MemoJob struct {
	Solver *xcover.Solver
	Shares int

	memo xcover.MemoStats // of the last share counted
}

// NumTasks returns the number of shares.
func (j *MemoJob) NumTasks() int { return j.Shares }

// Count counts the listed shares one after another.
func (j *MemoJob) Count(ctx context.Context, tasks []int, done func(int, PartCount)) error {
	for _, i := range tasks {
		n, err := j.Solver.CountExactShare(ctx, i+1, j.Shares)
		if err != nil {
			return err
		}
		j.memo = j.Solver.MemoStats()
		done(i, PartCount{Solutions: n, Nodes: j.Solver.Stats().Nodes})
	}
	return nil
}

// MemoStats returns the cache statistics of the last share counted; its Parts and Split
// describe the split, the same for every share of one count.
func (j *MemoJob) MemoStats() xcover.MemoStats { return j.memo }

// CountMemoShare counts share k of n of p's memoised count with s (made for p with the
// given initial options) and returns the shard's result, which [Merge] adds up like those of
// [Plan.Count]: the split's size and digest name the cut.
func CountMemoShare(ctx context.Context, s *xcover.Solver, p *xcover.Problem, initial []int, k, n int, version string) (*Result, xcover.MemoStats, error) {
	job := &MemoJob{Solver: s, Shares: n}
	id := Identity{Problem: p.Hash(), Initial: normal(initial), Request: n, Parts: n, Cut: "memo"}
	final, err := Drive(ctx, job, NewJobCheckpoint(id, k, n), DriveOptions{})
	if err != nil {
		return nil, job.memo, err
	}
	res := final.Result(version)
	res.Parts, res.Cut = job.memo.Parts, "memo-"+job.memo.Split
	if res.Solutions == nil {
		res.Solutions = new(big.Int)
	}
	return res, job.memo, nil
}
