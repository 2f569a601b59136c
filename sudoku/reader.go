package sudoku

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/dlx"
)

// A Puzzle is one puzzle read by a [Reader].
type Puzzle struct {
	Line     int      // line number of the puzzle (its first line in grid layout), from 1
	Grid     Grid     // the cells; nil if Err is set
	Alphabet Alphabet // the alphabet it was written in
	Err      error    // why the puzzle is malformed, or nil
}

// A LineError is a malformed puzzle: its line number and what is wrong.
type LineError struct {
	Line int
	Err  error
}

// Error returns the message with its line number.
func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the error without its line number.
func (e *LineError) Unwrap() error { return e.Err }

// ReadOptions controls a [Reader].
type ReadOptions struct {
	// Grid reads each puzzle laid out over N lines, N symbols a line with any blanks
	// between them; '|' and '+' are ignored (and separator lines skipped, as in either
	// layout), so pretty-printed grids read back. Otherwise each puzzle is one line of
	// N*N characters.
	Grid bool
	// Alphabet forces the alphabet; Auto decides for each puzzle (see [ParseLine]).
	Alphabet Alphabet
	// Name names the input in read errors ("puzzles.txt:7: line longer than 64 MiB").
	Name string
}

// A Reader reads puzzles for a board of side N. Lines whose first non-blank character is
// '#', blank lines and separator lines (only '-', '+', '|', '=' and blanks) are skipped. A
// malformed puzzle is returned with Err set (a *LineError) and reading goes on.
type Reader struct {
	lr   *dlx.LineReader
	n    int
	opt  ReadOptions
	line int
	err  error
}

// NewReader returns a Reader of puzzles of side n from r.
func NewReader(r io.Reader, n int, opt ReadOptions) *Reader {
	return &Reader{lr: dlx.NewLineReader(r, opt.Name), n: n, opt: opt}
}

// Err returns the first read error met, other than io.EOF: a *[dlx.Error] naming the input
// and the line (binary input, a line longer than [dlx.MaxLineBytes], a failed read).
func (r *Reader) Err() error { return r.err }

// nextLine returns the next line that holds a puzzle or a row of one, trimmed: blank lines,
// comments and separator lines are skipped.
func (r *Reader) nextLine() ([]byte, bool) {
	for {
		line, err := r.lr.ReadLine()
		if err != nil {
			if err != io.EOF {
				r.err = err
			}
			return nil, false
		}
		r.line = r.lr.Line()
		if t := bytes.TrimSpace(line); puzzleLine(t) {
			return t, true
		}
	}
}

// Next returns the next puzzle, and false at the end of the input.
func (r *Reader) Next() (Puzzle, bool) {
	if r.opt.Grid {
		return r.nextGrid()
	}
	t, ok := r.nextLine()
	if !ok {
		return Puzzle{}, false
	}
	p := Puzzle{Line: r.line}
	nn := r.n * r.n
	if r.opt.Alphabet == Numbers || r.opt.Alphabet == Auto && r.n > ZeroBased.MaxValue() {
		g := make(Grid, nn)
		p.Alphabet = Numbers
		if err := parseNumbers(g, t, r.n); err != nil {
			p.Err = &LineError{r.line, err}
			return p, true
		}
		p.Grid = g
		return p, true
	}
	if len(t) != nn {
		p.Err = &LineError{r.line, fmt.Errorf("%d characters, want %d for %dx%d", len(t), nn, r.n, r.n)}
		return p, true
	}
	g := make(Grid, nn)
	a, err := parseCells(g, t, r.n, r.opt.Alphabet)
	p.Alphabet = a
	if err != nil {
		p.Err = &LineError{r.line, err}
		return p, true
	}
	p.Grid = g
	return p, true
}

func (r *Reader) nextGrid() (Puzzle, bool) {
	var p Puzzle
	cells := make([]byte, 0, r.n*r.n)
	for rows := 0; rows < r.n; {
		t, ok := r.nextLine()
		if !ok {
			if rows == 0 {
				return Puzzle{}, false
			}
			if p.Err == nil {
				p.Err = &LineError{p.Line, fmt.Errorf("grid ends after %d rows, want %d", rows, r.n)}
			}
			return p, true
		}
		if rows == 0 {
			p.Line = r.line
		}
		rows++
		k := 0
		if r.opt.Alphabet == Numbers || r.opt.Alphabet == Auto && r.n > ZeroBased.MaxValue() {
			// Numbers: the row's fields, each followed by a blank.
			for f := range strings.FieldsFuncSeq(string(t), func(c rune) bool {
				return c == ' ' || c == '\t' || c == '|' || c == '+'
			}) {
				cells = append(append(cells, f...), ' ')
				k++
			}
		} else {
			for _, ch := range t {
				switch ch {
				case ' ', '\t', '|', '+':
				default:
					cells = append(cells, ch)
					k++
				}
			}
		}
		if k != r.n && p.Err == nil {
			p.Err = &LineError{r.line, fmt.Errorf("grid row %d has %d symbols, want %d", rows, k, r.n)}
		}
	}
	if p.Err != nil {
		return p, true
	}
	g := make(Grid, r.n*r.n)
	a, err := parseCells(g, cells, r.n, r.opt.Alphabet)
	p.Alphabet = a
	if err != nil {
		p.Err = &LineError{p.Line, err}
		return p, true
	}
	p.Grid = g
	return p, true
}
