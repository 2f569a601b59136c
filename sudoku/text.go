package sudoku

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/xcover/xcover/internal/sudokutext"
)

// puzzleLine reports whether a line, trimmed, holds a puzzle or a row of one (see
// [sudokutext.PuzzleLine]). Every reader of puzzles skips lines by it.
func puzzleLine(t []byte) bool { return sudokutext.PuzzleLine(t) }

// NewBoardFor builds the board of variant v for puzzles of side n: when v gives neither a
// box shape nor regions, with the most nearly square boxes R×C for n, R <= C (3×3 for 9,
// 2×3 for 6, 4×4 for 16, 2×5 for 10, 1×7 for 7), or 3x3 when n is 0 (unknown) or out of
// range. Every front end takes its default board from it, so that the same puzzle gets the
// same board everywhere.
func NewBoardFor(v Variant, n int) (*Board, error) {
	if v.Regions == nil && v.BoxRows == 0 && v.BoxCols == 0 && n > 0 && n <= maxN {
		v.BoxRows, v.BoxCols = defaultBox(n)
	}
	return NewBoard(v)
}

// ParsePuzzle reads one puzzle given as text, as a front end takes it from a form: on one
// line of N*N characters, or laid out over N lines (see [ReadOptions].Grid); blank lines,
// comments ('#') and separator lines ('-', '+', '|', '=') are skipped. It returns the
// puzzle and the board it goes on: v's, with the default box shape for the side the text
// implies when v gives none ([NewBoardFor]). A fault of the text is returned as a
// *[LineError] (wrapped), naming the line.
func ParsePuzzle(text string, v Variant, a Alphabet) (*Board, Puzzle, error) {
	var first []byte // the first puzzle line
	firstLine, lines := 0, 0
	for i, line := 0, text; line != ""; i++ {
		var row string
		row, line, _ = strings.Cut(line, "\n")
		if t := bytes.TrimSpace([]byte(row)); puzzleLine(t) {
			if lines == 0 {
				first, firstLine = t, i+1
			}
			lines++
		}
	}
	n := lines // a grid: its rows
	switch {
	case lines == 0:
		return nil, Puzzle{}, errors.New("sudoku: no puzzle: give it on one line or over N lines")
	case lines == 1:
		var ok bool
		if n, ok = sudokutext.SideOfLine(len(first)); !ok {
			return nil, Puzzle{}, fmt.Errorf("sudoku: %w", &LineError{firstLine, fmt.Errorf("%d characters is not a square number N*N", len(first))})
		}
	}
	if n > maxN {
		return nil, Puzzle{}, fmt.Errorf("sudoku: side %d out of range: want 1 to %d", n, maxN)
	}
	b, err := NewBoardFor(v, n)
	if err != nil {
		return nil, Puzzle{}, err
	}
	if b.N() != n {
		return nil, Puzzle{}, fmt.Errorf("sudoku: a grid of side %d on a board of side %d", n, b.N())
	}
	rd := NewReader(strings.NewReader(text), n, ReadOptions{Grid: lines > 1, Alphabet: a})
	p, ok := rd.Next() // the only one: the text has one line, or the N rows of one grid
	switch {
	case !ok:
		return nil, Puzzle{}, fmt.Errorf("sudoku: no puzzle read (%v)", rd.Err())
	case p.Err != nil:
		return nil, Puzzle{}, fmt.Errorf("sudoku: %w", p.Err)
	}
	return b, p, nil
}
