package queens

import (
	"context"
	"fmt"
	"slices"
)

// A Symmetry is one of the 8 symmetries of the square board (the dihedral group of order 8):
// Symmetry(0) to Symmetry(7) are, in this order, the identity, the quarter, half and three
// quarter turns clockwise, the mirrors left to right and top to bottom, and the two
// transpositions about the diagonals; [Census].Fixed is indexed by them.
type Symmetry uint8

// The symmetries of the board. Turns are clockwise as the board is printed, rank 0 on top.
const (
	identity      Symmetry = iota
	rot90                  // quarter turn: (r, f) -> (f, n-1-r)
	rot180                 // half turn: (r, f) -> (n-1-r, n-1-f)
	rot270                 // three quarter turns: (r, f) -> (n-1-f, r)
	mirrorFiles            // left to right: (r, f) -> (r, n-1-f)
	mirrorRanks            // top to bottom: (r, f) -> (n-1-r, f)
	transpose              // about the main diagonal: (r, f) -> (f, r)
	antiTranspose          // about the other diagonal: (r, f) -> (n-1-f, n-1-r)
)

// symmetries lists the 8 symmetries of the board.
var symmetries = [8]Symmetry{identity, rot90, rot180, rot270, mirrorFiles, mirrorRanks, transpose, antiTranspose}

var symmetryNames = [8]string{"identity", "rot90", "rot180", "rot270", "mirror-files", "mirror-ranks", "transpose", "anti-transpose"}

// String returns the name of g: identity, rot90, rot180, rot270, mirror-files, mirror-ranks,
// transpose or anti-transpose.
func (g Symmetry) String() string {
	if int(g) < len(symmetryNames) {
		return symmetryNames[g]
	}
	return fmt.Sprintf("Symmetry(%d)", g)
}

// Square returns the image of the square s of an n×n board under g.
func (g Symmetry) mapSquare(n int, s Square) Square {
	m := n - 1
	r, f := s.Rank, s.File
	switch g {
	case rot90:
		return Square{f, m - r}
	case rot180:
		return Square{m - r, m - f}
	case rot270:
		return Square{m - f, r}
	case mirrorFiles:
		return Square{r, m - f}
	case mirrorRanks:
		return Square{m - r, f}
	case transpose:
		return Square{f, r}
	case antiTranspose:
		return Square{m - f, m - r}
	}
	return s
}

// Apply returns the image under g of a solution given as the file of the queen on each rank
// (any permutation, in fact).
func (g Symmetry) apply(cols []int) []int {
	n := len(cols)
	out := make([]int, n)
	for r, f := range cols {
		s := g.mapSquare(n, Square{r, f})
		out[s.Rank] = s.File
	}
	return out
}

// An image computes the files of the image of one permutation under each symmetry, rank by
// rank, without building the images.
type image struct {
	m        int
	col, inv []int
}

func newImage(cols []int) *image {
	im := &image{m: len(cols) - 1, col: cols, inv: make([]int, len(cols))}
	for r, f := range cols {
		im.inv[f] = r
	}
	return im
}

// at returns the file of the queen on rank r of the image under g.
func (im *image) at(g Symmetry, r int) int {
	m := im.m
	switch g {
	case rot90:
		return m - im.inv[r]
	case rot180:
		return m - im.col[m-r]
	case rot270:
		return im.inv[m-r]
	case mirrorFiles:
		return m - im.col[r]
	case mirrorRanks:
		return im.col[m-r]
	case transpose:
		return im.inv[r]
	case antiTranspose:
		return m - im.inv[m-r]
	}
	return im.col[r]
}

// compare compares the image under g with the permutation itself, lexicographically.
func (im *image) compare(g Symmetry) int {
	for r, f := range im.col {
		if v := im.at(g, r); v != f {
			if v < f {
				return -1
			}
			return 1
		}
	}
	return 0
}

// An Orbit is a set of solutions that are images of each other under the symmetries of the
// board.
type Orbit struct {
	Rep    []int      // the lexicographically least member, as files rank by rank
	Size   int        // the number of distinct solutions in the orbit: 8, 4, 2 (or 1 for n = 1)
	Fixers []Symmetry // the symmetries that fix Rep, identity first
}

// Canonical returns the orbit of a solution: its least image and the symmetries fixing it.
func Canonical(cols []int) Orbit {
	rep := cols
	for _, g := range symmetries[1:] {
		if img := g.apply(cols); slices.Compare(img, rep) < 0 {
			rep = img
		}
	}
	fix := fixers(rep)
	return Orbit{Rep: slices.Clone(rep), Size: 8 / len(fix), Fixers: fix}
}

func fixers(cols []int) []Symmetry {
	im := newImage(cols)
	var out []Symmetry
	for _, g := range symmetries {
		if im.compare(g) == 0 {
			out = append(out, g)
		}
	}
	return out
}

// A Census lists the orbits of the solutions of the n-queens problem and counts the solutions
// fixed by each symmetry.
type Census struct {
	N         int
	Solutions uint64    // all solutions
	Orbits    uint64    // orbits found: solutions that are the least of their images
	Fixed     [8]uint64 // Fixed[g]: solutions s with g(s) = s
	Reps      []Orbit   // the first orbits found, in lexicographic order of their Rep
}

// Burnside returns the number of orbits by Burnside's lemma: the fixed points summed over the
// group, divided by its order 8.
func (c *Census) Burnside() uint64 {
	var sum uint64
	for _, f := range c.Fixed {
		sum += f
	}
	return sum / 8
}

// TakeCensus lists every solution of the n-queens problem (n <= 32), keeps the first limit
// orbits (all if limit <= 0), and counts the orbits and the fixed points of each symmetry
// independently of each other. It returns ctx's error if cancelled.
func TakeCensus(ctx context.Context, n, limit int) (*Census, error) {
	if n < 1 || n > maxCountN {
		return nil, fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxCountN)
	}
	c := &Census{N: n}
	for cols := range allSolutions(n) {
		if c.Solutions%4096 == 0 && ctx.Err() != nil {
			return c, ctx.Err()
		}
		c.Solutions++
		im := newImage(cols)
		least := true
		var fix []Symmetry
		for _, g := range symmetries {
			switch im.compare(g) {
			case 0:
				c.Fixed[g]++
				fix = append(fix, g)
			case -1:
				least = false
			}
		}
		if least {
			c.Orbits++
			if limit <= 0 || len(c.Reps) < limit {
				c.Reps = append(c.Reps, Orbit{Rep: cols, Size: 8 / len(fix), Fixers: fix})
			}
		}
	}
	slices.SortFunc(c.Reps, func(a, b Orbit) int { return slices.Compare(a.Rep, b.Rep) })
	return c, nil
}
