package tiling

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Piece is a shape to place, with the name of its item in the exact cover problem and the
// character that draws it in pictures.
type Piece struct {
	Name  string
	Glyph rune
	Shape Shape
}

// picture returns the piece drawn by its glyph in a one-line-per-row picture.
func piece(name string, rows ...string) Piece {
	var cells []Point
	for y, row := range rows {
		for x, r := range row {
			if r != '.' {
				cells = append(cells, Point{X: x, Y: y})
			}
		}
	}
	g := []rune(name)[0]
	return Piece{Name: name, Glyph: g, Shape: NewShape(cells)}
}

func cube(name string, cells ...Point) Piece {
	return Piece{Name: name, Glyph: []rune(name)[0], Shape: NewShape(cells)}
}

// The built-in sets, by name.
var setMakers = map[string]func() []Piece{
	"monomino": func() []Piece { return []Piece{piece("M", "#")} },
	"domino":   func() []Piece { return []Piece{piece("D", "##")} },
	"trominoes": func() []Piece {
		return []Piece{piece("I", "###"), piece("L", "##", "#.")}
	},
	"tetrominoes": func() []Piece {
		return []Piece{
			piece("I", "####"), piece("L", "###", "#.."), piece("O", "##", "##"),
			piece("S", ".##", "##."), piece("T", "###", ".#."),
		}
	},
	"pentominoes": pentominoes,
	"hexominoes":  hexominoes,
	"soma": func() []Piece {
		return []Piece{
			cube("V", Point{0, 0, 0}, Point{1, 0, 0}, Point{0, 1, 0}),
			cube("L", Point{0, 0, 0}, Point{1, 0, 0}, Point{2, 0, 0}, Point{0, 1, 0}),
			cube("T", Point{0, 0, 0}, Point{1, 0, 0}, Point{2, 0, 0}, Point{1, 1, 0}),
			cube("Z", Point{0, 0, 0}, Point{1, 0, 0}, Point{1, 1, 0}, Point{2, 1, 0}),
			cube("A", Point{0, 0, 0}, Point{1, 0, 0}, Point{0, 1, 0}, Point{1, 0, 1}),
			cube("B", Point{0, 0, 0}, Point{1, 0, 0}, Point{0, 1, 0}, Point{0, 1, 1}),
			cube("P", Point{0, 0, 0}, Point{1, 0, 0}, Point{0, 1, 0}, Point{0, 0, 1}),
		}
	},
	"pentacubes": pentacubes,
}

var setAliases = map[string]string{
	"monominoes": "monomino", "dominoes": "domino", "dominos": "domino",
	"tromino": "trominoes", "tetromino": "tetrominoes", "pentomino": "pentominoes",
	"hexomino": "hexominoes", "pentacube": "pentacubes",
}

func pentominoes() []Piece {
	return []Piece{
		piece("F", ".##", "##.", ".#."),
		piece("I", "#####"),
		piece("L", "####", "#..."),
		piece("N", "###.", "..##"),
		piece("P", "##", "##", "#."),
		piece("T", "###", ".#.", ".#."),
		piece("U", "#.#", "###"),
		piece("V", "#..", "#..", "###"),
		piece("W", "#..", "##.", ".##"),
		piece("X", ".#.", "###", ".#."),
		piece("Y", "####", ".#.."),
		piece("Z", "##.", ".#.", ".##"),
	}
}

// setNames returns the names of the built-in piece sets.
func setNames() []string {
	return slices.Sorted(func(yield func(string) bool) {
		for k := range setMakers {
			if !yield(k) {
				return
			}
		}
	})
}

// Set returns a built-in set of pieces: "monomino", "domino", "trominoes" (I L),
// "tetrominoes" (I L O S T), "pentominoes" (F I L N P T U V W X Y Z), "hexominoes" (the 35
// free hexominoes, H1 to H35, drawn 1 to 9 and a to z, ordered from the longest, H1 the
// straight one), "soma" (Piet Hein's V L T Z A B P, A and B mirror images) and "pentacubes"
// (the 29 pentacubes distinct under rotation: the 12 flat ones named as the pentominoes, and
// the 17 others a to q, mirror-image pairs adjacent; derived by enumeration).
func Set(name string) ([]Piece, error) {
	n := strings.ToLower(name)
	if a, ok := setAliases[n]; ok {
		n = a
	}
	mk, ok := setMakers[n]
	if !ok {
		return nil, fmt.Errorf("unknown piece set %q (known: %s)", name, strings.Join(setNames(), ", "))
	}
	return mk(), nil
}

