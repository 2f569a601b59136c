package engine

import (
	"math/bits"
	"unsafe"
)

// The search loops of the bitset kernel for exact problems with conflict bitsets of more
// than one word: searchLazy where counts are found by popcounts (65 to 256 options:
// Langford pairs, queens), searchPlain where they are kept in bytes (short mode: Sudoku).
// Each walks the tree that search walks, branching as open and next do for an item
// covered once (cover mode, no null branch), in a loop of its own: Go keeps no value in a
// register across a call, so the fewer values a loop holds and the fewer calls it makes,
// the less it stores and reloads at every node. Both read the kernel's tables through
// pointers taken once, without bounds checks: the indices come from the tables themselves.
// The two loops are a deliberate pair, alike in their prologue and their forward step's
// first lines: each holds only its own mode's values (round sixteen, which gave searchLazy
// its loop with the rest of docs/engine.md's changes: Langford pairs 12 from 1.80e9 to
// 1.22e9 instructions, cachegrind, the same tree).

// takeLazyGo is takeLazy in Go (see takeLazy), for processors without POPCNT, other
// architectures and -tags purego.
func takeLazyGo(dst, src, conf, own unsafe.Pointer, w, wp int, o int32) int {
	n := 0
	for t := range uintptr(w) {
		at := *(*uint64)(unsafe.Add(src, 8*t))
		r := at & *(*uint64)(unsafe.Add(conf, 8*t))
		*(*uint64)(unsafe.Add(dst, 8*t)) = at &^ r
		n += bits.OnesCount64(r)
	}
	if at := (*uint64)(unsafe.Add(dst, 8*uintptr(o>>6))); *at&(1<<(o&63)) != 0 { // o without primary items
		*at &^= 1 << (o & 63)
		n++
	}
	src, dst = unsafe.Add(src, 8*uintptr(w)), unsafe.Add(dst, 8*uintptr(w))
	for t := range uintptr(wp) { // o's items as a set (oprim): a word at a time
		*(*uint64)(unsafe.Add(dst, 8*t)) = *(*uint64)(unsafe.Add(src, 8*t)) &^ *(*uint64)(unsafe.Add(own, 8*t))
	}
	return n
}

// nextAt returns the first option at or after from in the w words of a & m, or -1.
func nextAt(a, m unsafe.Pointer, w uintptr, from uint32) int32 {
	t := uintptr(from >> 6)
	if t >= w {
		return -1
	}
	x := *(*uint64)(unsafe.Add(a, 8*t)) & *(*uint64)(unsafe.Add(m, 8*t)) &^ (1<<(from&63) - 1)
	for x == 0 {
		if t++; t >= w {
			return -1
		}
		x = *(*uint64)(unsafe.Add(a, 8*t)) & *(*uint64)(unsafe.Add(m, 8*t))
	}
	return int32(t<<6) + int32(bits.TrailingZeros64(x))
}

// onlyAt returns the one option in the w words of a & m, known to hold one, without a
// branch on the words (a loop that stops at the word that holds it mispredicts about
// once a call on Escargot less 5 givens, as cachegrind simulates it); minCount does the
// same where the processor has POPCNT.
func onlyAt(a, m unsafe.Pointer, w uintptr) int32 {
	x := uint64(0)
	for t := range w {
		z := *(*uint64)(unsafe.Add(a, 8*t)) & *(*uint64)(unsafe.Add(m, 8*t))
		nz := -((z | -z) >> 63) // all ones where z holds the option
		x |= uint64(t<<6+uintptr(bits.TrailingZeros64(z))) & nz
	}
	return int32(x)
}

// coversAt reports whether the wp words of unsettled items at act are all in own (an
// option's items): completesPlain.
func coversAt(act, own unsafe.Pointer, wp uintptr) bool {
	for t := range wp {
		if *(*uint64)(unsafe.Add(act, 8*t))&^*(*uint64)(unsafe.Add(own, 8*t)) != 0 {
			return false
		}
	}
	return true
}

