package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/tiling"
)

// A Request asks for a search: either Problem, an exact cover problem in DLX format, or
// Puzzle, the name of a puzzle, with the fields of that puzzle.
type Request struct {
	// Mode is count, solve (the default), random or distinct. Distinct lists one
	// solution of every class of solutions that the symmetries of the puzzle map onto
	// each other; only queens (one per line) and tilings have it.
	Mode string `json:"mode,omitempty"`
	// Limit stops the search after this many solutions (classes in distinct mode);
	// 0 means no limit, except in random mode where it means 1.
	Limit uint64 `json:"limit,omitempty"`
	// Seed seeds random mode; by default it comes from the clock (and is in the Status).
	Seed *uint64 `json:"seed,omitempty"`
	// Memo, in count mode, counts by memoisation: "on", "auto" (only where it pays) or ""
	// (off). See docs/memo.md.
	Memo string `json:"memo,omitempty"`

	// Problem is an exact cover problem in DLX format, and Name the file name that error
	// messages give it ("problem" by default).
	Problem string `json:"problem,omitempty"`
	Name    string `json:"name,omitempty"`

	// Puzzle is "queens", "tiling" or "sudoku".
	Puzzle string `json:"puzzle,omitempty"`

	// Queens: PerLine queens (default 1) on every rank and file of an N×N board, at most
	// PerLine on every diagonal.
	N       int `json:"n,omitempty"`
	PerLine int `json:"perLine,omitempty"`

	// Tiling: the pieces, built-in sets as the command's --pieces takes them
	// ("pentominoes", "tetrominoes:2", "pentominoes,tetrominoes.O") or PiecesPicture, a
	// picture in which each character other than blank or '.' is a piece; Region, a size
	// ("6x10", "3x3x3") or a picture in which each character other than blank or '.' is a
	// cell (layers separated by blank lines). NoFlip forbids turning pieces over in the
	// plane, Mirror allows mirroring them in space, MirrorImages identifies mirror-image
	// tilings in distinct mode, AtMost uses each piece at most once, Partial lets cells
	// stay empty: as the command's flags of the same names.
	Pieces        string `json:"pieces,omitempty"`
	PiecesPicture string `json:"piecesPicture,omitempty"`
	Region        string `json:"region,omitempty"`
	NoFlip        bool   `json:"noFlip,omitempty"`
	Mirror        bool   `json:"mirror,omitempty"`
	MirrorImages  bool   `json:"mirrorImages,omitempty"`
	AtMost        bool   `json:"atMost,omitempty"`
	Partial       bool   `json:"partial,omitempty"`

	// Sudoku: Grid, the puzzle on one line ("53..7....6..195...") or over N lines; the box
	// shape (default: square boxes, or the most nearly square ones); the X (diagonals)
	// and windoku variants.
	Grid    string `json:"grid,omitempty"`
	BoxRows int    `json:"boxRows,omitempty"`
	BoxCols int    `json:"boxCols,omitempty"`
	X       bool   `json:"x,omitempty"`
	Windoku bool   `json:"windoku,omitempty"`
}

// Limits on what a request may ask for, so that one request cannot exhaust the memory.
const (
	maxQueensN     = 256      // side of a queens board
	maxPicture     = 64 << 10 // bytes of a region or pieces picture
	maxCells       = 4096     // cells of a region
	maxTilingWork  = 1 << 22  // orientations × region cells × piece cells
	maxProblemName = 200      // bytes of a problem's name
)

// A task is a search prepared from a request: the problem and how to present its
// solutions. It is not modified once made.
type task struct {
	kind     string // dlx, queens, tiling, sudoku
	title    string
	problem  *xcover.Problem
	initial  []int
	warnings []string
	// note explains something about the search; with impossible, why there is no
	// solution and no need to search.
	note       string
	impossible bool
	// check verifies a solution with the puzzle's own checker; text writes it as text;
	// draw draws solutions as one SVG picture (only one at a time unless multi); any may
	// be nil.
	check func(sol []int) error
	text  func(sol []int) string
	draw  func(w io.Writer, sols [][]int) error
	multi bool
	// distinct searches for one solution of each class of symmetric solutions, calling
	// visit with it and the size of its class; parts is the number of searches it runs.
	distinct func(ctx context.Context, cfg xcover.Config, visit func(sol []int, class int) bool) error
	parts    int
}

// A requestError is a request that cannot be served, with the line of a malformed
// problem or picture.
type requestError struct {
	msg  string
	line int
}

