package engine

import (
	"hash/maphash"
	"math/big"
	"sync"
	"sync/atomic"
)

// memoCache is the cache of a memoised count: sub-problem keys and their counts, in a
// memoTable while they fit in 128 bits, in a map of big integers beyond. The workers of one
// count share it; the table is cut into shards by a hash of the key, each with a lock that
// its writers take, so that workers seldom wait for each other. Lookups take no lock: the
// shards' tables are shared (memoTable.share), read through views that their writer
// publishes. With one worker there is one shard and no locking.
//
// Few shards: a worker's recent entries, which its next lookups mostly find, are spread
// over every shard's arena, and with 256 shards one worker spent 1.35 times the CPU of one
// shard on A001499(12) (16 shards: within the noise of one).
//
// Budget: an entry is charged its key, 16 bytes of count and 48 of table (measured: Go's
// map of string keys takes about that); past maxBytes nothing more is kept.
type memoCache struct {
	// Read by every lookup: kept off the line of the counters below, which every put
	// writes (one worker's puts would otherwise evict them from the other's cache).
	locked bool
	seed   maphash.Seed
	shift  uint // a key's shard is its hash's top bits: h >> shift
	shards []memoShard
	_      [64]byte

	maxBytes int64
	bytes    atomic.Int64
	entries  atomic.Uint64
	full     atomic.Bool
}

type memoShard struct {
	mu      sync.Mutex // held by the writer of vals and bigs; readers of vals take none
	hasBigs atomic.Bool
	vals    memoTable
	bigs    map[string]*big.Int // after an overflow: rare, and simpler as a map
	_       [32]byte            // keeps shards' locks on separate cache lines
}

// bigEntryOverhead is what an entry of bigs costs beyond its key and its number's words:
// the map's slot, the string and the big.Int headers, and the garbage collector's room.
const bigEntryOverhead = 120

func newMemoCache(maxBytes int64, workers int) *memoCache {
	n, shift := 1, uint(64)
	if workers > 1 { // 16 shards for up to two workers, 8 a worker beyond, at most 256
		for n, shift = 16, 60; n < 8*workers && n < 256; n, shift = 2*n, shift-1 {
		}
	}
	c := &memoCache{maxBytes: maxBytes, locked: workers > 1, seed: maphash.MakeSeed(), shift: shift, shards: make([]memoShard, n)}
	for i := range c.shards {
		c.shards[i].vals.seed = c.seed
		if c.locked {
			c.shards[i].vals.share()
		}
	}
	return c
}

// hash returns a key's hash, which chooses its shard (top bits) and its slot (low bits).
func (c *memoCache) hash(key []byte) uint64 { return maphash.Bytes(c.seed, key) }

// shard returns the shard of a key with hash h.
func (c *memoCache) shard(h uint64) *memoShard {
	if len(c.shards) == 1 {
		return &c.shards[0]
	}
	return &c.shards[h>>c.shift]
}

func (c *memoCache) get(key []byte) (count, bool) { return c.getHash(key, c.hash(key)) }

// getHash is get of a key with hash h.
func (c *memoCache) getHash(key []byte, h uint64) (count, bool) {
	sh := c.shard(h)
	if c.locked {
		if v, ok := sh.vals.getShared(key, h); ok {
			return count{u: v}, true
		}
		if !sh.hasBigs.Load() {
			return count{}, false
		}
		sh.mu.Lock()
		defer sh.mu.Unlock()
		b, ok := sh.bigs[string(key)]
		return count{b: b}, ok
	}
	if v, ok := sh.vals.get(key, h); ok {
		return count{u: v}, true
	}
	if len(sh.bigs) > 0 {
		if b, ok := sh.bigs[string(key)]; ok {
			return count{b: b}, true
		}
	}
	return count{}, false
}

// charge adds cost bytes to the budget and reports false (marking the cache full) if they
// do not fit.
func (c *memoCache) charge(cost int64) bool {
	if c.full.Load() {
		return false
	}
	if c.bytes.Add(cost) > c.maxBytes && c.maxBytes > 0 {
		c.bytes.Add(-cost)
		c.full.Store(true)
		return false
	}
	return true
}

