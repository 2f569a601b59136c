package main

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/sudoku"
)

// The tests of the sudoku command's own helpers: reading a line, and --box.

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
