package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/maphash"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
)

// Memoised counting (Knuth's Algorithm 7.2.2.1Z, the "DXZ" method of Nishino et al.): the
// number of solutions below a node depends only on the sub-problem there — which items are
// covered and, for secondary items, with which colour — not on the options that covered
// them. Different paths reach the same sub-problem again and again (in a tiling, the same
// set of filled cells behind the frontier), so its count is kept and added on every later
// visit instead of being searched again.
//
// The state of a node is a bitset of the covered primary items and, per secondary item,
// 0 (free), -1 (taken by an option without colour) or its colour. An option can be taken
// when none of its primary items is covered and each secondary item is free or has the
// option's colour (a colour other than 0). The item branched on is a function of the state:
// the first uncovered primary item (OrderFirst) or the one with the fewest possible options,
// the first such (OrderMRV).
//
// Keys: the first uncovered primary item f (all before it are covered; 4 bytes), the number
// of words that follow (a uvarint), the words of the primary bitset from f's word up to the
// last nonzero word (8 bytes each), then the secondary states that are not free, as
// (index, value) pairs (4 + 4 bytes) — so that a key's length follows the frontier, not the
// size of the problem, and a key can be turned back into its state (setKey). A hit compares the whole key: a wrong hit would be a wrong
// count.
//
// Counts are 128-bit; a sum that overflows 128 bits switches the count to big integers and
// starts again (no count anywhere wraps).
//
// Memory: each entry takes its key, 16 bytes of count and about 40 bytes of table; when
// MaxBytes is reached no new entry is made and the search goes on, correct and slower.

// Order chooses the item a memoised count branches on.
type Order uint8

const (
	// OrderFirst branches on the first uncovered primary item in the problem's order: on a
	// grid listed row by row the states are bounded by the frontier, as in a transfer
	// matrix.
	OrderFirst Order = iota
	// OrderMRV branches on the item with the fewest possible options (the first such):
	// fewer nodes, usually fewer hits.
	OrderMRV
	// OrderAuto chooses OrderFirst or OrderMRV from the problem by a trial of each (see
	// chooseOrder): the same choice on every machine. First it renumbers the primary items
	// in a sweep when the problem's order is far from one (see sweepOrder).
	OrderAuto
)

// MemoParams controls a memoised count.
type MemoParams struct {
	Order    Order
	MaxBytes int64   // the cache's budget; 0 means no limit
	Initial  []int32 // options forced into every solution
	// Poll, if not nil, is called every few thousand nodes with the statistics so far;
	// it returns false to stop the count.
	Poll func(st *MemoStats) bool
	// MinHitRate and SampleNodes, when SampleNodes > 0, make the count give up
	// (ErrMemoUnprofitable) if after SampleNodes nodes fewer than MinHitRate of the
	// lookups have hit: the cache does not pay on this problem.
	MinHitRate  float64
	SampleNodes uint64
	// Workers is the number of goroutines counting, sharing one cache; 0 means one.
	Workers int
	// TrialWork is the work each of OrderAuto's trials may spend (see chooseOrder); 0
	// means orderTrialWork. Tests make it small, so that counts go on from a trial.
	TrialWork uint64
	// Shard and Shards, with Shards > 1, count only the Shard-th (1..Shards) of Shards
	// disjoint shares of the tree: every Shards-th sub-problem of the split at the top of
	// the tree, the same on every machine.
	Shard, Shards int
	// lockstep, if not nil, is called by each worker of a depth-first count as it starts
	// and at every poll (done false), and once it has counted its last part (done true):
	// tests make the workers advance side by side with it, as on as many idle cores.
	lockstep func(worker int, done bool)
	// batch, if not 0, is the most children memoBounds looks up together (memoBatch),
	// and then it looks up the children of every state so (tests).
	batch int
}

// MemoStats describes a memoised count.
type MemoStats struct {
	Nodes   uint64 // sub-problems counted by search (misses), and leaves
	Hits    uint64 // sub-problems whose count came from the cache
	Misses  uint64 // lookups that found nothing
	Entries uint64 // entries in the cache
	Bytes   int64  // estimated bytes of the cache
	Full    bool   // the budget was reached: later sub-problems were not kept
	// Peak is the most a forward count held at once with a budget, a growing table's old
	// slots included (0 without a budget; not in the public stats).
	Peak int64
	// With shards: the number of sub-problems of the split, and a digest of them (the
	// same for every shard of one count; merge compares them).
	Parts int
	Split string
	// Order is the order counted in (OrderAuto resolved); OrderFirst for problems with
	// multiplicities, whose memo settles the items in the problem's order.
	Order Order
	// Swept is set when OrderAuto counted the primary items in a sweep of its own, the
	// problem's order being far wider (see sweepOrder).
	Swept bool
}

// addCounts adds o's sub-problems, hits, misses and entries to s's (the figures that sum
// over the parts of one count).
func (s *MemoStats) addCounts(o MemoStats) {
	s.Nodes += o.Nodes
	s.Hits += o.Hits
	s.Misses += o.Misses
	s.Entries += o.Entries
}

// memoPollEvery is how many sub-problems the depth-first memo and the orders' trials
// count between calls of MemoParams.Poll (a power of two that divides the sample's
// 4096). A sub-problem costs microseconds, not a plain node's tens of nanoseconds, so at
// pollEvery a deadline of MemoAuto's was overrun by 10-20 ms (Langford pairs 12's trial,
// de Bruijn 2-4-6's sample). The forward count's workers poll every pollEvery: their
// deadlines are seconds.
const memoPollEvery = 1 << 9

// ErrMemoStopped is returned when Poll stopped a memoised count.
var ErrMemoStopped = errors.New("memoised count stopped")

// ErrMemoUnprofitable is returned when the sample showed the cache does not pay.
var ErrMemoUnprofitable = errors.New("memoised count: too few cache hits")

