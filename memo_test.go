package xcover_test

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/sudoku"
)

// TestMemoRandom counts random problems of every kind (plain, secondary items, colours,
// bounds, bounds with colours; the last two through the memo for multiplicities) with and
// without memoisation, in every order (first, MRV, chosen), with and
// without a forced option and with a cache too small to hold everything, and compares
// every count with brute force's.
func TestMemoRandom(t *testing.T) {
	seeds := uint64(300)
	if os.Getenv("XCOVER_LONG") != "" {
		seeds = 5000
	}
	ctx := context.Background()
	configs := []xcover.Config{
		{Memo: xcover.MemoOn}, // OrderAuto
		{Memo: xcover.MemoOn, Order: xcover.OrderFirst},
		{Memo: xcover.MemoOn, Order: xcover.OrderMRV},
		{Memo: xcover.MemoAuto},
		{Memo: xcover.MemoOn, MemoBytes: 200}, // room for two or three entries
	}
	memoised, memoisedBounds := 0, 0
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(seed, kind)
			want := brute.Count(p)
			for ci, cfg := range configs {
				for _, initial := range [][]int{nil, {0}} {
					if initial != nil && p.NumOptions() == 0 {
						continue
					}
					cfg.Initial = initial
					wantHere := want
					if initial != nil {
						wantHere = bruteWith(p, initial[0])
					}
					res, err := xcover.Count(ctx, p, cfg)
					n := res.Solutions
					if err != nil || n.Cmp(new(big.Int).SetUint64(wantHere)) != 0 {
						var text = new(stringWriter)
						dlx.Write(text, p)
						t.Fatalf("randprob.New(%d, %v), config %d, initial %v: Count = %v, %v; brute force %d\n%s",
							seed, kind, ci, initial, n, err, wantHere, text)
					}
					if res.Memo.Used {
						memoised++
						if p.HasBounds() {
							memoisedBounds++
						}
					}
				}
			}
		}
	}
	if memoised == 0 || memoisedBounds == 0 {
		t.Fatalf("%d counts memoised, %d of them with multiplicities", memoised, memoisedBounds)
	}
}

// a000170 is the number of ways to place n queens on an n×n board, n = 1..12 (OEIS A000170).
var a000170 = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}

// a001499 is the number of n×n 0/1 matrices with exactly two 1s in every row and column,
// n = 2..8 (OEIS A001499).
var a001499 = []string{"1", "6", "90", "2040", "67950", "3110940", "187530840"}

// TestMemoOEIS counts n queens (A000170) and the two-per-line matrices (A001499, with
// multiplicities) by memoisation in every order, on one and two workers and in three
// shares, against the published values.
func TestMemoOEIS(t *testing.T) {
	ctx := context.Background()
	type config struct {
		order           xcover.Order
		workers, shares int
	}
	var configs []config
	for _, order := range []xcover.Order{xcover.OrderAuto, xcover.OrderFirst, xcover.OrderMRV} {
		configs = append(configs, config{order, 1, 0}, config{order, 2, 0}, config{order, 1, 3})
	}
	count := func(p *xcover.Problem, c config) (*big.Int, error) {
		sum := new(big.Int)
		for k := 1; k <= max(1, c.shares); k++ {
			opt := xcover.Config{Memo: xcover.MemoOn, Order: c.order, Workers: c.workers}
			var res xcover.CountResult
			var err error
			if c.shares > 0 {
				res, err = xcover.CountShare(ctx, p, k, c.shares, opt)
			} else {
				res, err = xcover.Count(ctx, p, opt)
			}
			n := res.Solutions
			if err != nil {
				return nil, err
			}
			sum.Add(sum, n)
		}
		return sum, nil
	}
	maxQueens := len(a000170)
	if testing.Short() {
		maxQueens = 10
	}
	for n := 1; n <= maxQueens; n++ {
		for _, c := range configs {
			got, err := count(problems.Queens(n), c)
			if err != nil || !got.IsUint64() || got.Uint64() != a000170[n-1] {
				t.Errorf("%d queens, %+v: %v, %v; want %d", n, c, got, err, a000170[n-1])
			}
		}
	}
	for n := 2; n < 2+len(a001499); n++ {
		for _, c := range configs {
			got, err := count(problems.TwoPerRowCol(n), c)
			if err != nil || got.String() != a001499[n-2] {
				t.Errorf("two per row and column %dx%d, %+v: %v, %v; want %s", n, n, c, got, err, a001499[n-2])
			}
		}
	}
}

