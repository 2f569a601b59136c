package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"
)

// kernelX is Algorithm X with dancing links, for problems whose primary items are each
// covered exactly once and that have no colours.
type kernelX struct {
	nd           []xnode
	llink, rlink []int32 // the active primary items, a doubly linked list over header nodes rooted at 0
	np           int32   // number of primary items: headers 1..np
	// With counting set, zeros is the number of primary items whose list is empty. Only
	// active items lose options (an option left in any list has no covered item), so
	// these are active dead ends; while there are none, an item with one option is a best
	// choice, and choose stops at the first.
	counting bool
	zeros    int32
	// With buckets set (problems of at least bucketMinPrimary primary items), buckets[t]
	// holds the active primary items whose list has t options, for t < len(buckets):
	// choose takes the first item of the first non-empty set and scans only when every
	// list is longer. (A scan at every node made a first solution of a million items
	// take hours: the items with two or more options pile up at the front of the list.)
	buckets []itemSet
	forced  []int32
	updates uint64

	// Per level l of the search: the item branched on and its branches (levels), the option
	// node being tried; in random mode the options' order.
	levels
	x     []int32
	order randomOrder
	sol   []int32
}

func newKernelX(sp *Spec, rng *rand.Rand) *kernelX {
	nd := make([]xnode, numNodes(sp))
	layout(sp, nd, func(x *xnode) *links { return x })
	k := &kernelX{nd: nd, np: int32(sp.NumPrimary)}
	k.counting = sp.NumPrimary >= countingMinPrimary
	for i := int32(1); i <= k.np; i++ {
		if nd[i].top == 0 {
			k.zeros++
		}
	}
	k.llink, k.rlink = activeList(sp)
	if sp.NumPrimary >= bucketMinPrimary {
		k.useBuckets()
	}
	depth := sp.NumPrimary + 1 // every level covers at least one more primary item
	k.levels = newLevels(depth)
	k.x = make([]int32, depth)
	k.order = newRandomOrder(rng, len(sp.Item)+sp.NumOptions(), depth)
	return k
}

// clone returns a kernel in the same state with arrays of its own, for another worker.
func (k *kernelX) clone() kernel {
	c := *k
	c.nd = slices.Clone(k.nd)
	c.llink, c.rlink = slices.Clone(k.llink), slices.Clone(k.rlink)
	c.levels, c.x, c.order = k.levels.clone(), slices.Clone(k.x), k.order.clone()
	c.sol, c.updates = nil, 0
	if k.buckets != nil {
		c.buckets = make([]itemSet, len(k.buckets))
		for t := range k.buckets {
			c.buckets[t] = k.buckets[t].clone()
		}
	}
	return &c
}

// force applies options that every solution must contain; compatible has vetted them.
func (k *kernelX) force(sp *Spec, opts []int32) {
	for _, o := range opts {
		k.forced = append(k.forced, o)
		nd := k.nd
		p := firstNode(sp, o)
		q := p
		for {
			k.cover(nd[q].top)
			q++
			if nd[q].top <= 0 {
				q = nd[q].up
			}
			if q == p {
				break
			}
		}
	}
}

// xat returns node q of the array that starts at base. The search's hot loops use it
// instead of indexing: every index they follow is a link of the layout, so it is always in
// range, and the bounds checks cost about a tenth of the search time.
func xat(base unsafe.Pointer, q int32) *xnode {
	return (*xnode)(unsafe.Add(base, uintptr(q)*unsafe.Sizeof(xnode{})))
}

// cover removes item i from the active list and hides every option in its list from the
// other items' lists. i's own list stays intact, so that the search can walk it.
func (k *kernelX) cover(i int32) {
	if k.counting {
		k.coverCounting(i)
		return
	}
	if k.buckets != nil {
		k.coverBuckets(i)
		return
	}
	base := unsafe.Pointer(&k.nd[0])
	var updates uint64
	for p := xat(base, i).down; p != i; p = xat(base, p).down {
		for q := p + 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 { // a spacer: back to the option's first node
				q = nq.up
				continue
			}
			xat(base, nq.up).down = nq.down
			xat(base, nq.down).up = nq.up
			xat(base, j).top--
			updates++
			q++
		}
	}
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = r, l
	k.updates += updates
}

// uncover undoes cover(i), in exactly the reverse order.
func (k *kernelX) uncover(i int32) {
	if k.counting {
		k.uncoverCounting(i)
		return
	}
	if k.buckets != nil {
		k.uncoverBuckets(i)
		return
	}
	base := unsafe.Pointer(&k.nd[0])
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = i, i
	for p := xat(base, i).up; p != i; p = xat(base, p).up {
		for q := p - 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 { // a spacer: on to the option's last node
				q = nq.down
				continue
			}
			xat(base, nq.up).down = q
			xat(base, nq.down).up = q
			xat(base, j).top++
			q--
		}
	}
}

