package xcover

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"math/big"
	"slices"
	"time"

	"github.com/xcover/xcover/internal/engine"
)

// Config controls a search: an enumeration by a [Solver], and each operation ([Count],
// [CountShare], [MinCost], [Sample], [ForecastCount]), which honours the
// fields its documentation names and ignores the others. The zero Config finds every
// solution, one worker, in the engine's fixed order.
type Config struct {
	// Limit stops the search after this many solutions; 0 means no limit. A count with a
	// Limit is never memoised.
	Limit uint64
	// MaxNodes stops the search once it has entered about this many search tree nodes
	// (checked every 4096 nodes, at the same nodes on every run; memoised, this many
	// sub-problems); the error is then ErrNodeLimit. 0 means no limit. With a budget a
	// search can be restarted in another order (Random with another Seed) instead of
	// sinking into one hopeless subtree.
	MaxNodes uint64
	// Random makes every branching choice at random: which item to branch on among those
	// tied for fewest choices, and the order of its options. The same Seed gives the same
	// order of solutions. Seed also seeds Sample's draws and the estimates' probes.
	Random bool
	Seed   uint64
	// Initial lists options (0-based indices) that every solution must contain. Options that
	// contradict each other give no solutions.
	Initial []int
	// Progress, if not nil, is called about every ProgressInterval (default one second)
	// while the search runs, and once at its end (with Done set, and Fraction 1 if the
	// whole tree was searched). With several workers it is called from theirs, one call at
	// a time.
	Progress         func(Progress)
	ProgressInterval time.Duration
	// Workers is the number of goroutines to search with; 0 or 1 means one. With more, the
	// search tree is cut into many more parts than workers, handed out as workers become
	// free: counts and solution sets are those of one worker, but Solutions may come in
	// another order. A Random search always uses one worker, so that a seed gives one order.
	// A memoised count's workers share one cache.
	Workers int

	// Memo chooses whether a count is memoised (see MemoMode); MemoBytes bounds the cache
	// of a memoised count or of Sample's (0: 2 GiB), and Order chooses the item they
	// branch on.
	Memo      MemoMode
	MemoBytes int64
	Order     Order

	// Best is how many of the cheapest solutions MinCost finds; 0 means 1. Improved, if
	// not nil, is called with each solution that enters the Best cheapest as it is found,
	// so that a long search gives useful answers early.
	Best     int
	Improved func(CostSolution)

	// Probes is the number of random probes of ForecastCount; 0 means
	// 1000. SampleRun is how long ForecastCount's sample run measures the search's speed,
	// not counting the search's setup (the run stops at 20 times SampleRun in all); 0
	// means one second.
	Probes    int
	SampleRun time.Duration

	// autoNodes and autoShare replace memoAutoNodes and memoAutoShare where not 0 (tests).
	autoNodes, autoShare float64
}

// Stats describes the work a search has done.
//
// The engine counts its work in a struct of the same fields, which converts to Stats as a
// whole; a field added to one and not the other breaks the build at that conversion.
type Stats struct {
	Solutions uint64        // solutions found; a memoised count past its range is math.MaxUint64 (Count has it exactly)
	Nodes     uint64        // search tree nodes entered
	Updates   uint64        // link updates (removals of a node from a list)
	Elapsed   time.Duration // wall time
}

// Progress is what a progress callback sees.
type Progress struct {
	Stats
	// Fraction is Knuth's estimate of the fraction of the search tree done so far, from the
	// position of the current node among its siblings at every level: 0 at the start, 1 at
	// the end.
	Fraction float64
	Done     bool // the search has ended
}

// A Solver searches one problem with one configuration. Use it for one search: a call to
// Solutions or Count; afterwards Stats and Err describe that search.
type Solver struct {
	p     *Problem
	cfg   Config
	spec  *engine.Spec
	init  []int32
	stats Stats
	memo  MemoStats
	total *big.Int // the solutions Sample drew from
	err   error
	// keep holds the kernel of MemoAuto's first probes for the plain count after them,
	// which would lay the problem out again (see engine.Keep); empty between searches.
	keep engine.Keep
}

