package main

import (
	"bufio"
	"context"
	"fmt"
	"io"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/sudoku"
)

// This file holds the sudoku command's --emit dlx and --via: the puzzles posed as exact
// cover problems, written or handed to an external solver.

// sudokuWriteAllDLX writes every puzzle rd reads as an exact cover problem
// (sudokuWriteDLX), a blank line between two, through a buffer of its own. A malformed
// puzzle is skipped and its error passed to malformed. It returns the number of malformed
// puzzles, and the first error of reading (rd.Err) or writing.
func sudokuWriteAllDLX(w io.Writer, b *sudoku.Board, rd *sudoku.Reader, malformed func(error)) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10) // the size of dlx.Write's buffer, so that it takes this one
	bad, first := 0, true
	for p, ok := rd.Next(); ok; p, ok = rd.Next() {
		if p.Err != nil {
			bad++
			malformed(p.Err)
			continue
		}
		if !first {
			bw.WriteString("\n") // an error stays in bw, for the next write
		}
		first = false
		if err := sudokuWriteDLX(bw, b, p); err != nil {
			return bad, err
		}
	}
	if err := bw.Flush(); err != nil {
		return bad, err
	}
	return bad, rd.Err()
}

// sudokuWriteDLX writes puzzle p on board b as an exact cover problem in DLX format (the
// givens' options left out), after a comment line "| line L: BOARD PUZZLE".
func sudokuWriteDLX(w io.Writer, b *sudoku.Board, p sudoku.Puzzle) error {
	e, err := b.Encode(p.Grid)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "| line %d: %s %s\n", p.Line, b, p.Grid.Format(p.Alphabet)); err != nil {
		return err
	}
	return dlx.Write(w, e.Problem)
}

// sudokuSolveWith returns a solve function for sudoku.SolveOptions.Solve that poses each
// puzzle as an exact cover problem (the givens' options left out) and solves it with
// solveAll, an external solver say: solveAll returns at most limit solutions (0: all) of p,
// each the indices of its options. The solve function writes the first into sol and
// returns their number. SolveAll checks every solution, as it checks its own.
func sudokuSolveWith(b *sudoku.Board, solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)) func(ctx context.Context, puzzle sudoku.Grid, limit uint64, sol sudoku.Grid) (uint64, error) {
	return func(ctx context.Context, puzzle sudoku.Grid, limit uint64, sol sudoku.Grid) (uint64, error) {
		enc, err := b.Encode(puzzle)
		if err != nil {
			return 0, err
		}
		sols, err := solveAll(ctx, enc.Problem, int(limit))
		if err != nil {
			return 0, err
		}
		if len(sols) > 0 {
			g, err := enc.Decode(sols[0])
			if err != nil {
				return 0, err
			}
			copy(sol, g)
		}
		return uint64(len(sols)), nil
	}
}