// MemoSupported reports whether every primary item of sp is covered exactly once, as the
// forward count, shares and uniform samples need (MemoCount counts other problems too).
func MemoSupported(sp *Spec) bool {
	for i := range sp.NumPrimary {
		if sp.Lo[i] != 1 || sp.Hi[i] != 1 {
			return false
		}
	}
	return true
}

// memo is the state of one memoised count.
type memo struct {
	_      apartPad // the workers' memos are written at every node: see apart
	sp     *Spec
	np, ns int // primary and secondary items
	pw     int // words of the primary bitset
	memoOptions
	omask []uint64 // option o's primary items: omask[o*pw:(o+1)*pw]
	// ospan[o] is the words of omask[o*pw:] that can be non-zero, lo<<32 | hi: fits, take
	// and untake read omask[o*pw+lo:o*pw+hi] only (an option of a board's cells lies in
	// one or two words of the pw; 18x18 dominoes, pw 6: fits took 12% of a count).
	ospan []uint64
	// heads[i] is lists[i] less the options with a primary item before i, in the same
	// order: where i is the first uncovered item, those items are covered and the options
	// never fit (see options).
	heads   [][]int32
	covered []uint64 // the state: covered primary items
	nfree   int      // uncovered primary items
	cache   *memoCache
	key     []byte
	keyFree int      // the first uncovered primary item of the state whose key is in key
	keys    [][]byte // per depth of count's recursion: the key of the state there
	depth   int
	checks  uint64   // options checked by choose (OrderMRV), for chooseOrder's trials
	mrv     *mrvBits // OrderMRV's bitsets, made at the first choice; nil: the scan
	mrvMade bool
	memoTally
	_ apartPad
}

// memoTally is the bookkeeping of a depth-first memoised count: its statistics, the polls,
// and the sample that judges whether the cache pays.
type memoTally struct {
	p       *MemoParams
	st      MemoStats
	tick    int
	every   int    // memoPollEvery; 1 for workers in lockstep (MemoParams.lockstep)
	sample  uint64 // nodes left before the hit rate is judged; 0 once judged
	stopped bool
	unprof  bool // stopped: the sample found too few hits
	// splitTicks counts down the steps of a split, and of memoBounds.choose's walk over the
	// subsets of one item's options (splitPoll), which poll without counting nodes or
	// judging the sample.
	splitTicks int
	// sampleOnly stops the search once the sample has been judged worth it (sampled).
	sampleOnly, sampled bool
	// shuffle, not 0 on the second worker of a count and those after it, makes the
	// worker try a node's branches in an order of its own (see shuffled).
	shuffle uint64
	// arena is where the worker puts its entries in a shared cache (memoCache.arena).
	arena *memoArena
}

// shuffled reports whether the worker tries the two branches of step pos of settling item
// i (memoBounds.choose: leave the option out, or take it) the other way round. Workers
// that meet one sub-problem at the same time would otherwise count its sub-problems in
// the same order, side by side, each missing in the cache what the other has begun and
// not finished; in orders of their own, each finds more of what the others have
// finished (sixteen workers in lockstep: see TestMemoWorkersLockstep). The exact memo
// (memo.count) starts its loop over the options at a place of the worker's own instead.
// Worker 0's order is one worker's, and the split's (which must be the same on every
// machine) is never shuffled.
func (m *memoTally) shuffled(i, pos int) bool {
	return m.shuffle>>(uint(i*5+pos)&63)&1 != 0
}

