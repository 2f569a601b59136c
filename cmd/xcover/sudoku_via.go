package main

import (
	"context"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/sudoku"
)

// The sudoku command's --via: the puzzles posed as exact cover problems and handed to an
// external solver.

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
