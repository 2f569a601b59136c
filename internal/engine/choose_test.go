package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestBitsChooseFastPaths checks the bitset kernel's specialised item choices against the
// dancing-links kernels, which share its rule: on exact problems of 65 to 256 options
// (choosePlain4, counts by popcounts of two to four words) against kernel X, and on
// problems with bounds of at most 64 options (chooseLazy1) and with kept counts
// (chooseCounts) against kernel M: the same
// nodes up to the first 2000 solutions (the trees can be large), and each choice on
// random paths the one a plain scan makes.
func TestBitsChooseFastPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		name           string
		minOpt, maxOpt int
		bounds         bool
		force          Kernel
		fast           func(*kernelB) bool
	}{
		{"choosePlain4", 65, 256, false, KernelBitsLazy, func(k *kernelB) bool { return k.mask4 != nil && k.plain && k.lazy }},
		{"chooseLazy1", 3, 64, true, KernelBitsLazy, func(k *kernelB) bool { return k.w == 1 && !k.plain && k.lazy }},
		{"chooseCounts", 3, 256, true, KernelBitsCounts, func(k *kernelB) bool { return !k.plain && !k.lazy }},
	}
	for _, c := range cases {
		tried := 0
		for trial := range 200 {
			np := 6 + rng.IntN(10)
			if c.minOpt > 64 {
				np = 12 + rng.IntN(20) // more items, so that the trees stay small
			}
			nopt := c.minOpt + rng.IntN(c.maxOpt-c.minOpt+1)
			sp := randomSpec(rng, np, rng.IntN(3), nopt, c.bounds, false)
			b := newKernelB(sp, bitsPlan(sp, c.force))
			if !c.fast(b) {
				continue
			}
			tried++
			var ref kernel = newKernelM(sp, nil)
			if !c.bounds {
				ref = newKernelX(sp, nil)
			}
			var st, want Stats
			ref.search(0, &Params{Limit: 2000}, &want)
			b.search(0, &Params{Limit: 2000}, &st)
			if st.Nodes != want.Nodes || st.Solutions != want.Solutions {
				t.Fatalf("%s trial %d: %d nodes, %d solutions; dancing links %d, %d",
					c.name, trial, st.Nodes, st.Solutions, want.Nodes, want.Solutions)
			}
			// Every choice on paths of random branches is the scan's.
			b = newKernelB(sp, bitsPlan(sp, c.force))
			for range 20 {
				for l := 0; ; l++ {
					i, d := b.choose(l)
					if wi, wd := b.chooseScan(l); i != wi || d != wd {
						t.Fatalf("%s trial %d depth %d: chose %d (degree %d), the scan %d (%d)", c.name, trial, l, i, d, wi, wd)
					}
					n := b.branches(l)
					if n <= 0 {
						for ; l > 0; l-- {
							b.close(l - 1)
						}
						break
					}
					descend(b, l, rng.Int32N(n))
				}
			}
		}
		if tried < 50 {
			t.Errorf("%s: only %d of 200 problems took the fast path", c.name, tried)
		}
	}
}

// chooseScan is choose's rule as a plain scan of the unsettled items, for the tests:
// least degree, then least slack, then most options, then first.
func (k *kernelB) chooseScan(s int) (best, bestScore int32) {
	best, bestScore = -1, math.MaxInt32
	var bestS, bestL int32
	room := k.ints[k.ib(s)+k.ro : k.ib(s)+k.ro+k.np]
	for j := range int32(k.np) {
		if k.words[s*k.sw+k.w+int(j>>6)]&(1<<(j&63)) == 0 {
			continue
		}
		l := k.count(s, j)
		r := room[j]
		if k.plain {
			r = 1
		}
		sl := min(k.slack[j], r)
		if l == 0 && sl == r {
			continue
		}
		d := l + sl - r + 1
		if d < bestScore || d == bestScore && (sl < bestS || sl == bestS && l > bestL) {
			best, bestScore, bestS, bestL = j, d, sl, l
			if d <= 0 {
				return best, bestScore
			}
		}
	}
	if best < 0 {
		bestScore = math.MaxInt32
	}
	return best, bestScore
}
