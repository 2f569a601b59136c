package xcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/xcover/xcover/internal/engine"
)

// MemoMode says whether [Count] counts by memoisation: keeping the count of
// each sub-problem (the items still to cover, and the colours fixed on secondary items) and
// adding it whenever the search meets the same sub-problem again. It pays where
// sub-problems repeat — tilings of long or wide boards, counted row by row — and costs
// memory and time where they do not (N-queens). See docs/memo.md.
type MemoMode uint8

const (
	// MemoOff counts solution by solution (the default).
	MemoOff MemoMode = iota
	// MemoOn counts by memoisation.
	MemoOn
	// MemoAuto memoises only where it pays. A problem whose search tree Knuth's estimate
	// (from 100 random probes, or as many as 2 ms allow) puts below 10^6 nodes is counted
	// solution by solution, which takes milliseconds. A larger one is counted plainly for
	// a moment to measure the search's speed (5 ms, or 1% of the estimated tree if less: a
	// count that ends meanwhile is the answer) and probed further (up to 1000 probes, as
	// many as take 1% of the plain count's predicted time), then counted by memoisation,
	// unless after a sample of 4096 sub-problems fewer than 10% of the cache lookups have
	// hit (too little repeats: N-queens, Sudoku), when it too is counted solution by
	// solution. Where the first probes put the tree at 10^7 nodes or more, the sample
	// comes before the speed run, so that a problem it refuses is counted plainly at once
	// (a problem with multiplicities is sampled as its memoised count begins). A memoised
	// count that runs past 5% of the time the plain count is predicted to take (the
	// estimate's nodes at the measured speed) is given up for the plain count (Langford
	// pairs, whose hits do not cut the tree enough), so where the memo loses auto costs
	// 1.05-1.15 times the plain count, and where it wins (A001499(7): 2 ms against 0.3 s)
	// a few milliseconds more than the memo.
	MemoAuto
)

// How MemoAuto judges a problem (see MemoAuto): tuning, not API.
const (
	memoAutoProbes = 1000
	// memoAutoNodes is the tree below which the memo is not tried: some 30 ms of plain
	// search at most, where the trial before the memo (in a process just started, when
	// everything runs slower: 10 probes of the holed pentominoes took 3-9 ms) would cost
	// a fifth of the count. (Until 2026-11-25 it was 10^7, and A001499(7) and 7x8
	// dominoes were counted plainly in 0.3 and 0.15 s where the memo takes milliseconds.)
	memoAutoNodes = 1e6
	// memoAutoFirst probes come first, fewer where they take longer than
	// memoAutoFirstTime (but no fewer than memoAutoFirstMin: de Bruijn 2-4-6's take
	// 85 us each); a tree they put beyond memoAutoClear nodes is judged large without
	// the rest (12x12 dominoes: 11 ms of probes, more than the memoised count's 19,
	// cut to 1).
	memoAutoFirst     = 100
	memoAutoFirstMin  = 10
	memoAutoFirstTime = 2 * time.Millisecond
	memoAutoClear     = 1e9
	// memoAutoSampleFirst: a tree that the first probes put at this many times
	// memoAutoNodes or more is sampled before the speed run (see judgeAuto).
	memoAutoSampleFirst = 10
	memoSampleNodes     = 1 << 12
	// A memoised sub-problem costs some 30 plain nodes, so the cache must cut the tree
	// far down to pay. Early hit rates measured: Escargot less 5 givens 6.8% (memo 7x
	// slower than plain), Langford pairs 14 3.9% (over 2x slower), 20x20 dominoes 14.6%,
	// 18x18 18%, 12x12 30%, A001499(13) 92% (the memo wins by orders of magnitude).
	memoMinHitRate = 0.10
	// A memoised count that has taken memoAutoShare of the time that counting solution
	// by solution is predicted to take (the probes' tree size at the speed of
	// Solver.speedRun) is given up for that count: where the memo loses, auto costs at
	// most that much more than the plain count (Langford pairs 14: the first order's
	// sample hits 21%, yet its count takes 35 s against the plain count's 13). It was
	// 10% until the memo was tried on trees of 10^5 to 10^7 nodes, whose plain counts
	// take a tenth of a second or so: there the trial before the memo costs a few
	// milliseconds more (Langford pairs 12 on two workers, 0.15 s plain: 1.27 times).
	// Where the memo wins it takes 1-4% of the plain count's time (A001499(7), 7x8 and
	// 3x20 dominoes), less on larger boards.
	memoAutoShare = 0.05
	// The speed run lasts memoAutoSpeedRun at most (not counting the search's setup),
	// and memoAutoSpeedShare of the estimated tree's nodes (divided among the workers
	// that the plain count would have) but no fewer than memoAutoSpeedNodes, so that it
	// costs a small part of either count: A001499(10)'s
	// memoised count takes 50 ms, where a run of 50 ms (as there was) cost 1.7 times that
	// count in all. The probes after the first memoAutoFirst take memoAutoProbeShare
	// of the plain count's predicted time at most (de Bruijn 2-4-6, colours: 1000 probes
	// 41 ms, a tenth of its plain count).
	memoAutoSpeedRun   = 5 * time.Millisecond
	memoAutoSpeedShare = 0.01
	memoAutoSpeedNodes = 1 << 14
	memoAutoProbeShare = 0.01
)

