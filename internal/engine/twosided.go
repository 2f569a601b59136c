package engine

import (
	"hash/maphash"
	"math"
	"math/big"
	"slices"
	"sync"
	"sync/atomic"
)

// A count in two halves.
//
// The forward count on several workers hands a fifth of the children from worker to
// worker and lets a worker expand another's sub-problems (frontierOwners, levelWork): on
// two workers of this 2-core VM that costs 1.12-1.20x one worker's CPU (README, round
// twenty). A problem whose items the options join only over a narrow band — a board swept
// row by row — can instead be cut in two at an item c, each half counted by its own
// workers, sharing nothing, and the halves joined at the cut:
//
//   - The top takes the options whose least item is before c, branching on the first free
//     item (OrderFirst) as the forward count does, and stops each sub-problem whose first
//     free item is c or later: all the items before c are covered, and of those from c on
//     only some of reach, the items that options from before c cover (for a board, the
//     next row). The top's count of such sub-problems is kept under s, the items of reach
//     they cover.
//   - The bottom takes the other options, those with their least item at c or after,
//     which lie wholly within c..np-1, and covers every item there but the top's s: it is
//     the problem of items c..np-1 in reverse order (np-1 first: a board from its last row
//     up), where an item r of reach may also be left to the top (bottomSpec). Its
//     sub-problems with every item from c on covered are kept under s, the items it left.
//   - Every solution of the problem is one of the top's sub-problems and one of the
//     bottom's with the same s, and each such pair is one solution: the count is the sum
//     over s of the products of the two halves' numbers of paths.
//
// The cut is chosen where the two halves' frontiers cost about as much (twoSidedCut):
// for an n x n board, the middle row, where reach is one row of n items, so that at most
// 2^n sub-problems meet.

// twoSidedMaxReach is the most items in reach at a cut: the sub-problems met at the cut
// are at most 2^twoSidedMaxReach on each side.
const twoSidedMaxReach = 24

// twoSidedMinItems is the fewest primary items a problem cut in two has: smaller ones are
// counted in moments anyway.
const twoSidedMinItems = 32

// twoSidedCut returns where to cut sp for a count in two halves, and reach, the items from
// the cut on that options with their least item before it cover, in order. ok is false
// where the problem cannot be cut (it has multiplicities, colours or secondary items) or
// where no cut both keeps reach within twoSidedMaxReach items and shares the work fairly:
// the cost of a half is estimated as the sum, over the items it branches on, of 2 to the
// power of its frontier's width there (the items covered ahead of it that options from
// behind can cover), the most a forward count can meet, and a cut is taken only if neither
// half's estimate is more than 3/5 of both's, and only where no option from before it
// covers two items from it on (see paired below).
func twoSidedCut(sp *Spec) (cut int, reach []int32, ok bool) {
	np := sp.NumPrimary
	if np < twoSidedMinItems || sp.NumItems != np || !sp.exact() {
		return 0, nil, false
	}
	least, most := itemSpans(sp)
	// ahead[i]: the items j >= i with least[j] < i, the top's frontier at i (reach if
	// cut at i); behind[i]: the items j <= i with most[j] > i, the bottom's at i.
	ahead, behind := make([]int, np+2), make([]int, np+2)
	for j := range np {
		ahead[least[j]+1]++
		ahead[j+1]--
		behind[j]++
		behind[most[j]]--
	}
	for i := 1; i <= np; i++ {
		ahead[i] += ahead[i-1]
		behind[i] += behind[i-1]
	}
	// paired[c] > 0: some option with its least item before c covers two items from c on.
	// The top then covers items of reach in pairs, and of the 2^len(reach) ways to leave
	// items of reach to the top, which the bottom tries all, most cannot meet the top:
	// trominoes on 8x9, whose upright bar reaches two rows ahead, took 1.7x as long in two
	// halves, the bottom 4x the top's sub-problems. Such cuts are not taken.
	paired := make([]int, np+2)
	for o := range sp.NumOptions() {
		items := sp.Item[sp.Start[o]:sp.Start[o+1]]
		if len(items) < 3 {
			continue // a second item's cut leaves only one item of the option after it
		}
		lo, second, hi := int32(np), int32(-1), int32(-1) // the least, and the two greatest
		for _, j := range items {
			lo = min(lo, j)
			if j > hi {
				second, hi = hi, j
			} else if j > second {
				second = j
			}
		}
		if second > lo { // cuts lo+1..second leave two items of the option after them
			paired[lo+1]++
			paired[second+1]--
		}
	}
	for i := 1; i <= np; i++ {
		paired[i] += paired[i-1]
	}
	cost := func(width int) float64 { return math.Ldexp(1, min(width, 60)) }
	top := make([]float64, np+1) // top[c]: the estimate for the items before c
	for i := range np {
		top[i+1] = top[i] + cost(ahead[i])
	}
	var bottom float64 // the estimate for the items from c on, c going down
	best := math.Inf(1)
	for c := np - 1; c >= 1; c-- {
		bottom += cost(behind[c])
		if ahead[c] > twoSidedMaxReach || paired[c] > 0 {
			continue
		}
		if worst := max(top[c], bottom); worst < best && worst <= 0.6*(top[c]+bottom) {
			best, cut = worst, c
		}
	}
	if math.IsInf(best, 1) {
		return 0, nil, false
	}
	return cut, cutReach(least, cut), true
}

