package queens

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/xcover/xcover/shard"
)

// TestCountJobShards drives the count as 1, 3 and 7 shards through the shard driver: the
// merged shards give A000170 and A002562 for every n up to 11, boards without tasks
// (n < 4) included.
func TestCountJobShards(t *testing.T) {
	for n := 1; n <= 11; n++ {
		for _, shards := range []int{1, 3, 7} {
			job := CountJob{N: n, Workers: 2, Orbits: true}
			var results []*shard.Result
			for k := 1; k <= shards; k++ {
				res, err := job.Share(context.Background(), k, shards, shard.DriveOptions{})
				if err != nil {
					t.Fatalf("n=%d shard %d/%d: %v", n, k, shards, err)
				}
				results = append(results, res)
			}
			total, _, err := shard.Merge(results)
			if err != nil {
				t.Fatalf("n=%d, %d shards: %v", n, shards, err)
			}
			if total.Solutions.Uint64() != a000170[n] || total.Distinct.Uint64() != a002562[n] {
				t.Errorf("n=%d, %d shards: %v solutions, %v distinct; want %d, %d", n, shards, total.Solutions, total.Distinct, a000170[n], a002562[n])
			}
		}
	}
}

// TestCountJobQuadrants: at n = 14 the fastest tasks (the quadrant counter's) give the
// solutions, and Complete the essentially different ones from their total; with Orbits
// every shard counts its orbits, and the shards add up to A002562.
func TestCountJobQuadrants(t *testing.T) {
	const n = 14
	for _, orbits := range []bool{false, true} {
		job := CountJob{N: n, Workers: 2, Orbits: orbits}
		var results []*shard.Result
		for k := 1; k <= 3; k++ {
			cp, err := shard.Drive(context.Background(), job, shard.NewJobCheckpoint(job.Identity(), k, 3), shard.DriveOptions{})
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
			c, err := Complete(context.Background(), n, total.Solutions.Uint64())
			if err != nil {
				t.Fatal(err)
			}
			distinct = c.Distinct
		}
		if distinct != a002562[n] {
			t.Errorf("orbits %v: %d distinct, want %d", orbits, distinct, a002562[n])
		}
	}
	if (CountJob{N: n}).Identity().Cut == (CountJob{N: n, Orbits: true}).Identity().Cut {
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
			opt := shard.DriveOptions{File: file, Resumed: func(*shard.Checkpoint) { resumed = true }}
			tl, err := CountCheckpointed(context.Background(), tc.n, 2, tc.distinct, opt)
			if err != nil {
				t.Fatalf("n=%d run %d: %v", tc.n, run, err)
			}
			want := CountReport{N: tc.n, Solutions: a000170[tc.n], Engine: EngineBitboard, Seconds: tl.Seconds}
			if tc.distinct {
				want.Distinct = &a002562[tc.n]
			}
			if !reflect.DeepEqual(*tl, want) || resumed != (run == 1) {
				t.Errorf("n=%d run %d: %+v, resumed %v; want %+v, resumed %v", tc.n, run, *tl, resumed, want, run == 1)
			}
		}
	}
	// The file of n = 8 is not one of n = 9's.
	if tl, err := CountCheckpointed(context.Background(), 9, 1, false, shard.DriveOptions{File: filepath.Join(dir, "q8-true")}); tl != nil || err == nil {
		t.Errorf("n = 9 from n = 8's checkpoint: %v, %v; want nil and an error", tl, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tl, err := CountCheckpointed(ctx, 12, 1, true, shard.DriveOptions{File: filepath.Join(dir, "q12")})
	if tl == nil || !errors.Is(err, context.Canceled) || !tl.Partial || tl.Distinct == nil || *tl.Distinct != 0 {
		t.Errorf("cancelled: %+v, %v; want the tasks finished and context.Canceled", tl, err)
	}
}
