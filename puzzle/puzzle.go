// Package puzzle poses the puzzles xcover knows (N queens, tilings, Sudoku, and any problem
// in DLX format) as exact cover problems, together with what a front end needs to present
// their solutions: a description, a checker that does not trust the engine, text and an SVG
// drawing. The command line and the web server both build their puzzles here and search
// them through the same two functions, Count and Each, so that one request gives one answer
// everywhere; they only translate flags or JSON into the arguments of a constructor.
//
// A [Puzzle] is an interface: Problem poses it, Check checks a solution, Text and Draw show
// one. A puzzle may also have a faster way to search than the exact cover engine, found as
// io.WriterTo is found by io.Copy: Count and Each use a puzzle's own counter ([Counter]) and
// solver ([Lister]) where it has one, and its search for essentially different solutions
// ([Symmetric]) where it knows its symmetries.
package puzzle

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/tiling"
)

// A Puzzle is an exact cover problem with the ways to present its solutions. A solution is
// a list of options of the Problem, as the engine finds them. A Puzzle is not modified once
// made, and its methods may be called from several goroutines.
type Puzzle interface {
	// Problem returns the exact cover problem that poses the puzzle.
	Problem() *xcover.Problem
	// About describes the puzzle.
	About() About
	// Check verifies a solution with the puzzle's own rules, independently of the engine
	// (a DLX problem has no rules but its problem's: it accepts every solution).
	Check(sol []int) error
	// Text writes a solution as text.
	Text(sol []int) string
	// Draw draws solutions as one SVG picture; it fails unless the puzzle Draws, and for
	// several at once unless it DrawsMany.
	Draw(w io.Writer, sols [][]int) error
	// DrawGiven draws sols as Draw does, with the options of given (a puzzle's pre-placed
	// part, as [Make] returns it; nil: none) marked in each picture: a tiling's pre-placed
	// pieces keep their colours and the others are pale, pre-placed queens stand on a
	// green square. A made puzzle is drawn as DrawGiven(w, givens, [][]int{givens, sol}).
	// Sudoku and DLX problems mark nothing: they fail for a non-nil given.
	DrawGiven(w io.Writer, given []int, sols [][]int) error
}

// About describes a puzzle to a front end.
type About struct {
	Kind  string // "dlx", "queens", "tiling" or "sudoku"
	Title string // a one-line description, such as "8 queens"
	// Warnings are things worth telling about the input that did not stop it (DLX only).
	Warnings []string
	// Note explains something about the search; when Impossible is set it says why the
	// puzzle has no solution, known without searching.
	Note       string
	Impossible bool
	// Draws says that Draw draws solutions (a DLX problem has no picture), DrawsMany that
	// it draws several in one picture; Solid says that Text shows the layers of a solid,
	// from the bottom, separated by an empty line.
	Draws, DrawsMany, Solid bool
}

// A Counter is a puzzle with its own counter, faster than the exact cover engine. Count
// counts the solutions, stopping at limit (0: none), on at most workers goroutines (0:
// one); it returns errors.ErrUnsupported for a count it leaves to the engine.
type Counter interface {
	Puzzle
	Count(ctx context.Context, limit uint64, workers int) (uint64, error)
}

// A Lister is a puzzle with its own solver, faster than the exact cover engine. List calls
// visit with the solutions found under cfg (its Limit, 0: all; Random and Seed; Workers),
// each as options of the Problem, until visit returns false; it returns
// errors.ErrUnsupported, before any visit, for a listing it leaves to the engine.
type Lister interface {
	Puzzle
	List(ctx context.Context, cfg xcover.Config, visit func(sol []int) bool) error
}

// A Symmetric puzzle knows the symmetries that map its solutions onto each other. Distinct
// searches for one solution of each class of symmetric solutions under cfg, calling visit
// with it and the size of its class until visit returns false; its progress reports (if
// cfg has a Progress) cover the whole search, in however many searches it runs.
// CountDistinct counts the classes and the solutions without listing them; it returns
// errors.ErrUnsupported where it has no such count.
type Symmetric interface {
	Puzzle
	Distinct(ctx context.Context, cfg xcover.Config, visit func(sol []int, class int) bool) error
	CountDistinct(ctx context.Context, cfg xcover.Config) (distinct, all uint64, err error)
}

// base is what every puzzle has.
type base struct {
	p     *xcover.Problem
	about About
}

func (b *base) Problem() *xcover.Problem { return b.p }

// About returns the description, with a copy of its warnings: the puzzle is not modified.
func (b *base) About() About {
	a := b.about
	a.Warnings = slices.Clone(a.Warnings)
	return a
}

// A dlxPuzzle is a problem read from DLX text: its solutions are shown as the options' lines.
type dlxPuzzle struct {
	base
	lines []string
}

