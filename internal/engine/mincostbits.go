package engine

import (
	"math"
	"math/bits"
	"sort"
	"unsafe"
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
	prim   []int32
	pstart []int32
	// Scratch of chooseByOptions: options left per primary item, and the first of them.
	cnt, first []int32
	// With counts kept (keep, see derive): per level l the options left per primary item
	// among the first ln[l] options, lcnt[l*np:(l+1)*np], and the first of them,
	// lfirst[l*np:(l+1)*np] (meaningless where the count is 0), and lsum[l], the lower
	// bound's three sums over the items not covered at level l (see sums); marks is
	// scratch.
	keep          bool
	lcnt, lfirst  []int32
	lsum          [][3]int64
	ln            []int
	marks         []int32
	perOpt, nopts int
	// With counts kept, level l's items by count, cumulative: lle[(l*costLeBuckets+c)*wp:]
	// is the set (wp words) of the items with at most c options left, for c below
	// costLeBuckets (an item covered may be in it: pickKept masks them with open).
	lle []uint64
	wp  int

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
	check   func(l int) // tests: called at each choice from kept counts
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
	c.cnt, c.first = make([]int32, c.np), make([]int32, c.np)
	c.perOpt, c.nopts = len(c.prim), max(nopt, 1)
	// Counts kept level by level where options have two to four primary items: CPU s, K =
	// 1, 5 interleaved runs, Escargot less 5 givens with costs 0.07 -> 0.06, de Bruijn
	// 2-4-6 0.43 -> 0.30, MacMahon 1.20 -> 1.13; pentominoes (six primary items an option,
	// each in conflict with hundreds) 0.12 -> 0.14, so they count at each node instead.
	ppo := c.perOpt / c.nopts
	c.setKeep(ppo >= 2 && ppo <= 4 && (c.np+2)*c.np*8 <= costKeepMaxBytes)
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
	var best int
	var lowest int64
	switch {
	case c.keep:
		if l == 0 {
			c.recount(0, n)
		}
		best, lowest = c.chooseKept(l)
	default:
		best, lowest = c.choose(set, last)
	}
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
			nc := c.afford(c.cutoff - next)
			c.take(l, k, (nc+63)/64)
			if c.keep {
				c.derive(l, nc)
			}
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

// chooseByItems is choose counting item by item. Its rule and bound are pick's, written
// into the loop that counts so that an item's count stops once it cannot win: counting
// every item first, as pick needs, made word rectangles 1.3x slower (see choose).
func (c *costBits) chooseByItems(set []uint64, last uint64) (best int, lowest int64) {
	nw, w := len(set), c.w
	best, t := -1, math.MaxInt
	var bestMin int64
	var sum [3]int64
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
		c.addSum(&sum, i, least)
		if cnt < t || cnt == t && least > bestMin {
			best, t, bestMin = i, cnt, least
		}
	}
	return best, c.bound(sum)
}

// chooseByOptions is choose counting option by option.
func (c *costBits) chooseByOptions(set []uint64, last uint64) (best int, lowest int64) {
	c.countInto(c.cnt, c.first, set, last)
	return c.pick(c.cnt, c.first)
}

// countInto counts the options of set (its last word masked by last) per primary item
// into cnt, and the first of each into first (meaningless where the count is 0): the
// options come in net-cost order, so an item's first is its cheapest.
func (c *costBits) countInto(cnt, first []int32, set []uint64, last uint64) {
	clear(cnt)
	nw := len(set)
	for x := nw - 1; x >= 0; x-- { // dearest first: the last written is the first
		v := set[x]
		if x == nw-1 {
			v &= last
		}
		for ; v != 0; v &^= 1 << (63 - bits.LeadingZeros64(v)) {
			k := int32(x*64 + 63 - bits.LeadingZeros64(v))
			for _, i := range c.prim[c.pstart[k]:c.pstart[k+1]] {
				cnt[i]++
				first[i] = k
			}
		}
	}
}

// pick is choose's rule (fewest) over counts made by countInto or derive, and costBound's
// lower bound over them.
func (c *costBits) pick(cnt, first []int32) (best int, lowest int64) {
	if best = c.fewest(cnt, first); best < 0 {
		return -1, 0
	}
	return best, c.bound(c.sums(cnt, first))
}

// fewest is choose's rule over counts made by countInto or derive, for the items not
// covered: -1 if one has no option left, else the fewest options, ties to the dearest
// cheapest option, then the first. An item's cheapest option is read only on a tie
// (Escargot less 5 givens with costs: the choice's scan was 36% of the run when it also
// summed the lower bound).
func (c *costBits) fewest(cnt, first []int32) int {
	best, t := -1, int32(math.MaxInt32)
	var bestMin int64
	for x, word := range c.open { // the items not covered, in order
		for ; word != 0; word &= word - 1 {
			i := x*64 + bits.TrailingZeros64(word)
			switch n := cnt[i]; {
			case n == 0:
				return -1
			case n < t:
				best, t, bestMin = i, n, c.net[first[i]]
			case n == t:
				if l := c.net[first[i]]; l > bestMin {
					best, bestMin = i, l
				}
			}
		}
	}
	return best
}

