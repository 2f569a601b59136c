package tiling

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/xcover/xcover"
)

// A Puzzle is a region to cover with pieces.
type Puzzle struct {
	Region *Region
	Pieces []Piece
	// Copies gives the number of copies of each piece; nil means one of each.
	Copies []int
	// AtMost lets a piece be used fewer times than its copies, down to none; the region must
	// still be covered.
	AtMost bool
	// Partial lets cells of the region stay empty (they become secondary items), for packing
	// problems: with AtMost too, every packing of some of the pieces is a solution, the empty
	// one included.
	Partial bool
	// Reflect allows the pieces to be reflected as well as rotated: turned over in the plane,
	// mirrored in space.
	Reflect bool
}

// dim returns 3 when the region or a piece extends over several layers, and 2 otherwise.
func (pz *Puzzle) dim() int {
	if pz.Region != nil && !pz.Region.Flat() {
		return 3
	}
	for _, p := range pz.Pieces {
		if !p.Shape.flat() {
			return 3
		}
	}
	return 2
}

// transforms returns the orientations allowed to the pieces, as transforms.
func (pz *Puzzle) transforms() []transform { return transforms(pz.dim(), pz.Reflect) }

func (pz *Puzzle) copies(i int) int {
	if pz.Copies == nil {
		return 1
	}
	return pz.Copies[i]
}

// A Placement is a piece on cells of the region: one option of the encoded problem.
type Placement struct {
	Piece  int   // index in Puzzle.Pieces
	Orient int   // index in the piece's orientations
	Cells  []int // region cell numbers, ascending
}

// An Encoding is a puzzle as an exact cover problem.
//
// The items are the pieces (piece i is item i, to be covered Copies[i] times, or 0 to
// Copies[i] times with AtMost) and then the cells (cell j is item len(Pieces)+j, named "x,y"
// or "x,y,z"). Option k is Placements[k]: its piece's item and its cells.
type Encoding struct {
	Puzzle       Puzzle
	Problem      *xcover.Problem
	Placements   []Placement
	Orientations [][]Shape // per piece, the distinct orientations
}

// Encode builds the exact cover problem of the puzzle. It fails when the puzzle is malformed:
// no region, no pieces, a piece without cells, bad copies, or a piece that must be used but
// has no place in the region.
func (pz *Puzzle) Encode() (*Encoding, error) {
	if pz.Region == nil || pz.Region.Len() == 0 {
		return nil, errNoCells("region")
	}
	if len(pz.Pieces) == 0 {
		return nil, fmt.Errorf("no pieces")
	}
	if pz.Copies != nil && len(pz.Copies) != len(pz.Pieces) {
		return nil, fmt.Errorf("%d copy counts for %d pieces", len(pz.Copies), len(pz.Pieces))
	}
	e := &Encoding{Puzzle: *pz}
	e.Puzzle.Pieces = slices.Clone(pz.Pieces)
	r := pz.Region
	ts := pz.transforms()
	b := new(xcover.Builder)
	for i, p := range pz.Pieces {
		if len(p.Shape) == 0 {
			return nil, fmt.Errorf("piece %s has no cells", p.Name)
		}
		k := pz.copies(i)
		if k < 1 {
			return nil, fmt.Errorf("piece %s: %d copies", p.Name, k)
		}
		lo := k
		if pz.AtMost {
			lo = 0
		}
		if _, err := b.AddPrimaryBounds(p.Name, lo, k); err != nil {
			return nil, fmt.Errorf("piece %s: %w", p.Name, err)
		}
	}
	for j := range r.Len() {
		var err error
		if pz.Partial {
			_, err = b.AddSecondary(r.cellName(j))
		} else {
			_, err = b.AddPrimary(r.cellName(j))
		}
		if err != nil {
			return nil, fmt.Errorf("cell %s: %w (a piece has the name of a cell)", r.cellName(j), err)
		}
	}
	np := len(pz.Pieces)
	for i, p := range pz.Pieces {
		os := p.Shape.orientations(ts)
		e.Orientations = append(e.Orientations, os)
		n := 0
		for o, s := range os {
			for _, anchor := range r.cells {
				cells, ok := place(r, s, anchor.sub(s[0]))
				if !ok {
					continue
				}
				e.Placements = append(e.Placements, Placement{Piece: i, Orient: o, Cells: cells})
				entries := make([]xcover.Entry, 0, 1+len(cells))
				entries = append(entries, xcover.Entry{Item: i})
				for _, c := range cells {
					entries = append(entries, xcover.Entry{Item: np + c})
				}
				b.AddOptionEntries(entries...)
				n++
			}
		}
		if n == 0 && !pz.AtMost {
			if len(p.Shape) > r.Len() {
				return nil, fmt.Errorf("piece %s has %d cells, more than the region's %d", p.Name, len(p.Shape), r.Len())
			}
			return nil, fmt.Errorf("piece %s does not fit anywhere in the region", p.Name)
		}
	}
	var err error
	if e.Problem, err = b.Build(); err != nil {
		return nil, err
	}
	return e, nil
}

