package present

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xcover/xcover/queens"
)

// What the queens command prints: its listings, census and count reports.

// FormatHTML is a format of a QueensWriter: a page with the board and its check table
// (queens.WriteHTML). In FormatText a QueensWriter writes boards as text (queens.WriteText),
// a blank line between, past queensTextMax one line of files each; in FormatJSON one line of
// appendQueensJSON per board; in FormatSVG one picture of all the boards (queens.WriteSVG),
// written by Flush.
const FormatHTML = "html"

// queensTextMax is the largest side drawn as a text board; a larger board with one queen
// per line is written as one line of its files (formatFiles).
const queensTextMax = 100

// A QueensWriter writes a listing of boards of one size, one board after another; Flush
// writes what waits for the end (a picture).
type QueensWriter struct {
	w       io.Writer
	n       int
	perLine int
	format  string
	boards  []queens.Board // FormatSVG: the boards, for Flush
	written int
}

// NewQueensWriter returns a QueensWriter to w of n×n boards with perLine queens on every
// rank and file (0 means 1), in format FormatText, FormatJSON, FormatSVG or FormatHTML.
func NewQueensWriter(w io.Writer, n, perLine int, format string) (*QueensWriter, error) {
	switch format {
	case FormatText, FormatJSON, FormatSVG, FormatHTML:
	default:
		return nil, fmt.Errorf("queens: unknown format %q: want text, json, svg or html", format)
	}
	return &QueensWriter{w: w, n: n, perLine: max(1, perLine), format: format}, nil
}

// Write writes one board (in FormatSVG, keeps it for Flush).
func (lw *QueensWriter) Write(b queens.Board) error {
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
		err = queens.WriteHTML(lw.w, b, lw.perLine, title)
	case lw.format == FormatJSON:
		_, err = lw.w.Write(append(appendQueensJSON(nil, b, lw.perLine), '\n'))
	case lw.perLine == 1 && lw.n > queensTextMax:
		_, err = io.WriteString(lw.w, formatFiles(b.Files())+"\n")
	default:
		if lw.written > 1 {
			if _, err = io.WriteString(lw.w, "\n"); err != nil {
				return err
			}
		}
		err = queens.WriteText(lw.w, b)
	}
	return err
}

// Written returns the number of boards written.
func (lw *QueensWriter) Written() int { return lw.written }

// Flush writes the picture of the boards written so far in FormatSVG (an empty picture if
// there are none); in the other formats it writes nothing.
func (lw *QueensWriter) Flush() error {
	if lw.format != FormatSVG {
		return nil
	}
	return queens.WriteSVG(lw.w, lw.boards, 0)
}

// WriteCensus writes a census in the writer's format: the boards of its representatives in
// one picture (FormatSVG, flushed at once), its JSON lines (FormatJSON, see
// writeCensusJSON), or else its text (see writeCensusText; a page of FormatHTML draws one
// board, so a census is written as text there too).
func (lw *QueensWriter) WriteCensus(c *queens.Census) error {
	switch lw.format {
	case FormatSVG:
		for _, o := range c.Reps {
			lw.Write(queens.BoardOf(o.Rep))
		}
		return lw.Flush()
	case FormatJSON:
		return writeCensusJSON(lw.w, c)
	}
	return writeCensusText(lw.w, c)
}

// symmetryNames returns the names of the symmetries of the board, in the order of
// Census.Fixed.
func symmetryNames(c *queens.Census) []string {
	names := make([]string, len(c.Fixed))
	for g := range names {
		names[g] = queens.Symmetry(g).String()
	}
	return names
}