// setKeep turns the counts kept level by level (derive) on or off.
func (c *costBits) setKeep(on bool) {
	c.keep = on
	if on && c.lcnt == nil {
		c.lcnt, c.lfirst = make([]int32, (c.np+2)*c.np), make([]int32, (c.np+2)*c.np)
		c.ln, c.marks = make([]int, c.np+2), make([]int32, 0, c.np)
		c.lsum = make([][3]int64, c.np+2)
		c.wp = (c.np + 63) / 64
		c.lle = make([]uint64, (c.np+2)*costLeBuckets*c.wp)
	}
}

// costLeBuckets is how many counts (0 to costLeBuckets-1) the kept sets of items by count
// hold (see costBits.lle); an item with more options is in none of them.
const costLeBuckets = 8

// costKeepMaxBytes bounds the per-level counts that derive keeps.
const costKeepMaxBytes = 16 << 20

// recount counts level l's options left per primary item, and the first of each, among
// the first n options of its set.
func (c *costBits) recount(l, n int) {
	np, w := c.np, c.w
	last := ^uint64(0) >> ((64 - n%64) % 64)
	c.countInto(c.lcnt[l*np:(l+1)*np], c.lfirst[l*np:(l+1)*np], c.sets[l*w:l*w+(n+63)/64], last)
	c.ln[l] = n
	c.lsum[l] = c.sums(c.lcnt[l*np:(l+1)*np], c.lfirst[l*np:(l+1)*np])
	wp := c.wp
	le := c.lle[l*costLeBuckets*wp : (l+1)*costLeBuckets*wp]
	clear(le)
	for i, v := range c.lcnt[l*np : (l+1)*np] {
		if v < costLeBuckets {
			le[int(v)*wp+i>>6] |= 1 << (i & 63)
		}
	}
	for x := wp; x < len(le); x++ { // at most c: at most c-1 too
		le[x] |= le[x-wp]
	}
}

// sums returns the lower bound's sums over the items not covered (see bound): of each
// item's cheapest option's net cost, over all of them and over each of the two sets of
// items that no option covers twice. Items without options add nothing.
func (c *costBits) sums(cnt, first []int32) (s [3]int64) {
	for x, word := range c.open {
		for ; word != 0; word &= word - 1 {
			if i := x*64 + bits.TrailingZeros64(word); cnt[i] > 0 {
				c.addSum(&s, i, c.net[first[i]])
			}
		}
	}
	return s
}

// addSum adds item i's least net cost l (negative: takes it off) to the sums s.
func (c *costBits) addSum(s *[3]int64, i int, l int64) {
	in := c.indep[i+1]
	s[0] += l
	s[1] += l & -int64(in&1)
	s[2] += l & -int64(in>>1)
}

// bound is the lower bound on the net cost still to pay from the sums: costBound's.
func (c *costBits) bound(s [3]int64) int64 {
	return max(s[1], s[2], (s[0]+c.width-1)/c.width)
}

// goneAt returns word x of the options counted at a level, the first pn of from, that
// the next level, the first nc of to, has lost, and word x of those it kept.
func goneAt(from, to []uint64, x, pn, nc int) (gone, kept uint64) {
	v := from[x]
	if x == len(from)-1 && pn%64 != 0 {
		v &= 1<<(pn%64) - 1
	}
	if x < len(to) {
		kept = to[x]
		if x == len(to)-1 && nc%64 != 0 {
			kept &= 1<<(nc%64) - 1
		}
	}
	return v &^ kept, kept
}

