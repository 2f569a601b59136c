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
	nd         []xnode
	prev, next []int32 // the active primary items, a list over header nodes rooted at 0
	np         int32   // number of primary items: headers 1..np
	// With counting set, zeros is the number of primary items whose list is empty. Only
	// active items lose options (an option left in any list has no covered item), so
	// these are active dead ends; while there are none, an item with one option is a best
	// choice, and choose stops at the first.
	counting bool
	zeros    int32
	rng      *rand.Rand
	forced   []int32
	updates  uint64
	level    int // the depth of the current node: levels below it were entered by descend

	// Per level l of the search: the item branched on, the option node being tried, its
	// position pos among the cnt options of the item; in random mode the options' order is
	// rbuf[rbase[l]:], closed by the item's header as a sentinel.
	item, x, pos, cnt, rbase []int32
	rbuf                     []int32
	sol                      []int32
}

func newKernelX(sp *Spec) *kernelX {
	nd := make([]xnode, numNodes(sp))
	layout(sp, nd, func(x *xnode) *links { return x })
	k := &kernelX{nd: nd, np: int32(sp.NumPrimary)}
	k.counting = sp.NumPrimary >= countingMinPrimary
	for i := int32(1); i <= k.np; i++ {
		if nd[i].top == 0 {
			k.zeros++
		}
	}
	k.prev, k.next = activeList(sp)
	depth := sp.NumPrimary + 1 // every level covers at least one more primary item
	k.item = make([]int32, depth)
	k.x = make([]int32, depth)
	k.pos = make([]int32, depth)
	k.cnt = make([]int32, depth)
	k.rbase = make([]int32, depth)
	return k
}

// clone returns a kernel in the same state with arrays of its own, for another worker.
func (k *kernelX) clone() kernel {
	c := *k
	c.nd = slices.Clone(k.nd)
	c.prev, c.next = slices.Clone(k.prev), slices.Clone(k.next)
	c.item, c.x, c.pos = slices.Clone(k.item), slices.Clone(k.x), slices.Clone(k.pos)
	c.cnt, c.rbase = slices.Clone(k.cnt), slices.Clone(k.rbase)
	c.rbuf, c.sol, c.updates = make([]int32, 0, cap(k.rbuf)), nil, 0
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
	l, r := k.prev[i], k.next[i]
	k.next[l], k.prev[r] = r, l
	k.updates += updates
}

// uncover undoes cover(i), in exactly the reverse order.
func (k *kernelX) uncover(i int32) {
	if k.counting {
		k.uncoverCounting(i)
		return
	}
	base := unsafe.Pointer(&k.nd[0])
	l, r := k.prev[i], k.next[i]
	k.next[l], k.prev[r] = i, i
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
	l, r := k.prev[i], k.next[i]
	k.next[l], k.prev[r] = r, l
	k.updates += updates
	k.zeros += zeros
}

