package engine

import (
	"math"
	"math/bits"
	"sort"
)

// Minimum cost with bitsets, for problems whose primary items are covered exactly once
// and whose options fit in a few thousand words: the same taxes, net-cost order and
// budget as the dancing-links search (mincostdl.go), on sets of options.
//
// Options are bit positions in net-cost order, so the options a node can still afford
// (net cost below cutoff - cur) are a prefix of the bits: a node works only on the words
// of that prefix, which shrinks as the path grows dearer and as better solutions are
// found. A node's state is the set of options still possible; taking an option clears
// from a copy of it one precomputed row per entry: the item's options for a primary or
// uncoloured secondary item, and for a coloured entry the options that give the item
// another colour or none (so colours cost nothing more than items). The item to branch on
// has the fewest options left (counted exactly), ties to the dearest cheapest option, then
// to the first in item order; costBound prunes as in the dancing-links search.

// costBitsMaxBytes bounds the rows and states of a bitset minimum-cost search, and
// costBitsMaxWork the words a node's choice may scan (primary items times words); larger
// problems go to dancing links.
const (
	costBitsMaxBytes = 64 << 20
	costBitsMaxWork  = 1 << 15
)

// costBits is the state of one bitset minimum-cost search.
type costBits struct {
	*costOrder
	np, w int
	rows  []uint64 // row r is rows[r*w:(r+1)*w]
	erow  []int32  // per entry of the cost-ordered Spec, the row taking it clears
	indep []uint8  // by header (item + 1), as in costDL
	width int64

	// The primary items of option k: prim[pstart[k]:pstart[k+1]]; perOpt is their
	// number over all options, for choose's estimate of its two ways of counting.
	prim          []int32
	pstart        []int32
	cnt           []int32 // scratch of countByOptions: options left per primary item
	least         []int64 // scratch: the net cost of its cheapest option left
	perOpt, nopts int

	sets    []uint64 // level l's set of possible options: sets[l*w:(l+1)*w]
	covered []bool   // by primary item
	open    []uint64 // the primary items not covered, as bits
	left    int      // primary items not covered
	opt     []int32  // per level, the option taken
	path    []int32  // the forced options, then the solution's
	forced  int
	best    *costBest
	cutoff  int64 // the net cost a solution must beat
	nodes   uint64
	tick    int
	poll    func(uint64) bool
	stopped bool
}

// costBitsFit reports whether sp's bitset search stays within costBitsMaxBytes and
// costBitsMaxWork.
func costBitsFit(sp *Spec) bool {
	w := (sp.NumOptions() + 63) / 64
	if sp.NumPrimary*w > costBitsMaxWork {
		return false
	}
	pairs := map[[2]int32]bool{}
	for e, c := range sp.Color {
		if c > 0 {
			pairs[[2]int32{sp.Item[e], c}] = true
		}
	}
	rows := sp.NumItems + len(pairs) + sp.NumPrimary + 2
	return rows*w*8 <= costBitsMaxBytes
}

// newCostBits builds the search for o (from taxed) of the original sp.
func newCostBits(sp *Spec, o *costOrder) *costBits {
	q := o.spec
	nopt := q.NumOptions()
	c := &costBits{costOrder: o, np: q.NumPrimary, w: (nopt + 63) / 64}
	w := c.w
	c.rows = make([]uint64, q.NumItems*w)
	for k := range nopt {
		for e := q.Start[k]; e < q.Start[k+1]; e++ {
			c.rows[int(q.Item[e])*w+k/64] |= 1 << (k % 64)
		}
	}
	// A row per (item, colour): the item's options that do not give it that colour.
	pair := map[[2]int32]int32{}
	c.erow = make([]int32, len(q.Item))
	for e, i := range q.Item {
		c.erow[e] = i
		if q.Color == nil || q.Color[e] == 0 {
			continue
		}
		key := [2]int32{i, q.Color[e]}
		r, ok := pair[key]
		if !ok {
			r = int32(len(c.rows) / w)
			pair[key] = r
			c.rows = append(c.rows, c.rows[int(i)*w:int(i+1)*w]...)
		}
		c.erow[e] = r
	}
	for k := range nopt { // clear the options of the same colour from each pair's row
		for e := q.Start[k]; e < q.Start[k+1]; e++ {
			if r := c.erow[e]; r != q.Item[e] {
				c.rows[int(r)*w+k/64] &^= 1 << (k % 64)
			}
		}
	}
	c.pstart = make([]int32, nopt+1)
	for k := range nopt {
		for e := q.Start[k]; e < q.Start[k+1]; e++ {
			if int(q.Item[e]) < c.np {
				c.prim = append(c.prim, q.Item[e])
			}
		}
		c.pstart[k+1] = int32(len(c.prim))
	}
	c.cnt, c.least = make([]int32, c.np), make([]int64, c.np)
	c.perOpt, c.nopts = len(c.prim), max(nopt, 1)
	c.indep, c.width = independentSets(sp)
	c.sets = make([]uint64, (c.np+2)*w)
	for k := range nopt {
		c.sets[k/64] |= 1 << (k % 64)
	}
	c.covered = make([]bool, c.np)
	c.open = make([]uint64, (c.np+63)/64)
	for i := range c.np {
		c.open[i/64] |= 1 << (i % 64)
	}
	c.left = c.np
	c.opt = make([]int32, c.np+1)
	c.cutoff = math.MaxInt64
	return c
}

