package xcover_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
)

// TestPartsAddUp checks that the parts of a cut are disjoint and cover the tree: counted
// one at a time, and all together with several workers, they give brute force's count.
func TestPartsAddUp(t *testing.T) {
	ctx := context.Background()
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(40) {
			p := randprob.New(seed, kind)
			want := brute.Count(p)
			for _, n := range []int{1, 3, 10, 50} {
				s, _ := xcover.NewSolver(p, xcover.Config{Workers: 3})
				parts, _ := s.Parts(n)
				var sum uint64
				for i := range parts {
					one, _ := xcover.NewSolver(p, xcover.Config{})
					c, err := one.CountParts(ctx, parts[i:i+1], nil)
					if err != nil {
						t.Fatal(err)
					}
					sum += c
				}
				seen := make([]bool, len(parts))
				all, err := s.CountParts(ctx, parts, func(i int, _ xcover.Stats) {
					if seen[i] {
						t.Errorf("part %d reported twice", i)
					}
					seen[i] = true
				})
				if sum != want || all != want || err != nil {
					t.Fatalf("%v seed %d, %d parts of at least %d: one by one %d, together %d (%v), brute force %d\n%s",
						kind, seed, len(parts), n, sum, all, err, want, randprob.Describe(p))
				}
			}
		}
	}
}

// TestWorkersNodes checks that a parallel search reports the nodes of the whole tree.
func TestWorkersNodes(t *testing.T) {
	p := problems.Queens(9)
	one, _ := xcover.Count(context.Background(), p, xcover.Config{})
	two, _ := xcover.Count(context.Background(), p, xcover.Config{Workers: 2})
	if a, b := one.Solutions, two.Solutions; a.Cmp(b) != 0 || one.Stats.Nodes != two.Stats.Nodes {
		t.Errorf("one worker: %d solutions, %d nodes; two: %d, %d", a, one.Stats.Nodes, b, two.Stats.Nodes)
	}
}

// TestPartsDeterministic checks that a cut does not depend on the solver's configuration.
func TestPartsDeterministic(t *testing.T) {
	p := problems.Queens(10)
	a, _ := xcover.NewSolver(p, xcover.Config{})
	b, _ := xcover.NewSolver(p, xcover.Config{Workers: 7, Random: true, Seed: 3})
	pa, _ := a.Parts(100)
	pb, _ := b.Parts(100)
	if len(pa) < 100 || len(pa) != len(pb) {
		t.Fatalf("%d and %d parts", len(pa), len(pb))
	}
	w := 0.0
	for i := range pa {
		if !slices.Equal(pa[i].Path, pb[i].Path) {
			t.Fatalf("part %d: %v and %v", i, pa[i].Path, pb[i].Path)
		}
		w += pa[i].Weight
	}
	if w > 1+1e-9 || w < 0.5 {
		t.Errorf("weights add up to %v", w)
	}
}

// TestEstimate checks Knuth's estimator against the true size of two trees: with many
// probes the mean must come within a few standard errors of the truth.
func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *xcover.Problem
	}{
		{"queens 8", problems.Queens(8)},
		{"2 queens per line, 5", problems.DoubleQueens(5)},
		{"langford 7", problems.Langford(7)},
	} {
		res, _ := xcover.Count(context.Background(), tc.p, xcover.Config{})
		sols, nodes := res.Solutions.Uint64(), res.Stats.Nodes
		e, _ := xcover.EstimateTree(context.Background(), tc.p, 4000)
		if math.Abs(e.Nodes-float64(nodes)) > 5*e.NodesErr+1e-9 || math.Abs(e.Solutions-float64(sols)) > 5*e.SolutionsErr+1e-9 {
			t.Errorf("%s: estimated %.0f±%.0f nodes and %.1f±%.1f solutions; true %d and %d",
				tc.name, e.Nodes, e.NodesErr, e.Solutions, e.SolutionsErr, nodes, sols)
		}
		if e.NodesErr == 0 && nodes > 1 {
			t.Errorf("%s: no spread", tc.name)
		}
	}
}

// TestProgressEnd checks the last progress report: Fraction 1 after a whole search, less
// after one stopped at its limit.
func TestProgressEnd(t *testing.T) {
	for _, tc := range []struct {
		limit uint64
		whole bool
	}{{0, true}, {10, false}} {
		var last xcover.Progress
		xcover.Count(context.Background(), problems.Queens(10), xcover.Config{Limit: tc.limit, Progress: func(p xcover.Progress) { last = p }})
		if !last.Done || (last.Fraction == 1) != tc.whole {
			t.Errorf("limit %d: last report %+v", tc.limit, last)
		}
	}
}
