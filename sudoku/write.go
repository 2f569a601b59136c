package sudoku

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/xcover/xcover/dlx"
)

// NoSolution is the line written for a puzzle without a solution.
const NoSolution = "# no solution"

// Output formats of a [ResultWriter].
const (
	FormatLine = "line" // a solution a line, in the puzzle's alphabet
	FormatText = "text" // pretty grids ([Board.WriteText]), a blank line after each
	FormatSVG  = "svg"  // one SVG picture of all the grids, four a row, written by Flush
	FormatJSON = "json" // one JSON object a line
)

// A ResultWriter writes the results of [Board.SolveAll], one after another, as the command
// line prints them. A malformed puzzle is written as the line "# malformed line L" (JSON:
// {"line":L,"error":"..."}; nothing in a picture); a puzzle without a solution as
// [NoSolution] (in a picture: the puzzle as it is). With Count, each result is its number
// of solutions ({"solutions":k}); else its solution (JSON: {"solution":"...","solutions":k},
// the solution null when k is 0). Its writes are buffered, as a csv.Writer's are: Flush
// writes them out.
type ResultWriter struct {
	w      *bufio.Writer
	b      *Board
	format string
	count  bool
	svgs   [][]byte // FormatSVG: the pictures, for Flush
}

// NewResultWriter returns a ResultWriter of the results for board b to w, in the given
// format (FormatLine, FormatText, FormatSVG or FormatJSON); count writes counts.
func NewResultWriter(w io.Writer, b *Board, format string, count bool) (*ResultWriter, error) {
	switch format {
	case FormatLine, FormatText, FormatSVG, FormatJSON:
	default:
		return nil, fmt.Errorf("sudoku: unknown format %q: want line, text, svg or json", format)
	}
	return &ResultWriter{w: bufio.NewWriterSize(w, 64<<10), b: b, format: format, count: count}, nil
}

// Write writes the result of one puzzle, which must have been solved (res.Err nil).
func (rw *ResultWriter) Write(res Result) error {
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
		_, err = fmt.Fprintf(w, "%s (line %d)\n\n", NoSolution, p.Line)
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
		_, err = io.WriteString(w, NoSolution+"\n")
	default:
		_, err = w.Write(append(res.Solution.AppendFormat(nil, p.Alphabet), '\n'))
	}
	return err
}

// Flush writes out what was written, and what waits for the end: the picture of all the
// grids (FormatSVG), side by side, four a row, in one SVG document.
func (rw *ResultWriter) Flush() error {
	if err := rw.writeSVG(); err != nil {
		return err
	}
	return rw.w.Flush()
}

// writeSVG writes the picture of the grids written since the last, if any.
func (rw *ResultWriter) writeSVG() error {
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

// WriteDLX writes puzzle p on the board as an exact cover problem in DLX format (the
// givens' options left out), after a comment line "| line L: BOARD PUZZLE".
func (b *Board) WriteDLX(w io.Writer, p Puzzle) error {
	e, err := b.Encode(p.Grid, GivensOmit)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "| line %d: %s %s\n", p.Line, b, p.Grid.Format(p.Alphabet)); err != nil {
		return err
	}
	return dlx.Write(w, e.Problem)
}

// WritePartial writes the result of a puzzle whose count was cut off (res.Err set, res.Count
// the solutions found so far): with Count in JSON the line {"solutions":k,"partial":true};
// nothing otherwise, since a bare number on its line would read as a finished count (a
// unique puzzle stopped early would show 0), and a solution line needs a finished search.
func (rw *ResultWriter) WritePartial(res Result) error {
	if !rw.count || rw.format != FormatJSON {
		return nil
	}
	_, err := fmt.Fprintf(rw.w, "{\"solutions\":%d,\"partial\":true}\n", res.Count)
	return err
}

// WriteAllOptions controls [ResultWriter.WriteAll]: how to solve, and what to tell the
// caller on the way.
type WriteAllOptions struct {
	SolveOptions
	// Malformed, if not nil, is called with the error of each malformed puzzle, whose
	// line is written too.
	Malformed func(error)
	// Progress, if not nil, is called with the tally so far after a puzzle is written, at
	// most once every ProgressInterval (default 1 s).
	Progress         func(Tally)
	ProgressInterval time.Duration
}

// An Interrupted is the error of [ResultWriter.WriteAll] cut off by its context: Puzzles
// were written in full, and with Line not 0 the count of the puzzle on that line was cut
// off at Count solutions (written as partial by [ResultWriter.WritePartial]).
type Interrupted struct {
	Puzzles int
	Line    int
	Count   uint64
	Err     error // the context's error
}

// Error says what was done: "sudoku: interrupted after 12 puzzles", then ": the count 3 for
// line 13 is partial" where a count was cut off.
func (e *Interrupted) Error() string {
	s := fmt.Sprintf("sudoku: interrupted after %d puzzles", e.Puzzles)
	if e.Line != 0 {
		s += fmt.Sprintf(": the count %d for line %d is partial", e.Count, e.Line)
	}
	return s
}

// Unwrap returns the context's error.
func (e *Interrupted) Unwrap() error { return e.Err }

// WriteAll solves every puzzle rd reads ([Board.SolveAll] on the writer's board), writes
// each result in input order, then Flush. It returns the tally of the puzzles written
// (malformed ones included) and the first error: of solving or writing, rd.Err, or, when
// ctx is cancelled, an [*Interrupted] saying what was done (a count cut off is written by
// WritePartial first). Malformed puzzles are no error: the tally counts them.
func (rw *ResultWriter) WriteAll(ctx context.Context, rd *Reader, opt WriteAllOptions) (Tally, error) {
	var t Tally
	err := rw.writeAll(ctx, rd, opt, &t)
	if err == nil {
		err = rd.Err()
	}
	if err == nil && ctx.Err() != nil {
		err = &Interrupted{Puzzles: t.Puzzles, Err: ctx.Err()}
	}
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	return t, err
}

// writeAll is WriteAll's loop over the results, counting them in t.
func (rw *ResultWriter) writeAll(ctx context.Context, rd *Reader, opt WriteAllOptions, t *Tally) error {
	every := opt.ProgressInterval
	if every <= 0 {
		every = time.Second
	}
	nextReport := time.Now().Add(every)
	for res := range rw.b.SolveAll(ctx, rd, opt.SolveOptions) {
		t.Add(res, rw.count)
		switch {
		case res.Puzzle.Err != nil && opt.Malformed != nil:
			opt.Malformed(res.Puzzle.Err)
		case res.Err != nil:
			if !errors.Is(res.Err, context.Canceled) && !errors.Is(res.Err, context.DeadlineExceeded) {
				return res.Err
			}
			cut := &Interrupted{Puzzles: t.Puzzles, Err: res.Err}
			if rw.count {
				cut.Line, cut.Count = res.Puzzle.Line, res.Count
				rw.WritePartial(res) // the interruption is the error to report
			}
			return cut
		}
		if err := rw.Write(res); err != nil {
			return err
		}
		if opt.Progress != nil && time.Now().After(nextReport) {
			nextReport = time.Now().Add(every)
			opt.Progress(*t)
		}
	}
	return nil
}
