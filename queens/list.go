package queens

import (
	"fmt"
	"io"
)

// Formats of a [ListWriter].
const (
	FormatText = "text" // boards as text (WriteText), a blank line between; past TextBoardMax one line of files each
	FormatJSON = "json" // one line of AppendJSON per board
	FormatSVG  = "svg"  // one picture of all the boards (WriteSVG), written by Flush
	FormatHTML = "html" // a page with the board and its check table (WriteHTML)
)

// TextBoardMax is the largest side drawn as a text board; a larger board with one queen
// per line is written as one line of its files ([FormatFiles]).
const TextBoardMax = 100

// A ListWriter writes a listing of boards of one size, as the command line prints them,
// one board after another; Flush writes what waits for the end (a picture).
type ListWriter struct {
	w       io.Writer
	n       int
	perLine int
	format  string
	boards  []Board // FormatSVG: the boards, for Flush
	written int
}

// NewListWriter returns a ListWriter to w of n×n boards with perLine queens on every rank
// and file (0 means 1), in format FormatText, FormatJSON, FormatSVG or FormatHTML.
func NewListWriter(w io.Writer, n, perLine int, format string) (*ListWriter, error) {
	switch format {
	case FormatText, FormatJSON, FormatSVG, FormatHTML:
	default:
		return nil, fmt.Errorf("queens: unknown format %q: want text, json, svg or html", format)
	}
	return &ListWriter{w: w, n: n, perLine: max(1, perLine), format: format}, nil
}

// Written returns the number of boards written.
func (lw *ListWriter) Written() int { return lw.written }

// Write writes one board (in FormatSVG, keeps it for Flush).
func (lw *ListWriter) Write(b Board) error {
	lw.written++
	var err error
	switch {
	case lw.format == FormatSVG:
		lw.boards = append(lw.boards, b)
	case lw.format == FormatHTML:
		title := fmt.Sprintf("%d queens", lw.n)
		if lw.perLine > 1 {
			title += fmt.Sprintf(", %d per line", lw.perLine)
		}
		err = WriteHTML(lw.w, b, lw.perLine, title)
	case lw.format == FormatJSON:
		_, err = lw.w.Write(append(AppendJSON(nil, b, lw.perLine), '\n'))
	case lw.perLine == 1 && lw.n > TextBoardMax:
		_, err = io.WriteString(lw.w, FormatFiles(b.Files())+"\n")
	default:
		if lw.written > 1 {
			if _, err = io.WriteString(lw.w, "\n"); err != nil {
				return err
			}
		}
		err = WriteText(lw.w, b)
	}
	return err
}

// Flush writes the picture of the boards written so far in FormatSVG (an empty picture if
// there are none); in the other formats it writes nothing.
func (lw *ListWriter) Flush() error {
	if lw.format != FormatSVG {
		return nil
	}
	return WriteSVG(lw.w, lw.boards, 0)
}

// WriteCensus writes a census in the writer's format: the boards of its representatives in
// one picture (FormatSVG, flushed at once), its JSON lines (FormatJSON, see
// [Census.WriteJSON]), or else its text (see [Census.WriteText]; a page of FormatHTML draws
// one board, so a census is written as text there too).
func (lw *ListWriter) WriteCensus(c *Census) error {
	switch lw.format {
	case FormatSVG:
		for _, o := range c.Reps {
			lw.Write(BoardOf(o.Rep))
		}
		return lw.Flush()
	case FormatJSON:
		return c.WriteJSON(lw.w)
	}
	return c.WriteText(lw.w)
}
