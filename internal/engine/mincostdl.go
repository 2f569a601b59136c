package engine

import (
	"cmp"
	"math"
	"slices"
	"unsafe"
)

// Minimum cost with dancing links, for problems whose primary items are each covered
// exactly once (colours allowed): the ideas of Knuth's DLX5, in our own code.
//
//   - Net costs. Each primary item, in order, pays a tax equal to the least cost of the
//     options that contain it, and that tax is taken off those options' costs. Every
//     solution covers every primary item once, so it pays every tax once: its net cost is
//     its cost less the total tax. After taxing, every item has an option of net cost 0
//     and no option's net cost is negative.
//   - Cheapest first. Options are renumbered by net cost (stably), so every item's list
//     runs from its cheapest option to its dearest, and a list is cut off where its options
//     get too dear for what is left of the budget.
//   - The budget. With cutoff the net cost a solution must beat (that of the k-th best
//     found, or infinite), a node whose partial solution costs cur can use only options
//     of net cost below cutoff - cur. Options at or above that line are never taken
//     below the node, whatever is found meanwhile (cutoff only falls, cur only rises), so
//     cover and purify leave them where they are: each walks a list only up to the line it
//     was given, and undoing walks it up to the same line again. A node where some item's
//     cheapest option is already too dear is a dead end.
//   - The item to branch on has the fewest options under the line (counted up to
//     costLookahead, past which the list's length stands in), ties going to the one whose
//     cheapest option is dearest (it must be paid for anyway), then to the first in the
//     active list.
//
// Undoing a cover walks the list in the same order as covering did (down), and the
// options' nodes in the same order too; removals from one list then come back in the order
// they left, which dancing links restore exactly (Knuth notes this in DLX5; the tests check
// that the links end as they began).

// cnode is a node of the cost search: links, colour (as in mnode) and its option's net
// cost; item headers carry math.MaxInt64, which is at or above every line, so that a walk
// down a list stops at the header without a test of its own.
type cnode struct {
	links
	color int32
	cost  int64
}

// costLookahead is how many options of an item's list choose counts under the line before
// it takes the list's length instead.
const costLookahead = 10

// costDL is the state of one dancing-links minimum-cost search. Its hide and unhide
// loops have kernel M's shape (m.go) on nodes of their own: each node carries its
// option's net cost, and a list kept sorted by cost lets choose and the branches stop at
// the budget's line, which kernel M's 16-byte nodes, shared with every count, cannot do
// without growing for problems that have no costs.
type costDL struct {
	nd           []cnode
	llink, rlink []int32 // the active primary items, as in kernel X
	np           int32
	perm         []int32 // perm[k] is the Spec's index of option k in cost order
	tax          int64   // the total tax: a solution's cost is its net cost plus tax
	start        []int32 // start[k]: the first entry of option k in cost order
	// The lower bound (see costBound): indep[i] tells (bit 0, bit 1) whether primary item
	// i (by header) is in the first or the second independent set; width is the most
	// primary items an option has.
	indep   []uint8
	width   int64
	updates uint64

	// Per level: the item branched on, the option node taken, the net cost of the path
	// above the level, and the lines the item's cover and the option's other items were
	// walked to.
	item, x     []int32
	part        []int64
	line0, line []int64
}

// newCostDL lays sp out with options in net-cost order; ok is false when a primary item
// has no option at all (then there is no solution).
func newCostDL(sp *Spec, costs []int64) (c *costDL, ok bool) {
	o := taxed(sp, costs)
	if o == nil {
		return nil, false
	}
	q, np := o.spec, sp.NumPrimary
	c = &costDL{np: int32(np), perm: o.perm, tax: o.tax}
	c.start = q.Start
	c.nd = make([]cnode, numNodes(q))
	layout(q, c.nd, func(x *cnode) *links { return &x.links })
	for i := 1; i <= sp.NumItems; i++ {
		c.nd[i].cost = math.MaxInt64
	}
	for k := range c.perm {
		p := firstNode(q, int32(k))
		for e := q.Start[k]; e < q.Start[k+1]; e++ {
			c.nd[p].cost = o.net[k]
			if q.Color != nil {
				c.nd[p].color = q.Color[e]
			}
			p++
		}
	}
	c.llink, c.rlink = activeList(q)
	c.indep, c.width = independentSets(sp)
	depth := np + 1 // every level covers at least one more primary item
	c.item, c.x = make([]int32, depth), make([]int32, depth)
	c.part, c.line0, c.line = make([]int64, depth), make([]int64, depth), make([]int64, depth)
	return c, true
}

