package engine

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
	"math/big"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// Forward memoised counting: the same sub-problems as the depth-first memo (MemoCount's
// choice of item is a function of the state, so the same states are reached), counted the
// other way round, as a transfer matrix is. Each sub-problem carries the number of paths
// from the root that reach it. Sub-problems are grouped in levels by the number of primary
// items they have covered; every option covers at least one, so a sub-problem's children
// lie in later levels. The levels are expanded in order: each sub-problem of a level hands
// its number of paths to its children (equal children, reached by different paths, become
// one entry that adds them up), a sub-problem with every primary item covered adds its
// number to the total, and a level is dropped once expanded.
//
// Memory: only the levels not yet expanded are held, where the depth-first memo keeps
// every sub-problem it has ever counted (on the domino boards, a few per cent of it).
//
// Workers, without locks: each worker owns the keys of a range of hashes (of the bits
// that a child mostly shares with its parent: frontierowner.go) and keeps their tables,
// one per level. A child for another worker's key is appended to a box for that
// worker and level; when a level comes up, each worker adds the boxes made for it into its
// table and expands it. A level receives children only from earlier levels, so nobody
// writes the tables or boxes being read; each child is added into a table once, by the
// worker that reads the table. A worker done with its own table of a level helps expand
// the others' (levelWork): an entry is handed its paths by its owner alone, and expanded by
// whichever worker claims its block; the children go to their owners as any others do.
//
// With a budget: if the levels held pass it, the count gives up (errFrontierFull) and the
// depth-first memo, which can go on without keeping more, counts instead.

var errFrontierFull = errors.New("memo: the frontier outgrew the budget")

// A frontierTable is one worker's entries of one level: a memoTable, and the counts that
// grew past 2^128, which the tables reach in the last levels of boards past 18x18. The
// entry of such a count holds bigMark in its high word and the count's index in wide in
// its low word; no count of 128 bits is kept with that high word (it goes to wide too), so
// the mark is never a count. The wide counts lie in one flat slice, width words each,
// added to in place: no allocation, nothing for the garbage collector, and one lookup of
// the key. (As big.Ints, in a slice of pointers, they had cost 20x20 a second lookup of
// the key, an allocation for most adds and the collector: 18% of one worker's time, 20% of
// two workers', who also read each other's numbers.)
type frontierTable struct {
	memoTable
	wide  []big.Word // wide count i in wide[i*width : (i+1)*width], least significant word first
	width int        // words a wide count: wideWords, doubled whenever a count outgrows it
}

// wideWords is the words of a wide count at first: 192 bits (20x20's count has 160).
const wideWords = 192 / bits.UintSize

// bigMark, as the high word of an entry's count, says that the count is in wide.
const bigMark = ^uint64(0)

// newFrontierTable returns an empty level: ordered, as levels are read in the order their
// entries were made.
func newFrontierTable(seed maphash.Seed) *frontierTable {
	return &frontierTable{memoTable: memoTable{seed: seed, ordered: true, marked: true}, width: wideWords}
}

// add adds v paths to key (hash h); it reports whether the entry is new, and by how many
// bytes the table grew: -1 if the table cannot keep the key (canKeep), when the forward
// count cannot go on (a dropped entry would be a wrong count).
func (t *frontierTable) add(key []byte, h uint64, v count) (isNew bool, grew int64) {
	before := t.held()
	u := v.u
	wide := v.b != nil || u.hi == bigMark // v is added to a wide count, whatever the entry's
	if wide {
		u = u128{} // the entry is found or made, its count left as it is
	}
	val, isNew, overflow := t.upsert(key, h, u, true)
	if val == nil {
		return false, -1
	}
	if !wide && !overflow {
		return isNew, t.held() - before
	}
	// Past 2^128, or onto the mark: the entry's count, as it was, goes to a wide count
	// (if not there yet), and v is added to it.
	old := u128{binary.LittleEndian.Uint64(val), binary.LittleEndian.Uint64(val[8:])}
	i := old.lo
	if old.hi != bigMark {
		i = t.newWide(old)
		binary.LittleEndian.PutUint64(val, i)
		binary.LittleEndian.PutUint64(val[8:], bigMark)
	}
	var buf [128 / bits.UintSize]big.Word
	t.addWide(i, v.words(&buf))
	return isNew, t.held() - before
}

