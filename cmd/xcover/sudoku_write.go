package main

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/sudoku"
)

// The sudoku command's loop: solve every puzzle read, write each result (present.SudokuWriter).

// sudokuWriteAllOptions controls sudokuWriteAll: how to solve, and what to tell the
// caller on the way.
type sudokuWriteAllOptions struct {
	sudoku.SolveOptions
	// Malformed, if not nil, is called with the error of each malformed puzzle, whose
	// line is written too.
	Malformed func(error)
	// Progress, if not nil, is called with the tally so far after a puzzle is written, at
	// most once every ProgressInterval (default 1 s).
	Progress         func(present.SudokuTally)
	ProgressInterval time.Duration
}

// sudokuWriteAll solves every puzzle rd reads (b.SolveAll), writes each result to rw in
// input order, then flushes rw. It returns the tally of the puzzles written
// (malformed ones included) and the first error: of solving or writing, rd.Err, or, when
// ctx is cancelled, a *present.SudokuInterrupted saying what was done (a count cut off is written
// by WritePartial first). Malformed puzzles are no error: the tally counts them.
func sudokuWriteAll(ctx context.Context, rw *present.SudokuWriter, b *sudoku.Board, rd *sudoku.Reader, opt sudokuWriteAllOptions) (present.SudokuTally, error) {
	var t present.SudokuTally
	err := sudokuWriteResults(ctx, rw, b, rd, opt, &t)
	if err == nil {
		err = rd.Err()
	}
	if err == nil && ctx.Err() != nil {
		err = &present.SudokuInterrupted{Puzzles: t.Puzzles, Err: ctx.Err()}
	}
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	return t, err
}

// sudokuWriteResults is sudokuWriteAll's loop over the results, counting them in t.
func sudokuWriteResults(ctx context.Context, rw *present.SudokuWriter, b *sudoku.Board, rd *sudoku.Reader, opt sudokuWriteAllOptions, t *present.SudokuTally) error {
	every := opt.ProgressInterval
	if every <= 0 {
		every = time.Second
	}
	nextReport := time.Now().Add(every)
	for res := range b.SolveAll(ctx, rd, opt.SolveOptions) {
		t.Add(res, rw.Counts())
		switch {
		case res.Puzzle.Err != nil && opt.Malformed != nil:
			opt.Malformed(res.Puzzle.Err)
		case res.Err != nil:
			if !errors.Is(res.Err, context.Canceled) && !errors.Is(res.Err, context.DeadlineExceeded) {
				return res.Err
			}
			cut := &present.SudokuInterrupted{Puzzles: t.Puzzles, Err: res.Err}
			if rw.Counts() {
				cut.Line, cut.Count = res.Puzzle.Line, res.Count
				rw.WritePartial(res) // the interruption is the error to report
			}
			return cut
		}
		if err := rw.Write(res); err != nil {
			return err
		}
		if opt.Progress != nil && time.Now().After(nextReport) {
			nextReport = time.Now().Add(every)
			opt.Progress(*t)
		}
	}
	return nil
}

// parseSudokuBox reads a box shape "RxC" (such as "3x3" or "2x3"): R rows and C columns.
func parseSudokuBox(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 {
		return 0, 0, fmt.Errorf("sudoku: box %q: want RxC, e.g. 3x3 or 2x3", s)
	}
	return rows, cols, nil
}
