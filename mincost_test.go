package xcover_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// withCosts returns p with random costs on its options (0 to 9, so that ties and free
// options occur).
func withCosts(p *xcover.Problem, seed uint64) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 7))
	b := new(xcover.Builder)
	for i := range p.NumItems() {
		it := p.Item(i)
		switch {
		case it.Secondary:
			b.AddSecondary(it.Name)
		default:
			b.AddPrimaryBounds(it.Name, it.Min, it.Max)
		}
	}
	for k := range p.NumOptions() {
		b.AddOptionEntries(p.Option(k)...)
		b.SetCost(k, r.Int64N(10))
	}
	q, err := b.Build()
	if err != nil {
		panic(err)
	}
	return q
}

// TestMinCostRandom finds the k cheapest solutions of random problems with costs, of every
// kind (colours, multiplicities) and with and without forced options, and compares their costs with brute force's sorted
// list; every solution returned must be valid and cost what it says.
func TestMinCostRandom(t *testing.T) {
	ctx := context.Background()
	checked := 0
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(300) {
			p := withCosts(randprob.New(seed, kind), seed)
			costOf := func(sol []int) int64 {
				var c int64
				for _, k := range sol {
					c += p.Cost(k)
				}
				return c
			}
			var all []int64
			for _, sol := range brute.Solutions(p) {
				all = append(all, costOf(sol))
			}
			slices.Sort(all)
			for _, k := range []int{1, 3, 50} {
				var improving []int64
				res, err := xcover.MinCost(ctx, p, xcover.Config{Best: k, Improved: func(cs xcover.CostSolution) { improving = append(improving, cs.Cost) }})
				got := res.Solutions
				if err != nil {
					t.Fatal(err)
				}
				want := all[:min(k, len(all))]
				var costs []int64
				for _, cs := range got {
					if v := verify.Check(p, cs.Options); len(v) > 0 {
						t.Fatalf("randprob.New(%d, %v): %v: %v", seed, kind, cs.Options, v[0])
					}
					if costOf(cs.Options) != cs.Cost {
						t.Fatalf("randprob.New(%d, %v): %v costs %d, said %d", seed, kind, cs.Options, costOf(cs.Options), cs.Cost)
					}
					costs = append(costs, cs.Cost)
				}
				if !slices.Equal(costs, want) {
					t.Fatalf("randprob.New(%d, %v), k = %d: costs %v, brute force %v\n%s", seed, kind, k, costs, want, randprob.Describe(p))
				}
				if k == 1 && len(improving) > 0 && (!slices.IsSortedFunc(improving, func(a, b int64) int { return int(b - a) }) || improving[len(improving)-1] != want[0]) {
					t.Fatalf("randprob.New(%d, %v): improving costs %v, optimum %v", seed, kind, improving, want)
				}
				checked++
			}
			// A forced option: the cheapest solutions containing it.
			if p.NumOptions() > 0 {
				res, _ := xcover.MinCost(ctx, p, xcover.Config{Initial: []int{0}})
				got := res.Solutions
				var best int64 = -1
				for _, sol := range brute.Solutions(p) {
					if slices.Contains(sol, 0) && (best < 0 || costOf(sol) < best) {
						best = costOf(sol)
					}
				}
				if (best < 0) != (len(got) == 0) || best >= 0 && got[0].Cost != best {
					t.Fatalf("randprob.New(%d, %v), initial 0: %v, brute force %d", seed, kind, got, best)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("nothing checked")
	}
}

// TestMinCostResultCosts: the costs of the solutions found, as a front end lists them.
func TestMinCostResultCosts(t *testing.T) {
	for _, tc := range []struct {
		costs []int64
		want  string
	}{
		{nil, ""},
		{[]int64{7}, "7"},
		{[]int64{12, 13, 1 << 40}, "12, 13, 1099511627776"},
	} {
		var r xcover.MinCostResult
		for _, c := range tc.costs {
			r.Solutions = append(r.Solutions, xcover.CostSolution{Cost: c})
		}
		if got := present.Costs(r); got != tc.want {
			t.Errorf("%v: Costs() = %q, want %q", tc.costs, got, tc.want)
		}
	}
}

// TestMinCostResultSummary: the line that ends a search, as a front end prints it, from
// the result MinCost returns.
func TestMinCostResultSummary(t *testing.T) {
	// Three solutions: {a b, c} costs 3, {a, b, c} 7, {a, b c} 8.
	b := new(xcover.Builder)
	for _, item := range []string{"a", "b", "c"} {
		b.AddPrimary(item)
	}
	for k, o := range []struct {
		items []string
		cost  int64
	}{{[]string{"a", "b"}, 1}, {[]string{"c"}, 2}, {[]string{"a"}, 4}, {[]string{"b", "c"}, 4}, {[]string{"b"}, 1}} {
		b.AddOption(o.items...)
		b.SetCost(k, o.cost)
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		best int
		want string
	}{
		{0, "optimum: cost 3 ("},
		{1, "optimum: cost 3 ("},
		{2, "the 2 cheapest solutions cost 3, 7 ("},
		{5, "the 3 cheapest solutions cost 3, 7, 8 ("},
	} {
		r, err := xcover.MinCost(context.Background(), p, xcover.Config{Best: tc.best})
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%s%d nodes)", tc.want, r.Stats.Nodes)
		if got := present.MinCost(r); got != want || r.Best != max(1, tc.best) {
			t.Errorf("best %d: Summary() = %q, Best %d; want %q", tc.best, got, r.Best, want)
		}
	}
	if got := present.MinCost(xcover.MinCostResult{Best: 3}); got != "no solution" {
		t.Errorf("no solution: Summary() = %q", got)
	}
}
