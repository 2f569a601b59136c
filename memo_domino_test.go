package xcover_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
)

// referenceDominoes counts the domino tilings of an m×n board by a transfer matrix with
// exact integers, sharing no code with the engine. Cells are filled in row-major order;
// the profile's bit k says that the cell k places after the current one is already
// covered (by a domino from an earlier cell).
func referenceDominoes(m, n int) *big.Int {
	ways := map[uint64]*big.Int{0: big.NewInt(1)}
	for i := range m * n {
		r, c := i/n, i%n
		next := map[uint64]*big.Int{}
		add := func(p uint64, w *big.Int) {
			if x, ok := next[p]; ok {
				x.Add(x, w)
			} else {
				next[p] = new(big.Int).Set(w)
			}
		}
		for p, w := range ways {
			if p&1 != 0 { // already covered
				add(p>>1, w)
				continue
			}
			if r+1 < m { // a vertical domino covers the cell n places on
				add(p>>1|1<<(n-1), w)
			}
			if c+1 < n && p&2 == 0 { // a horizontal domino covers the next cell
				add((p|2)>>1, w)
			}
		}
		ways = next
	}
	if w, ok := ways[0]; ok {
		return w
	}
	return new(big.Int)
}

// A004003: domino tilings of the 2n×2n board, n = 0..8.
var a004003 = []string{"1", "2", "36", "6728", "12988816", "258584046368", "53060477521960000",
	"112202208776036178000000", "2444888770250892795802079170816"}

// TestMemoDominoes counts domino tilings of n×n boards for n = 2..16 and of rectangles by
// memoisation, and compares them with the transfer matrix and the published values: exact
// beyond 2^64 (16×16 is about 2.4·10^30).
func TestMemoDominoes(t *testing.T) {
	ctx := context.Background()
	check := func(m, n int, want *big.Int) {
		t.Helper()
		res, err := xcover.Count(ctx, problems.Dominoes(m, n), xcover.Config{Memo: xcover.MemoOn})
		got := res.Solutions
		if err != nil || got.Cmp(want) != 0 {
			t.Errorf("%d×%d dominoes: %v, %v; want %v", m, n, got, err, want)
		}
		// A board without tilings may be seen dead at once (a cell with no domino, under
		// OrderMRV): nothing repeats there.
		if st := res.Memo; !st.Used || st.Hits == 0 && m*n > 8 && want.Sign() > 0 {
			t.Errorf("%d×%d dominoes: memo %+v", m, n, st)
		}
	}
	max := 16
	if testing.Short() {
		max = 10
	}
	for n := 2; n <= max; n++ {
		want := referenceDominoes(n, n)
		if n%2 == 0 {
			if pub, _ := new(big.Int).SetString(a004003[n/2], 10); pub.Cmp(want) != 0 {
				t.Fatalf("the reference counts %v for %d×%d, A004003 says %v", want, n, n, pub)
			}
		}
		check(n, n, want)
	}
	for _, mn := range [][2]int{{1, 2}, {2, 3}, {3, 4}, {3, 10}, {4, 7}, {5, 8}, {6, 11}, {2, 30}, {7, 12}} {
		check(mn[0], mn[1], referenceDominoes(mn[0], mn[1]))
	}
	// Each order given, on one and two workers.
	for _, order := range []xcover.Order{xcover.OrderFirst, xcover.OrderMRV} {
		for _, workers := range []int{1, 2} {
			for _, mn := range [][2]int{{4, 4}, {5, 6}, {8, 8}, {3, 17}, {10, 9}} {
				res, err := xcover.Count(ctx, problems.Dominoes(mn[0], mn[1]), xcover.Config{Memo: xcover.MemoOn, Order: order, Workers: workers})
				got := res.Solutions
				if want := referenceDominoes(mn[0], mn[1]); err != nil || got.Cmp(want) != 0 || res.Memo.Order != order {
					t.Errorf("%d×%d dominoes, order %v, %d workers: %v, %v (order %v); want %v", mn[0], mn[1], order, workers, got, err, res.Memo.Order, want)
				}
			}
		}
	}
}

// TestMemoDominoesLongSide counts boards listed along their long side (a frontier of a
// whole row: some 2^n sub-problems a level in the file's order) with MemoAuto, as the
// command line counts: the items are counted in a sweep across the board instead, and the
// counts are the transfer matrix's. A board listed along its short side keeps the file's
// order.
func TestMemoDominoesLongSide(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		m, n  int
		swept bool
	}{{4, 60, true}, {6, 45, true}, {3, 200, true}, {2, 500, true}, {10, 60, true}, {60, 4, false}, {12, 12, false}} {
		for _, workers := range []int{1, 2} {
			// Their plain trees are astronomical (past 10^20 nodes): a count that fell
			// back to plain counting (MemoAuto's deadline overflowed, once) would not end.
			ctx, cancel := context.WithTimeout(ctx, time.Minute)
			res, err := xcover.Count(ctx, problems.Dominoes(tt.m, tt.n), xcover.Config{Memo: xcover.MemoAuto, Workers: workers})
			cancel()
			want := referenceDominoes(max(tt.m, tt.n), min(tt.m, tt.n)) // short rows: a small profile
			if err != nil || res.Solutions.Cmp(want) != 0 {
				t.Fatalf("%d×%d dominoes, %d workers: %v, %v; want %v", tt.m, tt.n, workers, res.Solutions, err, want)
			}
			if !res.Memo.Used || res.Memo.Swept != tt.swept {
				t.Errorf("%d×%d dominoes, %d workers: memo %+v; want swept %v", tt.m, tt.n, workers, res.Memo, tt.swept)
			}
		}
	}
}
