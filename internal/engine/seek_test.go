package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSeekTakesTheSameBranch checks that descend, which lets the bitset kernel step over
// branches with seek, takes the branch that taking every earlier branch one by one takes:
// on random paths through random problems with bounds and colours, in every mode of the
// kernel, the same option (or null branch), position, state below and branches there.
func TestSeekTakesTheSameBranch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	stepDescend := func(k kernel, l int, b int32) { // descend without seek
		k.open(l)
		for range b + 1 {
			k.next(l)
		}
	}
	modes := []Kernel{KernelBitsLazy, KernelBitsCounts, KernelBitsRowsLazy, KernelBitsRowsCounts}
	seeks := 0
	for trial := range 300 {
		bounds, colours := trial%3 == 1, trial%3 == 2
		sp := randomSpec(rng, 4+rng.IntN(8), rng.IntN(4), 8+rng.IntN(120), bounds, colours)
		for _, mode := range modes {
			a := newKernelB(sp, bitsPlan(sp, mode))
			b := newKernelB(sp, bitsPlan(sp, mode))
			for range 10 {
				depth := 0
				for ; ; depth++ {
					n, nb := a.branches(depth), b.branches(depth)
					if n != nb {
						t.Fatalf("trial %d (%v) depth %d: %d branches after seek, %d after stepping", trial, mode, depth, n, nb)
					}
					if n <= 0 {
						break
					}
					br := rng.Int32N(n)
					if br > 0 && a.mode[depth] == modeCover {
						seeks++
					}
					descend(a, depth, br)
					stepDescend(b, depth, br)
					if a.chosen[depth] != b.chosen[depth] || a.pos[depth] != b.pos[depth] || a.mode[depth] != b.mode[depth] || a.leaf != b.leaf {
						t.Fatalf("trial %d (%v) depth %d branch %d of %d: took option %d (position %d, mode %d), stepping %d (%d, %d)",
							trial, mode, depth, br, n, a.chosen[depth], a.pos[depth], a.mode[depth], b.chosen[depth], b.pos[depth], b.mode[depth])
					}
					s := (depth + 1) * a.sw
					if !a.leaf && !slices.Equal(a.words[s:s+a.sw], b.words[s:s+b.sw]) {
						t.Fatalf("trial %d (%v) depth %d: the state below differs after seek", trial, mode, depth)
					}
				}
				for l := depth - 1; l >= 0; l-- {
					a.close(l)
					b.close(l)
				}
			}
		}
	}
	if seeks < 1000 {
		t.Errorf("only %d descents stepped over branches: the test does not exercise seek", seeks)
	}
}
