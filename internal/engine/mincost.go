package engine

import (
	"cmp"
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

// A CostSolution is a solution, as ascending option indices, and its cost. It has the
// shape of the root package's CostSolution, which converts from it: the few solutions
// kept are widened once, when they enter the best (the search's path stays []int32).
type CostSolution struct {
	Options []int
	Cost    int64
}

// Ascending returns the options of a path as ascending ints, in a fresh slice: the form
// in which the root package gives solutions.
func Ascending(path []int32) []int {
	out := make([]int, len(path))
	for i, o := range path {
		out[i] = int(o)
	}
	slices.Sort(out)
	return out
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
//
// A problem with multiplicities is searched as memoBounds counts it (items settled in
// order, each taking a subset of its options; cheapest first), with the same bound: each
// item still needing c more options adds c times its least charge.
func MinCost(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	if !compatible(sp, p.Initial) {
		return nil, 0, nil
	}
	if !MemoSupported(sp) {
		return minCostBounds(sp, costs, p)
	}
	if costBitsFit(sp) {
		return minCostBits(sp, costs, p)
	}
	return minCostDL(sp, costs, p)
}

// minCostMemo is MinCost for problems whose primary items are covered exactly once, over
// the memo's state (bitsets of covered items). minCostDL replaced it (several times faster
// on the anchors); the tests keep it as an independent search to compare with.
func minCostMemo(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	m := newMemo(sp, &MemoParams{Order: OrderMRV})
	np := sp.NumPrimary
	nopt := sp.NumOptions()
	cost, charge := costCharges(sp, costs)
	for i := range np { // the options of each item cheapest first
		slices.SortStableFunc(m.lists[i], func(a, b int32) int { return cmp.Compare(cost(a), cost(b)) })
	}
	var bound, spent int64 // the bound for the uncovered items; the cost of the path
	for i := range np {
		bound += charge[i]
	}
	covers := make([]int64, nopt) // per option, the charges of the items it covers
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				covers[o] += charge[i]
			}
		}
	}
	path := append([]int32(nil), p.Initial...)
	for _, o := range p.Initial {
		m.take(o)
		spent += cost(o)
		bound -= covers[o]
	}
	best := costBest{k: max(1, p.K), improved: p.Improved}
	pl := costPoll{poll: p.Poll, tick: pollEvery}
	var search func()
	search = func() {
		if !pl.enter() {
			return
		}
		if best.beyond(spent + bound) {
			return
		}
		i := m.choose(m.firstFree())
		if i < 0 {
			best.add(path, spent)
			return
		}
		var prev [16]int32
		for _, o := range m.lists[i] {
			if !m.fits(o) {
				continue
			}
			c, b := cost(o), covers[o]
			if best.beyond(spent + c + bound - b) {
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
			if pl.stopped {
				return
			}
		}
	}
	search()
	if pl.stopped {
		return best.list, pl.nodes, ErrMemoStopped
	}
	return best.list, pl.nodes, nil
}

// costCharges returns the cost of each option (0 beyond costs) and each primary item's
// least charge: the least, over the options covering it, of the option's cost divided by
// its number of primary items (rounded down; 0 for an item without options).
func costCharges(sp *Spec, costs []int64) (cost func(int32) int64, charge []int64) {
	cost = func(o int32) int64 {
		if int(o) < len(costs) {
			return costs[o]
		}
		return 0
	}
	np := sp.NumPrimary
	charge = make([]int64, np)
	for i := range charge {
		charge[i] = -1
	}
	for o := range int32(sp.NumOptions()) {
		size := int64(0)
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if int(sp.Item[e]) < np {
				size++
			}
		}
		c := cost(o) / max(size, 1)
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if j := sp.Item[e]; int(j) < np && (charge[j] < 0 || c < charge[j]) {
				charge[j] = c
			}
		}
	}
	for i := range charge {
		charge[i] = max(charge[i], 0)
	}
	return cost, charge
}

// costBest keeps the k cheapest solutions found, cheapest first.
type costBest struct {
	k        int
	list     []CostSolution
	improved func(CostSolution)
}

