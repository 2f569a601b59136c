package queens

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"

	"github.com/xcover/xcover/shard"
)

// A Job is the count of the n-queens problem (one queen per line) as a [shard.Job]: its
// tasks, the same on every machine for one N and one version of this package, are counted
// on Workers goroutines (0 or 1: one), so that the count can be split over machines and
// checkpointed. [shard.Drive] runs a shard of it:
//
//	job := queens.Job{N: 16, Distinct: true}
//	cp, err := shard.Drive(ctx, job, shard.NewCheckpoint(job.Identity(), k, shards), opt)
//
// and [shard.Merge] adds up the shards' results. Boards with no tasks (N < 4) are one
// task, the whole count.
//
// The fastest counter's tasks carry the solutions only, and the essentially different
// ones follow from the total (as [Count] with a Checkpoint finds them). With Distinct set
// the job takes the bitboard counter's tasks instead, each of which counts its orbits, so
// that every shard of a split count reports its essentially different solutions for
// merging.
type Job struct {
	N        int
	Workers  int
	Distinct bool
}

// bitboard reports whether the job runs on the bitboard counter's tasks.
func (j Job) bitboard() bool { return j.Distinct || !useQuadrants(j.N) }

// tasks returns the number of tasks of the job's counter (0 for N < 4).
func (j Job) tasks() int {
	if j.N < 4 || j.N > maxCountN {
		return 0
	}
	if j.bitboard() {
		return len(makeTasks(j.N))
	}
	return numTasks(j.N)
}

// NumTasks returns the number of tasks of the count.
func (j Job) NumTasks() int { return max(1, j.tasks()) }

// Identity names the count and its cut into tasks for shard results and checkpoints, so
// that counts of another N, or of a version that cuts otherwise, never mix.
func (j Job) Identity() shard.Identity {
	id := fmt.Sprintf("queens bitboard n=%d per-line=1", j.N)
	h := sha256.Sum256([]byte(id))
	tasks := j.tasks()
	cut := fmt.Sprintf("%s tasks=%d", id, tasks)
	if !j.bitboard() {
		cut = fmt.Sprintf("queens quadrants n=%d tasks=%d", j.N, tasks)
	}
	c := sha256.Sum256([]byte(cut))
	return shard.Identity{Problem: hex.EncodeToString(h[:]), Request: tasks, Parts: j.NumTasks(),
		Cut: "queens-" + hex.EncodeToString(c[:8])}
}

// Count counts the listed tasks and reports each one finished, with its solutions and
// essentially different solutions.
func (j Job) Count(ctx context.Context, tasks []int, done func(int, shard.PartCount)) error {
	report := func(i int, c Counts) {
		done(i, shard.PartCount{Solutions: new(big.Int).SetUint64(c.Solutions), Distinct: c.Distinct})
	}
	if j.tasks() == 0 { // one task, the whole count
		c, err := countBoard(ctx, j.N, j.Workers)
		if err == nil {
			report(0, c)
		}
		return err
	}
	want := make(map[int]bool, len(tasks))
	for _, i := range tasks {
		want[i] = true
	}
	skip := func(i int) bool { return !want[i] }
	var err error
	if j.bitboard() {
		_, _, err = countBitboardTasks(ctx, j.N, j.Workers, 1, 1, skip, report)
	} else {
		_, _, err = countQuadTasks(ctx, j.N, j.Workers, 1, 1, skip, report)
	}
	return err
}

// countCheckpointed counts the solutions of the n×n board, one queen per line, as
// countBoard does, but as the one shard of a Job through [shard.Drive], so that opt.File
// keeps the finished tasks and a later count resumes from it; and with distinct the
// essentially different solutions, which follow from the finished total (complete). If
// ctx is cancelled it returns the solutions of the tasks finished (Distinct 0) and ctx's
// error.
func countCheckpointed(ctx context.Context, n, workers int, distinct bool, opt shard.DriveOptions) (Counts, error) {
	job := Job{N: n, Workers: workers}
	cp, err := shard.Drive(ctx, job, shard.NewCheckpoint(job.Identity(), 1, 1), opt)
	if cp == nil || err != nil && ctx.Err() == nil {
		return Counts{}, err
	}
	c := Counts{Solutions: cp.Result().Solutions.Uint64()}
	if distinct && err == nil {
		return complete(ctx, n, c.Solutions)
	}
	return c, err
}

// countShare counts share opt.Shard of opt.Shards of a Job through [shard.Drive] (see
// Options.Shards): Share is nil, with the error, when nothing was counted (a checkpoint
// file of another count, or one that cannot be saved). If ctx is cancelled the counts are
// those of the tasks finished, the Share Partial, and the error ctx's.
func countShare(ctx context.Context, n int, opt Options) (Counts, error) {
	var d shard.DriveOptions
	if opt.Checkpoint != nil {
		d = *opt.Checkpoint
	}
	job := Job{N: n, Workers: opt.Workers, Distinct: opt.Distinct}
	cp, err := shard.Drive(ctx, job, shard.NewCheckpoint(job.Identity(), opt.Shard, opt.Shards), d)
	if cp == nil {
		return Counts{}, err
	}
	res := cp.Result()
	c := Counts{Solutions: res.Solutions.Uint64(), Share: res}
	if opt.Distinct {
		res.Distinct = cp.Distinct()
		c.Distinct = res.Distinct.Uint64()
	}
	return c, err
}
