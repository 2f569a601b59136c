package engine_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/verify"
)

// TestPlainLoops checks the bitset kernel's loops for exact problems of more than one word
// (searchLazy with counts by popcounts, searchPlain with counts in bytes) against its
// general loop, which rows mode runs: on random exact problems of 65 to 304 options (half
// of them with the same number of primary items in every option), the
// same solutions in the same order, each valid, the same nodes and the same updates,
// stopped at a limit on solutions and at one on nodes (past a few polls); and where the
// tree is small, in parts on two workers (a part may begin at a leaf), the whole count
// and tree.
func TestPlainLoops(t *testing.T) {
	tried := 0
	for seed := range uint64(120) {
		p := bigProblem(1000+seed, false, false)
		if seed%2 == 1 {
			p = uniformProblem(seed, 2+int(seed/2)%3)
		}
		sp := specOf(p)
		check := verify.NewChecker(p)
		for _, limit := range []uint64{7, 0} {
			var ref [][]int
			var refSt engine.Stats
			for i, k := range []engine.Kernel{engine.KernelBitsRowsLazy, engine.KernelBitsLazy, engine.KernelBitsCounts} {
				got, st := runUpTo(sp, k, limit, 3*4096)
				for _, sol := range got {
					if v := check.Check(sol); v != nil {
						t.Fatalf("seed %d kernel %v: invalid solution %v: %v", seed, k, sol, v)
					}
				}
				if i == 0 {
					ref, refSt = got, st
					continue
				}
				if !slices.EqualFunc(got, ref, slices.Equal[[]int]) || st.Solutions != refSt.Solutions || st.Nodes != refSt.Nodes || st.Updates != refSt.Updates {
					t.Fatalf("seed %d limit %d (%d options): kernel %v found %d solutions, %+v; %v %d, %+v",
						seed, limit, p.NumOptions(), k, len(got), st, engine.KernelBitsRowsLazy, len(ref), refSt)
				}
			}
		}
		var whole engine.Stats // the whole tree where it is small enough
		if !engine.Run(sp, &engine.Params{Kernel: engine.KernelBitsRowsLazy, Poll: func(st *engine.Stats, _ float64) bool {
			return st.Nodes < 50000
		}}, &whole) {
			continue
		}
		tried++
		parts, above := engine.Cut(sp, nil, 20, nil)
		for _, k := range []engine.Kernel{engine.KernelBitsLazy, engine.KernelBitsCounts} {
			var st engine.Stats
			if !engine.RunParts(sp, &engine.Params{Kernel: k}, parts, 2, &st, nil) {
				t.Fatalf("seed %d kernel %v: parts not searched to the end", seed, k)
			}
			if st.Solutions != whole.Solutions || len(parts) > 0 && st.Nodes+above != whole.Nodes {
				t.Fatalf("seed %d kernel %v: %d solutions and %d+%d nodes in %d parts, want %d and %d",
					seed, k, st.Solutions, st.Nodes, above, len(parts), whole.Solutions, whole.Nodes)
			}
		}
	}
	if tried < 20 {
		t.Errorf("only %d problems of 120 small enough to search in parts", tried)
	}
}

// uniformProblem makes a random exact cover of 65 to 250 options, each with u primary
// items (takeBytes' unrolled loops) and at times a secondary one.
func uniformProblem(seed uint64, u int) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 8))
	b := new(xcover.Builder)
	np := 12 + r.IntN(20)
	for i := range np {
		b.AddPrimary(fmt.Sprint("p", i))
	}
	b.AddSecondary("s")
	for range 65 + r.IntN(186) {
		var names []string
		for _, i := range r.Perm(np)[:u] {
			names = append(names, fmt.Sprint("p", i))
		}
		if r.IntN(4) == 0 {
			names = append(names, "s")
		}
		b.AddOption(names...)
	}
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	return p
}

// TestCountsLoop checks the bitset kernel's loop for problems with bounds and kept counts
// (searchCounts and applyCounts, with conflict bitsets) against the general loop and take
// of rows mode: on random
// problems of 65 to 304 options with bounds, half of them with colours, the same
// solutions in the same order, each valid, the same nodes and the same updates, stopped
// at a limit on solutions and at one on nodes.
func TestCountsLoop(t *testing.T) {
	for seed := range uint64(80) {
		p := bigProblem(2000+seed, true, seed%2 == 1)
		sp := specOf(p)
		check := verify.NewChecker(p)
		for _, limit := range []uint64{7, 0} {
			ref, refSt := runUpTo(sp, engine.KernelBitsRowsCounts, limit, 3*4096)
			got, st := runUpTo(sp, engine.KernelBitsCounts, limit, 3*4096)
			for _, sol := range got {
				if v := check.Check(sol); v != nil {
					t.Fatalf("seed %d: invalid solution %v: %v", seed, sol, v)
				}
			}
			if !slices.EqualFunc(got, ref, slices.Equal[[]int]) || st.Solutions != refSt.Solutions || st.Nodes != refSt.Nodes || st.Updates != refSt.Updates {
				t.Fatalf("seed %d limit %d (%d options): %d solutions, %+v; rows mode %d, %+v",
					seed, limit, p.NumOptions(), len(got), st, len(ref), refSt)
			}
			if st.Nodes == 0 || st.Updates == 0 {
				t.Fatalf("seed %d limit %d: an empty search (%+v)", seed, limit, st)
			}
		}
	}
}
