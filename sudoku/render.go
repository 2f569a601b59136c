package sudoku

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// WriteText writes g as a pretty grid in alphabet a: symbols separated by blanks, blanks as
// '.', with '|' between boxes and a rule of '-' and '+' between bands of boxes (no box lines
// on a jigsaw). [Reader] with Grid set reads it back.
func (b *Board) WriteText(w io.Writer, g Grid, a Alphabet) error {
	n := b.n
	if len(g) != n*n {
		return fmt.Errorf("sudoku: grid has %d cells, want %d", len(g), n*n)
	}
	bw := bufio.NewWriter(w)
	var rule strings.Builder
	if b.boxC > 0 {
		for c := 0; c < n; c++ {
			if c > 0 && c%b.boxC == 0 {
				rule.WriteString("-+")
			}
			if c > 0 {
				rule.WriteByte('-')
			}
			rule.WriteByte('-')
		}
	}
	for r := 0; r < n; r++ {
		if r > 0 && b.boxR > 0 && r%b.boxR == 0 {
			bw.WriteString(rule.String())
			bw.WriteByte('\n')
		}
		for c := 0; c < n; c++ {
			if c > 0 {
				if b.boxC > 0 && c%b.boxC == 0 {
					bw.WriteString(" |")
				}
				bw.WriteByte(' ')
			}
			if a == Numbers && g[r*n+c] < 10 {
				bw.WriteByte(' ') // numbers right-aligned in two columns
			}
			bw.Write(a.appendSymbol(nil, g[r*n+c]))
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// WriteSVG writes the grid sol as an SVG picture in alphabet a: thin lines between cells,
// thick lines around boxes or jigsaw regions, shaded diagonals (X) and windows (windoku).
// The givens of puzzle (which may be nil) are drawn bold in black, the other filled cells
// in blue. sol may be puzzle itself to draw an unsolved puzzle.
func (b *Board) WriteSVG(w io.Writer, puzzle, sol Grid, a Alphabet) error {
	n := b.n
	if len(sol) != n*n || (puzzle != nil && len(puzzle) != n*n) {
		return fmt.Errorf("sudoku: grid size does not match %dx%d", n, n)
	}
	const cell, margin = 36, 4
	size := n*cell + 2*margin
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", size, size, size, size)
	fmt.Fprintf(bw, `<rect x="0" y="0" width="%d" height="%d" fill="white"/>`+"\n", size, size)
	shade := func(c int) {
		fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="#e8e8e8"/>`+"\n", margin+c%n*cell, margin+c/n*cell, cell, cell)
	}
	for _, cells := range b.units[b.nRowColRegio:] {
		for _, c := range cells {
			shade(int(c))
		}
	}
	// Thin lines, then thick lines between cells of different regions.
	fmt.Fprintf(bw, `<g stroke="#999" stroke-width="1">`+"\n")
	for i := 1; i < n; i++ {
		p := margin + i*cell
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", p, margin, p, margin+n*cell)
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", margin, p, margin+n*cell, p)
	}
	fmt.Fprintf(bw, "</g>\n"+`<g stroke="black" stroke-width="3" stroke-linecap="square">`+"\n")
	for r := 0; r < n; r++ {
		for c := 0; c < n; c++ {
			x, y := margin+c*cell, margin+r*cell
			if c+1 < n && b.region[r*n+c] != b.region[r*n+c+1] {
				fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", x+cell, y, x+cell, y+cell)
			}
			if r+1 < n && b.region[r*n+c] != b.region[(r+1)*n+c] {
				fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d"/>`+"\n", x, y+cell, x+cell, y+cell)
			}
		}
	}
	fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="none"/>`+"\n</g>\n", margin, margin, n*cell, n*cell)
	fmt.Fprintf(bw, `<g font-family="sans-serif" font-size="%d" text-anchor="middle">`+"\n", cell*2/3)
	for i, v := range sol {
		if v == 0 {
			continue
		}
		x, y := margin+i%n*cell+cell/2, margin+i/n*cell+cell*3/4
		if puzzle != nil && puzzle[i] != 0 {
			fmt.Fprintf(bw, `<text x="%d" y="%d" font-weight="bold" fill="black">%s</text>`+"\n", x, y, a.appendSymbol(nil, v))
		} else {
			fmt.Fprintf(bw, `<text x="%d" y="%d" fill="#1f5fbf">%s</text>`+"\n", x, y, a.appendSymbol(nil, v))
		}
	}
	bw.WriteString("</g>\n</svg>\n")
	return bw.Flush()
}
