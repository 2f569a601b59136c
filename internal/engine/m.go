package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"unsafe"
)

// kernelM is Algorithm M with dancing links: primary items with bounds u..v, secondary items
// with colours. It finds every solution once as a set of options.
//
// An item i with room r = v - (times covered so far) and slack s = v - u still needs
// max(r - s, 0) more options. Branching on i has two forms:
//
//   - r = 1 ("cover" mode): cover i, then try each option of its list in turn; afterwards, if
//     i needs nothing more, the null branch leaves i with its last unit of room unused.
//   - r >= 2 ("tweak" mode): take the first option x of i's list, remove x from every list,
//     and try it with i still active; x stays removed while the later options are tried, so
//     the options chosen for i come in list order and no set is found twice. When too few
//     options are left, the null branch (if i needs nothing more) covers i.
//
// The item chosen minimises the branching degree len + 1 - max(r - s, 0); ties go to the
// smaller min(s, r), then to the longer list (Knuth's rule in DLX3).
//
// Kernel X (x.go) has the same shape (open, next, leave, choose and the hot loops of
// cover and hide) on its own 12-byte nodes: a deliberate pair, not one kernel, because
// the bounds and colours cost problems that have none. Kernel M on 11 queens, an exact
// problem, took 1.34x kernel X's time (medians of 6 interleaved runs, 13.7 vs 10.3 ms,
// 2026-11-24).
type kernelM struct {
	nd           []mnode
	llink, rlink []int32 // the active primary items, a doubly linked list over header nodes rooted at 0
	n, np        int32   // number of items and of primary items (headers 1..np are primary)
	room, slack  []int32 // by header node, primary items only
	// With buckets set (problems of at least bucketMinPrimary primary items, not random),
	// the active primary items of branching degree below numBuckets are kept in sets, so
	// that choose scans every item only when every degree is numBuckets or more, and
	// chooses as the scan does. Where every primary item is covered exactly once, the
	// degree is the list's length and the ties go to the first item, as in kernel X:
	// buckets[t] holds the items of t options, and choose takes the first item of the
	// first non-empty set. With bounds (bucket not nil), bucket[j] is the set that item j
	// is in (-1: none; see bucketOf), kept by rebucket wherever a list's length, a room or
	// the active list changes.
	buckets []itemSet
	bucket  []int8 // by header node; nil when exact
	forced  []int32
	updates uint64

	// Per level: the item branched on and its branches (levels), its mode, the option node
	// tried (the item's header in a null branch), and where this level's removed options
	// start on the tw stack. In random cover mode the options' order.
	levels
	x, twBase []int32
	mode      []uint8
	order     randomOrder
	tw, sol   []int32
}

const (
	modeCover     = iota // i covered; x runs down its list
	modeCoverNull        // i covered, none of its options taken
	modeTweak            // i active; x removed from all lists and taken
	modeTweakNull        // i covered after its options were tried
	modeDone             // every branch taken; the level is closed
)

func newKernelM(sp *Spec, rng *rand.Rand) *kernelM {
	k := &kernelM{nd: buildNodes(sp), n: int32(sp.NumItems), np: int32(sp.NumPrimary)}
	k.llink, k.rlink = activeList(sp)
	k.room = make([]int32, k.np+1)
	k.slack = make([]int32, k.np+1)
	for i := range sp.NumPrimary {
		k.room[i+1] = sp.Hi[i]
		k.slack[i+1] = sp.Hi[i] - sp.Lo[i]
	}
	// A level either takes an option or closes an item.
	depth := sp.NumOptions() + sp.NumPrimary + 1
	k.levels = newLevels(depth)
	k.x = make([]int32, depth)
	k.twBase = make([]int32, depth)
	k.mode = make([]uint8, depth)
	k.order = newRandomOrder(rng, len(sp.Item)+sp.NumOptions(), depth)
	k.tw = make([]int32, 0, sp.NumOptions())
	if sp.NumPrimary >= bucketMinPrimary && rng == nil {
		k.useBuckets()
	}
	return k
}

