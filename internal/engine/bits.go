package engine

import (
	"math"
	"math/bits"
	"slices"
	"unsafe"
)

// kernelB is Algorithms X, C and M on bitsets, for problems with few options (see
// makePlan).
//
// The state of a node is the set A of options still possible, a bitset over the options,
// and per primary item the number of possible options containing it (cnt) and the number of
// times it may still be covered (room), plus the set of unsettled primary items. Each level
// has its own copy of the state, so going back up costs nothing.
//
// Taking option o removes from A every option that conflicts with it, a precomputed bitset:
// the options sharing an item that o fills for good (an item with upper bound 1), and those
// sharing a secondary item unless both give it the same colour. Items with larger bounds
// lose their options when their room runs out. Branching is Algorithm M's: an item with
// room 1 tries each of its options in turn, then (if it needs no more) none; an item with
// more room takes its first option and, for the later branches, excludes the options taken
// in the earlier ones. For problems without bounds this is Algorithm X (or C with colours)
// with the same search tree as the dancing-links kernels.
//
// Memory: a conflict bitset per option (options²/8 bytes), a bitset per primary item, and
// per level a copy of the state.
type kernelB struct {
	w, np, wp int      // words per option bitset, primary items, words of the item bitset
	mask      []uint64 // primary item i's options: mask[i*w:(i+1)*w]
	mask4     []uint64 // when 1 < w <= 4: mask with 4 words an item, the last 4-w zero
	mspan     []int32  // the words of item i's mask that hold options: mspan[2i] to mspan[2i+1]
	conf      []uint64 // option o's conflicts: conf[o*w:(o+1)*w]; nil in rows mode
	// In rows mode (problems with too many options for conf, see bitsRowsFit), taking an
	// option clears one row per entry instead: entry e (of sp.Item) clears
	// rows[erow[e]*w:(erow[e]+1)*w], or nothing when erow[e] < 0 (a primary item with
	// upper bound above 1). A row is an item's options, or for a coloured entry the
	// item's options that give it another colour or none. More work per take (a pass per
	// entry), no table the square of the options.
	rows   []uint64
	erow   []int32
	start  []int32 // option o's entries: erow[start[o]:start[o+1]]
	pstart []int32 // option o's primary items: pitems[pstart[o]:pstart[o+1]]
	pitems []int32
	// uni is the number of primary items of every option, where all have 2, 3 or 4
	// (pitems[uni*o:uni*(o+1)]), else 0: applyPlain's loop unrolled (Sudoku, 4: 0.56 s
	// against 0.61 on Escargot less 5 givens, medians of 5).
	uni       int
	oprim     []uint64 // option o's primary items as a bitset: oprim[o*wp:(o+1)*wp]
	hi, slack []int32  // bounds of each primary item
	plain     bool     // every primary item is covered exactly once
	lazy      bool     // counts are computed when needed (popcounts) instead of kept in cnt
	popcnt    bool     // the processor has POPCNT: choosePlain4 and applyPlainLazy run assembly
	forced    []int32
	level     int
	sw        int      // words of one level's state
	words     []uint64 // level l's state: A, the unsettled items, cnt, room: words[l*sw:(l+1)*sw]
	ints      []int32  // words seen as int32s, for cnt and room (see ib)
	levels             // per level: the item branched on, branch number and count
	cur       []int32  // per level: in cover mode the option tried
	chosen    []int32  // per level: the option taken, or -1 for a null branch
	mode      []uint8
	sol       []int32
	saveW     []uint64 // the base level's state, which a search changes in place
	fstack    []int32  // options taken by forced moves, made in place (see search)
	fbase     []int32  // per level: where its forced options start in fstack
	root      []uint64 // state 0 as it was when the root was opened (see close)
	leaf      bool     // the option last taken is a solution; no state was built for it
	updates   uint64   // options removed from A
	// short: an exact problem with kept counts and conflict bitsets whose items have at
	// most 254 options each keeps its counts as bytes, bytes[is(s):], a settled item's
	// byteSettled, padded with it to a multiple of 32 (nbyte), so that choose takes the
	// least in vector steps (minByte) and a state is shorter to copy. Nothing then reads
	// the unsettled items as a set but completes, which needs only how many there are: the
	// set's first word holds that number instead.
	short bool
	bytes []uint8
	nbyte int
	// copyW is how many words of a state copyState copies: all of them, or in an exact
	// problem all but room, which such a problem never reads (every room is 1 until the
	// item is settled, and the unsettled items say which).
	copyW int
	// ro is where room starts after cnt in a state's ints: np, or 0 (room in cnt's place)
	// when counts are found by popcounts in a problem with bounds.
	ro   int
	tick int // nodes until the next poll, kept across searches of small parts
}

// byteSettled is a settled item's count in short mode: more than any item has.
const byteSettled = math.MaxUint8

// ib returns the index in ints of state s's cnt, followed by its room.
func (k *kernelB) ib(s int) int { return 2 * (s*k.sw + k.w + k.wp) }

// is returns the index in bytes of state s's counts in short mode.
func (k *kernelB) is(s int) int { return 8 * (s*k.sw + k.w + k.wp) }

// maxLen returns the length of the longest list.
func maxLen(lists [][]itemUse) int {
	n := 0
	for _, l := range lists {
		n = max(n, len(l))
	}
	return n
}

// bitsMaxOptions bounds the problems kernelB takes: its conflict table grows as the square
// of the number of options, and each node works on bitsets of that length.
const bitsMaxOptions = 1 << 13

// newKernelB sets kernelB up for sp as planned; the plan's forced kernel may force rows
// mode and the way counts are found.
// An itemUse is an option's use of an item, with the colour it gives it (0: none).
type itemUse struct{ opt, color int32 }

// secondaryConflicts adds to conf (w words an option) the conflicts through the secondary
// items whose uses are lists: an option that leaves an item uncoloured conflicts with its
// every user, itself included, and one that colours it with those of another colour or
// none. An item of at most short users is done pair by pair; a longer one by whole words,
// each option taking all the item's users but those of its own colour (de Bruijn 2-4-6,
// items used by a thousand options each: 8 ms pair by pair, a tenth of that by words).
// It sorts each long list by colour.
func secondaryConflicts(conf []uint64, w int, lists [][]itemUse, short int) {
	all := make([]uint64, w)
	same := make([]uint64, w)
	for _, us := range lists {
		if len(us) <= short {
			for _, v := range us {
				c := conf[int(v.opt)*w : int(v.opt+1)*w]
				for _, u := range us {
					if v.color == 0 || u.color != v.color {
						c[u.opt>>6] |= 1 << (u.opt & 63)
					}
				}
			}
			continue
		}
		clear(all)
		for _, u := range us {
			all[u.opt>>6] |= 1 << (u.opt & 63)
		}
		slices.SortFunc(us, func(a, b itemUse) int { return int(a.color) - int(b.color) })
		for run := us; len(run) > 0; {
			n := 1
			for n < len(run) && run[n].color == run[0].color {
				n++
			}
			clear(same)
			if run[0].color != 0 {
				for _, u := range run[:n] {
					same[u.opt>>6] |= 1 << (u.opt & 63)
				}
			}
			for _, u := range run[:n] {
				c := conf[int(u.opt)*w : int(u.opt+1)*w]
				for t := range c {
					c[t] |= all[t] &^ same[t]
				}
			}
			run = run[n:]
		}
	}
}

