package engine

import (
	"testing"
)

// queensSpec is n-queens: ranks and files primary, diagonals secondary; with bounds, each
// rank and file takes exactly k queens and each diagonal at most k (kernel M).
func queensSpec(n, k int) *Spec {
	sp := &Spec{NumPrimary: 2 * n, NumItems: 2*n + 2*(2*n-1)}
	if k > 1 {
		sp.NumPrimary = sp.NumItems
	}
	for i := range sp.NumPrimary {
		lo := int32(k)
		if i >= 2*n {
			lo = 0
		}
		sp.Lo = append(sp.Lo, lo)
		sp.Hi = append(sp.Hi, int32(k))
	}
	sp.Start = []int32{0}
	for r := range n {
		for c := range n {
			sp.Item = append(sp.Item, int32(r), int32(n+c), int32(2*n+r+c), int32(2*n+2*n-1+r-c+n-1))
			sp.Start = append(sp.Start, int32(len(sp.Item)))
		}
	}
	return sp
}

// TestNoAllocationWhileSearching checks that no kernel allocates while it searches
// (everything is allocated when the kernel is set up), and that a finished search leaves
// the kernel as it found it: a second search finds the same.
func TestNoAllocationWhileSearching(t *testing.T) {
	kernels := map[string]func(*Spec) kernel{
		"X":           func(sp *Spec) kernel { return newKernelX(sp, nil) },
		"M":           func(sp *Spec) kernel { return newKernelM(sp, nil) },
		"bits-lazy":   func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsLazy)) },
		"bits-counts": func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsCounts)) },
		"bits-rows":   func(sp *Spec) kernel { return newKernelB(sp, bitsPlan(sp, KernelBitsRowsLazy)) },
	}
	for name, newK := range kernels {
		for _, k := range []int{1, 2} {
			if name == "X" && k > 1 {
				continue
			}
			sp := queensSpec(7, k)
			kern := newK(sp)
			var st Stats
			p := &Params{Poll: func(*Stats, float64) bool { return true }}
			allocs := testing.AllocsPerRun(2, func() {
				st = Stats{}
				kern.search(0, p, &st)
			})
			if allocs != 0 {
				t.Errorf("kernel %s, %d per line: %v allocations per search", name, k, allocs)
			}
			want := map[int]uint64{1: 40, 2: 19448}[k]
			if st.Solutions != want {
				t.Errorf("kernel %s, %d per line: %d solutions on a repeated search, want %d", name, k, st.Solutions, want)
			}
		}
	}
}

func TestKernelChoice(t *testing.T) {
	for _, tc := range []struct {
		k      int
		random bool
		force  Kernel
		want   string
	}{
		{1, true, KernelAuto, "X"}, {2, true, KernelAuto, "M"}, {2, false, KernelAuto, "bits"}, {1, false, KernelAuto, "bits"},
		{1, false, KernelLinks, "X"}, {2, false, KernelLinks, "M"}, {2, true, KernelBits, "M"},
	} {
		p := &Params{Random: tc.random, Kernel: tc.force}
		if got := makePlan(queensSpec(4, tc.k), p).String(); got != tc.want {
			t.Errorf("%d per line, random %v, forced %q: kernel %s, want %s", tc.k, tc.random, tc.force, got, tc.want)
		}
	}
}

// TestFraction checks that the progress estimate stays in [0, 1) and never goes back.
func TestFraction(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{11, 1}, {7, 2}} {
		k := tc.k
		last, polls := 0.0, 0
		Run(queensSpec(tc.n, k), &Params{Poll: func(_ *Stats, f float64) bool {
			if f < last || f >= 1 {
				t.Errorf("k=%d: fraction %v after %v", k, f, last)
			}
			last, polls = f, polls+1
			return true
		}}, &Stats{})
		if polls < 5 || last < 0.5 {
			t.Errorf("k=%d: %d polls, last fraction %v", k, polls, last)
		}
	}
}

// bitsPlan is the plan of the bitset kernel forced on sp, for tests that set it up
// directly.
func bitsPlan(sp *Spec, force Kernel) plan {
	pl := plan{kind: kindBits, force: force}
	pl.depth, pl.sw = bitsLevels(sp)
	return pl
}

// bitsKernel returns the kernel of the given name, which must be one.
func bitsKernel(name string) Kernel {
	k, err := ParseKernel(name)
	if err != nil {
		panic(err)
	}
	return k
}