// useBuckets makes k keep its active items in buckets by branching degree (see
// kernelM.buckets); k must be at its root.
func (k *kernelM) useBuckets() {
	exact := true // every primary item exactly once
	for j := int32(1); j <= k.np; j++ {
		exact = exact && k.room[j] == 1 && k.slack[j] == 0
	}
	n := numBuckets
	if !exact {
		n = numBuckets * boundSets
	}
	k.buckets = make([]itemSet, n)
	for t := range k.buckets {
		k.buckets[t] = newItemSet(int(k.np) + 1)
	}
	if !exact {
		k.bucket = make([]int8, k.np+1)
		for j := range k.bucket {
			k.bucket[j] = -1
		}
		for j := k.rlink[0]; j != 0; j = k.rlink[j] {
			k.rebucket(j)
		}
		return
	}
	for i := k.rlink[0]; i != 0; i = k.rlink[i] {
		if t := k.nd[i].top; t < numBuckets {
			k.buckets[t].add(i)
		}
	}
}

// shorter moves primary item j, whose list has just lost one option and has t left, to
// the set of its degree; longer(j, t) does the same for a list that has just gained one.
func (k *kernelM) shorter(j, t int32) {
	if j > k.np {
		return
	}
	if k.bucket != nil {
		k.rebucket(j)
		return
	}
	if t < numBuckets {
		if t+1 < numBuckets {
			k.buckets[t+1].remove(j)
		}
		k.buckets[t].add(j)
	}
}

func (k *kernelM) longer(j, t int32) {
	if j > k.np {
		return
	}
	if k.bucket != nil {
		k.rebucket(j)
		return
	}
	if t--; t < numBuckets {
		k.buckets[t].remove(j)
		if t+1 < numBuckets {
			k.buckets[t+1].add(j)
		}
	}
}

// The sets of items with bounds: for each degree t below numBuckets (0 for every degree
// at most 0), a set for each s = min(slack, room) below boundSlack and room r below
// boundRoom, the greater rooms first, then a set for each r of the greater s. In that
// order the sets follow the scan's ties (the smaller s, then the longer list: for equal t
// and s, the greater r), so that where both are below their limits every member of a set
// ties on all three, and the first member of the first non-empty set is the scan's choice.
const (
	boundSlack = 2
	boundRoom  = 3
	boundRooms = boundRoom + 1
	boundSets  = (boundSlack + 1) * boundRooms // a degree's sets
)

// bucketOf returns the set of an item of degree t (below numBuckets), s = min(slack, room)
// and room r.
func bucketOf(t, s, r int32) int8 {
	return int8((max(t, 0)*(boundSlack+1)+min(s, boundSlack))*boundRooms + boundRoom - min(r, boundRoom))
}

// rebucket puts primary item j in its set (bucketOf), or in none when it is not active, is
// settled or its degree is numBuckets or more (problems with bounds).
func (k *kernelM) rebucket(j int32) {
	want := int8(-1)
	if k.rlink[k.llink[j]] == j { // active (a covered item's neighbours skip it)
		l, r, sl := k.nd[j].top, k.room[j], k.slack[j]
		if l != 0 || sl < r {
			s := min(sl, r)
			if t := l + s - r + 1; t < numBuckets {
				want = bucketOf(t, s, r)
			}
		}
	}
	if had := k.bucket[j]; had != want {
		if had >= 0 {
			k.buckets[had].remove(j)
		}
		if want >= 0 {
			k.buckets[want].add(j)
		}
		k.bucket[j] = want
	}
}

// clone returns a kernel in the same state with arrays of its own, for another worker.
func (k *kernelM) clone() kernel {
	c := *k
	c.nd = slices.Clone(k.nd)
	c.llink, c.rlink, c.room = slices.Clone(k.llink), slices.Clone(k.rlink), slices.Clone(k.room)
	c.levels, c.x = k.levels.clone(), slices.Clone(k.x)
	c.twBase, c.mode, c.order = slices.Clone(k.twBase), slices.Clone(k.mode), k.order.clone()
	c.tw = append(make([]int32, 0, cap(k.tw)), k.tw...)
	c.sol, c.updates = nil, 0
	if k.buckets != nil {
		c.buckets = make([]itemSet, len(k.buckets))
		for t := range k.buckets {
			c.buckets[t] = k.buckets[t].clone()
		}
		c.bucket = slices.Clone(k.bucket)
	}
	return &c
}