// DLX poses a problem read from DLX text: solutions are shown as the options' lines. It
// has no rules of its own and no picture.
func DLX(f *dlx.File, name string) Puzzle {
	p := f.Problem
	pz := &dlxPuzzle{base: base{p: p, about: About{
		Kind:  "dlx",
		Title: fmt.Sprintf("%s (%d items, %d options)", name, p.NumItems(), p.NumOptions()),
	}}, lines: f.OptionText}
	for _, w := range f.Warnings {
		pz.about.Warnings = append(pz.about.Warnings, w.Error())
	}
	return pz
}

func (pz *dlxPuzzle) Check([]int) error { return nil }

func (pz *dlxPuzzle) Text(sol []int) string {
	lines := make([]string, len(sol))
	for i, k := range sol {
		lines[i] = pz.lines[k]
	}
	return strings.Join(lines, "\n")
}

func (pz *dlxPuzzle) Draw(io.Writer, [][]int) error {
	return fmt.Errorf("puzzle: %s: a DLX problem has no picture", pz.about.Title)
}

func (pz *dlxPuzzle) DrawGiven(w io.Writer, _ []int, sols [][]int) error { return pz.Draw(w, sols) }

// A queensPuzzle is perLine queens on every rank and file of an n×n board.
type queensPuzzle struct {
	base
	n, perLine int
}

// symmetricQueens is one queen per line, with the 8 symmetries of the square.
type symmetricQueens struct{ queensPuzzle }

// Queens poses perLine queens on every rank and file of an n×n board, at most perLine on
// every diagonal (queens.Problem). It counts and lists with the queens package's own
// bitboard engine where that serves the board, as the command does; with one per line it is
// Symmetric under the 8 symmetries of the square, and its distinct search keeps each
// solution that is the least of its images.
func Queens(n, perLine int) (Puzzle, error) {
	p, err := queens.Problem(n, perLine)
	if err != nil {
		return nil, err
	}
	pz := queensPuzzle{base: base{p: p, about: About{Kind: "queens", Title: fmt.Sprintf("%d queens", n), Draws: true, DrawsMany: true}}, n: n, perLine: perLine}
	if perLine > 1 {
		pz.about.Title += fmt.Sprintf(", %d per line", perLine)
		return &pz, nil
	}
	return &symmetricQueens{pz}, nil
}

func (pz *queensPuzzle) Check(sol []int) error {
	return queens.Check(queens.Decode(pz.n, sol), pz.perLine)
}

func (pz *queensPuzzle) Text(sol []int) string { return queens.Decode(pz.n, sol).String() }

func (pz *queensPuzzle) Draw(w io.Writer, sols [][]int) error { return pz.DrawGiven(w, nil, sols) }

func (pz *queensPuzzle) DrawGiven(w io.Writer, given []int, sols [][]int) error {
	bs := make([]queens.Board, len(sols))
	for i, sol := range sols {
		bs[i] = queens.Decode(pz.n, sol)
		if given != nil {
			bs[i].Given = queens.Decode(pz.n, given).Queens
		}
	}
	return queens.WriteSVG(w, bs, 0)
}

// Count counts with the queens package's counter, as the command counts; a limit is the
// engine's to keep, and so is a board that counter does not count.
func (pz *queensPuzzle) Count(ctx context.Context, limit uint64, workers int) (uint64, error) {
	opt := queens.Options{Workers: workers}
	if _, err := queens.Choose(pz.n, true, opt); limit > 0 || pz.perLine > 1 || err != nil {
		return 0, errors.ErrUnsupported
	}
	c, err := queens.Count(ctx, pz.n, opt)
	if err != nil && ctx.Err() == nil {
		return 0, err
	}
	return c.Solutions, err
}

// List lists with the queens package's own choice of engine (queens.Solutions), as the
// command lists: the bitboard in order up to N = 32; beyond it, in order, the
// construction's one solution whatever the limit (the exact cover engine finds no first
// solution of 100 queens in a minute); at random, min-conflicts search beyond N = 12, one
// solution per seed; the exact cover engine on this puzzle's encoding otherwise.
func (pz *queensPuzzle) List(ctx context.Context, cfg xcover.Config, visit func(sol []int) bool) error {
	opt := queens.Options{PerLine: pz.perLine, Limit: cfg.Limit, Random: cfg.Random, Seed: cfg.Seed, Workers: cfg.Workers}
	return pz.list(ctx, opt, false, visit)
}

