package tiling

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"
)

// pieceGlyphs returns the character that draws each piece in pictures: its own Glyph when no
// earlier piece has taken it, otherwise the first free letter or digit.
func pieceGlyphs(pieces []Piece) []rune {
	out := make([]rune, len(pieces))
	taken := map[rune]bool{}
	for i, p := range pieces {
		if p.Glyph != 0 && p.Glyph != '.' && p.Glyph != ' ' && !taken[p.Glyph] {
			out[i] = p.Glyph
			taken[p.Glyph] = true
		}
	}
	const pool = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#$%&*+=?!<>"
	next := 0
	for i := range out {
		if out[i] != 0 {
			continue
		}
		for next < len(pool) && taken[rune(pool[next])] {
			next++
		}
		if next < len(pool) {
			out[i] = rune(pool[next])
		} else {
			out[i] = rune(0x100 + i) // beyond the pool: Latin letters and more
		}
		taken[out[i]] = true
	}
	return out
}

// String returns the picture of the tiling: each cell drawn by the character of its piece
// (its Glyph, or the first free letter or digit when an earlier piece has taken that), an
// empty cell of the region by '.', and a hole by a blank; one line per row, trailing blanks
// removed, layers separated by a blank line. A row with no cells is drawn as a
// single '.', so that the picture read back by [ParseRegion] gives the covered cells, and by
// [ParsePieces] the cells of each piece (placements of the same piece together).
func (t *Tiling) String() string {
	g := pieceGlyphs(t.Pieces)
	own := t.owners()
	r := t.Region
	var sb strings.Builder
	line := make([]rune, r.w)
	for z := range r.d {
		if z > 0 {
			sb.WriteByte('\n')
		}
		for y := range r.h {
			for x := range r.w {
				line[x] = ' '
				if j, ok := r.index[Point{x, y, z}]; ok {
					line[x] = '.'
					if own[j] >= 0 {
						line[x] = g[t.placed[own[j]].Piece]
					}
				}
			}
			s := strings.TrimRight(string(line), " ")
			if s == "" {
				s = "."
			}
			sb.WriteString(s)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// SVGOptions controls [WriteSVG]. The zero value gives 24-pixel cells and a roughly square
// grid of tilings.
type SVGOptions struct {
	Cell    int // side of a cell in pixels; 0 means 24
	Columns int // tilings per row of the grid; 0 means about the square root of their number
	// Given, if not nil, holds the pieces pre-placed in a puzzle (a tiling of the same
	// region, in part): in every tiling drawn, the cells it covers keep their piece's
	// colour and are marked class "given"; the other pieces are drawn pale.
	Given *Tiling
}

// pieceColors returns n distinct fill colours, as "#rrggbb", spread around the colour wheel.
func pieceColors(n int) []string {
	out := make([]string, n)
	for i := range out {
		h := math.Mod(float64(i)*137.508, 360) // golden angle
		l := 0.62
		if i%2 == 1 {
			l = 0.72
		}
		out[i] = hsl(h, 0.65, l)
	}
	return out
}

// pale returns the "#rrggbb" colour c three quarters of the way to white.
func pale(c string) string {
	var r, g, b int
	fmt.Sscanf(c, "#%02x%02x%02x", &r, &g, &b)
	to := func(v int) int { return 255 - (255-v)/4 }
	return fmt.Sprintf("#%02x%02x%02x", to(r), to(g), to(b))
}

func hsl(h, s, l float64) string {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	to := func(v float64) int { return int(math.Round((v + m) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", to(r), to(g), to(b))
}

// WriteSVG draws tilings of one region as an SVG picture: a grid of tilings, each piece
// filled with its piece's colour, heavy lines where pieces meet and around the region, light
// lines between the cells of a piece. A tiling in space is drawn as one panel per layer, side
// by side.
func WriteSVG(w io.Writer, ts []*Tiling, opt SVGOptions) error {
	cell := opt.Cell
	if cell <= 0 {
		cell = 24
	}
	cols := opt.Columns
	if cols <= 0 {
		cols = max(1, int(math.Ceil(math.Sqrt(float64(len(ts))))))
	}
	cols = max(1, min(cols, len(ts)))
	rows := (len(ts) + cols - 1) / cols
	var rw, rh, rd int
	for _, t := range ts {
		w, h, d := t.Region.Size()
		rw, rh, rd = max(rw, w), max(rh, h), max(rd, d)
	}
	pad := cell / 2
	panelW := rw*cell + pad  // one layer plus the gap after it
	tileW := rd*panelW + pad // a tiling with its layers
	tileH := rh*cell + 2*pad // a tiling's height with gaps
	width, height := max(cols*tileW+pad, 1), max(rows*tileH, 1)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n",
		width, height, width, height)
	fmt.Fprintf(bw, "<title>%d tiling%s</title>\n", len(ts), plural(len(ts)))
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	for n, t := range ts {
		x0 := pad + (n%cols)*tileW
		y0 := pad + (n/cols)*tileH
		drawTiling(bw, t, x0, y0, cell, panelW, opt.Given)
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func drawTiling(w io.Writer, t *Tiling, x0, y0, cell, panelW int, given *Tiling) {
	r := t.Region
	own := t.owners()
	colors := pieceColors(len(t.Pieces))
	var givenOwn []int // owners in given, where it tiles the same region
	if given != nil && given.Region == r {
		givenOwn = given.owners()
	}
	fmt.Fprintln(w, "<g>")
	// owner of a point: index in placed, -1 for an empty cell, -2 outside the region.
	owner := func(p Point) int {
		j, ok := r.index[p]
		if !ok {
			return -2
		}
		return own[j]
	}
	px := func(p Point) (int, int) { return x0 + p.Z*panelW + p.X*cell, y0 + p.Y*cell }
	for j, c := range r.cells {
		fill, class := "#f4f4f4", ""
		if own[j] >= 0 {
			fill = colors[t.placed[own[j]].Piece]
		}
		switch {
		case givenOwn != nil && givenOwn[j] >= 0:
			class = ` class="given"`
		case givenOwn != nil && own[j] >= 0:
			fill = pale(fill)
		}
		x, y := px(c)
		fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"%s/>`+"\n", x, y, cell, cell, fill, class)
	}
	// Edges: the left and top edge of every point of the box, and the right and bottom ones
	// of the last column and row, each classified by the owners on its two sides.
	var light, heavy strings.Builder
	w3, h3, d3 := r.Size()
	for z := range d3 {
		for y := 0; y <= h3; y++ {
			for x := 0; x <= w3; x++ {
				p := Point{x, y, z}
				a := owner(p)
				for _, q := range []Point{{x - 1, y, z}, {x, y - 1, z}} {
					b := owner(q)
					if a == -2 && b == -2 {
						continue
					}
					sx, sy := px(p)
					seg := fmt.Sprintf("M%d %dv%d", sx, sy, cell)
					if q.Y != y {
						seg = fmt.Sprintf("M%d %dh%d", sx, sy, cell)
					}
					if a == b && a != -2 {
						light.WriteString(seg)
					} else {
						heavy.WriteString(seg)
					}
				}
			}
		}
	}
	if light.Len() > 0 {
		fmt.Fprintf(w, `<path d="%s" stroke="#000" stroke-opacity="0.18" stroke-width="1" fill="none"/>`+"\n", light.String())
	}
	if heavy.Len() > 0 {
		fmt.Fprintf(w, `<path d="%s" stroke="#000" stroke-width="%d" stroke-linecap="square" fill="none"/>`+"\n",
			heavy.String(), max(2, cell/8))
	}
	fmt.Fprintln(w, "</g>")
}