// force applies options that every solution must contain; compatible has vetted them.
func (k *kernelM) force(sp *Spec, opts []int32) {
	for _, o := range opts {
		k.forced = append(k.forced, o)
		x := firstNode(sp, o)
		k.hideOption(x)
		k.commitOption(x)
	}
}

// mat returns node q of the array that starts at base; as in kernel X, the hot loops follow
// links of the layout, which are always in range, without bounds checks.
func mat(base unsafe.Pointer, q int32) *mnode {
	return (*mnode)(unsafe.Add(base, uintptr(q)*unsafe.Sizeof(mnode{})))
}

// hide removes the other nodes of p's option from their lists, except nodes marked as
// purified (they stay for unpurify to find).
func (k *kernelM) hide(p int32) {
	if k.buckets != nil {
		k.hideBuckets(p)
		return
	}
	base := unsafe.Pointer(&k.nd[0])
	var updates uint64
	for q := p + 1; q != p; {
		nq := mat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			mat(base, nq.up).down = nq.down
			mat(base, nq.down).up = nq.up
			mat(base, j).top--
			updates++
		}
		q++
	}
	k.updates += updates
}

// unhide undoes hide(p).
func (k *kernelM) unhide(p int32) {
	if k.buckets != nil {
		k.unhideBuckets(p)
		return
	}
	base := unsafe.Pointer(&k.nd[0])
	for q := p - 1; q != p; {
		nq := mat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.down
			continue
		}
		if nq.color >= 0 {
			mat(base, nq.up).down = q
			mat(base, nq.down).up = q
			mat(base, j).top++
		}
		q--
	}
}

// hideBuckets is hide that also keeps the buckets: a copy of its loop with one more step,
// as in kernel X, so that problems without buckets do not pay for the step.
func (k *kernelM) hideBuckets(p int32) {
	base := unsafe.Pointer(&k.nd[0])
	var updates uint64
	for q := p + 1; q != p; {
		nq := mat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.up
			continue
		}
		if nq.color >= 0 {
			mat(base, nq.up).down = nq.down
			mat(base, nq.down).up = nq.up
			nj := mat(base, j)
			nj.top--
			k.shorter(j, nj.top)
			updates++
		}
		q++
	}
	k.updates += updates
}

// unhideBuckets undoes hideBuckets(p).
func (k *kernelM) unhideBuckets(p int32) {
	base := unsafe.Pointer(&k.nd[0])
	for q := p - 1; q != p; {
		nq := mat(base, q)
		j := nq.top
		if j <= 0 {
			q = nq.down
			continue
		}
		if nq.color >= 0 {
			mat(base, nq.up).down = q
			mat(base, nq.down).up = q
			nj := mat(base, j)
			nj.top++
			k.longer(j, nj.top)
		}
		q--
	}
}

// cover takes item i out of the active list and hides every option in its list.
func (k *kernelM) cover(i int32) {
	nd := k.nd
	for p := nd[i].down; p != i; p = nd[p].down {
		k.hide(p)
	}
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = r, l
	if k.buckets != nil && i <= k.np {
		if k.bucket != nil {
			k.rebucket(i)
		} else if t := nd[i].top; t < numBuckets {
			k.buckets[t].remove(i) // its own list does not change while it is covered
		}
	}
}

// uncover undoes cover(i).
func (k *kernelM) uncover(i int32) {
	nd := k.nd
	l, r := k.llink[i], k.rlink[i]
	k.rlink[l], k.llink[r] = i, i
	if k.buckets != nil && i <= k.np {
		if k.bucket != nil {
			k.rebucket(i)
		} else if t := nd[i].top; t < numBuckets {
			k.buckets[t].add(i)
		}
	}
	for p := nd[i].up; p != i; p = nd[p].up {
		k.unhide(p)
	}
}

