package tiling

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/symmetry"
)

// symmetries is the group of symmetries of a puzzle acting on its placements: the transforms
// that map the region onto itself and every piece's set of allowed orientations onto a piece's
// set of allowed orientations (the same piece's, unless mirror images are identified), each
// acting as a permutation of the options of the encoding.
type symmetries struct {
	enc        *Encoding
	transforms []transform     // the region symmetries used, the identity first
	Group      *symmetry.Group // the permutations of the placements they induce
}

// symmetry finds the symmetries of the puzzle from its region and pieces. Normally these are
// the symmetries of the region among the allowed orientations (the 4 rotations and
// reflections of a rectangle, the 24 rotations of a cube when pieces may not be mirrored),
// each piece mapped to itself. With identifyMirrors, the reflections of the region count too
// when they map the set of pieces onto itself, exchanging pieces that are mirror images of
// each other (with equal copies): the two chiral Soma pieces, or one-sided pieces with both
// of each mirror pair present.
func (e *Encoding) symmetry(identifyMirrors bool) (*symmetries, error) {
	pz := &e.Puzzle
	dim := pz.dim()
	allowed := pz.transforms()
	cands := allowed
	if identifyMirrors {
		cands = transforms(dim, true)
	}
	// Class of each piece: its canonical shape under the allowed orientations, and its rank
	// among the pieces of that class.
	classOf := func(s Shape) string { return s.canonical(allowed).String() }
	class := make([]string, len(pz.Pieces))
	members := map[string][]int{}
	for i, p := range pz.Pieces {
		class[i] = classOf(p.Shape)
		members[class[i]] = append(members[class[i]], i)
	}
	r := pz.Region
	key := func(piece int, cells []int) string {
		var sb strings.Builder
		sb.WriteString(strconv.Itoa(piece))
		for _, c := range cells {
			sb.WriteByte(' ')
			sb.WriteString(strconv.Itoa(c))
		}
		return sb.String()
	}
	byKey := make(map[string]int, len(e.Placements))
	for k, pl := range e.Placements {
		byKey[key(pl.Piece, pl.Cells)] = k
	}
	s := &symmetries{enc: e}
	var perms []symmetry.Perm
	rs := r.shape()
	for _, t := range cands {
		img := rs.transform(t)
		if !img.equal(rs) {
			continue
		}
		// The cell permutation: t, then the translation back into the region's box.
		lo := t.apply(r.cells[0])
		for _, c := range r.cells {
			q := t.apply(c)
			lo = Point{min(lo.X, q.X), min(lo.Y, q.Y), min(lo.Z, q.Z)}
		}
		cellPerm := make([]int, r.Len())
		for j, c := range r.cells {
			cellPerm[j] = r.index[t.apply(c).sub(lo)]
		}
		// The piece permutation.
		piecePerm := make([]int, len(pz.Pieces))
		ok := true
		for i, p := range pz.Pieces {
			c := classOf(p.Shape.transform(t))
			if c == class[i] {
				piecePerm[i] = i
				continue
			}
			mine, theirs := members[class[i]], members[c]
			if len(mine) != len(theirs) {
				ok = false
				break
			}
			q := theirs[slices.Index(mine, i)]
			if pz.copies(q) != pz.copies(i) {
				ok = false
				break
			}
			piecePerm[i] = q
		}
		if !ok {
			continue
		}
		perm := make(symmetry.Perm, len(e.Placements))
		for k, pl := range e.Placements {
			cells := make([]int, len(pl.Cells))
			for i, c := range pl.Cells {
				cells[i] = cellPerm[c]
			}
			slices.Sort(cells)
			img, found := byKey[key(piecePerm[pl.Piece], cells)]
			if !found {
				return nil, fmt.Errorf("symmetry %v maps placement %d off the placements", t, k)
			}
			perm[k] = img
		}
		s.transforms = append(s.transforms, t)
		perms = append(perms, perm)
	}
	var err error
	if s.Group, err = symmetry.Generate(len(e.Placements), perms...); err != nil {
		return nil, err
	}
	return s, nil
}

// order returns the number of distinct permutations of the placements the symmetries induce.
func (s *symmetries) order() int { return s.Group.Order() }

