// Package puzzle poses the puzzles xcover knows (N queens, tilings, Sudoku, and any problem
// in DLX format) as exact cover problems, together with what a front end needs to present
// their solutions: a title, a checker that does not trust the engine, text, an SVG
// drawing, and a search for the essentially different solutions where the puzzle has
// symmetries. The command line and the web server both build their puzzles here, so that
// one request gives one answer everywhere; they only translate flags or JSON into the
// arguments of a constructor.
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

// A Puzzle is an exact cover problem with the ways to present its solutions. It is not
// modified once made, and its functions may be called from several goroutines.
type Puzzle struct {
	Kind    string // "dlx", "queens", "tiling" or "sudoku"
	Title   string // a one-line description, such as "8 queens"
	Problem *xcover.Problem
	// Warnings are things worth telling about the input that did not stop it (DLX only).
	Warnings []string
	// Note explains something about the search; when Impossible is set it says why the
	// puzzle has no solution, known without searching.
	Note       string
	Impossible bool

	// Check verifies a solution with the puzzle's own rules (nil for DLX problems, which
	// have no rules but the problem's); Text writes a solution as text; Draw draws
	// solutions as one SVG picture, several at once only if DrawsMany.
	Check     func(sol []int) error
	Text      func(sol []int) string
	Draw      func(w io.Writer, sols [][]int) error
	DrawsMany bool
	// Between is the line that a text listing writes between two solutions' Text: empty
	// (a blank line) but for solid tilings, which are separated by "-".
	Between string

	// Distinct, if not nil, searches for one solution of each class of solutions that the
	// puzzle's symmetries map onto each other, calling visit with it and the size of its
	// class until visit returns false; it runs Parts searches one after the other.
	Distinct func(ctx context.Context, cfg xcover.Config, visit func(sol []int, class int) bool) error
	Parts    int
	// CountDistinct, if not nil, counts the classes and the solutions without listing
	// them (tilings with Distinct set).
	CountDistinct func(ctx context.Context, cfg xcover.Config) (distinct, all uint64, err error)

	// Solve and Count, if not nil, are the puzzle's own solver, faster than the exact
	// cover engine on Problem (a Sudoku: the sudoku package's, which chooses its fastest
	// kernel for the board). Solve calls visit with the first limit solutions (0: all),
	// each as options of Problem, until visit returns false; Count counts the solutions,
	// stopping at limit, on at most workers goroutines (0: one). Front ends use them in
	// place of the engine, except for what only the engine does: a random order, counting
	// by memoisation.
	Solve func(ctx context.Context, limit uint64, visit func(sol []int) bool) error
	Count func(ctx context.Context, limit uint64, workers int) (uint64, error)

	// JSON, if not nil, returns the puzzle's own JSON form of a solution (tilings: the rows
	// of the picture, or the layers of a solid).
	JSON func(sol []int) any
}

// DLX poses a problem read from DLX text: solutions are shown as the options' lines.
func DLX(f *dlx.File, name string) *Puzzle {
	p := f.Problem
	pz := &Puzzle{
		Kind:    "dlx",
		Title:   fmt.Sprintf("%s (%d items, %d options)", name, p.NumItems(), p.NumOptions()),
		Problem: p,
		Text: func(sol []int) string {
			lines := make([]string, len(sol))
			for i, k := range sol {
				lines[i] = f.OptionText[k]
			}
			return strings.Join(lines, "\n")
		},
	}
	for _, w := range f.Warnings {
		pz.Warnings = append(pz.Warnings, w.Error())
	}
	return pz
}

