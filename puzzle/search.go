package puzzle

import (
	"context"
	"fmt"
	"math/big"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// CountAll counts the puzzle's solutions under cfg (its Limit, Workers, Memo, MemoBytes and
// Progress) and, with distinct, the classes of solutions too (CountDistinct must be set: a
// tiling posed with Distinct). It chooses the engine, the one count of every front end: the
// puzzle's own counter where it has one (Count, a Sudoku's kernel) and the count is not
// memoised, else the exact cover engine's. An Impossible puzzle counts 0 without
// searching. When ctx is cancelled it returns the counts so far with ctx's error; all is
// nil only when a memoised count was stopped (it has no partial result).
func (pz *Puzzle) CountAll(ctx context.Context, cfg xcover.Config, distinct bool) (all *big.Int, classes uint64, err error) {
	switch {
	case pz.Impossible:
		return new(big.Int), 0, nil
	case distinct && pz.CountDistinct == nil:
		return nil, 0, fmt.Errorf("puzzle: %s: no count of essentially different solutions", pz.Title)
	case distinct:
		classes, n, err := pz.CountDistinct(ctx, cfg)
		return new(big.Int).SetUint64(n), classes, err
	case pz.Count != nil && cfg.Memo == xcover.MemoOff:
		n, err := pz.Count(ctx, cfg.Limit, cfg.Workers)
		return new(big.Int).SetUint64(n), 0, err
	}
	res, err := xcover.Count(ctx, pz.Problem, cfg)
	return res.Solutions, 0, err
}

// Each calls visit with the solutions found under cfg (its limit, order and workers) or,
// with distinct, one solution of each class (Distinct must be set) and the size of its
// class (0 without distinct), until visit returns false. It chooses the engine, the one
// listing of every front end: the puzzle's own solver where it has one (Solve) and the
// order is not random, else the exact cover engine. Every solution is checked by the
// puzzle's own checker (Check, if set) before visit sees it; one that fails ends the search
// with an internal error. An Impossible puzzle has none, without a search. When ctx is
// cancelled, Each returns ctx's error.
func (pz *Puzzle) Each(ctx context.Context, cfg xcover.Config, distinct bool, visit func(sol []int, class int) bool) error {
	var cerr error // the checker's verdict on the last solution
	check := func(sol []int) bool {
		if pz.Check != nil {
			if err := pz.Check(sol); err != nil {
				cerr = fmt.Errorf("puzzle: internal error: invalid solution of %s: %w", pz.Title, err)
			}
		}
		return cerr == nil
	}
	switch {
	case pz.Impossible:
		return nil
	case distinct && pz.Distinct == nil:
		return fmt.Errorf("puzzle: %s: no search for essentially different solutions", pz.Title)
	case distinct:
		err := pz.Distinct(ctx, cfg, func(sol []int, class int) bool { return check(sol) && visit(sol, class) })
		if cerr != nil {
			return cerr
		}
		return err
	case pz.Solve != nil && !cfg.Random:
		err := pz.Solve(ctx, cfg.Limit, func(sol []int) bool { return check(sol) && visit(sol, 0) })
		if cerr != nil {
			return cerr
		}
		return err
	}
	s, err := xcover.NewSolver(pz.Problem, cfg)
	if err != nil {
		return err
	}
	for sol := range s.Solutions(ctx) {
		if !check(sol) {
			return cerr
		}
		if !visit(sol, 0) {
			break
		}
	}
	return s.Err()
}

// EachFrom calls visit with the solutions that solveAll finds for the puzzle's problem, an
// external solver say, at most limit of them (0: all), until visit returns false. Every
// solution is checked first by the independent verifier and by the puzzle's own checker;
// one that fails ends the listing with an internal error. solveAll returns the solutions
// found before an error with the error, which EachFrom returns after visiting them.
func (pz *Puzzle) EachFrom(ctx context.Context, solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error), limit uint64, visit func(sol []int) bool) error {
	sols, err := solveAll(ctx, pz.Problem, int(limit))
	chk := verify.NewChecker(pz.Problem)
	for _, sol := range sols {
		if v := chk.Check(sol); len(v) > 0 {
			return fmt.Errorf("puzzle: internal error: not a solution of %s: %v", pz.Title, v[0])
		}
		if pz.Check != nil {
			if cerr := pz.Check(sol); cerr != nil {
				return fmt.Errorf("puzzle: internal error: invalid solution of %s: %w", pz.Title, cerr)
			}
		}
		if !visit(sol) {
			break
		}
	}
	return err
}