// A Reduced search visits every class of essentially equal solutions (an orbit of the
// symmetry group) at least once, but only about 1/Order of all solutions. [Encoding.Reduce]
// makes it.
//
// It cuts the placements of one piece, used exactly once and mapped to itself by every
// symmetry, down to one per orbit (the X pentomino in a rectangle keeps a quarter of its
// placements). A kept placement that some symmetries fix (the X on the middle row of a 5x12
// box) gets a subproblem of its own, in which a second piece is cut down in the same way
// under those symmetries. Every subproblem is an exact cover problem (the encoding with some
// options left out); [Reduced.Search] searches them all, one after another, and reports each
// class once, by its least solution among those the subproblems contain.
type Reduced struct {
	// parts are the subproblems searched.
	parts []*subproblem
	// Piece is the piece whose placements were cut down, or -1 when none could be.
	Piece int
	sym   *symmetries
	keep  []bool         // per option of the encoding: a kept placement of Piece
	inner map[int]*inner // per kept placement with a nontrivial stabilizer
}

// A subproblem is one problem of a reduced search: the encoding with some options left out.
type subproblem struct {
	Problem *xcover.Problem
	// Options maps the options of Problem to those of the encoding.
	Options []int
}

// inner is the second cut of a part: piece q's placements cut to one per orbit of the
// stabilizer of a kept placement.
type inner struct {
	piece int
	keep  []bool // per option of the encoding
}

// orbitCut chooses among the pieces used exactly once (other than skip) the one whose
// placements fall into the fewest orbits under the permutations g (a group), every one of which
// must map the piece to itself. It returns the piece, or -1, and for every option whether it is a
// kept placement of that piece (the least of its orbit).
func orbitCut(e *Encoding, g []symmetry.Perm, skip int) (int, []bool) {
	pz := &e.Puzzle
	best, bestOrbits, bestFixed := -1, 0, 0
	for i := range pz.Pieces {
		if i == skip || pz.AtMost || pz.copies(i) != 1 {
			continue
		}
		orbits, fixed, stable := 0, 0, true
		for k, pl := range e.Placements {
			if pl.Piece != i {
				continue
			}
			least, size := k, 0
			for _, h := range g {
				x := h[k]
				if e.Placements[x].Piece != i {
					stable = false
				}
				least = min(least, x)
				if x == k {
					size++ // the stabilizer's order
				}
			}
			if least == k {
				orbits++
				if size > 1 {
					fixed++
				}
			}
		}
		if !stable || orbits == 0 {
			continue
		}
		if best < 0 || orbits < bestOrbits || orbits == bestOrbits && fixed < bestFixed {
			best, bestOrbits, bestFixed = i, orbits, fixed
		}
	}
	if best < 0 {
		return -1, nil
	}
	keep := make([]bool, len(e.Placements))
	for k, pl := range e.Placements {
		if pl.Piece != best {
			continue
		}
		keep[k] = true
		for _, h := range g {
			if h[k] < k {
				keep[k] = false
				break
			}
		}
	}
	return best, keep
}

// Reduce prepares the search for the essentially different solutions of the encoded
// puzzle. It finds the symmetries of the puzzle from its region and pieces: normally the
// symmetries of the region among the allowed orientations (the 4 rotations and reflections
// of a rectangle, the 24 rotations of a cube when pieces may not be mirrored), each piece
// mapped to itself. With identifyMirrors, the reflections of the region count too when they
// map the set of pieces onto itself, exchanging pieces that are mirror images of each other
// (with equal copies): the two chiral Soma pieces, or one-sided pieces with both of each
// mirror pair present.
func (e *Encoding) Reduce(identifyMirrors bool) (*Reduced, error) {
	s, err := e.symmetry(identifyMirrors)
	if err != nil {
		return nil, err
	}
	return s.reduce()
}

// Order returns the number of symmetries the search reduces by: the distinct permutations
// of the placements that they induce, the identity included.
func (r *Reduced) Order() int { return r.sym.order() }

// Subproblems returns the number of exact cover problems that [Reduced.Search] searches,
// one after another.
func (r *Reduced) Subproblems() int { return len(r.parts) }

