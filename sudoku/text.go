package sudoku

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// puzzleLine reports whether a line, trimmed, holds a puzzle or a row of one: it is not
// blank, not a comment (starting with '#') and not a separator line of '-', '+', '|', '='
// and blanks, as pretty-printed grids have. Every reader of puzzles skips lines by it.
func puzzleLine(t []byte) bool {
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
			if !puzzleLine(t) {
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

// ParseBox reads a box shape "RxC" (such as "3x3" or "2x3"): R rows and C columns.
func ParseBox(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 {
		return 0, 0, fmt.Errorf("sudoku: box %q: want RxC, e.g. 3x3 or 2x3", s)
	}
	return rows, cols, nil
}

// NewBoardFor builds the board of spec for puzzles of side n: when spec gives neither a box
// shape nor regions, with boxes of the default shape for n ([DefaultBox]), or 3x3 when n
// is 0 (unknown) or out of range. Every front end takes its default board from it.
func NewBoardFor(spec Spec, n int) (*Board, error) {
	if spec.Regions == nil && spec.BoxRows == 0 && spec.BoxCols == 0 && n > 0 && n <= MaxN {
		spec.BoxRows, spec.BoxCols = DefaultBox(n)
	}
	return NewBoard(spec)
}

// ParsePuzzle reads one puzzle given as text, as a front end takes it from a form: on one
// line of N*N characters, or laid out over N lines (see [ReadOptions].Grid); blank lines,
// comments ('#') and separator lines ('-', '+', '|', '=') are skipped. It returns the
// puzzle and the board it goes on: spec's, with the default box shape for the side the
// text implies when spec gives none ([NewBoardFor]). A fault of the text is returned as a
// *[LineError] (wrapped), naming the line.
func ParsePuzzle(text string, spec Spec, a Alphabet) (*Board, Puzzle, error) {
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
		if n, ok = SideOfLine(len(first)); !ok {
			return nil, Puzzle{}, fmt.Errorf("sudoku: %w", &LineError{firstLine, fmt.Errorf("%d characters is not a square number N*N", len(first))})
		}
	}
	if n > MaxN {
		return nil, Puzzle{}, fmt.Errorf("sudoku: side %d out of range: want 1 to %d", n, MaxN)
	}
	b, err := NewBoardFor(spec, n)
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
