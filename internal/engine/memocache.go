package engine

import (
	"hash/maphash"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"
)

// memoCache is the cache of a depth-first memoised count: sub-problem keys and their
// counts, in a memoTable while they fit in 128 bits, in a map of big integers beyond.
//
// The workers of one count share it. It is cut into shards by the top bits of the keys'
// hashes: a key has one home shard, where it is put and where every worker looks it up,
// so a lookup reads one table whatever the number of workers. A shard's table is shared
// (memoTable.share): workers read it through the views its writers publish, without a
// lock; a put takes the shard's lock. With one worker there is one shard, read and
// written without views or locks.
//
// Until 2026-11-26 each worker (up to four) had a shelf of its own, to which it alone
// wrote, and a lookup looked at its own shelf first, then at the others': a miss read
// every shelf, and beyond four workers they wrote shelves under a shared lock. On 16
// cores A001499(13) took 2.36 times one worker's CPU (6.1 times faster, not 10).
// Instructions executed (valgrind, which runs the threads one at a time, so it counts the
// work and not the waits), A001499(11) on 16 workers against one: 1.215 times with the
// shelves, 1.045 with the shards; one worker 3% fewer. CPU time on this loaded 2-core
// machine could not tell the two apart (see docs/memo.md).
// Two workers may both count a sub-problem that neither has finished: each puts it, and
// the second put finds the first's entry and keeps it (A001499(13): 0.1% more nodes on
// two workers, A001499(11) 1.4% on sixteen).
//
// Budget: an entry is charged what its table grows by (its key, 16 bytes of count and its
// slots; a big count: key, number and 120 bytes of map); past maxBytes nothing more is
// kept. A shard reserves the budget a chunk at a time (1 MiB, or 1/64 of a small budget
// shared among the shards), so the cache may be full up to a chunk a shard early, and the
// workers' puts do not all write one counter.
type memoCache struct {
	seed   maphash.Seed
	shared bool // more than one worker: the shards' tables are shared
	shift  uint // a key with hash h lives in shard h>>shift (64 with one shard)
	shards []memoShard
	_      apartPad

	// The budget: bytes reserved by the shards, a chunk at a time.
	maxBytes int64
	chunk    int64
	bytes    atomic.Int64
	full     atomic.Bool
	_        apartPad

	// busy marks the sub-problems that workers are counting (see claim): nil with one
	// worker.
	busy []atomic.Uint64
}

// memoBusyPerWorker is the number of busy marks per worker (a power of two): a worker
// holds one for each sub-problem on its stack that it claimed, and most claims find
// their mark free.
const memoBusyPerWorker = 1 << 12

// A memoShard is the part of the cache where the keys whose hashes start with its number
// live.
type memoShard struct {
	_ apartPad
	// What lookups read, on a line of its own: no put writes it.
	view    *atomic.Pointer[memoTableView] // vals.view, once shared
	hasBigs atomic.Bool
	_       apartPad
	// mu is held by the writers of vals and bigs (with more than one worker); readers of
	// vals take none.
	mu       sync.Mutex
	vals     memoTable
	bigs     map[string]*big.Int // after an overflow: rare, and simpler as a map
	reserved int64               // bytes of the budget taken by the shard, under mu
	used     atomic.Int64        // of them, those its entries hold (written under mu)
	entries  atomic.Uint64       // written under mu
	_        apartPad
}

// memoShardsPerWorker is the number of shards per worker (rounded up to a power of two,
// at most maxMemoShards): enough that two workers seldom put into one shard at once.
const (
	memoShardsPerWorker = 4
	maxMemoShards       = 256 // the top 8 bits of a hash; slotTag takes the 8 below them
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
	if workers > 1 {
		c.busy = make([]atomic.Uint64, memoBusyPerWorker<<bits.Len(uint(workers-1)))
	}
	for i := range c.shards {
		c.shards[i].vals.seed = c.seed
		if c.shared {
			c.shards[i].vals.share()
			c.shards[i].view = c.shards[i].vals.view
		}
	}
	return c
}

// hash returns a key's hash.
func (c *memoCache) hash(key []byte) uint64 { return maphash.Bytes(c.seed, key) }

// shard returns the home shard of a key with hash h.
func (c *memoCache) shard(h uint64) *memoShard {
	return &c.shards[h>>c.shift&uint64(len(c.shards)-1)] // the mask: no bounds check
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
	if v, ok := getShared(s.view, key, h); ok {
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

// put keeps the count of a key: in the table if it fits in 128 bits, in bigs if not.
func (c *memoCache) put(k []byte, v count) {
	if !c.full.Load() {
		c.putHashed(k, c.hash(k), v)
	}
}

// putHashed is put of a key whose hash is h.
func (c *memoCache) putHashed(k []byte, h uint64, v count) {
	if c.full.Load() {
		return
	}
	s := c.shard(h)
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

// stats copies the cache's figures into st: the bytes its entries hold (less than the
// budget reserved for them).
func (c *memoCache) stats(st *MemoStats) {
	st.Entries, st.Bytes = 0, 0
	for i := range c.shards {
		st.Entries += c.shards[i].entries.Load()
		st.Bytes += c.shards[i].used.Load()
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
// is counting: it counts it afterwards all the same. With one worker nothing is marked.
func (c *memoCache) claim(h uint64) (held, other bool) {
	if c.busy == nil {
		return false, false
	}
	mark := h | 1
	b := &c.busy[(h>>16)&uint64(len(c.busy)-1)] // bits the shards and slots do not use first
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
	c.busy[(h>>16)&uint64(len(c.busy)-1)].Store(0)
}
