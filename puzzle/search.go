package puzzle

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// Count counts the puzzle's solutions under cfg (its Limit, Workers, Memo, MemoBytes,
// Order and Progress) and, with distinct, the classes of solutions too (the puzzle must be
// Symmetric). It chooses the engine, the one count of every front end: the puzzle's own
// counter where it is a [Counter] and the count is not memoised, else the exact cover
// engine's. The result is plain data, as xcover.Count returns it: the solutions, and the
// work and the cache where the exact cover engine counted (a puzzle's own counter gives
// the solutions alone). An Impossible puzzle counts 0 without searching. When ctx is
// cancelled it returns the counts so far with ctx's error; res.Solutions is nil only when
// a memoised count was stopped (it has no partial result) or the count was refused.
func Count(ctx context.Context, pz Puzzle, cfg xcover.Config, distinct bool) (res xcover.CountResult, classes uint64, err error) {
	if pz.About().Impossible {
		return counted(0), 0, nil
	}
	if distinct {
		sym, ok := pz.(Symmetric)
		if !ok {
			return res, 0, fmt.Errorf("puzzle: %s: no count of essentially different solutions", pz.About().Title)
		}
		classes, n, err := sym.CountDistinct(ctx, cfg)
		if errors.Is(err, errors.ErrUnsupported) {
			return res, 0, fmt.Errorf("puzzle: %s: no count of essentially different solutions", pz.About().Title)
		}
		return counted(n), classes, err
	}
	if c, ok := pz.(Counter); ok && cfg.Memo == xcover.MemoOff {
		n, err := c.Count(ctx, cfg.Limit, cfg.Workers)
		if !errors.Is(err, errors.ErrUnsupported) {
			return counted(n), 0, err
		}
	}
	res, err = xcover.Count(ctx, pz.Problem(), cfg)
	return res, 0, err
}

// counted returns the result of a count of n solutions by a puzzle's own counter, which
// reports no work.
func counted(n uint64) xcover.CountResult {
	return xcover.CountResult{Solutions: new(big.Int).SetUint64(n), Stats: xcover.Stats{Solutions: n}}
}

// Each calls visit with the solutions found under cfg (its limit, order and workers) or,
// with distinct, one solution of each class (the puzzle must be Symmetric) and the size of
// its class (0 without distinct), until visit returns false. It chooses the engine, the one
// listing of every front end: the puzzle's own solver where it is a [Lister] that serves
// the listing, else the exact cover engine. Every solution is checked by the puzzle's own
// Check before visit sees it; one that fails ends the search with an internal error. An
// Impossible puzzle has none, without a search. When ctx is cancelled, Each returns ctx's
// error.
func Each(ctx context.Context, pz Puzzle, cfg xcover.Config, distinct bool, visit func(sol []int, class int) bool) error {
	var cerr error // the checker's verdict on the last solution
	check := func(sol []int) bool {
		if err := pz.Check(sol); err != nil {
			cerr = fmt.Errorf("puzzle: internal error: invalid solution of %s: %w", pz.About().Title, err)
		}
		return cerr == nil
	}
	sym, symmetric := pz.(Symmetric)
	lister, lists := pz.(Lister)
	switch {
	case pz.About().Impossible:
		return nil
	case distinct && !symmetric:
		return fmt.Errorf("puzzle: %s: no search for essentially different solutions", pz.About().Title)
	case distinct:
		err := sym.Distinct(ctx, cfg, func(sol []int, class int) bool { return check(sol) && visit(sol, class) })
		if cerr != nil {
			return cerr
		}
		return err
	case lists:
		err := lister.List(ctx, cfg, func(sol []int) bool { return check(sol) && visit(sol, 0) })
		if cerr != nil {
			return cerr
		}
		if !errors.Is(err, errors.ErrUnsupported) {
			return err
		}
	}
	s, err := xcover.NewSolver(pz.Problem(), cfg)
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

// Make makes a puzzle of pz: its first solution under cfg (its order: Random and Seed;
// found as Each finds it, so checked by the puzzle's own rules) and a minimal defining
// set of that solution, the options to pre-place so that it alone remains, from
// xcover.Define with cfg.Seed ordering the removals. Both are nil, without an error,
// when the puzzle has no solution (an Impossible one is not searched). When ctx is
// cancelled Make returns ctx's error.
func Make(ctx context.Context, pz Puzzle, cfg xcover.Config) (givens, sol []int, err error) {
	cfg.Limit, cfg.Workers = 1, 0
	err = Each(ctx, pz, cfg, false, func(s []int, _ int) bool { sol = s; return false })
	if err != nil || sol == nil {
		return nil, nil, err
	}
	res, err := xcover.Define(ctx, pz.Problem(), sol, xcover.DefineOptions{Seed: cfg.Seed})
	if err != nil {
		return nil, nil, err
	}
	return res.Options, sol, nil
}

// Via returns pz listed by solveAll, an external solver say, in place of its own search:
// a [Lister], so that Each lists it, checking every solution by the puzzle's rules.
// solveAll returns at most limit solutions (0: all) of pz.Problem(), each the indices of
// its options, and the error that stopped it, if any, with the solutions found before;
// the listing checks each with the independent verifier first, and returns the error
// after visiting them. Only the listing is the solver's: Count and a distinct or random
// Each search with the engines.
func Via(pz Puzzle, solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)) Puzzle {
	return viaPuzzle{pz, solveAll}
}

// A viaPuzzle is Via's puzzle.
type viaPuzzle struct {
	Puzzle
	solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)
}

// List lists the solutions solveAll finds, each checked by the verifier; a random listing
// it leaves to the engine.
func (v viaPuzzle) List(ctx context.Context, cfg xcover.Config, visit func(sol []int) bool) error {
	if cfg.Random {
		return errors.ErrUnsupported
	}
	sols, err := v.solveAll(ctx, v.Problem(), int(cfg.Limit))
	chk := verify.NewChecker(v.Problem())
	for _, sol := range sols {
		if vs := chk.Check(sol); len(vs) > 0 {
			return fmt.Errorf("puzzle: internal error: not a solution of %s: %v", v.About().Title, vs[0])
		}
		if !visit(sol) {
			break
		}
	}
	return err
}