// words returns the count's words, least significant first, using buf for a count of
// 128 bits.
func (v count) words(buf *[128 / bits.UintSize]big.Word) []big.Word {
	if v.b != nil {
		return v.b.Bits()
	}
	for j := range buf {
		x := v.u.lo
		if j*bits.UintSize >= 64 {
			x = v.u.hi
		}
		buf[j] = big.Word(x >> (j * bits.UintSize % 64))
	}
	return buf[:]
}

// wideCount returns the words of wide count i, with no room beyond them.
func (t *frontierTable) wideCount(i uint64) []big.Word {
	w := uint64(t.width)
	return t.wide[i*w : i*w+w : i*w+w]
}

// newWide makes a wide count of u; it returns its index.
func (t *frontierTable) newWide(u u128) uint64 {
	if t.width == 0 { // a table not made by newFrontierTable
		t.width = wideWords
	}
	i := uint64(len(t.wide) / t.width)
	t.wide = append(t.wide, make([]big.Word, t.width)...)
	var buf [128 / bits.UintSize]big.Word
	t.addWide(i, count{u: u}.words(&buf))
	return i
}

// addWide adds x (words, least significant first) to wide count i, widening the counts
// first if x is longer, and after if the sum outgrows them.
func (t *frontierTable) addWide(i uint64, x []big.Word) {
	for len(x) > t.width {
		t.widen()
	}
	z := t.wideCount(i)
	var c uint
	for j := range z {
		var y uint
		if j < len(x) {
			y = uint(x[j])
		}
		var s uint
		s, c = bits.Add(uint(z[j]), y, c)
		z[j] = big.Word(s)
	}
	if c != 0 {
		w := t.width
		t.widen()
		t.wideCount(i)[w] = big.Word(c)
	}
}

// widen doubles the words of every wide count: in place where the table's memory holds
// them (a table reset for the next level keeps its memory, and its counts start narrow
// again), else in memory with room for half as many more counts. (Twice the old capacity
// at every widening, as it was, doubled it again at every widening of every level: 6.8 GB
// of heap on 10x200 dominoes.) It never shrinks the memory, so add's growth is never
// negative.
func (t *frontierTable) widen() {
	w := t.width
	n := len(t.wide) / w
	if cap(t.wide) >= 2*w*n {
		// From the last count down, each to twice its offset: count i's new place
		// overlaps only its own old one and those of counts already moved.
		t.wide = t.wide[:2*w*n]
		for i := n - 1; i >= 0; i-- {
			copy(t.wide[2*w*i:2*w*i+w], t.wide[w*i:w*i+w])
			clear(t.wide[2*w*i+w : 2*w*i+2*w])
		}
	} else {
		wide := make([]big.Word, 2*w*n, 2*w*(n+n/2+8))
		for i := range n {
			copy(wide[2*w*i:], t.wide[w*i:w*i+w])
		}
		t.wide = wide
	}
	t.width = 2 * w
}

// value returns the count of the entry whose key and count's bytes are key and val. A
// wide count is set in x, whose words are the table's: x is read before the table
// changes.
func (t *frontierTable) value(key, val []byte, x *big.Int) count {
	v := u128{binary.LittleEndian.Uint64(val), binary.LittleEndian.Uint64(val[8:])}
	if v.hi == bigMark {
		return count{b: x.SetBits(t.wideCount(v.lo))}
	}
	return count{u: v}
}

// held returns the table's bytes, its wide counts included.
func (t *frontierTable) held() int64 {
	return t.bytes() + int64(cap(t.wide))*bits.UintSize/8
}

