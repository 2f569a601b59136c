package queens

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/shard"
)

// TestJobShards counts as 1, 3 and 7 shares (Count with Shards, through the shard driver):
// the merged shares, and the shares' own counts added up, give A000170 and A002562 for
// every n up to 11, boards without tasks (n < 4) included.
func TestJobShards(t *testing.T) {
	for n := 1; n <= 11; n++ {
		for _, shards := range []int{1, 3, 7} {
			var results []*shard.Result
			var sols, distinct uint64
			for k := 1; k <= shards; k++ {
				c, err := Count(context.Background(), n, Options{Workers: 2, Distinct: true, Shard: k, Shards: shards})
				if err != nil || c.Share == nil || c.Share.Partial {
					t.Fatalf("n=%d shard %d/%d: %+v, %v", n, k, shards, c.Share, err)
				}
				results = append(results, c.Share)
				sols, distinct = sols+c.Solutions, distinct+c.Distinct
			}
			total, _, err := shard.Merge(results)
			if err != nil {
				t.Fatalf("n=%d, %d shards: %v", n, shards, err)
			}
			if total.Solutions.Uint64() != a000170[n] || total.Distinct.Uint64() != a002562[n] {
				t.Errorf("n=%d, %d shards: %v solutions, %v distinct; want %d, %d", n, shards, total.Solutions, total.Distinct, a000170[n], a002562[n])
			}
			if sols != a000170[n] || distinct != a002562[n] {
				t.Errorf("n=%d, %d shards: the shares count %d solutions, %d distinct; want %d, %d", n, shards, sols, distinct, a000170[n], a002562[n])
			}
		}
	}
}

// TestJobQuadrants: at n = 14 the fastest tasks (the quadrant counter's) give the
// solutions, and complete the essentially different ones from their total; with Distinct
// every shard counts its orbits, and the shards add up to A002562.
func TestJobQuadrants(t *testing.T) {
	const n = 14
	for _, orbits := range []bool{false, true} {
		job := Job{N: n, Workers: 2, Distinct: orbits}
		var results []*shard.Result
		for k := 1; k <= 3; k++ {
			cp, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(job.Identity(), k, 3), shard.DriveOptions{})
			if err != nil {
				t.Fatal(err)
			}
			res := cp.Result()
			res.Distinct = cp.Distinct()
			results = append(results, res)
		}
		total, _, err := shard.Merge(results)
		if err != nil {
			t.Fatal(err)
		}
		if total.Solutions.Uint64() != a000170[n] {
			t.Fatalf("orbits %v: %v solutions, want %d", orbits, total.Solutions, a000170[n])
		}
		distinct := total.Distinct.Uint64()
		if !orbits {
			c, err := complete(context.Background(), n, total.Solutions.Uint64())
			if err != nil {
				t.Fatal(err)
			}
			distinct = c.Distinct
		}
		if distinct != a002562[n] {
			t.Errorf("orbits %v: %d distinct, want %d", orbits, distinct, a002562[n])
		}
	}
	if (Job{N: n}).Identity().Cut == (Job{N: n, Distinct: true}).Identity().Cut {
		t.Error("the two kinds of task share a cut: their shards would be merged")
	}
}

// TestCountCheckpointed counts through a checkpoint file: a count that finishes gives
// A000170 and, with distinct, A002562; a second count resumes from the file (every task
// done); a file of another board is refused, with nothing counted; a cancelled count
// returns the tasks finished so far and ctx's error.
func TestCountCheckpointed(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		n        int
		distinct bool
	}{{1, true}, {6, false}, {8, true}, {14, true}} {
		file := filepath.Join(dir, fmt.Sprintf("q%d-%v", tc.n, tc.distinct))
		for run := range 2 { // the second resumes from the file
			resumed := false
			opt := Options{Workers: 2, Distinct: tc.distinct,
				Checkpoint: &shard.DriveOptions{File: file, Resumed: func(*shard.Checkpoint) { resumed = true }}}
			c, err := Count(context.Background(), tc.n, opt)
			if err != nil {
				t.Fatalf("n=%d run %d: %v", tc.n, run, err)
			}
			if c.Solutions != a000170[tc.n] || c.Engine != EngineBitboard || tc.distinct && c.Distinct != a002562[tc.n] || resumed != (run == 1) {
				t.Errorf("n=%d run %d: %+v, resumed %v; want %d, %d, resumed %v", tc.n, run, c, resumed, a000170[tc.n], a002562[tc.n], run == 1)
			}
		}
	}
	// The file of n = 8 is not one of n = 9's.
	if c, err := Count(context.Background(), 9, Options{Workers: 1, Checkpoint: &shard.DriveOptions{File: filepath.Join(dir, "q8-true")}}); c.Solutions != 0 || err == nil {
		t.Errorf("n = 9 from n = 8's checkpoint: %+v, %v; want nothing and an error", c, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c, err := Count(ctx, 12, Options{Workers: 1, Distinct: true, Checkpoint: &shard.DriveOptions{File: filepath.Join(dir, "q12")}})
	if !errors.Is(err, context.Canceled) || c.Distinct != 0 {
		t.Errorf("cancelled: %+v, %v; want the tasks finished and context.Canceled", c, err)
	}
}