// itemSpans returns, for each primary item j of sp, which has no secondary items, the
// least of the least items and the greatest of the greatest items of the options with j
// (j itself if none).
func itemSpans(sp *Spec) (least, most []int32) {
	np := sp.NumPrimary
	least, most = make([]int32, np), make([]int32, np)
	for j := range np {
		least[j], most[j] = int32(j), int32(j)
	}
	for o := range sp.NumOptions() {
		items := sp.Item[sp.Start[o]:sp.Start[o+1]]
		if len(items) == 0 {
			continue
		}
		lo, hi := items[0], items[0]
		for _, j := range items {
			lo, hi = min(lo, j), max(hi, j)
		}
		for _, j := range items {
			least[j], most[j] = min(least[j], lo), max(most[j], hi)
		}
	}
	return least, most
}

// cutReach returns the items from cut on that an option with its least item before cut
// covers (least from itemSpans), in order.
func cutReach(least []int32, cut int) (reach []int32) {
	for j := cut; j < len(least); j++ {
		if int(least[j]) < cut {
			reach = append(reach, int32(j))
		}
	}
	return reach
}

// bottomSpec returns the bottom half of sp cut at cut (see above): primary items
// cut..np-1 in reverse order (item j is np-1-j), then one item a reach item, nb+k for
// reach[k] (nb = np-cut), which says whether the top covers it; the options of sp whose
// least item is cut or later, then for each k the options {reach[k], nb+k} (reach[k]
// left to the top) and {nb+k} (not). The bottom's count stops at item nb, where its
// sub-problems' items nb.. are the top's share of reach: so its keys need no secondary
// items (with them, making and reading keys took 1.4x as long).
func bottomSpec(sp *Spec, cut int, reach []int32) *Spec {
	np := sp.NumPrimary
	nb := np - cut
	b := &Spec{NumPrimary: nb + len(reach), NumItems: nb + len(reach), Start: []int32{0}}
	for o := range sp.NumOptions() {
		items := sp.Item[sp.Start[o]:sp.Start[o+1]]
		if len(items) == 0 || int(slices.Min(items)) < cut {
			continue
		}
		for _, j := range items {
			b.Item = append(b.Item, int32(np-1)-j)
		}
		b.Start = append(b.Start, int32(len(b.Item)))
	}
	for k, r := range reach {
		b.Item = append(b.Item, int32(np-1)-r, int32(nb+k), int32(nb+k))
		b.Start = append(b.Start, int32(len(b.Item)-1), int32(len(b.Item)))
	}
	for range b.NumPrimary {
		b.Lo, b.Hi = append(b.Lo, 1), append(b.Hi, 1)
	}
	return b
}

// appendCovered appends to buf which of n items are covered in covered, a primary bitset:
// bit k of byte k/8 for item(k).
func appendCovered(buf []byte, covered []uint64, n int, item func(k int) int) []byte {
	for k := 0; k < n; k += 8 {
		var x byte
		for b := range min(8, n-k) {
			j := item(k + b)
			x |= byte(covered[j>>6]>>(j&63)&1) << b
		}
		buf = append(buf, x)
	}
	return buf
}