// reset empties the table, keeping its memory for the entries to come.
func (t *frontierTable) reset() {
	t.memoTable.reset()
	t.wide, t.width = t.wide[:0], wideWords
}

// A frontierBox holds the children one worker made for another worker's keys, at one
// level: records of uvarint(len(key)<<1 | wide), the key's hash (8 bytes), the key, then
// the count's 16 bytes, or, with wide set, a uvarint number of words and the words of the
// count, 8 bytes each (past 2^128: rare). The hash is the maker's, so that the owner does
// not hash the key again, and can look at the key's slot before it reads the record
// (addBox).
type frontierBox struct {
	buf []byte
}

// put appends a record of key, with h its hash, and v; it returns by how many bytes the
// box grew.
func (b *frontierBox) put(key []byte, h uint64, v count) int64 {
	before := cap(b.buf)
	if v.b == nil {
		b.buf = binary.AppendUvarint(b.buf, uint64(len(key))<<1)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, h)
		b.buf = append(b.buf, key...)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, v.u.lo)
		b.buf = binary.LittleEndian.AppendUint64(b.buf, v.u.hi)
		return int64(cap(b.buf) - before)
	}
	b.buf = binary.AppendUvarint(b.buf, uint64(len(key))<<1|1)
	b.buf = binary.LittleEndian.AppendUint64(b.buf, h)
	b.buf = append(b.buf, key...)
	words := v.b.Bits()
	b.buf = binary.AppendUvarint(b.buf, uint64(len(words)))
	for _, x := range words {
		b.buf = binary.LittleEndian.AppendUint64(b.buf, uint64(x))
	}
	return int64(cap(b.buf) - before)
}

// A wideScratch holds a wide count read from a box while it is added into a table.
type wideScratch struct {
	words []big.Word
	x     big.Int
}

// hash returns the hash of the key of the record at buf[at:], and where the next record
// starts.
func (b *frontierBox) hash(at int) (h uint64, next int) {
	n, k := binary.Uvarint(b.buf[at:])
	at += k
	h = binary.LittleEndian.Uint64(b.buf[at:])
	at += 8 + int(n>>1)
	if n&1 == 0 {
		return h, at + 16
	}
	words, k := binary.Uvarint(b.buf[at:])
	return h, at + k + 8*int(words)
}

// next reads the record at buf[at:]: its key, its count and where the next one starts. A
// wide count is read into s, and is good until the next one.
func (b *frontierBox) next(at int, s *wideScratch) (key []byte, v count, next int) {
	n, k := binary.Uvarint(b.buf[at:])
	at += k + 8 // the hash: see hash
	key = b.buf[at : at+int(n>>1)]
	at += int(n >> 1)
	if n&1 == 0 {
		v.u = u128{binary.LittleEndian.Uint64(b.buf[at:]), binary.LittleEndian.Uint64(b.buf[at+8:])}
		return key, v, at + 16
	}
	words, k := binary.Uvarint(b.buf[at:])
	at += k
	s.words = s.words[:0]
	for range words {
		s.words = append(s.words, big.Word(binary.LittleEndian.Uint64(b.buf[at:])))
		at += 8
	}
	return key, count{b: s.x.SetBits(s.words)}, at
}