func newKernelB(sp *Spec, pl plan) *kernelB {
	nopt := sp.NumOptions()
	np := sp.NumPrimary
	w := max(1, (nopt+63)/64)
	k := &kernelB{w: w, np: np, wp: (np + 63) / 64}
	k.hi = sp.Hi[:np:np]
	k.slack = make([]int32, np)
	k.plain = true
	for i := range np {
		k.slack[i] = sp.Hi[i] - sp.Lo[i]
		k.plain = k.plain && sp.Lo[i] == 1 && sp.Hi[i] == 1
	}
	// Item lists, with colours, for building the conflicts.
	lists := make([][]itemUse, sp.NumItems)
	k.pstart = make([]int32, nopt+1)
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			c := int32(0)
			if sp.Color != nil {
				c = sp.Color[e]
			}
			i := sp.Item[e]
			lists[i] = append(lists[i], itemUse{int32(o), c})
			if int(i) < np {
				k.pitems = append(k.pitems, i)
			}
		}
		k.pstart[o+1] = int32(len(k.pitems))
	}
	if u := len(k.pitems) / max(nopt, 1); u >= 2 && u <= 4 && len(k.pitems) == u*nopt {
		k.uni = u
		for o := range nopt {
			if k.pstart[o+1]-k.pstart[o] != int32(u) {
				k.uni = 0
				break
			}
		}
	}
	k.oprim = make([]uint64, nopt*k.wp)
	for o := range nopt {
		for _, j := range k.pitems[k.pstart[o]:k.pstart[o+1]] {
			k.oprim[o*k.wp+int(j>>6)] |= 1 << (j & 63)
		}
	}
	k.mask = make([]uint64, np*w)
	k.mspan = make([]int32, 2*np)
	for i := range np {
		for _, u := range lists[i] {
			k.mask[i*w+int(u.opt)>>6] |= 1 << (u.opt & 63)
		}
		if len(lists[i]) > 0 { // options in increasing order
			k.mspan[2*i], k.mspan[2*i+1] = lists[i][0].opt>>6, lists[i][len(lists[i])-1].opt>>6+1
		}
	}
	if w > 1 && w <= 4 {
		k.mask4 = make([]uint64, np*4)
		for i := range np {
			copy(k.mask4[i*4:], k.mask[i*w:(i+1)*w])
		}
	}
	k.popcnt = cpuPOPCNT()
	rowsMode := nopt > bitsMaxOptions || pl.force.rows()
	if !rowsMode {
		k.conf = make([]uint64, nopt*w)
		for o := range nopt {
			c := k.conf[o*w : (o+1)*w]
			for _, i := range k.pitems[k.pstart[o]:k.pstart[o+1]] {
				if sp.Hi[i] == 1 {
					for t, m := range k.mask[int(i)*w : (int(i)+1)*w] {
						c[t] |= m
					}
				}
			}
		}
		secondaryConflicts(k.conf, w, lists[np:], w)
	} else {
		k.buildRows(sp)
	}
	// Counting an item's options by popcounts costs about np*w word operations a node;
	// keeping the counts up to date costs a decrement per primary item of every option
	// that leaves. Measured on the anchor problems, the smaller of the two estimates wins
	// (pentominoes: lazy, 1.5x; MacMahon's squares: counts, 1.3x; queens: a tie; bounded
	// problems without conflicts: lazy, about 1.2x).
	// An option taken removes its conflicts, and each of its items with a larger bound
	// removes its remaining options once every hi takes: about len/hi options a take.
	removed := 0.0
	for _, c := range k.conf {
		removed += float64(bits.OnesCount64(c))
	}
	if k.rows != nil { // an estimate: rows of one option overlap at least in the option
		pop := make([]float64, len(k.rows)/w)
		for r := range pop {
			for _, x := range k.rows[r*w : (r+1)*w] {
				pop[r] += float64(bits.OnesCount64(x))
			}
		}
		for _, r := range k.erow {
			if r >= 0 {
				removed += pop[r]
			}
		}
	}
	for _, j := range k.pitems {
		if sp.Hi[j] > 1 {
			removed += float64(len(lists[j])) / float64(sp.Hi[j])
		}
	}
	keptCost := float64(len(k.pitems)) / float64(max(nopt, 1)) * removed / float64(max(nopt, 1))
	// With bounds, a popcount over w > 1 words also pays for the degree's arithmetic per
	// item, about 12 word operations as measured (reduced rectangles 4x5, 52 items of 3
	// words: counts 1.5x faster, which np*w alone got wrong; motley stays lazy). Exact
	// problems keep np*w (Langford pairs 12, 36 items of 4 words: lazy 0.28 s, counts 0.32).
	lazyCost := float64(np * w)
	if w > 1 && !k.plain {
		lazyCost = float64(np * (w + 12))
	}
	k.lazy = lazyCost <= keptCost
	switch pl.force {
	case KernelBitsLazy, KernelBitsRowsLazy:
		k.lazy = true
	case KernelBitsCounts, KernelBitsRowsCounts:
		k.lazy = false
	}
	// Short mode (counts in bytes, below) when exact, with conflicts, and every count
	// below byteSettled.
	k.short = k.plain && !k.lazy && k.conf != nil && maxLen(lists[:np]) < byteSettled
	depth, sw := pl.depth, pl.sw
	if k.short {
		sw = (sw + 7) &^ 7
	}
	k.sw = sw
	k.words = make([]uint64, depth*k.sw+8)
	if k.short {
		// Every level's counts on a 64-byte boundary, so that minByte's loads never
		// straddle two cache lines (Escargot less 5 givens on an AMD EPYC: 1.6% faster
		// than with AVX2 alone, medians of 9 interleaved).
		off := (uintptr(unsafe.Pointer(&k.words[0])) + 8*uintptr(w+k.wp)) % 64
		k.words = k.words[(64-off)%64/8:]
	}
	k.words = k.words[:depth*k.sw]
	k.ints = unsafe.Slice((*int32)(unsafe.Pointer(&k.words[0])), 2*len(k.words))
	k.levels = newLevels(depth)
	k.cur = make([]int32, depth)
	k.chosen = make([]int32, depth)
	k.mode = make([]uint8, depth)
	k.saveW = make([]uint64, k.sw)
	k.fstack = make([]int32, 0, depth)
	k.fbase = make([]int32, depth)
	k.root = make([]uint64, k.sw)
	k.copyW = sw
	k.ro = np
	switch {
	case k.plain && k.lazy: // nor counts
		k.copyW = w + k.wp
	case k.short:
		k.nbyte = (np + 31) &^ 31
		k.bytes = unsafe.Slice((*uint8)(unsafe.Pointer(&k.words[0])), 8*len(k.words))
		k.copyW = w + k.wp + k.nbyte/8
	case k.plain:
		k.copyW = w + k.wp + (np+1)/2
	case k.lazy: // no counts are kept: room takes cnt's place, and the copy is shorter
		k.ro = 0
		k.copyW = w + k.wp + (np+1)/2
	}
	k.tick = pollEvery
	// The root state: every option possible, every primary item unsettled.
	a := k.words[:w]
	for o := range nopt {
		a[o>>6] |= 1 << (o & 63)
	}
	act := k.words[w : w+k.wp]
	for i := range np {
		act[i>>6] |= 1 << (i & 63)
	}
	if k.short {
		clear(act)
		act[0] = uint64(np)
	}
	cnt, room := k.ints[k.ib(0):k.ib(0)+np], k.ints[k.ib(0)+k.ro:k.ib(0)+k.ro+np]
	for i := range np {
		cnt[i] = int32(len(lists[i]))
		room[i] = sp.Hi[i]
	}
	if k.short { // in the place of cnt (and of room, unused)
		c8 := k.bytes[k.is(0) : k.is(0)+k.nbyte]
		for i := range c8 {
			c8[i] = byteSettled
			if i < np {
				c8[i] = uint8(len(lists[i]))
			}
		}
	}
	return k
}