// writeCensusText writes the census: a line for each representative kept (its files, the
// size of its orbit and the symmetries that fix it), then the number of orbits beside
// Burnside's count, "MISMATCH" if they differ.
func writeCensusText(w io.Writer, c *queens.Census) error {
	var b strings.Builder
	for _, o := range c.Reps {
		b.WriteString(formatFiles(o.Rep))
		fmt.Fprintf(&b, "  orbit size %d, fixed by", o.Size)
		for _, g := range o.Fixers {
			fmt.Fprintf(&b, " %v", g)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%d solutions in %d orbits; Burnside: (", c.Solutions, c.Orbits)
	for g, f := range c.Fixed {
		if g > 0 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "%d", f)
	}
	fmt.Fprintf(&b, ")/8 = %d", c.Burnside())
	if c.Check() != nil {
		b.WriteString("  MISMATCH")
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCensusJSON writes the census as JSON lines: one
// {"queens":[...],"size":S,"fixedBy":[...]} for each representative kept, then
// {"solutions":N,"orbits":O,"burnside":B,"fixed":{...}}.
func writeCensusJSON(w io.Writer, c *queens.Census) error {
	enc := json.NewEncoder(w)
	for _, o := range c.Reps {
		fixers := make([]string, len(o.Fixers))
		for i, g := range o.Fixers {
			fixers[i] = g.String()
		}
		if err := enc.Encode(struct {
			Queens []int    `json:"queens"`
			Size   int      `json:"size"`
			Fixers []string `json:"fixedBy"`
		}{o.Rep, o.Size, fixers}); err != nil {
			return err
		}
	}
	fixed := make(map[string]uint64)
	for g, name := range symmetryNames(c) {
		fixed[name] = c.Fixed[g]
	}
	return enc.Encode(struct {
		Solutions uint64            `json:"solutions"`
		Orbits    uint64            `json:"orbits"`
		Burnside  uint64            `json:"burnside"`
		Fixed     map[string]uint64 `json:"fixed"`
	}{c.Solutions, c.Orbits, c.Burnside(), fixed})
}

// formatFiles returns the files of a solution separated by spaces: the one-line form of a
// board too large to draw.
func formatFiles(files []int) string {
	b := make([]byte, 0, 4*len(files))
	for i, f := range files {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(f), 10)
	}
	return string(b)
}

// appendQueensJSON appends the board as a JSON object: {"queens":[f0,f1,...]}, the file of
// the queen on each rank, with one queen per line (perLine 0 or 1), else
// {"queens":[[rank,file],...]}.
func appendQueensJSON(b []byte, board queens.Board, perLine int) []byte {
	b = append(b, `{"queens":[`...)
	if perLine <= 1 {
		for i, f := range board.Files() {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(f), 10)
		}
		return append(b, "]}"...)
	}
	for i, q := range board.Queens {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = strconv.AppendInt(b, int64(q.Rank), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(q.File), 10)
		b = append(b, ']')
	}
	return append(b, "]}"...)
}

// A QueensCount is a count of queens as the command reports it; its JSON spelling is what "xcover
// queens --count --json" prints.
type QueensCount struct {
	N         int     `json:"n"`
	PerLine   int     `json:"perLine,omitempty"` // set only beyond one queen per line
	Solutions uint64  `json:"solutions"`
	Distinct  *uint64 `json:"distinct,omitempty"` // when the distinct solutions were counted
	Engine    string  `json:"engine"`             // the engine that counted
	Seconds   float64 `json:"seconds"`            // wall time
	Partial   bool    `json:"partial,omitempty"`  // interrupted: the counts so far
}

// Text returns the count as a line of text: "92" or, with Distinct, "92 solutions, 12
// essentially different".
func (r QueensCount) Text() string {
	if r.Distinct == nil {
		return fmt.Sprintf("%d\n", r.Solutions)
	}
	if r.Partial {
		// The classes of the parts not counted are unknown, and a counter may tell them
		// only at its end: "0 essentially different" would be a wrong answer.
		return fmt.Sprintf("%d solutions so far, essentially different unknown (partial)\n", r.Solutions)
	}
	return fmt.Sprintf("%d solutions, %d essentially different\n", r.Solutions, *r.Distinct)
}

// NoQueensSolution returns what to say of a listing of the n×n board with perLine queens on
// every line that found no solution: "no solution", and why when the command knows: the
// queens per line do not fit on the board, or the board has none (every N from 4 up has
// some). An external solver's listing (via) says no more.
func NoQueensSolution(n, perLine int, via bool) string {
	switch {
	case via:
		return "no solution"
	case perLine > 1:
		return fmt.Sprintf("no solution: %d queens per line do not fit on a %dx%d board", perLine, n, n)
	}
	return fmt.Sprintf("no solution: N = %d has none (every N from 4 up has some)", n)
}