// Order chooses the item a memoised count branches on.
type Order uint8

const (
	// OrderAuto (the default) chooses OrderFirst or OrderMRV from the problem itself: a
	// short forward count in each order, compared on the work each took to cover the same
	// number of items (counted work, not time, so every machine of a sharded count
	// chooses the same). MemoStats.Order says which was taken. Where the problem's order
	// of the items is far from a sweep (a board listed along its long side: each row a
	// frontier), both count in a sweep of their own (MemoStats.Swept).
	OrderAuto Order = iota
	// OrderFirst branches on the first uncovered primary item in the problem's order. On
	// a grid whose cells are listed row by row the sub-problems then differ only along the
	// frontier of the filled cells (a transfer matrix in disguise): the most cache hits.
	OrderFirst
	// OrderMRV branches on the primary item with the fewest possible options, the first
	// such in the problem's order: a smaller search tree, usually fewer hits.
	OrderMRV
)

// engineOrder returns the engine's value of o.
func (o Order) engineOrder() engine.Order {
	switch o {
	case OrderFirst:
		return engine.OrderFirst
	case OrderMRV:
		return engine.OrderMRV
	}
	return engine.OrderAuto
}

// orderOf returns the root's value of an engine order.
func orderOf(o engine.Order) Order {
	switch o {
	case engine.OrderFirst:
		return OrderFirst
	case engine.OrderMRV:
		return OrderMRV
	}
	return OrderAuto
}

// MemoStats describes the cache of a memoised count.
type MemoStats struct {
	Used    bool   // the count was memoised (MemoAuto may decide against it)
	Nodes   uint64 // sub-problems searched
	Hits    uint64 // sub-problems whose count came from the cache
	Misses  uint64 // lookups that found nothing
	Entries uint64 // counts kept
	Bytes   int64  // estimated size of the cache
	// Full is set when the budget was reached: later sub-problems were searched without
	// being kept, correct but slower.
	Full bool
	// Parts and Split describe the split of a CountShare: the number of sub-problems
	// shared out and a digest of them, the same for every share of one count.
	Parts int
	Split string
	// Order is the order the count branched in: OrderFirst or OrderMRV, the choice of
	// OrderAuto.
	Order Order
	// Swept is set when OrderAuto counted the primary items in an order of its own, a
	// sweep across the problem far narrower than the file's order (a board listed along
	// its long side, or in no order): the count and the solutions are the same.
	Swept bool
}

