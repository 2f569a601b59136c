package engine

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/big"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// memoCache is the cache of a depth-first memoised count: sub-problem keys and their
// counts, in a memoTable while they fit in 128 bits, in a map of big integers beyond.
//
// With one worker it is one memoTable, read and written without views or locks. The
// workers of one count share it otherwise, cut into shards by the top bits of the keys'
// hashes: a key has one home shard, whose slots index it and where every worker looks it
// up, so a lookup reads one shard whatever the number of workers. The entries themselves
// (key and count) lie in the arena of the worker that made them (memoArena), in the order
// it made them, as one worker's table holds them: a worker reads mostly what it has just
// made, and its next put writes beside it, not into a line of another worker's. A shard's
// slots are read and written without a lock: read through the view last published
// (memoShard.view), written by compare-and-swap (place), grown under the shard's lock
// (growShard) while the other workers go on: a put that meets the growth is kept aside
// (putShared).
//
// Until 2026-11-26 each worker (up to four) had a shelf of its own, to which it alone
// wrote, and a lookup looked at its own shelf first, then at the others': a miss read
// every shelf, and beyond four workers they wrote shelves under a shared lock. On 16
// cores A001499(13) took 2.36 times one worker's CPU (6.1 times faster, not 10).
// Instructions executed (valgrind, which runs the threads one at a time, so it counts the
// work and not the waits), A001499(11) on 16 workers against one: 1.215 times with the
// shelves, 1.045 with the shards; one worker 3% fewer. Until round fifteen each shard
// was a whole table with an arena of its own, filled by every worker that put into it:
// one worker's entries in a row were spread over 4 arenas per worker, and entries read
// together lay apart. Cache misses (cachegrind, 32 KiB L1 and 1 MiB last level, one
// worker, A001499(11)): L1 3.57M with one table, 5.17M with the 8 shards of two workers,
// 7.70M with the 64 of sixteen; the workers' puts into one shard also wrote one arena's
// last line in turn, under its lock. Shards now hold slots only (docs/memo.md, round
// fifteen).
//
// Two workers may both count a sub-problem that neither has finished: each puts it, and
// the second put finds the first's entry and keeps it (A001499(13): 0.1% more nodes on
// two workers, A001499(11) 1.4% on sixteen).
//
// Budget: with one worker, an entry is charged what its table grows by (its key, 16 bytes
// of count and its slots; a big count: key, number and 120 bytes of map); the table
// reserves the budget a chunk at a time (1 MiB, or 1/64 of a small budget). With several
// workers, an arena's chunks and a shard's slots are charged as they are made (the old
// slots of a growth given back once replaced), and a big count as with one worker. Past
// maxBytes nothing more is kept.
type memoCache struct {
	seed   maphash.Seed
	shared bool // more than one worker: shards of slots, and an arena per worker
	shift  uint // a key with hash h lives in shard h>>shift (64 with one shard)
	shards []memoShard
	_      apartPad

	// The budget: bytes reserved by the shards, a chunk at a time.
	maxBytes int64
	chunk    int64
	bytes    atomic.Int64
	full     atomic.Bool
	_        apartPad

	// dir is every chunk of the workers' arenas, by number (shared caches): readers
	// load it without a lock; a worker adding a chunk publishes a new one, under dirMu,
	// before any slot points into the chunk. Each chunk is there with its whole capacity.
	dir    atomic.Pointer[[][]byte]
	dirMu  sync.Mutex
	arenas []memoArena

	// busy marks the sub-problems that workers are counting (see claim): nil with fewer
	// than memoBusyMinWorkers workers.
	busy []atomic.Uint64
}

// memoBusyPerWorker is the number of busy marks per worker (a power of two): a worker
// holds one for each sub-problem on its stack that it claimed, and most claims find
// their mark free.
const memoBusyPerWorker = 1 << 12

