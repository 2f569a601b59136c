package queens

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestConstruct(t *testing.T) {
	for n := 1; n <= 3000; n++ {
		cols, err := construction(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, errNoSolution) {
				t.Errorf("construction(%d): %v, want errNoSolution", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("construction(%d): %v", n, err)
		}
		if len(cols) != n {
			t.Fatalf("construction(%d): %d ranks", n, len(cols))
		}
		if err := checkFiles(cols); err != nil {
			t.Fatalf("construction(%d): %v", n, err)
		}
	}
	for _, n := range []int{0, -5, maxN + 1} {
		if _, err := construction(n); err == nil {
			t.Errorf("construction(%d): no error", n)
		}
	}
}

func TestMinConflicts(t *testing.T) {
	ctx := context.Background()
	for n := 4; n <= 60; n++ {
		for seed := range uint64(3) {
			cols, err := minConflicts(ctx, n, seed)
			if err != nil {
				t.Fatalf("minConflicts(%d, %d): %v", n, seed, err)
			}
			if len(cols) != n {
				t.Fatalf("minConflicts(%d, %d): %d ranks", n, seed, len(cols))
			}
			if err := checkFiles(cols); err != nil {
				t.Fatalf("minConflicts(%d, %d): %v", n, seed, err)
			}
		}
	}
	for _, n := range []int{1, 20000} {
		cols, err := minConflicts(ctx, n, 7)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkFiles(cols); err != nil {
			t.Fatalf("minConflicts(%d): %v", n, err)
		}
	}
	a, _ := minConflicts(ctx, 100, 1)
	b, _ := minConflicts(ctx, 100, 1)
	c, _ := minConflicts(ctx, 100, 2)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("same seed, different solutions")
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Error("different seeds, same solution")
	}
	if _, err := minConflicts(ctx, 3, 0); !errors.Is(err, errNoSolution) {
		t.Errorf("minConflicts(3): %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := minConflicts(cctx, 1000, 0); err == nil {
		t.Error("no error when cancelled")
	}
}

// TestConstructionEight: the construction of 8 queens, as Hoffman, Loessi and Moore give it.
func TestConstructionEight(t *testing.T) {
	cols, err := construction(8)
	if got := fmt.Sprint(cols, err, checkFiles(cols)); got != "[1 3 5 7 2 0 6 4] <nil> <nil>" {
		t.Errorf("construction(8): %s", got)
	}
}