// take clears option k's rows from the set at level l into level l+1's, over the first nw
// words, and marks its primary items covered.
func (c *costBits) take(l int, k int32, nw int) {
	w := c.w
	from, to := c.sets[l*w:l*w+nw], c.sets[(l+1)*w:(l+1)*w+nw]
	copy(to, from)
	q := c.spec
	for e := q.Start[k]; e < q.Start[k+1]; e++ {
		r := int(c.erow[e]) * w
		row := c.rows[r : r+nw]
		for x := range to {
			to[x] &^= row[x]
		}
		if i := q.Item[e]; int(i) < c.np {
			c.covered[i] = true
			c.open[i/64] &^= 1 << (i % 64)
			c.left--
		}
	}
}

// untake unmarks option k's primary items.
func (c *costBits) untake(k int32) {
	q := c.spec
	for e := q.Start[k]; e < q.Start[k+1]; e++ {
		if i := q.Item[e]; int(i) < c.np {
			c.covered[i] = false
			c.open[i/64] |= 1 << (i % 64)
			c.left++
		}
	}
}

// afford returns the number of options of net cost below budget: they are the first.
func (c *costBits) afford(budget int64) int {
	return sort.Search(len(c.net), func(k int) bool { return c.net[k] >= budget })
}

// record adds the solution made of the options taken at levels 0..l (plus the forced
// ones), of net cost cost.
func (c *costBits) record(l int, cost int64) {
	c.path = c.path[:c.forced]
	for _, k := range c.opt[:l+1] {
		c.path = append(c.path, c.perm[k])
	}
	c.best.add(c.path, cost+c.tax)
	if len(c.best.list) == c.best.k {
		c.cutoff = c.best.list[c.best.k-1].Cost - c.tax
	}
}

// search searches below the node at depth l, whose path costs cur (net).
func (c *costBits) search(l int, cur int64) {
	c.nodes++
	if c.tick--; c.tick <= 0 {
		c.tick = pollEvery
		if c.poll != nil && !c.poll(c.nodes) {
			c.stopped = true
			return
		}
	}
	if c.left == 0 {
		c.record(l-1, cur)
		return
	}
	budget := c.cutoff - cur
	n := c.afford(budget)
	nw := (n + 63) / 64
	if nw == 0 {
		return
	}
	last := ^uint64(0) >> ((64 - n%64) % 64) // the affordable bits of word nw-1
	w := c.w
	set := c.sets[l*w : l*w+nw]
	best, lowest := c.choose(set, last)
	if best < 0 || lowest >= budget {
		return
	}
	row := c.rows[best*w : best*w+nw]
	for x := range set {
		v := set[x] & row[x]
		if x == nw-1 {
			v &= last
		}
		for ; v != 0; v &= v - 1 {
			k := int32(x*64 + bits.TrailingZeros64(v))
			next := cur + c.net[k]
			if next >= c.cutoff {
				return // the rest are dearer
			}
			c.opt[l] = k
			c.take(l, k, (c.afford(c.cutoff-next)+63)/64)
			c.search(l+1, next)
			c.untake(k)
			if c.stopped {
				return
			}
		}
	}
}

