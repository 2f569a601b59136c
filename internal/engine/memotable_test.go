package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
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

// TestMemoTableShared has one writer fill a shared table (through doublings of its slots
// and new chunks, keys up to 2 KiB so that chunks fill fast) while readers on other
// goroutines look keys up without a lock: whatever a reader finds must be the value put,
// and at the end every key is found. Run with -race, it also checks that every read of an
// entry is ordered after its writing.
func TestMemoTableShared(t *testing.T) {
	const keys, readers = 30000, 3
	tab := memoTable{seed: maphash.MakeSeed()}
	tab.share()
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
				v, ok := getShared(tab.view, key, maphash.Bytes(tab.seed, key))
				if ok && v != valOf(i) {
					errs <- fmt.Errorf("reader %d: key %d holds %v, want %v", r, i, v, valOf(i))
					return
				}
				if !ok && int64(i) < made.Load()-1 && rng.IntN(2) == 0 {
					// Put before this lookup began (made counts after put): a shared
					// table's reader must see it.
					if _, ok := getShared(tab.view, key, maphash.Bytes(tab.seed, key)); !ok {
						errs <- fmt.Errorf("reader %d: key %d, put before the lookup, not found", r, i)
						return
					}
				}
			}
		})
	}
	for i := range keys {
		key := keyOf(i)
		tab.put(key, maphash.Bytes(tab.seed, key), valOf(i))
		tab.put(key, maphash.Bytes(tab.seed, key), u128{}) // a shared table keeps the first
		made.Add(1)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	if len(tab.chunks) < 10 || len(tab.slots) < keys {
		t.Fatalf("%d chunks, %d slots: the test did not make the table grow", len(tab.chunks), len(tab.slots))
	}
	for i := range keys {
		key := keyOf(i)
		if v, ok := getShared(tab.view, key, maphash.Bytes(tab.seed, key)); !ok || v != valOf(i) {
			t.Fatalf("key %d: %v, %v; want %v", i, v, ok, valOf(i))
		}
	}
}
