package xcover

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"time"

	"github.com/xcover/xcover/internal/engine"
)

// A Part is a subtree of a problem's search tree, named by the branch taken at each level
// on the way down from the root. The parts from one call of [Solver.Parts] are disjoint and
// together hold every solution, so counting them separately — on other machines, at other
// times — and adding the counts gives the problem's count.
type Part struct {
	Path []int
	// Weight is the part's share of the tree were the tree uniform (Knuth's measure);
	// the weights of all parts add up to at most 1.
	Weight float64
}

// Parts cuts the search tree into at least n parts where the tree allows it: every node at
// the shallowest branching depth at which there are n, plus the solutions met above it.
// The cut depends only on the problem, the Initial options and n — not on the machine, the
// number of workers or the Random setting — so every machine of a cluster computes the
// same parts. above is the number of search tree nodes above the parts: added to the
// parts' own node counts it gives the whole tree's.
func (s *Solver) Parts(n int) (parts []Part, above uint64) {
	eparts, above := engine.Cut(s.spec, s.init, n, nil)
	parts = make([]Part, len(eparts))
	for i, ep := range eparts {
		path := make([]int, len(ep.Path))
		for l, b := range ep.Path {
			path[l] = int(b)
		}
		parts[i] = Part{Path: path, Weight: ep.Weight}
	}
	return parts, above
}

// CountParts counts the solutions in the given parts with Config.Workers workers (Random
// and Limit are ignored). done, if not nil, is called as each part is finished, with its
// position in parts and the part's own statistics (Elapsed unset); calls never overlap. The result is the total over the
// parts finished; if ctx is cancelled, the count so far and ctx's error.
func (s *Solver) CountParts(ctx context.Context, parts []Part, done func(i int, st Stats)) (uint64, error) {
	pr := &partRun{parts: make([]engine.Part, len(parts))}
	for i, p := range parts {
		path := make([]int32, len(p.Path))
		for l, b := range p.Path {
			path[l] = int32(b)
		}
		pr.parts[i] = engine.Part{Path: path, Weight: p.Weight}
	}
	if done != nil {
		pr.done = func(i int, st engine.Stats) {
			done(i, Stats{Solutions: st.Solutions, Nodes: st.Nodes, Updates: st.Updates})
		}
	}
	cfg := s.cfg
	cfg.Random, cfg.Limit = false, 0
	s.run(ctx, cfg, max(1, cfg.Workers), pr, nil)
	return s.stats.Solutions, s.err
}

// An Estimate is Knuth's estimate of the size of a search from random probes: each probe
// walks from the root to a leaf taking branches at random; the products of the numbers of
// branches along the way are unbiased estimates of the number of nodes and solutions.
type Estimate struct {
	Probes       int
	Nodes        float64 // mean estimate of the number of search tree nodes
	NodesErr     float64 // standard error of that mean
	Solutions    float64 // mean estimate of the number of solutions
	SolutionsErr float64
	// Elapsed is the time the probes took.
	Elapsed time.Duration
}

// Estimate runs the given number of random probes of the search tree, with the Config's
// Seed and Initial options. If ctx is cancelled it stops, and returns the estimate from the
// probes made so far (Probes says how many) with ctx's error.
func (s *Solver) Estimate(ctx context.Context, probes int) (Estimate, error) {
	start := time.Now()
	e := engine.EstimateTree(s.spec, s.init, probes, s.cfg.Seed, func() bool { return ctx.Err() != nil })
	return Estimate{
		Probes: e.Probes, Nodes: e.Nodes, NodesErr: e.NodesErr,
		Solutions: e.Solutions, SolutionsErr: e.SolutionsErr,
		Elapsed: time.Since(start),
	}, ctx.Err()
}

// Hash returns a digest of the problem — its items with their kinds and bounds, and its
// options with their colours, in order — as 64 hexadecimal digits. Two problems with the
// same hash have the same search tree, so shard results and checkpoints carry it.
func (p *Problem) Hash() string {
	h := sha256.New()
	var buf [8]byte
	num := func(x int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(x))
		h.Write(buf[:])
	}
	str := func(s string) {
		num(len(s))
		h.Write([]byte(s))
	}
	num(len(p.items))
	for _, it := range p.items {
		str(it.Name)
		if it.Secondary {
			num(-1)
		} else {
			num(it.Min)
			num(it.Max)
		}
	}
	num(p.NumOptions())
	for k := range p.NumOptions() {
		num(int(p.start[k+1] - p.start[k]))
		for e := p.start[k]; e < p.start[k+1]; e++ {
			num(int(p.entItem[e]))
			str(p.colors[p.entColor[e]])
		}
	}
	if p.costs != nil { // problems without costs keep the hashes they always had
		str("costs")
		for _, c := range p.costs {
			num(int(c))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// A Forecast says how big a search is and how long a count would take, before running it:
// Knuth's estimate from random probes, and the speed of the real search measured by a short
// sample run. If the sample run finished the search, the counts are exact instead.
type Forecast struct {
	Estimate               // from the probes; Probes is 0 when Exact
	NodesPerSecond float64 // the speed of one worker in the sample run
	// Seconds is the time of the whole count on one worker, and SecondsErr its standard
	// error: the estimated nodes at the measured speed (or, when Exact, the sample run's
	// own time).
	Seconds, SecondsErr float64
	// Exact says the sample run finished the search: ExactNodes and ExactSolutions are
	// the true counts.
	Exact          bool
	ExactNodes     uint64
	ExactSolutions uint64
}

// Forecast runs the search on one worker for at most sample to measure its speed — which
// may finish it — and, if it does not, probes random paths (with the Config's Seed) to
// estimate its size. If ctx is cancelled it returns ctx's error, with the estimate of the
// probes made by then (Probes says how many; none if the sample run was cut short).
func (s *Solver) Forecast(ctx context.Context, probes int, sample time.Duration) (Forecast, error) {
	var f Forecast
	sctx, cancel := context.WithTimeout(ctx, sample)
	defer cancel()
	run, err := NewSolver(s.p, Config{Initial: s.cfg.Initial})
	if err != nil {
		return f, err
	}
	n, serr := run.Count(sctx)
	if err := ctx.Err(); err != nil {
		return f, err
	}
	st := run.Stats()
	if el := st.Elapsed.Seconds(); el > 0 {
		f.NodesPerSecond = float64(st.Nodes) / el
	}
	if serr == nil { // the sample run finished the search
		f.Exact, f.ExactNodes, f.ExactSolutions = true, st.Nodes, n
		f.Nodes, f.Solutions = float64(st.Nodes), float64(n)
		f.Seconds = st.Elapsed.Seconds()
		return f, nil
	}
	e, err := s.Estimate(ctx, probes)
	f.Estimate = e
	if f.NodesPerSecond > 0 {
		f.Seconds = f.Nodes / f.NodesPerSecond
		f.SecondsErr = f.NodesErr / f.NodesPerSecond
	}
	return f, err
}