// purify fixes the colour of p's secondary item to p's colour: options of another colour are
// hidden, those of the same colour are marked.
func (k *kernelM) purify(p int32) {
	nd := k.nd
	i, c := nd[p].top, nd[p].color
	for q := nd[i].down; q != i; q = nd[q].down {
		if nd[q].color == c {
			nd[q].color = -1
		} else {
			k.hide(q)
		}
	}
}

// unpurify undoes purify(p).
func (k *kernelM) unpurify(p int32) {
	nd := k.nd
	i, c := nd[p].top, nd[p].color
	for q := nd[i].up; q != i; q = nd[q].up {
		if nd[q].color < 0 {
			nd[q].color = c
		} else {
			k.unhide(q)
		}
	}
}

// commit accounts for the chosen node q: one less unit of room for a primary item (covered
// when none is left); a secondary item covered (no colour) or purified (a colour). A node
// marked -1 belongs to an item already purified to its colour: nothing to do.
func (k *kernelM) commit(q int32) {
	j := k.nd[q].top
	if j <= k.np {
		k.room[j]--
		if k.room[j] == 0 {
			k.cover(j)
		} else if k.bucket != nil {
			k.rebucket(j)
		}
		return
	}
	switch c := k.nd[q].color; {
	case c == 0:
		k.cover(j)
	case c > 0:
		k.purify(q)
	}
}

// uncommit undoes commit(q).
func (k *kernelM) uncommit(q int32) {
	j := k.nd[q].top
	if j <= k.np {
		if k.room[j] == 0 {
			k.uncover(j)
		}
		k.room[j]++
		if k.bucket != nil {
			k.rebucket(j)
		}
		return
	}
	switch c := k.nd[q].color; {
	case c == 0:
		k.uncover(j)
	case c > 0:
		k.unpurify(q)
	}
}

