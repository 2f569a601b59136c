package sudoku

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

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
// the solution null when k is 0).
type ResultWriter struct {
	w      io.Writer
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
	return &ResultWriter{w: w, b: b, format: format, count: count}, nil
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

// Flush writes what waits for the end: the picture of all the grids (FormatSVG), side by
// side, four a row, in one SVG document.
func (rw *ResultWriter) Flush() error {
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
