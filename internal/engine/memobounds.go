package engine

import (
	"encoding/binary"
	"math/big"
	"math/bits"
	"slices"
)

// Memoised counting with multiplicities: primary item i must be covered between lo(i) and
// hi(i) times. A solution is a set of options, so the search must meet each set once: it
// settles the primary items one at a time, in the problem's order. To settle item i it
// chooses which of i's options still possible to take, a subset with a size that brings
// i's count within its bounds; the options of i left out can never be taken afterwards.
// So each option is decided exactly once, when the first of its primary items is
// settled, and every set of options is met once.
//
// The state at the start of settling item i: items 0..i-1 settled, the number of times
// each later item is covered, and the secondary items' states (as in the exact memo). The
// count below it depends on nothing else, so it is the key: i (4 bytes), then the items
// covered so far as (distance from the previous one, times) uvarints, closed by a 0, then
// the secondary states that are not free, as (index, value) pairs of 4 bytes each. Only
// these states are kept; the choice of a subset inside one item is searched.

// memoBounds is the state of a memoised count with multiplicities.
type memoBounds struct {
	_           apartPad // the workers' memos are written at every node: see apart
	np          int
	lo, hi      []int32
	memoOptions         // the items' options (the forced ones left out) and secondary state
	pstart      []int32 // option o's primary items: pitems[pstart[o]:pstart[o+1]]
	pitems      []int32
	// runs[i][pos] is the number of options from position pos of item i's list on that
	// are identical to the one at pos (the same items and colours): a run of r identical
	// options is decided at once, taking c of them in C(r, c) ways, instead of in 2^r
	// branches (k identical options under a bound of 10^9 took 2^k steps).
	runs  [][]int32
	times []int32 // the state: times each primary item is covered
	// covered has bit j set when times[j] > 0, so that makeKey visits the items covered
	// ahead of the one being settled and not every later item: on 14x14 dominoes with a
	// piece item (settled last, so covered at every key) the walk over the 197 items took
	// 45% of the instructions.
	covered  []uint64
	settled  int // items 0..settled-1 are settled
	cache    *memoCache
	front    memoFront // the worker's own, before cache
	key      []byte
	keys     [][]byte // per item settled: the key of the state before it
	prevSecs [][]int32
	// visitMult is, while split visits states, the number of ways the current choices
	// reach the state visited (nil: one).
	visitMult *big.Int
	// deferOK lets count defer a sub-problem that another worker is counting (see
	// count); deferred[d] holds the keys (each after its length, a uvarint) deferred by
	// the state with d items settled, and saved[d] that state's times and sec while
	// settle counts them.
	deferOK  bool
	deferred [][]byte
	saved    [][]int32
	// wide[i], if not 0, tells that the children of a state settling item i are looked up
	// in batches (expandBatched), and that levels[wide[i]-1] holds its batch meanwhile;
	// batching tells choose that its visit is collectKid.
	wide     []int32
	levels   []memoLevel
	batching bool
	collect  func() // m.collectKid, made once
	batch    int    // the most children looked up together: memoBatch, but in tests
	memoTally
	_ apartPad
}

func newMemoBounds(sp *Spec, p *MemoParams) *memoBounds {
	forced := make(map[int32]bool, len(p.Initial))
	for _, o := range p.Initial {
		forced[o] = true // taken before the count: in no item's list
	}
	np := sp.NumPrimary
	m := &memoBounds{np: np, lo: sp.Lo, hi: sp.Hi, memoTally: newTally(p), front: newMemoFront(p)}
	m.memoOptions = newMemoOptions(sp, func(o int32) bool { return forced[o] })
	nopt := sp.NumOptions()
	m.pstart = make([]int32, nopt+1)
	for o := range nopt {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				m.pitems = append(m.pitems, i)
			}
		}
		m.pstart[o+1] = int32(len(m.pitems))
	}
	m.runs = make([][]int32, np)
	for i, list := range m.lists {
		m.runs[i] = make([]int32, len(list))
		for pos := len(list) - 1; pos >= 0; pos-- {
			m.runs[i][pos] = 1
			if pos+1 < len(list) && sameOption(sp, list[pos], list[pos+1]) {
				m.runs[i][pos] = m.runs[i][pos+1] + 1
			}
		}
	}
	m.times = apart[int32](np, np)
	m.covered = apart[uint64]((np+63)/64, (np+63)/64)
	m.key = apart[byte](0, 5+2*binary.MaxVarintLen32*np+8*len(m.sec))
	m.keys = make([][]byte, np+1)
	m.deferred, m.saved = make([][]byte, np+1), make([][]int32, np+1)
	m.prevSecs = make([][]int32, nopt+1)
	m.collect = m.collectKid
	m.batch = memoBatch
	if p.batch > 0 {
		m.batch = p.batch
	}
	m.wide = make([]int32, np)
	for i, list := range m.lists {
		n := 0 // the options that can fit when i is settled: those of no item before i
		for _, o := range list {
			if slices.Min(m.pitems[m.pstart[o]:m.pstart[o+1]]) == int32(i) {
				n++
			}
		}
		if n >= memoBatchMinOptions || p.batch > 0 {
			m.levels = append(m.levels, memoLevel{})
			m.wide[i] = int32(len(m.levels))
		}
	}
	return m
}