// memoBusyMinWorkers is the fewest workers that mark what they count. Two workers, each
// in its own order, seldom meet a sub-problem the other is counting, and the marks'
// compare-and-swap at every miss (and the store that frees it), on lines both cores
// write, cost more than the few sub-problems counted twice without them: tile16 (2.66
// million sub-problems) counted 2,500 twice with the marks and 8,100 without, A001499(13)
// 9 and 10 of 797,161; without them two workers took 0.93 of the CPU and of the wall on
// tile16 and 0.95 on A001499(13) (one build, 6 interleaved pairs of 2 runs, 6 of 6 and 5
// of 6 pairs faster). In lockstep, the workers' worst case, 12x12 dominoes with a piece
// item count 1.024 times one worker's sub-problems without the marks, 1.007 with them.
const memoBusyMinWorkers = 3

// A memoShard is the part of the cache where the keys whose hashes start with its number
// live.
type memoShard struct {
	_ apartPad
	// What lookups read, on a line of its own: no put writes it.
	view    atomic.Pointer[[]uint64] // slots, once shared
	hasBigs atomic.Bool
	_       apartPad
	// mu is held by the writers of bigs and by the one growing the slots (with more than
	// one worker); readers and writers of slots take none.
	mu   sync.Mutex
	vals memoTable // the entries (with one worker)
	// n is about the number of keys in the shared slots: the workers add their keys to it
	// some at a time (memoArena.pending), so that their puts do not all write one line.
	n        atomic.Int64
	bigs     map[string]*big.Int // after an overflow: rare, and simpler as a map
	reserved int64               // bytes of the budget taken by the shard, under mu
	used     atomic.Int64        // of them, those its entries hold (written under mu)
	entries  atomic.Uint64       // written under mu
	touched  uint64              // a sum of what growShard read ahead (rehash), under mu
	_        apartPad
}

// A memoArena is where a worker of a shared cache writes its entries: each one's key then
// its count (16 bytes), in chunks never moved, as a memoTable's.
type memoArena struct {
	_   apartPad
	cur []byte // the chunk being filled, up to its last entry
	id  int    // cur's number in the cache's dir
	// pending[s] is the number of keys the worker has put into shard s and not yet added
	// to its n; entries, those it has put in all.
	pending []int32
	later   []memoLater // puts kept aside while their shards grow (putShared)
	entries atomic.Uint64
	_       apartPad
}

// memoFrozen is a slot that a worker growing the shared slots has closed: no key goes
// there any more (the growth's copy would miss it), and a lookup reaching it misses (a
// key put before the growth began lies before the first free slot of its probe).
// No entry's slot is memoFrozen: its offset, 4 MiB less one, would leave no room for it.
const memoFrozen = ^uint64(0)

// memoShardsPerWorker is the number of shards per worker (rounded up to a power of two,
// at most maxMemoShards): enough that two workers seldom put into one shard at once.
const (
	memoShardsPerWorker = 4
	maxMemoShards       = 256 // the top 8 bits of a hash
)

// bigEntryOverhead is what an entry of bigs costs beyond its key and its number's words:
// the map's slot, the string and the big.Int headers, and the garbage collector's room.
const bigEntryOverhead = 120

// newMemoCache returns an empty cache for the given number of workers.
func newMemoCache(maxBytes int64, workers int) *memoCache {
	workers = max(1, workers)
	n := 1
	if workers > 1 {
		n = min(maxMemoShards, 1<<bits.Len(uint(memoShardsPerWorker*workers-1)))
	}
	c := &memoCache{maxBytes: maxBytes, shared: workers > 1, shift: uint(64 - bits.TrailingZeros(uint(n))),
		seed: maphash.MakeSeed(), shards: make([]memoShard, n)}
	c.chunk = 1 << 20
	if maxBytes > 0 {
		c.chunk = min(c.chunk, max(64, maxBytes/64/int64(n)))
	}
	if workers >= memoBusyMinWorkers {
		c.busy = make([]atomic.Uint64, memoBusyPerWorker<<bits.Len(uint(workers-1)))
	}
	if workers > 1 {
		c.arenas = make([]memoArena, workers)
		for i := range c.arenas {
			c.arenas[i].id = -1
			c.arenas[i].pending = make([]int32, n)
		}
		c.dir.Store(new([][]byte))
	}
	for i := range c.shards {
		c.shards[i].vals.seed = c.seed
		if c.shared {
			c.shards[i].view.Store(new([]uint64))
		}
	}
	return c
}