// beyond reports whether a solution costing at least c cannot enter the k best.
func (b *costBest) beyond(c int64) bool { return len(b.list) == b.k && c >= b.list[b.k-1].Cost }

// add records the solution path of the given cost, if it enters the k best, and tells
// improved. (The search calls it only then: beyond pruned the others.)
func (b *costBest) add(path []int32, cost int64) {
	at, _ := slices.BinarySearchFunc(b.list, cost, func(s CostSolution, c int64) int {
		if s.Cost <= c {
			return -1 // equal costs: the one found first stays first
		}
		return 1
	})
	b.list = slices.Insert(b.list, at, CostSolution{Options: Ascending(path), Cost: cost})
	if len(b.list) > b.k {
		b.list = b.list[:b.k]
	}
	if b.improved != nil {
		b.improved(CostSolution{Options: Ascending(path), Cost: cost})
	}
}

// minCostBounds is MinCost for problems with multiplicities.
func minCostBounds(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	m := newMemoBounds(sp, &MemoParams{Initial: p.Initial})
	np := sp.NumPrimary
	cost, charge := costCharges(sp, costs)
	for i := range np { // the options of each item cheapest first
		slices.SortStableFunc(m.lists[i], func(a, b int32) int { return cmp.Compare(cost(a), cost(b)) })
	}
	var spent, bound int64 // the cost of the path; the bound for the items' needs
	for i := range np {
		bound += int64(m.lo[i]) * charge[i]
	}
	path := []int32{}
	take := func(o int32) []int32 {
		for _, j := range m.pitems[m.pstart[o]:m.pstart[o+1]] {
			if m.times[j] < m.lo[j] {
				bound -= charge[j]
			}
		}
		spent += cost(o)
		path = append(path, o)
		return m.take(o, m.prevSecs[o])
	}
	untake := func(o int32, prev []int32) {
		m.untake(o, prev)
		for _, j := range m.pitems[m.pstart[o]:m.pstart[o+1]] {
			if m.times[j] < m.lo[j] {
				bound += charge[j]
			}
		}
		spent -= cost(o)
		path = path[:len(path)-1]
	}
	for _, o := range p.Initial {
		take(o)
	}
	best := costBest{k: max(1, p.K), improved: p.Improved}
	pl := costPoll{poll: p.Poll, tick: pollEvery}
	// search settles item m.settled, from position pos of its list on (see memoBounds).
	var search func(pos int)
	search = func(pos int) {
		if !pl.enter() {
			return
		}
		if best.beyond(spent + bound) {
			return
		}
		i := m.settled
		if i == np {
			best.add(path, spent)
			return
		}
		list, t := m.lists[i], m.times[i]
		if t == m.hi[i] || pos == len(list) {
			if t >= m.lo[i] {
				m.settled++
				search(0)
				m.settled--
			}
			return
		}
		if int(t)+len(list)-pos < int(m.lo[i]) {
			return
		}
		if o := list[pos]; m.fits(o) { // taken, cheapest first
			prev := take(o)
			m.prevSecs[o] = prev
			search(pos + 1)
			untake(o, prev)
			if pl.stopped {
				return
			}
		}
		search(pos + 1) // left out
	}
	search(0)
	if pl.stopped {
		return best.list, pl.nodes, ErrMemoStopped
	}
	return best.list, pl.nodes, nil
}

// costPoll counts the nodes of a branch and bound search and calls its Poll every
// pollEvery of them.
type costPoll struct {
	poll    func(nodes uint64) bool
	nodes   uint64
	tick    int  // nodes to go before the next poll
	stopped bool // poll returned false: the search unwinds
}

// enter counts a node and reports whether the search goes on into it.
func (c *costPoll) enter() bool {
	c.nodes++
	if c.tick--; c.tick == 0 {
		c.tick = pollEvery
		if c.poll != nil && !c.poll(c.nodes) {
			c.stopped = true
		}
	}
	return !c.stopped
}
