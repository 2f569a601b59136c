package sudoku

import (
	"context"
	"fmt"
	"slices"
	"sort"
)

// each calls visit with the solutions of puzzle, the first limit of them (0: all), until
// visit returns false, and returns the number visited. The solver finds a solution and
// whether there is another; where there is, the puzzle is split on the values of an empty
// cell and each part solved the same way, so a unique puzzle costs one solve and each
// further solution at most N solves a filled cell. The grid passed to visit is valid only
// during the call. The error is ctx's if it was cancelled, or solve's.
func (s *solver) each(ctx context.Context, puzzle Grid, limit uint64, visit func(sol Grid) bool) (uint64, error) {
	b := s.b
	work := slices.Clone(puzzle) // the puzzle with the values of the split cells
	sol := make(Grid, len(puzzle))
	var found uint64
	// each visits the solutions of work; it reports whether to go on.
	var each func() (bool, error)
	each = func() (bool, error) {
		if err := ctx.Err(); err != nil {
			return false, err // solve checks only every few thousand branches
		}
		n, err := s.solve(ctx, work, 2, sol)
		switch {
		case err != nil:
			return false, err
		case n == 0:
			return true, nil
		case n == 1:
			found++
			return visit(sol) && (limit == 0 || found < limit), nil
		}
		c := slices.Index(work, 0) // there is one: else work would have one solution
		for v := 1; v <= b.n; v++ {
			work[c] = 0
			if b.contradicts(work, c, uint8(v)) {
				continue
			}
			work[c] = uint8(v)
			more, err := each()
			if !more || err != nil {
				return false, err
			}
		}
		work[c] = 0
		return true, nil
	}
	if len(puzzle) != b.Cells() {
		return 0, fmt.Errorf("sudoku: puzzle has %d cells, want %d", len(puzzle), b.Cells())
	}
	_, err := each()
	return found, err
}

// Solve counts the solutions of puzzle with the board's dedicated solver, stopping at limit
// (0 means no limit; 1 finds one solution; 2 checks uniqueness), and returns their number
// and the first one found, nil if there is none. The count is exact when it is below the
// limit. The error is ctx's if it was cancelled (checked every few thousand branches), or
// says the puzzle does not fit the board. The solver is a kernel with candidate bitsets
// per cell, naked and hidden singles to a fixed point and branching on a cell with fewest
// candidates; on the classic 9x9 board a faster one for the same problem. Each call has a
// solver of its own, so a Board may solve on several goroutines at once.
func (b *Board) Solve(ctx context.Context, puzzle Grid, limit uint64) (uint64, Grid, error) {
	sol := make(Grid, b.Cells())
	n, err := b.newSolver().solve(ctx, puzzle, limit, sol)
	if n == 0 {
		sol = nil
	}
	return n, sol, err
}

// Each calls visit with the solutions of puzzle, the first limit of them (0: all), until
// visit returns false, and returns the number visited. The grid passed to visit is valid
// only during the call. A unique puzzle costs one [Board.Solve], each further solution at
// most N a filled cell. The error is ctx's if it was cancelled, or says the puzzle does not
// fit the board.
func (b *Board) Each(ctx context.Context, puzzle Grid, limit uint64, visit func(sol Grid) bool) (uint64, error) {
	return b.newSolver().each(ctx, puzzle, limit, visit)
}

// Options returns the options of e.Problem that fill the grid sol: the solution of the
// problem that sol is. It is an error if a cell is empty or holds a value that has no
// option (it contradicts a given of the encoded puzzle).
func (e *Encoding) Options(sol Grid) ([]int, error) {
	if len(sol) != e.board.Cells() {
		return nil, fmt.Errorf("sudoku: solution has %d cells, want %d", len(sol), e.board.Cells())
	}
	opts := make([]int, 0, len(sol))
	for c, v := range sol {
		// The options of a cell are consecutive, in increasing value.
		k := sort.Search(len(e.cell), func(k int) bool { return int(e.cell[k]) >= c })
		for k < len(e.cell) && int(e.cell[k]) == c && e.value[k] < v {
			k++
		}
		if k == len(e.cell) || int(e.cell[k]) != c || e.value[k] != v || v == 0 {
			return nil, fmt.Errorf("sudoku: no option for value %d in cell r%dc%d", v, c/e.board.n+1, c%e.board.n+1)
		}
		opts = append(opts, k)
	}
	return opts, nil
}
