package xcover_test

import (
	"context"
	"errors"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/queens"
)

// TestCancelMidway cancels a search from outside after some solutions, with one worker and
// with several: no solution comes after the cancellation, and Err must say that the search
// was cut off, whether a worker or a poll saw the cancellation first.
func TestCancelMidway(t *testing.T) {
	p, err := queens.Problem(10, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2, 4} {
		for _, after := range []int{1, 50, 300} {
			ctx, cancel := context.WithCancel(context.Background())
			s, err := xcover.NewSolver(p, xcover.Config{Workers: workers})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for range s.Solutions(ctx) {
				n++
				if n == after {
					cancel()
				}
			}
			cancel()
			// Not one more (issue 41, fault 19: two workers cancelled at the 1,000th
			// solution delivered 1,047).
			if n != after {
				t.Errorf("workers %d, cancelled after %d: %d solutions delivered", workers, after, n)
			}
			if err := s.Err(); !errors.Is(err, context.Canceled) {
				t.Errorf("workers %d, cancelled after %d of %d solutions: Err() = %v, want context.Canceled", workers, after, n, err)
			}
		}
	}
}

// TestLimitDeterministic checks that a Limit gives the same first solutions with any
// number of workers: those of one worker.
func TestLimitDeterministic(t *testing.T) {
	p, err := queens.Problem(9, 1)
	if err != nil {
		t.Fatal(err)
	}
	first := func(workers int) [][]int {
		s, err := xcover.NewSolver(p, xcover.Config{Limit: 20, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		var out [][]int
		for sol := range s.Solutions(context.Background()) {
			out = append(out, sol)
		}
		return out
	}
	want := first(1)
	if len(want) != 20 {
		t.Fatalf("one worker: %d solutions, want 20", len(want))
	}
	for _, w := range []int{2, 3, 8} {
		for range 3 {
			got := first(w)
			if len(got) != len(want) {
				t.Fatalf("%d workers: %d solutions, want %d", w, len(got), len(want))
			}
			for i := range got {
				if !equalInts(got[i], want[i]) {
					t.Fatalf("%d workers: solution %d is %v, one worker's is %v", w, i, got[i], want[i])
				}
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