// workerShuffle returns the shuffle of worker w (see memoTally.shuffled): 0 for worker
// 0, a mix of w's bits (splitmix64's finaliser) for the others.
func workerShuffle(w int) uint64 {
	if w == 0 {
		return 0
	}
	x := uint64(w) * 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func newTally(p *MemoParams) memoTally {
	return memoTally{p: p, tick: memoPollEvery, every: memoPollEvery, sample: p.SampleNodes}
}

// u128 is an unsigned 128-bit count.
type u128 struct{ lo, hi uint64 }

// add returns a+b and whether it overflowed.
func (a u128) add(b u128) (u128, bool) {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, c := bits.Add64(a.hi, b.hi, c)
	return u128{lo, hi}, c != 0
}

func (a u128) big() *big.Int {
	x := new(big.Int).SetUint64(a.hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(a.lo))
}

// A count is a number of solutions: 128 bits, or a big integer once it has grown past
// them (near the root of trees with more than 3.4·10^38 solutions). Sums promote
// themselves, so no count wraps and none is searched twice.
type count struct {
	u u128
	b *big.Int // not nil: the count, past 2^128; shared with the cache, never changed
}

// countOf returns x as a count: in 128 bits if it fits.
func countOf(x *big.Int) count {
	if x.Sign() >= 0 && x.BitLen() <= 128 {
		w := x.Bits()
		var u u128
		if bits.UintSize == 64 {
			if len(w) > 0 {
				u.lo = uint64(w[0])
			}
			if len(w) > 1 {
				u.hi = uint64(w[1])
			}
			return count{u: u}
		}
	}
	return count{b: x}
}

// plus returns a+b.
func (a count) plus(b count) count {
	if a.b == nil && b.b == nil {
		if s, c := a.u.add(b.u); !c {
			return count{u: s}
		}
	}
	return count{b: new(big.Int).Add(a.big(), b.big())}
}

// times returns a·k.
func (a count) times(k *big.Int) count {
	if k.IsUint64() && k.Uint64() == 1 {
		return a
	}
	return countOf(new(big.Int).Mul(a.big(), k))
}

// big returns the count as a big integer (a fresh one, or the shared one past 2^128:
// copy it before changing it).
func (a count) big() *big.Int {
	if a.b != nil {
		return a.b
	}
	return a.u.big()
}

// MemoCount counts the solutions of sp by memoised search. It returns the count, exact at
// any size, and its statistics; ErrMemoStopped if Poll stopped it, ErrMemoUnprofitable if
// the sample said the cache does not pay. With p.Shards > 0 it counts only shard p.Shard
// of p.Shards of the tree (see shareParts); the shards' counts add up to the whole count.
//
// Problems with multiplicities (see MemoSupported) are counted by memoBounds, depth first.
func MemoCount(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	if !compatible(sp, p.Initial) {
		return new(big.Int), MemoStats{Order: OrderFirst}, nil
	}
	sp, sweep := swept(sp, p.Order)
	n, st, err := memoCount(sp, p)
	st.Swept = sweep
	return n, st, err
}

// memoCount is MemoCount on a problem whose forced options are compatible.
func memoCount(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	if !MemoSupported(sp) {
		return memoCountBounds(sp, p)
	}
	if p.Order != OrderAuto {
		n, st, err := memoRun(sp, p, nil)
		st.Order = p.Order
		return n, st, err
	}
	q := *p
	if p.SampleNodes > 0 {
		if n, st, err := memoSamples(sp, p); n != nil || err != nil {
			return n, st, err
		}
		q.SampleNodes = 0 // judged
	}
	order, t := chooseOrder(sp, &q)
	q.Order = order
	if t == nil {
		return nil, MemoStats{Order: order}, ErrMemoStopped
	}
	var (
		n   *big.Int
		st  MemoStats
		err error
	)
	switch {
	case p.Shards > 1: // the split starts from the root, the same on every machine
		n, st, err = memoRun(sp, &q, nil)
	case t.done:
		n, st = t.total.big(), t.st
	default:
		n, st, err = memoRun(sp, &q, t)
	}
	st.Order = order
	return n, st, err
}

// resolveOrder returns p, or with OrderAuto a copy of p with the order chooseOrder picks.
func resolveOrder(sp *Spec, p *MemoParams) *MemoParams {
	if p.Order != OrderAuto {
		return p
	}
	q := *p
	q.Order, _ = chooseOrder(sp, p)
	return &q
}

// A memoPart is a sub-problem from the top of the tree (see split): the key of its state
// and the number of paths from the root that reach it.
type memoPart struct {
	key  []byte
	mult *big.Int
}

// A memoCounter is a depth-first memoised count, memo or memoBounds, as depthFirst runs it
// on several workers and in shares.
type memoCounter interface {
	// split expands the top of the tree below the current state (see memo.split).
	split(want int) (parts []memoPart, leaves *big.Int, nodes uint64)
	// setKey puts the counter in the state with the given key.
	setKey(key []byte)
	// run counts below the current state.
	run() (*big.Int, error)
	tally() *memoTally
	// setCache makes the counter one of those sharing c.
	setCache(c *memoCache)
}

func (m *memo) tally() *memoTally           { return &m.memoTally }
func (m *memo) setCache(c *memoCache)       { m.cache = c }
func (m *memoBounds) tally() *memoTally     { return &m.memoTally }
func (m *memoBounds) setCache(c *memoCache) { m.cache = c }

// splitLevels expands sub-problems level by level from the current state of m, merging
// equal ones and adding up the numbers of paths to them, until there are at least want of
// them or nothing is left to expand. expand puts m in each sub-problem's state and calls
// child with the key of each sub-problem one level below (m's key buffer: copied), or
// reports a leaf (a solution). Solutions met on the way are counted in leaves.
//
// One level may hold a great many children (settling an item of multiplicity 32 among 112
// dominoes), so t's Poll is asked every memoPollEvery children: if it says stop, t.stopped
// is set (which ends the expansion under way; memoBounds.choose polls as well between
// children) and splitLevels returns nil parts and leaves.
func splitLevels(t *memoTally, want int, root []byte, setKey func([]byte), expand func(child func(key []byte, mult *big.Int)) (leaf bool)) (parts []memoPart, leaves *big.Int, nodes uint64) {
	leaves = new(big.Int)
	cur := []memoPart{{slices.Clone(root), big.NewInt(1)}}
	for len(cur) > 0 && len(cur) < want {
		var next []memoPart
		index := map[string]int{}
		for _, q := range cur {
			if t.stopped {
				return nil, nil, nodes
			}
			setKey(q.key)
			nodes++
			leaf := expand(func(key []byte, mult *big.Int) {
				t.splitPoll()
				// The child is reached mult times (nil: once) from each path to q.
				paths := q.mult
				if mult != nil {
					paths = new(big.Int).Mul(q.mult, mult)
				}
				if k, ok := index[string(key)]; ok {
					next[k].mult.Add(next[k].mult, paths)
				} else {
					index[string(key)] = len(next)
					next = append(next, memoPart{slices.Clone(key), new(big.Int).Set(paths)})
				}
			})
			if leaf {
				leaves.Add(leaves, q.mult)
			}
		}
		cur = next
	}
	if t.stopped {
		return nil, nil, nodes
	}
	return cur, leaves, nodes
}

// memoSplitWant is the number of sub-problems a count on several workers, or a shard of a
// count, asks of the split per worker or shard.
const memoSplitWant = 16

// split expands the top of the memoised tree level by level, merging equal sub-problems
// and adding up the numbers of paths to them, until there are at least want of them or
// nothing is left to expand. Solutions met on the way are counted in leaves. The parts
// depend only on the problem, the initial options and want, so every machine of a cluster
// computes the same ones.
func (m *memo) split(want int) (parts []memoPart, leaves *big.Int, nodes uint64) {
	m.makeKey(m.firstFree())
	return splitLevels(&m.memoTally, want, m.key, m.setKey, func(child func([]byte, *big.Int)) bool {
		i := m.choose(m.firstFree())
		if i < 0 {
			return true
		}
		for _, o := range m.lists[i] {
			if !m.fits(o) {
				continue
			}
			saved := m.saveSec(o, nil)
			m.take(o)
			m.makeKey(m.firstFree())
			child(m.key, nil)
			m.untake(o, saved)
		}
		return false
	})
}

// recount sets nfree from the covered bitset.
func (m *memo) recount() {
	m.nfree = m.np
	for _, x := range m.covered {
		m.nfree -= bits.OnesCount64(x)
	}
}

// MemoSamples judges whether the cache pays for sp as MemoCount does first where
// p.SampleNodes > 0, and only that, so that a caller can judge before it spends more
// (MemoAuto's speed run). It returns the count where a sample finished it,
// ErrMemoUnprofitable where the samples show that the cache does not pay, and nil and no
// error where it pays; then MemoCount with SampleNodes 0 counts without judging again. A
// problem with multiplicities (see MemoSupported), whose sample is part of its count, is
// not judged here: judged is false.
func MemoSamples(sp *Spec, p *MemoParams) (n *big.Int, st MemoStats, judged bool, err error) {
	if !compatible(sp, p.Initial) {
		return new(big.Int), MemoStats{Order: OrderFirst}, true, nil
	}
	if !MemoSupported(sp) { // before the sweep, which would renumber the items for nothing
		return nil, MemoStats{}, false, nil
	}
	sp, sweep := swept(sp, p.Order)
	n, st, err = memoSamples(sp, p)
	st.Swept = sweep
	return n, st, true, err
}

// memoSamples judges the cache by samples of p.SampleNodes sub-problems (memoSample): in
// p.Order, or under OrderAuto in both orders, before the order trial, which costs far
// more than the samples (Escargot less 5 givens: 0.2 s against 0.01 s): the count goes
// on memoised if either order's sample shows it pays. It returns the count where a
// sample finished it, ErrMemoUnprofitable where none pays, and nil and no error where
// one does.
func memoSamples(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	if p.Order != OrderAuto {
		n, st, err := memoSample(sp, p)
		st.Order = p.Order
		return n, st, err
	}
	q := *p
	var st MemoStats
	pays := false
	for _, o := range [...]Order{OrderFirst, OrderMRV} {
		q.Order = o
		n, ost, err := memoSample(sp, &q)
		switch {
		case n != nil || (err != nil && !errors.Is(err, ErrMemoUnprofitable)):
			ost.Order = o
			return n, ost, err
		case err == nil:
			pays = true
		}
		st.Nodes += ost.Nodes
	}
	if !pays {
		st.Order = OrderFirst
		return nil, st, ErrMemoUnprofitable
	}
	return nil, MemoStats{}, nil
}

// memoSample judges whether the cache pays (MemoAuto): the depth-first memo in p.Order
// counts p.SampleNodes sub-problems. It returns the count if that finished it,
// ErrMemoUnprofitable if too few lookups hit (or another error that stopped it), and
// nil and no error if the count is to go on memoised.
func memoSample(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	m := newMemo(sp, p)
	m.setCache(newMemoCache(p.MaxBytes, 1))
	m.sampleOnly = true
	for _, o := range p.Initial {
		m.take(o)
	}
	n, err := m.run()
	m.cache.stats(&m.st)
	switch {
	case err == nil: // finished within the sample
		return n, m.st, nil
	case !errors.Is(err, ErrMemoStopped) || !m.sampled:
		return nil, m.st, err
	}
	return nil, MemoStats{}, nil
}

// memoRun counts for MemoCount, on p.Workers workers: forward (frontierCount), unless the
// frontier outgrows the budget, when the depth-first memo counts instead. With a sample
// (MemoAuto), the depth-first memo first judges whether the cache pays. With a trial t
// (of p.Order, see chooseOrder) the forward count goes on from where t stopped.
func memoRun(sp *Spec, p *MemoParams, t *orderTrial) (*big.Int, MemoStats, error) {
	workers := max(1, p.Workers)
	if p.SampleNodes > 0 {
		if n, st, err := memoSample(sp, p); n != nil || err != nil {
			return n, st, err
		}
	}
	root := newMemo(sp, p)
	for _, o := range p.Initial {
		root.take(o)
	}
	root.makeKey(root.firstFree())
	rootKey := slices.Clone(root.key) // the split below leaves root elsewhere
	var (
		parts  []memoPart
		levels []*frontierTable // where the forward count starts, hashed with seed
		seed   maphash.Seed
	)
	total, nodes := new(big.Int), uint64(0)
	nsplit, digest := 0, ""
	var above MemoStats
	switch {
	case p.Shards > 1:
		parts, total, nodes, nsplit, digest = shareParts(root, p.Shard, p.Shards)
	case t != nil && t.done:
		return t.total.big(), t.st, nil
	case t != nil && !t.capped:
		levels, seed, total, above = t.levels, t.seed, t.total.big(), t.st
		t.levels = nil // handed over
	default:
		parts = []memoPart{{rootKey, big.NewInt(1)}}
	}
	var (
		n   *big.Int
		st  MemoStats
		err error
	)
	// On several workers, a problem that can be cut in two is counted in two halves that
	// share nothing (twoSided), from the trial's levels if it stopped before the cut; if a
	// half outgrows its share of the budget, the count starts again below, from the root.
	// (One worker counts as before: the halves one after the other were 1.1-1.25x faster
	// on dominoes, 0.9x on monomers and dimers.)
	halves := false // counted in two halves
	if workers > 1 && p.Shards <= 1 && len(p.Initial) == 0 && p.Order == OrderFirst {
		if cut, reach, ok := twoSidedCut(sp); ok && (levels == nil || t.next <= cut) {
			if levels == nil {
				seed = maphash.MakeSeed()
				levels, err = partsLevels(root, parts, seed)
			}
			if err == nil {
				n, st, err = twoSided(sp, p, cut, reach, levels, seed, workers)
			}
			halves = !errors.Is(err, errFrontierFull)
			if !halves {
				levels, total, above, err = nil, new(big.Int), MemoStats{}, nil
				parts = []memoPart{{rootKey, big.NewInt(1)}}
			}
		}
	}
	if !halves {
		if levels == nil {
			seed = maphash.MakeSeed()
			levels, err = partsLevels(root, parts, seed)
		}
		if err == nil {
			n, st, err = frontierCount(sp, p, seed, levels, workers, nil)
		}
	}
	st.addCounts(above)
	st.Nodes += nodes
	st.Bytes = max(st.Bytes, above.Bytes)
	st.Parts, st.Split = nsplit, digest
	if err == nil {
		return n.Add(n, total), st, nil
	}
	if !errors.Is(err, errFrontierFull) {
		return nil, st, err
	}
	root.setKey(rootKey) // depthFirst splits again from root, for workers or a share
	return depthFirst(p, root, func() memoCounter { return newMemo(sp, p) })
}

// shareParts returns the sub-problems of share k of n from the split at the top of m's
// tree, the solutions above the split if k is 1, the split's nodes, the number of its
// sub-problems and a digest of them.
func shareParts(m memoCounter, k, n int) (parts []memoPart, above *big.Int, nodes uint64, all int, digest string) {
	split, above, nodes := m.split(memoSplitWant * n) // the same on every machine
	if above == nil {
		return nil, nil, nodes, 0, "" // stopped
	}
	h := sha256.New()
	for i, q := range split {
		h.Write(binary.AppendUvarint(nil, uint64(len(q.key))))
		h.Write(q.key)
		h.Write(q.mult.Bytes())
		if i%n == k-1 {
			parts = append(parts, q)
		}
	}
	if k != 1 {
		above.SetInt64(0)
	}
	return parts, above, nodes, len(split), hex.EncodeToString(h.Sum(nil))
}

// depthFirst counts by the depth-first memo below root's state on p.Workers workers (each
// made by newWorker) sharing one cache within the budget, or the share p.Shard of
// p.Shards: the fallback of memoRun, and the count of problems with multiplicities.
func depthFirst(p *MemoParams, root memoCounter, newWorker func() memoCounter) (*big.Int, MemoStats, error) {
	workers := max(1, p.Workers)
	cache := newMemoCache(p.MaxBytes, workers)
	if p.lockstep != nil && cache.busy != nil {
		// Tests in lockstep: a busy table so large that few marks share a slot, so that
		// the count's figures hardly depend on the hash's seed, random for each count
		// (TestMemoWorkersLockstep: 1.1334-1.1374 sub-problems of one worker's, not
		// 1.128-1.147, on 16 workers).
		cache.busy = make([]atomic.Uint64, 16*len(cache.busy))
	}
	root.setCache(cache) // it splits the work before the workers start
	if workers == 1 && p.Shards <= 1 {
		n, err := root.run()
		t := root.tally()
		cache.stats(&t.st)
		return n, t.st, err
	}
	var parts []memoPart
	var total *big.Int
	var nodes uint64
	nsplit, digest := 0, ""
	if p.Shards > 1 {
		parts, total, nodes, nsplit, digest = shareParts(root, p.Shard, p.Shards)
	} else {
		parts, total, nodes = root.split(memoSplitWant * workers)
	}
	if total == nil { // Poll stopped the split
		return nil, MemoStats{Nodes: nodes}, ErrMemoStopped
	}
	var (
		next   atomic.Int64
		mu     sync.Mutex // guards total, the statistics, the first error and calls of p.Poll
		st     = MemoStats{Nodes: nodes, Parts: nsplit, Split: digest}
		runErr error
		stop   atomic.Bool
		wg     sync.WaitGroup
		polls  = newMemoPolls(p, workers, cache, &st, &mu, &stop)
		// running[w] is 1 + the part worker w counts as its own (0: none), for the
		// helpers; counted[i] is set once part i's count is in total.
		running = make([]memoRunning, workers)
		counted = make([]atomic.Bool, len(parts))
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			m := newWorker()
			m.setCache(cache)
			wp := *p
			wp.Poll = func(ws *MemoStats) bool { return polls.poll(w, ws) }
			t := m.tally()
			t.p = &wp
			t.shuffle = workerShuffle(w)
			t.arena = cache.arena(w)
			if p.lockstep != nil { // side by side at every step, from the first
				t.tick, t.every = 1, 1
				p.lockstep(w, false)
			}
			// count counts part i, adds it to total unless another worker has, and
			// reports false if the count stopped.
			count := func(i int) bool {
				m.setKey(parts[i].key)
				n, err := m.run()
				if err != nil {
					mu.Lock()
					if runErr == nil {
						runErr = err
					}
					mu.Unlock()
					stop.Store(true)
					return false
				}
				if counted[i].CompareAndSwap(false, true) {
					mu.Lock()
					total.Add(total, new(big.Int).Mul(n, parts[i].mult))
					mu.Unlock()
				}
				return true
			}
			for !stop.Load() {
				i := int(next.Add(1) - 1)
				if i >= len(parts) {
					break
				}
				running[w].part.Store(int64(i) + 1)
				ok := count(i)
				running[w].part.Store(0)
				if !ok {
					break
				}
			}
			// No part is left to start: help count those still being counted, one
			// after another, the other workers' in turn from w's next on. The helper
			// counts the part in its own order (memoTally.shuffled) and defers what
			// the others are counting, so it counts the sub-problems they have not
			// reached; the part's first count to end is added. Without help, the last
			// parts were counted on one worker each while the others waited (14x14
			// dominoes with a piece item, 16 workers in lockstep: the last part alone
			// took 27,000 of 188,000 steps).
			for !stop.Load() {
				i := -1
				for k := 1; k <= workers && i < 0; k++ {
					if r := running[(w+k)%workers].part.Load(); r > 0 && !counted[r-1].Load() {
						i = int(r - 1)
					}
				}
				if i < 0 || !count(i) {
					break
				}
			}
			if t.arena != nil {
				cache.placeLater(t.arena) // those of its puts that met a growth
			}
			polls.done(w, &t.st)
		}()
	}
	wg.Wait()
	cache.stats(&st)
	if runErr != nil {
		return nil, st, runErr
	}
	return total, st, nil
}