// searchLazy is search for exact problems of 65 to 256 options whose counts are found by
// popcounts (choosePlain4, minCount where the processor has POPCNT): a child's state is
// written by one call, takeLazy, which copies its parent's and takes the option (the copy
// is the w words of A and the wp of the unsettled items, all that such a state holds).
func (k *kernelB) searchLazy(base int, p *Params, st *Stats) bool {
	// The tables, read through r: a struct of more than four fields stays in memory, so
	// that the loop reads each where it needs it; as locals the compiler loaded them all
	// into registers wherever the loop's paths meet (45 instructions a node on Langford
	// pairs 12).
	r := struct {
		words, conf, oprim, mask4, mspan        unsafe.Pointer
		item, cnt, pos, cur, chosen, fbase, fst unsafe.Pointer
		sw, ow, pw, uw, up                      uintptr
		w, wp                                   int
		popcnt                                  bool
		nodes, upd, tick                        uint64
		nf                                      int32 // forced options in fstack
		leaf                                    bool  // the node at hand is a leaf (see next)
	}{
		words: unsafe.Pointer(&k.words[0]), conf: unsafe.Pointer(&k.conf[0]),
		oprim: unsafe.Pointer(&k.oprim[0]), mask4: unsafe.Pointer(&k.mask4[0]),
		mspan: unsafe.Pointer(&k.mspan[0]), item: unsafe.Pointer(&k.item[0]),
		cnt: unsafe.Pointer(&k.cnt[0]), pos: unsafe.Pointer(&k.pos[0]),
		cur: unsafe.Pointer(&k.cur[0]), chosen: unsafe.Pointer(&k.chosen[0]),
		fbase: unsafe.Pointer(&k.fbase[0]),
		fst:   unsafe.Pointer(&k.fstack[:1][0]), // capacity: the depth
		sw:    8 * uintptr(k.sw), ow: 8 * uintptr(k.w), pw: 8 * uintptr(k.wp),
		uw: uintptr(k.w), up: uintptr(k.wp), w: k.w, wp: k.wp, popcnt: k.popcnt,
	}
	var (
		level   = uintptr(base)
		a       unsafe.Pointer
		i, d, x int32
		stop    bool
		lp      unsafe.Pointer // level's entry in the per-level arrays (4 bytes each)
	)
	r.tick, r.leaf, k.leaf = uint64(k.tick), k.leaf, false
	copy(k.saveW, k.words[base*k.sw:(base+1)*k.sw])
	*(*int32)(unsafe.Add(r.fbase, 4*level)) = 0

forward:
	r.nodes++
	if r.tick--; r.tick == 0 {
		r.tick = pollEvery
		st.Nodes += r.nodes
		k.updates += r.upd
		r.nodes, r.upd = 0, 0
		if !polled(p, st, &k.updates, k.pos, k.cnt, int(level)) {
			stop = true
			goto exit
		}
	}
	a = unsafe.Add(r.words, level*r.sw)
	if r.leaf {
		r.leaf = false
		k.fstack = k.fstack[:r.nf]
		if !k.visit(p, st, int(level)) {
			stop = true
			goto exit
		}
		goto backdown
	}
	if r.popcnt {
		i, d, x = minCount((*uint64)(a), r.w, r.wp, (*uint64)(r.mask4))
	} else {
		i, d = k.choosePlain4(int(level))
		if d == 1 {
			x = onlyAt(a, unsafe.Add(r.mask4, 32*uintptr(i)), r.uw)
		}
	}
	switch {
	case i < 0: // every primary item is settled
		k.fstack = k.fstack[:r.nf]
		if !k.visit(p, st, int(level)) {
			stop = true
			goto exit
		}
		goto backdown
	case d <= 0:
		goto backdown
	case d == 1: // a forced move, in this level's state (see search); x its option
		*(*int32)(unsafe.Add(r.fst, 4*uintptr(r.nf))) = x
		r.nf++
		if coversAt(unsafe.Add(a, r.ow), unsafe.Add(r.oprim, r.pw*uintptr(x)), r.up) {
			r.leaf = true
		} else if r.popcnt {
			r.upd += uint64(takeLazy((*uint64)(a), (*uint64)(a), (*uint64)(unsafe.Add(r.conf, r.ow*uintptr(x))), (*uint64)(unsafe.Add(r.oprim, r.pw*uintptr(x))), r.w, r.wp, int(x)))
		} else {
			r.upd += uint64(takeLazyGo(a, a, unsafe.Add(r.conf, r.ow*uintptr(x)), unsafe.Add(r.oprim, r.pw*uintptr(x)), r.w, r.wp, x))
		}
		goto forward
	}
	*(*int32)(unsafe.Add(r.item, 4*level)) = i
	*(*int32)(unsafe.Add(r.cnt, 4*level)) = d
	*(*int32)(unsafe.Add(r.pos, 4*level)) = -1
	k.mode[level] = modeCover
	// Before the item's first option: the first word that holds one (mspan).
	*(*int32)(unsafe.Add(r.cur, 4*level)) = *(*int32)(unsafe.Add(r.mspan, 8*uintptr(i)))<<6 - 1

try:
	a = unsafe.Add(r.words, level*r.sw)
	*(*int32)(unsafe.Add(r.pos, 4*level))++
	lp = unsafe.Add(r.cur, 4*level)
	x = nextAt(a, unsafe.Add(r.mask4, 32*uintptr(*(*int32)(unsafe.Add(r.item, 4*level)))), r.uw, uint32(*(*int32)(lp)+1))
	if x >= 0 {
		*(*int32)(lp) = x
		*(*int32)(unsafe.Add(r.chosen, 4*level)) = x
		if coversAt(unsafe.Add(a, r.ow), unsafe.Add(r.oprim, r.pw*uintptr(x)), r.up) {
			r.leaf = true
		} else if r.popcnt {
			r.upd += uint64(takeLazy((*uint64)(unsafe.Add(a, r.sw)), (*uint64)(a), (*uint64)(unsafe.Add(r.conf, r.ow*uintptr(x))), (*uint64)(unsafe.Add(r.oprim, r.pw*uintptr(x))), r.w, r.wp, int(x)))
		} else {
			r.upd += uint64(takeLazyGo(unsafe.Add(a, r.sw), a, unsafe.Add(r.conf, r.ow*uintptr(x)), unsafe.Add(r.oprim, r.pw*uintptr(x)), r.w, r.wp, x))
		}
		level++
		*(*int32)(unsafe.Add(r.fbase, 4*level)) = r.nf
		goto forward
	}
	k.mode[level] = modeDone

backdown:
	r.nf = *(*int32)(unsafe.Add(r.fbase, 4*level))
	if level != uintptr(base) {
		level--
		goto try
	}
	copy(k.words[base*k.sw:(base+1)*k.sw], k.saveW)

exit:
	k.fstack = k.fstack[:r.nf]
	k.tick = int(r.tick)
	st.Nodes += r.nodes
	st.Updates += k.updates + r.upd
	k.updates = 0
	return !stop
}

