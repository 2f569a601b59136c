package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/randprob"
)

// lineProblem is a random relative of A001499: an n×n matrix of cells, some left out,
// each row and column covered between bounds of its own (1..2 to 2..3); with colours, the
// cells of each anti-diagonal modulo 3 share a secondary item, coloured by the parity of
// the row, or by no colour on a few cells.
func lineProblem(seed uint64, n int, colors bool) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 42))
	b := new(xcover.Builder)
	for i := range n {
		b.AddPrimaryBounds(fmt.Sprintf("r%d", i), 1+r.IntN(2), 2+r.IntN(2))
		b.AddPrimaryBounds(fmt.Sprintf("c%d", i), 1+r.IntN(2), 2+r.IntN(2))
	}
	if colors {
		for d := range 3 {
			b.AddSecondary(fmt.Sprintf("d%d", d))
		}
	}
	for row := range n {
		for c := range n {
			if r.IntN(7) == 0 {
				continue
			}
			opt := []string{fmt.Sprintf("r%d", row), fmt.Sprintf("c%d", c)}
			if colors {
				d := fmt.Sprintf("d%d", (row+c)%3)
				if r.IntN(8) != 0 {
					d += fmt.Sprintf(":%c", 'a'+row%2)
				}
				opt = append(opt, d)
			}
			b.AddOption(opt...)
		}
	}
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	return p
}

// TestMemoBoundsLockstepBrute counts random problems with multiplicities (and colours) by
// the depth-first memo on 2 and 16 workers in lockstep, at every step side by side, where
// workers meet sub-problems that others are counting (two count them too, sixteen defer
// them: memoBusyMinWorkers, memoBounds.count), with and without a cache budget small
// enough that deferred sub-problems are not kept: against brute force.
func TestMemoBoundsLockstepBrute(t *testing.T) {
	for _, colors := range []bool{false, true} {
		for seed := range uint64(4) {
			p := lineProblem(seed, 5, colors)
			want := brute.Count(p)
			sp := specOf(p)
			for _, workers := range []int{2, 16} {
				for _, budget := range []int64{0, 1 << 14} {
					got, _, err := engine.MemoCountLockstep(sp, &engine.MemoParams{Workers: workers, MaxBytes: budget})
					if err != nil || !got.IsUint64() || got.Uint64() != want {
						t.Fatalf("lineProblem(%d, colours %v), %d workers, budget %d: %v, %v; want %d\n%s", seed, colors, workers, budget, got, err, want, randprob.Describe(p))
					}
				}
			}
		}
	}
}