// buildRows sets up rows mode (see kernelB.rows): a row per item, then one per (item,
// colour) pair that some entry gives.
func (k *kernelB) buildRows(sp *Spec) {
	w, nopt := k.w, sp.NumOptions()
	k.rows = make([]uint64, sp.NumItems*w)
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			k.rows[int(sp.Item[e])*w+o>>6] |= 1 << (o & 63)
		}
	}
	pair := map[[2]int32]int32{}
	k.erow = make([]int32, len(sp.Item))
	k.start = sp.Start
	for e, i := range sp.Item {
		k.erow[e] = i
		switch {
		case int(i) < k.np:
			if sp.Hi[i] != 1 {
				k.erow[e] = -1
			}
		case sp.Color != nil && sp.Color[e] != 0:
			key := [2]int32{i, sp.Color[e]}
			r, ok := pair[key]
			if !ok {
				r = int32(len(k.rows) / w)
				pair[key] = r
				k.rows = append(k.rows, k.rows[int(i)*w:int(i+1)*w]...)
			}
			k.erow[e] = r
		}
	}
	for o := range nopt { // a pair's row keeps none of the options giving its colour
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if r := k.erow[e]; r >= 0 && r != sp.Item[e] {
				k.rows[int(r)*w+o>>6] &^= 1 << (o & 63)
			}
		}
	}
}

// bitsRowsFit reports whether kernelB in rows mode suits sp: its rows fit in
// bitsMaxStateBytes and choosing an item scans at most bitsRowsMaxWork words (primary
// items times words of an option set), so that a node costs a few thousand word operations.
func bitsRowsFit(sp *Spec) bool {
	w := (sp.NumOptions() + 63) / 64
	if sp.NumPrimary*w > bitsRowsMaxWork {
		return false
	}
	pairs := map[[2]int32]bool{}
	for e, c := range sp.Color {
		if c > 0 {
			pairs[[2]int32{sp.Item[e], c}] = true
		}
	}
	return (sp.NumItems+len(pairs))*w*8 <= bitsMaxStateBytes
}

// bitsRowsMaxWork bounds primary items times words in rows mode (see bitsRowsFit).
const bitsRowsMaxWork = 1 << 14

// bitsLevels returns the number of levels kernelB sets up for sp (each takes an option or
// settles an item) and the words of one level's state: the possible options, the unsettled
// items, and cnt and room (np int32s each).
func bitsLevels(sp *Spec) (depth, sw int) {
	nopt, np := sp.NumOptions(), sp.NumPrimary
	depth = min(nopt, sumBounds(sp)) + np + 2
	sw = max(1, (nopt+63)/64) + (np+63)/64 + max((np+1)/2*2, (np+31)/32*4)
	return depth, sw
}

// bitsMaxStateBytes bounds the per-level states kernelB allocates, levels × state: both
// grow with the number of items, so a problem with thousands of items and as many forced
// moves (each a level) would take gigabytes.
const bitsMaxStateBytes = 64 << 20

// sumBounds returns the sum of the primary items' upper bounds (capped).
func sumBounds(sp *Spec) int {
	s := 0
	for _, h := range sp.Hi {
		s += int(h)
		if s > math.MaxInt32 {
			return math.MaxInt32
		}
	}
	return s
}

// clone returns a kernel in the same state for another worker: the tables (masks,
// conflicts, option items) are read-only and shared, the state and per-level arrays copied.
func (k *kernelB) clone() kernel {
	c := *k
	c.words = slices.Clone(k.words)
	c.ints = unsafe.Slice((*int32)(unsafe.Pointer(&c.words[0])), 2*len(c.words))
	if k.short {
		c.bytes = unsafe.Slice((*uint8)(unsafe.Pointer(&c.words[0])), 8*len(c.words))
	}
	c.levels, c.cur = k.levels.clone(), slices.Clone(k.cur)
	c.chosen, c.mode = slices.Clone(k.chosen), slices.Clone(k.mode)
	c.saveW, c.sol, c.updates = make([]uint64, len(k.saveW)), nil, 0
	c.fstack, c.fbase = make([]int32, 0, cap(k.fstack)), slices.Clone(k.fbase)
	c.root = slices.Clone(k.root)
	return &c
}

// force applies options that every solution must contain; compatible has vetted them.
func (k *kernelB) force(opts []int32) {
	for _, o := range opts {
		k.forced = append(k.forced, o)
		k.apply(0, o)
	}
}

// drop accounts for the options in word t of r leaving A in state s: their primary items'
// counts go down. This is the kernel's inner loop; its indices come from the tables built
// with the kernel, so it reads them without bounds checks.
func (k *kernelB) drop(s int, t int, r uint64) {
	if !k.lazy { // inlined: lazy counts cost no call
		k.dropCounts(s, t, r)
	}
}

// dropCounts is drop's work when counts are kept.
func (k *kernelB) dropCounts(s int, t int, r uint64) {
	if k.short {
		k.dropBytes(s, t, r)
		return
	}
	cnt := unsafe.Pointer(&k.ints[k.ib(s)])
	start := unsafe.Pointer(&k.pstart[0])
	items := unsafe.Pointer(&k.pitems[0])
	for r != 0 {
		o := uintptr(t<<6 + bits.TrailingZeros64(r))
		r &= r - 1
		lo := uintptr(*(*int32)(unsafe.Add(start, 4*o)))
		hi := uintptr(*(*int32)(unsafe.Add(start, 4*o+4)))
		for e := lo; e < hi; e++ {
			j := uintptr(*(*int32)(unsafe.Add(items, 4*e)))
			c := (*int32)(unsafe.Add(cnt, 4*j))
			*c--
		}
	}
}