// uncoverCounting undoes coverCounting(i).
func (k *kernelX) uncoverCounting(i int32) {
	base := unsafe.Pointer(&k.nd[0])
	var zeros int32
	np1 := k.np + 1
	l, r := k.prev[i], k.next[i]
	k.next[l], k.prev[r] = i, i
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

// countingMinPrimary is the number of primary items from which kernel X keeps count of the
// empty lists, so that choose can stop at the first list of one.
const countingMinPrimary = 512

// choose returns the active primary item with the shortest list and its length (minimum
// remaining values), the first such item in the list; in random mode ties are broken
// uniformly at random. It returns as soon as it meets an empty list, or a list of one when
// no list is empty: a chain of forced moves costs no scan of every item.
func (k *kernelX) choose() (best, bestLen int32) {
	nd, next := k.nd, k.next
	bestLen = math.MaxInt32
	if k.rng == nil {
		stop := int32(0) // a length that no later item can beat
		if k.counting && k.zeros == 0 {
			stop = 1
		}
		for j := next[0]; j != 0; j = next[j] {
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
	for j := next[0]; j != 0; j = next[j] {
		if l := nd[j].top; l < bestLen {
			best, bestLen, ties = j, l, 1
		} else if l == bestLen {
			ties++
			if k.rng.Int32N(ties) == 0 {
				best = j
			}
		}
	}
	return best, bestLen
}

// branches chooses the item to branch on at the current node and returns the number of
// branches: 0 at a dead end, -1 at a solution.
func (k *kernelX) branches() int32 {
	if k.next[0] == 0 {
		return -1
	}
	i, l := k.choose()
	k.item[k.level], k.cnt[k.level] = i, l
	return l
}

// descend moves to branch b of the current node; branches must have been called there.
func (k *kernelX) descend(b int32) {
	nd, level := k.nd, k.level
	i := k.item[level]
	k.cover(i)
	x := nd[i].down
	for range b {
		x = nd[x].down
	}
	k.x[level], k.pos[level] = x, b
	for q := x + 1; q != x; {
		if j := nd[q].top; j <= 0 {
			q = nd[q].up
		} else {
			k.cover(j)
			q++
		}
	}
	k.level++
}

// ascend undoes the last descend.
func (k *kernelX) ascend() {
	nd := k.nd
	k.level--
	x := k.x[k.level]
	for q := x - 1; q != x; {
		if j := nd[q].top; j <= 0 {
			q = nd[q].down
		} else {
			k.uncover(j)
			q--
		}
	}
	k.uncover(k.item[k.level])
}

// search runs Algorithm X on the subtree of the current node, and reports whether it
// finished it (false when Visit or Poll stopped it: the kernel is then left mid-tree).
func (k *kernelX) search(p *Params, st *Stats) bool {
	nd := k.nd
	base := k.level
	level := base
	var i, x, q, j, best, bestLen int32
	defer func() { st.Updates += k.updates; k.updates = 0 }()

forward:
	st.Nodes++
	if st.Nodes&(pollEvery-1) == 0 && !polled(p, st, &k.updates, k.pos, k.cnt, level) {
		return false
	}
	if k.next[0] == 0 { // every primary item is covered
		if !k.visit(p, st, level) {
			return false
		}
		goto backdown
	}
	best, bestLen = k.choose()
	if bestLen == 0 {
		goto backdown
	}
	i = best
	k.cover(i)
	k.item[level], k.pos[level], k.cnt[level] = i, 0, bestLen
	if k.rng == nil {
		k.x[level] = nd[i].down
	} else {
		k.x[level] = k.shuffle(level, i)
	}

try:
	i, x = k.item[level], k.x[level]
	if x == i { // every option of i has been tried
		k.uncover(i)
		goto backdown
	}
	for q = x + 1; q != x; { // cover the option's other items
		j = nd[q].top
		if j <= 0 {
			q = nd[q].up
			continue
		}
		k.cover(j)
		q++
	}
	level++
	goto forward

backdown:
	if level == base {
		return true
	}
	level--
	x = k.x[level]
	for q = x - 1; q != x; { // uncover the option's other items, in reverse
		j = nd[q].top
		if j <= 0 {
			q = nd[q].down
			continue
		}
		k.uncover(j)
		q--
	}
	k.pos[level]++
	if k.rng == nil {
		k.x[level] = nd[x].down
	} else {
		k.x[level] = k.rbuf[k.rbase[level]+k.pos[level]]
	}
	goto try
}

// shuffle puts the options of item i in random order in rbuf for this level, followed by i
// itself as the end marker, and returns the first.
func (k *kernelX) shuffle(level int, i int32) int32 {
	base := int32(0)
	if level > 0 && k.rng != nil {
		base = k.rbase[level-1] + k.cnt[level-1] + 1
	}
	k.rbase[level] = base
	k.rbuf = k.rbuf[:base]
	for p := k.nd[i].down; p != i; p = k.nd[p].down {
		k.rbuf = append(k.rbuf, p)
	}
	opts := k.rbuf[base:]
	shuffle(k.rng, opts)
	k.rbuf = append(k.rbuf, i)
	return k.rbuf[base]
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