// coverCounting is cover that also keeps zeros, the number of empty primary lists, up to
// date. It is cover's loop plus one branchless step per update (about 15% more time on
// queens 12), which pays only where scanning every item at every node costs more: in
// problems with many primary items (see countingMinPrimary).
func (k *kernelX) coverCounting(i int32) {
	base := unsafe.Pointer(&k.nd[0])
	var updates uint64
	var zeros int32
	np1 := k.np + 1
	for p := xat(base, i).down; p != i; p = xat(base, p).down {
		for q := p + 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 {
				q = nq.up
				continue
			}
			xat(base, nq.up).down = nq.down
			xat(base, nq.down).up = nq.up
			nj := xat(base, j)
			t := nj.top - 1
			nj.top = t
			// One more zero if t == 0 and j is primary (j <= np), without a branch.
			zeros += int32(uint32(t-1)>>31) & int32(uint32(j-np1)>>31)
			updates++
			q++
		}
	}
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = r, l
	k.updates += updates
	k.zeros += zeros
}

// uncoverCounting undoes coverCounting(i).
func (k *kernelX) uncoverCounting(i int32) {
	base := unsafe.Pointer(&k.nd[0])
	var zeros int32
	np1 := k.np + 1
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = i, i
	for p := xat(base, i).up; p != i; p = xat(base, p).up {
		for q := p - 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 {
				q = nq.down
				continue
			}
			xat(base, nq.up).down = q
			xat(base, nq.down).up = q
			nj := xat(base, j)
			t := nj.top
			nj.top = t + 1
			zeros += int32(uint32(t-1)>>31) & int32(uint32(j-np1)>>31)
			q--
		}
	}
	k.zeros -= zeros
}

// useBuckets makes k keep its short lists in buckets (see kernelX.buckets); k must be at
// its root.
func (k *kernelX) useBuckets() {
	k.counting = false
	k.buckets = make([]itemSet, numBuckets)
	for t := range k.buckets {
		k.buckets[t] = newItemSet(int(k.np) + 1)
	}
	for i := k.rlink[0]; i != 0; i = k.rlink[i] {
		if t := k.nd[i].top; t < numBuckets {
			k.buckets[t].add(i)
		}
	}
}

// coverBuckets is cover that also keeps buckets up to date: an item whose list becomes
// short moves to the set of its length, and i leaves its set as it leaves the active list
// (its own list does not change while it is covered). Like coverCounting, it is a copy of
// cover's loop with one more step, on purpose: the step in cover itself, even behind a
// flag, would be paid by every small problem in its innermost loop.
func (k *kernelX) coverBuckets(i int32) {
	base := unsafe.Pointer(&k.nd[0])
	var updates uint64
	np := k.np
	for p := xat(base, i).down; p != i; p = xat(base, p).down {
		for q := p + 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 {
				q = nq.up
				continue
			}
			xat(base, nq.up).down = nq.down
			xat(base, nq.down).up = nq.up
			nj := xat(base, j)
			t := nj.top - 1
			nj.top = t
			if t < numBuckets && j <= np {
				if t+1 < numBuckets {
					k.buckets[t+1].remove(j)
				}
				k.buckets[t].add(j)
			}
			updates++
			q++
		}
	}
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = r, l
	if t := xat(base, i).top; t < numBuckets && i <= np {
		k.buckets[t].remove(i)
	}
	k.updates += updates
}

// uncoverBuckets undoes coverBuckets(i).
func (k *kernelX) uncoverBuckets(i int32) {
	base := unsafe.Pointer(&k.nd[0])
	np := k.np
	if t := xat(base, i).top; t < numBuckets && i <= np {
		k.buckets[t].add(i)
	}
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = i, i
	for p := xat(base, i).up; p != i; p = xat(base, p).up {
		for q := p - 1; q != p; {
			nq := xat(base, q)
			j := nq.top
			if j <= 0 {
				q = nq.down
				continue
			}
			xat(base, nq.up).down = q
			xat(base, nq.down).up = q
			nj := xat(base, j)
			t := nj.top
			nj.top = t + 1
			if t < numBuckets && j <= np {
				k.buckets[t].remove(j)
				if t+1 < numBuckets {
					k.buckets[t+1].add(j)
				}
			}
			q--
		}
	}
}

// bucketMinPrimary is the number of primary items from which kernel X keeps its short
// lists in buckets; numBuckets is how many lengths it keeps (0 to numBuckets-1).
const (
	bucketMinPrimary = 1 << 14
	numBuckets       = 4
)

// countingMinPrimary is the number of primary items from which kernel X keeps count of the
// empty lists, so that choose can stop at the first list of one.
const countingMinPrimary = 512