// A frontierWorker is one worker of a forward count: its memo (state), its tables by level
// (the entries of the keys it owns), the children it made for the other workers' keys, and
// its share of the results.
type frontierWorker struct {
	_      apartPad // counters written at every node and every child: see apart
	id     int
	m      *memo
	tables []*frontierTable // [level]: the entries of this worker's keys, made when first written
	boxes  [][]*frontierBox // [worker][level]: children for that worker's keys, made when first written
	total  count            // solutions reached
	nodes  uint64           // sub-problems expanded
	news   uint64           // children that were new entries
	merges uint64           // children added to an entry
	// held is the bytes this worker's adds have grown tables and boxes by, less those it has
	// dropped: the sum over the workers is the bytes held (those kept for reuse included).
	held atomic.Int64
	// room, if not nil, reports whether extra bytes more than the workers hold fit in the
	// budget; add asks it before a table grows (see add).
	room      func(extra int64) bool
	work      atomic.Pointer[levelWork] // the table it is expanding, for the others to help with
	free      []*frontierTable          // tables read through, emptied for reuse
	freeBoxes []*frontierBox            // boxes read through (any worker's), emptied for reuse
	wide      big.Int                   // the wide count of the entry being expanded (value)
	boxWide   wideScratch               // the wide count of the box record being added
	touched   uint64                    // a sum of what addBox read ahead, kept so that the reads are made
	met       *frontierTable            // the states met at a cut (frontierMeet), by their meeting keys
	meetKey   []byte                    // the meeting key being made
	_         apartPad
}

// A levelWork is a worker's table of one level of the forward count being expanded. Its
// blocks (memoTable.block) are claimed one at a time, by the worker that owns it and by
// any other worker done with its own table of the level: a worker held up, by a larger
// share or by the host taking its processor away for a while, is helped, not waited for
// at the next level.
type levelWork struct {
	level  int
	owner  int
	t      *frontierTable
	blocks int          // t's blocks
	next   atomic.Int64 // the next block to claim; past the last, every block is claimed
	// helpers counts the other workers expanding a block of t; the owner recycles t once
	// every block is claimed and helpers is 0. A helper counts itself before it claims, so
	// one that counts itself after the owner saw 0 finds every block claimed, and leaves t
	// alone.
	helpers atomic.Int64
}

// claim returns the next block for the owner to expand; false once every block is claimed.
func (lw *levelWork) claim() (int, bool) {
	k := int(lw.next.Add(1) - 1)
	return k, k < lw.blocks
}

// helpClaim returns the next block for a helper to expand; false once every block is
// claimed. The helper calls helped when it is done with the block.
func (lw *levelWork) helpClaim() (int, bool) {
	lw.helpers.Add(1) // before the claim: see helpers
	k, ok := lw.claim()
	if !ok {
		lw.helpers.Add(-1)
	}
	return k, ok
}

// helped says that a helper is done with the block it claimed.
func (lw *levelWork) helped() { lw.helpers.Add(-1) }

// close claims every block left (the owner stopped early) and waits until the helpers are
// done with theirs: then the owner may recycle the table.
func (lw *levelWork) close() {
	lw.next.Store(int64(lw.blocks))
	for lw.helpers.Load() != 0 {
		runtime.Gosched() // a helper finishing its block: tens of microseconds
	}
}

// recycle empties t, read through, and keeps it for reuse by w.
func (w *frontierWorker) recycle(t *frontierTable) {
	before := t.held()
	t.reset()
	w.held.Add(t.held() - before)
	w.free = append(w.free, t)
}

// recycleBox empties b, read through, and keeps it for reuse by w; its buffer's bytes stay
// held (by whichever worker grew it: only the sum counts).
func (w *frontierWorker) recycleBox(b *frontierBox) {
	b.buf = b.buf[:0]
	w.freeBoxes = append(w.freeBoxes, b)
}

// add adds v paths to key's entry in t, counting a new entry or a merge, and the bytes
// the table grew by; false if t cannot keep the key (see frontierTable.add).
//
// A table that grows holds its old slots beside the new ones for a moment (three times
// the slots it had), and takes a new chunk of 4 MiB at once: with a budget, add gives up
// (false) before a growth that would take the workers past it, rather than find them past
// it at the next poll. (The budget was checked only there and after each level: a table
// of 16 million slots, doubling, took 384 MiB for a moment where it had held 128, beyond
// the budget by its own growth: issue 41, fault 10.)
func (w *frontierWorker) add(t *frontierTable, key []byte, h uint64, v count) bool {
	if w.room != nil && t.mayGrow(len(key)) {
		if extra := t.growBytes(len(key)) - t.bytes(); extra > 0 && !w.room(extra) {
			return false
		}
	}
	isNew, grew := t.add(key, h, v)
	if grew < 0 {
		return false
	}
	if isNew {
		w.news++
	} else {
		w.merges++
	}
	if grew != 0 {
		w.held.Add(grew)
	}
	return true
}