// memoRunning is the part a worker of depthFirst counts as its own (see there), on a
// cache line of its own.
type memoRunning struct {
	_    apartPad
	part atomic.Int64
	_    apartPad
}

// run counts the solutions below the memo's state: ErrMemoUnprofitable or ErrMemoStopped
// if it was stopped. The result may be shared with the cache: do not change it.
func (m *memo) run() (*big.Int, error) {
	m.stopped, m.unprof = false, false
	return m.result(m.count())
}

// result returns n, or the error that stopped the count.
func (m *memoTally) result(n count) (*big.Int, error) {
	switch {
	case m.unprof:
		return nil, ErrMemoUnprofitable
	case m.stopped:
		return nil, ErrMemoStopped
	}
	return n.big(), nil
}

func newMemo(sp *Spec, p *MemoParams) *memo {
	np := sp.NumPrimary
	m := &memo{sp: sp, np: np, ns: sp.NumItems - np, pw: max(1, (np+63)/64), memoTally: newTally(p)}
	m.memoOptions = newMemoOptions(sp, nil)
	m.omask = make([]uint64, sp.NumOptions()*m.pw)
	m.ospan = make([]uint64, sp.NumOptions())
	for o := range sp.NumOptions() {
		lo, hi := m.pw, 0
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := int(sp.Item[e]); i < np {
				m.omask[o*m.pw+i>>6] |= 1 << (i & 63)
				lo, hi = min(lo, i>>6), max(hi, i>>6+1)
			}
		}
		if lo < hi {
			m.ospan[o] = uint64(lo)<<32 | uint64(hi)
		}
	}
	m.heads = make([][]int32, np)
	flat := make([]int32, 0, sp.NumOptions()) // each option heads one list at most
	for i, list := range m.lists {
		from := len(flat)
		for _, o := range list {
			if lo := int(m.ospan[o] >> 32); lo<<6+bits.TrailingZeros64(m.omask[int(o)*m.pw+lo]) == i {
				flat = append(flat, o)
			}
		}
		m.heads[i] = flat[from:len(flat):len(flat)]
	}
	m.covered = apart[uint64](m.pw, m.pw)
	m.key = apart[byte](0, 2*binary.MaxVarintLen64+8*m.pw+8*m.ns)
	m.nfree = np
	return m
}