// put keeps the count of a key: in the table if it fits in 128 bits, in bigs if not.
func (c *memoCache) put(k []byte, v count) { c.putHash(k, c.hash(k), v) }

// putHash is put of a key with hash h.
func (c *memoCache) putHash(k []byte, h uint64, v count) {
	if c.full.Load() {
		return
	}
	sh := c.shard(h)
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	if v.b != nil {
		key := string(k)
		if !c.charge(int64(len(key)+bigEntryOverhead) + int64(8*len(v.b.Bits()))) {
			return
		}
		if _, ok := sh.bigs[key]; !ok {
			c.entries.Add(1)
		}
		if sh.bigs == nil {
			sh.bigs = make(map[string]*big.Int)
		}
		sh.bigs[key] = v.b
		sh.hasBigs.Store(true)
		return
	}
	// Charge the most the table can grow by, before it grows; then settle to what it did.
	before := sh.vals.bytes()
	worst := sh.vals.growBytes(len(k)) - before
	if !c.charge(worst) {
		return
	}
	n := sh.vals.n
	sh.vals.put(k, h, v.u)
	c.bytes.Add(sh.vals.bytes() - before - worst)
	if sh.vals.n > n {
		c.entries.Add(1)
	}
}

// stats copies the cache's figures into st.
func (c *memoCache) stats(st *MemoStats) {
	st.Entries, st.Bytes, st.Full = c.entries.Load(), c.bytes.Load(), c.full.Load()
}

// A memoView is a worker's way into the cache it shares with others: with more than one
// worker, through a small cache of its own (memoNear) that it reads and writes without a
// lock. A worker's lookups mostly find what it met a moment ago, which the near cache
// holds in less memory than the shared table spreads it over: with the shared table read
// without locks, two workers still spent 1.1 times the CPU without it (A001499(13)).
type memoView struct {
	*memoCache
	near *memoNear // nil with one worker
}

// viewOf returns a worker's view of c.
func viewOf(c *memoCache) memoView {
	v := memoView{memoCache: c}
	if c.locked {
		v.near = newMemoNear()
	}
	return v
}

func (v memoView) get(key []byte) (count, bool) {
	if v.near == nil {
		return v.memoCache.get(key)
	}
	h := v.hash(key)
	if n, ok := v.near.get(key, h); ok {
		return count{u: n}, true
	}
	n, ok := v.getHash(key, h)
	if ok && n.b == nil {
		v.near.put(key, h, n.u)
	}
	return n, ok
}

func (v memoView) put(key []byte, n count) {
	if v.near == nil {
		v.memoCache.put(key, n)
		return
	}
	h := v.hash(key)
	v.putHash(key, h, n)
	if n.b == nil {
		v.near.put(key, h, n.u)
	}
}

// memoNear is a worker's own cache of the entries it met last: direct mapped by the low
// bits of the key's hash, each slot a copy of a key of at most nearKeyMax bytes and its
// count, a newer entry taking the slot of an older. It holds copies of the shared cache's
// entries, which never change, so it is never wrong; nearSlots * 64 bytes (4.2 MB) a
// worker, on counts with more than one worker, beyond the cache's budget. A slot is one
// cache line: a key of at most 39 bytes (A001499(13)'s are at most 31), and the slots
// start on a page.
type memoNear struct {
	slots []nearSlot
}

const (
	nearSlots  = 1 << 16
	nearKeyMax = 39
)

type nearSlot struct {
	h   uint64
	v   u128
	n   uint8 // key length plus one; 0: empty
	key [nearKeyMax]byte
}

func newMemoNear() *memoNear { return &memoNear{slots: make([]nearSlot, nearSlots)} }

func (m *memoNear) get(key []byte, h uint64) (u128, bool) {
	s := &m.slots[h&(nearSlots-1)]
	if s.h != h || int(s.n) != len(key)+1 || string(s.key[:len(key)]) != string(key) {
		return u128{}, false
	}
	return s.v, true
}

func (m *memoNear) put(key []byte, h uint64, v u128) {
	if len(key) > nearKeyMax {
		return
	}
	s := &m.slots[h&(nearSlots-1)]
	s.h, s.v, s.n = h, v, uint8(len(key)+1)
	copy(s.key[:], key)
}