// cat returns node q of the array that starts at base, without bounds checks (every index
// the loops follow is a link of the layout).
func cat(base unsafe.Pointer, q int32) *cnode {
	return (*cnode)(unsafe.Add(base, uintptr(q)*unsafe.Sizeof(cnode{})))
}

// hideOthers removes the nodes of rr's option other than rr from their lists, except
// nodes of purified items (colour -1).
func (c *costDL) hideOthers(base unsafe.Pointer, rr int32) {
	for q := rr + 1; q != rr; {
		nq := cat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			cat(base, nq.up).down = nq.down
			cat(base, nq.down).up = nq.up
			cat(base, j).top--
			c.updates++
		}
		q++
	}
}

// unhideOthers puts back what hideOthers(rr) removed, walking the option the same way.
func (c *costDL) unhideOthers(base unsafe.Pointer, rr int32) {
	for q := rr + 1; q != rr; {
		nq := cat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			cat(base, nq.up).down = q
			cat(base, nq.down).up = q
			cat(base, j).top++
		}
		q++
	}
}

// cover takes item i out of the active list and hides its options under the line.
func (c *costDL) cover(i int32, line int64) {
	base := unsafe.Pointer(&c.nd[0])
	l, r := c.llink[i], c.rlink[i]
	c.rlink[l], c.llink[r] = r, l
	for rr := cat(base, i).down; cat(base, rr).cost < line; rr = cat(base, rr).down {
		c.hideOthers(base, rr)
	}
}

// uncover undoes cover(i, line).
func (c *costDL) uncover(i int32, line int64) {
	base := unsafe.Pointer(&c.nd[0])
	for rr := cat(base, i).down; cat(base, rr).cost < line; rr = cat(base, rr).down {
		c.unhideOthers(base, rr)
	}
	l, r := c.llink[i], c.rlink[i]
	c.rlink[l], c.llink[r] = i, i
}

// purify fixes p's secondary item to p's colour: the options under the line that give it
// another colour (or none) are hidden, those that give it the same colour are marked -1.
func (c *costDL) purify(p int32, line int64) {
	base := unsafe.Pointer(&c.nd[0])
	i, x := cat(base, p).top, cat(base, p).color
	for rr := cat(base, i).down; cat(base, rr).cost < line; rr = cat(base, rr).down {
		switch nr := cat(base, rr); {
		case nr.color != x:
			c.hideOthers(base, rr)
		case rr != p:
			nr.color = -1
		}
	}
}

// unpurify undoes purify(p, line).
func (c *costDL) unpurify(p int32, line int64) {
	base := unsafe.Pointer(&c.nd[0])
	i, x := cat(base, p).top, cat(base, p).color
	for rr := cat(base, i).down; cat(base, rr).cost < line; rr = cat(base, rr).down {
		switch nr := cat(base, rr); {
		case nr.color < 0:
			nr.color = x
		case rr != p:
			c.unhideOthers(base, rr)
		}
	}
}

// takeOthers covers or purifies the items of x's option other than x, left to right.
func (c *costDL) takeOthers(x int32, line int64) {
	nd := c.nd
	for q := x + 1; q != x; {
		j := nd[q].top
		if j <= 0 {
			q = nd[q].up
			continue
		}
		switch col := nd[q].color; {
		case col == 0:
			c.cover(j, line)
		case col > 0:
			c.purify(q, line)
		}
		q++
	}
}

// leaveOthers undoes takeOthers(x, line), right to left.
func (c *costDL) leaveOthers(x int32, line int64) {
	nd := c.nd
	for q := x - 1; q != x; {
		j := nd[q].top
		if j <= 0 {
			q = nd[q].down
			continue
		}
		switch col := nd[q].color; {
		case col == 0:
			c.uncover(j, line)
		case col > 0:
			c.unpurify(q, line)
		}
		q--
	}
}

