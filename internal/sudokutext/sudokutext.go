// Package sudokutext holds the rules of Sudoku text that the sudoku package and the command
// share and a library user does not need: which lines hold puzzles, and the side of a board
// that the first puzzle of an input implies (the command peeks at it to choose the board
// before it reads).
package sudokutext

import (
	"bufio"
	"bytes"
	"strings"
)

// PuzzleLine reports whether a line, trimmed, holds a puzzle or a row of one: it is not
// blank, not a comment (starting with '#') and not a separator line of '-', '+', '|', '='
// and blanks, as pretty-printed grids have. Every reader of puzzles skips lines by it.
func PuzzleLine(t []byte) bool {
	if len(t) == 0 || t[0] == '#' {
		return false
	}
	for _, ch := range t {
		switch ch {
		case '-', '+', '|', '=', ' ', '\t':
		default:
			return true
		}
	}
	return false
}

// rowSide returns the side of the board that the first puzzle line t (trimmed) implies: in
// line layout the square root of its length, or 0 if that is not a square; in grid layout
// the number of symbols on the row, apart ("5 3 . | . 7 .", "10 11 12 ...") or, with no
// blank in the row, together ("53..7....", "53.|.7.|...").
func rowSide(t []byte, grid bool) int {
	if !grid {
		if n, ok := SideOfLine(len(t)); ok {
			return n
		}
		return 0
	}
	if !bytes.ContainsAny(t, " \t") {
		return len(t) - countAny(t, "|+")
	}
	return len(bytes.FieldsFunc(t, func(r rune) bool { return r == ' ' || r == '\t' || r == '|' || r == '+' }))
}

// countAny returns the number of bytes of t that are in chars.
func countAny(t []byte, chars string) int {
	n := 0
	for _, ch := range t {
		if strings.IndexByte(chars, ch) >= 0 {
			n++
		}
	}
	return n
}

// PeekSide returns the side of the board that the first puzzle of the input implies — the
// square root of its line's length, or with grid the number of symbols on its first row —
// or 0 if it says nothing clear (a line whose length is not a square, or no puzzle line in
// the first br.Size() bytes). It reads nothing away: the input is peeked at, asking for one
// more byte at a time only while no puzzle line is complete, so that a pipe or a terminal
// is not made to wait for more than that.
func PeekSide(br *bufio.Reader, grid bool) int {
	for want := 1; want <= br.Size(); {
		buf, err := br.Peek(want)
		eof := err != nil
		if !eof {
			buf, _ = br.Peek(br.Buffered())
		}
		for rest := buf; len(rest) > 0; {
			line, after, complete := bytes.Cut(rest, []byte{'\n'})
			rest = after
			t := bytes.TrimSpace(line)
			if !PuzzleLine(t) {
				continue
			}
			if !complete && !eof {
				break // not complete yet
			}
			return rowSide(t, grid)
		}
		if eof {
			return 0
		}
		want = len(buf) + 1
	}
	return 0
}

// SideOfLine returns the side of a board whose puzzle is written on one line of the given
// number of characters, one a cell, or false if that is not a square number.
func SideOfLine(chars int) (int, bool) {
	n := 0
	for (n+1)*(n+1) <= chars {
		n++
	}
	return n, n*n == chars && n >= 1
}