// NewSolver prepares a search of p. It fails only for an Initial option out of range.
func NewSolver(p *Problem, cfg Config) (*Solver, error) {
	s := &Solver{p: p, cfg: cfg}
	for _, k := range cfg.Initial {
		if k < 0 || k >= p.NumOptions() {
			return nil, fmt.Errorf("xcover: initial option %d out of range [0, %d)", k, p.NumOptions())
		}
		if !slices.Contains(s.init, int32(k)) {
			s.init = append(s.init, int32(k))
		}
	}
	s.spec = p.engineSpec()
	return s, nil
}

// engineSpec lays the problem out for the engine: primary items first, in their order, then
// the secondary items.
func (p *Problem) engineSpec() *engine.Spec {
	n := p.NumItems()
	sp := &engine.Spec{NumPrimary: p.nprimary, NumItems: n, Start: p.start}
	sp.Lo = make([]int32, p.nprimary)
	if p.min == nil {
		// Every primary item exactly once: one array of ones for both bounds, which the
		// engine only reads (4 MB less on 10^6 items).
		for i := range sp.Lo {
			sp.Lo[i] = 1
		}
		sp.Hi = sp.Lo
	} else {
		sp.Hi = make([]int32, p.nprimary)
	}
	if p.HasColors() {
		sp.Color = p.entColor
	}
	sp.Item = p.entItem // shared when the primary items come first, as in a DLX file
	if !slices.Contains(p.secondary[:p.nprimary], true) {
		// No item to move: no array of positions (4 MB of garbage on 10^6 items).
		if p.min != nil {
			for i := range p.nprimary {
				sp.Lo[i], sp.Hi[i] = p.bounds(i)
			}
		}
		return sp
	}
	pos := make([]int32, n)
	var np, ns int32 = 0, int32(p.nprimary)
	for i, sec := range p.secondary {
		if sec {
			pos[i] = ns
			ns++
		} else {
			pos[i] = np
			if p.min != nil {
				sp.Lo[np], sp.Hi[np] = p.bounds(i)
			}
			np++
		}
	}
	sp.Item = make([]int32, len(p.entItem))
	for e, i := range p.entItem {
		sp.Item[e] = pos[i]
	}
	return sp
}

// Solutions returns an iterator over the solutions, each the chosen option indices in
// ascending order, a fresh slice for each. The search stops when the loop body breaks, at the
// Limit, or when ctx is cancelled; [Solver.Err] then tells which.
//
// With a Limit the search uses one worker, whatever Config.Workers says, so that the
// solutions are always the first Limit ones in the engine's order: the same on every run.
func (s *Solver) Solutions(ctx context.Context) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		// No solution is yielded once ctx is done: a search polls ctx only every so many
		// nodes, and workers hand over solutions found before they saw it (two workers
		// cancelled at the 1,000th solution delivered 1,047).
		if s.workers() == 1 || s.cfg.Limit > 0 {
			s.run(ctx, s.cfg, 1, nil, func(sol []int32) bool { return ctx.Err() == nil && yield(engine.Ascending(sol)) })
			return
		}
		// The workers hand solutions to this goroutine, which alone calls yield.
		ch := make(chan []int, 64)
		wctx, cancel := context.WithCancel(ctx)
		defer cancel()
		go func() {
			defer close(ch)
			s.run(wctx, s.cfg, s.workers(), nil, func(sol []int32) bool {
				select {
				case ch <- engine.Ascending(sol):
					return true
				case <-wctx.Done():
					return false
				}
			})
		}()
		for sol := range ch {
			if ctx.Err() != nil || !yield(sol) {
				cancel()
				for range ch {
				}
				if ctx.Err() == nil {
					s.err = nil // stopped by the loop, not by the caller's context
				}
				return
			}
		}
	}
}

// partRun is a search of given parts of the tree (see CountParts), as opposed to the
// whole tree.
type partRun struct {
	parts []engine.Part
	done  func(int, engine.Stats)
}

// workers returns the number of workers the search will use.
func (s *Solver) workers() int {
	if s.cfg.Random || s.cfg.Workers <= 1 {
		return 1
	}
	return s.cfg.Workers
}

