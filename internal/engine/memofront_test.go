package engine

import (
	"bytes"
	"math/big"
	"testing"
)

// TestMemoFront checks a worker's front: what it keeps and finds, what it must not find
// (another key at the same place, even with the same hash), what it does not keep, and
// its size under a budget.
func TestMemoFront(t *testing.T) {
	v := func(n uint64) count { return count{u: u128{lo: n, hi: n + 1}} }
	long := bytes.Repeat([]byte{7}, frontKeyMax+1)
	type step struct {
		put  bool
		key  []byte
		h    uint64
		val  count
		want uint64 // the count's lo if found, 0 if not
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"kept and found", []step{
			{put: true, key: []byte("abc"), h: 5, val: v(9)},
			{key: []byte("abc"), h: 5, want: 9},
		}},
		{"the last key at a place", []step{
			{put: true, key: []byte("abc"), h: 5, val: v(9)},
			{put: true, key: []byte("xyz"), h: 5 + frontLines, val: v(4)},
			{key: []byte("abc"), h: 5},
			{key: []byte("xyz"), h: 5 + frontLines, want: 4},
		}},
		{"same hash, other key", []step{
			{put: true, key: []byte("abc"), h: 5, val: v(9)},
			{key: []byte("abd"), h: 5},
			{key: []byte("ab"), h: 5},
			{key: []byte("abcd"), h: 5},
		}},
		{"same place, other hash", []step{
			{put: true, key: []byte("abc"), h: 5, val: v(9)},
			{key: []byte("abc"), h: 5 + frontLines},
		}},
		{"longest key kept, longer not", []step{
			{put: true, key: long[1:], h: 3, val: v(2)},
			{key: long[1:], h: 3, want: 2},
			{put: true, key: long, h: 3, val: v(8)},
			{key: long, h: 3},
			{key: long[1:], h: 3, want: 2},
		}},
		{"big counts not kept", []step{
			{put: true, key: []byte("k"), h: 1, val: count{b: new(big.Int).Lsh(big.NewInt(1), 130)}},
			{key: []byte("k"), h: 1},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newMemoFront(&MemoParams{})
			for i, s := range tt.steps {
				if s.put {
					f.put(s.key, s.h, s.val)
					continue
				}
				got, ok := f.get(s.key, s.h)
				switch {
				case s.want == 0 && ok:
					t.Fatalf("step %d: found %v, want nothing", i, got)
				case s.want != 0 && (!ok || got != v(s.want).u):
					t.Fatalf("step %d: got %v, %v, want %v", i, got, ok, v(s.want).u)
				}
			}
		})
	}
}

// TestMemoFrontTrial checks that a front that finds too few of its first frontTrial
// lookups turns itself off, and that one that finds enough stays on.
func TestMemoFrontTrial(t *testing.T) {
	for _, every := range []uint64{frontMinHits - 1, frontMinHits + 1} {
		f := newMemoFront(&MemoParams{})
		key := []byte("key")
		f.put(key, 1, count{u: u128{lo: 3}})
		for i := range uint64(frontTrial) {
			h := uint64(1) // found: every every-th lookup
			if i%every != 0 {
				h = 2 // missed
			}
			f.get(key, h)
		}
		_, ok := f.get(key, 1)
		if on := every < frontMinHits; ok != on {
			t.Errorf("a hit every %d lookups: on after the trial %v, want %v", every, ok, on)
		}
	}
}

// TestMemoFrontSize checks the front's size under budgets: frontLines lines at most, at
// most 1/64 of the budget shared by the workers, none below 64 lines.
func TestMemoFrontSize(t *testing.T) {
	tests := []struct {
		maxBytes int64
		workers  int
		want     int
	}{
		{0, 1, frontLines},
		{1 << 30, 16, frontLines},
		{64 << 20, 1, frontLines},
		{64 << 20, 4, frontLines / 4},
		{1 << 20, 1, 256},
		{64 * 64 * 64, 1, 64},
		{64*64*64 - 1, 1, 0},
	}
	for _, tt := range tests {
		f := newMemoFront(&MemoParams{MaxBytes: tt.maxBytes, Workers: tt.workers})
		if f.size != tt.want {
			t.Errorf("budget %d, %d workers: %d lines, want %d", tt.maxBytes, tt.workers, f.size, tt.want)
		}
	}
}
