package engine

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"testing"
)

// TestMemoPast128 counts the domino tilings of n×2 boards, Fibonacci numbers, past 2^128
// on one to three workers: the numbers of paths near the end of the forward count are big
// integers, in the tables and in the children the workers hand each other.
func TestMemoPast128(t *testing.T) {
	const n = 190                        // F(191) ≈ 1.2·10^39 > 2^128
	a, b := big.NewInt(1), big.NewInt(1) // F(1), F(2): the tilings of 0×2 and 1×2
	for range n - 1 {
		a.Add(a, b)
		a, b = b, a
	}
	if b.BitLen() <= 128 {
		t.Fatalf("F(%d) has %d bits, want more than 128", n+1, b.BitLen())
	}
	sp := dominoSpec(n, 2)
	for _, workers := range []int{1, 2, 3} {
		for _, order := range []Order{OrderFirst, OrderAuto} {
			got, _, err := MemoCount(sp, &MemoParams{Order: order, Workers: workers})
			if err != nil || got.Cmp(b) != 0 {
				t.Errorf("%d workers, order %d: %v, %v; want %v", workers, order, got, err, b)
			}
		}
	}
}

// twoPerLineSpec is the n×n 0/1 matrices with exactly two 1s in every row and column
// (OEIS A001499): rows then columns as primary items of multiplicity 2, an option per cell.
func twoPerLineSpec(n int) *Spec {
	sp := &Spec{NumPrimary: 2 * n, NumItems: 2 * n, Start: []int32{0}}
	for r := range n {
		for c := range n {
			sp.Item = append(sp.Item, int32(r), int32(n+c))
			sp.Start = append(sp.Start, int32(len(sp.Item)))
		}
	}
	for range 2 * n {
		sp.Lo, sp.Hi = append(sp.Lo, 2), append(sp.Hi, 2)
	}
	return sp
}

// BenchmarkMemoWorkers counts the cases of issue 23 with one and two workers; compare the
// CPU time of the two (go test -bench MemoWorkers -benchtime 3x, with -cpuprofile).
func BenchmarkMemoWorkers(b *testing.B) {
	for _, bc := range []struct {
		name string
		sp   *Spec
	}{
		{"dominoes16", dominoSpec(16, 16)},
		{"dominoes18", dominoSpec(18, 18)},
		{"a1499_12", twoPerLineSpec(12)},
		{"a1499_13", twoPerLineSpec(13)},
	} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/w%d", bc.name, w), func(b *testing.B) {
				for range b.N {
					if _, _, err := MemoCount(bc.sp, &MemoParams{Order: OrderAuto, Workers: w}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestMemoCacheShards checks that the shared cache's shards cover the hashes for any
// number of workers (a key's shard is its hash's top bits) and that what is put is got.
func TestMemoCacheShards(t *testing.T) {
	for _, workers := range []int{1, 2, 3, 5, 64} {
		c := newMemoCache(0, workers)
		if n := len(c.shards); n&(n-1) != 0 || workers > 1 && n != 1<<(64-c.shift) || n > 256 {
			t.Errorf("%d workers: %d shards, shift %d", workers, n, c.shift)
			continue
		}
		var key []byte
		for i := range uint64(3000) {
			key = binary.LittleEndian.AppendUint64(key[:0], i*0x9e3779b97f4a7c15)
			c.put(key, count{u: u128{lo: i}})
		}
		for i := range uint64(3000) {
			key = binary.LittleEndian.AppendUint64(key[:0], i*0x9e3779b97f4a7c15)
			if v, ok := c.get(key); !ok || v.u.lo != i {
				t.Fatalf("%d workers: key %d: got %v, %v", workers, i, v, ok)
			}
		}
		if got := c.entries.Load(); got != 3000 {
			t.Errorf("%d workers: %d entries, want 3000", workers, got)
		}
	}
}

// TestMemoWorkersBudget counts on one to three workers within budgets too small for the
// forward count's levels (it gives up and the depth-first memo counts, keeping what fits)
// and for the depth-first cache, with and without multiplicities.
func TestMemoWorkersBudget(t *testing.T) {
	for _, tc := range []struct {
		name string
		sp   *Spec
		want uint64
	}{
		{"dominoes 6x8", dominoSpec(6, 8), 167089},
		{"A001499(6)", twoPerLineSpec(6), 67950},
	} {
		for _, budget := range []int64{0, 1 << 14, 1 << 10} {
			for _, workers := range []int{1, 2, 3} {
				got, _, err := MemoCount(tc.sp, &MemoParams{Order: OrderFirst, Workers: workers, MaxBytes: budget})
				if err != nil || !got.IsUint64() || got.Uint64() != tc.want {
					t.Errorf("%s, budget %d, %d workers: %v, %v; want %d", tc.name, budget, workers, got, err, tc.want)
				}
			}
		}
	}
}

// TestMemoNear checks a worker's own cache: a key is found only with its hash, its length
// and its bytes; a key too long to copy is not kept; a later key takes an earlier one's
// slot. Then A001499 on two and three workers, whose depth-first memo reads through it.
func TestMemoNear(t *testing.T) {
	m := newMemoNear()
	key := []byte("abcdef")
	m.put(key, 7, u128{lo: 42})
	for _, c := range []struct {
		key  string
		h    uint64
		want bool
	}{
		{"abcdef", 7, true},
		{"abcdef", 7 + nearSlots, false}, // same slot, other hash
		{"abcdeg", 7, false},             // same hash, other bytes
		{"abcde", 7, false},              // a prefix
		{"abcdef\x00", 7, false},         // longer
	} {
		v, ok := m.get([]byte(c.key), c.h)
		if ok != c.want || ok && v.lo != 42 {
			t.Errorf("get(%q, %d) = %v, %v; want found %v", c.key, c.h, v, ok, c.want)
		}
	}
	long := make([]byte, nearKeyMax+1)
	m.put(long, 9, u128{lo: 1})
	if _, ok := m.get(long, 9); ok {
		t.Error("a key longer than nearKeyMax was kept")
	}
	m.put([]byte("xyz"), 7+nearSlots, u128{lo: 5})
	if _, ok := m.get(key, 7); ok {
		t.Error("a later key in the same slot left the earlier one")
	}
	want := []int64{0, 1, 6, 90, 2040, 67950, 3110940, 187530840, 14398171200}
	for n := 1; n <= 9; n++ {
		for _, workers := range []int{2, 3} {
			got, _, err := MemoCount(twoPerLineSpec(n), &MemoParams{Workers: workers})
			if err != nil || got.Int64() != want[n-1] {
				t.Errorf("A001499(%d) on %d workers: %v, %v; want %d", n, workers, got, err, want[n-1])
			}
		}
	}
}
