package engine

import (
	"math/rand/v2"
	"testing"
)

// TestKeepSameSearch runs random problems (exact, with colours, with bounds; some with an
// initial option) on the linked kernels after probes handed their kernel on through a
// Keep, as EstimateTree does, and checks the statistics against a Run that lays the
// problem out afresh; and that a Keep is taken once, and not by a Run of another
// problem, with other initial options, random, or on another kernel.
func TestKeepSameSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	probed := func(sp *Spec, initial []int32, seed uint64) (kernel, uint64) {
		var k kernel
		if sp.exact() {
			x := newKernelX(sp, nil)
			x.force(sp, initial)
			k = x
		} else {
			m := newKernelM(sp, nil)
			m.force(sp, initial)
			k = m
		}
		u := updatesOf(k)
		estimate(k, 1+int(seed%20), seed, nil)
		return k, u
	}
	for trial := range 300 {
		sp := randomSpec(rng, 3+rng.IntN(12), rng.IntN(4), 5+rng.IntN(30), trial%3 == 2, trial%3 == 1)
		var initial []int32
		if trial%4 == 3 {
			initial = []int32{int32(rng.IntN(sp.NumOptions()))}
		}
		if !compatible(sp, initial) {
			continue
		}
		var want Stats
		Run(sp, &Params{Initial: initial, Kernel: KernelLinks}, &want)

		var keep Keep
		k, u := probed(sp, initial, uint64(trial))
		keep.put(sp, initial, k, u)
		if keep.k == nil {
			t.Fatalf("trial %d: no kernel kept", trial)
		}
		var got Stats
		Run(sp, &Params{Initial: initial, Kernel: KernelLinks, Keep: &keep}, &got)
		if got != want {
			t.Fatalf("trial %d: after the probes' kernel %+v, afresh %+v", trial, got, want)
		}
		if keep.k != nil {
			t.Fatalf("trial %d: the kernel kept was not taken", trial)
		}

		other := append(append([]int32{}, initial...), 0)
		for _, p := range []*Params{
			{Initial: other, Kernel: KernelLinks},
			{Initial: initial, Kernel: KernelLinks, Random: true},
			{Initial: initial}, // the bits kernel, on these small problems
		} {
			k, u := probed(sp, initial, 1)
			keep.put(sp, initial, k, u)
			if k := keep.take(sp, p); k != nil || keep.k != nil {
				t.Fatalf("trial %d: a kernel kept for %v taken for %+v, or still kept", trial, initial, p)
			}
		}
		k, u = probed(sp, initial, 1)
		keep.put(sp, initial, k, u)
		if k := keep.take(randomSpec(rng, 3, 0, 5, false, false), &Params{Initial: initial, Kernel: KernelLinks}); k != nil {
			t.Fatalf("trial %d: a kernel kept taken for another problem", trial)
		}
	}
}