// adopt adds the entries of levels (tables by level, hashed with seed) that w owns into
// its own tables; false if a key could not be kept.
func (w *frontierWorker) adopt(levels []*frontierTable, owners *frontierOwners, seed maphash.Seed) bool {
	m := w.m
	for c, t := range levels {
		if t == nil {
			continue
		}
		for key, val := range t.inOrder() {
			m.setKey(key)
			m.makeKey(m.firstFree())
			h := maphash.Bytes(seed, m.key)
			if owners.of(m, h) != w.id {
				continue
			}
			_, grew := w.table(c, seed).add(m.key, h, t.value(key, val, &w.wide))
			if grew < 0 {
				return false
			}
			w.held.Add(grew)
		}
	}
	return true
}

// boxBatch is the records addBox looks up at once (BenchmarkAddBox: 4 152 ns a record,
// 8 140, 16 131, 32 130).
const boxBatch = 16

// addBox adds the records of box b into t; false if a key could not be kept. It takes
// the records boxBatch at a time: first it reads the slots where their keys' probes
// start, then the entries of those slots whose tags match, each pass's reads independent
// of one another, so that their cache misses overlap; then it adds the records, one by
// one, finding their slots and entries in the cache. (Read one record at a time, each add
// waited for a miss on the slot, then for one on the entry: BenchmarkAddBox 222 ns a
// record against 131 batched; on 20x20 the boxes took a tenth of two workers' time.)
func (w *frontierWorker) addBox(t *frontierTable, b *frontierBox) bool {
	var at [boxBatch]int
	var hs [boxBatch]uint64
	for pos := 0; pos < len(b.buf); {
		n := 0
		for ; n < boxBatch && pos < len(b.buf); n++ {
			at[n] = pos
			hs[n], pos = b.hash(pos)
		}
		w.touched += t.touch(hs[:n])
		for i := range n {
			key, v, _ := b.next(at[i], &w.boxWide)
			if !w.add(t, key, hs[i], v) {
				return false
			}
		}
	}
	return true
}

// table returns the worker's table of level c.
func (w *frontierWorker) table(c int, seed maphash.Seed) *frontierTable {
	if w.tables[c] == nil {
		if n := len(w.free); n > 0 {
			w.tables[c], w.free = w.free[n-1], w.free[:n-1]
		} else {
			w.tables[c] = newFrontierTable(seed)
		}
	}
	return w.tables[c]
}

// box returns the worker's box of children at level c for worker j.
func (w *frontierWorker) box(j, c int) *frontierBox {
	if w.boxes[j][c] == nil {
		if n := len(w.freeBoxes); n > 0 {
			w.boxes[j][c], w.freeBoxes = w.freeBoxes[n-1], w.freeBoxes[:n-1]
		} else {
			w.boxes[j][c] = &frontierBox{}
		}
	}
	return w.boxes[j][c]
}

// partsLevels returns the sub-problems parts, each with its number of paths, in tables by
// level (nil where none) hashed with seed, as frontierCount starts from them;
// errFrontierFull if a key could not be kept. m is left in some state.
func partsLevels(m *memo, parts []memoPart, seed maphash.Seed) ([]*frontierTable, error) {
	levels := make([]*frontierTable, m.np+1)
	for _, q := range parts {
		m.setKey(q.key)
		m.makeKey(m.firstFree())
		c := m.np - m.nfree
		if levels[c] == nil {
			levels[c] = newFrontierTable(seed)
		}
		if _, grew := levels[c].add(m.key, maphash.Bytes(seed, m.key), countOf(q.mult)); grew < 0 {
			return nil, errFrontierFull
		}
	}
	return levels, nil
}