// fits reports whether option o can be taken: none of its primary items is settled or
// full, and each secondary item is free or has o's colour.
func (m *memoBounds) fits(o int32) bool {
	for _, j := range m.pitems[m.pstart[o]:m.pstart[o+1]] {
		if int(j) < m.settled || m.times[j] >= m.hi[j] {
			return false
		}
	}
	return m.secFits(o)
}

// take applies option o, keeping the secondary states it changes in prev (for untake).
func (m *memoBounds) take(o int32, prev []int32) []int32 {
	for _, j := range m.pitems[m.pstart[o]:m.pstart[o+1]] {
		m.times[j]++
		m.covered[j>>6] |= 1 << (j & 63)
	}
	prev = m.saveSec(o, prev[:0])
	m.secTake(o)
	return prev
}

// untake undoes take(o).
func (m *memoBounds) untake(o int32, prev []int32) {
	for _, j := range m.pitems[m.pstart[o]:m.pstart[o+1]] {
		if m.times[j]--; m.times[j] == 0 {
			m.covered[j>>6] &^= 1 << (j & 63)
		}
	}
	m.secUntake(o, prev)
}

// makeKey writes the key of the state in m.key.
func (m *memoBounds) makeKey() {
	k := binary.LittleEndian.AppendUint32(m.key[:0], uint32(m.settled))
	last := m.settled - 1
	for w := m.settled >> 6; w < len(m.covered); w++ {
		x := m.covered[w]
		if w == m.settled>>6 {
			x &^= 1<<(m.settled&63) - 1 // the items settled
		}
		for ; x != 0; x &= x - 1 {
			j := w<<6 + bits.TrailingZeros64(x)
			t := m.times[j]
			if d := j - last; d < 0x80 && t < 0x80 { // one byte each, as uvarints
				k = append(k, byte(d), byte(t))
			} else {
				k = binary.AppendUvarint(k, uint64(d))
				k = binary.AppendUvarint(k, uint64(t))
			}
			last = j
		}
	}
	k = append(k, 0)
	for j, s := range m.sec {
		if s != 0 {
			k = binary.LittleEndian.AppendUint32(k, uint32(j))
			k = binary.LittleEndian.AppendUint32(k, uint32(s))
		}
	}
	m.key = k
}

// count returns the number of solutions below the state, items 0..settled-1 settled; it
// sets m.stopped (and returns 0) when stopped.
//
// On several workers a sub-problem that another worker is counting (memoCache.claim) is
// not counted at once where its parent lets it wait (deferOK): its key goes on the
// parent's list of deferred children and count returns 0; the parent, once its other
// children are counted, finds it in the cache, or counts it then (settle). Counting it at
// once would count the same sub-problems as the other worker, side by side.
//
// The items from settled on that are full are settled first (skipFull), and the state
// after them is the one looked up.
func (m *memoBounds) count() count {
	top := m.settled
	m.skipFull()
	n := m.countFull(top - 1)
	m.settled = top
	return n
}

// skipFull settles the items from the one being settled on that are covered their most
// times already. Such an item has one way on, taking none of its options (choose), so the
// state before it counts what the state after it does, and only the latter is kept: in a
// tiling, the second cell of each piece (half of `tile16`'s states).
func (m *memoBounds) skipFull() {
	for m.settled < m.np && m.times[m.settled] == m.hi[m.settled] {
		m.settled++
	}
}

