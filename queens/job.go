package queens

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"

	"github.com/xcover/xcover/shard"
)

// A CountJob is the count of the n-queens problem (one queen per line) as a [shard.Job]:
// its tasks are those of [CountTasks], counted on Workers goroutines (0 or 1: one), so that
// the count can be split over machines and checkpointed by [shard.Drive]. Boards with no
// tasks (N < 4) are one task, the whole count.
//
// The fastest counter's tasks (the quadrant counter's, see Count) carry the solutions only:
// the essentially different ones follow from the total ([Complete]). With Orbits set the
// job takes the bitboard counter's tasks instead, each of which counts its orbits, so that
// every shard of a split count reports its essentially different solutions for merging.
type CountJob struct {
	N       int
	Workers int
	Orbits  bool
}

// bitboard reports whether the job runs on the bitboard counter's tasks.
func (j CountJob) bitboard() bool { return j.Orbits || !useQuadrants(j.N) }

// tasks returns the number of tasks of the job's counter (0 for N < 4).
func (j CountJob) tasks() int {
	if j.N < 4 || j.N > MaxCountN {
		return 0
	}
	if j.bitboard() {
		return len(makeTasks(j.N))
	}
	return NumTasks(j.N)
}

// NumTasks returns the number of tasks of the count.
func (j CountJob) NumTasks() int { return max(1, j.tasks()) }

// Identity names the count and its cut into tasks for shard results and checkpoints, so
// that counts of another N, or of a version that cuts otherwise, never mix.
func (j CountJob) Identity() shard.Identity {
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
func (j CountJob) Count(ctx context.Context, tasks []int, done func(int, shard.PartCount)) error {
	report := func(i int, c Counts) {
		done(i, shard.PartCount{Solutions: new(big.Int).SetUint64(c.Solutions), Distinct: c.Distinct})
	}
	if j.tasks() == 0 { // one task, the whole count
		c, err := Count(ctx, j.N, j.Workers)
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

// Share counts shard k of shards (1 <= k <= shards) of the job through [shard.Drive] and
// returns the shard's result, for [shard.Merge]; with Orbits, Distinct holds the shard's
// essentially different solutions. opt.File keeps the finished tasks in a file and resumes
// from it (see [shard.DriveOptions]). If ctx is cancelled it returns a Partial result, the
// tasks finished, and ctx's error. The result is nil, with the error, when nothing was
// counted: a checkpoint file of another count, or one that cannot be saved.
func (j CountJob) Share(ctx context.Context, k, shards int, opt shard.DriveOptions) (*shard.Result, error) {
	cp, err := shard.Drive(ctx, j, shard.NewJobCheckpoint(j.Identity(), k, shards), opt)
	if cp == nil {
		return nil, err
	}
	res := cp.Result()
	if j.Orbits {
		res.Distinct = cp.Distinct()
	}
	return res, err
}

// CountCheckpointed counts the solutions of the n×n board, one queen per line, as
// [CountSolutions] does with the bitboard engine, but through [shard.Drive], so that
// opt.File keeps the finished tasks and a later count resumes from it; and with distinct
// the essentially different solutions, which follow from the finished total ([Complete]).
// Its Seconds are this call's. If ctx is cancelled it returns the solutions of the tasks
// finished, Partial (Distinct 0), and ctx's error. The report is nil, with the error, when
// nothing was counted: a checkpoint file of another count, one that cannot be saved, or a
// cancelled [Complete].
func CountCheckpointed(ctx context.Context, n, workers int, distinct bool, opt shard.DriveOptions) (*CountReport, error) {
	start := time.Now()
	res, err := CountJob{N: n, Workers: workers}.Share(ctx, 1, 1, opt)
	if res == nil || err != nil && ctx.Err() == nil {
		return nil, err
	}
	r := &CountReport{N: n, Solutions: res.Solutions.Uint64(), Engine: EngineBitboard}
	var classes uint64
	if distinct && err == nil {
		c, err := Complete(ctx, n, r.Solutions)
		if err != nil {
			return nil, err
		}
		classes = c.Distinct
	}
	return r.finish(ctx, start, distinct, classes, err)
}