// hideOption removes every node of x's option from its list (purified-marked nodes stay).
func (k *kernelM) hideOption(x int32) {
	nd := k.nd
	q := x
	for {
		if nd[q].color >= 0 {
			u, d := nd[q].up, nd[q].down
			nd[u].down = d
			nd[d].up = u
			j := nd[q].top
			nd[j].top--
			if k.buckets != nil {
				k.shorter(j, nd[j].top)
			}
			k.updates++
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

// unhideOption undoes hideOption(x).
func (k *kernelM) unhideOption(x int32) {
	nd := k.nd
	q := x
	for {
		q--
		if nd[q].top <= 0 {
			q = nd[q].down
		}
		if nd[q].color >= 0 {
			u, d := nd[q].up, nd[q].down
			nd[u].down = q
			nd[d].up = q
			j := nd[q].top
			nd[j].top++
			if k.buckets != nil {
				k.longer(j, nd[j].top)
			}
		}
		if q == x {
			return
		}
	}
}

// commitOption commits every node of x's option, starting at x.
func (k *kernelM) commitOption(x int32) {
	nd := k.nd
	q := x
	for {
		k.commit(q)
		q++
		if nd[q].top <= 0 {
			q = nd[q].up
		}
		if q == x {
			return
		}
	}
}

// uncommitOption undoes commitOption(x), in reverse order.
func (k *kernelM) uncommitOption(x int32) {
	nd := k.nd
	q := x
	for {
		q--
		if nd[q].top <= 0 {
			q = nd[q].down
		}
		k.uncommit(q)
		if q == x {
			return
		}
	}
}

// commitOthers commits the nodes of x's option other than x.
func (k *kernelM) commitOthers(x int32) {
	nd := k.nd
	for q := x + 1; q != x; {
		if nd[q].top <= 0 {
			q = nd[q].up
			continue
		}
		k.commit(q)
		q++
	}
}

// uncommitOthers undoes commitOthers(x), in reverse order.
func (k *kernelM) uncommitOthers(x int32) {
	nd := k.nd
	for q := x - 1; q != x; {
		if nd[q].top <= 0 {
			q = nd[q].down
			continue
		}
		k.uncommit(q)
		q--
	}
}

// choose returns the active primary item of least branching degree, and that degree;
// ties go to the smaller min(slack, room), then to the longer list, and in random mode
// uniformly at random among items equal on all three. An item with no option left that
// needs none is passed over: it is settled, without the node of a null branch (as in
// Knuth's SSMCC). best is 0 when every item is settled.
func (k *kernelM) choose() (best, bestScore int32) {
	nd, rlink := k.nd, k.rlink
	if k.bucket != nil {
		if best, bestScore = k.chooseBounds(); best > 0 {
			return best, bestScore
		}
	} else {
		for t := range int32(len(k.buckets)) {
			if j := k.buckets[t].first(); j >= 0 {
				return j, t // every item exactly once: the degree is the length, as below
			}
		}
	}
	var bestS, bestL, ties int32
	bestScore = math.MaxInt32
	for j := rlink[0]; j != 0; j = rlink[j] {
		l, r := nd[j].top, k.room[j]
		if l == 0 && k.slack[j] >= r {
			continue // nothing left and nothing needed: settled without a node
		}
		s := min(k.slack[j], r)
		t := l + s - r + 1 // the branching degree
		switch {
		case t < bestScore || t == bestScore && (s < bestS || s == bestS && l > bestL):
			best, bestScore, bestS, bestL, ties = j, t, s, l, 1
		case k.order.rng != nil && t == bestScore && s == bestS && l == bestL:
			ties++
			if k.order.rng.Int32N(ties) == 0 {
				best = j
			}
		}
	}
	return best, bestScore
}

// chooseBounds is choose from the sets of items with bounds (see bucketOf); best is 0
// when every set is empty. Where a set's members may not tie (degree 0 or less, which
// stands for every degree up to 0, s or r at its limit), the scan's comparisons run over
// the members that may win: this set's, and with the degree or s not exact those of the
// degree's later sets too.
func (k *kernelM) chooseBounds() (best, bestScore int32) {
	for b := range len(k.buckets) {
		j := k.buckets[b].first()
		if j < 0 {
			continue
		}
		t := int32(b / boundSets)
		s := int32(b%boundSets) / boundRooms
		r := boundRoom - int32(b%boundRooms)
		if t > 0 && s < boundSlack && r < boundRoom {
			return j, t // every member ties: the first is the scan's
		}
		last := b + 1 // the sets whose members may win
		if t == 0 || s == boundSlack {
			last = int(t+1) * boundSets
		}
		var bestS, bestL int32
		bestScore = math.MaxInt32
		for ; b < last; b++ {
			for j := k.buckets[b].first(); j >= 0; j = k.buckets[b].next(j) {
				l, r := k.nd[j].top, k.room[j]
				s := min(k.slack[j], r)
				d := l + s - r + 1
				if d < bestScore || d == bestScore && (s < bestS || s == bestS && (l > bestL || l == bestL && j < best)) {
					best, bestScore, bestS, bestL = j, d, s, l
				}
			}
		}
		return best, bestScore
	}
	return 0, 0
}

// branches chooses the item to branch on at the node at depth l and returns the number of
// branches: 0 at a dead end, -1 at a solution.
func (k *kernelM) branches(l int) int32 {
	i, t := k.choose()
	if i == 0 { // every primary item is settled
		return -1
	}
	t = max(t, 0)
	k.item[l], k.cnt[l] = i, t
	return t
}

// open prepares the branches on the item chosen at depth l: in cover mode (room 1) it
// covers the item and sets x to its first option; in tweak mode the options are taken from
// the front of the item's list as they come.
func (k *kernelM) open(l int) {
	i := k.item[l]
	k.pos[l] = -1
	if k.room[i] != 1 {
		k.mode[l] = modeTweak
		k.twBase[l] = int32(len(k.tw))
		return
	}
	k.mode[l] = modeCover
	k.cover(i)
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

// next leaves the branch taken at depth l, if any, and goes down the next one: the option
// x in cover mode; in tweak mode the first option left, removed from every list for this
// branch and the later ones; after the options, the null branch if the item needs nothing
// more. With no branch left it closes the level and reports false.
func (k *kernelM) next(l int) bool {
	i, x := k.item[l], k.x[l]
	if k.pos[l] >= 0 {
		k.leave(l)
		switch k.mode[l] {
		case modeCover:
			if k.order.rng == nil {
				x = k.nd[x].down
			} else {
				x = k.order.at(l, k.pos[l]+1)
			}
			k.x[l] = x
		case modeCoverNull, modeTweakNull: // the null branch is the last
			k.shut(l)
			return false
		}
	}
	k.pos[l]++
	if k.mode[l] == modeCover {
		if x != i {
			k.commitOthers(x)
			return true
		}
		if k.slack[i] == 0 { // every option tried, and i needs one
			k.shut(l)
			return false
		}
		k.mode[l] = modeCoverNull
		return true
	}
	if n := k.nd[i].top; n > 0 && n >= k.room[i]-k.slack[i] {
		x = k.pick(i, n)
		k.hideOption(x)
		k.tw = append(k.tw, x)
		k.x[l] = x
		k.commitOption(x)
		return true
	}
	if k.room[i] > k.slack[i] { // i still needs options that are not there
		k.shut(l)
		return false
	}
	k.mode[l], k.x[l] = modeTweakNull, i
	k.cover(i)
	return true
}

// leave comes back from the branch taken at depth l. (The null branch of cover mode leaves
// the item covered, as open did; shut uncovers it.)
func (k *kernelM) leave(l int) {
	switch k.mode[l] {
	case modeCover:
		k.uncommitOthers(k.x[l])
	case modeTweak:
		k.uncommitOption(k.x[l])
	case modeTweakNull:
		k.uncover(k.item[l])
	}
}

// shut undoes what open and the branches tried did at depth l: the item uncovered in cover
// mode, the removed options put back in tweak mode.
func (k *kernelM) shut(l int) {
	switch k.mode[l] {
	case modeCover, modeCoverNull:
		k.uncover(k.item[l])
		if k.order.rng != nil {
			k.order.release(l)
		}
	case modeTweak, modeTweakNull:
		base := k.twBase[l]
		for t := int32(len(k.tw)) - 1; t >= base; t-- {
			k.unhideOption(k.tw[t])
		}
		k.tw = k.tw[:base]
	}
	k.mode[l] = modeDone
}

// close leaves the branch taken at depth l, if any, and closes the level.
func (k *kernelM) close(l int) {
	if k.pos[l] >= 0 {
		k.leave(l)
	}
	k.shut(l)
}

// search runs Algorithm M on the subtree of the node at depth base, and reports whether it
// finished it (false when Visit or Poll stopped it: the kernel is then left mid-tree). It is
// kernelX.search's loop over kernel M's steps (see there why they are two).
func (k *kernelM) search(base int, p *Params, st *Stats) bool {
	level := base
	defer func() { st.Updates += k.updates; k.updates = 0 }()

forward:
	st.Nodes++
	if st.Nodes&(pollEvery-1) == 0 && !polled(p, st, &k.updates, k.pos, k.cnt, level) {
		return false
	}
	if i, t := k.choose(); i == 0 { // every primary item is settled
		if !k.visit(p, st, level) {
			return false
		}
		goto backdown
	} else if t > 0 {
		k.item[level], k.cnt[level] = i, t
		k.open(level)
	} else { // too few options left for some item
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

// pick returns the option node of item i to try next: the first of its n options, or in
// random mode any of them.
func (k *kernelM) pick(i, n int32) int32 {
	x := k.nd[i].down
	if k.order.rng != nil {
		for r := k.order.rng.Int32N(n); r > 0; r-- {
			x = k.nd[x].down
		}
	}
	return x
}

// visit reports the solution (the options taken at every level, plus the forced ones) and
// says whether to go on.
func (k *kernelM) visit(p *Params, st *Stats, level int) bool {
	st.Solutions++
	if p.Visit != nil {
		k.sol = append(k.sol[:0], k.forced...)
		for l := range level {
			if x := k.x[l]; x > k.n { // not a null branch
				k.sol = append(k.sol, optionOf(x, func(q int32) int32 { return k.nd[q].top }))
			}
		}
		if !p.Visit(k.sol) {
			return false
		}
	}
	return p.Limit == 0 || st.Solutions < p.Limit
}
