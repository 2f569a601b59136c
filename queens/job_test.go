package queens

import (
	"context"
	"testing"

	"github.com/xcover/xcover/shard"
)

// TestCountJobShards drives the count as 1, 3 and 7 shards through the shard driver: the
// merged shards give A000170 and A002562 for every n up to 11, boards without tasks
// (n < 4) included.
func TestCountJobShards(t *testing.T) {
	for n := 1; n <= 11; n++ {
		for _, shards := range []int{1, 3, 7} {
			job := CountJob{N: n, Workers: 2}
			var results []*shard.Result
			for k := 1; k <= shards; k++ {
				cp, err := shard.Drive(context.Background(), job, shard.NewJobCheckpoint(job.Identity(), k, shards), shard.DriveOptions{})
				if err != nil {
					t.Fatalf("n=%d shard %d/%d: %v", n, k, shards, err)
				}
				res := cp.Result("")
				res.Distinct = cp.Distinct()
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
			res := cp.Result("")
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
