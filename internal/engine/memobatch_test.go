package engine_test

import (
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// TestMemoBatches counts random problems with multiplicities — with colours, with runs of
// identical options — by the depth-first memo with the children of every state looked up
// in batches of 1, 2 and 3 (so that a walk stops at nearly every child to look up those
// met, counting the ones missing, and goes on from where it was), on one worker and on 16
// in lockstep (where children another worker is counting are deferred), with and without
// a budget that keeps little: against brute force. And draws with the small budget, whose
// walks meet states the cache no longer holds, are solutions.
func TestMemoBatches(t *testing.T) {
	var probs []*xcover.Problem
	for seed := range uint64(6) {
		probs = append(probs, lineProblem(seed, 5, seed%2 == 1))
		probs = append(probs, randprob.Repeated(randprob.New(seed, randprob.Bounds), seed))
		probs = append(probs, randprob.Repeated(randprob.New(seed, randprob.BoundsColors), seed))
	}
	// Larger ones, where workers in lockstep meet children that others are counting,
	// inside runs too (such a child is counted at once: deferred, it would lose its
	// C(r, c)), against one worker's count one child at a time.
	for seed := range uint64(3) {
		p := randprob.Repeated(lineProblem(seed, 7, seed%2 == 1), seed)
		sp := specOf(p)
		want, _, err := engine.MemoCount(sp, &engine.MemoParams{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, batch := range []int{1, 3} {
			got, _, err := engine.MemoCountBatch(sp, &engine.MemoParams{Workers: 16}, batch, true)
			if err != nil || got.Cmp(want) != 0 {
				t.Fatalf("randprob.Repeated(lineProblem(%d, 7)), batches of %d, 16 workers: %v, %v; want %v", seed, batch, got, err, want)
			}
		}
	}
	for i, p := range probs {
		want := brute.Count(p)
		sp := specOf(p)
		for _, batch := range []int{1, 2, 3} {
			for _, workers := range []int{1, 16} {
				for _, budget := range []int64{0, 1 << 12} {
					got, _, err := engine.MemoCountBatch(sp, &engine.MemoParams{Workers: workers, MaxBytes: budget}, batch, workers > 1)
					if err != nil || !got.IsUint64() || got.Uint64() != want {
						t.Fatalf("problem %d, batches of %d, %d workers, budget %d: %v, %v; want %d\n%s", i, batch, workers, budget, got, err, want, randprob.Describe(p))
					}
				}
			}
			draws := 0
			_, _, err := engine.MemoSampleBatch(sp, &engine.MemoParams{MaxBytes: 1 << 12}, batch, 10, uint64(i), func(sol []int32) bool {
				draws++
				s := make([]int, len(sol))
				for k, o := range sol {
					s[k] = int(o)
				}
				if v := verify.Check(p, s); v != nil {
					t.Errorf("problem %d, batches of %d: drew %v: %v", i, batch, s, v)
				}
				return true
			})
			if err != nil || (want > 0) != (draws == 10) {
				t.Fatalf("problem %d, batches of %d: %d draws, %v; %d solutions", i, batch, draws, err, want)
			}
		}
	}
}
