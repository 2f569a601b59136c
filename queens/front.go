package queens

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// This file is the package's front door: every front end counts and lists solutions
// through CountSolutions and Lister, which check the request, choose the fastest engine
// for it and check every solution before handing it on.

// Options say how to count or list solutions. The zero Options ask for one queen per
// line, the fastest engine, one goroutine and every solution in order.
type Options struct {
	// PerLine queens on every rank and file, at most PerLine on every diagonal; 0 means 1.
	PerLine int
	// Engine is EngineXC, EngineBitboard or EngineConstruct; "" or "auto" chooses the
	// fastest engine that can do the job (see CountEngine and ListEngine).
	Engine string
	// Workers is the number of goroutines of a count (0 or 1: one).
	Workers int
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

func (e *RequestError) Error() string { return e.Msg }

func requestErrorf(format string, args ...any) error {
	return &RequestError{Msg: fmt.Sprintf(format, args...)}
}

// perLine returns PerLine, 1 if unset.
func (o Options) perLine() int { return max(1, o.PerLine) }

// check checks the parts of the options common to counts and listings.
func (o Options) check(n int) error {
	switch o.Engine {
	case "", "auto", EngineXC, EngineBitboard, EngineConstruct:
	default:
		return requestErrorf("unknown engine %q: want auto, xc, bitboard or construct", o.Engine)
	}
	if n < 1 {
		return requestErrorf("board side %d out of range: N must be at least 1", n)
	}
	if k := o.perLine(); k > n {
		return requestErrorf("%d queens per line out of range: K must be between 1 and N = %d", k, n)
	}
	return nil
}

// A CountReport is a count as front ends report it, the result of [CountSolutions] and
// [CountCheckpointed]. Its JSON spelling is what "xcover queens --count --json" prints.
type CountReport struct {
	N         int     `json:"n"`
	PerLine   int     `json:"per_line,omitempty"` // set only beyond one queen per line
	Solutions uint64  `json:"solutions"`
	Distinct  *uint64 `json:"distinct,omitempty"` // when the distinct solutions were counted
	Engine    string  `json:"engine"`             // the engine that counted
	Seconds   float64 `json:"seconds"`            // wall time
	Partial   bool    `json:"partial,omitempty"`  // interrupted: the counts so far
}

// finish completes the report of a count that started at start, given the essentially
// different solutions counted (classes) and the count's error: its time, Distinct if
// distinct was asked for, Partial when ctx was cancelled. A count that failed otherwise
// gives nil and its error.
func (r *CountReport) finish(ctx context.Context, start time.Time, distinct bool, classes uint64, err error) (*CountReport, error) {
	if err != nil && ctx.Err() == nil {
		return nil, err
	}
	if distinct {
		r.Distinct = &classes
	}
	r.Seconds = time.Since(start).Seconds()
	r.Partial = err != nil
	return r, err
}

// Text returns the report as a line of text: "92" or, with Distinct, "92 solutions, 12
// essentially different".
func (r CountReport) Text() string {
	if r.Distinct == nil {
		return fmt.Sprintf("%d\n", r.Solutions)
	}
	if r.Partial {
		// The classes of the parts not counted are unknown, and a counter may tell them
		// only at its end: "0 essentially different" would be a wrong answer.
		return fmt.Sprintf("%d solutions so far, essentially different unknown (partial)\n", r.Solutions)
	}
	return fmt.Sprintf("%d solutions, %d essentially different\n", r.Solutions, *r.Distinct)
}

// CheckCount reports whether CountSolutions can count the n×n board with these options,
// and which engine it would use: a front end can refuse a request before it starts.
func CheckCount(n int, distinct bool, opt Options) (engine string, err error) {
	if err := opt.check(n); err != nil {
		return "", err
	}
	engine = opt.Engine
	if engine == "" || engine == "auto" {
		engine = CountEngine(opt.perLine())
	}
	switch k := opt.perLine(); {
	case engine == EngineConstruct:
		return "", requestErrorf("engine construct builds one solution; it cannot count")
	case engine == EngineBitboard && k > 1:
		return "", requestErrorf("engine bitboard counts one queen per line only; use engine xc for %d per line", k)
	case engine == EngineBitboard && n > MaxCountN:
		return "", requestErrorf("engine bitboard counts boards up to N = %d", MaxCountN)
	case engine == EngineXC && n > MaxProblemN:
		return "", tooLarge(n)
	case distinct && k > 1:
		return "", requestErrorf("essentially different solutions are counted with one queen per line only")
	case k == 1 && n > MaxKnownCountN:
		return "", requestErrorf("counting N = %d is out of reach: the largest count known, N = %d, took a year on FPGAs", n, MaxKnownCountN)
	}
	return engine, nil
}

// CountSolutions counts the solutions of the n×n board, and the essentially different ones
// if distinct is set, with the engine the options name or the fastest one, and reports
// the count with its engine and time. When ctx is cancelled it returns the counts so far
// (those of finished tasks), Partial, and ctx's error. The report is nil, with the error,
// when the request is refused ([CheckCount]) or the count fails.
func CountSolutions(ctx context.Context, n int, distinct bool, opt Options) (*CountReport, error) {
	engine, err := CheckCount(n, distinct, opt)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	r := &CountReport{N: n, Engine: engine}
	if k := opt.perLine(); k > 1 {
		r.PerLine = k
	}
	var classes uint64
	if engine == EngineBitboard {
		var c Counts
		c, err = Count(ctx, n, opt.Workers)
		r.Solutions, classes = c.Solutions, c.Distinct
	} else {
		r.Solutions, classes, err = countXC(ctx, n, distinct, opt)
	}
	return r.finish(ctx, start, distinct, classes, err)
}

// countXC counts the solutions of the n×n board with the general engine and, if distinct
// is set, their classes under the symmetries of the board, from a census of all solutions
// (the engine cannot see symmetry).
func countXC(ctx context.Context, n int, distinct bool, opt Options) (solutions, classes uint64, err error) {
	p, err := Problem(n, opt.perLine())
	if err != nil {
		return 0, 0, err
	}
	s, err := xcover.NewSolver(p, xcover.Config{Workers: opt.Workers})
	if err != nil {
		return 0, 0, err
	}
	if solutions, err = s.Count(ctx); err != nil || !distinct {
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

// A Solution is one solution, checked.
type Solution struct {
	// Files gives, with one queen per line, the file of the queen on each rank; nil with
	// several per line.
	Files []int
	Board Board
	// Options are the indices of the solution's options in Problem's encoding, when the
	// general engine found it; nil otherwise.
	Options []int
}

// A Lister lists solutions of one board with one engine. Use it as bufio.Scanner:
//
//	l, err := queens.NewLister(n, opt)
//	for sol := range l.Solutions(ctx) { ... }
//	if err := l.Err(); err != nil { ... }
type Lister struct {
	n      int
	opt    Options
	engine string
	err    error
}

// NewLister checks the request and chooses the engine for it.
func NewLister(n int, opt Options) (*Lister, error) {
	if err := opt.check(n); err != nil {
		return nil, err
	}
	engine := opt.Engine
	switch {
	case opt.SolveAll != nil && (opt.Random || engine != "" && engine != "auto" && engine != EngineXC):
		return nil, requestErrorf("an external solver lists solutions in order, on engine xc's encoding")
	case opt.SolveAll != nil:
		engine = EngineXC
	case engine == "" || engine == "auto":
		engine = ListEngine(n, opt.perLine(), opt.Random)
	}
	switch k := opt.perLine(); {
	case engine == EngineBitboard && k > 1:
		return nil, requestErrorf("engine bitboard lists one queen per line only")
	case engine == EngineBitboard && opt.Random:
		return nil, requestErrorf("engine bitboard lists in order; use engine xc or construct for random solutions")
	case engine == EngineBitboard && n > MaxCountN:
		return nil, requestErrorf("engine bitboard lists boards up to N = %d", MaxCountN)
	case engine == EngineConstruct && k > 1:
		return nil, requestErrorf("engine construct places one queen per line only")
	case engine == EngineXC && n > MaxProblemN:
		return nil, tooLarge(n)
	}
	return &Lister{n: n, opt: opt, engine: engine}, nil
}

// Engine returns the engine that lists.
func (l *Lister) Engine() string { return l.engine }

// NoSolution returns what to say of a listing that found no solution: "no solution", and
// why when the package knows: the queens per line do not fit on the board, or the board
// has none (every N from 4 up has some). An external solver's listing (SolveAll) says no
// more.
func (l *Lister) NoSolution() string {
	switch k := l.opt.perLine(); {
	case l.opt.SolveAll != nil:
		return "no solution"
	case k > 1:
		return fmt.Sprintf("no solution: %d queens per line do not fit on a %dx%d board", k, l.n, l.n)
	}
	return fmt.Sprintf("no solution: N = %d has none (every N from 4 up has some)", l.n)
}

// Err returns the error that ended the listing early, if any: ctx's error when cancelled,
// or an internal error if a solution failed its check.
func (l *Lister) Err() error { return l.err }

// Solutions returns an iterator over the solutions, each checked by the package's own
// checker before it is yielded, up to the options' Limit. The construction gives one
// solution (min-conflicts search, with Random, one per seed from Seed on).
func (l *Lister) Solutions(ctx context.Context) iter.Seq[Solution] {
	return func(yield func(Solution) bool) {
		l.err = nil
		found := uint64(0)
		// emit checks a solution and yields it; it reports whether to go on.
		emit := func(s Solution) bool {
			if err := l.check(s); err != nil {
				l.err = err
				return false
			}
			found++
			return yield(s) && (l.opt.Limit == 0 || found < l.opt.Limit)
		}
		switch l.engine {
		case EngineBitboard:
			for cols := range All(l.n) {
				if found&1023 == 1023 && ctx.Err() != nil {
					l.err = ctx.Err()
					return
				}
				if !emit(Solution{Files: cols, Board: BoardOf(cols)}) {
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
func (l *Lister) construct(ctx context.Context, emit func(Solution) bool) {
	for i := uint64(0); ; i++ {
		var cols []int
		var err error
		if l.opt.Random {
			cols, err = MinConflicts(ctx, l.n, l.opt.Seed+i)
		} else {
			cols, err = Construct(l.n)
		}
		switch {
		case errors.Is(err, ErrNoSolution):
			return
		case err != nil:
			l.err = err
			return
		}
		if !emit(Solution{Files: cols, Board: BoardOf(cols)}) || !l.opt.Random || l.opt.Limit == 0 {
			return
		}
	}
}

// xc lists solutions found by the general engine on Problem's encoding; a listing of one
// solution uses FirstXC or RandomXC, whose restarts keep the engine out of hopeless
// subtrees.
func (l *Lister) xc(ctx context.Context, emit func(Solution) bool) {
	n, k := l.n, l.opt.perLine()
	p, err := Problem(n, k)
	if err != nil {
		l.err = err
		return
	}
	chk := verify.NewChecker(p)
	solution := func(sol []int) Solution {
		if v := chk.Check(sol); len(v) > 0 {
			l.err = fmt.Errorf("queens: internal error: the engine's solution fails verification: %v", v[0])
			return Solution{}
		}
		s := Solution{Options: sol, Board: Board{N: n, Queens: Decode(n, sol)}}
		if k == 1 {
			s.Files, _ = Columns(n, sol)
		}
		return s
	}
	if l.opt.SolveAll != nil {
		sols, err := l.opt.SolveAll(ctx, p, int(l.opt.Limit))
		for _, sol := range sols {
			if x := solution(sol); l.err != nil || !emit(x) {
				return
			}
		}
		l.err = err
		return
	}
	if l.opt.Limit == 1 {
		var sol []int
		if l.opt.Random {
			sol, _, err = RandomXC(ctx, p, l.opt.Seed)
		} else {
			sol, err = FirstXC(ctx, p)
		}
		switch {
		case ctx.Err() != nil:
			l.err = ctx.Err()
		case err == nil:
			if s := solution(sol); l.err == nil {
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
		if x := solution(sol); l.err != nil || !emit(x) {
			return
		}
	}
	l.err = s.Err()
}

// check checks a solution with the package's checker, which shares nothing with the
// engines.
func (l *Lister) check(s Solution) error {
	var err error
	if s.Files != nil {
		err = Check(s.Files)
	} else {
		err = CheckSquares(l.n, l.opt.perLine(), s.Board.Queens)
	}
	if err != nil {
		return fmt.Errorf("queens: internal error: the %s engine gave a non-solution: %w", l.engine, err)
	}
	return nil
}
