package serve

import (
	"errors"
	"fmt"
	"strings"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/tiling"
)

// Limits on what a request may ask for, so that one request cannot exhaust the memory:
// budgets of the server, below the libraries' own limits, for what is built while the
// request is read, before its search's share of the memory budget is reserved.
const (
	maxQueensN     = 256      // side of a queens board: an encoding of 256² options
	maxPicture     = 64 << 10 // bytes of a region or pieces picture
	maxCells       = 4096     // cells of a region
	maxProblemName = 200      // bytes of a problem's name
)

// A task is a search prepared from a request: the puzzle, posed by the puzzle package as
// for every front end.
type task = puzzle.Puzzle

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

// memoErr returns the error of a request's memo mode, or nil if it is one.
func memoErr(memo string) error {
	_, err := present.ParseMemoMode(memo)
	return err
}

// newTask prepares the search a request asks for.
func newTask(req *present.Request) (task, error) {
	switch req.Mode {
	case "":
		req.Mode = present.ModeSolve
	case present.ModeCount, present.ModeSolve, present.ModeRandom, present.ModeDistinct, present.ModePuzzle:
	default:
		return nil, badRequest("unknown mode %q: want count, solve, random, distinct or puzzle", req.Mode)
	}
	switch {
	case memoErr(req.Memo) != nil:
		return nil, badRequest("%v", memoErr(req.Memo))
	case req.Memo != "" && req.Memo != "off" && req.Mode != present.ModeCount:
		return nil, badRequest("memo counts: it goes with mode count only")
	}
	var (
		t   task
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
	if _, ok := t.(puzzle.Symmetric); req.Mode == present.ModeDistinct && !ok {
		return nil, badRequest("no distinct mode for %s: it knows of no symmetries to identify solutions by; count or list them all instead", t.About().Title)
	}
	return t, nil
}

// dlxTask reads a problem in DLX format.
func dlxTask(req *present.Request) (task, error) {
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
	return puzzle.DLX(f, name), nil
}

// queensTask encodes an N-queens problem. The queens package says what it can serve (the
// board side, the queens per line, a count out of reach); the server only bounds the board
// by its memory budget.
func queensTask(req *present.Request) (task, error) {
	n, k := req.N, req.PerLine
	if n > maxQueensN {
		return nil, badRequest("queens: n = %d out of range for this server's memory budget: at most %d", n, maxQueensN)
	}
	// The general engine's encoding, which the server searches (puzzle.Queens), counting
	// with the queens counter where it can.
	count := req.Mode == present.ModeCount || req.Mode == present.ModeDistinct
	if _, err := queens.Choose(n, count, queens.Options{PerLine: k, Engine: queens.EngineXC}); err != nil {
		return nil, badRequest("queens: %v", err)
	}
	k = max(k, 1) // unset
	t, err := puzzle.Queens(n, k)
	if err != nil {
		return nil, badRequest("queens: %v", err)
	}
	return t, nil
}

// tilingTask encodes a tiling puzzle, read by the tiling package as for every front end.
func tilingTask(req *present.Request) (task, error) {
	spec := tiling.Spec{
		Pieces: req.Pieces, PiecesPicture: req.PiecesPicture,
		NoFlip: req.NoFlip, Mirror: req.Mirror, AtMost: req.AtMost, Partial: req.Partial,
		MaxPicture: maxPicture, MaxCells: maxCells, // and the package's bound on the work of encoding
	}
	spec.SetRegion(req.Region)
	pz, title, err := spec.Puzzle()
	if err != nil {
		return nil, badRequest("%v", err)
	}
	t, err := puzzle.Tiling(pz, puzzle.TilingOptions{Title: title, Distinct: req.Mode == present.ModeDistinct, MirrorImages: req.MirrorImages})
	if err != nil {
		return nil, badRequest("tiling: %v", err)
	}
	return t, nil
}

// sudokuTask encodes a Sudoku, read by the sudoku package as for every front end.
func sudokuTask(req *present.Request) (task, error) {
	spec := sudoku.Variant{BoxRows: req.BoxRows, BoxCols: req.BoxCols, X: req.X, Windoku: req.Windoku}
	board, pz, err := sudoku.ParsePuzzle(req.Grid, spec, sudoku.Auto)
	if err != nil { // its errors say "sudoku: " already
		var le *sudoku.LineError
		if errors.As(err, &le) {
			return nil, &requestError{msg: err.Error(), line: le.Line}
		}
		return nil, badRequest("%v", err)
	}
	t, err := puzzle.Sudoku(board, pz.Grid, pz.Alphabet)
	if err != nil {
		return nil, badRequest("sudoku: %s", strings.TrimPrefix(err.Error(), "sudoku: "))
	}
	return t, nil
}