// frontierCount counts the solutions below the sub-problems in levels (tables by level,
// nil where none, hashed with seed: an order trial's levels not yet expanded, or
// partsLevels'), each entry with its number of paths, by forward memoised counting on the
// given workers. It takes the tables over. Poll is asked every few thousand sub-problems.
// With meet, the count stops at meet's cut (see frontierMeet).
func frontierCount(sp *Spec, p *MemoParams, seed maphash.Seed, levels []*frontierTable, workers int, meet *frontierMeet) (*big.Int, MemoStats, error) {
	np := sp.NumPrimary
	ws := make([]*frontierWorker, workers)
	for i := range ws {
		ws[i] = &frontierWorker{id: i, m: newMemo(sp, p), tables: make([]*frontierTable, np+1),
			boxes: make([][]*frontierBox, workers)}
		for j := range workers {
			if j != i {
				ws[i].boxes[j] = make([]*frontierBox, np+1)
			}
		}
	}
	var owners *frontierOwners // nil on one worker, who owns every state
	if workers > 1 {
		owners = newFrontierOwners(ws[0].m, workers)
	}
	// The starting sub-problems go to their owners' tables: on one worker the tables are
	// its own; on more, each worker takes its own entries from them, all at once.
	if owners == nil {
		for c, t := range levels {
			if t != nil {
				ws[0].tables[c] = t
				ws[0].held.Add(t.held())
			}
		}
	} else {
		var lost atomic.Bool
		var wg sync.WaitGroup
		for _, w := range ws {
			wg.Go(func() {
				if !w.adopt(levels, owners, seed) {
					lost.Store(true)
				}
			})
		}
		wg.Wait()
		if lost.Load() {
			return nil, MemoStats{}, errFrontierFull
		}
	}
	var (
		lost    atomic.Bool // a key could not be kept: the count gives up (errFrontierFull)
		stop    atomic.Bool
		pollMu  sync.Mutex
		runErr  error
		maxHeld int64
		peak    atomic.Int64 // the most held at once, a growing table's old slots included
	)
	// room reports whether extra more bytes than the workers hold fit in the budget, and
	// records the peak.
	room := func(extra int64) bool {
		var held int64
		for _, x := range ws {
			held += x.held.Load()
		}
		if held+extra > p.MaxBytes {
			return false
		}
		for old := peak.Load(); held+extra > old && !peak.CompareAndSwap(old, held+extra); old = peak.Load() {
		}
		return true
	}
	if p.MaxBytes > 0 {
		for _, w := range ws {
			w.room = room
		}
	}
	poll := func() bool {
		pollMu.Lock()
		defer pollMu.Unlock()
		var st MemoStats
		for _, x := range ws {
			st.Bytes += x.held.Load()
			st.Nodes += atomic.LoadUint64(&x.nodes)
		}
		maxHeld = max(maxHeld, st.Bytes)
		switch {
		case p.MaxBytes > 0 && st.Bytes > p.MaxBytes:
			runErr = errFrontierFull
		case p.Poll != nil && !p.Poll(&st):
			runErr = ErrMemoStopped
		default:
			return true
		}
		stop.Store(true)
		return false
	}

	// add adds v paths to the child whose key is in w.m.key, in w's table if w owns it,
	// else in w's box for its owner; it reports false if the key could not be kept. parent
	// is the owner of the child's parent, and branched the parent's first free item when
	// the parent branched on it, else -1: a child in the parent's phase is then parent's
	// (see frontierOwners.keeps).
	add := func(w *frontierWorker, v count, branched, parent int) bool {
		m := w.m
		c := np - m.nfree
		h := maphash.Bytes(seed, m.key)
		j := parent // the owner of the child's parent
		if owners != nil && !owners.keeps(branched, m.keyFree) {
			j = owners.of(m, h)
		}
		if j != w.id {
			if grew := w.box(j, c).put(m.key, h, v); grew != 0 { // rarely: a locked add otherwise
				w.held.Add(grew)
			}
			return true
		}
		return w.add(w.table(c, seed), m.key, h, v)
	}

	// expandBlock expands block k of lw's table on worker w: each entry hands its paths on
	// to its children.
	expandBlock := func(w *frontierWorker, lw *levelWork, k int) bool {
		t, m := lw.t, w.m
		var prev [16]int32
		for key, val := range t.block(k) {
			v := t.value(key, val, &w.wide)
			m.setKey(key)
			if atomic.AddUint64(&w.nodes, 1)%pollEvery == 0 && !poll() || stop.Load() {
				return true
			}
			first := m.firstFree()
			if meet != nil && first >= meet.cut {
				w.meetKey = meet.key(m, w.meetKey[:0])
				if w.met == nil {
					w.met = newFrontierTable(seed)
				}
				if !w.add(w.met, w.meetKey, maphash.Bytes(seed, w.meetKey), v) {
					return false
				}
				continue
			}
			i := m.choose(first)
			if i < 0 {
				w.total = w.total.plus(v)
				continue
			}
			branched := -1
			if i == first {
				branched = first
			}
			for _, o := range m.options(i, first) {
				if !m.fits(o) {
					continue
				}
				saved := m.saveSec(o, prev[:0])
				m.take(o)
				m.makeKey(m.firstFree())
				if !add(w, v, branched, lw.owner) {
					return false
				}
				m.untake(o, saved)
			}
		}
		return true
	}

	// help has worker w, done with its own table of level c, expand what blocks of the
	// others' tables of level c are left.
	help := func(w *frontierWorker, c int) bool {
		for _, x := range ws {
			lw := x.work.Load()
			if x == w || lw == nil || lw.level != c {
				continue
			}
			for !stop.Load() {
				k, more := lw.helpClaim()
				if !more {
					break
				}
				ok := expandBlock(w, lw, k)
				lw.helped()
				if !ok {
					return false
				}
			}
		}
		return true
	}

	// level expands worker w's sub-problems of level c: first the children the others made
	// for it are added into its table, then the table is expanded, block by block, by w and
	// by the workers done with theirs; then w helps with theirs.
	level := func(w *frontierWorker, c int) bool {
		for _, x := range ws {
			if x == w || x.boxes[w.id][c] == nil {
				continue
			}
			// Level c receives nothing more: x writes only the boxes of later levels.
			b := x.boxes[w.id][c]
			x.boxes[w.id][c] = nil
			if !w.addBox(w.table(c, seed), b) {
				return false
			}
			w.recycleBox(b)
		}
		t := w.tables[c]
		if t == nil {
			return help(w, c)
		}
		w.tables[c] = nil
		lw := &levelWork{level: c, owner: w.id, t: t, blocks: t.blocks()}
		w.work.Store(lw)
		ok := true
		for ok && !stop.Load() {
			k, more := lw.claim()
			if !more {
				break
			}
			ok = expandBlock(w, lw, k)
		}
		if ok {
			ok = help(w, c)
		}
		lw.close()
		w.recycle(t) // expanded
		return ok
	}

	// afterLevel records what is held once a level is expanded (the next levels, made
	// meanwhile, included) and gives up past the budget.
	afterLevel := func() {
		var held int64
		for _, w := range ws {
			held += w.held.Load()
		}
		pollMu.Lock()
		defer pollMu.Unlock()
		maxHeld = max(maxHeld, held)
		if p.MaxBytes > 0 && held > p.MaxBytes && runErr == nil {
			runErr = errFrontierFull
			stop.Store(true)
		}
	}
	pipeline(ws, np, levelSpan(sp), &stop, func(w *frontierWorker, c int) {
		if !level(w, c) {
			lost.Store(true)
			stop.Store(true)
		}
		afterLevel()
	})
	if lost.Load() && runErr == nil {
		runErr = errFrontierFull
	}
	total := new(big.Int)
	var st MemoStats
	for _, w := range ws {
		if meet != nil && w.met != nil {
			meet.tables = append(meet.tables, w.met)
		}
		total.Add(total, w.total.big())
		st.Nodes += w.nodes
		st.Misses += w.news
		st.Hits += w.merges
	}
	st.Entries, st.Bytes = st.Misses, maxHeld
	st.Peak = max(maxHeld, peak.Load())
	if runErr != nil {
		return nil, st, runErr
	}
	return total, st, nil
}