// memoStatsOf returns the statistics of a memoised count or sample: the engine's, with
// Used set and the order in the root's terms. (The engine's MemoStats holds its own Order
// type, so it cannot convert as a whole as Stats does.)
func memoStatsOf(st engine.MemoStats) MemoStats {
	return MemoStats{Used: true, Nodes: st.Nodes, Hits: st.Hits, Misses: st.Misses,
		Entries: st.Entries, Bytes: st.Bytes, Full: st.Full, Parts: st.Parts, Split: st.Split,
		Order: orderOf(st.Order), Swept: st.Swept}
}

// countExactShare counts the k-th (1..n) of n disjoint shares of the solutions by
// memoisation (the options' Memo must be MemoOn): the top of the memoised search tree is
// expanded into sub-problems the same way on every machine, and share k takes every n-th
// of them. The shares' counts add up to Count's. It is how a memoised count is split
// over the machines of a cluster (xcover count --memo --shard K/N).
func (s *Solver) countExactShare(ctx context.Context, k, n int) (*big.Int, error) {
	switch {
	case n < 1 || k < 1 || k > n:
		return nil, fmt.Errorf("xcover: share %d of %d: want 1 <= k <= n", k, n)
	case s.cfg.Memo != MemoOn:
		return nil, errors.New("xcover: CountShare needs Memo = MemoOn")
	}
	return s.countExact(ctx, k, n)
}

func (s *Solver) countExact(ctx context.Context, share, shares int) (*big.Int, error) {
	s.memo = MemoStats{}
	if s.cfg.Memo == MemoOff || s.cfg.Limit > 0 {
		return s.countPlain(ctx)
	}
	start := time.Now()
	interval := s.cfg.ProgressInterval
	if interval <= 0 {
		interval = time.Second
	}
	next := start.Add(interval)
	s.err = nil
	var nodeLimit atomic.Bool // set by Poll, which workers may call at once
	var (
		deadline time.Time   // MemoAuto: when the memo has had its share of the plain count's time
		overtime atomic.Bool // set by Poll past the deadline
	)
	p := &engine.MemoParams{
		Order:    s.cfg.Order.engineOrder(),
		MaxBytes: s.cfg.budget(),
		Initial:  s.init,
		Workers:  max(1, s.cfg.Workers),
		Shard:    share,
		Shards:   shares,
		Poll: func(st *engine.MemoStats) bool {
			if ctx.Err() != nil {
				return false
			}
			if s.cfg.MaxNodes > 0 && st.Nodes >= s.cfg.MaxNodes {
				nodeLimit.Store(true)
				return false
			}
			if !deadline.IsZero() && time.Now().After(deadline) {
				overtime.Store(true)
				return false
			}
			if s.cfg.Progress != nil {
				if now := time.Now(); now.After(next) {
					next = now.Add(interval)
					s.cfg.Progress(Progress{Stats: Stats{Nodes: st.Nodes, Elapsed: time.Since(start)}})
				}
			}
			return true
		},
	}
	var done *memoOutcome // the samples' answer, where they gave one
	if s.cfg.Memo == MemoAuto && shares == 0 {
		v := s.judgeAuto(ctx, p)
		if !v.plain {
			s.keep.Clear()
		}
		switch {
		case v.sample != nil:
			done = v.sample
		case v.counted: // a small tree after all: the speed run has counted it
			s.stats = v.run
			s.stats.Elapsed = time.Since(start)
			if s.cfg.Progress != nil {
				s.cfg.Progress(Progress{Stats: s.stats, Fraction: 1, Done: true})
			}
			return new(big.Int).SetUint64(v.run.Solutions), nil
		case v.plain:
			return s.countPlain(ctx)
		}
		if !v.sampled {
			p.SampleNodes, p.MinHitRate = memoSampleNodes, memoMinHitRate
		}
		deadline = v.deadline
	}
	if done == nil {
		n, st, err := engine.MemoCount(s.spec, p)
		done = &memoOutcome{n, st, err}
	}
	n, st, err := done.n, done.st, done.err
	s.memo = memoStatsOf(st)
	s.stats = Stats{Nodes: st.Nodes, Elapsed: time.Since(start)}
	switch {
	case errors.Is(err, engine.ErrMemoUnprofitable),
		errors.Is(err, engine.ErrMemoStopped) && overtime.Load() && ctx.Err() == nil && !nodeLimit.Load():
		// The sample, or the clock, said the memo does not pay: count plainly.
		s.memo.Used = false
		c, err := s.countPlain(ctx)
		s.stats.Elapsed = time.Since(start)
		return c, err
	case err != nil:
		s.err = ctx.Err()
		if s.err == nil && nodeLimit.Load() {
			s.err = ErrNodeLimit
		}
		if s.err == nil {
			s.err = err
		}
		return nil, s.err
	}
	if n.IsUint64() {
		s.stats.Solutions = n.Uint64()
	} else {
		s.stats.Solutions = ^uint64(0) // saturated: the exact count is the result
	}
	if s.cfg.Progress != nil {
		s.cfg.Progress(Progress{Stats: s.stats, Fraction: 1, Done: true})
	}
	return n, nil
}

