package xcover

import (
	"context"
	"fmt"
	"iter"
	"math/big"
	"time"
)

// This file holds the operations on a problem other than enumeration: each takes the
// options it honours — and only those — and returns its result, statistics included.
// Nothing is kept between calls; every call may run beside any other. Enumeration is a
// Solver's (Solutions, then Err and Stats, as bufio.Scanner).

// CountOptions controls [Count] and [CountShare]. The zero CountOptions counts every
// solution, solution by solution, on one worker.
type CountOptions struct {
	// Initial lists options (0-based) that every solution must contain.
	Initial []int
	// Workers is the number of goroutines; 0 or 1 means one. A memoised count's workers
	// share one cache.
	Workers int
	// Limit stops a count solution by solution after this many; 0 means no limit. A
	// count with a Limit is never memoised.
	Limit uint64
	// MaxNodes stops the count once it has entered about this many search tree nodes (or,
	// memoised, searched this many sub-problems); the error is then ErrNodeLimit. 0 means
	// no limit.
	MaxNodes uint64
	// Memo chooses memoisation (see MemoMode); MemoBytes bounds its cache (0:
	// DefaultMemoBytes), and Order chooses the item it branches on.
	Memo      MemoMode
	MemoBytes int64
	Order     Order
	// Progress, if not nil, is called about every ProgressInterval (default one second)
	// while the count runs, and once at its end.
	Progress         func(Progress)
	ProgressInterval time.Duration
}

// config returns the Solver configuration of the options.
func (o CountOptions) config() Config {
	return Config{Initial: o.Initial, Workers: o.Workers, Limit: o.Limit, MaxNodes: o.MaxNodes,
		memo: o.Memo, memoBytes: o.MemoBytes, order: o.Order,
		Progress: o.Progress, ProgressInterval: o.ProgressInterval}
}

// A CountResult is the result of [Count] or [CountShare].
type CountResult struct {
	// Solutions is the number of solutions, exact at any size; when the count was stopped
	// (cancelled, or at a limit), those found so far — nil for a memoised count, which has
	// no partial result.
	Solutions *big.Int
	// Stats describes the work; its Solutions saturates at the largest uint64.
	Stats Stats
	// Memo describes the cache; Memo.Used is false when the count was not memoised.
	Memo MemoStats
}

// Count counts the solutions of p, solution by solution or by memoisation as opt.Memo
// says. The error is ctx's if the count was cancelled, ErrNodeLimit if it stopped at
// MaxNodes; the result then holds what was counted so far (see CountResult).
func Count(ctx context.Context, p *Problem, opt CountOptions) (CountResult, error) {
	s, err := NewSolver(p, opt.config())
	if err != nil {
		return CountResult{}, err
	}
	n, err := s.countExact(ctx, 0, 0)
	return CountResult{Solutions: n, Stats: s.stats, Memo: s.memo}, err
}

// CountShare counts share k (1..n) of n disjoint shares of p's solutions by memoisation
// (opt.Memo must be MemoOn): the top of the memoised search tree is expanded into
// sub-problems the same way on every machine, and share k takes every n-th of them. The
// shares' counts add up to Count's; Memo.Parts and Memo.Split describe the split, the same
// for every share of one count.
func CountShare(ctx context.Context, p *Problem, k, n int, opt CountOptions) (CountResult, error) {
	s, err := NewSolver(p, opt.config())
	if err != nil {
		return CountResult{}, err
	}
	c, err := s.countExactShare(ctx, k, n)
	return CountResult{Solutions: c, Stats: s.stats, Memo: s.memo}, err
}

// MinCostOptions controls [MinCost].
type MinCostOptions struct {
	// Initial lists options (0-based) that every solution must contain.
	Initial []int
	// Best is how many of the cheapest solutions to find; 0 means 1.
	Best int
	// Improved, if not nil, is called with each solution that enters the Best cheapest as
	// it is found, so that a long search gives useful answers early.
	Improved func(CostSolution)
	// MaxNodes stops the search once it has entered about this many nodes; the error is
	// then ErrNodeLimit, with the best found so far. 0 means no limit.
	MaxNodes uint64
	// Progress, if not nil, is called about every ProgressInterval (default one second)
	// with the nodes searched and the solutions kept, and once at the end.
	Progress         func(Progress)
	ProgressInterval time.Duration
}

// A MinCostResult is the result of [MinCost].
type MinCostResult struct {
	// Solutions are the cheapest solutions found, cheapest first: all the Best cheapest
	// when the search ended, the best so far when it was stopped.
	Solutions []CostSolution
	Stats     Stats
	// Best is the number of cheapest solutions asked for (MinCostOptions.Best, at least 1).
	Best int
}

