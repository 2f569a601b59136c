package present

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/xcover/xcover/puzzle"
)

// Formats of a [ListWriter].
const (
	FormatText = "text" // each solution's Text, separated by a line of Between
	FormatJSON = "json" // one line a solution: the puzzle's JSON form, with "class" in a class search
	FormatSVG  = "svg"  // one picture of every solution, drawn at Flush
)

// A ListWriter writes a puzzle's solutions one after another, as a listing shows them: as
// text, as one JSON object a line, or as one SVG picture of them all, drawn by Flush at
// the end.
type ListWriter struct {
	w       io.Writer
	pz      *puzzle.Puzzle
	format  string
	svg     [][]int // FormatSVG: the solutions to draw
	written int
	line    []byte
}

// NewListWriter returns a ListWriter of pz's solutions to w in the given format: FormatText,
// FormatJSON (the puzzle must have a JSON form) or FormatSVG (the puzzle must draw many
// solutions at once).
func NewListWriter(w io.Writer, pz *puzzle.Puzzle, format string) (*ListWriter, error) {
	switch {
	case format == FormatJSON && pz.JSON == nil:
		return nil, fmt.Errorf("puzzle: %s has no JSON form", pz.Title)
	case format == FormatSVG && (pz.Draw == nil || !pz.DrawsMany):
		return nil, fmt.Errorf("puzzle: %s draws no listing", pz.Title)
	case format != FormatText && format != FormatJSON && format != FormatSVG:
		return nil, fmt.Errorf("puzzle: unknown format %q: want text, json or svg", format)
	}
	return &ListWriter{w: w, pz: pz, format: format}, nil
}

// Write writes one solution; class, if not 0, is the size of its class of symmetric
// solutions, which the JSON form gives as "class".
func (lw *ListWriter) Write(sol []int, class int) error {
	lw.written++
	switch lw.format {
	case FormatSVG:
		lw.svg = append(lw.svg, slices.Clone(sol))
		return nil
	case FormatJSON:
		b, err := json.Marshal(lw.pz.JSON(sol))
		if err != nil {
			return err
		}
		if class != 0 && len(b) > 2 && b[len(b)-1] == '}' {
			b = append(strconv.AppendInt(append(b[:len(b)-1], `,"class":`...), int64(class), 10), '}')
		}
		_, err = lw.w.Write(append(b, '\n'))
		return err
	}
	lw.line = lw.line[:0]
	if lw.written > 1 {
		lw.line = append(lw.line, lw.pz.Between...)
		lw.line = append(lw.line, '\n')
	}
	lw.line = append(lw.line, lw.pz.Text(sol)...)
	_, err := lw.w.Write(lw.line)
	return err
}

// Written returns the number of solutions written.
func (lw *ListWriter) Written() int { return lw.written }

// Flush writes what waits for the end: the picture of the solutions written (FormatSVG).
// The other formats are written as they come.
func (lw *ListWriter) Flush() error {
	if lw.format != FormatSVG {
		return nil
	}
	svg := lw.svg
	lw.svg = nil
	return lw.pz.Draw(lw.w, svg)
}
