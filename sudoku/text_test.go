package sudoku

import (
	"errors"
	"io"
	"strings"
	"testing"
)

const classicLine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestParsePuzzle(t *testing.T) {
	pretty := "# a comment\n5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n" +
		"------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n7 . . | . 2 . | . . 6\n" +
		"======+=======+======\n. 6 . | . . . | 2 8 .\n. . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9\n"
	tests := []struct {
		name, text string
		spec       Variant
		box        string // the board
		grid       string // the puzzle, in its alphabet
		line       int
	}{
		{"one line", classicLine, Variant{}, "9x9 (3x3 boxes)", classicLine, 1},
		{"after comments", "# first\n\n   # second\n" + classicLine + "\n", Variant{}, "9x9 (3x3 boxes)", classicLine, 4},
		{"a separator line", "---\n" + classicLine + "\n===\n", Variant{}, "9x9 (3x3 boxes)", classicLine, 2},
		{"pretty grid", pretty, Variant{}, "9x9 (3x3 boxes)", classicLine, 2},
		{"4x4: 2x2 boxes", "1...2...3...4...", Variant{}, "4x4 (2x2 boxes)", "1...2...3...4...", 1},
		{"6x6: 2x3 boxes", strings.Repeat(".", 35) + "1", Variant{}, "6x6 (2x3 boxes)", strings.Repeat(".", 35) + "1", 1},
		{"6x6 grid, 3x2 boxes", "123456\n" + strings.Repeat("......\n", 5), Variant{BoxRows: 3, BoxCols: 2}, "6x6 (3x2 boxes)", "123456" + strings.Repeat(".", 30), 1},
		{"X variant", classicLine, Variant{X: true}, "9x9 (3x3 boxes, X)", classicLine, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, p, err := ParsePuzzle(tt.text, tt.spec, Auto)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != tt.box || p.Grid.Format(p.Alphabet) != tt.grid || p.Line != tt.line {
				t.Errorf("%s, %s, line %d; want %s, %s, line %d", b, p.Grid.Format(p.Alphabet), p.Line, tt.box, tt.grid, tt.line)
			}
		})
	}
}

func TestParsePuzzleErrors(t *testing.T) {
	bad := strings.Repeat(".", 40) + "x" + strings.Repeat(".", 40)
	tests := []struct {
		name, text string
		spec       Variant
		msg        string
		line       int // of the *LineError, 0 if none
	}{
		{"nothing", "# only a comment\n\n", Variant{}, "sudoku: no puzzle", 0},
		{"not a square", "# comment\n123\n", Variant{}, "sudoku: line 2: 3 characters is not a square number N*N", 2},
		{"bad character", "# a comment\n" + bad, Variant{}, "sudoku: line 2: ", 2},
		{"short grid row", "1234\n123\n....\n....\n", Variant{}, "sudoku: line 2: grid row 2 has 3 symbols, want 4", 2},
		{"too large", strings.Repeat(".\n", 65), Variant{}, "sudoku: side 65 out of range", 0},
		{"box of another side", classicLine, Variant{BoxRows: 2, BoxCols: 2}, "sudoku: a grid of side 9 on a board of side 4", 0},
		{"bad box", classicLine, Variant{BoxRows: 9, BoxCols: 9}, "sudoku: box 9x9", 0},
		{"two lines are a grid", "1234\n1234\n", Variant{}, "sudoku: line 1: grid row 1 has 4 symbols, want 2", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ParsePuzzle(tt.text, tt.spec, Auto)
			var le *LineError
			line := 0
			if errors.As(err, &le) {
				line = le.Line
			}
			if err == nil || !strings.HasPrefix(err.Error(), tt.msg) || line != tt.line || strings.Contains(err.Error(), "sudoku: sudoku:") {
				t.Errorf("error %v (line %d), want %q (line %d)", err, line, tt.msg, tt.line)
			}
		})
	}
}

// trickle is a reader that gives one byte a call, as a slow pipe does.
type trickle struct{ s string }

func (r *trickle) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0], r.s = r.s[0], r.s[1:]
	return 1, nil
}

// TestReaderSkipsSeparators: a separator line is skipped in line layout too, as
// ParsePuzzle and PeekSide skip it.
func TestReaderSkipsSeparators(t *testing.T) {
	rd := NewReader(strings.NewReader("---\n"+classicLine+"\n+=+=+\n"+classicLine+"\n"), 9, ReadOptions{})
	n := 0
	for p, ok := rd.Next(); ok; p, ok = rd.Next() {
		if p.Err != nil {
			t.Fatal(p.Err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d puzzles, want 2", n)
	}
}