// memoOptions are the option tables and the secondary items' state that the memoised
// searches share (memo, memoBounds): each primary item's options, each option's secondary
// entries with their colours, and per secondary item 0 (free), -1 (taken by an option
// without colour) or its colour.
type memoOptions struct {
	lists  [][]int32 // options of each primary item, in order
	ostart []int32   // option o's secondary entries: sitem/scol[ostart[o]:ostart[o+1]]
	sitem  []int32   // secondary item (0-based among secondaries)
	scol   []int32   // its colour, or -1 for none
	sec    []int32   // the state of each secondary item
}

// newMemoOptions builds the tables of sp, leaving the options for which skip (if not nil)
// is true out of the items' lists.
func newMemoOptions(sp *Spec, skip func(o int32) bool) memoOptions {
	np := sp.NumPrimary
	nopt := sp.NumOptions()
	t := memoOptions{lists: make([][]int32, np), ostart: make([]int32, nopt+1), sec: apart[int32](sp.NumItems-np, sp.NumItems-np)}
	for o := range int32(nopt) {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			i := sp.Item[e]
			if int(i) < np {
				if skip == nil || !skip(o) {
					t.lists[i] = append(t.lists[i], o)
				}
				continue
			}
			c := int32(-1)
			if sp.Color != nil && sp.Color[e] != 0 {
				c = sp.Color[e]
			}
			t.sitem = append(t.sitem, i-int32(np))
			t.scol = append(t.scol, c)
		}
		t.ostart[o+1] = int32(len(t.sitem))
	}
	return t
}