func (e *requestError) Error() string { return e.msg }

func badRequest(format string, args ...any) error {
	return &requestError{msg: fmt.Sprintf(format, args...)}
}

// newTask prepares the search a request asks for.
func newTask(req *Request) (*task, error) {
	switch req.Mode {
	case "":
		req.Mode = ModeSolve
	case ModeCount, ModeSolve, ModeRandom, ModeDistinct:
	default:
		return nil, badRequest("unknown mode %q: want count, solve, random or distinct", req.Mode)
	}
	switch {
	case req.Memo != "" && req.Memo != "on" && req.Memo != "auto" && req.Memo != "off":
		return nil, badRequest("unknown memo %q: want on, auto or off", req.Memo)
	case req.Memo != "" && req.Memo != "off" && req.Mode != ModeCount:
		return nil, badRequest("memo counts: it goes with mode count only")
	}
	var (
		t   *task
		err error
	)
	switch {
	case req.Problem != "" && req.Puzzle != "":
		return nil, badRequest("give a problem or a puzzle, not both")
	case req.Problem != "":
		t, err = dlxTask(req)
	case req.Puzzle == "queens":
		t, err = queensTask(req)
	case req.Puzzle == "tiling":
		t, err = tilingTask(req)
	case req.Puzzle == "sudoku":
		t, err = sudokuTask(req)
	case req.Puzzle == "":
		return nil, badRequest(`no problem: give "problem" (DLX text) or "puzzle" (queens, tiling or sudoku)`)
	default:
		return nil, badRequest("unknown puzzle %q: want queens, tiling or sudoku", req.Puzzle)
	}
	if err != nil {
		return nil, err
	}
	if req.Mode == ModeDistinct && t.distinct == nil {
		return nil, badRequest("no distinct mode for %s: it knows of no symmetries to identify solutions by; count or list them all instead", t.title)
	}
	return t, nil
}

// dlxTask reads a problem in DLX format.
func dlxTask(req *Request) (*task, error) {
	name := req.Name
	if name == "" {
		name = "problem"
	}
	if len(name) > maxProblemName || strings.ContainsFunc(name, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return nil, badRequest("bad problem name %.40q", name)
	}
	f, err := dlx.Parse(strings.NewReader(req.Problem), name)
	if err != nil {
		var de *dlx.Error
		if errors.As(err, &de) {
			return nil, &requestError{msg: de.Error(), line: de.Line}
		}
		return nil, badRequest("%v", err)
	}
	p := f.Problem
	t := &task{
		kind:    "dlx",
		title:   fmt.Sprintf("%s (%d items, %d options)", name, p.NumItems(), p.NumOptions()),
		problem: p,
		text: func(sol []int) string {
			lines := make([]string, len(sol))
			for i, k := range sol {
				lines[i] = f.OptionText[k]
			}
			return strings.Join(lines, "\n")
		},
	}
	for _, w := range f.Warnings {
		t.warnings = append(t.warnings, w.Error())
	}
	return t, nil
}

// queensTask encodes an N-queens problem.
func queensTask(req *Request) (*task, error) {
	n, k := req.N, req.PerLine
	if k == 0 {
		k = 1
	}
	if n < 1 || n > maxQueensN {
		return nil, badRequest("queens: n = %d out of range: want 1 to %d", n, maxQueensN)
	}
	if k < 1 || k > n {
		return nil, badRequest("queens: perLine = %d out of range: want 1 to n = %d", k, n)
	}
	if (req.Mode == ModeCount || req.Mode == ModeDistinct) && k == 1 && n > queens.MaxKnownCountN {
		return nil, badRequest("queens: counting n = %d is out of reach: the largest count known, n = %d, took a year on FPGAs", n, queens.MaxKnownCountN)
	}
	p, err := queens.Problem(n, k)
	if err != nil {
		return nil, badRequest("queens: %v", err)
	}
	board := func(sol []int) queens.Board { return queens.Board{N: n, Queens: queens.Decode(n, sol)} }
	t := &task{
		kind:    "queens",
		title:   fmt.Sprintf("%d queens", n),
		problem: p,
		check:   func(sol []int) error { return queens.CheckSquares(n, k, queens.Decode(n, sol)) },
		text:    func(sol []int) string { return board(sol).String() },
		draw: func(w io.Writer, sols [][]int) error {
			bs := make([]queens.Board, len(sols))
			for i, sol := range sols {
				bs[i] = board(sol)
			}
			return queens.WriteSVG(w, bs, 0)
		},
		multi: true,
	}
	if k > 1 {
		t.title += fmt.Sprintf(", %d per line", k)
		return t, nil
	}
	t.parts = 1
	t.distinct = func(ctx context.Context, cfg xcover.Config, visit func([]int, int) bool) error {
		sv, err := xcover.NewSolver(p, cfg)
		if err != nil {
			return err
		}
		for sol := range sv.Solutions(ctx) {
			cols, err := queens.Columns(n, sol)
			if err != nil {
				return err
			}
			// Keep a solution if it is the least of its images under the 8 symmetries.
			if o := queens.Canonical(cols); slices.Equal(o.Rep, cols) && !visit(sol, o.Size) {
				break
			}
		}
		return sv.Err()
	}
	return t, nil
}

