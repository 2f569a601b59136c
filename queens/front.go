package queens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/shard"
	"github.com/xcover/xcover/verify"
)

// This file is the package's front door: every front end counts and lists solutions
// through Count and Solutions, which check the request, choose the fastest engine for it
// and check every solution before handing it on.

// Options say how to count or list solutions. The zero Options ask for one queen per
// line, the fastest engine, one goroutine and every solution in order.
type Options struct {
	// PerLine queens on every rank and file, at most PerLine on every diagonal; 0 means 1.
	PerLine int
	// Engine, if not zero, is the engine to use; the zero Engine chooses the fastest one
	// that can do the job (see [Choose]).
	Engine Engine
	// Workers is the number of goroutines of a count (0 or 1: one).
	Workers int

	// Distinct asks Count for the essentially different solutions too (one queen per line):
	// those distinct under the 8 symmetries of the square.
	Distinct bool
	// Progress, if not nil, is called while Count runs, about twice a second, and once at
	// its end (Done set): with the bitboard engine, Fraction is the share of its tasks
	// finished and Solutions their solutions (it counts no nodes: Nodes is 0); with the
	// general engine, its own progress. A count through Checkpoint reports none.
	Progress func(xcover.Progress)
	// Checkpoint, if not nil, makes Count run as the one shard of a [Job] through
	// [shard.Drive] with these options, so that Checkpoint.File keeps the finished tasks and
	// a later count resumes from it (the bitboard engine, one queen per line).
	Checkpoint *shard.DriveOptions
	// Shards, if not 0, makes Count count share Shard of Shards (1 <= Shard <= Shards) of
	// a [Job] through [shard.Drive], with Checkpoint's options if not nil, and return the
	// share's result in Counts.Share for [shard.Merge]. With Distinct the job's tasks count
	// their orbits, so that every share reports its essentially different solutions.
	Shard, Shards int

	// Limit stops a listing after this many solutions; 0 means all of them.
	Limit uint64
	// Random lists solutions in random order; the same Seed gives the same solutions.
	Random bool
	Seed   uint64
	// SolveAll, if not nil, finds a listing's solutions in place of the engines, on
	// Problem's encoding (the engine is then xc, in order): an external solver, say. It
	// returns at most limit solutions (0: all), each the indices of its options, and those
	// found before an error with the error. Each is checked as the engine's are.
	SolveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)
}

// A RequestError is a request that cannot be served: a board side, engine or number per
// line out of range, or a count out of reach. Front ends report it as wrong usage.
type RequestError struct{ Msg string }

// Error returns the message, which says what is wrong with the request.
func (e *RequestError) Error() string { return e.Msg }

func requestErrorf(format string, args ...any) error {
	return &RequestError{Msg: fmt.Sprintf(format, args...)}
}

// perLine returns PerLine, 1 if unset.
func (o Options) perLine() int { return max(1, o.PerLine) }

// check checks the parts of the options common to counts and listings.
func (o Options) check(n int) error {
	if o.Engine > EngineConstruct {
		return requestErrorf("unknown engine %d: want auto, xc, bitboard or construct", o.Engine)
	}
	if n < 1 || n > maxN {
		return requestErrorf("board side %d out of range: N must be between 1 and %d", n, maxN)
	}
	if k := o.perLine(); k > n || o.PerLine < 0 {
		return requestErrorf("%d queens per line out of range: K must be between 1 and N = %d", o.PerLine, n)
	}
	return nil
}

// Choose checks a request before it starts and returns the engine that serves it: the one
// Count uses for the n×n board with these options if count is set, else the one Solutions
// lists with. A request that cannot be served is a *RequestError, the error Count and
// Solutions give for it.
func Choose(n int, count bool, opt Options) (Engine, error) {
	if count {
		return chooseCount(n, opt)
	}
	return chooseList(n, opt)
}