// secFits reports whether option o's secondary items allow it: each is free or has o's
// colour.
func (t *memoOptions) secFits(o int32) bool {
	for e := t.ostart[o]; e < t.ostart[o+1]; e++ {
		s, c := t.sec[t.sitem[e]], t.scol[e]
		if s != 0 && (c < 0 || s != c) {
			return false
		}
	}
	return true
}

// saveSec appends the states of option o's secondary items to buf.
func (t *memoOptions) saveSec(o int32, buf []int32) []int32 {
	for e := t.ostart[o]; e < t.ostart[o+1]; e++ {
		buf = append(buf, t.sec[t.sitem[e]])
	}
	return buf
}

// secTake sets the states of option o's free secondary items.
func (t *memoOptions) secTake(o int32) {
	for e := t.ostart[o]; e < t.ostart[o+1]; e++ {
		if j := t.sitem[e]; t.sec[j] == 0 {
			t.sec[j] = t.scol[e]
		}
	}
}

// secUntake puts back the states of option o's secondary items saved in prev.
func (t *memoOptions) secUntake(o int32, prev []int32) {
	for k, e := 0, t.ostart[o]; e < t.ostart[o+1]; k, e = k+1, e+1 {
		t.sec[t.sitem[e]] = prev[k]
	}
}

// fits reports whether option o can be taken in the current state.
func (m *memo) fits(o int32) bool {
	mask, covered := m.words(o)
	for w, x := range mask {
		if x&covered[w] != 0 {
			return false
		}
	}
	return m.secFits(o)
}

// options returns the options of item i that may fit, in the order of lists[i], where
// first is the first uncovered primary item: those of heads[i] if i is first.
func (m *memo) options(i, first int) []int32 {
	if i == first {
		return m.heads[i]
	}
	return m.lists[i]
}

// words returns the words of option o's primary items that can be non-zero (ospan), and
// the same words of covered.
func (m *memo) words(o int32) (mask, covered []uint64) {
	span := m.ospan[o]
	lo, hi := int(span>>32), int(uint32(span))
	mask = m.omask[int(o)*m.pw+lo : int(o)*m.pw+hi]
	return mask, m.covered[lo:hi:hi][:len(mask)]
}

// take applies option o (see saveSec for undoing it).
func (m *memo) take(o int32) {
	mask, covered := m.words(o)
	for w, x := range mask {
		covered[w] |= x
		m.nfree -= bits.OnesCount64(x)
	}
	m.secTake(o)
}