// countFull is count once the full items are settled; parent is the number of items
// settled in the state whose child this is (for a deferral).
func (m *memoBounds) countFull(parent int) count {
	if m.settled == m.np {
		m.st.Nodes++
		return count{u: u128{lo: 1}}
	}
	m.makeKey()
	h := m.cache.hash(m.key)
	if v, ok := m.front.get(m.key, h); ok {
		m.st.Hits++
		return count{u: v}
	}
	if v, ok := m.cache.getHashed(m.key, h); ok {
		m.st.Hits++
		m.front.put(m.key, h, v)
		return v
	}
	m.st.Misses++
	held, other := m.cache.claim(h)
	if other && m.deferOK {
		m.deferred[parent] = binary.AppendUvarint(m.deferred[parent], uint64(len(m.key)))
		m.deferred[parent] = append(m.deferred[parent], m.key...)
		return count{}
	}
	if m.poll() {
		m.stopped = true
		if held {
			m.cache.release(h)
		}
		return count{}
	}
	n := m.expand(m.key, h)
	if held {
		m.cache.release(h)
	}
	if m.stopped {
		return count{}
	}
	return n
}

// expand counts the state, whose key is key and hash h, not found in the cache, and puts
// its count there; the state is as it was when it returns.
func (m *memoBounds) expand(key []byte, h uint64) count {
	d := m.settled
	m.keys[d] = append(m.keys[d][:0], key...)
	m.deferred[d] = m.deferred[d][:0]
	outer := m.deferOK
	m.deferOK = true
	var n count
	if w := m.wide[d]; w > 0 {
		n = m.expandBatched(&m.levels[w-1])
	} else {
		n = m.choose(0, nil)
	}
	if !m.stopped && len(m.deferred[d]) > 0 {
		n = n.plus(m.settle(d))
	}
	m.deferOK = outer
	if !m.stopped {
		m.cache.putHashed(m.arena, m.keys[d], h, n)
		m.front.put(m.keys[d], h, n)
	}
	return n
}

// memoBatchMinOptions is the fewest options that can fit the item being settled (those
// of no item settled before it) for which expand looks the children up in batches. A
// cell of a tiling by dominoes has two (the domino to its right, the one below it): there
// expand goes on one child at a time (see expandBatched).
const memoBatchMinOptions = 4

// memoBatch is the most children looked up in one batch.
const memoBatch = 64

// A memoLevel is the batch of a state expanded in batches: kids are its children met and
// not yet looked up, their keys in kbuf, and sum the sum of the counts of those looked up;
// held keeps the state while its children are counted.
type memoLevel struct {
	kids []memoKid
	kbuf []byte
	sum  count
	held []int32
}

// A memoKid is a child of a state expanded in batches: its key, kbuf[off:off+n], and hash,
// and the number of ways the choice reaches it (nil: one); n is -1 for a state with every
// item settled.
type memoKid struct {
	h      uint64
	off, n int32
	mult   *big.Int
}

// expandBatched is choose(0, nil) with the children looked up in batches, l the batch of
// the item being settled: choose's walk collects them (collectKid), asking for the lines
// their lookups will read as it goes, and resolve looks them up, in the walk's order, once
// the walk ends or m.batch are waiting. Looked up one at a time, each child's slot in the
// cache (and its worker's front) waited for a read from memory before the next child was
// made: A001499(13) 0.84 of the CPU on one worker and 0.82 on two (docs/memo.md, round
// twenty-four).
func (m *memoBounds) expandBatched(l *memoLevel) count {
	outer, outerMult := m.batching, m.visitMult // those of a walk that met the state
	m.batching, m.visitMult = true, nil
	l.sum = count{}
	m.choose(0, m.collect)
	m.resolve(l, m.settled)
	m.batching, m.visitMult = outer, outerMult
	return l.sum
}

// collectKid is choose's visit in expandBatched: the child reached is kept in its
// parent's batch, and its lines asked for.
func (m *memoBounds) collectKid() {
	if m.stopped {
		return
	}
	top := m.settled
	l := &m.levels[m.wide[top-1]-1] // the parent's
	kid := memoKid{n: -1, mult: m.visitMult}
	if m.skipFull(); m.settled < m.np {
		m.makeKey()
		kid.h = m.cache.hash(m.key)
		m.front.prefetch(kid.h)
		m.cache.prefetch(kid.h)
		kid.off, kid.n = int32(len(l.kbuf)), int32(len(m.key))
		l.kbuf = append(l.kbuf, m.key...)
	}
	m.settled = top
	l.kids = append(l.kids, kid)
	if len(l.kids) >= m.batch {
		m.resolve(l, top-1)
	}
}

