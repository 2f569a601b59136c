package engine

import (
	"hash/maphash"
	"math/big"
	"sync"
	"sync/atomic"
)

// memoCache is the cache of a memoised count: sub-problem keys and their counts, in a
// memoTable while they fit in 128 bits, in a map of big integers beyond. The workers of one count share it; the
// table is cut into shards by a hash of the key, each with its own lock, so that workers
// seldom wait for each other. With one worker there is one shard and no locking.
//
// Few shards: a worker's recent entries, which its next lookups mostly find, are spread
// over every shard's arena, and with 256 shards one worker spent 1.35 times the CPU of one
// shard on A001499(12) (16 shards: within the noise of one). Each worker's lookups that
// meet another's lock are about 1/shards of them.
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
	mu   sync.Mutex
	vals memoTable
	bigs map[string]*big.Int // after an overflow: rare, and simpler as a map
	_    [40]byte            // keeps shards' locks on separate cache lines
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
	}
	return c
}

// shard returns the shard of a key and the key's hash. The shard is chosen by the hash's
// top bits, the slot within it by the low bits.
func (c *memoCache) shard(key []byte) (*memoShard, uint64) {
	h := maphash.Bytes(c.seed, key)
	if len(c.shards) == 1 {
		return &c.shards[0], h
	}
	return &c.shards[h>>c.shift], h
}

func (c *memoCache) get(key []byte) (count, bool) {
	sh, h := c.shard(key)
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
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
func (c *memoCache) put(k []byte, v count) {
	if c.full.Load() {
		return
	}
	sh, h := c.shard(k)
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
