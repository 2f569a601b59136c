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

// TestNoAllocationWhileSearching checks that the number of allocations of a whole search
// does not grow with the search tree: everything is allocated before the search starts.
func TestNoAllocationWhileSearching(t *testing.T) {
	polls := 0
	for _, tc := range []struct {
		name   string
		k      int
		random bool
	}{{"X", 1, false}, {"X random", 1, true}, {"M", 2, false}, {"M random", 2, true}} {
		allocs := func(n int) float64 {
			sp := queensSpec(n, tc.k)
			return testing.AllocsPerRun(3, func() {
				var st Stats
				Run(sp, &Params{Random: tc.random, Poll: func(*Stats, float64) bool { polls++; return true }}, &st)
			})
		}
		small, big := allocs(4), allocs(7)
		if small != big {
			t.Errorf("%s: %v allocations for a small search, %v for a big one", tc.name, small, big)
		}
	}
	if polls == 0 {
		t.Error("Poll never called")
	}
}

func TestKernelChoice(t *testing.T) {
	if got := Kernel(queensSpec(4, 1)); got != "X" {
		t.Errorf("queens: kernel %s, want X", got)
	}
	if got := Kernel(queensSpec(4, 2)); got != "M" {
		t.Errorf("2 per line: kernel %s, want M", got)
	}
}

// TestFraction checks that the progress estimate stays in [0, 1) and never goes back.
func TestFraction(t *testing.T) {
	for _, tc := range []struct{ n, k int }{{11, 1}, {6, 2}} {
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
