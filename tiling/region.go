package tiling

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Region is a finite set of cells to cover, in the plane or in space, translated so that its
// least X, Y and Z are 0. Its cells are numbered 0..Len()-1 along its shortest side first, so
// that consecutive cells are close together: in a 6x10 rectangle the 6 cells of a row, then
// the next row.
type Region struct {
	cells   []Point
	index   map[Point]int
	w, h, d int
}

// maxCells bounds the cells of a region from any source (a size, a picture, a list of
// cells): far beyond any region a search could cover, and refused before its encoding
// fills memory.
const maxCells = 1 << 20

// NewRegion returns the region made of the given cells (duplicates are dropped), at most
// 1<<20 of them.
func NewRegion(cells []Point) (*Region, error) {
	s := NewShape(cells)
	if len(s) == 0 {
		return nil, errNoCells("region")
	}
	if len(s) > maxCells {
		return nil, fmt.Errorf("region has %d cells, more than the %d a region may have", len(s), maxCells)
	}
	r := &Region{cells: []Point(s)}
	r.w, r.h, r.d = s.size()
	// Number the cells with the longest axis varying slowest and the shortest fastest.
	ext := [3]int{r.w, r.h, r.d}
	axes := []int{0, 1, 2}
	slices.SortStableFunc(axes, func(a, b int) int { return cmp.Compare(ext[b], ext[a]) })
	coord := func(p Point, a int) int { return [3]int{p.X, p.Y, p.Z}[a] }
	slices.SortFunc(r.cells, func(p, q Point) int {
		for _, a := range axes {
			if c := cmp.Compare(coord(p, a), coord(q, a)); c != 0 {
				return c
			}
		}
		return 0
	})
	r.index = make(map[Point]int, len(r.cells))
	for i, c := range r.cells {
		r.index[c] = i
	}
	return r, nil
}

// Box returns the w x h x d box of cells; d = 1 gives a rectangle in the plane. A region
// has at most 1<<20 cells.
func Box(w, h, d int) (*Region, error) {
	if w < 1 || h < 1 || d < 1 {
		return nil, fmt.Errorf("box %dx%dx%d has no cells", w, h, d)
	}
	if w > maxCells || h > maxCells || d > maxCells || w*h*d > maxCells {
		return nil, fmt.Errorf("box %dx%dx%d: more than the %d cells a region may have", w, h, d, maxCells)
	}
	cells := make([]Point, 0, w*h*d)
	for z := range d {
		for y := range h {
			for x := range w {
				cells = append(cells, Point{x, y, z})
			}
		}
	}
	return NewRegion(cells)
}

// maxSide bounds each side of a region given by its size.
const maxSide = 1 << 12

// parseSize returns the rectangle or box described by "WxH" or "WxHxD", such as "6x10" or
// "3x3x3": W columns, H rows and D layers.
func parseSize(s string) (*Region, error) {
	parts := strings.Split(strings.ToLower(strings.TrimSpace(s)), "x")
	if len(parts) != 2 && len(parts) != 3 {
		return nil, fmt.Errorf("region size %q: want WxH or WxHxD", s)
	}
	dims := []int{1, 1, 1}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("region size %q: %q is not a positive size", s, p)
		}
		if n > maxSide {
			return nil, fmt.Errorf("region size %q: side %d too large (at most %d)", s, n, maxSide)
		}
		dims[i] = n
	}
	if dims[0]*dims[1]*dims[2] > maxCells {
		return nil, fmt.Errorf("region size %q: too many cells", s)
	}
	return Box(dims[0], dims[1], dims[2])
}

// ParseRegion returns the region drawn in a picture: every character other than a blank or
// '.' is a cell, at the column and row where it appears; layers of a region in space are
// separated by blank lines.
func ParseRegion(picture string) (*Region, error) {
	if err := checkPicture(picture); err != nil {
		return nil, err
	}
	var cells []Point
	for c := range pictureCells(picture) {
		if len(cells) == maxCells { // the cells of a picture are distinct
			return nil, fmt.Errorf("region picture has more than the %d cells a region may have", maxCells)
		}
		cells = append(cells, c.p)
	}
	if len(cells) == 0 {
		return nil, errNoCells("region picture")
	}
	return NewRegion(cells)
}

// Len returns the number of cells.
func (r *Region) Len() int { return len(r.cells) }

// cell returns cell i.
func (r *Region) cell(i int) Point { return r.cells[i] }

// Cells returns the cells in their numbering order. The caller must not modify them.
func (r *Region) Cells() []Point { return r.cells }

// indexOf returns the number of the cell at p, and whether p is a cell of the region.
func (r *Region) indexOf(p Point) (int, bool) {
	i, ok := r.index[p]
	return i, ok
}

// Size returns the extent of the region: width, height and depth.
func (r *Region) Size() (w, h, d int) { return r.w, r.h, r.d }

// Flat reports whether the region lies in one layer.
func (r *Region) Flat() bool { return r.d == 1 }

// shape returns the cells of the region as a shape.
func (r *Region) shape() Shape { return NewShape(r.cells) }

// String draws the region with '#' for its cells.
func (r *Region) String() string { return r.shape().String() }

// cellName is the item name of a cell: "x,y" in the plane, "x,y,z" in space.
func (r *Region) cellName(i int) string {
	c := r.cells[i]
	if r.d == 1 {
		return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y)
	}
	return strconv.Itoa(c.X) + "," + strconv.Itoa(c.Y) + "," + strconv.Itoa(c.Z)
}