// choose returns the item to branch on at a node whose budget is budget (options of net
// cost at or above it are out), and its number of options under the line; 0 at a dead
// end: an item has no option under the line, or costBound says the items left cost at
// least the budget.
func (c *costDL) choose(budget int64) (best, t int32) {
	base := unsafe.Pointer(&c.nd[0])
	t = math.MaxInt32
	var bestMin, sumAll int64
	var sum [2]int64
	for k := c.rlink[0]; k != 0; k = c.rlink[k] {
		p := cat(base, k).down
		least := cat(base, p).cost // the header's MaxInt64 if the list is empty
		if least >= budget {
			return k, 0
		}
		sumAll += least
		in := c.indep[k]
		sum[0] += least & -int64(in&1)
		sum[1] += least & -int64(in>>1)
		s := int32(1)
		for p = cat(base, p).down; cat(base, p).cost < budget; p = cat(base, p).down {
			if s == t {
				s++ // more than t: no better than best
				break
			}
			if s >= costLookahead {
				s = cat(base, k).top // the whole list stands in
				break
			}
			s++
		}
		if s < t || s == t && least > bestMin {
			best, t, bestMin = k, s, least
		}
	}
	if max(sum[0], sum[1], (sumAll+c.width-1)/c.width) >= budget {
		return best, 0
	}
	return best, t
}

// The lower bound on what the active items will cost. Let least(i) be the net cost of
// item i's cheapest option left. Each option taken pays at least least(i) for every item
// i it covers, so (i) a set of items no two of which share an option needs one option per
// item: the sum of their least costs; (ii) an option covering w items pays at least the
// average of their least costs, so all the options left cost at least the sum of every
// active item's least cost divided by the most primary items of an option. costBound is
// the largest of these, over two independent sets chosen once (greedily in item order and
// in reverse: in Knuth's polyomino files one holds cells, the other the pieces).

// independentSets returns, by header (1..np), bit 0 and bit 1 set for the items of the
// two independent sets, and the most primary items an option has (at least 1).
func independentSets(sp *Spec) (in []uint8, width int64) {
	np := sp.NumPrimary
	in = make([]uint8, np+1)
	byItem := make([][]int32, np)
	width = 1
	for o := range int32(sp.NumOptions()) {
		w := int64(0)
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				byItem[i] = append(byItem[i], o)
				w++
			}
		}
		width = max(width, w)
	}
	for bit, step := range []int{1, -1} {
		used := make([]bool, sp.NumOptions()) // options holding an item of the set
		i := 0
		if step < 0 {
			i = np - 1
		}
		for ; i >= 0 && i < np; i += step {
			free := true
			for _, o := range byItem[i] {
				free = free && !used[o]
			}
			if !free {
				continue
			}
			in[i+1] |= 1 << bit
			for _, o := range byItem[i] {
				used[o] = true
			}
		}
	}
	return in, width
}

// search finds the k best solutions below the root, whose path costs cur (net), adding
// forced to each; it reports false if poll stopped it.
func (c *costDL) search(cur int64, forced []int32, best *costBest, poll func(uint64) bool, nodes *uint64) bool {
	path := append([]int32(nil), forced...)
	cutoff := int64(math.MaxInt64)
	record := func(level int, cost int64) {
		path = path[:len(forced)]
		for l := 0; l <= level; l++ {
			path = append(path, c.perm[optionOf(c.x[l], func(q int32) int32 { return c.nd[q].top })])
		}
		best.add(path, cost+c.tax)
		if len(best.list) == best.k {
			cutoff = best.list[best.k-1].Cost - c.tax
		}
	}
	*nodes++
	if c.rlink[0] == 0 {
		path = path[:len(forced)]
		best.add(path, cur+c.tax)
		return true
	}
	nd := c.nd
	level := 0
	tick := pollEvery
	var x int32
	var next int64

forward:
	if tick--; tick == 0 {
		tick = pollEvery
		if poll != nil && !poll(*nodes) {
			return false
		}
	}
	{
		i, t := c.choose(cutoff - cur)
		if t == 0 {
			goto backdown
		}
		c.item[level], c.part[level] = i, cur
		x = nd[i].down
		next = cur + nd[x].cost
		c.line0[level] = cutoff - next
		c.cover(i, c.line0[level])
	}

advance:
	c.x[level] = x
	c.line[level] = cutoff - next
	c.takeOthers(x, c.line[level])
	if c.rlink[0] == 0 {
		*nodes++ // a solution is a node of the tree
		record(level, next)
		goto recover
	}
	level++
	cur = next
	*nodes++
	goto forward

backup:
	c.uncover(c.item[level], c.line0[level])

backdown:
	if level == 0 {
		return true
	}
	level--
	cur = c.part[level]

recover:
	x = c.x[level]
	c.leaveOthers(x, c.line[level])
	x = nd[x].down
	if x == c.item[level] {
		goto backup
	}
	if next = cur + nd[x].cost; next >= cutoff {
		goto backup
	}
	goto advance
}

