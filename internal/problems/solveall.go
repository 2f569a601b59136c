package problems

import (
	"context"

	"github.com/xcover/xcover"
)

// SolveAll returns at most limit solutions of p (0: all), found by the engine, with the
// error that stopped it: what an external solver gives, for tests of the paths that take
// one (interop.Via behind --via).
func SolveAll(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
	s, err := xcover.NewSolver(p, xcover.Config{Limit: uint64(limit)})
	if err != nil {
		return nil, err
	}
	var sols [][]int
	for sol := range s.Solutions(ctx) {
		sols = append(sols, sol)
	}
	return sols, s.Err()
}