// place returns the cell numbers of shape s translated by d, ascending, if they all lie in r.
func place(r *Region, s Shape, d Point) ([]int, bool) {
	cells := make([]int, len(s))
	for k, c := range s {
		j, ok := r.index[c.add(d)]
		if !ok {
			return nil, false
		}
		cells[k] = j
	}
	slices.Sort(cells)
	return cells, true
}

// Impossible returns a hint when the areas alone rule out every solution, such as "the
// pieces have 60 cells and the region 64", and "" otherwise.
func (pz *Puzzle) Impossible() string {
	area := 0
	for i, p := range pz.Pieces {
		area += len(p.Shape) * pz.copies(i)
	}
	n := pz.Region.Len()
	switch {
	case pz.Partial && pz.AtMost:
		return ""
	case pz.Partial && area > n:
		return fmt.Sprintf("the pieces have %d cells, more than the region's %d", area, n)
	case pz.AtMost && !pz.Partial && area < n:
		return fmt.Sprintf("the pieces have %d cells, fewer than the region's %d", area, n)
	case !pz.AtMost && !pz.Partial && area != n:
		return fmt.Sprintf("the pieces have %d cells and the region %d", area, n)
	}
	return ""
}

// A Tiling is a solution drawn on the region: pieces placed on cells. [Encoding.Tiling]
// makes it, [Check] verifies it, [Tiling.String] and [WriteSVG] draw it.
type Tiling struct {
	Region *Region
	Pieces []Piece
	placed []placed
}

// placed is one piece on its cells.
type placed struct {
	Piece int // index in Pieces
	Cells []Point
}

// Tiling returns the tiling of a solution, given as option indices.
func (e *Encoding) Tiling(sol []int) *Tiling {
	t := &Tiling{Region: e.Puzzle.Region, Pieces: e.Puzzle.Pieces}
	for _, k := range sol {
		pl := e.Placements[k]
		cells := make([]Point, len(pl.Cells))
		for i, c := range pl.Cells {
			cells[i] = t.Region.cells[c]
		}
		t.placed = append(t.placed, placed{Piece: pl.Piece, Cells: cells})
	}
	return t
}

// owners returns, for every cell of the region in its numbering, the index in t.placed of the
// piece on it, or -1.
func (t *Tiling) owners() []int {
	own := make([]int, t.Region.Len())
	for i := range own {
		own[i] = -1
	}
	for k, pl := range t.placed {
		for _, c := range pl.Cells {
			if j, ok := t.Region.index[c]; ok {
				own[j] = k
			}
		}
	}
	return own
}

// describe names a placement for error messages.
func describe(p Piece, cells []Point) string {
	var s []string
	for _, c := range cells {
		s = append(s, fmt.Sprint(c))
	}
	return p.Name + " on " + strings.Join(s, " ")
}

// SetTurning sets how the pieces may turn, as front ends ask for it: in the plane they are
// turned over (reflected) unless noFlip; in space they are mirrored only if mirror. Asking
// for the one that does not apply to the region is an error, so that every front end gives
// the same answer to the same request. Set the Region first.
func (pz *Puzzle) SetTurning(noFlip, mirror bool) error {
	reflect, err := turning(pz.dim(), noFlip, mirror)
	if err != nil {
		return fmt.Errorf("tiling: %w", err)
	}
	pz.Reflect = reflect
	return nil
}

// turning returns whether pieces in dim dimensions may be reflected (see SetTurning).
func turning(dim int, noFlip, mirror bool) (reflect bool, err error) {
	if dim == 2 {
		if mirror {
			return false, errors.New("mirror applies to pieces in space; in the plane pieces are turned over unless no-flip")
		}
		return !noFlip, nil
	}
	if noFlip {
		return false, errors.New("no-flip applies to pieces in the plane; in space pieces are mirrored only with mirror")
	}
	return mirror, nil
}