// dropBytes is dropCounts in short mode.
func (k *kernelB) dropBytes(s int, t int, r uint64) {
	for r != 0 {
		o := t<<6 + bits.TrailingZeros64(r)
		r &= r - 1
		for _, j := range k.pitems[k.pstart[o]:k.pstart[o+1]] {
			k.bytes[k.is(s)+int(j)]--
		}
	}
}

// dropRow removes from A (a, state s's) the options in row (as long as a) and returns how
// many there were.
func (k *kernelB) dropRow(s int, a, row []uint64) uint64 {
	n := uint64(0)
	row = row[:len(a)] // one bounds check, none in the loop
	for t, x := range a {
		if r := x & row[t]; r != 0 {
			a[t] = x &^ r
			n += uint64(bits.OnesCount64(r))
			k.drop(s, t, r)
		}
	}
	return n
}

// apply applies option o to state s: o and the options conflicting with it leave A, and
// o's primary items lose a unit of room, settling when none is left. (An item with upper
// bound 1 has lost its options through the conflicts already.)
func (k *kernelB) apply(s int, o int32) {
	if k.plain && k.conf != nil && (k.lazy || k.short) {
		if k.lazy {
			k.applyPlainLazy(s, o)
		} else {
			k.applyPlain(s, o)
		}
		return
	}
	if k.conf != nil && !k.lazy && !k.short && !k.plain {
		k.applyCounts(s, o)
		return
	}
	w := k.w
	a := k.words[s*k.sw : s*k.sw+w]
	// The options removed are tallied in n and added to k.updates once: adding each
	// word's to the field made every word that has some wait for the last one's store.
	n := uint64(0)
	if k.conf != nil {
		n = k.dropRow(s, a, k.conf[int(o)*w:int(o)*w+w])
	} else {
		for _, er := range k.erow[k.start[o]:k.start[o+1]] {
			if er >= 0 {
				n += k.dropRow(s, a, k.rows[int(er)*w:int(er)*w+w])
			}
		}
	}
	k.updates += n
	if t, bit := o>>6, uint64(1)<<(o&63); a[t]&bit != 0 {
		a[t] &^= bit
		k.updates++
		k.drop(s, int(t), bit)
	}
	act := k.words[s*k.sw+w : s*k.sw+w+k.wp]
	if k.plain { // rooms are not kept (see copyW): every item of o is settled
		for _, j := range k.pitems[k.pstart[o]:k.pstart[o+1]] {
			act[j>>6] &^= 1 << (j & 63)
			if k.short {
				k.bytes[k.is(s)+int(j)] = byteSettled
			}
		}
		return
	}
	room := k.ints[k.ib(s)+k.ro : k.ib(s)+k.ro+k.np]
	for _, j := range k.pitems[k.pstart[o]:k.pstart[o+1]] {
		room[j]--
		if k.hi[j] == 1 {
			act[j>>6] &^= 1 << (j & 63)
		} else if room[j] == 0 {
			k.settle(s, j)
		}
	}
}

// applyCounts is apply for problems with bounds, kept counts and conflict bitsets, in one
// pass over A that removes o with its conflicts, its tables read through pointers taken
// once, unchecked (their indices come from the tables built with the kernel).
func (k *kernelB) applyCounts(s int, o int32) {
	w := uintptr(k.w)
	a := unsafe.Pointer(&k.words[uintptr(s)*uintptr(k.sw)])
	conf := unsafe.Pointer(&k.conf[uintptr(o)*w])
	ib := uintptr(k.ib(s))
	cnt := unsafe.Pointer(&k.ints[ib])
	start := unsafe.Pointer(&k.pstart[0])
	items := unsafe.Pointer(&k.pitems[0])
	ot, obit := uintptr(o>>6), uint64(1)<<(o&63)
	updates := 0
	for t := range w {
		at := (*uint64)(unsafe.Add(a, 8*t))
		r := *at & *(*uint64)(unsafe.Add(conf, 8*t))
		if t == ot {
			r |= *at & obit
		}
		if r == 0 {
			continue
		}
		*at &^= r
		for r != 0 {
			x := t<<6 + uintptr(bits.TrailingZeros64(r))
			r &= r - 1
			updates++
			lo := uintptr(*(*int32)(unsafe.Add(start, 4*x)))
			hi := uintptr(*(*int32)(unsafe.Add(start, 4*x+4)))
			for e := lo; e < hi; e++ {
				*(*int32)(unsafe.Add(cnt, 4*uintptr(*(*int32)(unsafe.Add(items, 4*e)))))--
			}
		}
	}
	k.updates += uint64(updates)
	act := unsafe.Add(a, 8*w)
	room := unsafe.Add(cnt, 4*uintptr(k.ro))
	hi := unsafe.Pointer(&k.hi[0])
	lo, end := uintptr(*(*int32)(unsafe.Add(start, 4*uintptr(o)))), uintptr(*(*int32)(unsafe.Add(start, 4*uintptr(o)+4)))
	for e := lo; e < end; e++ {
		j := uintptr(*(*int32)(unsafe.Add(items, 4*e)))
		rm := (*int32)(unsafe.Add(room, 4*j))
		*rm--
		if *(*int32)(unsafe.Add(hi, 4*j)) == 1 {
			*(*uint64)(unsafe.Add(act, 8*(j>>6))) &^= 1 << (j & 63)
		} else if *rm == 0 {
			k.settle(s, int32(j))
		}
	}
}

// applyPlain is apply for exact problems in short mode (takeBytes).
func (k *kernelB) applyPlain(s int, o int32) {
	a := unsafe.Pointer(&k.words[s*k.sw])
	k.updates += uint64(takeBytes(a, unsafe.Pointer(&k.conf[int(o)*k.w]), unsafe.Add(a, 8*(k.w+k.wp)),
		unsafe.Pointer(&k.pstart[0]), unsafe.Pointer(&k.pitems[0]), uintptr(k.w), k.uni, o))
}