// Queens poses perLine queens on every rank and file of an n×n board, at most perLine on
// every diagonal (queens.Problem). With one per line it has the 8 symmetries of the square,
// and Distinct keeps each solution that is the least of its images.
func Queens(n, perLine int) (*Puzzle, error) {
	p, err := queens.Problem(n, perLine)
	if err != nil {
		return nil, err
	}
	pz := &Puzzle{
		Kind:    "queens",
		Title:   fmt.Sprintf("%d queens", n),
		Problem: p,
		Check:   func(sol []int) error { return queens.Check(queens.Decode(n, sol), perLine) },
		Text:    func(sol []int) string { return queens.Decode(n, sol).String() },
		Draw: func(w io.Writer, sols [][]int) error {
			bs := make([]queens.Board, len(sols))
			for i, sol := range sols {
				bs[i] = queens.Decode(n, sol)
			}
			return queens.WriteSVG(w, bs, 0)
		},
		DrawsMany: true,
	}
	if perLine > 1 {
		pz.Title += fmt.Sprintf(", %d per line", perLine)
		return pz, nil
	}
	if _, err := queens.Choose(n, true, queens.Options{}); err == nil {
		// The queens package's own counter, as the command counts; a limit is the
		// engine's to keep.
		pz.Count = func(ctx context.Context, limit uint64, workers int) (uint64, error) {
			if limit > 0 {
				res, err := xcover.Count(ctx, p, xcover.Config{Limit: limit, Workers: workers})
				if res.Solutions == nil {
					return 0, err
				}
				return res.Solutions.Uint64(), err
			}
			c, err := queens.Count(ctx, n, queens.Options{Workers: workers})
			if err != nil && ctx.Err() == nil {
				return 0, err
			}
			return c.Solutions, err
		}
	}
	pz.Parts = 1
	pz.Distinct = func(ctx context.Context, cfg xcover.Config, visit func([]int, int) bool) error {
		sv, err := xcover.NewSolver(p, cfg)
		if err != nil {
			return err
		}
		for sol := range sv.Solutions(ctx) {
			cols := queens.Decode(n, sol).Files()
			// Keep a solution if it is the least of its images under the 8 symmetries.
			if o := queens.Canonical(cols); slices.Equal(o.Rep, cols) && !visit(sol, o.Size) {
				break
			}
		}
		return sv.Err()
	}
	return pz, nil
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

// TilingJSON is the JSON form of a tiling: the rows of its picture (one character per
// cell, a letter per piece), or for a solid the rows of each layer.
type TilingJSON struct {
	Rows   []string   `json:"rows,omitempty"`
	Layers [][]string `json:"layers,omitempty"`
}

// Tiling poses a tiling puzzle. When the puzzle cannot have a tiling for a simple reason
// (the cells do not add up, say), Impossible is set and Note says why.
func Tiling(tp *tiling.Puzzle, opt TilingOptions) (*Puzzle, error) {
	enc, err := tp.Encode()
	if err != nil {
		return nil, err
	}
	pz := &Puzzle{
		Kind:    "tiling",
		Title:   opt.Title,
		Problem: enc.Problem,
		Check:   func(sol []int) error { return tiling.Check(tp, enc.Tiling(sol)) },
		Text:    func(sol []int) string { return enc.Tiling(sol).String() },
		Draw: func(w io.Writer, sols [][]int) error {
			ts := make([]*tiling.Tiling, len(sols))
			for i, sol := range sols {
				ts[i] = enc.Tiling(sol)
			}
			return tiling.WriteSVG(w, ts, tiling.SVGOptions{})
		},
		DrawsMany: true,
		JSON: func(sol []int) any {
			t := enc.Tiling(sol)
			rows := strings.Split(strings.TrimSuffix(t.String(), "\n"), "\n")
			if tp.Region.Flat() {
				return TilingJSON{Rows: rows}
			}
			return TilingJSON{Layers: layers(rows)}
		},
	}
	if !tp.Region.Flat() {
		pz.Between = "-"
	}
	if hint := tp.Impossible(); hint != "" {
		pz.Note, pz.Impossible = "no tilings: "+hint, true
	}
	if !opt.Distinct {
		return pz, nil
	}
	red, err := enc.Reduce(opt.MirrorImages)
	if err != nil {
		return nil, err
	}
	pz.Parts = red.Subproblems()
	pz.Distinct = red.Search
	pz.CountDistinct = red.CountDistinct
	if !pz.Impossible {
		pz.Note = fmt.Sprintf("%d symmetries", red.Order())
	}
	return pz, nil
}

// layers groups the rows of a tiling's picture in space by layer, from the bottom: the
// picture separates the layers by an empty row.
func layers(rows []string) [][]string {
	var out [][]string
	cur := []string{}
	for _, r := range rows {
		if strings.TrimSpace(r) == "" {
			out = append(out, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, r)
	}
	return append(out, cur)
}

// Sudoku poses the puzzle grid on the board, written in alphabet a; the givens are left out
// of the problem, so that it stands alone. It is solved and counted by the sudoku
// package's own solver (Solve, Count), as the command solves Sudoku; the problem serves for
// export and random solutions.
func Sudoku(board *sudoku.Board, grid sudoku.Grid, a sudoku.Alphabet) (*Puzzle, error) {
	enc, err := board.Encode(grid)
	if err != nil {
		return nil, err
	}
	solved := func(sol []int) sudoku.Grid {
		g, err := enc.Decode(sol)
		if err != nil {
			return nil
		}
		return g
	}
	return &Puzzle{
		Kind:    "sudoku",
		Title:   fmt.Sprintf("Sudoku %s, %d givens", board, grid.Givens()),
		Problem: enc.Problem,
		Check: func(sol []int) error {
			g, err := enc.Decode(sol)
			if err != nil {
				return err
			}
			return board.Check(grid, g)
		},
		Text: func(sol []int) string { return solved(sol).Format(a) },
		Draw: func(w io.Writer, sols [][]int) error {
			if len(sols) != 1 {
				return fmt.Errorf("a Sudoku picture shows one solution, not %d", len(sols))
			}
			return board.WriteSVG(w, grid, solved(sols[0]), a)
		},
		// Each search has a solver of its own.
		Solve: func(ctx context.Context, limit uint64, visit func(sol []int) bool) error {
			var oerr error
			_, err := board.Each(ctx, grid, limit, func(g sudoku.Grid) bool {
				var sol []int
				if sol, oerr = enc.Options(g); oerr != nil {
					return false
				}
				return visit(sol)
			})
			return errors.Join(oerr, err)
		},
		// One puzzle is searched on one goroutine: it takes microseconds.
		Count: func(ctx context.Context, limit uint64, _ int) (uint64, error) {
			n, _, err := board.Solve(ctx, grid, limit)
			return n, err
		},
	}, nil
}