// countPlain counts solution by solution: Count, as a big integer.
func (s *Solver) countPlain(ctx context.Context) (*big.Int, error) {
	n, err := s.count(ctx)
	return new(big.Int).SetUint64(n), err
}

// An autoVerdict is MemoAuto's judgement before the memo (see MemoAuto): count plainly;
// or the speed run has counted the problem (its statistics in run); or memoise, given up
// at deadline (zero: never).
type autoVerdict struct {
	plain, counted bool
	run            Stats
	deadline       time.Time
	// sampled: the memo's samples (engine.MemoSamples) have judged that it pays; where
	// they finished the count or stopped, sample holds what they returned.
	sampled bool
	sample  *memoOutcome
}

// A memoOutcome is what engine.MemoCount, or the samples before it, returned.
type memoOutcome struct {
	n   *big.Int
	st  engine.MemoStats
	err error
}

// judgeAuto judges whether to memoise the count that p describes: the first probes, the
// memo's samples, the speed run, more probes, and the memo's deadline from what they say.
func (s *Solver) judgeAuto(ctx context.Context, p *engine.MemoParams) autoVerdict {
	workers := p.Workers
	minNodes, memoShare := float64(memoAutoNodes), memoAutoShare
	if s.cfg.autoNodes > 0 {
		minNodes = s.cfg.autoNodes
	}
	if s.cfg.autoShare > 0 {
		memoShare = s.cfg.autoShare
	}
	probeStart, probes := time.Now(), 0
	e := engine.EstimateTree(s.spec, s.init, memoAutoFirst, 1, func() bool {
		probes++
		return ctx.Err() != nil || probes > memoAutoFirstMin && time.Since(probeStart) > memoAutoFirstTime
	}, &s.keep)
	if e.Nodes < minNodes {
		return autoVerdict{plain: true}
	}
	// Where the first probes find the tree large (memoAutoSampleFirst), the memo's
	// samples come before the speed run: where they show that the cache does not pay
	// (N-queens, Sudoku), the count is plain at once, without the speed run and the
	// probes after it, which serve only the memo's deadline (Escargot less 5 givens:
	// 9 ms of its 350). A smaller tree is sampled last, as the memo's count begins, since
	// the speed run may count it or the probes after it find it small (Langford pairs
	// 12). A problem with multiplicities samples as it counts.
	var v autoVerdict
	if e.Nodes >= memoAutoSampleFirst*minNodes {
		q := *p
		q.SampleNodes, q.MinHitRate = memoSampleNodes, memoMinHitRate
		n, st, judged, err := engine.MemoSamples(s.spec, &q)
		switch {
		case !judged:
		case errors.Is(err, engine.ErrMemoUnprofitable):
			return autoVerdict{plain: true}
		case n != nil || err != nil:
			return autoVerdict{sample: &memoOutcome{n, st, err}}
		default:
			v.sampled = true
		}
	}
	w := float64(workers)
	run, speed, finished := s.speedRun(ctx, memoAutoSpeedRun, max(uint64(e.Nodes*memoAutoSpeedShare/w), memoAutoSpeedNodes))
	if finished {
		return autoVerdict{counted: true, run: run}
	}
	nodes := s.moreProbes(ctx, e, speed*w)
	if nodes < minNodes {
		return autoVerdict{plain: true}
	}
	// The memo's time, in seconds; none past a year (nor where the tree's estimate is
	// beyond floating point): a time.Duration would overflow.
	if limit := memoShare * nodes / (speed * w); speed > 0 && limit < 365*24*3600 {
		v.deadline = time.Now().Add(time.Duration(limit * float64(time.Second)))
	}
	return v
}