// twoSided counts the solutions of sp, cut at cut with reach its items reached from before
// the cut (twoSidedCut), in two halves at once: the top from levels (the forward count's
// tables, hashed with seed), the bottom from its root, each on half the workers (one at
// least) and within half of p's budget. It returns errFrontierFull if either half outgrew
// its share (then the other is stopped).
func twoSided(sp *Spec, p *MemoParams, cut int, reach []int32, levels []*frontierTable, seed maphash.Seed, workers int) (*big.Int, MemoStats, error) {
	// Half k polls through the Poll that half(k) sets: p.Poll sees the sum of the halves'
	// figures, and once either half has stopped, the other stops at its next poll.
	var (
		mu   sync.Mutex
		last [2]MemoStats
		quit atomic.Bool
	)
	half := func(k int, budget int64) *MemoParams {
		q := *p
		q.Order = OrderFirst
		q.MaxBytes = budget
		q.Poll = func(st *MemoStats) bool {
			if quit.Load() {
				return false
			}
			if p.Poll == nil {
				return true
			}
			mu.Lock()
			defer mu.Unlock()
			last[k] = *st
			sum := last[0]
			sum.Nodes += last[1].Nodes
			sum.Bytes += last[1].Bytes
			return p.Poll(&sum)
		}
		return &q
	}
	nr := len(reach)
	topMeet := &frontierMeet{cut: cut, key: func(m *memo, buf []byte) []byte {
		return appendCovered(buf, m.covered, nr, func(k int) int { return int(reach[k]) })
	}}
	bsp := bottomSpec(sp, cut, reach)
	nb := sp.NumPrimary - cut
	botMeet := &frontierMeet{cut: nb, key: func(m *memo, buf []byte) []byte {
		return appendCovered(buf, m.covered, nr, func(k int) int { return nb + k })
	}}
	var (
		ns       [2]*big.Int
		sts      [2]MemoStats
		errs     [2]error
		firstErr atomic.Int32 // 1 + the half that failed first
	)
	run := func(k int, count func() (*big.Int, MemoStats, error)) {
		ns[k], sts[k], errs[k] = count()
		if errs[k] != nil {
			firstErr.CompareAndSwap(0, int32(k+1))
			quit.Store(true)
		}
	}
	budget := p.MaxBytes / 2
	if p.MaxBytes > 0 {
		budget = max(1, budget)
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		run(0, func() (*big.Int, MemoStats, error) {
			return frontierCount(sp, half(0, budget), seed, levels, (workers+1)/2, topMeet)
		})
	})
	wg.Go(func() {
		run(1, func() (*big.Int, MemoStats, error) {
			q := half(1, budget)
			blevels, bseed, err := rootLevels(bsp, q)
			if err != nil {
				return nil, MemoStats{}, err
			}
			return frontierCount(bsp, q, bseed, blevels, max(1, workers/2), botMeet)
		})
	})
	wg.Wait()
	var st MemoStats
	for _, s := range sts {
		st.addCounts(s)
	}
	st.Bytes, st.Peak = sts[0].Bytes+sts[1].Bytes, sts[0].Peak+sts[1].Peak // at most, held at once
	if k := firstErr.Load(); k != 0 {
		return nil, st, errs[k-1]
	}
	// The join: every bottom solution kept under s, times the top's sub-problems under s.
	total := new(big.Int).Add(ns[0], ns[1]) // 0: every solution covers items on both sides
	var x, y big.Int
	for _, bt := range botMeet.tables {
		for key, val := range bt.inOrder() {
			b := bt.value(key, val, &x)
			h := maphash.Bytes(seed, key)
			for _, tt := range topMeet.tables {
				u, ok := tt.get(key, h)
				if !ok {
					continue
				}
				a := count{u: u}
				if u.hi == bigMark {
					a = count{b: y.SetBits(tt.wideCount(u.lo))}
				}
				total.Add(total, new(big.Int).Mul(a.big(), b.big()))
			}
		}
	}
	return total, st, nil
}

// rootLevels returns the forward count's levels from the root of sp (no option taken),
// hashed with a new seed.
func rootLevels(sp *Spec, p *MemoParams) ([]*frontierTable, maphash.Seed, error) {
	root := newMemo(sp, p)
	root.makeKey(root.firstFree())
	seed := maphash.MakeSeed()
	levels, err := partsLevels(root, []memoPart{{slices.Clone(root.key), big.NewInt(1)}}, seed)
	return levels, seed, err
}
