package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"testing"
)

// TestMemoTable checks the table against a map, plain and ordered, through doublings of
// its slots, new chunks and resets: get finds what addTo and put left, and an ordered
// table's inOrder yields every entry once, in the order the keys were first added.
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
					tab.addTo(key, h, v)
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
			}
			tab.reset()
		}
	}
}
