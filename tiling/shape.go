package tiling

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// A Point is a cell: column X, row Y and layer Z (0 in the plane).
type Point struct{ X, Y, Z int }

func (p Point) add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y, p.Z + q.Z} }
func (p Point) sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y, p.Z - q.Z} }

// comparePoints orders points by layer, then row, then column.
func comparePoints(a, b Point) int {
	if c := cmp.Compare(a.Z, b.Z); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Y, b.Y); c != 0 {
		return c
	}
	return cmp.Compare(a.X, b.X)
}

// A Shape is a set of cells translated so that its least X, Y and Z are 0, sorted by layer,
// row and column. Two sets of cells that differ by a translation have equal shapes.
type Shape []Point

// NewShape returns the shape of the given cells (duplicates are dropped).
func NewShape(cells []Point) Shape {
	if len(cells) == 0 {
		return Shape{}
	}
	lo := cells[0]
	for _, c := range cells[1:] {
		lo = Point{min(lo.X, c.X), min(lo.Y, c.Y), min(lo.Z, c.Z)}
	}
	s := make(Shape, len(cells))
	for i, c := range cells {
		s[i] = c.sub(lo)
	}
	slices.SortFunc(s, comparePoints)
	return slices.Compact(s)
}

// equal reports whether s and t have the same cells.
func (s Shape) equal(t Shape) bool { return slices.Equal(s, t) }

// size returns the extent of the shape: its width, height and depth.
func (s Shape) size() (w, h, d int) {
	for _, c := range s {
		w, h, d = max(w, c.X+1), max(h, c.Y+1), max(d, c.Z+1)
	}
	return w, h, d
}

// flat reports whether the shape lies in one layer.
func (s Shape) flat() bool {
	_, _, d := s.size()
	return d <= 1
}

// compare orders shapes of the same size lexicographically by their cells.
func (s Shape) compare(t Shape) int {
	if c := cmp.Compare(len(s), len(t)); c != 0 {
		return c
	}
	return slices.CompareFunc(s, t, comparePoints)
}

// String draws the shape with '#' for its cells and '.' elsewhere, one line per row, layers
// separated by a blank line.
func (s Shape) String() string {
	w, h, d := s.size()
	in := make(map[Point]bool, len(s))
	for _, c := range s {
		in[c] = true
	}
	var sb strings.Builder
	for z := range d {
		if z > 0 {
			sb.WriteByte('\n')
		}
		for y := range h {
			for x := range w {
				if in[Point{x, y, z}] {
					sb.WriteByte('#')
				} else {
					sb.WriteByte('.')
				}
			}
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}

// A transform is a rotation or reflection of space that maps the grid to itself: it sends
// coordinate i of a point to coordinate Perm[i], multiplied by Sign[i].
type transform struct {
	Perm [3]int8
	Sign [3]int8
}

// apply returns the image of point p.
func (t transform) apply(p Point) Point {
	in := [3]int{p.X, p.Y, p.Z}
	var out [3]int
	for i := range 3 {
		out[t.Perm[i]] = int(t.Sign[i]) * in[i]
	}
	return Point{out[0], out[1], out[2]}
}

// det returns the determinant: +1 for a rotation, -1 for a reflection.
func (t transform) det() int {
	d := int(t.Sign[0] * t.Sign[1] * t.Sign[2])
	// Parity of the permutation by counting inversions.
	for i := range 3 {
		for j := i + 1; j < 3; j++ {
			if t.Perm[i] > t.Perm[j] {
				d = -d
			}
		}
	}
	return d
}

// planar reports whether t keeps the Z axis fixed, so that it maps the plane to itself.
func (t transform) planar() bool { return t.Perm[2] == 2 && t.Sign[2] == 1 }

// transforms returns the transforms of the grid in the given number of dimensions (2 or 3),
// the identity first: in the plane the 4 rotations, or all 8 symmetries of the square when
// reflect is true; in space the 24 rotations, or all 48 symmetries of the cube.
func transforms(dim int, reflect bool) []transform {
	perms := [][3]int8{{0, 1, 2}, {1, 0, 2}, {0, 2, 1}, {2, 1, 0}, {1, 2, 0}, {2, 0, 1}}
	var out []transform
	for _, p := range perms {
		for s := range 8 {
			t := transform{Perm: p, Sign: [3]int8{1, 1, 1}}
			for i := range 3 {
				if s>>i&1 == 1 {
					t.Sign[i] = -1
				}
			}
			if dim == 2 && !t.planar() || !reflect && t.det() < 0 {
				continue
			}
			out = append(out, t)
		}
	}
	return out
}

// Orientations returns the distinct orientations of s in dim dimensions (2: the plane, 3:
// space): the shapes that its rotations make of it, and with reflect its reflections too
// (turned over in the plane, mirrored in space), the shape itself first.
func (s Shape) Orientations(dim int, reflect bool) []Shape {
	return s.orientations(transforms(dim, reflect))
}

// orientations returns the distinct shapes that the transforms make of s, in the order the
// transforms first make them.
func (s Shape) orientations(ts []transform) []Shape {
	var out []Shape
	for _, t := range ts {
		o := s.transform(t)
		if !slices.ContainsFunc(out, o.equal) {
			out = append(out, o)
		}
	}
	return out
}

func (s Shape) transform(t transform) Shape {
	cells := make([]Point, len(s))
	for i, c := range s {
		cells[i] = t.apply(c)
	}
	return NewShape(cells)
}

// canonical returns the least of the orientations of s under ts: two shapes have the same
// canonical form exactly when some transform maps one onto the other (ts a group).
func (s Shape) canonical(ts []transform) Shape {
	best := s
	for _, o := range s.orientations(ts) {
		if o.compare(best) < 0 {
			best = o
		}
	}
	return best
}

// parseShapeError is used for pictures that describe no cells.
func errNoCells(what string) error { return fmt.Errorf("%s has no cells", what) }
