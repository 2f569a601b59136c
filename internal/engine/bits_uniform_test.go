package engine

import (
	"math/rand/v2"
	"testing"
)

// TestApplyUniform checks applyPlain's unrolled loops (every option with 2, 3 or 4 primary
// items) against brute force and the dancing links kernel's tree, on random exact covers with and without secondary items
// and colours, and that the bitset kernel takes them (uni set) where it should.
func TestApplyUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	solved := map[int]int{}
	for _, u := range []int{2, 3, 4, 5} {
		for trial := range 150 {
			np, ns := u+rng.IntN(10), rng.IntN(3)
			sp := &Spec{NumPrimary: np, NumItems: np + ns, Start: []int32{0}}
			for range np {
				sp.Lo, sp.Hi = append(sp.Lo, 1), append(sp.Hi, 1)
			}
			for range 5 + rng.IntN(40) {
				for _, i := range rng.Perm(np)[:u] {
					sp.Item, sp.Color = append(sp.Item, int32(i)), append(sp.Color, 0)
				}
				if ns > 0 && rng.IntN(2) == 0 {
					sp.Item, sp.Color = append(sp.Item, int32(np+rng.IntN(ns))), append(sp.Color, rng.Int32N(3))
				}
				sp.Start = append(sp.Start, int32(len(sp.Item)))
			}
			k := newKernelB(sp, bitsPlan(sp, KernelBitsCounts))
			want := u
			if u > 4 {
				want = 0 // the general loop
			}
			if k.uni != want {
				t.Fatalf("%d items an option, trial %d: uni %d, want %d", u, trial, k.uni, want)
			}
			var st Stats
			Run(sp, &Params{Kernel: KernelBitsCounts, Visit: func([]int32) bool { return true }}, &st)
			var links Stats
			Run(sp, &Params{Kernel: KernelLinks, Visit: func([]int32) bool { return true }}, &links)
			if st.Nodes != links.Nodes {
				t.Fatalf("%d items an option, trial %d: %d nodes, dancing links %d (the same tree)", u, trial, st.Nodes, links.Nodes)
			}
			n := bruteSpec(sp)
			if st.Solutions != n {
				t.Fatalf("%d items an option, trial %d: %d solutions, brute force %d", u, trial, st.Solutions, n)
			}
			if n > 0 {
				solved[u]++
			}
		}
		if solved[u] < 20 {
			t.Errorf("%d items an option: %d of 150 problems have solutions, want at least 20", u, solved[u])
		}
	}
}