// takeBytes takes option o in a state of an exact problem in short mode, in one loop, and
// returns how many options left A: o's conflicts (o among them; conf is o's row) leave A
// (a's w words), their items' counts (the bytes at cnt) go down, and o's items are
// settled (their count byteSettled, and one fewer unsettled items each, in the word after
// A). start and items are the kernel's pstart and pitems, uni its uni. The kernel's
// tables come as pointers, so that the search loop (searchPlain) passes what it holds and
// the function reads nothing twice.
func takeBytes(a, conf, cnt, start, items unsafe.Pointer, w uintptr, uni int, o int32) int {
	updates := 0
	for t := range w {
		at := (*uint64)(unsafe.Add(a, 8*t))
		r := *at & *(*uint64)(unsafe.Add(conf, 8*t))
		if r == 0 {
			continue // most words (Sudoku: 2.3 options leave of about 300 in 5 words)
		}
		*at &^= r
		// The same loop unrolled for options of 2, 3 and 4 primary items, deliberately three
		// times (see uni for the measurement), then the general one.
		switch uni {
		case 2:
			for r != 0 {
				x := t<<6 + uintptr(bits.TrailingZeros64(r))
				r &= r - 1
				p := (*[2]uint32)(unsafe.Add(items, 8*x))
				updates++
				*(*uint8)(unsafe.Add(cnt, uintptr(p[0])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[1])))--
			}
			continue
		case 3:
			for r != 0 {
				x := t<<6 + uintptr(bits.TrailingZeros64(r))
				r &= r - 1
				p := (*[3]uint32)(unsafe.Add(items, 12*x))
				updates++
				*(*uint8)(unsafe.Add(cnt, uintptr(p[0])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[1])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[2])))--
			}
			continue
		case 4:
			for r != 0 {
				x := t<<6 + uintptr(bits.TrailingZeros64(r))
				r &= r - 1
				p := (*[4]uint32)(unsafe.Add(items, 16*x))
				updates++
				*(*uint8)(unsafe.Add(cnt, uintptr(p[0])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[1])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[2])))--
				*(*uint8)(unsafe.Add(cnt, uintptr(p[3])))--
			}
			continue
		}
		for r != 0 {
			x := t<<6 + uintptr(bits.TrailingZeros64(r))
			r &= r - 1
			lo := uintptr(*(*int32)(unsafe.Add(start, 4*x)))
			hi := uintptr(*(*int32)(unsafe.Add(start, 4*x+4)))
			updates++
			for e := lo; e < hi; e++ {
				*(*uint8)(unsafe.Add(cnt, uintptr(*(*uint32)(unsafe.Add(items, 4*e)))))--
			}
		}
	}
	lo := uintptr(*(*int32)(unsafe.Add(start, 4*uintptr(o))))
	hi := uintptr(*(*int32)(unsafe.Add(start, 4*uintptr(o)+4)))
	*(*uint64)(unsafe.Add(a, 8*uintptr(w))) -= uint64(hi - lo) // o's items, settled
	if uni == 4 {
		p := (*[4]uint32)(unsafe.Add(items, 4*lo))
		*(*uint8)(unsafe.Add(cnt, uintptr(p[0]))) = byteSettled
		*(*uint8)(unsafe.Add(cnt, uintptr(p[1]))) = byteSettled
		*(*uint8)(unsafe.Add(cnt, uintptr(p[2]))) = byteSettled
		*(*uint8)(unsafe.Add(cnt, uintptr(p[3]))) = byteSettled
		return updates
	}
	for e := lo; e < hi; e++ {
		*(*uint8)(unsafe.Add(cnt, uintptr(*(*uint32)(unsafe.Add(items, 4*e))))) = byteSettled
	}
	return updates
}

// applyPlainLazy is apply for exact problems whose counts are found by popcounts, with
// conflict bitsets: o's conflicts leave A and o's items are settled, nothing more.
func (k *kernelB) applyPlainLazy(s int, o int32) {
	a := unsafe.Pointer(&k.words[s*k.sw])
	conf := unsafe.Pointer(&k.conf[int(o)*k.w])
	own := unsafe.Pointer(&k.oprim[int(o)*k.wp])
	if k.popcnt {
		k.updates += uint64(takeLazy((*uint64)(a), (*uint64)(a), (*uint64)(conf), (*uint64)(own), k.w, k.wp, int(o)))
		return
	}
	k.updates += uint64(takeLazyGo(a, a, conf, own, k.w, k.wp, o))
}

// settle removes item i's remaining options from A in state s and marks i settled.
func (k *kernelB) settle(s int, i int32) {
	w := k.w
	if w == 1 {
		a := &k.words[s*k.sw]
		if r := *a & k.mask[i]; r != 0 {
			*a &^= r
			k.updates += uint64(bits.OnesCount64(r))
			k.drop(s, 0, r)
		}
		k.words[s*k.sw+1+int(i>>6)] &^= 1 << (i & 63)
		return
	}
	k.updates += k.dropRow(s, k.words[s*k.sw:s*k.sw+w], k.mask[int(i)*w:int(i)*w+w])
	k.words[s*k.sw+w+int(i>>6)] &^= 1 << (i & 63)
}

// exclude removes option o from A in state s (o is known to be in it).
func (k *kernelB) exclude(s int, o int32) {
	k.words[s*k.sw+int(o>>6)] &^= 1 << (o & 63)
	k.updates++
	k.drop(s, int(o>>6), 1<<(o&63))
}

// copyState makes state s+1 a copy of state s.
func (k *kernelB) copyState(s int) {
	copy(k.words[(s+1)*k.sw:(s+1)*k.sw+k.copyW], k.words[s*k.sw:s*k.sw+k.copyW])
}

// nextOption returns the first option of item i in state s's A after option after, or -1.
func (k *kernelB) nextOption(s int, i, after int32) int32 {
	w := k.w
	if after < 0 && w > 1 {
		return k.firstOption(s, i)
	}
	if w == 1 { // one word: at most 64 options
		from := uint(after + 1)
		if from >= 64 {
			return -1
		}
		if x := k.words[s*k.sw] & k.mask[i] &^ (1<<from - 1); x != 0 {
			return int32(bits.TrailingZeros64(x))
		}
		return -1
	}
	a := k.words[s*k.sw : s*k.sw+w]
	m := k.mask[int(i)*w : int(i)*w+w]
	from := after + 1
	for t := int(from >> 6); t < w; t++ {
		x := a[t] & m[t]
		if t == int(from>>6) {
			x &^= 1<<(from&63) - 1
		}
		if x != 0 {
			return int32(t<<6 + bits.TrailingZeros64(x))
		}
	}
	return -1
}

// firstOption is nextOption(s, i, -1) for w > 1. It looks only at the words where i has
// options (mspan: a Sudoku cell's options lie in one word of five).
func (k *kernelB) firstOption(s int, i int32) int32 {
	w := uintptr(k.w)
	a := unsafe.Pointer(&k.words[s*k.sw])
	m := unsafe.Pointer(&k.mask[uintptr(i)*w])
	span := (*[2]int32)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(k.mspan)), 8*uintptr(i)))
	for t := uintptr(span[0]); t < uintptr(span[1]); t++ {
		if x := *(*uint64)(unsafe.Add(a, 8*t)) & *(*uint64)(unsafe.Add(m, 8*t)); x != 0 {
			return int32(t<<6) + int32(bits.TrailingZeros64(x))
		}
	}
	return -1
}