// reduce builds the reduced search.
func (s *symmetries) reduce() (*Reduced, error) {
	e := s.enc
	r := &Reduced{Piece: -1, sym: s, inner: map[int]*inner{}}
	if s.Group.Order() > 1 {
		r.Piece, r.keep = orbitCut(e, s.Group.Elements(), -1)
	}
	if r.Piece < 0 {
		part, err := e.part(func(int) bool { return true })
		if err != nil {
			return nil, err
		}
		r.parts = []*subproblem{part}
		return r, nil
	}
	// Kept placements with a trivial stabilizer share one part; each other one has its own.
	var free []int
	for k, kept := range r.keep {
		if !kept {
			continue
		}
		var stab []symmetry.Perm
		for _, h := range s.Group.Elements() {
			if h[k] == k {
				stab = append(stab, h)
			}
		}
		if len(stab) == 1 {
			free = append(free, k)
			continue
		}
		q, qkeep := orbitCut(e, stab, r.Piece)
		if q < 0 {
			free = append(free, k) // no second cut: the part repeats symmetric solutions
			continue
		}
		r.inner[k] = &inner{piece: q, keep: qkeep}
		part, err := e.part(func(o int) bool {
			switch e.Placements[o].Piece {
			case r.Piece:
				return o == k
			case q:
				return qkeep[o]
			}
			return true
		})
		if err != nil {
			return nil, err
		}
		r.parts = append(r.parts, part)
	}
	if len(free) > 0 {
		part, err := e.part(func(o int) bool {
			return e.Placements[o].Piece != r.Piece || slices.Contains(free, o)
		})
		if err != nil {
			return nil, err
		}
		r.parts = append([]*subproblem{part}, r.parts...)
	}
	return r, nil
}

// part builds the encoding's problem with only the options that keep accepts.
func (e *Encoding) part(keep func(option int) bool) (*subproblem, error) {
	p, kept := e.Problem.Restrict(keep)
	return &subproblem{Problem: p, Options: kept}, nil
}

// full returns the options of the encoding that a solution of the part chooses, ascending.
func (pt *subproblem) full(sol []int) []int {
	out := make([]int, len(sol))
	for i, k := range sol {
		out[i] = pt.Options[k]
	}
	slices.Sort(out)
	return out
}

// contains reports whether a solution of the encoding (sorted options) is one the parts
// contain.
func (r *Reduced) contains(sol []int) bool {
	if r.Piece < 0 {
		return true
	}
	pls := r.sym.enc.Placements
	for _, k := range sol {
		if pls[k].Piece != r.Piece {
			continue
		}
		if !r.keep[k] {
			return false
		}
		in := r.inner[k]
		if in == nil {
			return true
		}
		for _, x := range sol {
			if pls[x].Piece == in.piece {
				return in.keep[x]
			}
		}
		return true
	}
	return true
}

// classify tells whether a solution of the encoding (sorted options), one the parts contain,
// is the representative of its class of essentially equal solutions: the least of the class's
// solutions that the parts contain, comparing sorted option lists. It also returns how many
// solutions the class holds.
func (r *Reduced) classify(sol []int) (representative bool, orbit int) {
	canon, orbit := r.sym.Group.CanonicalIn(sol, r.contains)
	return slices.Equal(canon, sol), orbit
}

// Search searches the parts and calls visit with every representative solution (the sorted
// options of the encoding) and the size of its class, until visit returns false or cfg.Limit
// representatives have been seen. The searches use cfg's Random, Seed and Workers.
func (r *Reduced) Search(ctx context.Context, cfg xcover.Config, visit func(sol []int, orbit int) bool) error {
	limit := cfg.Limit
	cfg.Limit = 0
	var seen uint64
	for _, part := range r.parts {
		s, err := xcover.NewSolver(part.Problem, cfg)
		if err != nil {
			return err
		}
		for sol := range s.Solutions(ctx) {
			full := part.full(sol)
			rep, orbit := r.classify(full)
			if !rep {
				continue
			}
			seen++
			if !visit(full, orbit) || limit > 0 && seen >= limit {
				return nil
			}
		}
		if err := s.Err(); err != nil {
			return err
		}
	}
	return nil
}

// CountDistinct counts the essentially different solutions and, from the sizes of their
// classes, all solutions.
func (r *Reduced) CountDistinct(ctx context.Context, cfg xcover.Config) (distinct, total uint64, err error) {
	cfg.Limit = 0
	err = r.Search(ctx, cfg, func(_ []int, orbit int) bool {
		distinct++
		total += uint64(orbit)
		return true
	})
	return distinct, total, err
}
