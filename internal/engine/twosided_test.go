package engine

import (
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// countTwoSided counts sp in two halves cut at cut, from its root, on workers.
func countTwoSided(t *testing.T, sp *Spec, p *MemoParams, cut, workers int) (*big.Int, error) {
	t.Helper()
	least, _ := itemSpans(sp)
	levels, seed, err := rootLevels(sp, p)
	if err != nil {
		t.Fatal(err)
	}
	n, _, err := twoSided(sp, p, cut, cutReach(least, cut), levels, seed, workers)
	return n, err
}

// TestTwoSidedRandom counts small random problems in two halves at every cut, on two
// workers and on three (two on the top), against the brute-force counter, which shares no
// code with them.
func TestTwoSidedRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	p := &MemoParams{Order: OrderFirst}
	solved := 0 // problems with solutions: the halves must meet
	for trial := range 300 {
		np := 2 + rng.IntN(11)
		sp := randomSpec(rng, np, 0, np+rng.IntN(3*np), false, false)
		want := bruteSpec(sp)
		if want > 0 {
			solved++
		}
		for cut := 0; cut <= np; cut++ {
			for _, workers := range []int{2, 3} {
				n, err := countTwoSided(t, sp, p, cut, workers)
				if err != nil {
					t.Fatalf("trial %d, cut %d, %d workers: %v", trial, cut, workers, err)
				}
				if !n.IsUint64() || n.Uint64() != want {
					t.Fatalf("trial %d (%d items, %d options), cut %d, %d workers: %v, brute force %d",
						trial, np, sp.NumOptions(), cut, workers, n, want)
				}
			}
		}
	}
	if solved < 100 {
		t.Errorf("only %d of 300 problems have solutions", solved)
	}
}

// TestTwoSidedDominoes counts domino tilings through MemoCount, which cuts them in two
// (checked) on two and three workers (one: the count as before), against the published counts (OEIS A004003 and
// A099390; 6x10 against DLX), and (8x8, 6x10) with a budget too small for the halves, where the count
// falls back and must still be right.
func TestTwoSidedDominoes(t *testing.T) {
	for _, tc := range []struct {
		m, n int
		want string
	}{
		{8, 8, "12988816"},
		{6, 10, "4213133"},
		{10, 10, "258584046368"},
		{12, 12, "53060477521960000"},
	} {
		sp := dominoSpec(tc.m, tc.n)
		if _, _, ok := twoSidedCut(sp); !ok {
			t.Errorf("%dx%d: not cut in two", tc.m, tc.n)
		}
		for _, workers := range []int{1, 2, 3} {
			for _, budget := range []int64{0, 64 << 10} {
				if budget > 0 && tc.m*tc.n > 64 {
					continue // the depth-first fallback within 64 KiB takes minutes
				}
				n, _, err := MemoCount(sp, &MemoParams{Order: OrderAuto, Workers: workers, MaxBytes: budget})
				if err != nil {
					t.Fatalf("%dx%d, %d workers, budget %d: %v", tc.m, tc.n, workers, budget, err)
				}
				if n.String() != tc.want {
					t.Errorf("%dx%d, %d workers, budget %d: %v, want %s", tc.m, tc.n, workers, budget, n, tc.want)
				}
			}
		}
	}
}

// TestTwoSidedCut checks where boards are cut: within a row of the middle, reach being
// the next n items (a row's worth: the rest of the cut's row and the start of the next).
func TestTwoSidedCut(t *testing.T) {
	for _, tc := range []struct{ m, n int }{{8, 8}, {9, 9}, {12, 12}, {6, 10}, {10, 6}} {
		cut, reach, ok := twoSidedCut(dominoSpec(tc.m, tc.n))
		want := make([]int32, tc.n)
		for j := range want {
			want[j] = int32(cut + j)
		}
		half := tc.m * tc.n / 2
		if !ok || cut < half-tc.n || cut > half+tc.n || !slices.Equal(reach, want) {
			t.Errorf("%dx%d: cut %d, reach %v, %v; want within %d of %d, reach %v", tc.m, tc.n, cut, reach, ok, tc.n, half, want)
		}
	}
	// Not cut: too few items, a secondary item, multiplicities.
	small := dominoSpec(4, 4)
	sec := dominoSpec(8, 8)
	sec.NumItems++
	bounds := dominoSpec(8, 8)
	bounds.Hi[0] = 2
	// And dominoes with 2x2 squares: a square from the row above covers two items of
	// every cut's reach (paired).
	squares := dominoSpec(8, 8)
	for r := range 7 {
		for c := range 7 {
			i := int32(8*r + c)
			squares.Item = append(squares.Item, i, i+1, i+8, i+9)
			squares.Start = append(squares.Start, int32(len(squares.Item)))
		}
	}
	for name, sp := range map[string]*Spec{"4x4": small, "secondary": sec, "bounds": bounds, "squares": squares} {
		if _, _, ok := twoSidedCut(sp); ok {
			t.Errorf("%s: cut in two", name)
		}
	}
}

// TestTwoSidedStop stops a count in two halves from Poll: both halves stop, and the
// count reports ErrMemoStopped.
func TestTwoSidedStop(t *testing.T) {
	sp := dominoSpec(14, 14)
	for _, workers := range []int{2, 4} {
		polls := 0
		p := &MemoParams{Order: OrderFirst, Poll: func(st *MemoStats) bool {
			polls++
			return polls < 3
		}}
		cut, _, _ := twoSidedCut(sp)
		_, err := countTwoSided(t, sp, p, cut, workers)
		if !errors.Is(err, ErrMemoStopped) {
			t.Errorf("%d workers: %v, want ErrMemoStopped", workers, err)
		}
	}
}

// TestTwoSidedEveryCut counts the 6x6 board cut at every item, on two workers.
func TestTwoSidedEveryCut(t *testing.T) {
	sp := dominoSpec(6, 6)
	p := &MemoParams{Order: OrderFirst}
	for cut := 0; cut <= 36; cut++ {
		n, err := countTwoSided(t, sp, p, cut, 2)
		if err != nil || n.String() != "6728" {
			t.Errorf("6x6 cut at %d: %v, %v; want 6728", cut, n, err)
		}
	}
}