// choose returns the primary item to branch on, among the options of set (its last word
// masked by last): the fewest options left, ties to the dearest cheapest option, then the
// first; and a lower bound on the net cost still to pay (costBound's). It returns -1 if
// an item has no option left. The options left per item are counted item by item (a
// popcount of the set under each item's row) or, when the set holds few options for its
// width, option by option (each option adds one to its primary items), where options
// have two or more primary items and fewer entries are left than items times words.
// Measured (CPU s, 5 interleaved runs, K = 1): Sudoku Escargot less 5 givens with costs
// (252 items, five words) 0.13 -> 0.09, de Bruijn 2-4-6 0.78 -> 0.48, MacMahon's squares
// 1.56 -> 1.36; word rectangles, with one primary item an option, ran 1.3x slower
// counted option by option (the item scan stops early at items that cannot win), so
// they keep the item scan.
func (c *costBits) choose(set []uint64, last uint64) (best int, lowest int64) {
	nw := len(set)
	live := 0
	for x := range set {
		v := set[x]
		if x == nw-1 {
			v &= last
		}
		live += bits.OnesCount64(v)
	}
	if ppo := c.perOpt / c.nopts; ppo >= 2 && live*ppo < c.left*nw {
		return c.chooseByOptions(set, last)
	}
	return c.chooseByItems(set, last)
}

// chooseByItems is choose counting item by item.
func (c *costBits) chooseByItems(set []uint64, last uint64) (best int, lowest int64) {
	nw, w := len(set), c.w
	best, t := -1, math.MaxInt
	var bestMin, sumAll int64
	var sum [2]int64
	for i := range c.np {
		if c.covered[i] {
			continue
		}
		row := c.rows[i*w : i*w+nw]
		cnt, first := 0, -1
		for x := range set {
			v := set[x] & row[x]
			if x == nw-1 {
				v &= last
			}
			if v == 0 {
				continue
			}
			if first < 0 {
				first = x*64 + bits.TrailingZeros64(v)
			}
			cnt += bits.OnesCount64(v)
			if cnt > t {
				break // no better than best; its least cost is known
			}
		}
		if cnt == 0 {
			return -1, 0
		}
		least := c.net[first]
		sumAll += least
		in := c.indep[i+1]
		sum[0] += least & -int64(in&1)
		sum[1] += least & -int64(in>>1)
		if cnt < t || cnt == t && least > bestMin {
			best, t, bestMin = i, cnt, least
		}
	}
	return best, max(sum[0], sum[1], (sumAll+c.width-1)/c.width)
}

// chooseByOptions is choose counting option by option: the options come in net-cost
// order, so an item's first is its cheapest.
func (c *costBits) chooseByOptions(set []uint64, last uint64) (best int, lowest int64) {
	cnt, least := c.cnt, c.least
	clear(cnt)
	nw := len(set)
	for x := nw - 1; x >= 0; x-- { // dearest first: the last written least is the cheapest
		v := set[x]
		if x == nw-1 {
			v &= last
		}
		for ; v != 0; v &^= 1 << (63 - bits.LeadingZeros64(v)) {
			k := x*64 + 63 - bits.LeadingZeros64(v)
			net := c.net[k]
			for _, i := range c.prim[c.pstart[k]:c.pstart[k+1]] {
				cnt[i]++
				least[i] = net
			}
		}
	}
	best, t := -1, int32(math.MaxInt32)
	var bestMin, sumAll int64
	var sum [2]int64
	for x, word := range c.open { // the items not covered, in order
		for ; word != 0; word &= word - 1 {
			i := x*64 + bits.TrailingZeros64(word)
			n := cnt[i]
			if n == 0 {
				return -1, 0
			}
			l := least[i]
			sumAll += l
			in := c.indep[i+1]
			sum[0] += l & -int64(in&1)
			sum[1] += l & -int64(in>>1)
			if n < t || n == t && l > bestMin {
				best, t, bestMin = i, n, l
			}
		}
	}
	return best, max(sum[0], sum[1], (sumAll+c.width-1)/c.width)
}

// minCostBits is MinCost with bitsets; sp must pass costBitsFit and have its primary items
// covered once.
func minCostBits(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	o := taxed(sp, costs)
	if o == nil {
		return nil, 0, nil
	}
	c := newCostBits(sp, o)
	pos := make([]int32, len(o.perm))
	for k, x := range o.perm {
		pos[x] = int32(k)
	}
	var cur int64
	for _, x := range p.Initial { // taken at a level of their own, then made the root
		k := pos[x]
		cur += o.net[k]
		c.take(0, k, c.w)
		copy(c.sets[:c.w], c.sets[c.w:2*c.w])
	}
	c.best = &costBest{k: max(1, p.K), improved: p.Improved}
	c.path = append(make([]int32, 0, len(p.Initial)+c.np+1), p.Initial...)
	c.forced = len(p.Initial)
	c.poll, c.tick = p.Poll, pollEvery
	c.search(0, cur)
	if c.stopped {
		return c.best.list, c.nodes, ErrMemoStopped
	}
	return c.best.list, c.nodes, nil
}