// resolve looks up the children in the batch l of the state with d items settled, in
// order, as count would: it counts those not found (or defers them), adds their counts to
// l.sum and empties the batch. The state is as it was when it returns.
func (m *memoBounds) resolve(l *memoLevel, d int) {
	sum := l.sum
	settled, changed := m.settled, false
	for _, kid := range l.kids {
		if m.stopped {
			break
		}
		var n count
		if kid.n < 0 {
			m.st.Nodes++
			n = count{u: u128{lo: 1}}
		} else {
			key := l.kbuf[kid.off : kid.off+kid.n]
			if v, ok := m.front.get(key, kid.h); ok {
				m.st.Hits++
				n = count{u: v}
			} else if v, ok := m.cache.getHashed(key, kid.h); ok {
				m.st.Hits++
				m.front.put(key, kid.h, v)
				n = v
			} else {
				m.st.Misses++
				held, other := m.cache.claim(kid.h)
				if other && m.deferOK && kid.mult == nil {
					m.deferred[d] = binary.AppendUvarint(m.deferred[d], uint64(len(key)))
					m.deferred[d] = append(m.deferred[d], key...)
					continue
				}
				if !m.poll() {
					if !changed { // the state, to come back to
						l.held = append(append(l.held[:0], m.times...), m.sec...)
						changed = true
					}
					m.setKey(key)
					n = m.expand(key, kid.h)
				} else {
					m.stopped = true
				}
				if held {
					m.cache.release(kid.h)
				}
				if m.stopped {
					break
				}
			}
		}
		if kid.mult != nil {
			n = n.times(kid.mult)
		}
		sum = sum.plus(n)
	}
	if changed {
		copy(m.times, l.held)
		copy(m.sec, l.held[len(m.times):])
		m.settled = settled
		m.coverFromTimes()
	}
	l.sum = sum
	l.kids, l.kbuf = l.kids[:0], l.kbuf[:0]
}

// settle returns the sum of the counts of the children deferred by the state with d items
// settled (count), the current state: each from the cache if its worker has finished it,
// else counted here.
func (m *memoBounds) settle(d int) count {
	var sum count
	saved := false
	for list := m.deferred[d]; len(list) > 0 && !m.stopped; {
		n, k := binary.Uvarint(list)
		key := list[k : k+int(n)]
		list = list[k+int(n):]
		if v, ok := m.cache.get(key); ok {
			m.st.Hits++
			sum = sum.plus(v)
			continue
		}
		if !saved { // the state, to come back to: setKey clears the items settled
			m.saved[d] = append(append(m.saved[d][:0], m.times...), m.sec...)
			saved = true
		}
		m.setKey(key)
		m.deferOK = false
		sum = sum.plus(m.count())
		m.deferOK = true
	}
	if saved {
		copy(m.times, m.saved[d])
		copy(m.sec, m.saved[d][len(m.times):])
		m.settled = d
		m.coverFromTimes()
	}
	return sum
}

// choose counts the solutions in which the item being settled, i = m.settled, takes some
// of its options from position pos of its list on, besides those it has: each option in
// turn is left out, or taken if it fits, until i is full or its list ends; i is then
// settled if it is covered at least lo(i) times. With visit set it counts nothing and
// calls visit in each state where i has just been settled instead (see split).
func (m *memoBounds) choose(pos int, visit func()) count {
	// Poll here, not only at count's misses: an item of high multiplicity walks the
	// subsets of its options in choose alone (domino:200 on a 20x20 board: minutes
	// without a miss), and a split's steps mostly visit nothing.
	if m.splitPoll() {
		return count{}
	}
	i := m.settled
	list := m.lists[i]
	t := m.times[i]
	if t == m.hi[i] || pos == len(list) {
		if t < m.lo[i] {
			return count{}
		}
		m.settled++
		var n count
		if visit != nil {
			visit()
		} else {
			n = m.count()
		}
		m.settled--
		return n
	}
	if int(t)+len(list)-pos < int(m.lo[i]) { // too few options left to reach lo(i)
		return count{}
	}
	if r := int(m.runs[i][pos]); r > 1 {
		return m.chooseRun(pos, r, visit)
	}
	o := list[pos]
	if m.shuffle != 0 && (visit == nil || m.batching) && m.shuffled(i, pos) && m.fits(o) { // o taken first
		prev := m.take(o, m.prevSecs[o])
		m.prevSecs[o] = prev
		sum := m.choose(pos+1, visit)
		m.untake(o, prev)
		if m.stopped {
			return count{}
		}
		return sum.plus(m.choose(pos+1, visit))
	}
	sum := m.choose(pos+1, visit) // o left out
	if m.stopped {
		return count{}
	}
	if m.fits(o) {
		prev := m.take(o, m.prevSecs[o])
		m.prevSecs[o] = prev
		n := m.choose(pos+1, visit)
		m.untake(o, prev)
		sum = sum.plus(n)
	}
	return sum
}