// list lists the solutions queens.Solutions gives under opt, each as the options that
// place its queens; with complete, only where they are all of them in order (the
// bitboard), else it returns errors.ErrUnsupported.
func (pz *queensPuzzle) list(ctx context.Context, opt queens.Options, complete bool, visit func(sol []int) bool) error {
	e, err := queens.Choose(pz.n, false, opt)
	if err != nil || complete && e != queens.EngineBitboard {
		return errors.ErrUnsupported
	}
	if err := ctx.Err(); err != nil {
		return err // (the bitboard looks at ctx every 1024 solutions)
	}
	for b, err := range queens.Solutions(ctx, pz.n, opt) {
		if err != nil {
			return err
		}
		sol := make([]int, len(b.Queens))
		for i, q := range b.Queens {
			sol[i] = q.Rank*pz.n + q.File // the option that places it (queens.Problem)
		}
		if !visit(sol) {
			break
		}
	}
	return nil
}

// Distinct keeps each solution that is the least of its images under the 8 symmetries,
// from the bitboard's listing where it serves the board, else from the engine's.
func (pz *symmetricQueens) Distinct(ctx context.Context, cfg xcover.Config, visit func([]int, int) bool) error {
	keep := func(sol []int) bool {
		cols := queens.Decode(pz.n, sol).Files()
		o := queens.Canonical(cols)
		return !slices.Equal(o.Rep, cols) || visit(sol, o.Size)
	}
	if err := pz.list(ctx, queens.Options{}, true, keep); !errors.Is(err, errors.ErrUnsupported) {
		return err
	}
	sv, err := xcover.NewSolver(pz.p, cfg)
	if err != nil {
		return err
	}
	for sol := range sv.Solutions(ctx) {
		if !keep(sol) {
			break
		}
	}
	return sv.Err()
}

// CountDistinct counts with the queens package's counter, which counts the classes too.
func (pz *symmetricQueens) CountDistinct(ctx context.Context, cfg xcover.Config) (distinct, all uint64, err error) {
	opt := queens.Options{Workers: cfg.Workers, Distinct: true}
	if cfg.Limit > 0 {
		return 0, 0, errors.ErrUnsupported
	}
	if _, err := queens.Choose(pz.n, true, opt); err != nil {
		return 0, 0, errors.ErrUnsupported
	}
	c, err := queens.Count(ctx, pz.n, opt)
	return c.Distinct, c.Solutions, err
}

// TilingOptions are the choices of a tiling puzzle beyond the tiling.Puzzle itself.
type TilingOptions struct {
	// Title describes the pieces and region, such as "pentominoes on 6x10".
	Title string
	// Distinct prepares the search for essentially different tilings, under the symmetries
	// of the region that the allowed orientations respect; with MirrorImages also
	// reflections that exchange mirror-image pieces.
	Distinct, MirrorImages bool
}

// A tilingPuzzle is a tiling puzzle.
type tilingPuzzle struct {
	base
	tp  *tiling.Puzzle
	enc *tiling.Encoding
}

// symmetricTiling is a tiling puzzle prepared for its distinct search.
type symmetricTiling struct {
	tilingPuzzle
	red *tiling.Reduced
}

// Tiling poses a tiling puzzle. When the puzzle cannot have a tiling for a simple reason
// (the cells do not add up, say), its About is Impossible and its Note says why. With
// opt.Distinct it is Symmetric.
func Tiling(tp *tiling.Puzzle, opt TilingOptions) (Puzzle, error) {
	enc, err := tp.Encode()
	if err != nil {
		return nil, err
	}
	pz := tilingPuzzle{base: base{p: enc.Problem, about: About{Kind: "tiling", Title: opt.Title, Draws: true, DrawsMany: true, Solid: !tp.Region.Flat()}}, tp: tp, enc: enc}
	if hint := tp.Impossible(); hint != "" {
		pz.about.Note, pz.about.Impossible = "no tilings: "+hint, true
	}
	if !opt.Distinct {
		return &pz, nil
	}
	red, err := enc.Reduce(opt.MirrorImages)
	if err != nil {
		return nil, err
	}
	if !pz.about.Impossible {
		pz.about.Note = fmt.Sprintf("%d symmetries", red.Order())
	}
	return &symmetricTiling{pz, red}, nil
}

func (pz *tilingPuzzle) Check(sol []int) error { return tiling.Check(pz.tp, pz.enc.Tiling(sol)) }
func (pz *tilingPuzzle) Text(sol []int) string { return pz.enc.Tiling(sol).String() }

func (pz *tilingPuzzle) Draw(w io.Writer, sols [][]int) error { return pz.DrawGiven(w, nil, sols) }

func (pz *tilingPuzzle) DrawGiven(w io.Writer, given []int, sols [][]int) error {
	ts := make([]*tiling.Tiling, len(sols))
	for i, sol := range sols {
		ts[i] = pz.enc.Tiling(sol)
	}
	var opt tiling.SVGOptions
	if given != nil {
		opt.Given = pz.enc.Tiling(given)
	}
	return tiling.WriteSVG(w, ts, opt)
}

