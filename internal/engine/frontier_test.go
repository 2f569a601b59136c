package engine

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/big"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestLevelSpan checks the fewest primary items of an option that has any: a forward
// count's children lie that many levels on or more.
func TestLevelSpan(t *testing.T) {
	// Options of 3, none (a secondary item only), 1 and 3 primary items.
	mixed := &Spec{NumPrimary: 4, NumItems: 6, Start: []int32{0, 3, 4, 6, 10},
		Item: []int32{0, 1, 2, 4, 3, 5, 1, 2, 3, 4}}
	for _, tc := range []struct {
		name string
		sp   *Spec
		want int
	}{
		{"dominoes 4x4", dominoSpec(4, 4), 2},
		{"queens 6", queensSpec(6, 1), 2},
		{"two per line 4", twoPerLineSpec(4), 2},
		{"mixed", mixed, 1},
	} {
		if got := levelSpan(tc.sp); got != tc.want {
			t.Errorf("%s: span %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestPipeline runs the workers' levels with random pauses, so that they drift apart, and
// checks the rule: a worker starts level c only once every other worker is done with level
// c-span; and it does start one while another is still on the level before (else the
// pipeline would be a barrier). Stopping ends every worker.
func TestPipeline(t *testing.T) {
	for _, tc := range []struct{ workers, span int }{{2, 1}, {2, 2}, {3, 2}, {4, 3}} {
		ws := make([]*frontierWorker, tc.workers)
		for i := range ws {
			ws[i] = &frontierWorker{id: i}
		}
		const np = 60
		var (
			mu    sync.Mutex
			done  = make([]int, tc.workers) // the last level each finished
			ahead atomic.Int64              // starts of a level with another worker on c-1 or before
			stop  atomic.Bool
		)
		for i := range done {
			done[i] = -1
		}
		rngs := make([]*rand.Rand, tc.workers)
		for i := range rngs {
			rngs[i] = rand.New(rand.NewPCG(uint64(i), uint64(tc.span)))
		}
		pipeline(ws, np, tc.span, &stop, func(w *frontierWorker, c int) {
			mu.Lock()
			for i, d := range done {
				if i == w.id {
					continue
				}
				if d < c-tc.span {
					t.Errorf("%d workers, span %d: worker %d starts level %d while worker %d has done only %d", tc.workers, tc.span, w.id, c, i, d)
				}
				if d < c-1 {
					ahead.Add(1)
				}
			}
			mu.Unlock()
			time.Sleep(time.Duration(rngs[w.id].IntN(300)) * time.Microsecond)
			mu.Lock()
			done[w.id] = c
			mu.Unlock()
		})
		for i, d := range done {
			if d != np {
				t.Errorf("%d workers, span %d: worker %d ended at level %d, want %d", tc.workers, tc.span, i, d, np)
			}
		}
		if tc.span > 1 && ahead.Load() == 0 {
			t.Errorf("%d workers, span %d: no worker ever went ahead of another", tc.workers, tc.span)
		}
		// Stopped midway: every worker ends.
		stop.Store(false)
		var levels atomic.Int64
		pipeline(ws, np, tc.span, &stop, func(w *frontierWorker, c int) {
			if levels.Add(1) == 10 {
				stop.Store(true)
			}
		})
		if n := levels.Load(); n >= int64(tc.workers*(np+1)) {
			t.Errorf("%d workers, span %d: %d levels expanded after a stop", tc.workers, tc.span, n)
		}
	}
}

// TestFrontierTableBig checks the counts past 2^128 of a forward count's table, and the
// mark that sends an entry's count to them: a count of 128 bits whose high word is the
// mark is kept as a big number too (else it would read as an index), sums that reach it
// or pass 2^128 move there, and a big count grows in place; every count reads back right.
func TestFrontierTableBig(t *testing.T) {
	tab := newFrontierTable(maphash.MakeSeed())
	want := map[string]*big.Int{}
	add := func(key string, v count) {
		h := maphash.Bytes(tab.seed, []byte(key))
		if _, grew := tab.add([]byte(key), h, v); grew < 0 {
			t.Fatalf("%s: not kept", key)
		}
		if want[key] == nil {
			want[key] = new(big.Int)
		}
		want[key].Add(want[key], v.big())
	}
	marked := u128{lo: 5, hi: bigMark}              // a count, not a mark
	almost := u128{lo: ^uint64(0), hi: bigMark - 1} // one short of the mark's first count
	add("a", count{u: marked})
	add("b", count{u: almost})
	add("b", count{u: u128{lo: 1}}) // reaches the mark
	add("c", count{u: u128{lo: 7}})
	add("c", count{u: u128{lo: ^uint64(0), hi: ^uint64(0)}}) // past 2^128
	add("c", count{u: u128{lo: 3}})                          // a big count grows
	add("d", count{b: new(big.Int).Lsh(big.NewInt(3), 200)}) // big from the start
	add("d", count{u: u128{lo: 1}})
	add("e", count{u: u128{lo: 42}})
	add("e", count{u: u128{lo: 1, hi: 2}})
	// A wide count whose sum carries out of its words: every wide count is widened.
	below := new(big.Int).Lsh(big.NewInt(1), uint(64*tab.width))
	add("f", count{b: below.Sub(below, big.NewInt(1))})
	width := tab.width
	add("f", count{u: u128{lo: 1}})
	if tab.width <= width {
		t.Errorf("a carry out of %d words left them %d", width, tab.width)
	}
	var x big.Int
	for key, val := range tab.inOrder() {
		if got := tab.value(key, val, &x).big(); got.Cmp(want[string(key)]) != 0 {
			t.Errorf("%s: %v, want %v", key, got, want[string(key)])
		}
		delete(want, string(key))
	}
	if len(want) != 0 {
		t.Errorf("entries not read back: %v", want)
	}
	if n := len(tab.wide) / tab.width; n != 5 {
		t.Errorf("%d wide counts, want 5 (a, b, c, d, f)", n)
	}
}

// TestFrontierTableLevels reuses one table for level after level, as the forward count
// does, each level's counts growing wide from 128 bits past 1000: the wide counts' memory
// stays within a few times what the level's counts need (it doubled at every widening of
// every level, 6.8 GB of heap on 10x200 dominoes), and the counts read back right.
func TestFrontierTableLevels(t *testing.T) {
	tab := newFrontierTable(maphash.MakeSeed())
	for level := range 40 {
		tab.reset()
		want := map[string]*big.Int{}
		for k := range 20 {
			key := fmt.Sprintf("%d/%d", level, k)
			v := new(big.Int).Lsh(big.NewInt(int64(k+1)), uint(100+25*k+level))
			h := maphash.Bytes(tab.seed, []byte(key))
			if _, grew := tab.add([]byte(key), h, count{b: v}); grew < 0 {
				t.Fatalf("level %d, %s: not kept (%d)", level, key, grew)
			}
			want[key] = v
		}
		var x big.Int
		for key, val := range tab.inOrder() {
			if got := tab.value(key, val, &x).big(); got.Cmp(want[string(key)]) != 0 {
				t.Fatalf("level %d, %s: %v, want %v", level, key, got, want[string(key)])
			}
		}
		if need := len(tab.wide); cap(tab.wide) > 4*need+1024 {
			t.Fatalf("level %d: %d words held for %d in use", level, cap(tab.wide), need)
		}
	}
}

// TestLevelWork has an owner and helpers claim the blocks of a level on goroutines of their
// own, over and over with few blocks, so that the last claims race: every block is claimed
// once, and once close returns no helper is inside a block (a helper checks, before it
// says it is done, that the owner has not recycled the table; under -race the table is a
// plain variable read by the helpers and cleared by the owner). A helper that counted
// itself after its claim fails it under -race (every run tried), and now and then without.
func TestLevelWork(t *testing.T) {
	for _, helpers := range []int{1, 3} {
		for round := range 3000 {
			lw := &levelWork{blocks: 1 + round%4}
			claimed := make([]atomic.Int32, lw.blocks)
			table := []int{round}
			var recycled atomic.Bool
			var wg sync.WaitGroup
			for range helpers {
				wg.Go(func() {
					for {
						k, ok := lw.helpClaim()
						if !ok {
							return
						}
						claimed[k].Add(1)
						if recycled.Load() || table[0] != round {
							t.Errorf("%d helpers, round %d: block %d expanded after close", helpers, round, k)
						}
						lw.helped()
					}
				})
			}
			for {
				k, ok := lw.claim()
				if !ok {
					break
				}
				claimed[k].Add(1)
			}
			lw.close()
			recycled.Store(true)
			table[0] = -1
			wg.Wait()
			for k := range claimed {
				if n := claimed[k].Load(); n != 1 {
					t.Fatalf("%d helpers, round %d: block %d claimed %d times", helpers, round, k, n)
				}
			}
		}
	}
}

// TestFrontierBox reads back the records of a box as they were put: counts of 128 bits,
// wide ones (past 2^128 and past 2^192), and a count of 128 bits whose high word is the
// mark, which a box carries as any other.
func TestFrontierBox(t *testing.T) {
	huge := new(big.Int).Lsh(big.NewInt(5), 300)
	want := []struct {
		key string
		v   count
	}{
		{"a", count{u: u128{lo: 7}}},
		{"bb", count{b: new(big.Int).Lsh(big.NewInt(3), 130)}},
		{"", count{u: u128{lo: 1, hi: bigMark}}},
		{"dddd", count{b: huge}},
		{"e", count{u: u128{lo: ^uint64(0), hi: ^uint64(0)}}},
	}
	var b frontierBox
	for i, r := range want {
		b.put([]byte(r.key), uint64(i)*0x9e3779b97f4a7c15, r.v)
	}
	var s wideScratch
	at := 0
	for i, r := range want {
		h, next := b.hash(at)
		var key []byte
		var v count
		key, v, at = b.next(at, &s)
		if string(key) != r.key || v.big().Cmp(r.v.big()) != 0 {
			t.Errorf("record %d: %q %v, want %q %v", i, key, v.big(), r.key, r.v.big())
		}
		if h != uint64(i)*0x9e3779b97f4a7c15 || next != at {
			t.Errorf("record %d: hash %#x, next %d; want %#x, %d", i, h, next, uint64(i)*0x9e3779b97f4a7c15, at)
		}
	}
	if at != len(b.buf) {
		t.Errorf("read %d bytes of %d", at, len(b.buf))
	}
}

// BenchmarkAddBox adds a box of children into a level's table as a two-worker forward
// count does, half of them new: record by record ("single"), and boxBatch at a time with
// their slots and entries read ahead (addBox, "batched").
func BenchmarkAddBox(b *testing.B) {
	const n = 1 << 20
	seed := maphash.MakeSeed()
	keyOf := func(i uint64) []byte {
		return binary.LittleEndian.AppendUint64([]byte{byte(i)}, i*0x9e3779b97f4a7c15)
	}
	var box frontierBox
	for i := range uint64(n) {
		k := keyOf(i * 2) // even keys are in the table, odd ones new
		if i%2 == 1 {
			k = keyOf(i*2 + 1)
		}
		box.put(k, maphash.Bytes(seed, k), count{u: u128{lo: i}})
	}
	for _, batched := range []bool{false, true} {
		name := "single"
		if batched {
			name = "batched"
		}
		b.Run(name, func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				t := newFrontierTable(seed)
				for i := uint64(0); i < 2*n; i += 2 {
					t.add(keyOf(i), maphash.Bytes(seed, keyOf(i)), count{u: u128{lo: 1}})
				}
				w := &frontierWorker{}
				b.StartTimer()
				if batched {
					w.addBox(t, &box)
				} else {
					for at := 0; at < len(box.buf); {
						h, _ := box.hash(at)
						var key []byte
						var v count
						key, v, at = box.next(at, &w.boxWide)
						w.add(t, key, h, v)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/record")
		})
	}
}