// choose returns the unsettled primary item of state s with the least branching degree,
// and the degree (Knuth's rule, as in kernelM); -1 when every item is settled. As in
// kernelM, an item with no option left that needs none counts as settled.
func (k *kernelB) choose(s int) (best, bestScore int32) {
	act := k.words[s*k.sw+k.w : s*k.sw+k.w+k.wp]
	best, bestScore = -1, math.MaxInt32
	if k.mask4 != nil && k.plain && k.lazy {
		return k.choosePlain4(s)
	}
	if k.plain && k.lazy {
		return k.choosePlainLazy(s)
	}
	if k.plain {
		return k.choosePlainCounts(s)
	}
	if k.lazy && k.w == 1 {
		return k.chooseLazy1(s)
	}
	if !k.lazy && k.w <= chooseCountsMaxW {
		return k.chooseCounts(s)
	}
	cnt, room := k.ints[k.ib(s):k.ib(s)+k.np], k.ints[k.ib(s)+k.ro:k.ib(s)+k.ro+k.np]
	var bestS, bestL int32
	w := k.w
	a := k.words[s*k.sw : s*k.sw+w]
	for t, word := range act {
		for word != 0 {
			j := int32(t<<6 + bits.TrailingZeros64(word))
			word &= word - 1
			l, r := cnt[j], room[j]
			if k.lazy {
				m := k.mask[int(j)*w : int(j)*w+w]
				n := 0
				for u := range a {
					n += bits.OnesCount64(a[u] & m[u])
				}
				l = int32(n)
			}
			if l == 0 && k.slack[j] >= r {
				act[t] &^= 1 << (j & 63) // settled for good, as in chooseCounts
				continue
			}
			sl := min(k.slack[j], r)
			d := l + sl - r + 1
			if d < bestScore || d == bestScore && (sl < bestS || sl == bestS && l > bestL) {
				best, bestScore, bestS, bestL = j, d, sl, l
				if d <= 0 {
					return best, bestScore
				}
			}
		}
	}
	return best, bestScore
}

// choosePlainLazy is choose for exact problems whose counts are found by popcounts: the
// degree is the count, and the first item with the fewest options is chosen.
func (k *kernelB) choosePlainLazy(s int) (best, bestScore int32) {
	act := k.words[s*k.sw+k.w : s*k.sw+k.w+k.wp]
	best, bestScore = -1, math.MaxInt32
	w := uintptr(k.w)
	// Unchecked indices: with slices, the compiler keeps the loop's bounds on the stack.
	a := unsafe.Pointer(&k.words[s*k.sw])
	mask := unsafe.Pointer(&k.mask[0])
	popcnt := k.popcnt
	for t, word := range act {
		for word != 0 {
			j := uintptr(t<<6 + bits.TrailingZeros64(word))
			word &= word - 1
			m := unsafe.Add(mask, 8*j*w)
			n := 0
			if popcnt {
				n = andCount((*uint64)(a), (*uint64)(m), int(w))
			} else {
				for u := uintptr(0); u < 8*w; u += 8 {
					n += bits.OnesCount64(*(*uint64)(unsafe.Add(a, u)) & *(*uint64)(unsafe.Add(m, u)))
				}
			}
			if l := int32(n); l < bestScore {
				best, bestScore = int32(j), l
				if l == 0 {
					return best, 0
				}
			}
		}
	}
	return best, bestScore
}

// choosePlainCounts is choose for exact problems with kept counts: in short mode the
// least count, settled items counting byteSettled, and the first item that has it, in
// vector steps (minByte); else the least (count, item) of the unsettled items.
func (k *kernelB) choosePlainCounts(s int) (best, bestScore int32) {
	if k.short {
		best, bestScore = minByte(&k.bytes[k.is(s)], k.nbyte/32)
		if bestScore == byteSettled {
			return -1, math.MaxInt32
		}
		return best, bestScore
	}
	act := unsafe.Pointer(&k.words[s*k.sw+k.w])
	cnt := unsafe.Pointer(&k.ints[k.ib(s)])
	bestKey := uint64(math.MaxUint64)
	for t := range uintptr(k.wp) {
		for word := *(*uint64)(unsafe.Add(act, 8*t)); word != 0; {
			j := uint64(t<<6) + uint64(bits.TrailingZeros64(word))
			word &= word - 1
			bestKey = min(bestKey, uint64(*(*int32)(unsafe.Add(cnt, 4*uintptr(j))))<<32|j)
		}
	}
	if bestKey == math.MaxUint64 {
		return -1, math.MaxInt32
	}
	return int32(uint32(bestKey)), int32(bestKey >> 32)
}

// choosePlain4 is choose for exact problems of 65 to 256 options whose counts are found by
// popcounts: the words of A are held in registers, and each item's count is four popcounts
// of mask4, unrolled (a loop over w words costs about 1.15x on Langford pairs 12, w = 4),
// or three or two where A's last words are empty (Langford pairs 12: 99.9% and 36% of the
// counts, the last options going first; 8% fewer instructions in all).
func (k *kernelB) choosePlain4(s int) (best, bestScore int32) {
	w := k.w
	if k.popcnt { // the state in place (at least 5 words: A, the items, the counts)
		best, bestScore, _ = minCount(&k.words[s*k.sw], w, k.wp, &k.mask4[0])
		return best, bestScore
	}
	a := k.words[s*k.sw : s*k.sw+w+k.wp]
	var a0, a1, a2, a3 uint64 // A, the words past w zero
	switch w {
	case 4:
		a3 = a[3]
		fallthrough
	case 3:
		a2 = a[2]
		fallthrough
	default:
		a0, a1 = a[0], a[1]
	}
	mask := unsafe.Pointer(&k.mask4[0])
	best, bestScore = -1, math.MaxInt32
	// The same loop three times, deliberately, with four, three and two popcounts.
	switch {
	case a3 != 0:
		for t, word := range a[w:] {
			for word != 0 {
				j := uintptr(t<<6 + bits.TrailingZeros64(word))
				word &= word - 1
				m := (*[4]uint64)(unsafe.Add(mask, 32*j))
				l := int32(bits.OnesCount64(a0&m[0]) + bits.OnesCount64(a1&m[1]) +
					bits.OnesCount64(a2&m[2]) + bits.OnesCount64(a3&m[3]))
				if l < bestScore {
					best, bestScore = int32(j), l
					if l == 0 {
						return best, 0
					}
				}
			}
		}
	case a2 != 0:
		for t, word := range a[w:] {
			for word != 0 {
				j := uintptr(t<<6 + bits.TrailingZeros64(word))
				word &= word - 1
				m := (*[4]uint64)(unsafe.Add(mask, 32*j))
				l := int32(bits.OnesCount64(a0&m[0]) + bits.OnesCount64(a1&m[1]) +
					bits.OnesCount64(a2&m[2]))
				if l < bestScore {
					best, bestScore = int32(j), l
					if l == 0 {
						return best, 0
					}
				}
			}
		}
	default:
		for t, word := range a[w:] {
			for word != 0 {
				j := uintptr(t<<6 + bits.TrailingZeros64(word))
				word &= word - 1
				m := (*[4]uint64)(unsafe.Add(mask, 32*j))
				l := int32(bits.OnesCount64(a0&m[0]) + bits.OnesCount64(a1&m[1]))
				if l < bestScore {
					best, bestScore = int32(j), l
					if l == 0 {
						return best, 0
					}
				}
			}
		}
	}
	return best, bestScore
}