// Distinct runs the reduction's searches one after the other, their progress added up
// (spread).
func (pz *symmetricTiling) Distinct(ctx context.Context, cfg xcover.Config, visit func([]int, int) bool) error {
	return pz.red.Search(ctx, spread(cfg, pz.red.Subproblems()), visit)
}

func (pz *symmetricTiling) CountDistinct(ctx context.Context, cfg xcover.Config) (distinct, all uint64, err error) {
	return pz.red.CountDistinct(ctx, spread(cfg, pz.red.Subproblems()))
}

// spread returns cfg with its progress reports made those of one search for a search run
// as parts searches one after the other, each reporting from zero: their work added up,
// the fraction spread over the parts, and one final report.
func spread(cfg xcover.Config, parts int) xcover.Config {
	if parts <= 1 || cfg.Progress == nil {
		return cfg
	}
	var (
		before xcover.Stats // the work of the searches done
		done   int          // the searches done
	)
	report := cfg.Progress
	cfg.Progress = func(p xcover.Progress) {
		p.Nodes += before.Nodes
		p.Updates += before.Updates
		p.Elapsed += before.Elapsed
		p.Solutions += before.Solutions
		p.Fraction = (float64(done) + p.Fraction) / float64(parts)
		if p.Done {
			before, done = p.Stats, done+1
			p.Done = done == parts
		}
		report(p)
	}
	return cfg
}

// A sudokuPuzzle is a Sudoku grid on its board, written in its alphabet.
type sudokuPuzzle struct {
	base
	board *sudoku.Board
	grid  sudoku.Grid
	a     sudoku.Alphabet
	enc   *sudoku.Encoding
}

// Sudoku poses the puzzle grid on the board, written in alphabet a; the givens are left out
// of the problem, so that it stands alone. It is a Counter and a Lister: the sudoku
// package's own solver, which chooses its fastest kernel for the board, counts and lists
// it, as the command solves Sudoku; the problem serves for export and random solutions.
func Sudoku(board *sudoku.Board, grid sudoku.Grid, a sudoku.Alphabet) (Puzzle, error) {
	enc, err := board.Encode(grid)
	if err != nil {
		return nil, err
	}
	return &sudokuPuzzle{
		base:  base{p: enc.Problem, about: About{Kind: "sudoku", Title: fmt.Sprintf("Sudoku %s, %d givens", board, grid.Givens()), Draws: true}},
		board: board, grid: grid, a: a, enc: enc,
	}, nil
}

func (pz *sudokuPuzzle) Check(sol []int) error {
	g, err := pz.enc.Decode(sol)
	if err != nil {
		return err
	}
	return pz.board.Check(pz.grid, g)
}

// solved returns the grid of a solution (nil if it is none).
func (pz *sudokuPuzzle) solved(sol []int) sudoku.Grid {
	g, err := pz.enc.Decode(sol)
	if err != nil {
		return nil
	}
	return g
}

func (pz *sudokuPuzzle) Text(sol []int) string { return pz.solved(sol).Format(pz.a) }

func (pz *sudokuPuzzle) Draw(w io.Writer, sols [][]int) error {
	if len(sols) != 1 {
		return fmt.Errorf("a Sudoku picture shows one solution, not %d", len(sols))
	}
	return pz.board.WriteSVG(w, pz.grid, pz.solved(sols[0]), pz.a)
}

func (pz *sudokuPuzzle) DrawGiven(w io.Writer, given []int, sols [][]int) error {
	if given != nil {
		return fmt.Errorf("puzzle: %s: a Sudoku picture shows its own givens, not a made puzzle's", pz.about.Title)
	}
	return pz.Draw(w, sols)
}

// List solves with a solver of the search's own, in order; a random listing it leaves to
// the engine.
func (pz *sudokuPuzzle) List(ctx context.Context, cfg xcover.Config, visit func(sol []int) bool) error {
	if cfg.Random {
		return errors.ErrUnsupported
	}
	var oerr error
	_, err := pz.board.Each(ctx, pz.grid, cfg.Limit, func(g sudoku.Grid) bool {
		var sol []int
		if sol, oerr = pz.enc.Options(g); oerr != nil {
			return false
		}
		return visit(sol)
	})
	return errors.Join(oerr, err)
}

// Count searches one puzzle on one goroutine: it takes microseconds.
func (pz *sudokuPuzzle) Count(ctx context.Context, limit uint64, _ int) (uint64, error) {
	n, _, err := pz.board.Solve(ctx, pz.grid, limit)
	return n, err
}
