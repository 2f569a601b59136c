package engine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteCosts returns the costs of every solution of sp (options chosen as subsets, each
// checked from scratch), ascending; forced options must be in every solution. For small
// problems only.
func bruteCosts(sp *Spec, costs []int64, forced []int32) []int64 {
	nopt := sp.NumOptions()
	var all []int64
	for set := uint64(0); set < 1<<nopt; set++ {
		ok := true
		for _, o := range forced {
			ok = ok && set&(1<<o) != 0
		}
		count := make([]int32, sp.NumPrimary)
		colour := map[int32]int32{} // secondary item -> colour, -1 uncoloured
		var cost int64
		for o := range int32(nopt) {
			if !ok || set&(1<<o) == 0 {
				continue
			}
			cost += costs[o]
			for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
				i := sp.Item[e]
				if int(i) < sp.NumPrimary {
					count[i]++
					continue
				}
				c := int32(-1)
				if sp.Color != nil && sp.Color[e] != 0 {
					c = sp.Color[e]
				}
				if old, used := colour[i]; used && (old == -1 || old != c) {
					ok = false
				}
				colour[i] = c
			}
		}
		for i := range count {
			ok = ok && count[i] >= sp.Lo[i] && count[i] <= sp.Hi[i]
		}
		if ok {
			all = append(all, cost)
		}
	}
	slices.Sort(all)
	return all
}

// solutionCost checks that sol is a solution of sp containing forced (every option once)
// and returns its cost.
func solutionCost(sp *Spec, costs []int64, forced []int32, sol []int) (int64, error) {
	seen := map[int32]bool{}
	count := make([]int32, sp.NumPrimary)
	colour := map[int32]int32{}
	var cost int64
	for _, k := range sol {
		o := int32(k)
		if seen[o] {
			return 0, fmt.Errorf("option %d twice", o)
		}
		seen[o] = true
		cost += costs[o]
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			i := sp.Item[e]
			if int(i) < sp.NumPrimary {
				count[i]++
				continue
			}
			c := int32(-1)
			if sp.Color != nil && sp.Color[e] != 0 {
				c = sp.Color[e]
			}
			if old, used := colour[i]; used && (old == -1 || old != c) {
				return 0, fmt.Errorf("item %d clashes", i)
			}
			colour[i] = c
		}
	}
	for _, o := range forced {
		if !seen[o] {
			return 0, fmt.Errorf("forced option %d missing", o)
		}
	}
	for i := range count {
		if count[i] < sp.Lo[i] || count[i] > sp.Hi[i] {
			return 0, fmt.Errorf("item %d covered %d times", i, count[i])
		}
	}
	return cost, nil
}