// parsePieceList returns the pieces and their numbers of copies described by a list such as
// "pentominoes", "pentominoes:2", "tetrominoes,domino:3" or "pentominoes,tetrominoes.O":
// comma-separated built-in set names, or SET.PIECE for one piece of a set, each optionally
// followed by ":K" for K copies of each of its pieces (default 1). A piece named twice has
// its copies added; pieces of different sets that share a name are renamed by appending
// their number of cells (the tetromino I becomes I4).
func parsePieceList(spec string) ([]Piece, []int, error) {
	var pieces []Piece
	var copies []int
	var sizes []int // cells per piece, to tell apart pieces of different sets
	for _, term := range strings.Split(spec, ",") {
		term = strings.TrimSpace(term)
		if term == "" {
			return nil, nil, fmt.Errorf("piece list %q: empty entry", spec)
		}
		name, count, hasCount := strings.Cut(term, ":")
		k := 1
		if hasCount {
			var err error
			k, err = strconv.Atoi(count)
			if err != nil || k < 1 {
				return nil, nil, fmt.Errorf("piece list %q: copies %q is not a positive number", spec, count)
			}
		}
		set, one, single := strings.Cut(name, ".")
		ps, err := Set(set)
		if err != nil {
			if set != name {
				return nil, nil, fmt.Errorf("piece list entry %q: want SET or SET.PIECE with a built-in set (%s)", name, strings.Join(setNames(), ", "))
			}
			return nil, nil, err
		}
		if single {
			i := slices.IndexFunc(ps, func(p Piece) bool { return strings.EqualFold(p.Name, one) })
			if i < 0 {
				var names []string
				for _, p := range ps {
					names = append(names, p.Name)
				}
				return nil, nil, fmt.Errorf("set %s has no piece %q (it has %s)", set, one, strings.Join(names, " "))
			}
			ps = ps[i : i+1]
		}
		for _, p := range ps {
			j := slices.IndexFunc(pieces, func(q Piece) bool { return q.Name == p.Name && q.Shape.equal(p.Shape) })
			if j >= 0 {
				copies[j] += k
				continue
			}
			pieces = append(pieces, p)
			copies = append(copies, k)
			sizes = append(sizes, len(p.Shape))
		}
	}
	// Rename pieces whose names clash.
	for i := range pieces {
		for j := range i {
			if pieces[j].Name == pieces[i].Name {
				pieces[i].Name += strconv.Itoa(sizes[i])
				if pieces[j].Name+strconv.Itoa(sizes[j]) != pieces[i].Name {
					pieces[j].Name += strconv.Itoa(sizes[j])
				}
			}
		}
	}
	return pieces, copies, nil
}

// grow returns the shapes made by adding one neighbouring cell to one of the shapes, distinct
// under the transforms ts (a group), each in canonical form, sorted.
func grow(shapes []Shape, ts []transform, dim int) []Shape {
	seen := map[string]bool{}
	var out []Shape
	steps := []Point{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	if dim == 2 {
		steps = steps[:4]
	}
	for _, s := range shapes {
		for _, c := range s {
			for _, d := range steps {
				n := c.add(d)
				if slices.Contains(s, n) {
					continue
				}
				g := NewShape(append(slices.Clone(s), n)).canonical(ts)
				if k := g.String(); !seen[k] {
					seen[k] = true
					out = append(out, g)
				}
			}
		}
	}
	slices.SortFunc(out, Shape.compare)
	return out
}

// polyforms returns the shapes of n cells that are distinct under ts.
func polyforms(n, dim int, ts []transform) []Shape {
	shapes := []Shape{{Point{}}}
	for range n - 1 {
		shapes = grow(shapes, ts, dim)
	}
	return shapes
}

func hexominoes() []Piece {
	shapes := polyforms(6, 2, transforms(2, true))
	// Longest first, then the canonical order.
	extent := func(s Shape) int { w, h, _ := s.size(); return max(w, h) }
	slices.SortStableFunc(shapes, func(a, b Shape) int { return cmp.Compare(extent(b), extent(a)) })
	const glyphs = "123456789abcdefghijklmnopqrstuvwxyz"
	out := make([]Piece, len(shapes))
	for i, s := range shapes {
		out[i] = Piece{Name: "H" + strconv.Itoa(i+1), Glyph: rune(glyphs[i]), Shape: s}
	}
	return out
}

func pentacubes() []Piece {
	rot := transforms(3, false)
	all := transforms(3, true)
	shapes := polyforms(5, 3, rot)
	flat := map[string]string{}
	for _, p := range pentominoes() {
		flat[p.Shape.canonical(rot).String()] = p.Name
	}
	var out, solid []Piece
	for _, s := range shapes {
		if name, ok := flat[s.String()]; ok {
			out = append(out, Piece{Name: name, Glyph: rune(name[0]), Shape: s})
		} else {
			solid = append(solid, Piece{Shape: s})
		}
	}
	slices.SortFunc(out, func(a, b Piece) int { return cmp.Compare(a.Name, b.Name) })
	// Mirror-image pairs adjacent: order by the canonical form under all 48 symmetries first.
	slices.SortStableFunc(solid, func(a, b Piece) int {
		return a.Shape.canonical(all).compare(b.Shape.canonical(all))
	})
	for i := range solid {
		solid[i].Glyph = rune('a' + i)
		solid[i].Name = string(solid[i].Glyph)
	}
	return append(out, solid...)
}
