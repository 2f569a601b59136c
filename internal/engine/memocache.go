package engine

import (
	"hash/maphash"
	"math/big"
	"sync"
	"sync/atomic"
)

// memoCache is the cache of a depth-first memoised count: sub-problem keys and their
// counts, in a memoTable while they fit in 128 bits, in a map of big integers beyond.
//
// The workers of one count share it. Each worker has a shelf of its own, to which it alone
// writes (up to maxShelves workers); it looks a key up on its own shelf first, then on the
// others' (memoView). The shelves' tables are shared (memoTable.share): the others read
// them through views their writer publishes, without a lock; a worker reads its own as one
// worker does. So a worker's lookups of what it met a moment ago stay in its own core's
// cache, as on one worker, and no line of a table is written by two cores.
// Measured on A001499(13), two workers: 2.85 s against 3.17 with 16 shards by hash that
// both workers wrote (and a near cache of each worker's recent entries, which the shelves
// made useless: 2.85 s with it or without), one worker 4.89 (quiet, medians of 3).
// Two workers may both count a sub-problem that neither has finished: each keeps it on its
// shelf (A001499(13): 3% more entries).
//
// A miss looks at every shelf, so there are at most maxShelves: beyond, workers share
// shelves (worker w writes shelf w mod maxShelves, under the shelf's lock).
//
// Budget: an entry is charged what its table grows by (its key, 16 bytes of count and its
// slots; a big count: key, number and 120 bytes of map); past maxBytes nothing more is
// kept. A shelf reserves the budget a chunk at a time (1 MiB, or 1/64 of a small budget),
// so the cache may be full up to a chunk a shelf early. Reading its own shelf as its own
// and counting the budget by chunks (perf had put 4% of two workers' time on the views'
// loads and the shared counters) took A001499(13) on two workers from 2.50 to 2.37 s
// (CPU 4.95 to 4.70 s; interleaved, medians of 7), against one worker's 4.52 s.
type memoCache struct {
	seed    maphash.Seed
	shared  bool // more than one worker: the shelves' tables are shared
	alone   bool // and each shelf has one worker, who reads it as its own
	shelves []memoShelf
	_       apartPad

	// The budget: bytes reserved by the shelves, a chunk at a time, so that the workers'
	// puts do not all write one counter (see above).
	maxBytes int64
	chunk    int64
	bytes    atomic.Int64
	full     atomic.Bool
}

// A memoShelf is one worker's part of the cache.
type memoShelf struct {
	_ apartPad
	// What the other workers read at a lookup that misses their own shelves, on a line of
	// its own: no put writes it. (Beside the counters every put writes, it cost two
	// workers on A001499(13) a line fetched from the writer's core at most such lookups.)
	view    *atomic.Pointer[memoTableView] // vals.view, once shared
	hasBigs atomic.Bool
	_       apartPad
	// mu is held by the writer of bigs, and of vals where the shelf has more than one
	// writer; readers of vals take none.
	mu       sync.Mutex
	vals     memoTable
	bigs     map[string]*big.Int // after an overflow: rare, and simpler as a map
	reserved int64               // bytes of the budget taken by the shelf, under mu
	used     atomic.Int64        // of them, those its entries hold (written under mu)
	entries  atomic.Uint64       // written under mu
	_        apartPad
}

// maxShelves bounds the shelves. Measured on this machine's two cores only, A001499(13) on
// eight workers: 6.05 CPU s on 2 shelves, 6.60 on 4, 7.90 on 8, and 6.76 with the 16
// shards by hash and near caches that the shelves replaced. Four keep the probes of a miss
// few on a larger machine while splitting its writers (not measured: no such machine).
const maxShelves = 4

// bigEntryOverhead is what an entry of bigs costs beyond its key and its number's words:
// the map's slot, the string and the big.Int headers, and the garbage collector's room.
const bigEntryOverhead = 120

// newMemoCache returns an empty cache for the given number of workers, with a shelf each
// (at most maxShelves).
func newMemoCache(maxBytes int64, workers int) *memoCache {
	workers = max(1, workers)
	c := &memoCache{maxBytes: maxBytes, shared: workers > 1, alone: workers <= maxShelves,
		seed: maphash.MakeSeed(), shelves: make([]memoShelf, min(workers, maxShelves))}
	c.chunk = 1 << 20
	if maxBytes > 0 {
		c.chunk = min(c.chunk, max(64, maxBytes/64))
	}
	for i := range c.shelves {
		c.shelves[i].vals.seed = c.seed
		if c.shared {
			c.shelves[i].vals.share()
			c.shelves[i].view = c.shelves[i].vals.view
		}
	}
	return c
}

// hash returns a key's hash.
func (c *memoCache) hash(key []byte) uint64 { return maphash.Bytes(c.seed, key) }

// get returns the count of key on shelf s; own says that the caller is the shelf's only
// writer, who reads it as its own.
func (c *memoCache) get(s *memoShelf, key []byte, h uint64, own bool) (count, bool) {
	if !c.shared || own {
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

// charge adds cost bytes to shelf s's use, reserving more of the budget for it if need
// be, and reports false (marking the cache full) if they do not fit. The caller holds s.mu
// (with more than one worker).
func (c *memoCache) charge(s *memoShelf, cost int64) bool {
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

// put keeps the count of a key, with hash h, on shelf s: in the table if it fits in 128
// bits, in bigs if not.
func (c *memoCache) put(s *memoShelf, k []byte, h uint64, v count) {
	if c.full.Load() {
		return
	}
	if c.shared && (!c.alone || v.b != nil) {
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
	// reserved than used: give the rest back, or the other shelves could not have it.
	if extra := s.reserved - s.used.Load() - c.chunk; extra > 0 {
		c.bytes.Add(-extra)
		s.reserved -= extra
	}
}

// stats copies the cache's figures into st: the bytes its entries hold (less than the
// budget reserved for them).
func (c *memoCache) stats(st *MemoStats) {
	st.Entries, st.Bytes = 0, 0
	for i := range c.shelves {
		st.Entries += c.shelves[i].entries.Load()
		st.Bytes += c.shelves[i].used.Load()
	}
	st.Full = c.full.Load()
}

// A memoView is worker w's way into the cache it shares with the others: it puts on its
// own shelf and looks up its own shelf first, then the others' in turn.
type memoView struct {
	*memoCache
	w int
}

// viewOf returns worker w's view of c (0 <= w < the workers c was made for).
func viewOf(c *memoCache, w int) memoView { return memoView{memoCache: c, w: w % len(c.shelves)} }

func (v memoView) get(key []byte) (count, bool) {
	h := v.hash(key)
	for i := range v.shelves {
		j := v.w + i
		if j >= len(v.shelves) {
			j -= len(v.shelves)
		}
		if n, ok := v.memoCache.get(&v.shelves[j], key, h, i == 0 && v.alone); ok {
			return n, true
		}
	}
	return count{}, false
}

func (v memoView) put(key []byte, n count) {
	v.memoCache.put(&v.shelves[v.w], key, v.hash(key), n)
}
