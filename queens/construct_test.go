package queens

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestConstruct(t *testing.T) {
	for n := 1; n <= 3000; n++ {
		cols, err := Construct(n)
		if n == 2 || n == 3 {
			if !errors.Is(err, ErrNoSolution) {
				t.Errorf("Construct(%d): %v, want ErrNoSolution", n, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
		if len(cols) != n {
			t.Fatalf("Construct(%d): %d ranks", n, len(cols))
		}
		if err := Check(cols); err != nil {
			t.Fatalf("Construct(%d): %v", n, err)
		}
	}
	for _, n := range []int{0, -5, MaxConstructN + 1} {
		if _, err := Construct(n); err == nil {
			t.Errorf("Construct(%d): no error", n)
		}
	}
}

func TestMinConflicts(t *testing.T) {
	ctx := context.Background()
	for n := 4; n <= 60; n++ {
		for seed := range uint64(3) {
			cols, err := MinConflicts(ctx, n, seed)
			if err != nil {
				t.Fatalf("MinConflicts(%d, %d): %v", n, seed, err)
			}
			if len(cols) != n {
				t.Fatalf("MinConflicts(%d, %d): %d ranks", n, seed, len(cols))
			}
			if err := Check(cols); err != nil {
				t.Fatalf("MinConflicts(%d, %d): %v", n, seed, err)
			}
		}
	}
	for _, n := range []int{1, 20000} {
		cols, err := MinConflicts(ctx, n, 7)
		if err != nil {
			t.Fatal(err)
		}
		if err := Check(cols); err != nil {
			t.Fatalf("MinConflicts(%d): %v", n, err)
		}
	}
	a, _ := MinConflicts(ctx, 100, 1)
	b, _ := MinConflicts(ctx, 100, 1)
	c, _ := MinConflicts(ctx, 100, 2)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Error("same seed, different solutions")
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Error("different seeds, same solution")
	}
	if _, err := MinConflicts(ctx, 3, 0); !errors.Is(err, ErrNoSolution) {
		t.Errorf("MinConflicts(3): %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := MinConflicts(cctx, 1000, 0); err == nil {
		t.Error("no error when cancelled")
	}
}

func ExampleConstruct() {
	cols, _ := Construct(8)
	fmt.Println(cols, Check(cols))
	// Output: [1 3 5 7 2 0 6 4] <nil>
}