// derive makes level l+1's counts, for its first nc options, from level l's: an option
// counted at level l and not at l+1 (cleared by the option taken, or past the cheaper
// line) is taken off its items' counts, and an item whose first option went has its next
// found in its row. Where more options went than are left, it counts them afresh.
func (c *costBits) derive(l, nc int) {
	np, w, pn := c.np, c.w, c.ln[l]
	from, to := c.sets[l*w:l*w+(pn+63)/64], c.sets[(l+1)*w:(l+1)*w+(nc+63)/64]
	gone, left := 0, 0
	for x := range from {
		g, t := goneAt(from, to, x, pn, nc)
		gone += bits.OnesCount64(g)
		left += bits.OnesCount64(t)
	}
	if gone > left {
		c.recount(l+1, nc)
		return
	}
	cnt, first := c.lcnt[(l+1)*np:(l+2)*np], c.lfirst[(l+1)*np:(l+2)*np]
	copy(cnt, c.lcnt[l*np:(l+1)*np])
	copy(first, c.lfirst[l*np:(l+1)*np])
	wp, nb := c.wp, costLeBuckets*c.wp
	le := c.lle[(l+1)*nb : (l+2)*nb]
	copy(le, c.lle[l*nb:(l+1)*nb])
	c.ln[l+1] = nc
	marks := c.marks[:0]
	// The loop over the options gone reads its indices without bounds checks: they come
	// from the tables built with the search (items below np, counts below costLeBuckets).
	pcnt, pfirst := unsafe.Pointer(&cnt[0]), unsafe.Pointer(&first[0])
	ple, pprim, pstart := unsafe.Pointer(&le[0]), unsafe.Pointer(&c.prim[0]), unsafe.Pointer(&c.pstart[0])
	for x := range from {
		for v, _ := goneAt(from, to, x, pn, nc); v != 0; v &= v - 1 {
			k := int32(x*64 + bits.TrailingZeros64(v))
			lo := uintptr(*(*int32)(unsafe.Add(pstart, 4*uintptr(k))))
			hi := uintptr(*(*int32)(unsafe.Add(pstart, 4*uintptr(k)+4)))
			for e := lo; e < hi; e++ {
				i := *(*int32)(unsafe.Add(pprim, 4*e))
				pc := (*int32)(unsafe.Add(pcnt, 4*uintptr(i)))
				n := *pc - 1
				*pc = n
				if n < costLeBuckets {
					w := (*uint64)(unsafe.Add(ple, 8*(uintptr(n)*uintptr(wp)+uintptr(i>>6))))
					*w |= 1 << (i & 63)
				}
				if *(*int32)(unsafe.Add(pfirst, 4*uintptr(i))) == k {
					marks = append(marks, i)
				}
			}
		}
	}
	// The sums: the items of the option taken leave them, and an item whose first option
	// went changes its part.
	sum := c.lsum[l]
	lfirst := c.lfirst[l*np : (l+1)*np]
	k := c.opt[l]
	for _, i := range c.prim[c.pstart[k]:c.pstart[k+1]] {
		if c.lcnt[l*np+int(i)] > 0 {
			c.addSum(&sum, int(i), -c.net[lfirst[i]])
		}
	}
	for _, i := range marks {
		if cnt[i] > 0 {
			first[i] = c.nextIn(to, nc, i, first[i]+1)
			c.addSum(&sum, int(i), c.net[first[i]]-c.net[lfirst[i]])
		} else if !c.covered[i] && c.lcnt[l*np+int(i)] > 0 {
			c.addSum(&sum, int(i), -c.net[lfirst[i]]) // left without options
		}
	}
	c.lsum[l+1] = sum
	c.marks = marks
}

// nextIn returns the first option from `from` on of item i's row in set, below n.
func (c *costBits) nextIn(set []uint64, n int, i, from int32) int32 {
	row := c.rows[int(i)*c.w : int(i)*c.w+len(set)]
	for x := int(from) / 64; x < len(set); x++ {
		v := set[x] & row[x]
		if x == int(from)/64 {
			v &^= 1<<(from%64) - 1
		}
		if v != 0 {
			if k := int32(x*64 + bits.TrailingZeros64(v)); int(k) < n {
				return k
			}
			break
		}
	}
	return -1 // not reached: the count says there is one
}

// chooseKept is choose from level l's kept counts.
func (c *costBits) chooseKept(l int) (best int, lowest int64) {
	if c.check != nil {
		c.check(l)
	}
	return c.pickKept(l)
}

// pickKept is pick over level l's kept counts, with the lower bound from its kept sums.
// The items of fewest options are found in the level's sets by count (lle): only they are
// looked at, for the tie on the cheapest option, unless every item has more options than
// the sets hold (Escargot less 5 givens with costs: scanning every item was 46% of the
// run).
func (c *costBits) pickKept(l int) (best int, lowest int64) {
	np, wp := c.np, c.wp
	cnt, first := c.lcnt[l*np:(l+1)*np], c.lfirst[l*np:(l+1)*np]
	le := c.lle[l*costLeBuckets*wp : (l+1)*costLeBuckets*wp]
	best = -2 // none found in the sets
	for n := range costLeBuckets {
		set := le[n*wp : (n+1)*wp]
		var bestMin int64
		for x, word := range c.open {
			for word &= set[x]; word != 0; word &= word - 1 {
				if n == 0 {
					return -1, 0
				}
				i := x*64 + bits.TrailingZeros64(word)
				if m := c.net[first[i]]; best < 0 || m > bestMin {
					best, bestMin = i, m
				}
			}
		}
		if best >= 0 {
			break
		}
	}
	if best == -2 {
		if best = c.fewest(cnt, first); best < 0 {
			return -1, 0
		}
	}
	return best, c.bound(c.lsum[l])
}

// minCostBits is MinCost with bitsets; sp must pass costBitsFit and have its primary items
// covered once.
func minCostBits(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	o := taxed(sp, costs)
	if o == nil {
		return nil, 0, nil
	}
	return newCostBits(sp, o).run(p)
}

// run searches for p's K cheapest solutions.
func (c *costBits) run(p *CostParams) ([]CostSolution, uint64, error) {
	o := c.costOrder
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
