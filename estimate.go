package xcover

import (
	"context"
	"slices"
	"time"

	"github.com/xcover/xcover/internal/engine"
)

// estimate runs the given number of random probes of the search tree, with the Config's
// Seed and Initial options. If ctx is cancelled it stops, and returns the estimate from the
// probes made so far (Probes says how many) with ctx's error.
func (s *Solver) estimate(ctx context.Context, probes int) (engine.Estimate, error) {
	e := engine.EstimateTree(s.spec, s.init, probes, s.cfg.Seed, func() bool { return ctx.Err() != nil }, nil)
	return e, ctx.Err()
}

// A Forecast says how big a search is and how long a count would take, before running it:
// Knuth's estimate from random probes — each probe walks from the root to a leaf taking
// branches at random, and the products of the numbers of branches along the way are unbiased
// estimates of the numbers of nodes and solutions — and the speed of the real search
// measured by a short sample run. If the sample run finished the search, the counts are
// exact instead.
type Forecast struct {
	Probes       int     // the number of probes made; 0 when Exact
	Nodes        float64 // mean estimate of the number of search tree nodes
	NodesErr     float64 // standard error of that mean
	Solutions    float64 // mean estimate of the number of solutions
	SolutionsErr float64
	// Elapsed is the time the probes took.
	Elapsed time.Duration

	NodesPerSecond float64 // the speed of one worker in the sample run
	// Seconds is the time of the whole count on one worker, and SecondsErr its standard
	// error: the estimated nodes at the measured speed (or, when Exact, the sample run's
	// own time).
	Seconds    float64
	SecondsErr float64
	// Exact says the sample run finished the search: ExactNodes and ExactSolutions are
	// the true counts.
	Exact          bool
	ExactNodes     uint64
	ExactSolutions uint64
}

// forecast runs the search on one worker for sample past its setup to measure its speed
// (Solver.speedRun) — which may finish it — and, if it does not, probes random paths
// (with the Config's Seed) to estimate its size. If ctx is cancelled it returns ctx's
// error, with the estimate of the probes made by then (Probes says how many; none if the
// sample run was cut short).
func (s *Solver) forecast(ctx context.Context, probes int, sample time.Duration) (Forecast, error) {
	var f Forecast
	st, speed, finished := s.speedRun(ctx, sample, 0)
	if err := ctx.Err(); err != nil {
		return f, err
	}
	f.NodesPerSecond = speed
	if finished { // the sample run finished the search
		f.Exact, f.ExactNodes, f.ExactSolutions = true, st.Nodes, st.Solutions
		f.Nodes, f.Solutions = float64(st.Nodes), float64(st.Solutions)
		f.Seconds = st.Elapsed.Seconds()
		return f, nil
	}
	e, err := s.estimate(ctx, probes)
	f.Probes, f.Nodes, f.NodesErr, f.Solutions, f.SolutionsErr, f.Elapsed = e.Probes, e.Nodes, e.NodesErr, e.Solutions, e.SolutionsErr, e.Elapsed
	if f.NodesPerSecond > 0 {
		f.Seconds = f.Nodes / f.NodesPerSecond
		f.SecondsErr = f.NodesErr / f.NodesPerSecond
	}
	return f, err
}

// speedRun counts the solver's problem solution by solution on one worker, to measure its
// speed, for d from its first poll on (so that the search's setup, milliseconds on a big
// board, is not timed), at most 20d in all, and about maxNodes nodes (0: no bound). It
// returns the run's statistics (its count in Solutions), its speed in nodes a second, and
// whether it finished. The speed is the median of those between polls where it polled
// more than twice, so that neither the setup nor a moment the machine gave to something
// else (a run of 5 ms read Langford pairs 15 at half its speed once in five) counts
// against it. It leaves the solver's own statistics as they were.
func (s *Solver) speedRun(ctx context.Context, d time.Duration, maxNodes uint64) (st Stats, speed float64, finished bool) {
	rctx, cancel := context.WithTimeout(ctx, 20*d)
	defer cancel()
	var polls []Stats
	cfg := Config{Initial: s.cfg.Initial, MaxNodes: maxNodes, ProgressInterval: time.Nanosecond,
		Progress: func(p Progress) {
			polls = append(polls, p.Stats)
			if p.Elapsed-polls[0].Elapsed >= d {
				cancel()
			}
		}}
	run := &Solver{p: s.p, cfg: cfg, spec: s.spec, init: s.init}
	_, err := run.count(rctx)
	st = run.Stats()
	speed = medianSpeed(polls)
	if speed == 0 {
		speed = st.nodesPerSecond()
	}
	return st, speed, err == nil
}

// medianSpeed returns the median of a search's speeds between consecutive polls, in nodes
// a second, or 0 if it has fewer than two such.
func medianSpeed(polls []Stats) float64 {
	var speeds []float64
	for i := 1; i < len(polls); i++ {
		if dt := (polls[i].Elapsed - polls[i-1].Elapsed).Seconds(); dt > 0 && polls[i].Nodes > polls[i-1].Nodes {
			speeds = append(speeds, float64(polls[i].Nodes-polls[i-1].Nodes)/dt)
		}
	}
	if len(speeds) < 2 {
		return 0
	}
	slices.Sort(speeds)
	return speeds[len(speeds)/2]
}

// nodesPerSecond returns the search's speed, 0 if no time has passed.
func (st Stats) nodesPerSecond() float64 {
	if el := st.Elapsed.Seconds(); el > 0 {
		return float64(st.Nodes) / el
	}
	return 0
}