// bruteWith counts the solutions of p that contain option k, by brute force.
func bruteWith(p *xcover.Problem, k int) uint64 {
	n := uint64(0)
	for _, sol := range brute.Solutions(p) {
		for _, o := range sol {
			if o == k {
				n++
				break
			}
		}
	}
	return n
}

type stringWriter struct{ b []byte }

func (w *stringWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
func (w *stringWriter) String() string              { return string(w.b) }

// TestMemoWorkersAndShares counts random problems by memoisation on several workers and in
// shares, as a cluster would: every result must equal brute force's count.
func TestMemoWorkersAndShares(t *testing.T) {
	ctx := context.Background()
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(150) {
			p := randprob.New(seed, kind)
			want := new(big.Int).SetUint64(brute.Count(p))
			if err := checkMemoCounts(p, want, []int{2, 3}, []int{1, 2, 5}); err != nil {
				t.Fatalf("randprob.New(%d, %v): %v", seed, kind, err)
			}
		}
	}
	// Dominoes on two workers, and in three shares.
	p := problems.Dominoes(10, 10)
	if n, err := count(ctx, p, xcover.Config{Memo: xcover.MemoOn, Workers: 2}); err != nil || n.String() != "258584046368" {
		t.Errorf("10x10 dominoes, 2 workers: %v, %v", n, err)
	}
	sum := new(big.Int)
	for k := 1; k <= 3; k++ {
		res, _ := xcover.CountShare(ctx, p, k, 3, xcover.Config{Memo: xcover.MemoOn})
		n := res.Solutions
		sum.Add(sum, n)
	}
	if sum.String() != "258584046368" {
		t.Errorf("10x10 dominoes in 3 shares: %v", sum)
	}
	// Multiplicities: 0/1 matrices with two 1s in every row and column (A001499), on two
	// workers and in four shares.
	p = problems.TwoPerRowCol(7)
	if n, err := count(ctx, p, xcover.Config{Memo: xcover.MemoOn, Workers: 2}); err != nil || n.String() != "3110940" {
		t.Errorf("two per row and column 7x7, 2 workers: %v, %v", n, err)
	}
	sum = new(big.Int)
	for k := 1; k <= 4; k++ {
		res, _ := xcover.CountShare(ctx, p, k, 4, xcover.Config{Memo: xcover.MemoOn})
		n := res.Solutions
		sum.Add(sum, n)
	}
	if sum.String() != "3110940" {
		t.Errorf("two per row and column 7x7 in 4 shares: %v", sum)
	}
}