// minCostDL is MinCost for problems whose primary items are covered exactly once.
func minCostDL(sp *Spec, costs []int64, p *CostParams) ([]CostSolution, uint64, error) {
	c, ok := newCostDL(sp, costs)
	if !ok {
		return nil, 0, nil
	}
	// The forced options, taken in full (no line: nothing may be left behind).
	pos := make([]int32, len(c.perm)) // option -> position in cost order
	for k, o := range c.perm {
		pos[o] = int32(k)
	}
	var cur int64
	for _, o := range p.Initial {
		k := pos[o]
		x := int32(sp.NumItems) + 2 + c.start[k] + k // its first node (see firstNode)
		cur += c.nd[x].cost
		c.takeAll(x)
	}
	best := costBest{k: max(1, p.K), improved: p.Improved}
	var nodes uint64
	if !c.search(cur, p.Initial, &best, p.Poll, &nodes) {
		return best.list, nodes, ErrMemoStopped
	}
	return best.list, nodes, nil
}

// takeAll covers or purifies every item of x's option, with no line.
func (c *costDL) takeAll(x int32) {
	nd := c.nd
	q := x
	for {
		j := nd[q].top
		switch col := nd[q].color; {
		case j <= c.np || col == 0:
			c.cover(j, math.MaxInt64)
		case col > 0:
			c.purify(q, math.MaxInt64)
		}
		q++
		if nd[q].top <= 0 {
			q = nd[q].up
		}
		if q == x {
			return
		}
	}
}

// costOrder is a problem's options renumbered by net cost (see the top of this file).
type costOrder struct {
	spec *Spec   // the problem with its options in that order
	net  []int64 // net[k]: the net cost of option k in that order, ascending
	perm []int32 // perm[k]: the Spec's index of option k
	tax  int64   // the total tax
}

// taxed taxes sp's primary items and orders its options by net cost, stably; it returns
// nil when a primary item has no option (then there is no solution).
func taxed(sp *Spec, costs []int64) *costOrder {
	nopt := sp.NumOptions()
	np := sp.NumPrimary
	net := make([]int64, nopt)
	for o := range nopt {
		if o < len(costs) {
			net[o] = costs[o]
		}
	}
	byItem := make([][]int32, np)
	for o := range int32(nopt) {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				byItem[i] = append(byItem[i], o)
			}
		}
	}
	c := &costOrder{perm: make([]int32, nopt), net: make([]int64, nopt)}
	for i := range np {
		if len(byItem[i]) == 0 {
			return nil
		}
		least := int64(math.MaxInt64)
		for _, o := range byItem[i] {
			least = min(least, net[o])
		}
		c.tax += least
		for _, o := range byItem[i] {
			net[o] -= least
		}
	}
	for k := range c.perm {
		c.perm[k] = int32(k)
	}
	slices.SortStableFunc(c.perm, func(a, b int32) int { return cmp.Compare(net[a], net[b]) })
	q := &Spec{NumPrimary: sp.NumPrimary, NumItems: sp.NumItems, Lo: sp.Lo, Hi: sp.Hi,
		Start: make([]int32, 1, nopt+1), Item: make([]int32, 0, len(sp.Item))}
	if sp.Color != nil {
		q.Color = make([]int32, 0, len(sp.Color))
	}
	for k, o := range c.perm {
		c.net[k] = net[o]
		q.Item = append(q.Item, sp.Item[sp.Start[o]:sp.Start[o+1]]...)
		if sp.Color != nil {
			q.Color = append(q.Color, sp.Color[sp.Start[o]:sp.Start[o+1]]...)
		}
		q.Start = append(q.Start, int32(len(q.Item)))
	}
	c.spec = q
	return c
}