// searchPlain is search for exact problems in short mode (counts in bytes, the least
// found by minByte, a state's unsettled items kept as their number): Sudoku.
func (k *kernelB) searchPlain(base int, p *Params, st *Stats) bool {
	// The tables, read through r (see searchLazy).
	r := struct {
		words, conf, start, items, mask, mspan  unsafe.Pointer
		item, cnt, pos, cur, chosen, fbase, fst unsafe.Pointer
		sw, ow, cb, uw, copyW                   uintptr
		nblk, uni                               int
		nodes, upd, tick                        uint64
		nf                                      int32 // forced options in fstack
		leaf                                    bool  // the node at hand is a leaf (see next)
	}{
		words: unsafe.Pointer(&k.words[0]), conf: unsafe.Pointer(&k.conf[0]),
		start: unsafe.Pointer(&k.pstart[0]), items: unsafe.Pointer(&k.pitems[0]),
		mask: unsafe.Pointer(&k.mask[0]), mspan: unsafe.Pointer(&k.mspan[0]),
		item: unsafe.Pointer(&k.item[0]), cnt: unsafe.Pointer(&k.cnt[0]),
		pos: unsafe.Pointer(&k.pos[0]), cur: unsafe.Pointer(&k.cur[0]),
		chosen: unsafe.Pointer(&k.chosen[0]), fbase: unsafe.Pointer(&k.fbase[0]),
		fst: unsafe.Pointer(&k.fstack[:1][0]), // capacity: the depth
		sw:  8 * uintptr(k.sw), ow: 8 * uintptr(k.w), cb: 8 * uintptr(k.w+k.wp),
		uw: uintptr(k.w), copyW: uintptr(k.copyW), nblk: k.nbyte >> 5, uni: k.uni,
	}
	var (
		level   = uintptr(base)
		a       unsafe.Pointer
		i, d, x int32
		stop    bool
		lp      unsafe.Pointer // level's entry in cur
	)
	r.tick, r.leaf, k.leaf = uint64(k.tick), k.leaf, false
	copy(k.saveW, k.words[base*k.sw:(base+1)*k.sw])
	*(*int32)(unsafe.Add(r.fbase, 4*level)) = 0

forward:
	r.nodes++
	if r.tick--; r.tick == 0 {
		r.tick = pollEvery
		st.Nodes += r.nodes
		k.updates += r.upd
		r.nodes, r.upd = 0, 0
		if !polled(p, st, &k.updates, k.pos, k.cnt, int(level)) {
			stop = true
			goto exit
		}
	}
	a = unsafe.Add(r.words, level*r.sw)
	if r.leaf {
		r.leaf = false
		k.fstack = k.fstack[:r.nf]
		if !k.visit(p, st, int(level)) {
			stop = true
			goto exit
		}
		goto backdown
	}
	i, d = minByte((*uint8)(unsafe.Add(a, r.cb)), r.nblk)
	switch {
	case d == byteSettled: // every primary item is settled
		k.fstack = k.fstack[:r.nf]
		if !k.visit(p, st, int(level)) {
			stop = true
			goto exit
		}
		goto backdown
	case d == 0:
		goto backdown
	case d == 1: // a forced move, in this level's state (see search)
		x = firstAt(a, unsafe.Add(r.mask, r.ow*uintptr(i)), unsafe.Add(r.mspan, 8*uintptr(i)))
		*(*int32)(unsafe.Add(r.fst, 4*uintptr(r.nf))) = x
		r.nf++
		if bytesComplete(a, r.ow, r.start, x) {
			r.leaf = true
		} else {
			r.upd += uint64(takeBytes(a, unsafe.Add(r.conf, r.ow*uintptr(x)), unsafe.Add(a, r.cb), r.start, r.items, r.uw, r.uni, x))
		}
		goto forward
	}
	*(*int32)(unsafe.Add(r.item, 4*level)) = i
	*(*int32)(unsafe.Add(r.cnt, 4*level)) = d
	*(*int32)(unsafe.Add(r.pos, 4*level)) = -1
	k.mode[level] = modeCover
	// Before the item's first option: the first word that holds one (mspan).
	*(*int32)(unsafe.Add(r.cur, 4*level)) = *(*int32)(unsafe.Add(r.mspan, 8*uintptr(i)))<<6 - 1

try:
	a = unsafe.Add(r.words, level*r.sw)
	*(*int32)(unsafe.Add(r.pos, 4*level))++
	lp = unsafe.Add(r.cur, 4*level)
	x = nextAt(a, unsafe.Add(r.mask, r.ow*uintptr(*(*int32)(unsafe.Add(r.item, 4*level)))), r.uw, uint32(*(*int32)(lp)+1))
	if x >= 0 {
		*(*int32)(lp) = x
		*(*int32)(unsafe.Add(r.chosen, 4*level)) = x
		if bytesComplete(a, r.ow, r.start, x) {
			r.leaf = true
		} else {
			c := unsafe.Add(a, r.sw) // the child's state
			copy(unsafe.Slice((*uint64)(c), r.copyW), unsafe.Slice((*uint64)(a), r.copyW))
			r.upd += uint64(takeBytes(c, unsafe.Add(r.conf, r.ow*uintptr(x)), unsafe.Add(c, r.cb), r.start, r.items, r.uw, r.uni, x))
		}
		level++
		*(*int32)(unsafe.Add(r.fbase, 4*level)) = r.nf
		goto forward
	}
	k.mode[level] = modeDone

backdown:
	r.nf = *(*int32)(unsafe.Add(r.fbase, 4*level))
	if level != uintptr(base) {
		level--
		goto try
	}
	copy(k.words[base*k.sw:(base+1)*k.sw], k.saveW)

exit:
	k.fstack = k.fstack[:r.nf]
	k.tick = int(r.tick)
	st.Nodes += r.nodes
	st.Updates += k.updates + r.upd
	k.updates = 0
	return !stop
}

// firstAt returns the first option in a & m, an item's options (m) in the words its span
// gives (mspan: a Sudoku cell's lie in one word of five); the item is known to have one.
func firstAt(a, m, span unsafe.Pointer) int32 {
	sp := (*[2]int32)(span)
	for t := uintptr(sp[0]); ; t++ {
		if x := *(*uint64)(unsafe.Add(a, 8*t)) & *(*uint64)(unsafe.Add(m, 8*t)); x != 0 {
			return int32(t<<6) + int32(bits.TrailingZeros64(x))
		}
	}
}

// bytesComplete is completesShort: option x (whose items start, the kernel's pstart,
// gives) covers as many items as are unsettled in the state at a, whose A has ow bytes.
func bytesComplete(a unsafe.Pointer, ow uintptr, start unsafe.Pointer, x int32) bool {
	sx := unsafe.Add(start, 4*uintptr(x))
	return *(*uint64)(unsafe.Add(a, ow)) == uint64(*(*int32)(unsafe.Add(sx, 4))-*(*int32)(sx))
}
