package main

import (
	"context"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/sudoku"
)

// The tests of the sudoku command's own helpers: --via's solve function and --box.

func mustSudokuBoard(t testing.TB, s sudoku.Variant) *sudoku.Board {
	t.Helper()
	b, err := sudoku.NewBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mustSudokuGrid reads the puzzle on one line s for a board of side n.
func mustSudokuGrid(t testing.TB, s string, n int) sudoku.Grid {
	t.Helper()
	g, _ := parseSudokuLine(t, s, n, sudoku.Auto)
	return g
}

// parseSudokuLine reads the puzzle on one line s for a board of side n in alphabet a, and
// returns it with the alphabet it was read in.
func parseSudokuLine(t testing.TB, s string, n int, a sudoku.Alphabet) (sudoku.Grid, sudoku.Alphabet) {
	t.Helper()
	rd := sudoku.NewReader(strings.NewReader(s), n, sudoku.ReadOptions{Alphabet: a})
	p, ok := rd.Next()
	if !ok || p.Err != nil {
		t.Fatalf("%q: %v %v", s, p.Err, rd.Err())
	}
	return p.Grid, p.Alphabet
}

func TestSolveWith(t *testing.T) {
	b, err := sudoku.NewBoard(sudoku.Variant{BoxRows: 3, BoxCols: 3})
	if err != nil {
		t.Fatal(err)
	}
	solve := sudokuSolveWith(b, problems.SolveAll) // the engine, as an external solver answers
	tests := []struct {
		puzzle string
		limit  uint64
		want   uint64
		sol    string
	}{
		{sudokuClassic, 2, 1, sudokuClassicSol},
		{"." + sudokuClassic[1:], 0, 1, sudokuClassicSol},
		{"55" + sudokuClassic[2:], 2, 0, ""},
		{strings.Repeat(".", 81), 3, 3, ""},
	}
	for _, tt := range tests {
		p, a := parseSudokuLine(t, tt.puzzle, 9, sudoku.Auto)
		sol := make(sudoku.Grid, 81)
		n, err := solve(context.Background(), p, tt.limit, sol)
		if err != nil || n != tt.want {
			t.Errorf("%.20s…: %d solutions, %v; want %d", tt.puzzle, n, err, tt.want)
			continue
		}
		if n > 0 {
			if err := b.Check(p, sol); err != nil {
				t.Errorf("%.20s…: %v", tt.puzzle, err)
			}
		}
		if tt.sol != "" && sol.Format(a) != tt.sol {
			t.Errorf("%.20s…: solution %s, want %s", tt.puzzle, sol.Format(a), tt.sol)
		}
	}
}

func TestParseBox(t *testing.T) {
	tests := []struct {
		s          string
		rows, cols int
		ok         bool
	}{
		{"3x3", 3, 3, true}, {"2X3", 2, 3, true}, {"0x2", 0, 0, false}, {"3", 0, 0, false}, {"axb", 0, 0, false},
	}
	for _, tt := range tests {
		r, c, err := parseSudokuBox(tt.s)
		if r != tt.rows || c != tt.cols || (err == nil) != tt.ok {
			t.Errorf("parseSudokuBox(%q) = %d, %d, %v", tt.s, r, c, err)
		}
	}
}
