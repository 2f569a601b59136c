package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
)

// bruteSpec counts the solutions of sp (every primary item covered exactly once) by
// trying every option of the first uncovered primary item, sharing no code with the
// memoised counts.
func bruteSpec(sp *Spec) uint64 {
	np := sp.NumPrimary
	byItem := make([][]int, np)
	for o := range sp.NumOptions() {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := int(sp.Item[e]); i < np {
				byItem[i] = append(byItem[i], o)
			}
		}
	}
	covered := make([]bool, np)
	colour := make([]int32, sp.NumItems) // secondary: 0 free, -1 taken, else a colour
	var count func() uint64
	count = func() uint64 {
		i := 0
		for i < np && covered[i] {
			i++
		}
		if i == np {
			return 1
		}
		var n uint64
		for _, o := range byItem[i] {
			ok := true
			for e := sp.Start[o]; e < sp.Start[o+1] && ok; e++ {
				j := sp.Item[e]
				if int(j) < np {
					ok = !covered[j]
					continue
				}
				c := int32(-1)
				if sp.Color != nil && sp.Color[e] != 0 {
					c = sp.Color[e]
				}
				ok = colour[j] == 0 || c > 0 && colour[j] == c
			}
			if !ok {
				continue
			}
			var saved []int32
			for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
				j := sp.Item[e]
				saved = append(saved, colour[j])
				if int(j) < np {
					covered[j] = true
				} else if colour[j] == 0 {
					colour[j] = -1
					if sp.Color != nil && sp.Color[e] != 0 {
						colour[j] = sp.Color[e]
					}
				}
			}
			n += count()
			for k, e := 0, sp.Start[o]; e < sp.Start[o+1]; k, e = k+1, e+1 {
				j := sp.Item[e]
				if int(j) < np {
					covered[j] = false
				} else {
					colour[j] = saved[k]
				}
			}
		}
		return n
	}
	return count()
}

// TestMemoOrders counts random problems (secondary items, colours) in every order —
// first, MRV, and chosen by the trial with budgets from nothing to enough to finish, so
// that the count goes on from a trial stopped after a level or two — on one to three
// workers and in shares, and compares every count with brute force's.
func TestMemoOrders(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 2))
	trials := 0
	for seed := range 200 {
		np, ns := 6+rng.IntN(10), rng.IntN(4)
		sp := randomSpec(rng, np, ns, 2*np+rng.IntN(4*np), false, seed%2 == 1)
		want := new(big.Int).SetUint64(bruteSpec(sp))
		type config struct {
			order           Order
			trial           uint64
			workers, shares int
		}
		var configs []config
		for _, order := range []Order{OrderFirst, OrderMRV, OrderAuto} {
			for _, workers := range []int{1, 2, 3} {
				configs = append(configs, config{order, 0, workers, 0})
			}
			configs = append(configs, config{order, 0, 1, 3})
		}
		for _, trial := range []uint64{1, 50, 200, 1000} {
			configs = append(configs, config{OrderAuto, trial, 1, 0}, config{OrderAuto, trial, 2, 0}, config{OrderAuto, trial, 1, 2})
		}
		for _, c := range configs {
			got := new(big.Int)
			var st MemoStats
			for k := 1; k <= max(1, c.shares); k++ {
				p := &MemoParams{Order: c.order, TrialWork: c.trial, Workers: c.workers}
				if c.shares > 0 {
					p.Shard, p.Shards = k, c.shares
				}
				n, s, err := MemoCount(sp, p)
				if err != nil {
					t.Fatalf("seed %d, %+v: %v", seed, c, err)
				}
				got.Add(got, n)
				st = s
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("seed %d (%d primary, %d options), %+v: %v; brute force %v", seed, np, sp.NumOptions(), c, got, want)
			}
			if st.Order != OrderFirst && st.Order != OrderMRV {
				t.Fatalf("seed %d, %+v: counted in order %d", seed, c, st.Order)
			}
			if c.order != OrderAuto && st.Order != c.order {
				t.Fatalf("seed %d, %+v: counted in order %d", seed, c, st.Order)
			}
			if c.order == OrderAuto && c.trial > 0 && c.shares == 0 {
				trials++
			}
		}
	}
	if trials == 0 {
		t.Fatal("no count went on from a trial")
	}
}