// moreProbes returns MemoAuto's estimate of the plain search tree's size: e's, from the
// first probes, where it is beyond memoAutoClear, else that of up to memoAutoProbes probes
// in all, as many as take memoAutoProbeShare of the plain count's predicted time (e's
// nodes at speed nodes a second, all workers together; no bound if speed is unknown).
func (s *Solver) moreProbes(ctx context.Context, e engine.Estimate, speed float64) float64 {
	if e.Nodes >= memoAutoClear {
		return e.Nodes
	}
	budget := time.Duration(math.MaxInt64)
	if speed > 0 {
		budget = time.Duration(min(memoAutoProbeShare*e.Nodes/speed, 3600) * float64(time.Second))
	}
	start := time.Now()
	more := engine.EstimateTree(s.spec, s.init, memoAutoProbes-e.Probes, 2, func() bool {
		return ctx.Err() != nil || time.Since(start) > budget
	}, nil)
	if e.Probes+more.Probes == 0 {
		return e.Nodes
	}
	return (e.Nodes*float64(e.Probes) + more.Nodes*float64(more.Probes)) / float64(e.Probes+more.Probes)
}

// memoBytes returns the cache budget: MemoBytes, or 2 GiB.
func (cfg Config) budget() int64 {
	if cfg.MemoBytes > 0 {
		return cfg.MemoBytes
	}
	return engine.DefaultMemoBytes
}

// sampleUniform returns an iterator over k solutions drawn independently and uniformly at
// random from all the solutions (with the Initial options): every solution has the same
// chance, however many there are. It counts the solutions by memoisation first (with
// the options' MemoBytes and Order), then walks down the search tree k times taking each branch
// with probability proportional to the number of solutions below it. The same Seed gives
// the same solutions. A problem without solutions yields none. Afterwards [Solver.Err]
// tells whether ctx stopped it; [Solver.Total] holds the number of solutions drawn from.
// Problems with multiplicities are sampled too.
func (s *Solver) sampleUniform(ctx context.Context, k int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		s.err, s.total = nil, nil
		p := &engine.MemoParams{
			Order:    s.cfg.Order.engineOrder(),
			MaxBytes: s.cfg.budget(),
			Initial:  s.init,
			Poll:     func(*engine.MemoStats) bool { return ctx.Err() == nil },
		}
		// Each draw asks ctx: the draws of 10^8 samples were deaf to signals.
		total, st, err := engine.MemoSample(s.spec, p, k, s.cfg.Seed, func(sol []int32) bool {
			return ctx.Err() == nil && yield(engine.Ascending(sol))
		})
		s.total = total
		s.memo = memoStatsOf(st)
		if err == nil && ctx.Err() != nil {
			err = ctx.Err()
		}
		if err != nil {
			s.err = ctx.Err()
			if s.err == nil {
				s.err = err
			}
		}
	}
}
