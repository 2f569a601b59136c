package xcover

import (
	"context"
	"fmt"
	"time"

	"github.com/xcover/xcover/internal/engine"
)

// A CostSolution is a solution, as ascending option indices, and its cost: the sum of its
// options' costs (Builder.SetCost, or |n entries in a DLX file).
//
// The engine's CostSolution has the same fields, so that it converts to this one as a
// whole; a field added to one and not the other breaks the build at that conversion.
type CostSolution struct {
	Options []int
	Cost    int64
}

// minCost finds the k cheapest solutions (k >= 1), cheapest first, by branch and bound:
// the options of the item branched on are tried cheapest first, and a node is abandoned
// when its cost so far plus a lower bound on the cost still to pay (each uncovered primary
// item's least share of an option's cost, times the options it still needs) cannot beat
// the k-th best found. Multiplicities are allowed. improved, if not
// nil, is called with each solution that enters the k best as it is found, so that a long
// search gives useful answers early. Config.Initial is honoured; colours too. If ctx is
// cancelled it returns the best found so far and ctx's error.
func (s *Solver) minCost(ctx context.Context, k int, improved func(CostSolution)) ([]CostSolution, error) {
	if k < 1 {
		return nil, fmt.Errorf("xcover: MinCost of %d solutions: want at least 1", k)
	}
	start := time.Now()
	interval := s.cfg.ProgressInterval
	if interval <= 0 {
		interval = time.Second
	}
	next := start.Add(interval)
	kept := uint64(0) // solutions that entered the k best
	s.err = nil
	p := &engine.CostParams{K: k, Initial: s.init,
		Poll: func(nodes uint64) bool {
			switch {
			case ctx.Err() != nil:
				s.err = ctx.Err()
				return false
			case s.cfg.MaxNodes > 0 && nodes >= s.cfg.MaxNodes:
				s.err = ErrNodeLimit
				return false
			}
			if s.cfg.Progress != nil {
				if now := time.Now(); now.After(next) {
					next = now.Add(interval)
					s.cfg.Progress(Progress{Stats: Stats{Solutions: kept, Nodes: nodes, Elapsed: time.Since(start)}})
				}
			}
			return true
		}}
	p.Improved = func(cs engine.CostSolution) {
		kept++
		if improved != nil {
			improved(CostSolution(cs))
		}
	}
	best, nodes, err := engine.MinCost(s.spec, s.p.costs, p)
	out := make([]CostSolution, len(best))
	for i, b := range best {
		out[i] = CostSolution(b)
	}
	s.stats = Stats{Solutions: uint64(len(out)), Nodes: nodes, Elapsed: time.Since(start)}
	if s.cfg.Progress != nil {
		s.cfg.Progress(Progress{Stats: s.stats, Fraction: 1, Done: err == nil})
	}
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		return out, s.err
	}
	return out, nil
}
