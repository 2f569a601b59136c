package queens

import "fmt"

// Check reports whether b is a solution with perLine queens on every line (0 means 1):
// exactly perLine queens on every rank and file, at most perLine on every diagonal, and no
// two queens on one square. It shares no code with the solvers of this package.
func Check(b Board, perLine int) error {
	return checkSquares(b.N, max(1, perLine), b.Queens)
}

// checkFiles reports whether cols, the file of the queen on each rank, is a solution of the
// n-queens problem for n = len(cols): every file in range and used once, and no two queens on
// a diagonal. It takes linear time and shares no code with the solvers of this package.
func checkFiles(cols []int) error {
	n := len(cols)
	file := make([]bool, n)
	anti := make([]bool, 2*n) // r+f
	diag := make([]bool, 2*n) // r-f+n
	for r, f := range cols {
		switch {
		case f < 0 || f >= n:
			return fmt.Errorf("queens: rank %d: file %d off the board", r, f)
		case file[f]:
			return fmt.Errorf("queens: rank %d: file %d used twice", r, f)
		case anti[r+f]:
			return fmt.Errorf("queens: rank %d: file %d attacked along its anti-diagonal", r, f)
		case diag[r-f+n]:
			return fmt.Errorf("queens: rank %d: file %d attacked along its diagonal", r, f)
		}
		file[f], anti[r+f], diag[r-f+n] = true, true, true
	}
	return nil
}

// checkSquares reports whether squares place exactly perLine queens on every rank and file of
// an n×n board, at most perLine on every diagonal, and no two queens on one square.
func checkSquares(n, perLine int, squares []Square) error {
	if n < 1 || perLine < 1 {
		return fmt.Errorf("queens: bad board %d with %d per line", n, perLine)
	}
	rank := make([]int, n)
	file := make([]int, n)
	anti := make([]int, 2*n-1)
	diag := make([]int, 2*n-1)
	seen := make(map[Square]bool, len(squares))
	for _, s := range squares {
		if s.Rank < 0 || s.Rank >= n || s.File < 0 || s.File >= n {
			return fmt.Errorf("queens: square (%d, %d) off the board", s.Rank, s.File)
		}
		if seen[s] {
			return fmt.Errorf("queens: two queens on square (%d, %d)", s.Rank, s.File)
		}
		seen[s] = true
		rank[s.Rank]++
		file[s.File]++
		anti[s.Rank+s.File]++
		diag[s.Rank-s.File+n-1]++
	}
	for i := range n {
		if rank[i] != perLine {
			return fmt.Errorf("queens: %d queens on rank %d, want %d", rank[i], i, perLine)
		}
		if file[i] != perLine {
			return fmt.Errorf("queens: %d queens on file %d, want %d", file[i], i, perLine)
		}
	}
	for k := range anti {
		if anti[k] > perLine {
			return fmt.Errorf("queens: %d queens on anti-diagonal rank+file = %d, at most %d allowed", anti[k], k, perLine)
		}
		if diag[k] > perLine {
			return fmt.Errorf("queens: %d queens on diagonal rank-file = %d, at most %d allowed", diag[k], k-n+1, perLine)
		}
	}
	return nil
}
