package problems

import (
	"fmt"
	"slices"
	"strings"

	"github.com/xcover/xcover"
)

// A cell is a square of the plane, x to the right and y down.
type cell struct{ x, y int }

func cellLess(a, b cell) int {
	if a.x != b.x {
		return a.x - b.x
	}
	return a.y - b.y
}

// A shape is a set of cells kept sorted by (x, y) and normalized so that its least x and
// least y are 0.
type shape []cell

// parseShape reads a picture: rows separated by '/', '#' for a cell, anything else for none.
func parseShape(pic string) shape {
	var s shape
	for y, row := range strings.Split(pic, "/") {
		for x, ch := range row {
			if ch == '#' {
				s = append(s, cell{x, y})
			}
		}
	}
	return s.normalize()
}

func (s shape) normalize() shape {
	if len(s) == 0 {
		return s
	}
	minX, minY := s[0].x, s[0].y
	for _, c := range s {
		minX, minY = min(minX, c.x), min(minY, c.y)
	}
	out := make(shape, len(s))
	for i, c := range s {
		out[i] = cell{c.x - minX, c.y - minY}
	}
	slices.SortFunc(out, cellLess)
	return out
}

// orientations returns the distinct rotations and reflections of s, found breadth first from
// s itself by a quarter turn and by a reflection in the diagonal x = y.
func (s shape) orientations() []shape {
	all := []shape{s}
	for j := 0; j < len(all); j++ {
		turn := make(shape, len(all[j]))
		flip := make(shape, len(all[j]))
		for i, c := range all[j] {
			turn[i] = cell{c.y, -c.x}
			flip[i] = cell{c.y, c.x}
		}
		for _, t := range []shape{turn.normalize(), flip.normalize()} {
			if !slices.ContainsFunc(all, func(u shape) bool { return slices.Equal(u, t) }) {
				all = append(all, t)
			}
		}
	}
	return all
}

func (s shape) extent() (w, h int) {
	for _, c := range s {
		w, h = max(w, c.x+1), max(h, c.y+1)
	}
	return w, h
}

// A piece is a named polyomino to be placed exactly once.
type piece struct {
	name string
	pic  string
}

// pentominoes are the twelve pentominoes with Conway's names (O is the straight one).
var pentominoes = []piece{
	{"O", "#####"},
	{"P", "##/##/#."},
	{"Q", "####/#..."},
	{"R", ".##/##./.#."},
	{"S", "##../.###"},
	{"T", "###/.#./.#."},
	{"U", "#.#/###"},
	{"V", "#../#../###"},
	{"W", "#../##./.##"},
	{"X", ".#./###/.#."},
	{"Y", "####/.#.."},
	{"Z", "##./.#./.##"},
}

// tiling returns the problem of packing the pieces, each once, into the cells of the w x h box
// not listed in holes. The primary items are the cells "xy" in (x, y) order, then the piece
// names; each option is a piece name followed by the cells it covers, listed piece by piece,
// orientation by orientation, then by offset (x first) as in Knuth's polyomino-dlx.
func tiling(what string, w, h int, holes []cell, pieces []piece) *xcover.Problem {
	if w < 1 || h < 1 || w > 62 || h > 62 {
		panic(fmt.Sprintf("problems: %s: box %d x %d out of range 1..62", what, w, h))
	}
	in := make([]bool, w*h)
	for i := range in {
		in[i] = true
	}
	for _, c := range holes {
		in[c.x*h+c.y] = false
	}
	name := func(c cell) string { return digit62(c.x) + digit62(c.y) }
	b := newBuilder()
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			if in[x*h+y] {
				b.primary(name(cell{x, y}))
			}
		}
	}
	for _, pc := range pieces {
		b.primary(pc.name)
	}
	var opt []string
	for _, pc := range pieces {
		for _, s := range parseShape(pc.pic).orientations() {
			sw, sh := s.extent()
			for dx := 0; dx+sw <= w; dx++ {
				for dy := 0; dy+sh <= h; dy++ {
					opt = append(opt[:0], pc.name)
					for _, c := range s {
						c = cell{c.x + dx, c.y + dy}
						if !in[c.x*h+c.y] {
							break
						}
						opt = append(opt, name(c))
					}
					if len(opt) == len(s)+1 {
						b.option(opt...)
					}
				}
			}
		}
	}
	return b.build(what)
}

// Pentominoes returns the problem of tiling a w x h rectangle (w*h = 60) with the twelve
// pentominoes, each used once and turned or flipped freely. Every tiling is counted in all
// its orientations: 9356 for 10 x 6 (or 6 x 10), 4040 for 12 x 5, 1472 for 15 x 4, 8 for
// 20 x 3.
//
// The primary items are the cells "xy" (x < w, y < h, in extended hexadecimal digits), in
// (x, y) order, then the pieces O P Q R S T U V W X Y Z (Conway's names); each option is a
// piece followed by the five cells it covers.
func Pentominoes(w, h int) *xcover.Problem {
	if w*h != 60 {
		panic(fmt.Sprintf("problems: Pentominoes(%d, %d): the box must have 60 cells", w, h))
	}
	return tiling(fmt.Sprintf("pentominoes %dx%d", w, h), w, h, nil, pentominoes)
}

// PentominoesHoled returns the problem of tiling an 8 x 8 board without its central 2 x 2
// square with the twelve pentominoes: 520 solutions (65 essentially different). Items and
// options are as in [Pentominoes].
func PentominoesHoled() *xcover.Problem {
	holes := []cell{{3, 3}, {3, 4}, {4, 3}, {4, 4}}
	return tiling("pentominoes 8x8 holed", 8, 8, holes, pentominoes)
}