// TestMemoIdenticalOptions counts random problems whose options come in runs of identical
// ones by memoisation — one worker, two workers and three shares — against brute force: a
// run of r options is decided at once, c of them taken in C(r, c) ways, in the count and in
// the split. And k identical options under a bound of 10^9 count 2^k without 2^k steps
// (k = 40 took past a minute).
func TestMemoIdenticalOptions(t *testing.T) {
	ctx := context.Background()
	for _, kind := range []randprob.Kind{randprob.Bounds, randprob.BoundsColors} {
		for seed := range uint64(150) {
			p := randprob.Repeated(randprob.New(seed, kind), seed)
			want := new(big.Int).SetUint64(brute.Count(p))
			for _, workers := range []int{1, 2} {
				if n, err := count(ctx, p, xcover.Config{Memo: xcover.MemoOn, Workers: workers}); err != nil || n.Cmp(want) != 0 {
					t.Fatalf("randprob.Repeated(randprob.New(%d, %v)), %d workers: %v, %v; want %v", seed, kind, workers, n, err, want)
				}
			}
			sum := new(big.Int)
			for k := 1; k <= 3; k++ {
				res, err := xcover.CountShare(ctx, p, k, 3, xcover.Config{Memo: xcover.MemoOn})
				n := res.Solutions
				if err != nil {
					t.Fatal(err)
				}
				sum.Add(sum, n)
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("randprob.Repeated(randprob.New(%d, %v)), 3 shares: %v; want %v", seed, kind, sum, want)
			}
		}
	}
	f, err := dlx.Parse(strings.NewReader("0:1000000000|A 0:1000000000|B\n"+strings.Repeat("A B\n", 40)), "same")
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		tctx, cancel := context.WithTimeout(ctx, 10*time.Second) // 2^40 steps would take hours
		n, err := count(tctx, f.Problem, xcover.Config{Memo: xcover.MemoOn, Workers: workers})
		cancel()
		if err != nil || n.String() != "1099511627776" {
			t.Errorf("40 identical options, %d workers: %v, %v; want 2^40", workers, n, err)
		}
	}
}

// TestMemoSharesWithinBudget counts shares of a memoised count whose levels outgrow a tiny
// budget, so that each share falls back on the depth-first memo, which splits the tree
// again: from the root, not from where the first split left the state (then it found no
// parts, and a digest of nothing).
func TestMemoSharesWithinBudget(t *testing.T) {
	ctx := context.Background()
	for _, order := range []xcover.Order{xcover.OrderFirst, xcover.OrderMRV} {
		for _, shares := range []int{2, 3} {
			sum := new(big.Int)
			for k := 1; k <= shares; k++ {
				res, err := xcover.CountShare(ctx, problems.Dominoes(6, 8), k, shares, xcover.Config{Memo: xcover.MemoOn, Order: order, MemoBytes: 3000})
				n := res.Solutions
				if err != nil {
					t.Fatal(err)
				}
				if st := res.Memo; !st.Full || st.Parts == 0 {
					t.Errorf("6x8 dominoes, share %d of %d: the budget was not reached: %+v", k, shares, res.Memo)
				}
				sum.Add(sum, n)
			}
			if sum.Cmp(referenceDominoes(6, 8)) != 0 {
				t.Errorf("6x8 dominoes, order %v, %d shares within 3000 bytes: %v; want %v", order, shares, sum, referenceDominoes(6, 8))
			}
		}
	}
}

// count returns the exact count of Count with the options.
func count(ctx context.Context, p *xcover.Problem, opt xcover.Config) (*big.Int, error) {
	res, err := xcover.Count(ctx, p, opt)
	return res.Solutions, err
}

// checkMemoCounts reports the first memoised count of p that is not want: on each number
// of workers in workers, and summed over the shares for each number in shares (share k
// on 1 + k%2 workers).
func checkMemoCounts(p *xcover.Problem, want *big.Int, workers, shares []int) error {
	ctx := context.Background()
	for _, w := range workers {
		if n, err := count(ctx, p, xcover.Config{Memo: xcover.MemoOn, Workers: w}); err != nil || n.Cmp(want) != 0 {
			return fmt.Errorf("%d workers: %v, %v; want %v", w, n, err, want)
		}
	}
	for _, n := range shares {
		sum := new(big.Int)
		for k := 1; k <= n; k++ {
			res, err := xcover.CountShare(ctx, p, k, n, xcover.Config{Memo: xcover.MemoOn, Workers: 1 + k%2})
			if err != nil {
				return fmt.Errorf("share %d/%d: %v", k, n, err)
			}
			sum.Add(sum, res.Solutions)
		}
		if sum.Cmp(want) != 0 {
			return fmt.Errorf("%d shares: %v; want %v", n, sum, want)
		}
	}
	return nil
}