// untake undoes take(o); prev holds the secondary states before it.
func (m *memo) untake(o int32, prev []int32) {
	mask, covered := m.words(o)
	for w, x := range mask {
		covered[w] &^= x
		m.nfree += bits.OnesCount64(x)
	}
	m.secUntake(o, prev)
}

// choose returns the primary item to branch on, or -1 if every primary item is covered;
// first is the first uncovered primary item (firstFree), which the caller has at hand.
func (m *memo) choose(first int) int {
	if m.nfree == 0 {
		return -1
	}
	if m.p.Order != OrderMRV {
		return first
	}
	if !m.mrvMade {
		m.mrv, m.mrvMade = newMRVBits(m), true
	}
	if m.mrv != nil {
		return m.mrv.choose(m, first)
	}
	return m.fewest(first, func(i, bound int) int {
		n := 0
		for _, o := range m.lists[i] {
			m.checks++
			if m.fits(o) {
				if n++; n >= bound {
					break
				}
			}
		}
		return n
	})
}

// fewest returns the free primary item with fewest options, as options(i, bound) counts
// them (it may stop counting at bound); first if there is none before it.
func (m *memo) fewest(first int, options func(i, bound int) int) int {
	best, bestN := first, int(^uint(0)>>1)
	for w := first >> 6; w < m.pw; w++ {
		for free := ^m.covered[w]; free != 0; free &= free - 1 {
			i := w<<6 + bits.TrailingZeros64(free)
			if i >= m.np {
				break
			}
			if n := options(i, bestN); n < bestN {
				best, bestN = i, n
				if n == 0 {
					return best
				}
			}
		}
	}
	return best
}

// makeKey writes the state's key into m.key; first is the first uncovered primary item
// (np if none). The key holds first (a uvarint); the primary items after it, item
// first+1+8j+b in bit b of byte j, without the trailing zero bytes, after their number (a
// uvarint) — the items before first are covered and first is not, so they need no bits,
// and on a board covered row by row the bytes are those of a row or so, whatever its
// size; then each secondary item with a state: its index and its state, 4 bytes each.
func (m *memo) makeKey(first int) {
	m.keyFree = first
	k := binary.AppendUvarint(m.key[:0], uint64(first))
	p := first + 1 // the item in bit 0 of the first byte
	nb := 0        // the bytes for the items from p on
	for w := m.pw - 1; w >= p>>6; w-- {
		x := m.covered[w]
		if w == p>>6 {
			x &^= 1<<(p&63) - 1
		}
		if x != 0 {
			nb = (w<<6+63-bits.LeadingZeros64(x)-p)/8 + 1
			break
		}
	}
	k = binary.AppendUvarint(k, uint64(nb))
	end := len(k) + nb
	for q := p; q < p+8*nb; q += 64 {
		w, sh := q>>6, q&63
		x := m.covered[w] >> sh
		if sh != 0 && w+1 < m.pw {
			x |= m.covered[w+1] << (64 - sh)
		}
		k = binary.LittleEndian.AppendUint64(k, x) // the last word's bytes past end cut below
	}
	k = k[:end]
	for j, s := range m.sec {
		if s != 0 {
			k = binary.LittleEndian.AppendUint32(k, uint32(j))
			k = binary.LittleEndian.AppendUint32(k, uint32(s))
		}
	}
	m.key = k
}

// setKey puts the memo in the state whose key is key (made by makeKey).
func (m *memo) setKey(key []byte) {
	first, n := binary.Uvarint(key)
	key = key[n:]
	nb, n := binary.Uvarint(key)
	key = key[n:]
	clear(m.covered)
	f := int(first)
	for w := range min(f>>6, m.pw) {
		m.covered[w] = ^uint64(0)
	}
	if f&63 != 0 {
		m.covered[f>>6] = 1<<(f&63) - 1
	}
	p := f + 1
	for i := 0; i < int(nb); i += 8 {
		var x uint64
		for b := min(8, int(nb)-i) - 1; b >= 0; b-- {
			x = x<<8 | uint64(key[i+b])
		}
		q := p + 8*i
		w, sh := q>>6, q&63
		m.covered[w] |= x << sh
		if sh != 0 && w+1 < m.pw {
			m.covered[w+1] |= x >> (64 - sh)
		}
	}
	key = key[nb:]
	clear(m.sec)
	for ; len(key) >= 8; key = key[8:] {
		m.sec[binary.LittleEndian.Uint32(key)] = int32(binary.LittleEndian.Uint32(key[4:]))
	}
	m.recount()
}

// firstFree returns the first uncovered primary item.
func (m *memo) firstFree() int {
	for w, x := range m.covered {
		if x != ^uint64(0) {
			return w<<6 + bits.TrailingZeros64(^x)
		}
	}
	return m.np
}

// poll counts a node and asks Poll every memoPollEvery nodes; it reports whether to stop.
func (m *memoTally) poll() bool {
	m.st.Nodes++
	m.tick--
	if m.tick > 0 {
		return false
	}
	m.tick = m.every
	if m.pollStop() {
		return true
	}
	if m.sample > 0 && m.st.Nodes >= m.sample {
		m.sample = 0 // judged once
		looks := m.st.Hits + m.st.Misses
		if looks > 0 && float64(m.st.Hits) < m.p.MinHitRate*float64(looks) {
			m.unprof = true
			return true
		}
		m.sampled = true
		return m.sampleOnly
	}
	return false
}

// splitPoll counts a step of a split (or of memoBounds.choose) and asks Poll every
// memoPollEvery steps whether to stop, setting stopped if so; it reports stopped.
func (m *memoTally) splitPoll() bool {
	if m.splitTicks--; m.splitTicks <= 0 {
		m.splitTicks = m.every
		if m.pollStop() {
			m.stopped = true
		}
	}
	return m.stopped
}