// chooseCount is Choose for a count.
func chooseCount(n int, opt Options) (Engine, error) {
	if err := opt.check(n); err != nil {
		return 0, err
	}
	engine := opt.Engine
	if engine == 0 {
		engine = countEngine(opt.perLine())
	}
	switch k := opt.perLine(); {
	case engine == EngineConstruct:
		return 0, requestErrorf("engine construct builds one solution; it cannot count")
	case engine == EngineBitboard && k > 1:
		return 0, requestErrorf("engine bitboard counts one queen per line only; use engine xc for %d per line", k)
	case engine == EngineBitboard && n > maxCountN:
		return 0, requestErrorf("engine bitboard counts boards up to N = %d", maxCountN)
	case engine == EngineXC && n > maxProblemN:
		return 0, tooLarge(n)
	case opt.Distinct && k > 1:
		return 0, requestErrorf("essentially different solutions are counted with one queen per line only")
	case k == 1 && n > maxKnownCountN:
		return 0, requestErrorf("counting N = %d is out of reach: the largest count known, N = %d, took a year on FPGAs", n, maxKnownCountN)
	case (opt.Checkpoint != nil || opt.Shards != 0) && engine != EngineBitboard:
		return 0, requestErrorf("a checkpointed count uses the bitboard engine, one queen per line")
	case opt.Shards < 0 || opt.Shards > 0 && (opt.Shard < 1 || opt.Shard > opt.Shards):
		return 0, requestErrorf("share %d of %d out of range: want 1 <= share <= shares", opt.Shard, opt.Shards)
	}
	return engine, nil
}

// Count counts the solutions of the n×n board, and the essentially different ones if
// opt.Distinct is set, with the engine the options name or the fastest one; the counts say
// which engine counted. When ctx is cancelled it returns the counts so far (those of
// finished tasks) and ctx's error. A request that cannot be served (see [Choose]) gives a
// *RequestError before any search.
//
// With one queen per line and the bitboard engine, Distinct and the orbit sizes come with
// every count, at little cost; with the general engine the essentially different solutions
// take a census of every solution. With opt.Checkpoint the count resumes from and saves to
// Checkpoint.File; a file of another count is refused, with nothing counted.
func Count(ctx context.Context, n int, opt Options) (Counts, error) {
	engine, err := chooseCount(n, opt)
	if err != nil {
		return Counts{}, err
	}
	var c Counts
	switch {
	case opt.Shards != 0:
		c, err = countShare(ctx, n, opt)
	case opt.Checkpoint != nil:
		c, err = countCheckpointed(ctx, n, opt.Workers, opt.Distinct, *opt.Checkpoint)
	case engine == EngineBitboard && opt.Progress != nil:
		c, err = countBoardProgress(ctx, n, opt.Workers, opt.Progress)
	case engine == EngineBitboard:
		c, err = countBoard(ctx, n, opt.Workers)
	default:
		c.Solutions, c.Distinct, err = countXC(ctx, n, opt.Distinct, opt)
	}
	c.Engine = engine
	return c, err
}

// progressEvery is how often Count reports its progress.
const progressEvery = 500 * time.Millisecond

// countBoardProgress is countBoard reporting its progress: the tasks finished and their
// solutions, at most every progressEvery, and once at the end.
func countBoardProgress(ctx context.Context, n, workers int, progress func(xcover.Progress)) (Counts, error) {
	start := time.Now()
	total := numTasks(n)
	var done int
	var sols uint64
	last := start
	report := func(end bool) {
		p := xcover.Progress{Stats: xcover.Stats{Solutions: sols, Elapsed: time.Since(start)}, Done: end}
		if total > 0 {
			p.Fraction = float64(done) / float64(total)
		}
		progress(p)
	}
	c, _, err := countShardTasks(ctx, n, workers, 1, 1, nil, func(_ int, tc Counts) {
		done++ // calls never overlap
		sols += tc.Solutions
		if now := time.Now(); now.Sub(last) >= progressEvery {
			last = now
			report(false)
		}
	})
	if err == nil {
		done, sols = total, c.Solutions // the whole count (n < 4 has no tasks)
	}
	report(true)
	return c, err
}