// MinCost finds the opt.Best cheapest solutions of p by branch and bound. The error is
// ctx's if it was cancelled, ErrNodeLimit if it stopped at MaxNodes; the result then holds
// the best found so far.
func MinCost(ctx context.Context, p *Problem, opt MinCostOptions) (MinCostResult, error) {
	s, err := NewSolver(p, Config{Initial: opt.Initial, MaxNodes: opt.MaxNodes,
		Progress: opt.Progress, ProgressInterval: opt.ProgressInterval})
	if err != nil {
		return MinCostResult{}, err
	}
	best := max(1, opt.Best)
	sols, err := s.minCost(ctx, best, opt.Improved)
	return MinCostResult{Solutions: sols, Stats: s.Stats(), Best: best}, err
}

// SampleOptions controls [Sample].
type SampleOptions struct {
	// Initial lists options (0-based) that every solution must contain.
	Initial []int
	// Seed seeds the draws: the same Seed gives the same solutions.
	Seed uint64
	// MemoBytes bounds the cache of the count that weighs the draws (0: DefaultMemoBytes);
	// Order chooses the item it branches on.
	MemoBytes int64
	Order     Order
}

// A SampleResult is the result of [Sample]'s draws.
type SampleResult struct {
	// Total is the number of solutions drawn from; nil if the count did not finish.
	Total *big.Int
	// Drawn is the number of solutions drawn: those the iteration yielded.
	Drawn int
}

// Sample draws k solutions of p independently and uniformly at random: every solution has
// the same chance, however many there are. It counts the solutions by memoisation first,
// then walks down the search tree k times, taking each branch with probability
// proportional to the solutions below it; multiplicities are allowed. It returns an
// iterator over them and a function that, once the iteration has ended, returns the
// number of solutions drawn from and drawn, and the error that ended the draws early, if
// any (ctx's when cancelled).
func Sample(ctx context.Context, p *Problem, k int, opt SampleOptions) (iter.Seq[[]int], func() (SampleResult, error)) {
	s, err := NewSolver(p, Config{Initial: opt.Initial, Seed: opt.Seed, memoBytes: opt.MemoBytes, order: opt.Order})
	if err == nil && k < 0 {
		err = fmt.Errorf("xcover: Sample of %d solutions: want at least 0", k)
	}
	if err != nil {
		return func(func([]int) bool) {}, func() (SampleResult, error) { return SampleResult{}, err }
	}
	drawn := 0
	sols := func(yield func([]int) bool) {
		drawn = 0
		for sol := range s.sampleUniform(ctx, k) {
			drawn++
			if !yield(sol) {
				return
			}
		}
	}
	return sols, func() (SampleResult, error) { return SampleResult{Total: s.total, Drawn: drawn}, s.err }
}

// EstimateOptions controls [EstimateSize] and [ForecastCount].
type EstimateOptions struct {
	// Initial lists options (0-based) that every solution must contain.
	Initial []int
	// Probes is the number of random probes; 0 means 1000.
	Probes int
	// Seed seeds the probes: the same Seed gives the same estimate.
	Seed uint64
	// Sample is how long the sample run of ForecastCount measures the search's speed,
	// not counting the search's setup (the run stops at 20 times Sample in all); 0
	// means one second.
	Sample time.Duration
}

// probes returns Probes, 1000 if unset.
func (o EstimateOptions) probes() int {
	if o.Probes <= 0 {
		return 1000
	}
	return o.Probes
}

// EstimateSize estimates the size of p's search tree and its number of solutions by
// Knuth's random probes (see [Estimate]). If ctx is cancelled it returns the estimate from
// the probes made so far (Probes says how many) with ctx's error.
func EstimateSize(ctx context.Context, p *Problem, opt EstimateOptions) (Estimate, error) {
	s, err := NewSolver(p, Config{Initial: opt.Initial, Seed: opt.Seed})
	if err != nil {
		return Estimate{}, err
	}
	return s.estimate(ctx, opt.probes())
}

// ForecastCount says how big p's search is and how long a count would take, before
// running it (see [Forecast]). If ctx is cancelled it returns ctx's error, with the
// estimate of the probes made by then.
func ForecastCount(ctx context.Context, p *Problem, opt EstimateOptions) (Forecast, error) {
	s, err := NewSolver(p, Config{Initial: opt.Initial, Seed: opt.Seed})
	if err != nil {
		return Forecast{}, err
	}
	sample := opt.Sample
	if sample <= 0 {
		sample = time.Second
	}
	return s.forecast(ctx, opt.probes(), sample)
}