// A frontierMeet stops a forward count at a cut, for a count in two halves (twoSided): a
// sub-problem whose first free item is cut or later is not expanded but added, under the
// key that key makes of it (appending to buf), to its worker's table of sub-problems met;
// frontierCount leaves those tables in tables (none for a worker that met none). Its
// total then counts only the solutions found before the cut: none, where every solution
// covers an item at the cut or after.
type frontierMeet struct {
	cut    int
	key    func(m *memo, buf []byte) []byte
	tables []*frontierTable
}

// levelSpan returns the fewest primary items that an option with any covers: the children
// of a forward count's sub-problem at level c lie at level c+levelSpan or later.
func levelSpan(sp *Spec) int {
	span := sp.NumPrimary
	for o := range sp.NumOptions() {
		k := 0
		for _, it := range sp.Item[sp.Start[o]:sp.Start[o+1]] {
			if int(it) < sp.NumPrimary {
				k++
			}
		}
		if k > 0 {
			span = min(span, k)
		}
	}
	return max(span, 1)
}

// pipeline runs expand(w, c) for every worker w and level c = 0..np, each worker on its
// own goroutine taking its levels in order (one worker too: then nothing waits), until
// stop. Level c receives children only from
// levels c-span and earlier, so a worker starts level c once every other worker is done
// with level c-span, not with c-1. Where every option covers span primary items (dominoes:
// 2) only every span-th level holds states and no worker gets ahead, but the worker that
// finishes a level last goes straight on to its next one: it does not wait for the other,
// which went to sleep when it finished first, to wake and pass the empty levels between.
// On 18x18 two workers took 0.59 s so against 0.82 s with a wait at every level (span 1),
// and 0.70 s with new goroutines for every level (quiet, medians of 5, one worker 0.93).
func pipeline(ws []*frontierWorker, np, span int, stop *atomic.Bool, expand func(w *frontierWorker, c int)) {
	type progress struct {
		_    apartPad
		done atomic.Int64 // the last level expanded, or past np once stopped
		_    apartPad
	}
	done := make([]progress, len(ws))
	for i := range done {
		done[i].done.Store(-1)
	}
	var mu sync.Mutex
	moved := sync.NewCond(&mu) // a worker finished a level
	ready := func(w *frontierWorker, c int) bool {
		for i := range done {
			if i != w.id && done[i].done.Load() < int64(c-span) {
				return false
			}
		}
		return true
	}
	// finish records that w is done with level c and wakes the workers waiting.
	finish := func(w *frontierWorker, c int) {
		done[w.id].done.Store(int64(c))
		mu.Lock()
		moved.Broadcast()
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for _, w := range ws {
		wg.Go(func() {
			for c := 0; c <= np && !stop.Load(); c++ {
				if !ready(w, c) {
					// A short spin first: the other worker is often a moment away.
					for spin := 0; spin < 2000 && !ready(w, c); spin++ {
					}
					mu.Lock()
					for !ready(w, c) && !stop.Load() {
						moved.Wait()
					}
					mu.Unlock()
				}
				if stop.Load() {
					break
				}
				expand(w, c)
				finish(w, c)
			}
			finish(w, np+span+1) // nobody waits for a worker that has stopped
		})
	}
	wg.Wait()
}
