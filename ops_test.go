package xcover_test

import (
	"context"
	"errors"
	"math/big"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// TestCountOperation counts random problems of every kind (bounds and colours too) with
// Count in every memo mode and worker count, and by shares, against brute force.
func TestCountOperation(t *testing.T) {
	ctx := context.Background()
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(40) {
			p := randprob.New(seed, kind)
			want := new(big.Int).SetUint64(brute.Count(p))
			for _, opt := range []xcover.Config{
				{}, {Workers: 2}, {Memo: xcover.MemoOn}, {Memo: xcover.MemoOn, Workers: 2},
				{Memo: xcover.MemoAuto}, {Memo: xcover.MemoOn, Order: xcover.OrderMRV},
			} {
				res, err := xcover.Count(ctx, p, opt)
				if err != nil || res.Solutions.Cmp(want) != 0 {
					t.Fatalf("randprob.New(%d, %v), %+v: %v, %v; brute force %v\n%s", seed, kind, opt, res.Solutions, err, want, randprob.Describe(p))
				}
			}
			sum := new(big.Int)
			for k := 1; k <= 3; k++ {
				res, err := xcover.CountShare(ctx, p, k, 3, xcover.Config{Memo: xcover.MemoOn})
				if err != nil {
					t.Fatal(err)
				}
				sum.Add(sum, res.Solutions)
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("randprob.New(%d, %v): shares add up to %v; brute force %v", seed, kind, sum, want)
			}
		}
	}
}

// TestOperationsHonourMaxNodes: every operation that takes MaxNodes stops at it with
// ErrNodeLimit, memoised counts and minimum cost included.
func TestOperationsHonourMaxNodes(t *testing.T) {
	ctx := context.Background()
	q := problems.Queens(12)
	for _, opt := range []xcover.Config{{MaxNodes: 5000}, {MaxNodes: 5000, Memo: xcover.MemoOn}, {MaxNodes: 5000, Workers: 2}} {
		if _, err := xcover.Count(ctx, q, opt); !errors.Is(err, xcover.ErrNodeLimit) {
			t.Errorf("Count %+v: %v, want ErrNodeLimit", opt, err)
		}
	}
	p := withCosts(problems.Pentominoes(6, 10), 1)
	res, err := xcover.MinCost(ctx, p, xcover.Config{MaxNodes: 10000})
	if !errors.Is(err, xcover.ErrNodeLimit) || res.Stats.Nodes > 20000 {
		t.Errorf("MinCost with MaxNodes 10000: %v after %d nodes, want ErrNodeLimit", err, res.Stats.Nodes)
	}
}

// TestMinCostOperation: MinCost's solutions are solutions, cheapest first, and Progress
// is called at its end.
func TestMinCostOperation(t *testing.T) {
	p := withCosts(problems.Queens(8), 3)
	var last xcover.Progress
	improved := 0
	res, err := xcover.MinCost(context.Background(), p, xcover.Config{Best: 3,
		Improved: func(xcover.CostSolution) { improved++ },
		Progress: func(pr xcover.Progress) { last = pr }})
	if err != nil || len(res.Solutions) != 3 || improved < 3 {
		t.Fatalf("MinCost: %d solutions, %d improvements, %v", len(res.Solutions), improved, err)
	}
	chk := verify.NewChecker(p)
	for i, cs := range res.Solutions {
		if v := chk.Check(cs.Options); len(v) > 0 {
			t.Fatalf("solution %d: %v", i, v[0])
		}
		if i > 0 && cs.Cost < res.Solutions[i-1].Cost {
			t.Fatalf("costs not ascending: %v", res.Solutions)
		}
	}
	if !last.Done || last.Nodes != res.Stats.Nodes {
		t.Fatalf("last progress %+v, stats %+v", last, res.Stats)
	}
}

// TestSampleAndEstimateOperations: Sample draws k verified solutions from the right total;
// ForecastCount takes its options.
func TestSampleAndEstimateOperations(t *testing.T) {
	ctx := context.Background()
	p := problems.Queens(6)
	sols, result := xcover.Sample(ctx, p, 5, xcover.Config{Seed: 7})
	chk := verify.NewChecker(p)
	n := 0
	for sol := range sols {
		if v := chk.Check(sol); len(v) > 0 {
			t.Fatal(v[0])
		}
		n++
	}
	if res, err := result(); n != 5 || err != nil || res.Total.Int64() != 4 || present.Sample(res) != "drew 5 solutions uniformly from 4" {
		t.Fatalf("Sample: %d drawn, %+v, %v; want 5 from 4", n, res, err)
	}
	f, err := xcover.ForecastCount(ctx, p, xcover.Config{})
	if err != nil || !f.Exact || f.ExactSolutions != 4 {
		t.Fatalf("ForecastCount: %+v, %v", f, err)
	}
}

// TestParseMemoMode reads every mode by its name, and refuses others.
func TestParseMemoMode(t *testing.T) {
	for s, m := range map[string]xcover.MemoMode{"off": xcover.MemoOff, "on": xcover.MemoOn, "auto": xcover.MemoAuto} {
		if got, err := present.ParseMemoMode(s); err != nil || got != m {
			t.Errorf("ParseMemoMode(%q) = %v, %v", s, got, err)
		}
	}
	if m, err := present.ParseMemoMode(""); err != nil || m != xcover.MemoOff {
		t.Errorf(`ParseMemoMode("") = %v, %v; want off`, m, err)
	}
	if _, err := present.ParseMemoMode("yes"); err == nil {
		t.Error(`ParseMemoMode("yes"): no error`)
	}
}
