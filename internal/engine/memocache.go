package engine

import (
	"hash/maphash"
	"math/big"
	"sync"
	"sync/atomic"
)

// memoCache is the cache of a memoised count: sub-problem keys and their counts, in 128
// bits or, after an overflow, in big integers. The workers of one count share it; the
// table is cut into shards by a hash of the key, each with its own lock, so that workers
// seldom wait for each other. With one worker there is one shard and no locking.
//
// Budget: an entry is charged its key, 16 bytes of count and 48 of table (measured: Go's
// map of string keys takes about that); past maxBytes nothing more is kept.
type memoCache struct {
	maxBytes int64
	bytes    atomic.Int64
	entries  atomic.Uint64
	full     atomic.Bool
	locked   bool
	seed     maphash.Seed
	shards   []memoShard
}

type memoShard struct {
	mu   sync.Mutex
	vals map[string]u128
	bigs map[string]*big.Int
	_    [40]byte // keeps shards' locks on separate cache lines
}

// entryOverhead is what an entry costs beyond its key.
const entryOverhead = 16 + 48

func newMemoCache(maxBytes int64, workers int) *memoCache {
	n := 1
	if workers > 1 {
		n = 256
	}
	c := &memoCache{maxBytes: maxBytes, locked: workers > 1, seed: maphash.MakeSeed(), shards: make([]memoShard, n)}
	for i := range c.shards {
		c.shards[i].vals = make(map[string]u128)
		c.shards[i].bigs = make(map[string]*big.Int)
	}
	return c
}

func (c *memoCache) shard(key []byte) *memoShard {
	if len(c.shards) == 1 {
		return &c.shards[0]
	}
	return &c.shards[maphash.Bytes(c.seed, key)&uint64(len(c.shards)-1)]
}

func (c *memoCache) get(key []byte) (u128, bool) {
	sh := c.shard(key)
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	v, ok := sh.vals[string(key)]
	return v, ok
}

func (c *memoCache) getBig(key []byte) (*big.Int, bool) {
	sh := c.shard(key)
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	v, ok := sh.bigs[string(key)]
	return v, ok
}

// reserve charges a new entry of the given key length to the budget, and reports false
// (marking the cache full) if it does not fit.
func (c *memoCache) reserve(keyLen int) bool {
	if c.full.Load() {
		return false
	}
	cost := int64(keyLen + entryOverhead)
	if c.maxBytes > 0 && c.bytes.Add(cost) > c.maxBytes {
		c.bytes.Add(-cost)
		c.full.Store(true)
		return false
	}
	if c.maxBytes <= 0 {
		c.bytes.Add(cost)
	}
	c.entries.Add(1)
	return true
}

func (c *memoCache) put(key string, v u128) {
	if !c.reserve(len(key)) {
		return
	}
	sh := c.shard([]byte(key))
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	sh.vals[key] = v
}

func (c *memoCache) putBig(key string, v *big.Int) {
	if !c.reserve(len(key)) {
		return
	}
	sh := c.shard([]byte(key))
	if c.locked {
		sh.mu.Lock()
		defer sh.mu.Unlock()
	}
	sh.bigs[key] = v
}

// stats copies the cache's figures into st.
func (c *memoCache) stats(st *MemoStats) {
	st.Entries, st.Bytes, st.Full = c.entries.Load(), c.bytes.Load(), c.full.Load()
}
