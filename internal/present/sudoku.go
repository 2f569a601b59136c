package present

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover/sudoku"
)

// What the sudoku command prints of the sudoku package's results: the result lines and
// the summary.

// SudokuNoSolution is the line written for a puzzle without a solution.
const SudokuNoSolution = "# no solution"

// FormatLine is a format of a SudokuWriter: a solution a line, in the puzzle's alphabet. In
// FormatText it writes pretty grids (Board.WriteText), a blank line after each; in FormatSVG
// one SVG picture of all the grids, four a row, written by Flush; in FormatJSON one JSON
// object a line.
const FormatLine = "line"

// A SudokuTally counts the results of SolveAll for a summary, the command's and the web
// API's (SudokuSet). The zero SudokuTally is empty.
type SudokuTally struct {
	Puzzles    int `json:"puzzles"`    // puzzles done, malformed ones included
	NoSolution int `json:"noSolution"` // puzzles without a solution
	NotUnique  int `json:"notUnique"`  // puzzles with several solutions (not counted when counting)
	Malformed  int `json:"malformed"`  // malformed puzzles
}

// Add counts one result; counting says that the solutions were counted, so that several
// are not "not unique". A puzzle cut off (res.Err set) is not counted.
func (t *SudokuTally) Add(res sudoku.Result, counting bool) {
	switch {
	case res.Puzzle.Err != nil:
		t.Malformed++
	case res.Err != nil:
		return // cut off: not done
	case res.Count == 0:
		t.NoSolution++
	case res.Count > 1 && !counting:
		t.NotUnique++
	}
	t.Puzzles++
}

