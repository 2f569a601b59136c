package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// randomSpec returns a small random problem: np primary items with bounds lo..hi drawn from
// {0..2}, ns secondary items, and options of one to four items; with colours, half the
// secondary entries get one of two colours.
func randomSpec(rng *rand.Rand, np, ns, nopt int, bounds, colours bool) *Spec {
	sp := &Spec{NumPrimary: np, NumItems: np + ns, Start: []int32{0}}
	for range np {
		lo, hi := int32(1), int32(1)
		if bounds {
			hi = 1 + rng.Int32N(2)
			lo = rng.Int32N(hi + 1)
		}
		sp.Lo, sp.Hi = append(sp.Lo, lo), append(sp.Hi, hi)
	}
	for range nopt {
		seen := map[int32]bool{}
		first := rng.Int32N(int32(np)) // every option has a primary item
		seen[first] = true
		sp.Item = append(sp.Item, first)
		sp.Color = append(sp.Color, 0)
		for range rng.IntN(4) {
			i := rng.Int32N(int32(np + ns))
			if seen[i] {
				continue
			}
			seen[i] = true
			c := int32(0)
			if colours && int(i) >= np && rng.IntN(2) == 0 {
				c = 1 + rng.Int32N(2)
			}
			sp.Item, sp.Color = append(sp.Item, i), append(sp.Color, c)
		}
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	if !colours {
		sp.Color = nil
	}
	return sp
}

// walk counts the nodes and solutions of the tree below the node at depth l with the
// kernel's steps alone (branches, open, next), as the cutter and the workers walk it.
func walk(k kernel, l int) (nodes, sols uint64) {
	nodes = 1
	n := k.branches(l)
	if n < 0 {
		return 1, 1
	}
	if n == 0 {
		return 1, 0
	}
	k.open(l)
	b := int32(0)
	for ; k.next(l); b++ {
		nn, ss := walk(k, l+1)
		nodes, sols = nodes+nn, sols+ss
	}
	if b != n {
		panic(fmt.Sprintf("depth %d: %d branches taken, branches said %d", l, b, n))
	}
	return nodes, sols
}

// TestStepsWalkTheSearchTree checks, for every kernel, that its steps walk the same tree as
// its search loop (the same nodes and solutions), that they leave the kernel as they found
// it, and that a descent to any branch and back (descend, close) does too.
func TestStepsWalkTheSearchTree(t *testing.T) {
	kernels := []struct {
		name  string
		new   func(*Spec) kernel
		exact bool // only exact problems without colours
	}{
		{"X", func(sp *Spec) kernel { return newKernelX(sp, nil) }, true},
		{"M", func(sp *Spec) kernel { return newKernelM(sp, nil) }, false},
		{"bits-lazy", func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsLazy)) }, false},
		{"bits-counts", func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsCounts)) }, false},
		{"bits-rows-lazy", func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsRowsLazy)) }, false},
		{"bits-rows-counts", func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsRowsCounts)) }, false},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var specs []*Spec
	for i := range 300 {
		specs = append(specs, randomSpec(rng, 2+rng.IntN(6), rng.IntN(4), 3+rng.IntN(14), i%3 != 0, i%3 == 2))
	}
	specs = append(specs, queensSpec(6, 1), queensSpec(5, 2))
	for si, sp := range specs {
		for _, kk := range kernels {
			if kk.exact && !sp.exact() {
				continue
			}
			k := kk.new(sp)
			var st Stats
			k.search(0, &Params{}, &st)
			nodes, sols := walk(k, 0)
			if nodes != st.Nodes || sols != st.Solutions {
				t.Fatalf("spec %d, kernel %s: steps walk %d nodes and %d solutions, search %d and %d",
					si, kk.name, nodes, sols, st.Nodes, st.Solutions)
			}
			// Down a random path, one random branch at each level, then back up.
			depth := 0
			for {
				n := k.branches(depth)
				if n <= 0 {
					break
				}
				descend(k, depth, rng.Int32N(n))
				depth++
			}
			for l := depth - 1; l >= 0; l-- {
				k.close(l)
			}
			if nodes2, sols2 := walk(k, 0); nodes2 != nodes || sols2 != sols {
				t.Fatalf("spec %d, kernel %s: after a descent to depth %d and back, %d nodes and %d solutions, want %d and %d",
					si, kk.name, depth, nodes2, sols2, nodes, sols)
			}
		}
	}
}

// TestRowsAsConflicts checks that kernel B in rows mode (a row cleared per entry) walks the
// same tree as with conflict sets: the same nodes, solutions (in the same order) and
// updates, on random problems with bounds and colours.
func TestRowsAsConflicts(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 400 {
		sp := randomSpec(rng, 2+rng.IntN(6), rng.IntN(5), 3+rng.IntN(16), i%3 != 0, i%2 == 1)
		for _, lazy := range []string{"lazy", "counts"} {
			var want, got []string
			var st0, st1 Stats
			newKernelB(sp, bitsPlan(sp, bitsKernel("bits-"+lazy))).search(0, &Params{Visit: func(sol []int32) bool {
				want = append(want, fmt.Sprint(sol))
				return true
			}}, &st0)
			newKernelB(sp, bitsPlan(sp, bitsKernel("bits-rows-"+lazy))).search(0, &Params{Visit: func(sol []int32) bool {
				got = append(got, fmt.Sprint(sol))
				return true
			}}, &st1)
			if st0 != st1 || fmt.Sprint(want) != fmt.Sprint(got) {
				t.Fatalf("spec %d (%+v), %s: rows %+v %v, conflicts %+v %v", i, *sp, lazy, st1, got, st0, want)
			}
		}
	}
}

// TestKernelsWalkOneTree checks that kernel M and every mode of kernel B (and kernel X on
// exact problems) count the same nodes and solutions on random problems with and
// without bounds and colours (updates aside): the bitset kernel's shortcuts (stopping its scan at the
// first item of one option when it knows no item has none) must not change the tree.
func TestKernelsWalkOneTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	modes := []string{"bits-lazy", "bits-counts", "bits-rows-lazy", "bits-rows-counts"}
	for i := range 400 {
		sp := randomSpec(rng, 2+rng.IntN(8), rng.IntN(4), 3+rng.IntN(20), i%3 == 0, i%2 == 1)
		var want Stats
		newKernelM(sp, nil).search(0, &Params{}, &want)
		want.Updates = 0 // kernels count updates differently
		for _, m := range modes {
			var st Stats
			newKernelB(sp, bitsPlan(sp, bitsKernel(m))).search(0, &Params{}, &st)
			st.Updates = 0
			if st != want {
				t.Fatalf("spec %d (%+v), %s: %+v, kernel M %+v", i, *sp, m, st, want)
			}
		}
		if sp.exact() {
			var st Stats
			newKernelX(sp, nil).search(0, &Params{}, &st)
			st.Updates = 0
			if st != want {
				t.Fatalf("spec %d, kernel X: %+v, kernel M %+v", i, st, want)
			}
		}
	}
}
