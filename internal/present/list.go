package present

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/puzzle"
)

// Formats of a [ListWriter].
const (
	FormatText = "text" // each solution's Text, separated by a blank line ("-" for solids)
	FormatJSON = "json" // one line a solution: a tiling's TilingJSON, with "class" in a class search
	FormatSVG  = "svg"  // one picture of every solution, drawn at Flush
)

// A ListWriter writes a puzzle's solutions one after another, as a listing shows them: as
// text, as one JSON object a line, or as one SVG picture of them all, drawn by Flush at
// the end.
type ListWriter struct {
	w       io.Writer
	pz      puzzle.Puzzle
	about   puzzle.About
	format  string
	svg     [][]int // FormatSVG: the solutions to draw
	written int
	line    []byte
}

// NewListWriter returns a ListWriter of pz's solutions to w in the given format: FormatText,
// FormatJSON (a tiling: no other puzzle has a JSON form) or FormatSVG (the puzzle must
// draw many solutions at once).
func NewListWriter(w io.Writer, pz puzzle.Puzzle, format string) (*ListWriter, error) {
	a := pz.About()
	switch {
	case format == FormatJSON && a.Kind != "tiling":
		return nil, fmt.Errorf("puzzle: %s has no JSON form", a.Title)
	case format == FormatSVG && !a.DrawsMany:
		return nil, fmt.Errorf("puzzle: %s draws no listing", a.Title)
	case format != FormatText && format != FormatJSON && format != FormatSVG:
		return nil, fmt.Errorf("puzzle: unknown format %q: want text, json or svg", format)
	}
	return &ListWriter{w: w, pz: pz, about: a, format: format}, nil
}

// TilingJSON is the JSON form of a tiling: the rows of its picture (one character per
// cell, a letter per piece), or for a solid the rows of each layer, from the bottom.
type TilingJSON struct {
	Rows   []string   `json:"rows,omitempty"`
	Layers [][]string `json:"layers,omitempty"`
}

// NewTilingJSON returns the JSON form of a tiling from its text (puzzle.Puzzle.Text):
// the rows of its picture, grouped by layer for a solid, whose picture separates the
// layers by an empty row.
func NewTilingJSON(text string, solid bool) TilingJSON {
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if !solid {
		return TilingJSON{Rows: rows}
	}
	var out [][]string
	cur := []string{}
	for _, r := range rows {
		if strings.TrimSpace(r) == "" {
			out = append(out, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, r)
	}
	return TilingJSON{Layers: append(out, cur)}
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
		b, err := json.Marshal(NewTilingJSON(lw.pz.Text(sol), lw.about.Solid))
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
	if lw.written > 1 && lw.about.Solid {
		lw.line = append(lw.line, "-\n"...)
	} else if lw.written > 1 {
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

// WriteAll writes the solutions sols of pz to w in the given format, as a ListWriter
// does (see NewListWriter), and flushes the ListWriter: a made puzzle's givens and its
// solution, say.
func WriteAll(w io.Writer, pz puzzle.Puzzle, format string, sols ...[]int) error {
	lw, err := NewListWriter(w, pz, format)
	if err != nil {
		return err
	}
	for _, sol := range sols {
		if err := lw.Write(sol, 0); err != nil {
			return err
		}
	}
	return lw.Flush()
}