// chooseCounts is choose for problems with bounds and kept counts: the same rule, with
// the degree, the slack and the count folded into one key, as in chooseLazy1, and the
// state read without bounds checks (reduced rectangles 4x5: a third of the count's time
// went to choose's checks and branches).
// Its key holds a count in 14 bits: at most chooseCountsMaxW words of options.
func (k *kernelB) chooseCounts(s int) (best, bestScore int32) {
	act := unsafe.Pointer(&k.words[s*k.sw+k.w])
	cnt := unsafe.Pointer(&k.ints[k.ib(s)])
	room := unsafe.Pointer(&k.ints[k.ib(s)+k.ro])
	slack := unsafe.Pointer(&k.slack[0])
	bestKey := uint64(math.MaxUint64)
	best = -1
	for t := range uintptr(k.wp) {
		at := (*uint64)(unsafe.Add(act, 8*t))
		word := *at
		all := word
		for word != 0 {
			j := t<<6 + uintptr(bits.TrailingZeros64(word))
			word &= word - 1
			l := *(*int32)(unsafe.Add(cnt, 4*j))
			r := *(*int32)(unsafe.Add(room, 4*j))
			sl := min(*(*int32)(unsafe.Add(slack, 4*j)), r)
			d := l + sl - r + 1 // at most l+1 < 1<<14: r >= sl
			if d <= 1 {
				if l == 0 && sl == r {
					// Nothing left and nothing needed: settled without a node, here and in
					// the whole subtree (options only leave), so it leaves the unsettled
					// items of this state (reduced rectangles 4x5: 4 in 5 of the items
					// scanned were such), when the word is done.
					all &^= 1 << (j & 63)
					continue
				}
				if d <= 0 {
					*at = all
					return int32(j), d
				}
			}
			// Least d, then least slack, then most options, then first.
			if key := uint64(d)<<46 | uint64(uint32(sl))<<14 | uint64(1<<14-1-l); key < bestKey {
				best, bestKey = int32(j), key
			}
		}
		*at = all
	}
	if best >= 0 {
		bestScore = int32(bestKey >> 46)
	} else {
		bestScore = math.MaxInt32
	}
	return best, bestScore
}

// chooseCountsMaxW bounds the words of options of the problems chooseCounts takes.
const chooseCountsMaxW = (1<<14 - 1) / 64

// chooseLazy1 is choose for problems with bounds of at most 64 options, counted by
// popcounts: the same rule, with the degree, the slack and the count folded into one key
// so that the comparisons do not branch on the items.
func (k *kernelB) chooseLazy1(s int) (best, bestScore int32) {
	a := k.words[s*k.sw]
	act := k.words[s*k.sw+1 : s*k.sw+1+k.wp]
	room := unsafe.Pointer(&k.ints[k.ib(s)+k.ro])
	mask := unsafe.Pointer(&k.mask[0])
	slack := unsafe.Pointer(&k.slack[0])
	bestKey := uint64(math.MaxUint64)
	best = -1
	for t, word := range act {
		for word != 0 {
			j := uintptr(t<<6 + bits.TrailingZeros64(word))
			word &= word - 1
			l := int32(bits.OnesCount64(a & *(*uint64)(unsafe.Add(mask, 8*j))))
			r := *(*int32)(unsafe.Add(room, 4*j))
			sl := min(*(*int32)(unsafe.Add(slack, 4*j)), r)
			if l == 0 && sl == r {
				act[t] &^= 1 << (j & 63) // settled for good, as in chooseCounts
				continue
			}
			d := l + sl - r + 1 // at most l+1 <= 65: r >= sl
			if d <= 0 {
				return int32(j), d
			}
			// Least d, then least slack, then most options (l <= 64), then first.
			if key := uint64(d)<<40 | uint64(sl)<<8 | uint64(127-l); key < bestKey {
				best, bestKey = int32(j), key
			}
		}
	}
	if best >= 0 {
		bestScore = int32(bestKey >> 40)
	} else {
		bestScore = math.MaxInt32
	}
	return best, bestScore
}

// count returns the number of options of item i in state s.
func (k *kernelB) count(s int, i int32) int32 {
	if k.short {
		return int32(k.bytes[k.is(s)+int(i)])
	}
	if !k.lazy {
		return k.ints[k.ib(s)+int(i)]
	}
	w := k.w
	if w == 1 {
		return int32(bits.OnesCount64(k.words[s*k.sw] & k.mask[i]))
	}
	a := k.words[s*k.sw : s*k.sw+w]
	m := k.mask[int(i)*w : int(i)*w+w]
	n := 0
	for t := range a {
		n += bits.OnesCount64(a[t] & m[t])
	}
	return int32(n)
}

// completes reports whether taking option x in state s settles every unsettled item, so
// that it ends in a solution at once: every unsettled item is in x, with room for one.
func (k *kernelB) completes(s int, x int32) bool {
	if k.short {
		return k.completesShort(s, x)
	}
	if !k.completesPlain(s, x) {
		return false
	}
	if !k.plain {
		room := k.ints[k.ib(s)+k.ro : k.ib(s)+k.ro+k.np]
		for _, j := range k.pitems[k.pstart[x]:k.pstart[x+1]] {
			if room[j] != 1 {
				return false
			}
		}
	}
	return true
}

// completesPlain is completes for exact problems, and its first test for the others:
// every unsettled item is in x.
func (k *kernelB) completesPlain(s int, x int32) bool {
	act := unsafe.Pointer(&k.words[s*k.sw+k.w])
	own := unsafe.Pointer(&k.oprim[int(x)*k.wp])
	for t := range uintptr(k.wp) {
		if *(*uint64)(unsafe.Add(act, 8*t))&^*(*uint64)(unsafe.Add(own, 8*t)) != 0 {
			return false
		}
	}
	return true
}

// completesShort is completesPlain in short mode: x's items are unsettled (x is in A),
// and as many as the unsettled items.
// Its indices come from the search, unchecked (24 instructions a call with the checks).
func (k *kernelB) completesShort(s int, x int32) bool {
	left := *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(k.words)), 8*(s*k.sw+k.w)))
	start := unsafe.Add(unsafe.Pointer(unsafe.SliceData(k.pstart)), 4*uintptr(x))
	return left == uint64(*(*int32)(unsafe.Add(start, 4))-*(*int32)(start))
}

// branches chooses the item to branch on at the node at depth l and returns the number of
// branches: 0 at a dead end, -1 at a solution.
func (k *kernelB) branches(l int) int32 {
	if k.leaf {
		return -1
	}
	i, d := k.choose(l)
	if i < 0 {
		return -1
	}
	d = max(d, 0)
	k.item[l], k.cnt[l] = i, d
	return d
}