// Summary describes the tally after elapsed time in one line: "300 puzzles in 0.012 s:
// 25000 puzzles/s (2 without solution, 1 malformed)" (no rate when elapsed is 0).
func (t *SudokuTally) Summary(elapsed time.Duration) string {
	noun := " puzzles"
	if t.Puzzles == 1 {
		noun = " puzzle"
	}
	s := fmt.Sprintf("%s%s in %.3f s", strconv.Itoa(t.Puzzles), noun, elapsed.Seconds())
	if elapsed > 0 {
		s += fmt.Sprintf(": %.0f puzzles/s", float64(t.Puzzles)/elapsed.Seconds())
	}
	var extra []string
	if t.NoSolution > 0 {
		extra = append(extra, fmt.Sprintf("%d without solution", t.NoSolution))
	}
	if t.NotUnique > 0 {
		extra = append(extra, fmt.Sprintf("%d not unique", t.NotUnique))
	}
	if t.Malformed > 0 {
		extra = append(extra, fmt.Sprintf("%d malformed", t.Malformed))
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// A SudokuWriter writes the results of Board.SolveAll, one after another, as the command
// prints them. A malformed puzzle is written as the line "# malformed line L" (JSON:
// {"line":L,"error":"..."}; nothing in a picture); a puzzle without a solution as
// SudokuNoSolution (in a picture: the puzzle as it is). With count, each result is its
// number of solutions ({"solutions":k}); else its solution (JSON:
// {"solution":"...","solutions":k}, the solution null when k is 0). Its writes are
// buffered, as a csv.Writer's are: Flush writes them out.
type SudokuWriter struct {
	w      *bufio.Writer
	b      *sudoku.Board
	format string
	count  bool
	svgs   [][]byte // FormatSVG: the pictures, for Flush
}

// NewSudokuWriter returns a SudokuWriter of the results for board b to w, in the given
// format (one of the sudokuFormat constants); count writes counts.
func NewSudokuWriter(w io.Writer, b *sudoku.Board, format string, count bool) (*SudokuWriter, error) {
	switch format {
	case FormatLine, FormatText, FormatSVG, FormatJSON:
	default:
		return nil, fmt.Errorf("sudoku: unknown format %q: want line, text, svg or json", format)
	}
	return &SudokuWriter{w: bufio.NewWriterSize(w, 64<<10), b: b, format: format, count: count}, nil
}

// Write writes the result of one puzzle, which must have been solved (res.Err nil).
func (rw *SudokuWriter) Write(res sudoku.Result) error {
	p, w := res.Puzzle, rw.w
	var err error
	switch {
	case p.Err != nil && rw.format == FormatJSON:
		_, err = fmt.Fprintf(w, "{\"line\":%d,\"error\":%s}\n", p.Line, strconv.Quote(p.Err.Error()))
	case p.Err != nil && rw.format != FormatSVG:
		_, err = fmt.Fprintf(w, "# malformed line %d\n", p.Line)
	case p.Err != nil:
	case rw.count && rw.format == FormatJSON:
		_, err = fmt.Fprintf(w, "{\"solutions\":%d}\n", res.Count)
	case rw.count:
		_, err = fmt.Fprintf(w, "%d\n", res.Count)
	case rw.format == FormatJSON && res.Count == 0:
		_, err = io.WriteString(w, "{\"solution\":null,\"solutions\":0}\n")
	case rw.format == FormatJSON:
		_, err = fmt.Fprintf(w, "{\"solution\":\"%s\",\"solutions\":%d}\n", res.Solution.Format(p.Alphabet), res.Count)
	case rw.format == FormatText && res.Count == 0:
		_, err = fmt.Fprintf(w, "%s (line %d)\n\n", SudokuNoSolution, p.Line)
	case rw.format == FormatText:
		if err = rw.b.WriteText(w, res.Solution, p.Alphabet); err == nil {
			_, err = io.WriteString(w, "\n")
		}
	case rw.format == FormatSVG:
		var buf bytes.Buffer
		g := res.Solution
		if res.Count == 0 {
			g = p.Grid // draw the puzzle as it is
		}
		err = rw.b.WriteSVG(&buf, p.Grid, g, p.Alphabet)
		rw.svgs = append(rw.svgs, buf.Bytes())
	case res.Count == 0:
		_, err = io.WriteString(w, SudokuNoSolution+"\n")
	default:
		_, err = w.Write(append(res.Solution.AppendFormat(nil, p.Alphabet), '\n'))
	}
	return err
}

// Flush writes out what was written, and what waits for the end: the picture of all the
// grids (FormatSVG), side by side, four a row, in one SVG document.
func (rw *SudokuWriter) Flush() error {
	if err := rw.writeSVG(); err != nil {
		return err
	}
	return rw.w.Flush()
}

// writeSVG writes the picture of the grids written since the last, if any.
func (rw *SudokuWriter) writeSVG() error {
	svgs := rw.svgs
	rw.svgs = nil
	switch len(svgs) {
	case 0:
		return nil
	case 1:
		_, err := rw.w.Write(svgs[0])
		return err
	}
	// Every picture has the same size: read it from the first.
	var width, height int
	fmt.Sscanf(string(svgs[0][bytes.Index(svgs[0], []byte("width=")):]), "width=\"%d\" height=\"%d\"", &width, &height)
	const perRow, gap = 4, 8
	cols := min(len(svgs), perRow)
	rows := (len(svgs) + perRow - 1) / perRow
	W, H := cols*(width+gap)-gap, rows*(height+gap)-gap
	var buf bytes.Buffer
	fmt.Fprintf(&buf, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", W, H, W, H)
	for i, s := range svgs {
		fmt.Fprintf(&buf, `<g transform="translate(%d,%d)">`+"\n", i%perRow*(width+gap), i/perRow*(height+gap))
		buf.Write(s)
		buf.WriteString("</g>\n")
	}
	buf.WriteString("</svg>\n")
	_, err := rw.w.Write(buf.Bytes())
	return err
}

// WritePartial writes the result of a puzzle whose count was cut off (res.Err set, res.Count
// the solutions found so far): with count in JSON the line {"solutions":k,"partial":true};
// nothing otherwise, since a bare number on its line would read as a finished count (a
// unique puzzle stopped early would show 0), and a solution line needs a finished search.
func (rw *SudokuWriter) WritePartial(res sudoku.Result) error {
	if !rw.count || rw.format != FormatJSON {
		return nil
	}
	_, err := fmt.Fprintf(rw.w, "{\"solutions\":%d,\"partial\":true}\n", res.Count)
	return err
}

// A SudokuInterrupted is the error of a run of the sudoku command cut off by its context:
// Puzzles were written in full, and with Line not 0 the count of the puzzle on that line
// was cut off at Count solutions (written as partial by WritePartial).
type SudokuInterrupted struct {
	Puzzles int
	Line    int
	Count   uint64
	Err     error // the context's error
}

// Error says what was done: "sudoku: interrupted after 12 puzzles", then ": the count 3 for
// line 13 is partial" where a count was cut off.
func (e *SudokuInterrupted) Error() string {
	s := fmt.Sprintf("sudoku: interrupted after %d puzzles", e.Puzzles)
	if e.Line != 0 {
		s += fmt.Sprintf(": the count %d for line %d is partial", e.Count, e.Line)
	}
	return s
}

// Unwrap returns the context's error.
func (e *SudokuInterrupted) Unwrap() error { return e.Err }
