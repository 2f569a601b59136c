package tiling

import (
	"fmt"
	"sort"
)

// Check verifies a tiling of a puzzle without using the encoder: every placed piece lies on
// cells of the region, in an orientation the puzzle allows (found afresh here by composing
// quarter turns and mirrors); no cell is covered twice; every cell is covered unless the
// puzzle is Partial; every piece is used as many times as its copies (at most that many with
// AtMost). It returns the first fault found, or nil.
func Check(pz *Puzzle, t *Tiling) error {
	r := pz.Region
	// The allowed maps of space, as closures over coordinate triples.
	type m3 func(x, y, z int) (int, int, int)
	gens := []m3{func(x, y, z int) (int, int, int) { return -y, x, z }} // quarter turn about Z
	if pz.dim() == 3 {
		gens = append(gens, func(x, y, z int) (int, int, int) { return x, -z, y }) // about X
	}
	if pz.Reflect {
		gens = append(gens, func(x, y, z int) (int, int, int) { return -x, y, z })
	}
	used := make([]int, len(pz.Pieces))
	covered := map[Point]int{}
	for k, pl := range t.placed {
		if pl.Piece < 0 || pl.Piece >= len(pz.Pieces) {
			return fmt.Errorf("placement %d: no piece %d", k, pl.Piece)
		}
		p := pz.Pieces[pl.Piece]
		used[pl.Piece]++
		for _, c := range pl.Cells {
			if _, ok := r.index[c]; !ok {
				return fmt.Errorf("%s: cell %v is outside the region", describe(p, pl.Cells), c)
			}
			if j, dup := covered[c]; dup {
				return fmt.Errorf("cell %v covered twice: by %s and by %s", c,
					describe(pz.Pieces[t.placed[j].Piece], t.placed[j].Cells), describe(p, pl.Cells))
			}
			covered[c] = k
		}
		// Search the orbit of the piece's cells under the generators for the placed shape.
		want := normKey(pl.Cells)
		start := make([][3]int, len(p.Shape))
		for i, c := range p.Shape {
			start[i] = [3]int{c.X, c.Y, c.Z}
		}
		seen := map[string]bool{}
		queue := [][][3]int{start}
		found := false
		for len(queue) > 0 && !found {
			cur := queue[0]
			queue = queue[1:]
			pts := make([]Point, len(cur))
			for i, c := range cur {
				pts[i] = Point{c[0], c[1], c[2]}
			}
			key := normKey(pts)
			if seen[key] {
				continue
			}
			seen[key] = true
			if key == want {
				found = true
			}
			for _, g := range gens {
				next := make([][3]int, len(cur))
				for i, c := range cur {
					x, y, z := g(c[0], c[1], c[2])
					next[i] = [3]int{x, y, z}
				}
				queue = append(queue, next)
			}
		}
		if !found || len(pl.Cells) != len(p.Shape) {
			return fmt.Errorf("%s: not an allowed orientation of the piece", describe(p, pl.Cells))
		}
	}
	if !pz.Partial && len(covered) != r.Len() {
		for _, c := range r.cells {
			if _, ok := covered[c]; !ok {
				return fmt.Errorf("cell %v is not covered", c)
			}
		}
	}
	for i, n := range used {
		k := pz.copies(i)
		if n > k || n < k && !pz.AtMost {
			return fmt.Errorf("piece %s used %d times, want %d", pz.Pieces[i].Name, n, k)
		}
	}
	return nil
}

// normKey translates the cells to the origin, sorts them and spells them out.
func normKey(cells []Point) string {
	if len(cells) == 0 {
		return ""
	}
	mx, my, mz := cells[0].X, cells[0].Y, cells[0].Z
	for _, c := range cells {
		mx, my, mz = min(mx, c.X), min(my, c.Y), min(mz, c.Z)
	}
	ks := make([]string, len(cells))
	for i, c := range cells {
		ks[i] = fmt.Sprintf("%d %d %d", c.X-mx, c.Y-my, c.Z-mz)
	}
	sort.Strings(ks)
	out := ""
	for _, k := range ks {
		out += k + ";"
	}
	return out
}
