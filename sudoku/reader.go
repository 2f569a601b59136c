package sudoku

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/xcover/xcover/internal/textio"
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
	// Alphabet forces the alphabet; Auto decides for each puzzle (see [Auto]).
	Alphabet Alphabet
	// Name names the input in read errors ("puzzles.txt:7: line longer than 64 MiB").
	Name string
}

// A Reader reads puzzles for a board of side N. Lines whose first non-blank character is
// '#', blank lines and separator lines (only '-', '+', '|', '=' and blanks) are skipped. A
// malformed puzzle is returned with Err set (a *LineError) and reading goes on.
type Reader struct {
	lr   *textio.LineReader
	n    int
	opt  ReadOptions
	line int
	err  error
}

// NewReader returns a Reader of puzzles of side n from r.
func NewReader(r io.Reader, n int, opt ReadOptions) *Reader {
	return &Reader{lr: textio.NewLineReader(r, opt.Name), n: n, opt: opt}
}

// Err returns the first read error met, other than io.EOF: an error naming the input
// and the line (binary input, a line longer than 64 MiB, a failed read).
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
	return r.parseLine(t, r.line, make(Grid, r.n*r.n)), true
}

func (r *Reader) nextGrid() (Puzzle, bool) {
	var text []byte // the rows, copied: a line is valid only until the next is read
	var ends, lines []int
	for len(lines) < r.n {
		t, ok := r.nextLine()
		if !ok {
			break
		}
		text = append(text, t...)
		ends = append(ends, len(text))
		lines = append(lines, r.line)
	}
	if len(lines) == 0 {
		return Puzzle{}, false
	}
	rows := make([][]byte, len(lines))
	for i, start := 0, 0; i < len(rows); i++ {
		rows[i], start = text[start:ends[i]], ends[i]
	}
	return r.parseGrid(rows, lines, make(Grid, r.n*r.n), nil), true
}

// numbers reports whether the puzzles are read in the Numbers alphabet.
func (r *Reader) numbers() bool {
	return r.opt.Alphabet == Numbers || r.opt.Alphabet == Auto && r.n > ZeroBased.maxValue()
}

// parseLine parses the puzzle on line number line, t (trimmed), into g (N*N cells); the
// puzzle's Grid is g unless it is malformed. It only reads r's settings, so that several
// goroutines may parse at once.
func (r *Reader) parseLine(t []byte, line int, g Grid) Puzzle {
	p := Puzzle{Line: line}
	nn := r.n * r.n
	if r.numbers() {
		p.Alphabet = Numbers
		if err := parseNumbers(g, t, r.n); err != nil {
			p.Err = &LineError{line, err}
			return p
		}
		p.Grid = g
		return p
	}
	if len(t) != nn {
		p.Err = &LineError{line, lengthError(t, r.n)}
		return p
	}
	a, err := parseCells(g, t, r.n, r.opt.Alphabet)
	p.Alphabet = a
	if err != nil {
		p.Err = &LineError{line, err}
		return p
	}
	p.Grid = g
	return p
}

// parseGrid parses the puzzle laid out over rows (trimmed, at most N; fewer when the input
// ended), found on the given line numbers, into g (N*N cells); scratch, if not nil, is
// room for the cells' text. Like parseLine it only reads r's settings.
func (r *Reader) parseGrid(rows [][]byte, lines []int, g Grid, scratch []byte) Puzzle {
	p := Puzzle{Line: lines[0]}
	cells := scratch[:0]
	numbers := r.numbers()
	for i, t := range rows {
		k := 0
		if numbers {
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
			p.Err = &LineError{lines[i], fmt.Errorf("grid row %d has %d symbols, want %d", i+1, k, r.n)}
		}
	}
	if len(rows) < r.n && p.Err == nil {
		p.Err = &LineError{p.Line, fmt.Errorf("grid ends after %d rows, want %d", len(rows), r.n)}
	}
	if p.Err != nil {
		return p
	}
	a, err := parseCells(g, cells, r.n, r.opt.Alphabet)
	p.Alphabet = a
	if err != nil {
		p.Err = &LineError{p.Line, err}
		return p
	}
	p.Grid = g
	return p
}
