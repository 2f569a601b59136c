package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// TestMemoTable checks the table against a map, plain and ordered, through doublings of
// its slots, new chunks and resets: get finds what upsert's adds and put left, and an ordered
// table's inOrder, and its blocks one after another, yield every entry once, in the order
// the keys were first added.
func TestMemoTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, ordered := range []bool{false, true} {
		tab := memoTable{seed: maphash.MakeSeed(), ordered: ordered}
		for round := range 3 {
			want := map[string]u128{}
			var order []string
			for range 20000 {
				key := fmt.Appendf(nil, "key %d", rng.IntN(15000))
				if round == 2 {
					key = append(key, bytes.Repeat([]byte{'x'}, rng.IntN(300))...) // longer keys
				}
				h := maphash.Bytes(tab.seed, key)
				v := u128{lo: rng.Uint64N(1000)}
				if _, ok := want[string(key)]; !ok {
					order = append(order, string(key))
				}
				if rng.IntN(4) == 0 {
					tab.put(key, h, v)
					want[string(key)] = v
				} else {
					tab.upsert(key, h, v, true)
					want[string(key)], _ = want[string(key)].add(v)
				}
			}
			if tab.n != len(want) {
				t.Fatalf("ordered %v, round %d: %d entries, want %d", ordered, round, tab.n, len(want))
			}
			for k, v := range want {
				if got, ok := tab.get([]byte(k), maphash.Bytes(tab.seed, []byte(k))); !ok || got != v {
					t.Fatalf("ordered %v, round %d: %q holds %v, %v; want %v", ordered, round, k, got, ok, v)
				}
			}
			if ordered {
				i := 0
				for key, val := range tab.inOrder() {
					if i >= len(order) || string(key) != order[i] {
						t.Fatalf("round %d: entry %d is %q, want %q", round, i, key, order[min(i, len(order)-1)])
					}
					if v := (u128{lo: binary.LittleEndian.Uint64(val), hi: binary.LittleEndian.Uint64(val[8:])}); v != want[order[i]] {
						t.Fatalf("round %d: %q yields %v, want %v", round, key, v, want[order[i]])
					}
					i++
				}
				if i != len(order) {
					t.Fatalf("round %d: inOrder yielded %d entries, want %d", round, i, len(order))
				}
				// The blocks, read one after another, are inOrder cut every orderedBlock
				// entries.
				i = 0
				for k := range tab.blocks() {
					n := 0
					for key := range tab.block(k) {
						if i >= len(order) || string(key) != order[i] {
							t.Fatalf("round %d: block %d, entry %d is %q, want %q", round, k, n, key, order[min(i, len(order)-1)])
						}
						i, n = i+1, n+1
					}
					if n != orderedBlock && k != tab.blocks()-1 || n == 0 {
						t.Fatalf("round %d: block %d of %d holds %d entries, want %d", round, k, tab.blocks(), n, orderedBlock)
					}
				}
				if i != len(order) {
					t.Fatalf("round %d: the blocks yielded %d entries, want %d", round, i, len(order))
				}
			}
			tab.reset()
		}
	}
}

// TestRehashKeys: growing a table's slots from the hash bits they keep (rehash, up to
// 2^slotHashBits slots) and from its keys hashed again (rehashKeys, beyond) puts every
// entry in the same place, keys of one and of two bytes' length alike.
func TestRehashKeys(t *testing.T) {
	tab := memoTable{seed: maphash.MakeSeed()}
	for i := range 5000 {
		key := fmt.Appendf(nil, "key %d %s", i, bytes.Repeat([]byte{'x'}, i%200))
		tab.put(key, maphash.Bytes(tab.seed, key), u128{lo: uint64(i)})
	}
	var ss []uint64
	for _, s := range tab.slots {
		if s != 0 {
			ss = append(ss, s)
		}
	}
	bits, keys := make([]uint64, 4*len(tab.slots)), make([]uint64, 4*len(tab.slots))
	rehash(bits, tab.chunks, tab.seed, ss)
	rehashKeys(keys, tab.chunks, tab.seed, ss)
	if len(ss) != 5000 || !slices.Equal(bits, keys) {
		t.Fatalf("%d entries; the slots grown from their bits and from their keys differ", len(ss))
	}
}

// TestMemoCacheShared has one worker fill a shared cache (through doublings of its shards'
// slots and new chunks of its arena, keys up to 2 KiB so that chunks fill fast), putting
// every key twice and a second worker putting every third key after it, while readers on
// other goroutines look keys up without a lock: whatever a reader finds must be the value
// first put, and at the end every key is found, and counted once. Run with -race, it also
// checks that every read of an entry is ordered after its writing.
func TestMemoCacheShared(t *testing.T) {
	const keys, readers = 30000, 3
	c := newMemoCache(0, 2)
	keyOf := func(i int) []byte {
		k := fmt.Appendf(nil, "key %d ", i)
		return append(k, bytes.Repeat([]byte{byte(i)}, i%2048)...)
	}
	valOf := func(i int) u128 { return u128{lo: uint64(i) * 7, hi: uint64(i)} }
	var made atomic.Int64 // keys put so far
	errs := make(chan error, readers)
	var wg sync.WaitGroup
	for r := range readers {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(uint64(r), 1))
			for made.Load() < keys {
				i := rng.IntN(keys)
				key := keyOf(i)
				v, ok := c.get(key)
				if ok && v.u != valOf(i) {
					errs <- fmt.Errorf("reader %d: key %d holds %v, want %v", r, i, v.u, valOf(i))
					return
				}
				if !ok && int64(i) < made.Load()-1 && rng.IntN(2) == 0 {
					// Put before this lookup began (made counts after put): a shared
					// cache's reader must see it.
					if _, ok := c.get(key); !ok {
						errs <- fmt.Errorf("reader %d: key %d, put before the lookup, not found", r, i)
						return
					}
				}
			}
		})
	}
	wg.Go(func() { // the second worker: every third key, once the first has put it
		for i := 0; i < keys; i += 3 {
			for made.Load() <= int64(i) {
				runtime.Gosched()
			}
			c.put(c.arena(1), keyOf(i), count{u: u128{}}) // the first put's stays
		}
	})
	for i := range keys {
		key := keyOf(i)
		c.put(c.arena(0), key, count{u: valOf(i)})
		c.put(c.arena(0), key, count{u: u128{}}) // a shared cache keeps the first
		made.Add(1)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if dir := *c.dir.Load(); len(dir) < 10 {
		t.Fatalf("%d chunks: the test did not make the arenas grow", len(dir))
	}
	for i := range keys {
		if v, ok := c.get(keyOf(i)); !ok || v.u != valOf(i) {
			t.Fatalf("key %d: %v, %v; want %v", i, v.u, ok, valOf(i))
		}
	}
	var st MemoStats
	c.stats(&st)
	if st.Entries != keys {
		t.Fatalf("%d entries, want %d", st.Entries, keys)
	}
}