// fitting returns the options of primary item i that fit m's state.
func fitting(m *memo, i int) []int32 {
	var fit []int32
	for _, o := range m.lists[i] {
		if m.fits(o) {
			fit = append(fit, o)
		}
	}
	return fit
}

// takeRandom takes one of the options of item i that fit m, at random, and returns it;
// false if none fits.
func takeRandom(rng *rand.Rand, m *memo, i int) (int32, bool) {
	fit := fitting(m, i)
	if len(fit) == 0 {
		return 0, false
	}
	o := fit[rng.IntN(len(fit))]
	m.take(o)
	return o, true
}

// dominoSpec is the domino tilings of an m×n board, cells row by row.
func dominoSpec(m, n int) *Spec {
	sp := &Spec{NumPrimary: m * n, NumItems: m * n, Start: []int32{0}}
	for r := range m {
		for c := range n {
			i := int32(r*n + c)
			if c+1 < n {
				sp.Item = append(sp.Item, i, i+1)
				sp.Start = append(sp.Start, int32(len(sp.Item)))
			}
			if r+1 < m {
				sp.Item = append(sp.Item, i, i+int32(n))
				sp.Start = append(sp.Start, int32(len(sp.Item)))
			}
		}
	}
	for range m * n {
		sp.Lo, sp.Hi = append(sp.Lo, 1), append(sp.Hi, 1)
	}
	return sp
}

// TestChooseOrder checks the trial's choice where it is plain — the first free cell on a
// board listed row by row, the fewest options for queens — and that it is the same every
// time (the trials' tables are hashed with a new seed each time; the choice must not
// depend on it, or the shares of one count would be cut in different orders).
func TestChooseOrder(t *testing.T) {
	for _, tt := range []struct {
		name string
		sp   *Spec
		want Order
	}{
		{"dominoes 12x12", dominoSpec(12, 12), OrderFirst},
		{"dominoes 30x6", dominoSpec(30, 6), OrderFirst},
		{"queens 10", queensSpec(10, 1), OrderMRV},
	} {
		for _, workers := range []int{1, 1, 2, 2} {
			if got, _ := chooseOrder(tt.sp, &MemoParams{Workers: workers}); got != tt.want {
				t.Errorf("%s, %d workers: chose order %d, want %d", tt.name, workers, got, tt.want)
			}
		}
	}
}

// TestChooseOrderOnWorkers checks that the race between the trials chooses the same order
// on two workers, where each trial runs on its own goroutine and ahead of the race, as on
// one, on random problems and budgets, and that the winner's trial is the one handed on.
func TestChooseOrderOnWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 4))
	for seed := range 100 {
		np, ns := 6+rng.IntN(30), rng.IntN(4)
		sp := randomSpec(rng, np, ns, 2*np+rng.IntN(6*np), false, seed%2 == 1)
		for _, budget := range []uint64{1, 300, 3000, 30000} {
			want, _ := chooseOrder(sp, &MemoParams{TrialWork: budget})
			got, trial := chooseOrder(sp, &MemoParams{TrialWork: budget, Workers: 2})
			if got != want {
				t.Fatalf("seed %d, budget %d: two workers chose order %d, one %d", seed, budget, got, want)
			}
			if trial == nil || trial.m.p.Order != got {
				t.Fatalf("seed %d, budget %d: chose order %d, handed on trial %v", seed, budget, got, trial)
			}
		}
	}
}

// randomMRV returns a random problem (up to 5 secondary items, colours where seed is odd),
// a memo of it in OrderMRV and the memo's bitsets, nil where it has none (short lists).
func randomMRV(rng *rand.Rand, seed int) (*Spec, *memo, *mrvBits) {
	np, ns := 3+rng.IntN(70), rng.IntN(6)
	sp := randomSpec(rng, np, ns, 4*np+rng.IntN(8*np), false, seed%2 == 1)
	m := newMemo(sp, &MemoParams{Order: OrderMRV})
	return sp, m, newMRVBits(m)
}