// arena returns worker w's arena, for its puts: nil with one worker.
func (c *memoCache) arena(w int) *memoArena {
	if !c.shared {
		return nil
	}
	return &c.arenas[w]
}

// hash returns a key's hash.
func (c *memoCache) hash(key []byte) uint64 { return maphash.Bytes(c.seed, key) }

// shard returns the home shard of a key with hash h.
func (c *memoCache) shard(h uint64) *memoShard { return &c.shards[c.shardOf(h)] }

// shardOf returns the number of the home shard of a key with hash h.
func (c *memoCache) shardOf(h uint64) uint64 {
	return h >> c.shift & uint64(len(c.shards)-1) // the mask: no bounds check
}

// get returns the count of key.
func (c *memoCache) get(key []byte) (count, bool) { return c.getHashed(key, c.hash(key)) }

// getHashed returns the count of key, whose hash is h.
func (c *memoCache) getHashed(key []byte, h uint64) (count, bool) {
	s := c.shard(h)
	if !c.shared {
		if v, ok := s.vals.get(key, h); ok {
			return count{u: v}, true
		}
		b, ok := s.bigs[string(key)] // a nil map reads as empty
		return count{b: b}, ok
	}
	if v, ok := c.getShared(s, key, h); ok {
		return count{u: v}, true
	}
	if !s.hasBigs.Load() {
		return count{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	b, ok := s.bigs[string(key)]
	return count{b: b}, ok
}

// getShared looks key, with hash h, up in shard s of a shared cache, without a lock: in
// the slots its writers last published, whose entries lie in the chunks of dir. A writer
// writes an entry before it stores the entry's slot (atomically), and publishes a chunk
// before any slot points into it; a reader loads the slot (atomically) before it reads
// the entry, and loads dir again if the slot points past the dir it has. So a reader sees
// an entry whole or not at all; one that reads old slots misses the entries made since: a
// lookup that misses, never a wrong count.
func (c *memoCache) getShared(s *memoShard, key []byte, h uint64) (u128, bool) {
	slots := *s.view.Load()
	for {
		v, ok, stale := find(slots, *c.dir.Load(), key, h)
		if !stale {
			return v, ok
		}
	}
}

// charge adds cost bytes to shard s's use, reserving more of the budget for it if need
// be, and reports false (marking the cache full) if they do not fit. The caller holds s.mu
// (with more than one worker).
func (c *memoCache) charge(s *memoShard, cost int64) bool {
	if used := s.used.Load() + cost; used > s.reserved {
		if c.full.Load() {
			return false
		}
		more := max(c.chunk, used-s.reserved)
		if c.bytes.Add(more) > c.maxBytes && c.maxBytes > 0 {
			c.bytes.Add(-more)
			c.full.Store(true)
			return false
		}
		s.reserved += more
	}
	s.used.Add(cost)
	return true
}

// take charges cost bytes of a shared cache to the budget and reports whether they fit
// (marking the cache full if not).
func (c *memoCache) take(cost int64) bool {
	if c.bytes.Add(cost) > c.maxBytes && c.maxBytes > 0 {
		c.bytes.Add(-cost)
		c.full.Store(true)
		return false
	}
	return true
}

// put keeps the count of a key: in the table if it fits in 128 bits, in bigs if not. a is
// the putting worker's arena (see arena).
func (c *memoCache) put(a *memoArena, k []byte, v count) {
	if !c.full.Load() {
		c.putHashed(a, k, c.hash(k), v)
	}
}

// putHashed is put of a key whose hash is h.
func (c *memoCache) putHashed(a *memoArena, k []byte, h uint64, v count) {
	if c.full.Load() {
		return
	}
	s := c.shard(h)
	if v.b == nil && c.shared {
		c.putShared(a, s, k, h, v.u)
		return
	}
	if c.shared {
		s.mu.Lock()
		defer s.mu.Unlock()
	}
	if v.b != nil {
		key := string(k)
		if !c.charge(s, int64(len(key)+bigEntryOverhead)+int64(8*len(v.b.Bits()))) {
			return
		}
		if _, ok := s.bigs[key]; !ok {
			s.entries.Add(1)
		}
		if s.bigs == nil {
			s.bigs = make(map[string]*big.Int)
		}
		s.bigs[key] = v.b
		s.hasBigs.Store(true)
		return
	}
	// Charge the most the table can grow by, before it grows; then settle to what it did.
	before := s.vals.bytes()
	worst := s.vals.growBytes(len(k)) - before
	if !c.charge(s, worst) {
		return
	}
	n := s.vals.n
	s.vals.put(k, h, v.u)
	s.used.Add(s.vals.bytes() - before - worst)
	if s.vals.n > n {
		s.entries.Add(1)
	}
	// A growth reserved for the worst case (old and new slots at once) may leave far more
	// reserved than used: give the rest back, or the other shards could not have it.
	if extra := s.reserved - s.used.Load() - c.chunk; extra > 0 {
		c.bytes.Add(-extra)
		s.reserved -= extra
	}
}

// putShared keeps the count v of key k, with hash h, in shard s of a shared cache: the
// entry goes in a's arena, then its slot in s's slots (place). If another worker has put
// the key meanwhile, its entry stays and a's is taken back. If the slots are being grown,
// the slot is kept aside in a.later, and placed by a later put once the new slots are out:
// the worker goes on, where it waited for the growth (tile16 on two workers: 0.29 s of
// 1.2 s waited so, with slots growing 4 times); meanwhile a lookup of the key misses.
func (c *memoCache) putShared(a *memoArena, s *memoShard, k []byte, h uint64, v u128) {
	if len(a.later) > 0 && c.shard(a.later[0].h).view.Load() != a.later[0].view {
		c.placeLater(a)
	}
	if len(k) > memoMaxKeyLen {
		return
	}
	need := uvarintLen(len(k)) + len(k) + 16
	if len(a.cur)+need > cap(a.cur) && !c.newChunk(a, need) {
		return
	}
	off := len(a.cur)
	b := binary.AppendUvarint(a.cur, uint64(len(k)))
	b = append(b, k...)
	b = binary.LittleEndian.AppendUint64(b, v.lo)
	a.cur = binary.LittleEndian.AppendUint64(b, v.hi)
	slot := slotOf(h, a.id, off)
	placed, grown := c.place(a, s, k, h, slot)
	switch {
	case placed:
	case grown != nil && len(a.later) < memoLaterMax:
		if a.later == nil {
			a.later = make([]memoLater, 0, memoLaterMax)
		}
		a.later = append(a.later, memoLater{h: h, slot: slot, view: grown})
	default: // another worker's entry, no room, or too many aside: a's is the last
		a.cur = a.cur[:off]
	}
}

// A memoLater is a put that met its shard's slots being grown: the entry is in the
// arena, its slot not yet among the shard's.
type memoLater struct {
	h, slot uint64
	view    *[]uint64 // the slots being grown when the put met them
}

// memoLaterMax is the most puts a worker keeps aside; it drops those beyond (their
// sub-problems are counted again if met). A growth lasts a few thousand puts at most.
const memoLaterMax = 1 << 12

// placeLater places the slots that arena a's worker kept aside whose shards' growth is
// over (all of them once no growth is under way), keeping the others aside.
func (c *memoCache) placeLater(a *memoArena) {
	kept := a.later[:0]
	for _, l := range a.later {
		s := c.shard(l.h)
		if s.view.Load() != l.view {
			k, _ := entryIn(*c.dir.Load(), l.slot)
			_, l.view = c.place(a, s, k, l.h, l.slot)
		}
		if l.view != nil {
			kept = append(kept, l)
		}
	}
	a.later = kept
}

// place puts slot, that of arena a's entry for key k with hash h, into shard s's slots by
// compare-and-swap, without a lock, and reports whether it did. If not, grown is the
// slots being grown where it met a frozen slot, nil where another worker's entry for k is
// there (two workers putting one key meet at its first free slot, so a key has one slot)
// or the budget allows no slots.
func (c *memoCache) place(a *memoArena, s *memoShard, k []byte, h, slot uint64) (placed bool, grown *[]uint64) {
	tag := slotTag(h)
	for {
		view := s.view.Load()
		slots := *view
		if len(slots) == 0 {
			if !c.growShard(s, view) {
				return false, nil
			}
			continue
		}
		mask := uint64(len(slots) - 1)
		for i := h & mask; ; i = (i + 1) & mask {
			t := atomic.LoadUint64(&slots[i])
			if t == 0 {
				if atomic.CompareAndSwapUint64(&slots[i], 0, slot) { // after the entry: readers see it whole
					a.entries.Add(1)
					c.added(a, h, s, view, len(slots))
					return true, nil
				}
				t = atomic.LoadUint64(&slots[i]) // another key's, or frozen
			}
			if t == memoFrozen {
				return false, view
			}
			if tagOf(t) == tag {
				if key, _ := entryIn(*c.dir.Load(), t); bytes.Equal(key, k) {
					return false, nil
				}
			}
		}
	}
}

// added counts a key, with hash h, that arena a's worker put into its shard s, whose
// slots are view (of length n): into a.pending, and into s.n every n/16/workers keys or
// so, growing the slots when s.n passes 11/16 of them. With the keys pending, at most
// 1/16 of the slots, the slots are at most about 3/4 full, as a memoTable's.
func (c *memoCache) added(a *memoArena, h uint64, s *memoShard, view *[]uint64, n int) {
	i := &a.pending[c.shardOf(h)]
	*i++
	if int(*i) < max(1, n/16/len(c.arenas)) {
		return
	}
	total := s.n.Add(int64(*i))
	*i = 0
	if 16*total > 11*int64(n) {
		c.growShard(s, view)
	}
}

// newChunk gives arena a a new chunk with room for need bytes, charged to the budget, and
// publishes it; it reports false if the budget or the chunks' numbers are spent.
func (c *memoCache) newChunk(a *memoArena, need int) bool {
	size := memoFirstChunk
	if cap(a.cur) > 0 {
		size = min(2*cap(a.cur), memoChunk)
	}
	size = max(size, need)
	if !c.take(int64(size)) {
		return false
	}
	c.dirMu.Lock()
	defer c.dirMu.Unlock()
	old := *c.dir.Load()
	if len(old) >= memoMaxChunks {
		c.bytes.Add(-int64(size))
		c.full.Store(true)
		return false
	}
	chunk := make([]byte, size)
	dir := append(slices.Clip(old), chunk) // a new array: readers keep the old one
	c.dir.Store(&dir)
	a.cur, a.id = chunk[:0], len(old)
	return true
}

// memoShardGrowth is the factor by which a shard's slots grow. Each growth copies every
// key, hashing it again: growing 4 times at a time makes half as many growths and a third
// of the copying of doubling. Measured on this 2-core machine, quiet, tile16 against
// doubling (bench/scale.sh, interleaved), when puts still waited for a growth: on two
// workers wall 0.89 to 1.02 and CPU 0.91 to 1.02 in four runs (noise), peak memory
// 195-199 MB against 165-170; on 16 goroutines sharing the two cores CPU 0.86 and 0.81.
// One worker (memoTable) and A001499(13) alike. 8 was worse (CPU 1.14, 258 MB).
const memoShardGrowth = 4

// growShard grows shard s's slots memoShardGrowth times (or makes the first ones), if
// they are still view, and publishes the new ones. Each old slot is copied or, if free,
// frozen (memoFrozen), so that no put lands where the copy has passed; puts that meet a
// frozen slot are kept aside until the new slots are out (putShared). It reports false if
// the budget does not allow them.
func (c *memoCache) growShard(s *memoShard, view *[]uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.view.Load() != view {
		return true // another worker has grown them
	}
	old := *view
	n := max(memoTableMinSlots, memoShardGrowth*len(old))
	if c.full.Load() || !c.take(8*int64(n)) {
		return false
	}
	slots := newSlots(n)
	copied := int64(0)
	var batch [rehashBatch]uint64
	k := 0
	for j := range old {
		t := atomic.LoadUint64(&old[j])
		if t == 0 {
			if atomic.CompareAndSwapUint64(&old[j], 0, memoFrozen) {
				continue
			}
			t = atomic.LoadUint64(&old[j]) // a put's, just made
		}
		batch[k] = t
		if k++; k == len(batch) {
			s.touched += rehash(slots, *c.dir.Load(), c.seed, batch[:k])
			k = 0
		}
		copied++
	}
	s.touched += rehash(slots, *c.dir.Load(), c.seed, batch[:k])
	c.bytes.Add(-8 * int64(len(old))) // the old slots, left to the readers still at them
	s.n.Store(copied)
	s.view.Store(&slots)
	return true
}

// stats copies the cache's figures into st: the bytes its entries hold (less than the
// budget reserved for them).
func (c *memoCache) stats(st *MemoStats) {
	st.Entries, st.Bytes = 0, 0
	for i := range c.shards {
		st.Entries += c.shards[i].entries.Load()
		st.Bytes += c.shards[i].used.Load()
	}
	for i := range c.arenas {
		st.Entries += c.arenas[i].entries.Load()
	}
	if c.shared {
		st.Bytes = c.bytes.Load() // arenas and slots as made, and bigs' reserves
	}
	st.Full = c.full.Load()
}

// claim marks the sub-problem whose key has hash h as being counted by the caller, so
// that the other workers who meet it count something else meanwhile (memoBounds.count
// defers it). It reports whether the caller holds the mark (and must release it), and
// whether another worker holds it: then the caller leaves the sub-problem for later. A
// mark is a slot of busy chosen by the hash, holding the hash (its low bit set, so that
// it is not 0); a slot held for another hash is left to it, and the sub-problem is
// counted unmarked. Two keys with one hash may make a worker defer a sub-problem no one
// is counting: it counts it afterwards all the same. With fewer than memoBusyMinWorkers
// workers nothing is marked.
func (c *memoCache) claim(h uint64) (held, other bool) {
	if c.busy == nil {
		return false, false
	}
	mark := h | 1
	b := &c.busy[(h>>32)&uint64(len(c.busy)-1)] // bits neither the shards nor the slots use
	switch b.Load() {
	case mark:
		return false, true
	case 0:
		if b.CompareAndSwap(0, mark) {
			return true, false
		}
		return false, b.Load() == mark
	}
	return false, false
}

// release gives up the mark of the sub-problem whose key has hash h (see claim).
func (c *memoCache) release(h uint64) {
	c.busy[(h>>32)&uint64(len(c.busy)-1)].Store(0)
}

// prefetch asks for the first slot a lookup of a key with hash h reads.
func (c *memoCache) prefetch(h uint64) {
	s := c.shard(h)
	var slots []uint64
	if c.shared {
		slots = *s.view.Load()
	} else {
		slots = s.vals.slots
	}
	if len(slots) > 0 {
		prefetch((*byte)(unsafe.Pointer(&slots[h&uint64(len(slots)-1)])))
	}
}
