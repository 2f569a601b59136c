package engine

import (
	"errors"
	"slices"
)

// Minimum-cost exact cover (as Knuth's DLX5 finds it): branch and bound over the memo's
// state (covered primary items, secondary items' colours), trying the options of the item
// branched on from the cheapest, and abandoning a node when its cost so far plus a lower
// bound on the cost still to pay cannot beat the k-th best solution found.
//
// The bound: every primary item still to cover will be covered by one option, and an
// option o can be charged to its primary items at floor(cost(o) / |o's primary items|)
// each without exceeding its cost; so each uncovered item adds the least such charge over
// its options. Integers throughout: no rounding can prune a solution that should be kept.

// A CostSolution is a solution and its cost.
type CostSolution struct {
	Options []int32
	Cost    int64
}

// CostParams controls MinCost.
type CostParams struct {
	K       int     // how many of the cheapest solutions to find (at least 1)
	Initial []int32 // options forced into every solution
	// Improved, if not nil, is called with each solution that enters the K best, as it is
	// found (its Options are the caller's).
	Improved func(CostSolution)
	// Poll, if not nil, is called every few thousand nodes; it returns false to stop.
	Poll func(nodes uint64) bool
}

// MinCost returns the K cheapest solutions of sp with the given option costs, cheapest
// first (fewer if there are fewer), and the nodes searched; ErrMemoStopped if Poll stopped
// it (with the best found so far).
func MinCost(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	if !MemoSupported(sp) {
		return nil, 0, errors.New("minimum cost: multiplicities are not supported")
	}
	if !compatible(sp, p.Initial) {
		return nil, 0, nil
	}
	m := newMemo(sp, &MemoParams{Order: OrderMRV})
	np := sp.NumPrimary
	nopt := sp.NumOptions()
	cost := func(o int32) int64 {
		if int(o) < len(costs) {
			return costs[o]
		}
		return 0
	}
	// Each primary item's least charge, and the options of each item cheapest first.
	charge := make([]int64, np)
	for i := range np {
		charge[i] = -1
	}
	size := make([]int64, nopt)
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if int(sp.Item[e]) < np {
				size[o]++
			}
		}
	}
	for i := range np {
		for _, o := range m.lists[i] {
			c := cost(o) / size[o]
			if charge[i] < 0 || c < charge[i] {
				charge[i] = c
			}
		}
		slices.SortStableFunc(m.lists[i], func(a, b int32) int {
			switch ca, cb := cost(a), cost(b); {
			case ca < cb:
				return -1
			case ca > cb:
				return 1
			}
			return 0
		})
	}
	var bound, spent int64 // the bound for the uncovered items; the cost of the path
	for i := range np {
		bound += max(charge[i], 0)
	}
	covers := make([]int64, nopt) // per option, the charges of the items it covers
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				covers[o] += max(charge[i], 0)
			}
		}
	}
	path := append([]int32(nil), p.Initial...)
	for _, o := range p.Initial {
		m.take(o)
		spent += cost(o)
		bound -= covers[o]
	}
	k := max(1, p.K)
	var best []CostSolution
	var nodes uint64
	stopped := false
	tick := pollEvery
	var search func()
	search = func() {
		nodes++
		if tick--; tick == 0 {
			tick = pollEvery
			if p.Poll != nil && !p.Poll(nodes) {
				stopped = true
				return
			}
		}
		if len(best) == k && spent+bound >= best[k-1].Cost {
			return
		}
		i := m.choose(m.firstFree())
		if i < 0 {
			sol := CostSolution{Options: slices.Clone(path), Cost: spent}
			at, _ := slices.BinarySearchFunc(best, spent, func(s CostSolution, c int64) int {
				if s.Cost <= c {
					return -1 // equal costs: the one found first stays first
				}
				return 1
			})
			best = slices.Insert(best, at, sol)
			if len(best) > k {
				best = best[:k]
			}
			if p.Improved != nil {
				p.Improved(CostSolution{Options: slices.Clone(path), Cost: spent})
			}
			return
		}
		var prev [16]int32
		for _, o := range m.lists[i] {
			if !m.fits(o) {
				continue
			}
			c, b := cost(o), covers[o]
			if len(best) == k && spent+c+bound-b >= best[k-1].Cost {
				continue // a dearer option may still cover items with larger charges
			}
			saved := m.saveSec(o, prev[:0])
			m.take(o)
			path = append(path, o)
			spent += c
			bound -= b
			search()
			spent -= c
			bound += b
			path = path[:len(path)-1]
			m.untake(o, saved)
			if stopped {
				return
			}
		}
	}
	search()
	if stopped {
		return best, nodes, ErrMemoStopped
	}
	return best, nodes, nil
}