// pollStop asks Poll whether to stop.
func (m *memoTally) pollStop() bool {
	return m.p.Poll != nil && !m.p.Poll(&m.st)
}

// lookup makes the current state's key in m.key and finds it in the cache.
func (m *memo) lookup(first int) (count, bool) {
	m.makeKey(first)
	v, ok := m.cache.get(m.key)
	if ok {
		m.st.Hits++
	} else {
		m.st.Misses++
	}
	return v, ok
}

// count returns the number of solutions below the current state; it sets m.stopped (and
// returns 0) when stopped.
func (m *memo) count() count {
	first := m.firstFree()
	if m.nfree == 0 {
		m.st.Nodes++
		return count{u: u128{lo: 1}}
	}
	if v, ok := m.lookup(first); ok {
		return v
	}
	if m.poll() {
		m.stopped = true
		return count{}
	}
	i := m.choose(first) // after the lookup: OrderMRV's choice costs more than a hit
	// The state's key, kept from the children (who overwrite m.key) in this depth's buffer.
	d := m.depth
	if d == len(m.keys) {
		m.keys = append(m.keys, apart[byte](0, min(cap(m.key), 256))) // longer: append grows it
	}
	m.keys[d] = append(m.keys[d][:0], m.key...)
	m.depth++
	var sum count
	var prev [16]int32
	list := m.lists[i]
	start := 0 // the branch tried first: see memoTally.shuffled
	if m.shuffle != 0 && len(list) > 1 {
		start = int(bits.RotateLeft64(m.shuffle, i+d) % uint64(len(list)))
	}
	for k := range list {
		if k+start >= len(list) {
			start -= len(list)
		}
		o := list[k+start]
		if !m.fits(o) {
			continue
		}
		saved := m.saveSec(o, prev[:0])
		m.take(o)
		n := m.count()
		m.untake(o, saved)
		if m.stopped {
			m.depth--
			return count{}
		}
		sum = sum.plus(n)
	}
	m.depth--
	m.cache.put(m.arena, m.keys[d], sum)
	return sum
}

// MemoSample draws k solutions of sp independently and uniformly at random among all its
// solutions: it counts them by memoisation, then walks down from the root k times, taking
// each branch with probability proportional to the number of solutions below it (counts
// the cache holds; any it dropped for its budget are counted again). visit receives each
// solution's options (the slice is reused) and returns false to stop. It returns the total
// count; with no solution, visit is never called.
func MemoSample(sp *Spec, p *MemoParams, k int, seed uint64, visit func(sol []int32) bool) (*big.Int, MemoStats, error) {
	if !compatible(sp, p.Initial) {
		return new(big.Int), MemoStats{}, nil
	}
	sp, sweep := swept(sp, p.Order) // the same options: the solutions read the same
	n, st, err := drawUniform(sp, p, k, seed, visit)
	st.Swept = sweep
	return n, st, err
}

// drawUniform is MemoSample on a problem whose forced options are compatible.
func drawUniform(sp *Spec, p *MemoParams, k int, seed uint64, visit func(sol []int32) bool) (*big.Int, MemoStats, error) {
	if !MemoSupported(sp) {
		return memoSampleBounds(sp, p, k, seed, visit)
	}
	p = resolveOrder(sp, p)
	m := newMemo(sp, p)
	m.setCache(newMemoCache(p.MaxBytes, 1))
	for _, o := range p.Initial {
		m.take(o)
	}
	// The count before the draws (below to the zero check) is memoSampleBounds's too, on the
	// other memo type: kept twice rather than behind an interface for three calls.
	total := m.count().big()
	m.cache.stats(&m.st)
	if m.stopped {
		return nil, m.st, ErrMemoStopped
	}
	if total.Sign() == 0 {
		return total, m.st, nil
	}
	rng := newSampleRand(seed)
	sol := make([]int32, 0, sp.NumPrimary+len(p.Initial))
	type step struct {
		o    int32
		prev []int32
	}
	var path []step
	r := new(big.Int)
	for range k {
		sol = append(sol[:0], p.Initial...)
		path = path[:0]
		below := total // solutions below the current state
		for {
			i := m.choose(m.firstFree())
			if i < 0 {
				break
			}
			// Draw r uniformly in [0, below) and find the branch it falls in.
			randBelow(rng, below, r)
			var chosen int32 = -1
			for _, o := range m.lists[i] {
				if !m.fits(o) {
					continue
				}
				saved := m.saveSec(o, nil)
				m.take(o)
				n := m.count().big()
				if m.stopped {
					return nil, m.st, ErrMemoStopped
				}
				if r.Cmp(n) < 0 {
					chosen, below = o, n
					path = append(path, step{o, saved})
					break
				}
				r.Sub(r, n)
				m.untake(o, saved)
			}
			if chosen < 0 {
				panic("engine: uniform sampling lost its way: the counts do not add up")
			}
			sol = append(sol, chosen)
		}
		for j := len(path) - 1; j >= 0; j-- {
			m.untake(path[j].o, path[j].prev)
		}
		if !visit(sol) {
			break
		}
	}
	m.cache.stats(&m.st)
	return total, m.st, nil
}

// randBelow sets r to a uniform random integer in [0, n), n > 0, by rejection: random
// bits of n's length until the number is below n.
// newSampleRand returns the generator of the uniform samples with the given seed.
func newSampleRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x6a09e667f3bcc909)) }

func randBelow(rng *rand.Rand, n, r *big.Int) {
	nbits := n.BitLen()
	words := make([]big.Word, (nbits+bits.UintSize-1)/bits.UintSize)
	for {
		for w := range words {
			words[w] = big.Word(rng.Uint64())
		}
		if extra := len(words)*bits.UintSize - nbits; extra > 0 {
			words[len(words)-1] &= big.Word(^uint64(0) >> extra)
		}
		r.SetBits(words)
		if r.Cmp(n) < 0 {
			return
		}
		words = make([]big.Word, len(words)) // SetBits keeps the slice: make a new one
	}
}
