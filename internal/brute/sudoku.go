package brute

import (
	"math/bits"
	"slices"
)

// SudokuUnits returns the rows, columns and boxes of an n x n board with r x c boxes, cell
// indices row by row: for SudokuCount.
func SudokuUnits(n, r, c int) [][]int {
	var units [][]int
	for i := range n {
		var row, col, box []int
		for j := range n {
			row = append(row, i*n+j)
			col = append(col, j*n+i)
			br, bc := i/(n/c)*r, i%(n/c)*c // box i: n/c boxes per band
			box = append(box, (br+j/c)*n+bc+j%c)
		}
		units = append(units, row, col, box)
	}
	return units
}

// SudokuCount counts the solutions of puzzle up to limit on the n x n board of units (n at
// most 64; values 1..n, 0 for an empty cell), by backtracking on a cell with fewest
// candidates after naked and hidden singles to a fixed point: sharing nothing with package
// sudoku's kernels or the exact cover engine, and fast enough to check 16x16 puzzles.
func SudokuCount(n int, units [][]int, puzzle []uint8, limit int) int {
	return sudokuCount(n, units, puzzle, limit, false)
}

// SudokuCountProbe is SudokuCount with a lookahead at every node: each value of each cell
// with two candidates is tried, and one whose singles end in a contradiction is taken out.
// Fewer, slower branches: for checking minimal puzzles of 25x25, which SudokuCount takes
// too long over.
func SudokuCountProbe(n int, units [][]int, puzzle []uint8, limit int) int {
	return sudokuCount(n, units, puzzle, limit, true)
}

func sudokuCount(n int, units [][]int, puzzle []uint8, limit int, probe bool) int {
	cellUnits := make([][]int, n*n)
	for u, cells := range units {
		for _, c := range cells {
			cellUnits[c] = append(cellUnits[c], u)
		}
	}
	full := uint64(1)<<n - 1
	if n == 64 {
		full = ^uint64(0)
	}
	cand := make([]uint64, n*n)
	for c := range cand {
		cand[c] = full
	}
	// set fixes cell c to value bit and removes it from the cell's peers.
	var set func(cand []uint64, c int, bit uint64) bool
	set = func(cand []uint64, c int, bit uint64) bool {
		if cand[c]&bit == 0 {
			return false
		}
		cand[c] = bit
		for _, u := range cellUnits[c] {
			for _, d := range units[u] {
				if d != c && cand[d]&bit != 0 {
					cand[d] &^= bit
					if cand[d] == 0 {
						return false
					}
					if bits.OnesCount64(cand[d]) == 1 && !set(cand, d, cand[d]) {
						return false
					}
				}
			}
		}
		return true
	}
	for c, v := range puzzle {
		if v != 0 && !set(cand, c, 1<<(v-1)) {
			return 0
		}
	}
	// hidden places the values with one place left in a unit, until none is left.
	hidden := func(cand []uint64) bool {
		for changed := true; changed; {
			changed = false
			for _, cells := range units {
				var once, twice uint64 // values with at least one, two places
				for _, c := range cells {
					twice |= once & cand[c]
					once |= cand[c]
				}
				if once != full {
					return false
				}
				for _, c := range cells {
					if v := cand[c] & once &^ twice; v != 0 && cand[c] != v {
						if v&(v-1) != 0 || !set(cand, c, v) {
							return false // two values with only this place
						}
						changed = true
					}
				}
			}
		}
		return true
	}
	// lookahead takes out the values of two-candidate cells that fail, until none does.
	lookahead := func(cand []uint64) bool {
		for changed := true; changed; {
			changed = false
			for c, m := range cand {
				if bits.OnesCount64(m) != 2 {
					continue
				}
				for _, v := range []uint64{m & -m, m & (m - 1)} {
					try := slices.Clone(cand)
					if set(try, c, v) && hidden(try) {
						continue
					}
					if !set(cand, c, m&^v) || !hidden(cand) {
						return false
					}
					changed = true
					break
				}
			}
		}
		return true
	}
	count := 0
	var rec func(cand []uint64)
	rec = func(cand []uint64) {
		if !hidden(cand) || probe && !lookahead(cand) {
			return
		}
		best, fewest := -1, n+1
		for c, m := range cand {
			if k := bits.OnesCount64(m); k > 1 && k < fewest {
				best, fewest = c, k
			}
		}
		if best < 0 {
			count++
			return
		}
		for m := cand[best]; m != 0 && count < limit; m &= m - 1 {
			next := slices.Clone(cand)
			if set(next, best, m&-m) {
				rec(next)
			}
		}
	}
	rec(cand)
	return count
}