// TestMRVBitsChooseAsTheScan walks random problems (secondary items, colours) down random
// paths and checks at every node that the bitsets choose the item the scan chooses, so that
// OrderMRV's sub-problems do not depend on how the item is found.
func TestMRVBitsChooseAsTheScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 3))
	checked := 0
	for seed := range 300 {
		sp, m, b := randomMRV(rng, seed)
		if b == nil {
			continue
		}
		scan := newMemo(sp, &MemoParams{Order: OrderMRV})
		scan.mrvMade = true // no bitsets: the scan
		for range 5 {
			var taken []int32
			for {
				got := -1
				if m.nfree > 0 {
					got = b.choose(m, m.firstFree())
				}
				want := scan.choose(m.firstFree()) // scan sees the same state below
				if got != want {
					t.Fatalf("seed %d, after options %v: bitsets chose %d, the scan %d", seed, taken, got, want)
				}
				checked++
				if want < 0 {
					break
				}
				o, ok := takeRandom(rng, m, want)
				if !ok {
					break
				}
				scan.take(o)
				taken = append(taken, o)
			}
			m, scan = newMemo(sp, &MemoParams{Order: OrderMRV}), newMemo(sp, &MemoParams{Order: OrderMRV})
			scan.mrvMade = true
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d choices checked", checked)
	}
}

// TestMRVBitsLevels walks random problems (secondary items, colours) depth first, taking
// and giving back options at random as a count does (and now and then at a depth not its
// own, so that the level above is not its parent's), and checks at every node that the
// bitsets from the levels choose the item, and count the work, that bitsets made from all
// options do.
func TestMRVBitsLevels(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 4))
	fromParent := 0
	for seed := range 200 {
		_, m, b := randomMRV(rng, seed)
		if b == nil {
			continue
		}
		ref := newMRVBits(m)
		ref.most = 0 // from all options at every node
		type step struct {
			o     int32
			saved []int32
		}
		var path []step
		for range 300 {
			m.depth = len(path)
			if rng.IntN(8) == 0 { // as where states come in another order: levels not our parent's
				m.depth = rng.IntN(len(path) + 3)
			}
			if m.nfree > 0 {
				before := m.checks
				parent := m.depth > 0 && m.depth <= len(b.levels) && b.levels[m.depth-1].within(m)
				got := b.choose(m, m.firstFree())
				work := m.checks - before
				want := ref.choose(m, m.firstFree())
				if got != want || m.checks-before-work != work {
					t.Fatalf("seed %d, depth %d: from the levels item %d, work %d; from all options item %d, work %d",
						seed, m.depth, got, work, want, m.checks-before-work)
				}
				if parent {
					fromParent++
				}
				if rng.IntN(4) > 0 {
					fit := fitting(m, got)
					if len(fit) > 0 {
						o := fit[rng.IntN(len(fit))]
						saved := m.saveSec(o, nil)
						m.take(o)
						path = append(path, step{o, saved})
						continue
					}
				}
			}
			for back := 1 + rng.IntN(2); back > 0 && len(path) > 0; back-- {
				last := path[len(path)-1]
				m.untake(last.o, last.saved)
				path = path[:len(path)-1]
			}
		}
	}
	if fromParent < 1000 {
		t.Fatalf("only %d choices made from the parent's level", fromParent)
	}
}