// sizeRE matches a region given by its size.
var sizeRE = regexp.MustCompile(`^\s*\d+\s*x\s*\d+(\s*x\s*\d+)?\s*$`)

// tilingTask encodes a tiling puzzle.
func tilingTask(req *Request) (*task, error) {
	pz := &tiling.Puzzle{AtMost: req.AtMost, Partial: req.Partial}
	var what string
	switch {
	case req.Pieces != "" && req.PiecesPicture != "":
		return nil, badRequest("tiling: give pieces or piecesPicture, not both")
	case req.Pieces != "":
		ps, copies, err := tiling.ParseSpec(req.Pieces)
		if err != nil {
			return nil, badRequest("tiling: pieces: %v", err)
		}
		pz.Pieces, pz.Copies, what = ps, copies, req.Pieces
	case req.PiecesPicture != "":
		if len(req.PiecesPicture) > maxPicture {
			return nil, badRequest("tiling: pieces picture longer than %d bytes", maxPicture)
		}
		ps, err := tiling.ParsePieces(req.PiecesPicture)
		if err != nil {
			return nil, badRequest("tiling: pieces picture: %v", err)
		}
		pz.Pieces, what = ps, fmt.Sprintf("%d drawn pieces", len(ps))
	default:
		return nil, badRequest(`tiling: no pieces: give "pieces" (such as "pentominoes") or "piecesPicture"`)
	}
	switch {
	case req.Region == "":
		return nil, badRequest(`tiling: no region: give "region", a size such as "6x10" or a picture`)
	case len(req.Region) > maxPicture:
		return nil, badRequest("tiling: region picture longer than %d bytes", maxPicture)
	case sizeRE.MatchString(req.Region):
		size := strings.ReplaceAll(req.Region, " ", "")
		size = strings.TrimSpace(size)
		r, err := tiling.ParseSize(size)
		if err != nil {
			return nil, badRequest("tiling: region: %v", err)
		}
		pz.Region, what = r, what+" on "+size
	default:
		r, err := tiling.ParseRegion(req.Region)
		if err != nil {
			return nil, badRequest("tiling: region picture: %v", err)
		}
		pz.Region, what = r, fmt.Sprintf("%s on a region of %d cells", what, r.Len())
	}
	if n := pz.Region.Len(); n > maxCells {
		return nil, badRequest("tiling: region of %d cells, more than the %d this server takes", n, maxCells)
	}
	if err := pz.SetTurning(req.NoFlip, req.Mirror); err != nil {
		return nil, badRequest("%v", err)
	}
	pieceCells := 0
	for _, pc := range pz.Pieces {
		pieceCells += len(pc.Shape)
	}
	if work := len(pz.Transforms()) * pz.Region.Len() * pieceCells; work > maxTilingWork {
		return nil, badRequest("tiling: too large for this server (%d orientations × %d cells × %d piece cells)",
			len(pz.Transforms()), pz.Region.Len(), pieceCells)
	}
	enc, err := pz.Encode()
	if err != nil {
		return nil, badRequest("tiling: %v", err)
	}
	t := &task{
		kind:    "tiling",
		title:   what,
		problem: enc.Problem,
		check:   func(sol []int) error { return tiling.Check(pz, enc.Tiling(sol)) },
		text:    func(sol []int) string { return tiling.Text(enc.Tiling(sol)) },
		draw: func(w io.Writer, sols [][]int) error {
			ts := make([]*tiling.Tiling, len(sols))
			for i, sol := range sols {
				ts[i] = enc.Tiling(sol)
			}
			return tiling.WriteSVG(w, ts, tiling.SVGOptions{})
		},
		multi: true,
	}
	if hint := pz.Impossible(); hint != "" {
		t.note, t.impossible = "no tilings: "+hint, true
	}
	if req.Mode != ModeDistinct {
		return t, nil
	}
	sym, err := enc.Symmetry(req.MirrorImages)
	if err != nil {
		return nil, badRequest("tiling: %v", err)
	}
	red, err := sym.Reduce()
	if err != nil {
		return nil, badRequest("tiling: %v", err)
	}
	t.parts = len(red.Parts)
	t.distinct = red.Search
	t.note = fmt.Sprintf("%d symmetries", sym.Order())
	if t.impossible {
		t.note = "no tilings: " + pz.Impossible()
	}
	return t, nil
}