// countXC counts the solutions of the n×n board with the general engine and, if distinct
// is set, their classes under the symmetries of the board, from a census of all solutions
// (the engine cannot see symmetry).
func countXC(ctx context.Context, n int, distinct bool, opt Options) (solutions, classes uint64, err error) {
	p, err := Problem(n, opt.perLine())
	if err != nil {
		return 0, 0, err
	}
	res, err := xcover.Count(ctx, p, xcover.Config{Workers: opt.Workers, Progress: opt.Progress, ProgressInterval: progressEvery})
	if res.Solutions != nil {
		solutions = res.Solutions.Uint64()
	}
	if err != nil || !distinct {
		return solutions, 0, err
	}
	c, err := TakeCensus(ctx, n, 1)
	if err != nil {
		return solutions, 0, err
	}
	if c.Solutions != solutions {
		return solutions, 0, fmt.Errorf("queens: internal disagreement: the engine counts %d solutions, the census %d", solutions, c.Solutions)
	}
	return solutions, c.Orbits, nil
}

// chooseList is Choose for a listing.
func chooseList(n int, opt Options) (Engine, error) {
	if err := opt.check(n); err != nil {
		return 0, err
	}
	engine := opt.Engine
	switch {
	case opt.SolveAll != nil && (opt.Random || engine != 0 && engine != EngineXC):
		return 0, requestErrorf("an external solver lists solutions in order, on engine xc's encoding")
	case opt.SolveAll != nil:
		engine = EngineXC
	case engine == 0:
		engine = listEngine(n, opt.perLine(), opt.Random)
	}
	switch k := opt.perLine(); {
	case engine == EngineBitboard && k > 1:
		return 0, requestErrorf("engine bitboard lists one queen per line only")
	case engine == EngineBitboard && opt.Random:
		return 0, requestErrorf("engine bitboard lists in order; use engine xc or construct for random solutions")
	case engine == EngineBitboard && n > maxCountN:
		return 0, requestErrorf("engine bitboard lists boards up to N = %d", maxCountN)
	case engine == EngineConstruct && k > 1:
		return 0, requestErrorf("engine construct places one queen per line only")
	case engine == EngineXC && n > maxProblemN:
		return 0, tooLarge(n)
	}
	return engine, nil
}

// Solutions returns an iterator over the solutions of the n×n board, up to opt.Limit, each
// checked by the package's own checker before it is yielded, with a nil error. A listing
// that cannot go on ends with one last pair of a zero Board and the error: a
// *RequestError for a request that cannot be served (see [Choose]), ctx's error when
// cancelled, or an internal error if a solution failed its check.
//
// The bitboard engine lists every solution in lexicographic order of its files; the
// construction gives one solution for any N >= 4 in linear time (with Random, min-conflicts
// search, one solution per seed from Seed on); the general engine lists in its own order,
// or at random, and finds one solution (Limit 1) of a large board with randomised restarts.
func Solutions(ctx context.Context, n int, opt Options) iter.Seq2[Board, error] {
	return func(yield func(Board, error) bool) {
		engine, err := chooseList(n, opt)
		if err != nil {
			yield(Board{}, err)
			return
		}
		l := &lister{n: n, opt: opt, engine: engine}
		for b := range l.solutions(ctx) {
			if !yield(b, nil) {
				return
			}
		}
		if l.err != nil {
			yield(Board{}, l.err)
		}
	}
}

// A solution is one solution: its board and, with one queen per line, its files.
type solution struct {
	files []int // the file of the queen on each rank; nil with several per line
	board Board
}

// solutionOf returns the solution of the given files.
func solutionOf(files []int) solution { return solution{files: files, board: BoardOf(files)} }

// A lister lists solutions of one board with one engine; err is what ended the listing
// early, if anything: ctx's error when cancelled, or an internal error if a solution
// failed its check.
type lister struct {
	n      int
	opt    Options
	engine Engine
	err    error
}