// TestMinCostDL compares the dancing-links minimum-cost search with brute force and with
// the memo's search on random problems with colours, costs (many ties and free options)
// and forced options: the k best costs must agree, each solution must be valid and cost
// what it says, and the links must end as they began.
func TestMinCostDL(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	checked := 0
	for trial := range 600 {
		colours := trial%2 == 1
		sp := randomSpec(rng, 2+rng.IntN(5), rng.IntN(4), 4+rng.IntN(11), false, colours)
		costs := make([]int64, sp.NumOptions())
		for o := range costs {
			costs[o] = rng.Int64N(10)
			if trial%3 == 0 {
				costs[o] = rng.Int64N(1000)
			}
		}
		var forced []int32
		if trial%4 == 0 {
			forced = []int32{rng.Int32N(int32(sp.NumOptions()))}
			if !compatible(sp, forced) {
				continue
			}
		}
		all := bruteCosts(sp, costs, forced)
		for _, k := range []int{1, 2, 5, 50} {
			p := &CostParams{K: k, Initial: forced}
			c, ok := newCostDL(sp, costs)
			var got []CostSolution
			if ok {
				before := slices.Clone(c.nd)
				var nodes uint64
				best := costBest{k: k}
				if len(forced) > 0 {
					got, _, _ = minCostDL(sp, costs, p)
				} else {
					c.search(0, nil, &best, nil, &nodes)
					got = best.list
					if !slices.Equal(before, c.nd) {
						t.Fatalf("trial %d, k = %d: the links changed", trial, k)
					}
				}
			}
			var gotCosts []int64
			for _, s := range got {
				cost, err := solutionCost(sp, costs, forced, s.Options)
				if err != nil {
					t.Fatalf("trial %d, k = %d: %v: %v", trial, k, s.Options, err)
				}
				if cost != s.Cost {
					t.Fatalf("trial %d, k = %d: %v costs %d, said %d", trial, k, s.Options, cost, s.Cost)
				}
				gotCosts = append(gotCosts, s.Cost)
			}
			want := all[:min(k, len(all))]
			if !slices.Equal(gotCosts, want) {
				t.Fatalf("trial %d, k = %d (%+v, costs %v, forced %v): costs %v, brute force %v", trial, k, *sp, costs, forced, gotCosts, want)
			}
			bitsList, _, _ := minCostBits(sp, costs, p)
			var bitsCosts []int64
			for _, s := range bitsList {
				if _, err := solutionCost(sp, costs, forced, s.Options); err != nil {
					t.Fatalf("trial %d, k = %d: bitsets: %v: %v", trial, k, s.Options, err)
				}
				bitsCosts = append(bitsCosts, s.Cost)
			}
			if !slices.Equal(gotCosts, bitsCosts) {
				t.Fatalf("trial %d, k = %d: costs %v, bitsets %v", trial, k, gotCosts, bitsCosts)
			}
			memo, _, _ := minCostMemo(sp, costs, p)
			var memoCosts []int64
			for _, s := range memo {
				memoCosts = append(memoCosts, s.Cost)
			}
			if !slices.Equal(gotCosts, memoCosts) {
				t.Fatalf("trial %d, k = %d: costs %v, memo's search %v", trial, k, gotCosts, memoCosts)
			}
			checked++
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d cases checked", checked)
	}
}

// TestCostBitsChooseTwoWays checks that the bitset cost search's two ways of counting the
// options left per item (item by item, option by option) choose the same item and give
// the same bound, on random sets of options of random problems whose options have
// several primary items, under random affordable prefixes and covered items.
func TestCostBitsChooseTwoWays(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	compared := 0
	for trial := range 300 {
		sp := randomSpec(rng, 3+rng.IntN(12), rng.IntN(3), 10+rng.IntN(200), false, trial%2 == 1)
		costs := make([]int64, sp.NumOptions())
		for o := range costs {
			costs[o] = rng.Int64N(100)
		}
		o := taxed(sp, costs)
		if o == nil || !costBitsFit(sp) {
			continue
		}
		c := newCostBits(sp, o)
		for range 20 {
			nw := 1 + rng.IntN(c.w)
			set := make([]uint64, nw)
			for x := range set {
				set[x] = rng.Uint64() & rng.Uint64() // sparse or dense
			}
			last := ^uint64(0) >> rng.IntN(64)
			if n := c.spec.NumOptions(); nw == c.w && n%64 != 0 {
				last &= 1<<(n%64) - 1
			}
			c.left = c.np
			clear(c.open)
			for i := range c.covered {
				c.covered[i] = rng.IntN(3) == 0
				if c.covered[i] {
					c.left--
				} else {
					c.open[i/64] |= 1 << (i % 64)
				}
			}
			bi, li := c.chooseByItems(set, last)
			bo, lo := c.chooseByOptions(set, last)
			if bi != bo || (bi >= 0 && li != lo) {
				t.Fatalf("trial %d: by items item %d bound %d, by options item %d bound %d", trial, bi, li, bo, lo)
			}
			if bi >= 0 {
				compared++
			}
		}
	}
	if compared < 500 {
		t.Errorf("only %d choices compared", compared)
	}
}

// TestCostBitsKeptCounts checks the bitset cost search with its counts kept level by level
// (derive) against the same search counting at each node: the same K cheapest costs, the
// same nodes (the same choices), and brute force's costs, on random problems with and
// without colours, with many equal costs and with spread ones, for K = 1, 3 and 20.
func TestCostBitsKeptCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 9))
	compared, checked := 0, 0
	for trial := range 400 {
		nopt := 6 + rng.IntN(11) // brute force reaches 16 options
		if trial%2 == 0 {
			nopt = 17 + rng.IntN(100)
		}
		sp := randomSpec(rng, 3+rng.IntN(10), rng.IntN(3), nopt, false, trial%4 < 2)
		costs := make([]int64, sp.NumOptions())
		for o := range costs {
			costs[o] = rng.Int64N(10)
			if trial%3 == 0 {
				costs[o] = rng.Int64N(1000)
			}
		}
		if taxed(sp, costs) == nil || !costBitsFit(sp) {
			continue
		}
		var all []int64 // brute force's costs, on the problems small enough for it
		if sp.NumOptions() <= 16 {
			all = bruteCosts(sp, costs, nil)
		}
		for _, k := range []int{1, 3, 20} {
			var got [2][]CostSolution
			var nodes [2]uint64
			for j, keep := range []bool{false, true} {
				c := newCostBits(sp, taxed(sp, costs))
				c.setKeep(keep)
				c.check = func(l int) {
					// The kept sums are those of the kept counts, and the choice is pick's.
					np := c.np
					cnt, first := c.lcnt[l*np:(l+1)*np], c.lfirst[l*np:(l+1)*np]
					if want := c.sums(cnt, first); c.lsum[l] != want {
						t.Fatalf("trial %d, k = %d, level %d: kept sums %v, counted %v", trial, k, l, c.lsum[l], want)
					}
					b, lo := c.pickKept(l)
					if wb, wlo := c.pick(cnt, first); b != wb || b >= 0 && lo != wlo {
						t.Fatalf("trial %d, k = %d, level %d: chose %d (bound %d), pick %d (%d)", trial, k, l, b, lo, wb, wlo)
					}
					checked++
				}
				var err error
				got[j], nodes[j], err = c.run(&CostParams{K: k})
				if err != nil {
					t.Fatal(err)
				}
			}
			if nodes[0] != nodes[1] || len(got[0]) != len(got[1]) {
				t.Fatalf("trial %d, k = %d: kept counts %d nodes, %d solutions; counted at each node %d, %d",
					trial, k, nodes[1], len(got[1]), nodes[0], len(got[0]))
			}
			for s := range got[1] {
				if got[1][s].Cost != got[0][s].Cost || s < len(all) && got[1][s].Cost != all[s] {
					t.Fatalf("trial %d, k = %d: solution %d costs %d kept, %d not, brute force %v",
						trial, k, s, got[1][s].Cost, got[0][s].Cost, all)
				}
			}
			if want := min(k, len(all)); all != nil && len(got[1]) != want {
				t.Fatalf("trial %d, k = %d: %d solutions, want %d", trial, k, len(got[1]), want)
			}
			compared++
		}
	}
	if compared < 500 || checked < 5000 {
		t.Errorf("only %d searches compared, %d choices from kept counts checked", compared, checked)
	}
}