// TestFrontierKeepsOrGivesUp checks that a forward count's table says so when it cannot keep
// a key (longer than memoMaxKeyLen: a state of millions of primary items), instead of
// dropping it, which would lose its paths from the count; a key it holds is still added to.
func TestFrontierKeepsOrGivesUp(t *testing.T) {
	var tab frontierTable
	short, long := []byte("short key"), make([]byte, memoMaxKeyLen+1)
	if isNew, grew := tab.add(short, 1, count{u: u128{lo: 2}}); !isNew || grew <= 0 {
		t.Fatalf("a short key: new %v, grew %d", isNew, grew)
	}
	if _, grew := tab.add(long, 2, count{u: u128{lo: 1}}); grew >= 0 {
		t.Fatalf("a key of %d bytes: grew %d, want -1 (not kept)", len(long), grew)
	}
	if isNew, grew := tab.add(short, 1, count{u: u128{lo: 3}}); isNew || grew < 0 {
		t.Fatalf("the short key again: new %v, grew %d", isNew, grew)
	}
	if v, ok := tab.get(short, 1); !ok || v.lo != 5 {
		t.Fatalf("the short key holds %v, %v; want 5", v, ok)
	}
	// A table not made by newFrontierTable takes counts past 2^128 too.
	past := count{b: new(big.Int).Lsh(big.NewInt(1), 130)}
	if _, grew := tab.add(short, 1, past); grew < 0 {
		t.Fatalf("the short key past 2^128: grew %d", grew)
	}
	v, _ := tab.get(short, 1)
	var val [16]byte
	binary.LittleEndian.PutUint64(val[:], v.lo)
	binary.LittleEndian.PutUint64(val[8:], v.hi)
	want := new(big.Int).Add(past.b, big.NewInt(5))
	if got := tab.value(short, val[:], new(big.Int)).big(); got.Cmp(want) != 0 {
		t.Fatalf("the short key holds %v, want %v", got, want)
	}
}

// TestMemoKeys walks random problems (secondary items, colours; 1 to 200 primary items,
// so that the bitsets end on a word's edge and past it) down random paths, and checks at
// every node that the key, read back by setKey into a fresh memo, gives the same state
// and the same key, and that two different states have different keys.
func TestMemoKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 5))
	for seed := range 300 {
		np, ns := 1+rng.IntN(200), rng.IntN(5)
		if seed%10 == 0 {
			np = 64 * (1 + rng.IntN(3))
		}
		sp := randomSpec(rng, np, ns, 2*np+rng.IntN(4*np), false, seed%2 == 1)
		back := newMemo(sp, &MemoParams{Order: OrderFirst})
		seen := map[string]string{}
		for range 5 {
			m := newMemo(sp, &MemoParams{Order: OrderFirst})
			var taken []int32
			for {
				m.makeKey(m.firstFree())
				back.setKey(m.key)
				state := fmt.Sprint(m.covered, m.sec)
				if got := fmt.Sprint(back.covered, back.sec); got != state || back.nfree != m.nfree {
					t.Fatalf("seed %d, after options %v: key % x reads back as %s (%d free), want %s (%d free)", seed, taken, m.key, got, back.nfree, state, m.nfree)
				}
				back.makeKey(back.firstFree())
				if !bytes.Equal(back.key, m.key) {
					t.Fatalf("seed %d, after options %v: key % x made again is % x", seed, taken, m.key, back.key)
				}
				if s, ok := seen[string(m.key)]; ok && s != state {
					t.Fatalf("seed %d: states %s and %s have one key % x", seed, s, state, m.key)
				}
				seen[string(m.key)] = state
				i := m.firstFree()
				if i >= np {
					break
				}
				o, ok := takeRandom(rng, m, i)
				if !ok {
					break
				}
				taken = append(taken, o)
			}
		}
	}
}

// TestEarlyWinner checks when the race between the trials takes an order before the
// budget is spent: both past 1/orderEarly of it and one at 2/3 of the other's work or
// less, or the costlier alone past it and the other at 1/orderFar of its work or less.
func TestEarlyWinner(t *testing.T) {
	const budget = 1 << 25
	early := uint64(budget / orderEarly)
	for _, tt := range []struct {
		a, b uint64
		want int
	}{
		{0, 0, -1},
		{early - 1, early / 8, -1}, // neither past 1/orderEarly
		{early, early, -1},         // as costly
		{3 * early, 2*early + 1, -1},
		{3 * early, 2 * early, 1},
		{2 * early, 3 * early, 0},
		{early, early/orderFar + 1, -1}, // the cheaper short of 1/orderEarly: orderFar needed
		{early, early / orderFar, 1},
		{early / orderFar, early, 0},
		{904178, 52707269, 0}, // a random band of 600 items at level 21: First, at once
		{early - 1, 0, -1},
	} {
		if got := earlyWinner(tt.a, tt.b, budget); got != tt.want {
			t.Errorf("earlyWinner(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