// chooseRun is choose at the start of a run of r identical options: it takes c of them,
// for every c that fits, in C(r, c) ways (physically the first c, each with its own saved
// state), and goes on after the run.
func (m *memoBounds) chooseRun(pos, r int, visit func()) count {
	list := m.lists[m.settled]
	outer := m.deferOK // a deferred child would lose its C(r, c)
	m.deferOK = false
	defer func() { m.deferOK = outer }()
	sum := m.choose(pos+r, visit) // none taken
	outerMult := m.visitMult
	c := 0
	for ; c < r && !m.stopped; c++ {
		o := list[pos+c]
		if !m.fits(o) {
			break
		}
		m.prevSecs[o] = m.take(o, m.prevSecs[o])
		ways := new(big.Int).Binomial(int64(r), int64(c+1))
		if visit != nil { // the states below are reached ways times more often
			m.visitMult = ways
			if outerMult != nil {
				m.visitMult = ways.Mul(ways, outerMult)
			}
			m.choose(pos+r, visit)
			m.visitMult = outerMult
			continue
		}
		if n := m.choose(pos+r, nil); n != (count{}) {
			sum = sum.plus(n.times(ways))
		}
	}
	for c--; c >= 0; c-- {
		o := list[pos+c]
		m.untake(o, m.prevSecs[o])
	}
	if m.stopped {
		return count{}
	}
	return sum
}

// sameOption reports whether options a and b have the same entries, items and colours.
func sameOption(sp *Spec, a, b int32) bool {
	ea, eb := sp.Item[sp.Start[a]:sp.Start[a+1]], sp.Item[sp.Start[b]:sp.Start[b+1]]
	if !slices.Equal(ea, eb) {
		return false
	}
	return sp.Color == nil || slices.Equal(sp.Color[sp.Start[a]:sp.Start[a+1]], sp.Color[sp.Start[b]:sp.Start[b+1]])
}

// setKey puts the memo in the state whose key is key (made by makeKey).
func (m *memoBounds) setKey(key []byte) {
	m.settled = int(binary.LittleEndian.Uint32(key))
	key = key[4:]
	for w, x := range m.covered { // times[j] > 0 where covered has j, and only there
		for ; x != 0; x &= x - 1 {
			m.times[w<<6+bits.TrailingZeros64(x)] = 0
		}
		m.covered[w] = 0
	}
	for j := m.settled - 1; ; {
		d, n := binary.Uvarint(key)
		key = key[n:]
		if d == 0 {
			break
		}
		t, n := binary.Uvarint(key)
		key = key[n:]
		j += int(d)
		m.times[j] = int32(t)
		m.covered[j>>6] |= 1 << (j & 63)
	}
	clear(m.sec)
	for ; len(key) >= 8; key = key[8:] {
		m.sec[binary.LittleEndian.Uint32(key)] = int32(binary.LittleEndian.Uint32(key[4:]))
	}
}

// coverFromTimes sets covered from times (after times is restored or set from a key).
func (m *memoBounds) coverFromTimes() {
	clear(m.covered)
	for j, t := range m.times {
		if t > 0 {
			m.covered[j>>6] |= 1 << (j & 63)
		}
	}
}

// split expands the top of the tree (see memo.split), one item settled per level.
func (m *memoBounds) split(want int) (parts []memoPart, leaves *big.Int, nodes uint64) {
	m.makeKey()
	return splitLevels(&m.memoTally, want, m.key, m.setKey, func(child func([]byte, *big.Int)) bool {
		if m.settled == m.np {
			return true
		}
		m.choose(0, func() {
			m.makeKey()
			child(m.key, m.visitMult)
		})
		return false
	})
}