// partsPerWorker is how many parts per worker a parallel search cuts its tree into, so that
// the work stays balanced to the end.
const partsPerWorker = 64

// maxCutFactor is how many times more parts than asked a cut may give before a search
// gives up splitting and runs on one worker (see Solver.run).
const maxCutFactor = 16

// count returns the number of solutions (at most the Limit), without building them. The
// error is ctx's if the search was cancelled; the count is then the number found so far.
func (s *Solver) count(ctx context.Context) (uint64, error) {
	s.run(ctx, s.cfg, s.workers(), nil, nil)
	return s.stats.Solutions, s.err
}

// Stats returns the statistics of the search so far.
func (s *Solver) Stats() Stats { return s.stats }

// Err returns the context's error if the last search was cancelled, ErrNodeLimit if it
// stopped at Config.MaxNodes, and nil otherwise.
func (s *Solver) Err() error { return s.err }

// ErrNodeLimit is the error of a search stopped at Config.MaxNodes.
var ErrNodeLimit = errors.New("xcover: node limit reached")

// run searches with the given configuration and number of workers: the whole tree, or the
// parts of pr if it is not nil. It sets s.stats, and s.err to ctx's error if ctx ended the
// search.
func (s *Solver) run(ctx context.Context, cfg Config, workers int, pr *partRun, visit func([]int32) bool) {
	start := time.Now()
	s.err = nil
	interval := cfg.ProgressInterval
	if interval <= 0 {
		interval = time.Second
	}
	next := start.Add(interval)
	var est engine.Stats
	lastFrac := 0.0 // the latest estimate, reported at the end of a search stopped early
	report := func(frac float64, done bool) {
		if cfg.Progress != nil {
			cfg.Progress(Progress{Stats: statsOf(est, start), Fraction: frac, Done: done})
		}
	}
	params := &engine.Params{
		Limit:   cfg.Limit,
		Random:  cfg.Random,
		Seed:    cfg.Seed,
		Initial: s.init,
		Visit:   visit,
		Poll: func(st *engine.Stats, fraction float64) bool {
			lastFrac = fraction
			if err := ctx.Err(); err != nil {
				s.err = err
				return false
			}
			if cfg.MaxNodes > 0 && st.Nodes >= cfg.MaxNodes {
				s.err = ErrNodeLimit
				return false
			}
			if cfg.Progress != nil {
				if now := time.Now(); now.After(next) {
					next = now.Add(interval)
					est = *st
					report(fraction, false)
				}
			}
			return true
		},
	}
	finished := false
	switch {
	case ctx.Err() != nil:
		s.err = ctx.Err()
	case pr != nil:
		finished = engine.RunParts(s.spec, params, pr.parts, workers, &est, pr.done)
	case workers > 1:
		parts, above := engine.Cut(s.spec, s.init, partsPerWorker*workers, func() bool { return ctx.Err() != nil })
		if ctx.Err() != nil { // the cut was given up: its parts are not the whole tree
			s.err = ctx.Err()
			break
		}
		if len(parts) > maxCutFactor*partsPerWorker*workers {
			// The root alone branches far more than asked (one item of 40,000 colours):
			// each part would replay its branch, which may cost as much as the whole
			// search on one worker (cubic in all), so search on one.
			finished = engine.Run(s.spec, params, &est)
			break
		}
		est.Nodes = above // the nodes above the parts, so that the count is the whole tree's
		finished = engine.RunParts(s.spec, params, parts, workers, &est, nil)
	default:
		params.Keep = &s.keep
		finished = engine.Run(s.spec, params, &est)
	}
	s.keep.Clear()
	if !finished && s.err == nil && ctx.Err() != nil {
		// Stopped by a worker that saw the cancellation before any poll did.
		s.err = ctx.Err()
	}
	s.stats = statsOf(est, start)
	if finished {
		lastFrac = 1
	}
	report(lastFrac, true)
}

// statsOf returns the engine's count of a search's work, timed from start.
func statsOf(st engine.Stats, start time.Time) Stats {
	st.Elapsed = time.Since(start)
	return Stats(st)
}
