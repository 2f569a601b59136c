package xcover

import (
	"context"

	"github.com/xcover/xcover/internal/engine"
)

// A Part is a subtree of a problem's search tree, named by the branch taken at each level
// on the way down from the root. The parts from one call of [Solver.Parts] are disjoint and
// together hold every solution, so counting them separately — on other machines, at other
// times — and adding the counts gives the problem's count.
//
// The engine's parts are the same but for their paths, []int32 there (a cut for a
// cluster holds up to 64 parts per shard); Parts and CountParts widen and narrow them.
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
		parts[i] = Part{Path: make([]int, len(ep.Path)), Weight: ep.Weight}
		for l, b := range ep.Path {
			parts[i].Path[l] = int(b)
		}
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
		pr.parts[i] = engine.Part{Path: make([]int32, len(p.Path)), Weight: p.Weight}
		for l, b := range p.Path {
			pr.parts[i].Path[l] = int32(b)
		}
	}
	if done != nil {
		pr.done = func(i int, st engine.Stats) { done(i, Stats(st)) }
	}
	cfg := s.cfg
	cfg.Random, cfg.Limit = false, 0
	s.run(ctx, cfg, max(1, cfg.Workers), pr, nil)
	return s.stats.Solutions, s.err
}
