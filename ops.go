package xcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"time"
)

// This file holds the operations on a problem other than enumeration: each takes the
// options it honours — and only those — and returns its result, statistics included.
// Nothing is kept between calls; every call may run beside any other. Enumeration is a
// Solver's (Solutions, then Err and Stats, as bufio.Scanner).

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

// Count counts the solutions of p, solution by solution or by memoisation as cfg.Memo
// says. It honours cfg's Initial, Workers, Limit, MaxNodes, Memo, MemoBytes, Order and
// Progress; the order of a search does not change a count, so Random and Seed are
// ignored. A count with a Limit is counted solution by solution (MemoAuto gives way to
// it); MemoOn refuses one, as a memoised count counts every solution. The error is ctx's
// if the count was cancelled, ErrNodeLimit if it stopped at MaxNodes; the result then
// holds what was counted so far (see CountResult).
func Count(ctx context.Context, p *Problem, cfg Config) (CountResult, error) {
	if cfg.Memo == MemoOn && cfg.Limit > 0 {
		return CountResult{}, errMemoLimit
	}
	s, err := NewSolver(p, cfg.forCount())
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
// for every share of one count. It honours the fields of cfg that Count does, and refuses
// a Limit as Count does.
func CountShare(ctx context.Context, p *Problem, k, n int, cfg Config) (CountResult, error) {
	if cfg.Limit > 0 {
		return CountResult{}, errMemoLimit
	}
	s, err := NewSolver(p, cfg.forCount())
	if err != nil {
		return CountResult{}, err
	}
	c, err := s.countExactShare(ctx, k, n)
	return CountResult{Solutions: c, Stats: s.stats, Memo: s.memo}, err
}

// errMemoLimit is the refusal of a memoised count with a limit.
var errMemoLimit = errors.New("xcover: a memoised count counts every solution: it takes no limit")

// forCount returns the configuration of a count: cfg without the fields a count ignores.
func (cfg Config) forCount() Config {
	return Config{Initial: cfg.Initial, Workers: cfg.Workers, Limit: cfg.Limit, MaxNodes: cfg.MaxNodes,
		Memo: cfg.Memo, MemoBytes: cfg.MemoBytes, Order: cfg.Order,
		Progress: cfg.Progress, ProgressInterval: cfg.ProgressInterval,
		autoNodes: cfg.autoNodes, autoShare: cfg.autoShare}
}

// A MinCostResult is the result of [MinCost].
type MinCostResult struct {
	// Solutions are the cheapest solutions found, cheapest first: all the Best cheapest
	// when the search ended, the best so far when it was stopped.
	Solutions []CostSolution
	Stats     Stats
	// Best is the number of cheapest solutions asked for (Config.Best, at least 1).
	Best int
}

// MinCost finds the cfg.Best cheapest solutions of p by branch and bound, honouring cfg's
// Initial, MaxNodes, Progress and Improved. The error is ctx's if it was cancelled,
// ErrNodeLimit if it stopped at MaxNodes; the result then holds the best found so far.
func MinCost(ctx context.Context, p *Problem, cfg Config) (MinCostResult, error) {
	s, err := NewSolver(p, Config{Initial: cfg.Initial, MaxNodes: cfg.MaxNodes,
		Progress: cfg.Progress, ProgressInterval: cfg.ProgressInterval})
	if err != nil {
		return MinCostResult{}, err
	}
	best := max(1, cfg.Best)
	sols, err := s.minCost(ctx, best, cfg.Improved)
	return MinCostResult{Solutions: sols, Stats: s.Stats(), Best: best}, err
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
// any (ctx's when cancelled). It honours cfg's Initial, Seed (the same Seed gives the same
// solutions), MemoBytes and Order.
func Sample(ctx context.Context, p *Problem, k int, cfg Config) (iter.Seq[[]int], func() (SampleResult, error)) {
	s, err := NewSolver(p, Config{Initial: cfg.Initial, Seed: cfg.Seed, MemoBytes: cfg.MemoBytes, Order: cfg.Order})
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

// probes returns Probes, 1000 if unset.
func (cfg Config) probes() int {
	if cfg.Probes <= 0 {
		return 1000
	}
	return cfg.Probes
}

// ForecastCount says how big p's search is and how long a count would take, before
// running it (see [Forecast]). If ctx is cancelled it returns ctx's error, with the
// estimate of the probes made by then. It honours cfg's Initial, Probes, Seed and
// SampleRun.
func ForecastCount(ctx context.Context, p *Problem, cfg Config) (Forecast, error) {
	s, err := NewSolver(p, Config{Initial: cfg.Initial, Seed: cfg.Seed})
	if err != nil {
		return Forecast{}, err
	}
	sample := cfg.SampleRun
	if sample <= 0 {
		sample = time.Second
	}
	return s.forecast(ctx, cfg.probes(), sample)
}