func TestParseOrder(t *testing.T) {
	for s, o := range map[string]xcover.Order{"auto": xcover.OrderAuto, "first": xcover.OrderFirst, "mrv": xcover.OrderMRV} {
		if got, err := present.ParseOrder(s); got != o || err != nil {
			t.Errorf("ParseOrder(%q) = %v, %v; want %v", s, got, err, o)
		}
	}
	if got, err := present.ParseOrder(""); got != xcover.OrderAuto || err != nil {
		t.Errorf(`ParseOrder("") = %v, %v; want auto`, got, err)
	}
	if _, err := present.ParseOrder("MRV"); err == nil || !strings.Contains(err.Error(), "want auto, first or mrv") {
		t.Errorf(`ParseOrder("MRV"): %v, want an error naming the orders`, err)
	}
}

// TestMemoAutoChooses checks MemoAuto's choice on two large trees: 12x12 dominoes, where
// sub-problems repeat and the memo is orders of magnitude faster, and Sudoku "Escargot"
// without its last five givens (12 million plain nodes), whose cache hits too seldom to
// pay (memoised it took 7x as long, when the bar was a 2% hit rate); and on a smaller one,
// A001499(7) (9 million plain nodes, 0.3 s; memoised 2 ms), which was counted plainly
// while trees below 10^7 nodes were. The counts are the published ones (A004003(6),
// A001499(7)) and the plain count's. The memo's deadline is out of reach here (a 2 ms memo
// preempted past it on a loaded machine was given up, and the test failed): that is
// TestMemoAutoGivesUp's.
func TestMemoAutoChooses(t *testing.T) {
	b, pz, err := sudoku.ParsePuzzle(strings.Join([]string{
		"1....7.9.", ".3..2...8", "..96..5..", "..53..9..", ".1..8...2", "6....4...",
		"3........", ".........", "........."}, ""), sudoku.Variant{}, sudoku.OneBased)
	if err != nil {
		t.Fatal(err)
	}
	enc, err := b.Encode(pz.Grid)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		p        *xcover.Problem
		want     string
		memoised bool
	}{
		{"dominoes 12x12", problems.Dominoes(12, 12), "53060477521960000", true},
		{"Escargot less 5 givens", enc.Problem, "855376", false},
		{"A001499(7)", problems.TwoPerRowCol(7), "3110940", true},
	} {
		cfg := xcover.WithoutMemoDeadline(xcover.Config{Memo: xcover.MemoAuto})
		res, err := xcover.Count(context.Background(), c.p, cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.Solutions.String() != c.want || res.Memo.Used != c.memoised {
			t.Errorf("%s: %v solutions, memoised %v; want %s, %v", c.name, res.Solutions, res.Memo.Used, c.want, c.memoised)
		}
	}
}

// TestMemoLimit checks the rule of a count with a limit: MemoAuto gives way to it (the
// plain count's answer, the cache unused) and MemoOn, in Count and CountShare, refuses it.
func TestMemoLimit(t *testing.T) {
	ctx := context.Background()
	p := problems.Dominoes(4, 4) // 36 tilings, memoised by MemoAuto's trial or not
	res, err := xcover.Count(ctx, p, xcover.Config{Memo: xcover.MemoAuto, Limit: 10})
	if err != nil || res.Solutions.Int64() != 10 || res.Memo.Used {
		t.Errorf("MemoAuto with Limit 10: %v, memo used %v, %v; want 10 counted plainly", res.Solutions, res.Memo.Used, err)
	}
	tests := []struct {
		name  string
		count func() (xcover.CountResult, error)
	}{
		{"Count", func() (xcover.CountResult, error) {
			return xcover.Count(ctx, p, xcover.Config{Memo: xcover.MemoOn, Limit: 10})
		}},
		{"CountShare", func() (xcover.CountResult, error) {
			return xcover.CountShare(ctx, p, 1, 2, xcover.Config{Memo: xcover.MemoOn, Limit: 10})
		}},
	}
	for _, tt := range tests {
		if res, err := tt.count(); err == nil || res.Solutions != nil || !strings.Contains(err.Error(), "no limit") {
			t.Errorf("%s, MemoOn with Limit 10: %v, %v; want the refusal", tt.name, res.Solutions, err)
		}
	}
}