// choose returns the active primary item with the shortest list and its length (minimum
// remaining values), the first such item in the list; in random mode ties are broken
// uniformly at random. It returns as soon as it meets an empty list, or a list of one when
// no list is empty: a chain of forced moves costs no scan of every item.
func (k *kernelX) choose() (best, bestLen int32) {
	nd, rlink := k.nd, k.rlink
	bestLen = math.MaxInt32
	if k.order.rng == nil {
		for t := range int32(len(k.buckets)) {
			if j := k.buckets[t].first(); j >= 0 {
				return j, t // the first item of least length: what the scan below finds
			}
		}
		stop := int32(0) // a length that no later item can beat
		if k.counting && k.zeros == 0 {
			stop = 1
		}
		for j := rlink[0]; j != 0; j = rlink[j] {
			if l := nd[j].top; l < bestLen {
				best, bestLen = j, l
				if l <= stop {
					break
				}
			}
		}
		return best, bestLen
	}
	var ties int32
	for j := rlink[0]; j != 0; j = rlink[j] {
		if l := nd[j].top; l < bestLen {
			best, bestLen, ties = j, l, 1
		} else if l == bestLen {
			ties++
			if k.order.rng.Int32N(ties) == 0 {
				best = j
			}
		}
	}
	return best, bestLen
}

// branches chooses the item to branch on at the node at depth l and returns the number of
// branches: 0 at a dead end, -1 at a solution.
func (k *kernelX) branches(l int) int32 {
	if k.rlink[0] == 0 {
		return -1
	}
	i, n := k.choose()
	k.item[l], k.cnt[l] = i, n
	return n
}

// open covers the item chosen at depth l and sets x to its first option.
func (k *kernelX) open(l int) {
	i := k.item[l]
	k.cover(i)
	k.pos[l] = -1
	if k.order.rng == nil {
		k.x[l] = k.nd[i].down
		return
	}
	k.order.begin(l)
	for p := k.nd[i].down; p != i; p = k.nd[p].down {
		k.order.add(p)
	}
	k.x[l] = k.order.end(l, i)
}

// next uncovers the other items of the option taken at depth l, if any, and moves x to the
// following option; then it covers the other items of x, or, when every option has been
// tried, uncovers the item and reports false.
func (k *kernelX) next(l int) bool {
	nd := k.nd
	x := k.x[l]
	if k.pos[l] >= 0 {
		k.leave(x)
		if k.order.rng == nil {
			x = nd[x].down
		} else {
			x = k.order.at(l, k.pos[l]+1)
		}
		k.x[l] = x
	}
	if x == k.item[l] { // every option tried
		k.pos[l] = -1 // nothing taken: close only uncovers the item
		k.close(l)
		return false
	}
	k.pos[l]++
	for q := x + 1; q != x; {
		if j := nd[q].top; j <= 0 { // a spacer: back to the option's first node
			q = nd[q].up
		} else {
			k.cover(j)
			q++
		}
	}
	return true
}

// leave uncovers the other items of option x, in the reverse order of their covering.
func (k *kernelX) leave(x int32) {
	nd := k.nd
	for q := x - 1; q != x; {
		if j := nd[q].top; j <= 0 { // a spacer: on to the option's last node
			q = nd[q].down
		} else {
			k.uncover(j)
			q--
		}
	}
}

// close leaves the option taken at depth l, if any, and uncovers the item.
func (k *kernelX) close(l int) {
	if k.pos[l] >= 0 {
		k.leave(k.x[l])
	}
	k.uncover(k.item[l])
	if k.order.rng != nil {
		k.order.release(l)
	}
}

// search runs Algorithm X on the subtree of the node at depth base, and reports whether it
// finished it (false when Visit or Poll stopped it: the kernel is then left mid-tree).
//
// kernelM.search is the same loop over kernel M's steps. One generic loop for both was
// measured 3.6% slower on DLXQueens12 (the steps become calls through Go's dictionary of
// methods), so the two 25 lines stay apart; change them together.
func (k *kernelX) search(base int, p *Params, st *Stats) bool {
	level := base
	defer func() { st.Updates += k.updates; k.updates = 0 }()

forward:
	st.Nodes++
	if st.Nodes&(pollEvery-1) == 0 && !polled(p, st, &k.updates, k.pos, k.cnt, level) {
		return false
	}
	if k.rlink[0] == 0 { // every primary item is covered
		if !k.visit(p, st, level) {
			return false
		}
		goto backdown
	}
	if i, n := k.choose(); n > 0 {
		k.item[level], k.cnt[level] = i, n
		k.open(level)
	} else {
		goto backdown
	}

try:
	if k.next(level) {
		level++
		goto forward
	}

backdown:
	if level == base {
		return true
	}
	level--
	goto try
}

// visit reports the solution x[0..level-1] (plus the forced options) and says whether to go
// on.
func (k *kernelX) visit(p *Params, st *Stats, level int) bool {
	st.Solutions++
	if p.Visit != nil {
		k.sol = append(k.sol[:0], k.forced...)
		for l := range level {
			k.sol = append(k.sol, optionOf(k.x[l], func(q int32) int32 { return k.nd[q].top }))
		}
		if !p.Visit(k.sol) {
			return false
		}
	}
	return p.Limit == 0 || st.Solutions < p.Limit
}

// optionOf returns the index of the option that node q belongs to, by walking left to the
// spacer before it; top reads a node's top field.
func optionOf(q int32, top func(int32) int32) int32 {
	for top(q) > 0 {
		q--
	}
	return -top(q)
}
