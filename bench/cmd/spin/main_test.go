package main

import (
	"runtime"
	"testing"
)

// TestSpin checks that the steps are split without loss: one worker's run from seed 1
// equals a spin on one worker, and a spin's result changes with the number of steps.
func TestSpin(t *testing.T) {
	if got, want := spin(1, 1000), run(1, 1000); got != want {
		t.Errorf("spin(1, 1000) = %d, want %d", got, want)
	}
	if got, want := spin(2, 1001), run(1, 501)^run(2, 500); got != want {
		t.Errorf("spin(2, 1001) = %d, want %d (501 steps and 500)", got, want)
	}
	if spin(2, 1000) == spin(2, 1002) {
		t.Error("spin(2, 1000) = spin(2, 1002): the steps are not all run")
	}
}

// TestChase checks that a chase's lines form one cycle through the whole buffer — a walk
// of as many steps as lines is back where it began, and no shorter walk is — and that the
// steps are split over the workers as spin splits them.
func TestChase(t *testing.T) {
	const lines = 1 << 20 / (8 * lineWords) // 1 MiB
	next := cycle(1, lines)
	i, seen := uint64(0), 0
	for {
		i = next[i]
		seen++
		if i == 0 {
			break
		}
		if seen > lines {
			t.Fatalf("no way back to line 0 in %d steps", seen)
		}
	}
	if seen != lines {
		t.Errorf("the cycle through line 0 has %d lines, want all %d", seen, lines)
	}
	walk := func(seed, n uint64) uint64 { return chase(seed, 1, n) }
	if got, want := spread(2, 1001, walk), chase(1, 1, 501)^chase(2, 1, 500); got != want {
		t.Errorf("spread(2, 1001, chase) = %d, want %d (501 steps and 500)", got, want)
	}
	if chase(1, 1, lines) != 0 || chase(1, 1, lines-1) == 0 {
		t.Error("a chase of one cycle's steps is not back at its start, or is back early")
	}
}

// TestWide checks the ten counters against their closed form (counter i from seed+i, n
// steps of a) and the split of the steps over workers.
func TestWide(t *testing.T) {
	for _, tc := range []struct{ seed, n uint64 }{{1, 0}, {1, 1000}, {7, 12345}} {
		a := tc.seed*0x9e3779b97f4a7c15 | 1
		var want uint64
		for i := range uint64(10) {
			want ^= tc.seed + i + tc.n*a
		}
		if got := runWide(tc.seed, tc.n); got != want {
			t.Errorf("runWide(%d, %d) = %d, want %d", tc.seed, tc.n, got, want)
		}
	}
	if got, want := spread(2, 1001, runWide), runWide(1, 501)^runWide(2, 500); got != want {
		t.Errorf("spread(2, 1001, runWide) = %d, want %d (501 steps and 500)", got, want)
	}
}

// TestPingpong checks that the counter makes every trip, an odd number and an even one,
// and stops there, on two processors and on one (where the goroutines must yield).
func TestPingpong(t *testing.T) {
	for _, procs := range []int{2, 1} {
		old := runtime.GOMAXPROCS(procs)
		for _, trips := range []uint64{0, 1, 1000, 1001} {
			if got := pingpong(trips); got != trips {
				t.Errorf("GOMAXPROCS %d: pingpong(%d) = %d", procs, trips, got)
			}
		}
		runtime.GOMAXPROCS(old)
	}
}
