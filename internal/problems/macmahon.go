package problems

import (
	"fmt"

	"github.com/xcover/xcover"
)

// colorSquares returns the squares whose four edges are coloured from the first k colours
// 'a', 'b', ..., one of each class under rotation. A square is spelled by the colours of its
// north, east, south and west edges, and named by the least of its four rotations; the result
// is in increasing order of name.
func colorSquares(k int) []string {
	n := 1
	for range 4 {
		n *= k
	}
	var out []string
	for code := range n {
		s := make([]byte, 4)
		for i, c := 3, code; i >= 0; i, c = i-1, c/k {
			s[i] = byte('a' + c%k)
		}
		if canonical(string(s)) == string(s) {
			out = append(out, string(s))
		}
	}
	return out
}

// turn returns square s turned a quarter clockwise: the old west edge becomes the north edge.
func turn(s string) string { return s[3:] + s[:3] }

func canonical(s string) string {
	best := s
	for range 3 {
		s = turn(s)
		best = min(best, s)
	}
	return best
}

// rotations returns the distinct rotations of square s, starting with s.
func rotations(s string) []string {
	out := []string{s}
	for t := turn(s); t != s; t = turn(t) {
		out = append(out, t)
	}
	return out
}

// edgeMatching builds the edge-matching problem described at EdgeMatching; with reduce, the
// square "aaaa" is confined to the top left quarter of the board.
func edgeMatching(what string, k, w, h int, border, reduce bool) *xcover.Problem {
	squares := colorSquares(k)
	if w < 1 || h < 1 || w > 62 || h > 62 || w*h != len(squares) {
		panic(fmt.Sprintf("problems: %s: a %d x %d board cannot hold the %d squares of %d colours",
			what, w, h, len(squares), k))
	}
	d := digit62
	cellName := func(x, y int) string { return d(x) + d(y) }
	b := newBuilder()
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			b.primary(cellName(x, y))
		}
	}
	for _, s := range squares {
		b.primary(s)
	}
	// Secondary items: the inner edges. vXY lies between cells (X, Y) and (X+1, Y); hXY
	// between (X, Y) and (X, Y+1).
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			if x+1 < w {
				b.secondary("v" + cellName(x, y))
			}
			if y+1 < h {
				b.secondary("h" + cellName(x, y))
			}
		}
	}
	// The four sides of a cell, in the order north, east, south, west: on the border, or
	// the name of the inner edge item.
	type side struct {
		border bool
		item   string
	}
	var opt []string
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			var sides [4]side
			for i, s := range []struct {
				border bool
				kind   string
				x, y   int
			}{{y == 0, "h", x, y - 1}, {x+1 == w, "v", x, y}, {y+1 == h, "h", x, y}, {x == 0, "v", x - 1, y}} {
				sides[i].border = s.border
				if !s.border {
					sides[i].item = s.kind + cellName(s.x, s.y)
				}
			}
			for _, sq := range squares {
				if reduce && sq == "aaaa" && (2*x >= w || 2*y >= h) {
					continue
				}
			rot:
				for _, r := range rotations(sq) { // r spells the colours north, east, south, west
					opt = append(opt[:0], cellName(x, y), sq)
					for i, sd := range sides {
						switch {
						case sd.border && border && r[i] != 'a':
							continue rot
						case !sd.border:
							opt = append(opt, sd.item+":"+r[i:i+1])
						}
					}
					b.option(opt...)
				}
			}
		}
	}
	return b.build(what)
}

// EdgeMatching returns MacMahon's edge-matching problem for k colours on a w x h board: place
// every square whose edges are coloured from 'a', 'b', ... (one of each class under
// rotation: 6 squares for k = 2, 24 for k = 3), turned freely, so that edges that touch have
// the same colour and, if border is true, the border of the board is all 'a'. The board must
// have one cell per square. Solutions that differ by a symmetry of the board or by
// exchanging colours are all counted: COUNT232 for k = 2 on 3 x 2 with a free border, and
// 106624 for k = 3 on 6 x 4 with border 'a'.
//
// The primary items are the cells "xy" in (x, y) order and the squares, named by their edge
// colours north, east, south, west (the least of the four rotations); the secondary items are
// the inner edges vXY (east of cell XY) and hXY (south of cell XY). An option "xy sq e:c ..."
// puts a square, turned, on cell xy and gives each inner edge around it the colour it shows
// there; with border, turns that would show a colour other than 'a' on the border are left out.
func EdgeMatching(k, w, h int, border bool) *xcover.Problem {
	return edgeMatching(fmt.Sprintf("edge matching %d colours %dx%d", k, w, h), k, w, h, border, false)
}

// MacMahon returns MacMahon's puzzle of the 24 three-colour squares in a 6 x 4 rectangle with
// the border all one colour, reduced by the rectangle's four symmetries: it is
// EdgeMatching(3, 6, 4, true) with the all-'a' square confined to the top left 3 x 2 quarter. Every
// cell's orbit under those symmetries has four cells, so exactly one solution of each orbit
// remains: 26656 solutions (the two colours other than 'a' may still be exchanged, so this is
// twice the 13328 essentially different ones).
func MacMahon() *xcover.Problem {
	return edgeMatching("macmahon", 3, 6, 4, true, true)
}