// sudokuSVG is the drawing method of a sudoku.Board.
type sudokuSVG interface {
	WriteSVG(w io.Writer, puzzle, sol sudoku.Grid, a sudoku.Alphabet) error
}

// sudokuTask encodes a Sudoku.
func sudokuTask(req *Request) (*task, error) {
	var lines []string
	for line := range strings.Lines(req.Grid) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' || strings.Trim(line, "-+|=") == "" {
			continue
		}
		lines = append(lines, line)
	}
	var n int
	switch {
	case len(lines) == 0:
		return nil, badRequest(`sudoku: no grid: give "grid", the puzzle on one line or over N lines`)
	case len(lines) == 1:
		var ok bool
		if n, ok = sudoku.SideOfLine(len(lines[0])); !ok {
			return nil, &requestError{msg: fmt.Sprintf("sudoku: line 1: %d characters is not a square number N*N", len(lines[0])), line: 1}
		}
	default:
		n = len(lines)
	}
	if n < 1 || n > sudoku.MaxN {
		return nil, badRequest("sudoku: side %d out of range: want 1 to %d", n, sudoku.MaxN)
	}
	spec := sudoku.Spec{BoxRows: req.BoxRows, BoxCols: req.BoxCols, X: req.X, Windoku: req.Windoku}
	if spec.BoxRows == 0 && spec.BoxCols == 0 {
		spec.BoxRows, spec.BoxCols = sudoku.DefaultBox(n)
	}
	board, err := sudoku.NewBoard(spec)
	if err != nil {
		return nil, badRequest("sudoku: %v", err)
	}
	if board.N() != n {
		return nil, badRequest("sudoku: a grid of side %d on a board of side %d", n, board.N())
	}
	rd := sudoku.NewReader(strings.NewReader(req.Grid), n, sudoku.ReadOptions{Grid: len(lines) > 1})
	pz, ok := rd.Next()
	switch {
	case !ok:
		return nil, badRequest("sudoku: no grid read (%v)", rd.Err())
	case pz.Err != nil:
		var le *sudoku.LineError
		if errors.As(pz.Err, &le) {
			return nil, &requestError{msg: "sudoku: " + le.Error(), line: le.Line}
		}
		return nil, badRequest("sudoku: %v", pz.Err)
	}
	if _, more := rd.Next(); more {
		return nil, badRequest("sudoku: more than one puzzle; give one")
	}
	puzzle, alpha := pz.Grid, pz.Alphabet
	enc, err := board.Encode(puzzle, sudoku.GivensOmit) // stands alone, as problem.dlx shows it
	if err != nil {
		return nil, badRequest("sudoku: %v", err)
	}
	grid := func(sol []int) sudoku.Grid {
		g, err := enc.Decode(sol)
		if err != nil {
			return nil
		}
		return g
	}
	t := &task{
		kind:    "sudoku",
		title:   fmt.Sprintf("Sudoku %s, %d givens", board, puzzle.Givens()),
		problem: enc.Problem,
		check: func(sol []int) error {
			g, err := enc.Decode(sol)
			if err != nil {
				return err
			}
			return board.Check(puzzle, g)
		},
		text: func(sol []int) string { return grid(sol).Format(alpha) },
	}
	if sw, ok := any(board).(sudokuSVG); ok {
		t.draw = func(w io.Writer, sols [][]int) error {
			if len(sols) != 1 {
				return fmt.Errorf("a Sudoku picture shows one solution, not %d", len(sols))
			}
			return sw.WriteSVG(w, puzzle, grid(sols[0]), alpha)
		}
	} else {
		t.note = "this build of xcover cannot draw Sudoku grids; solutions are shown as text"
	}
	return t, nil
}