// open prepares the branches on the item chosen at depth l: cover mode when it has room
// for one more option, else tweak mode.
func (k *kernelB) open(l int) {
	k.pos[l] = -1
	if k.plain || k.ints[k.ib(l)+k.ro+int(k.item[l])] == 1 {
		k.mode[l], k.cur[l] = modeCover, -1
		return
	}
	k.mode[l] = modeTweak
	if l == 0 {
		copy(k.root, k.words[:k.sw])
	}
}

// seek passes over up to b branches of an item covered once more (modeCover): taking an
// option there only writes the next level's state, so the later options are as they were.
// The other modes exclude or count, and their branches are taken one by one.
func (k *kernelB) seek(l int, b int32) int32 {
	if k.mode[l] != modeCover {
		return b
	}
	i := k.item[l]
	for ; b > 0; b-- {
		x := k.nextOption(l, i, k.cur[l])
		if x < 0 {
			break // the null branch (slack) comes next: next takes it
		}
		k.cur[l] = x
		k.pos[l]++
	}
	return b
}

// next goes down the next branch at depth l, into state l+1, a copy of state l with the
// branch applied: in cover mode the item's next option; in tweak mode the first option
// left, excluded from state l for the later branches; after the options, the null branch
// (the item settled) if it needs nothing more. Leaving the branch taken before costs
// nothing: state l+1 is simply left behind. An option that settles every item is a
// solution at once: it is taken without building state l+1, and leaf tells branches and
// the search so. With no branch left next closes the level and reports false.
func (k *kernelB) next(l int) bool {
	k.leaf = false
	k.pos[l]++
	i := k.item[l]
	switch k.mode[l] {
	case modeCover:
		if x := k.nextOption(l, i, k.cur[l]); x >= 0 {
			k.cur[l], k.chosen[l] = x, x
			if k.completes(l, x) {
				k.leaf = true
				return true
			}
			k.copyState(l)
			k.apply(l+1, x)
			return true
		}
		if k.slack[i] == 0 {
			k.close(l)
			return false
		}
		k.mode[l], k.chosen[l] = modeCoverNull, -1
	case modeTweak:
		n, need := k.count(l, i), k.ints[k.ib(l)+k.ro+int(i)]-k.slack[i]
		if n > 0 && n >= need {
			x := k.nextOption(l, i, -1)
			k.exclude(l, x) // gone for this branch and all later ones
			k.chosen[l] = x
			k.copyState(l)
			k.apply(l+1, x)
			return true
		}
		if need > 0 {
			k.close(l)
			return false
		}
		k.mode[l], k.chosen[l] = modeTweakNull, -1
	default: // after a null branch, the last
		k.close(l)
		return false
	}
	k.copyState(l)
	k.settle(l+1, i)
	return true
}

// close closes the level. Tweak mode excluded options from the level's own state, but only
// the root's needs putting back: the state of a node at depth l > 0 is written by its
// parent's next, and the parent's next or close comes before anything reads it again. The
// root has no parent: open saved its state, and close restores it.
func (k *kernelB) close(l int) {
	k.leaf = false
	if m := k.mode[l]; l == 0 && (m == modeTweak || m == modeTweakNull) {
		copy(k.words[:k.sw], k.root)
	}
	k.mode[l] = modeDone
}

// search runs the search on the subtree of the node at depth base, and reports whether it
// finished it (false when Visit or Poll stopped it).
func (k *kernelB) search(base int, p *Params, st *Stats) bool {
	if k.plain && k.conf != nil && k.w > 1 && k.lazy && k.mask4 != nil {
		return k.searchLazy(base, p, st)
	}
	if k.plain && k.conf != nil && k.w > 1 && k.short {
		return k.searchPlain(base, p, st)
	}
	if !k.plain && !k.lazy && k.conf != nil && k.w <= chooseCountsMaxW {
		return k.searchCounts(base, p, st)
	}
	level := base
	var i, x, d int32
	defer func() { st.Updates += k.updates; k.updates = 0 }()
	copy(k.saveW, k.words[base*k.sw:(base+1)*k.sw])
	k.fstack, k.fbase[base] = k.fstack[:0], 0
	// Problems with bounds of at most 64 options, and problems with bounds and counts,
	// call their own choose directly, without choose's dispatch on the kind of problem
	// (exact problems with conflicts of more than one word have searchLazy and
	// searchPlain).
	l1 := !k.plain && k.lazy && k.w == 1
	cc := !k.plain && !k.lazy && k.w <= chooseCountsMaxW

forward:
	st.Nodes++
	if k.tick--; k.tick == 0 {
		k.tick = pollEvery
		if !polled(p, st, &k.updates, k.pos, k.cnt, level) {
			return false
		}
	}
	if k.leaf {
		k.leaf = false // a forced leaf's (below) must not outlive it; next's is reset by next
		i, d = -1, 0
	} else if l1 {
		i, d = k.chooseLazy1(level)
	} else if cc {
		i, d = k.chooseCounts(level)
	} else {
		i, d = k.choose(level)
	}
	if i < 0 { // every primary item is settled
		if !k.visit(p, st, level) {
			return false
		}
		goto backdown
	}
	if d <= 0 {
		goto backdown
	}
	if d == 1 {
		// A forced move: the one branch is taken here, in this level's own state, without
		// a level of its own (but counted as a node: the tree is the same). It is the only
		// option of i, or of the options i must still take the first, or, with none left,
		// settling i.
		if x = k.nextOption(level, i, -1); x >= 0 {
			k.fstack = append(k.fstack, x)
			if k.completes(level, x) {
				// x ends in a solution at once: the node below is a leaf, and x is not
				// applied to a state that nothing will read (as in next).
				k.leaf = true
				goto forward
			}
			k.apply(level, x)
		} else {
			k.settle(level, i)
		}
		goto forward
	}
	k.item[level], k.cnt[level] = i, d
	k.open(level)

try:
	if k.next(level) {
		level++
		k.fbase[level] = int32(len(k.fstack))
		goto forward
	}

backdown:
	k.fstack = k.fstack[:k.fbase[level]] // the forced moves made at this level
	if level == base {
		copy(k.words[base*k.sw:(base+1)*k.sw], k.saveW)
		return true
	}
	level--
	goto try
}

// visit reports the solution (the options taken at every level, plus the forced ones) and
// says whether to go on.
func (k *kernelB) visit(p *Params, st *Stats, level int) bool {
	st.Solutions++
	if p.Visit != nil {
		k.sol = append(k.sol[:0], k.forced...)
		for l := range level {
			if x := k.chosen[l]; x >= 0 {
				k.sol = append(k.sol, x)
			}
		}
		k.sol = append(k.sol, k.fstack...)
		if !p.Visit(k.sol) {
			return false
		}
	}
	return p.Limit == 0 || st.Solutions < p.Limit
}