// run counts the solutions below the state: ErrMemoUnprofitable or ErrMemoStopped if it
// was stopped. The result may be shared with the cache: do not change it.
func (m *memoBounds) run() (*big.Int, error) {
	m.stopped, m.unprof, m.deferOK = false, false, false
	return m.result(m.count())
}

// memoCountBounds is MemoCount for problems with multiplicities: the depth-first memo on
// p.Workers workers sharing one cache, or one share of the tree.
func memoCountBounds(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	sp = settleLate(sp)
	m := newMemoBounds(sp, p)
	for _, o := range p.Initial {
		m.take(o, nil)
	}
	return depthFirst(p, m, func() memoCounter { return newMemoBounds(sp, p) })
}

// memoSampleBounds is MemoSample for problems with multiplicities: after the count, each
// draw settles the items in order, deciding for each option of the item being settled
// whether it is left out or taken with probabilities proportional to the solutions below
// each choice (the counts of the settled states come from the cache; those of the choices
// inside an item are summed again from them).
func memoSampleBounds(sp *Spec, p *MemoParams, k int, seed uint64, visit func(sol []int32) bool) (*big.Int, MemoStats, error) {
	sp = settleLate(sp)
	m := newMemoBounds(sp, p)
	m.setCache(newMemoCache(p.MaxBytes, 1))
	for _, o := range p.Initial {
		m.take(o, nil)
	}
	m.makeKey()
	root := slices.Clone(m.key)
	// The count before the draws is drawUniform's too (memo.go), on the other memo type.
	total := m.count().big()
	m.cache.stats(&m.st)
	if m.stopped {
		return nil, m.st, ErrMemoStopped
	}
	if total.Sign() == 0 {
		return total, m.st, nil
	}
	rng := newSampleRand(seed)
	sol := make([]int32, 0, sp.NumOptions())
	r := new(big.Int)
	for range k {
		m.setKey(root)
		sol = append(sol[:0], p.Initial...)
		randBelow(rng, total, r) // the solution to draw, among those below the state
		pos := 0
		for m.settled < m.np {
			i := m.settled
			if m.times[i] == m.hi[i] || pos == len(m.lists[i]) {
				m.settled++ // r is below the count of the state that follows
				pos = 0
				continue
			}
			left := m.choose(pos+1, nil).big() // the solutions with list[pos] left out
			if m.stopped {
				return nil, m.st, ErrMemoStopped
			}
			if r.Cmp(left) >= 0 {
				r.Sub(r, left)
				o := m.lists[i][pos]
				m.prevSecs[o] = m.take(o, m.prevSecs[o])
				sol = append(sol, o)
			}
			pos++
		}
		if !visit(sol) {
			break
		}
	}
	m.cache.stats(&m.st)
	return total, m.st, nil
}

// settleLateSubsets is the number of subsets of its options (of its largest multiplicity's
// size) beyond which an item is settled after the others (see settleLate).
const settleLateSubsets = 1 << 16

// settleLate returns sp with the primary items that would choose among more than
// settleLateSubsets subsets of their options renumbered after the others (in the same
// order among themselves), or sp itself if there are none. Such an item is a counter
// shared by many options — the copies of a piece in a tiling (domino:72 on 12x12: 264
// options, multiplicity 72) — and settled first it enumerates the packings of its
// options one by one, the memo unused below it (6x6 with 18 dominoes: 38 sub-problems,
// the rest of its 700 s in settling that item; 12x12 did not end). Settled last, every
// option of it has been decided by its other items, and the count of its uses is one more
// number in the keys. Any order of settling counts each set of options once (see above);
// options keep their numbers, so solutions read the same.
func settleLate(sp *Spec) *Spec {
	np := sp.NumPrimary
	opts := make([]int, np)
	for _, i := range sp.Item {
		if int(i) < np {
			opts[i]++
		}
	}
	late := make([]bool, np)
	nlate := 0
	for i := range np {
		if k := min(int(sp.Hi[i]), opts[i]-int(sp.Hi[i])); k > 1 {
			c := 1.0 // C(opts, k), up to the limit
			for j := range k {
				if c *= float64(opts[i]-j) / float64(j+1); c > settleLateSubsets {
					late[i] = true
					nlate++
					break
				}
			}
		}
	}
	if nlate == 0 {
		return sp
	}
	pos := make([]int32, np)
	early, next := 0, np-nlate
	for i := range np {
		if late[i] {
			pos[i] = int32(next)
			next++
		} else {
			pos[i] = int32(early)
			early++
		}
	}
	return sp.renumbered(pos)
}
