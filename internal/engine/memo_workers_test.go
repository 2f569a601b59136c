package engine

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
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

// BenchmarkMemoWorkers counts the cases of issue 23 with one and two workers, and 14x14
// dominoes with a piece item (the depth-first memo of a tiling: issue 42); compare the
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
		{"dominoes14_piece", countedDominoSpec(14, 14)},
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

// TestMemoCacheShards has workers put keys into the shared cache, on goroutines of their
// own, while looking up the others' keys (a worker may have put some of them already; what
// it finds must be right); then every worker finds every key, and the entries are counted
// once each, also where two workers put the same keys. Under -race it also checks the
// shards' lock-free reads.
func TestMemoCacheShards(t *testing.T) {
	const keys = 3000
	keyOf := func(i uint64) []byte { return binary.LittleEndian.AppendUint64(nil, i*0x9e3779b97f4a7c15) }
	for _, workers := range []int{1, 2, 3, 5, 16} {
		c := newMemoCache(0, workers)
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for w := range workers {
			wg.Go(func() {
				// Each key is put by its worker, and each key of worker 0 by worker 1 too.
				for i := uint64(0); i < keys; i++ {
					if i%uint64(workers) != uint64(w) && (w != 1 || i%uint64(workers) != 0) {
						continue
					}
					c.put(c.arena(w), keyOf(i), count{u: u128{lo: i}})
					j := (i * 7) % keys // another worker's key, put or not yet
					if n, ok := c.get(keyOf(j)); ok && n.u.lo != j {
						errs <- fmt.Errorf("%d workers: worker %d finds %d for key %d", workers, w, n.u.lo, j)
						return
					}
				}
			})
		}
		wg.Wait()
		for w := range workers {
			if a := c.arena(w); a != nil {
				c.placeLater(a) // the puts kept aside during a growth
			}
		}
		close(errs)
		for err := range errs {
			t.Fatal(err)
		}
		for i := range uint64(keys) {
			if n, ok := c.get(keyOf(i)); !ok || n.u.lo != i {
				t.Fatalf("%d workers: key %d: got %v, %v", workers, i, n, ok)
			}
		}
		var st MemoStats
		c.stats(&st)
		if got := st.Entries; got != keys {
			t.Errorf("%d workers: %d entries, want %d", workers, got, keys)
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

// TestMemoWorkersA001499 counts A001499 on two, three and sixteen workers: depth first,
// the workers sharing the cache's shards.
func TestMemoWorkersA001499(t *testing.T) {
	want := []int64{0, 1, 6, 90, 2040, 67950, 3110940, 187530840, 14398171200}
	for n := 1; n <= 9; n++ {
		for _, workers := range []int{2, 3, 16} {
			got, _, err := MemoCount(twoPerLineSpec(n), &MemoParams{Workers: workers})
			if err != nil || got.Int64() != want[n-1] {
				t.Errorf("A001499(%d) on %d workers: %v, %v; want %d", n, workers, got, err, want[n-1])
			}
		}
	}
}

// TestMemoCacheShardsBudget checks that a cache for three workers keeps 20,000 entries,
// put by its three workers in turn, within 1.7 times what one worker's cache takes for
// them (three arenas, each at its own doubling, and sixteen shards' slots), and holds no
// more than its budget.
func TestMemoCacheShardsBudget(t *testing.T) {
	const keys = 20000
	keyOf := func(i uint64) []byte { return binary.LittleEndian.AppendUint64(nil, i*0x9e3779b97f4a7c15) }
	one := newMemoCache(0, 1)
	for i := range uint64(keys) {
		one.put(nil, keyOf(i), count{u: u128{lo: i}})
	}
	var st MemoStats
	one.stats(&st)
	budget := st.Bytes * 17 / 10
	c := newMemoCache(budget, 3)
	for i := range uint64(keys) {
		c.put(c.arena(int(i%3)), keyOf(i), count{u: u128{lo: i}})
	}
	var st3 MemoStats
	c.stats(&st3)
	if st3.Full || st3.Entries != keys || st3.Bytes > budget {
		t.Errorf("three workers' cache within %d bytes (one cache takes %d): full %v after %d entries of %d, %d bytes", budget, st.Bytes, st3.Full, st3.Entries, keys, st3.Bytes)
	}
}

// countedDominoSpec is dominoSpec(m, n) with a primary item first, of multiplicity m·n/2,
// in every option: the copies of the piece, as `tile --pieces domino:K` writes them.
func countedDominoSpec(m, n int) *Spec {
	d := dominoSpec(m, n)
	sp := &Spec{NumPrimary: d.NumPrimary + 1, NumItems: d.NumItems + 1, Start: []int32{0}}
	for o := range d.NumOptions() {
		sp.Item = append(sp.Item, 0)
		for _, i := range d.Item[d.Start[o]:d.Start[o+1]] {
			sp.Item = append(sp.Item, i+1)
		}
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	sp.Lo, sp.Hi = append([]int32{int32(m * n / 2)}, d.Lo...), append([]int32{int32(m * n / 2)}, d.Hi...)
	return sp
}

// TestSettleLate counts domino tilings written with a piece item of multiplicity m·n/2
// first (published values), on one and three workers: settleLate moves that item after the
// cells (settled first, it enumerated the packings one by one: 8x8 would not end), and
// leaves items that choose among few subsets (2x2's, A001499's) where they are. Uniform samples
// of 4x4 are tilings: every cell covered once, by eight dominoes.
func TestSettleLate(t *testing.T) {
	for _, tc := range []struct {
		m, n int
		want int64
		late bool // C(options, m·n/2) > settleLateSubsets
	}{{2, 2, 2, false}, {4, 4, 36, true}, {4, 6, 281, true}, {6, 6, 6728, true}, {8, 8, 12988816, true}} {
		sp := countedDominoSpec(tc.m, tc.n)
		switch late := settleLate(sp); {
		case !tc.late && late != sp:
			t.Errorf("%dx%d: items renumbered, want none", tc.m, tc.n)
		case tc.late && (late == sp || late.Lo[late.NumPrimary-1] != int32(tc.m*tc.n/2) || late.Item[0] != int32(late.NumPrimary-1)):
			t.Errorf("%dx%d: the piece item is not settled last", tc.m, tc.n)
		}
		for _, workers := range []int{1, 3} {
			got, _, err := MemoCount(sp, &MemoParams{Workers: workers})
			if err != nil || got.Int64() != tc.want {
				t.Errorf("%dx%d dominoes counted, %d workers: %v, %v; want %d", tc.m, tc.n, workers, got, err, tc.want)
			}
		}
	}
	if sp := twoPerLineSpec(8); settleLate(sp) != sp {
		t.Errorf("A001499(8): items renumbered, want none")
	}
	sp := countedDominoSpec(4, 4)
	_, _, err := MemoSample(sp, &MemoParams{}, 20, 1, func(sol []int32) bool {
		covered := make([]int, sp.NumPrimary)
		for _, o := range sol {
			for _, i := range sp.Item[sp.Start[o]:sp.Start[o+1]] {
				covered[i]++
			}
		}
		if covered[0] != 8 || len(sol) != 8 {
			t.Errorf("sample %v: %d dominoes, want 8", sol, covered[0])
		}
		for i, c := range covered[1:] {
			if c != 1 {
				t.Errorf("sample %v: cell %d covered %d times", sol, i, c)
			}
		}
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
}

// lockstepOf returns a MemoParams.lockstep for n workers: they take steps in turn, from
// one poll to the next, one at a time and in the order of their numbers, as n idle cores
// advancing side by side would, and the same on every run.
func lockstepOf(n int) func(int, bool) { return lockstepSteps(make([]int, n)) }

// lockstepSteps is lockstepOf for len(steps) workers, counting the steps of worker w in
// steps[w].
//
// Until round eighteen the workers only waited for the slowest one still counting to
// catch up, and took their steps at the same time: which one claimed, found or put a
// sub-problem first depended on the scheduler, and 12x12 dominoes with a piece item on
// 16 workers counted 1.106 to 1.133 times one worker's sub-problems from run to run. In
// turn, every run makes the same moves in the same order.
func lockstepSteps(steps []int) func(int, bool) {
	var mu sync.Mutex
	cond := sync.NewCond(&mu)
	n := len(steps)
	done := make([]bool, n)
	started := make([]bool, n)
	turn := 0
	// pass gives the turn from w to the next worker still counting.
	pass := func(w int) {
		for k := 1; k <= n; k++ {
			if next := (w + k) % n; !done[next] {
				turn = next
				break
			}
		}
		cond.Broadcast()
	}
	return func(w int, finished bool) {
		mu.Lock()
		defer mu.Unlock()
		if finished {
			done[w] = true
			pass(w)
			return
		}
		if started[w] { // the end of w's step: the next worker's turn
			pass(w)
		}
		started[w] = true
		for turn != w {
			cond.Wait()
		}
		steps[w]++
	}
}

// TestMemoWorkersLockstep counts problems with multiplicities on 2 and 16 workers that
// advance side by side, a step at a time (lockstepOf), as on idle cores: the counts must
// be the published ones, and the sub-problems counted at most 1.2 times one worker's
// (1.15 until round twenty-four: see the end).
// Sub-problems counted on 16 workers against one: A001499(10) 1.89 and 12x12 dominoes
// with a piece item 3.02 when every worker tried the branches in one order and counted
// what another was counting; each worker in its own order (memoTally.shuffled) 1.07 and
// 1.19; deferring what another is counting (memoBounds.count) 1.03 and 1.55; both 1.015
// and 1.10. The workers must be busy 95% of the steps of the last to end: 0.91 on 12x12
// when the last parts were counted on one worker each (a worker with no part left now
// helps count the others', depthFirst), 1.00 with the help.
//
// Since round eighteen the workers take their steps in turn and, in lockstep, the busy
// marks have a table 16 times the usual size (depthFirst), so that few claims find their
// slot held for another hash (which ones depends on the hash's seed, random for each
// count): 4 runs gave 1.0147-1.0152 and 1.1334-1.1374 on 16 workers (before, from run to
// run, 1.014-1.016 and 1.106-1.147, and one failure). Measured by a helper with the turns,
// 12x12 on 16 workers: 1.224 without the deferral, 1.594 without the workers' own orders,
// busy 0.905 without the help.
//
// Round twenty-four keeps no state whose item is full (memoBounds.skipFull), half of
// 12x12's: one worker counts 52,352 sub-problems, not 104,285, and 16 workers in lockstep
// 61,221 (8,869 more) where they counted about 120,000 (16,000 more): fewer counted twice,
// but 1.169 times one worker's, not 1.137. Workers that waited for a deferred sub-problem
// still being counted, instead of counting it too, counted 1.010 times one worker's, but
// took 42,038 steps to the last one's end, not 27,613: counting it too, a worker finds
// what the other has put meanwhile, and they end it sooner together.
func TestMemoWorkersLockstep(t *testing.T) {
	for _, tc := range []struct {
		name string
		sp   *Spec
		want int64
	}{
		{"A001499(10)", twoPerLineSpec(10), 1371785398200},
		{"12x12 dominoes, piece item", countedDominoSpec(12, 12), 53060477521960000},
	} {
		_, one, err := MemoCount(tc.sp, &MemoParams{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{2, 16} {
			steps := make([]int, workers)
			got, st, err := MemoCount(tc.sp, &MemoParams{Workers: workers, lockstep: lockstepSteps(steps)})
			if err != nil || got.Int64() != tc.want {
				t.Errorf("%s on %d workers in lockstep: %v, %v; want %d", tc.name, workers, got, err, tc.want)
			}
			r := float64(st.Nodes) / float64(one.Nodes)
			t.Logf("%s on %d workers in lockstep: %.4f times one worker's sub-problems", tc.name, workers, r)
			if r > 1.2 {
				t.Errorf("%s on %d workers in lockstep: %d sub-problems, %.3f times one worker's %d", tc.name, workers, st.Nodes, r, one.Nodes)
			}
			// Busy: the steps of all workers over workers times the most steps of one.
			sum, most := 0, 0
			for _, n := range steps {
				sum, most = sum+n, max(most, n)
			}
			if busy := float64(sum) / float64(workers*most); busy < 0.95 {
				t.Errorf("%s on %d workers in lockstep: busy %.3f of the time (steps %v)", tc.name, workers, busy, steps)
			}
		}
	}
}

// TestMemoCachePutAside has puts meet their shard's slots frozen, as while another worker
// grows them: they are kept aside (their keys not found meanwhile), then placed by the
// worker's next put once the new slots are out; a key that another worker has put
// meanwhile keeps that worker's count, and is counted once.
func TestMemoCachePutAside(t *testing.T) {
	c := newMemoCache(0, 2)
	keyOf := func(i uint64) []byte { return binary.LittleEndian.AppendUint64(nil, i*0x9e3779b97f4a7c15) }
	c.put(c.arena(0), keyOf(0), count{u: u128{lo: 10}}) // makes its shard's first slots
	s := c.shard(c.hash(keyOf(0)))
	var b, d []byte // two more keys of that shard
	for i := uint64(1); b == nil; i++ {
		if k := keyOf(i); c.shard(c.hash(k)) == s {
			b, d = d, k
		}
	}
	view := s.view.Load()
	swap := func(from, to uint64) { // as growShard closes the free slots, or undone
		for i := range *view {
			atomic.CompareAndSwapUint64(&(*view)[i], from, to)
		}
	}
	swap(0, memoFrozen)
	c.put(c.arena(0), b, count{u: u128{lo: 1}})
	c.put(c.arena(0), d, count{u: u128{lo: 4}})
	if n := len(c.arena(0).later); n != 2 {
		t.Fatalf("%d puts kept aside, want 2", n)
	}
	if _, ok := c.get(d); ok {
		t.Fatal("a key kept aside found before the growth")
	}
	swap(memoFrozen, 0)
	if !c.growShard(s, view) {
		t.Fatal("no room to grow")
	}
	c.put(c.arena(1), b, count{u: u128{lo: 2}})            // worker 1's, placed at once
	c.put(c.arena(0), keyOf(1<<40), count{u: u128{lo: 3}}) // places worker 0's aside first
	if n := len(c.arena(0).later); n != 0 {
		t.Fatalf("%d puts still aside after the growth", n)
	}
	for _, e := range []struct {
		key  []byte
		want uint64
	}{{keyOf(0), 10}, {b, 2}, {keyOf(1 << 40), 3}, {d, 4}} {
		if v, ok := c.get(e.key); !ok || v.u.lo != e.want {
			t.Errorf("key %x: %v, %v; want %d", e.key, v.u, ok, e.want)
		}
	}
	var st MemoStats
	c.stats(&st)
	if st.Entries != 4 {
		t.Errorf("%d entries, want 4", st.Entries)
	}
}