// solutions returns an iterator over the boards of the solutions, each checked by the
// package's own checker before it is yielded, up to the options' Limit. The construction
// gives one solution (min-conflicts search, with Random, one per seed from Seed on).
func (l *lister) solutions(ctx context.Context) iter.Seq[Board] {
	return func(yield func(Board) bool) {
		l.err = nil
		found := uint64(0)
		// emit checks a solution and yields it; it reports whether to go on.
		emit := func(s solution) bool {
			if err := l.check(s); err != nil {
				l.err = err
				return false
			}
			found++
			return yield(s.board) && (l.opt.Limit == 0 || found < l.opt.Limit)
		}
		switch l.engine {
		case EngineBitboard:
			for cols := range allSolutions(l.n) {
				if found&1023 == 1023 && ctx.Err() != nil {
					l.err = ctx.Err()
					return
				}
				if !emit(solutionOf(cols)) {
					return
				}
			}
		case EngineConstruct:
			l.construct(ctx, emit)
		case EngineXC:
			l.xc(ctx, emit)
		}
	}
}

// construct lists the construction's solution, or min-conflicts solutions when random.
func (l *lister) construct(ctx context.Context, emit func(solution) bool) {
	for i := uint64(0); ; i++ {
		var cols []int
		var err error
		if l.opt.Random {
			cols, err = minConflicts(ctx, l.n, l.opt.Seed+i)
		} else {
			cols, err = construction(l.n)
		}
		switch {
		case errors.Is(err, errNoSolution):
			return
		case err != nil:
			l.err = err
			return
		}
		if !emit(solutionOf(cols)) || !l.opt.Random || l.opt.Limit == 0 {
			return
		}
	}
}

// xc lists solutions found by the general engine on Problem's encoding; a listing of one
// solution uses firstXC or randomXC, whose restarts keep the engine out of hopeless
// subtrees.
func (l *lister) xc(ctx context.Context, emit func(solution) bool) {
	n, k := l.n, l.opt.perLine()
	p, err := Problem(n, k)
	if err != nil {
		l.err = err
		return
	}
	chk := verify.NewChecker(p)
	decode := func(sol []int) solution {
		if v := chk.Check(sol); len(v) > 0 {
			l.err = fmt.Errorf("queens: internal error: the engine's solution fails verification: %v", v[0])
			return solution{}
		}
		s := solution{board: Decode(n, sol)}
		if k == 1 {
			s.files, _ = columns(n, sol)
		}
		return s
	}
	if l.opt.SolveAll != nil {
		sols, err := l.opt.SolveAll(ctx, p, int(l.opt.Limit))
		for _, sol := range sols {
			if x := decode(sol); l.err != nil || !emit(x) {
				return
			}
		}
		l.err = err
		return
	}
	if l.opt.Limit == 1 {
		var sol []int
		if l.opt.Random {
			sol, _, err = randomXC(ctx, p, l.opt.Seed)
		} else {
			sol, err = firstXC(ctx, p)
		}
		switch {
		case ctx.Err() != nil:
			l.err = ctx.Err()
		case err == nil:
			if s := decode(sol); l.err == nil {
				emit(s)
			}
		}
		return // no solution
	}
	s, err := xcover.NewSolver(p, xcover.Config{Limit: l.opt.Limit, Random: l.opt.Random, Seed: l.opt.Seed})
	if err != nil {
		l.err = err
		return
	}
	for sol := range s.Solutions(ctx) {
		if x := decode(sol); l.err != nil || !emit(x) {
			return
		}
	}
	l.err = s.Err()
}

// check checks a solution with the package's checker, which shares nothing with the
// engines.
func (l *lister) check(s solution) error {
	var err error
	if s.files != nil {
		err = checkFiles(s.files)
	} else {
		err = checkSquares(l.n, l.opt.perLine(), s.board.Queens)
	}
	if err != nil {
		return fmt.Errorf("queens: internal error: the %s engine gave a non-solution: %w", l.engine, err)
	}
	return nil
}
