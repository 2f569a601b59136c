package queens

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"

	"github.com/xcover/xcover/shard"
)

// A CountJob is the count of the n-queens problem (one queen per line) as a [shard.Job]:
// its tasks are those of [CountTasks], counted on Workers goroutines (0 or 1: one), so that
// the count can be split over machines and checkpointed by [shard.Drive]. Boards with no
// tasks (N < 4) are one task, the whole count.
type CountJob struct {
	N       int
	Workers int
}

// NumTasks returns the number of tasks of the count.
func (j CountJob) NumTasks() int { return max(1, NumTasks(j.N)) }

// Identity names the count and its cut into tasks for shard results and checkpoints, so
// that counts of another N, or of a version that cuts otherwise, never mix.
func (j CountJob) Identity() shard.Identity {
	id := fmt.Sprintf("queens bitboard n=%d per-line=1", j.N)
	h := sha256.Sum256([]byte(id))
	tasks := NumTasks(j.N)
	c := sha256.Sum256(fmt.Appendf(nil, "%s tasks=%d", id, tasks))
	return shard.Identity{Problem: hex.EncodeToString(h[:]), Request: tasks, Parts: j.NumTasks(),
		Cut: "queens-" + hex.EncodeToString(c[:8])}
}

// Count counts the listed tasks and reports each one finished, with its solutions and
// essentially different solutions.
func (j CountJob) Count(ctx context.Context, tasks []int, done func(int, shard.PartCount)) error {
	report := func(i int, c Counts) {
		done(i, shard.PartCount{Solutions: new(big.Int).SetUint64(c.Solutions), Distinct: c.Distinct})
	}
	if NumTasks(j.N) == 0 { // one task, the whole count
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
	_, _, err := CountTasks(ctx, j.N, j.Workers, 1, 1, func(i int) bool { return !want[i] }, report)
	return err
}
