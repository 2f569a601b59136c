package sudoku

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// shuffled returns a random full grid of board b: its solution of the empty grid with the
// values relabelled and, on a plain box board (shuffle), its rows shuffled within bands and
// the bands among themselves, and the same for columns and stacks. Each step keeps a
// valid grid.
func shuffled(t testing.TB, b *Board, rng *rand.Rand, shuffle bool) Grid {
	n := b.N()
	full := make(Grid, n*n)
	if k, err := b.newSolver().solve(context.Background(), make(Grid, n*n), 1, full); k != 1 || err != nil {
		t.Fatalf("%v: empty board: %d solutions, %v", b, k, err)
	}
	boxR, boxC := b.Box()
	order := func(size, group int) []int { // a permutation of 0..size-1 that keeps groups
		var out []int
		for _, g := range rng.Perm(size / group) {
			for _, i := range rng.Perm(group) {
				out = append(out, g*group+i)
			}
		}
		return out
	}
	rows, cols, vals := order(n, boxR), order(n, boxC), rng.Perm(n)
	if !shuffle {
		rows, cols = order(n, n), order(n, n)
		for i := range n {
			rows[i], cols[i] = i, i
		}
	}
	g := make(Grid, n*n)
	for r := range n {
		for c := range n {
			g[r*n+c] = uint8(vals[full[rows[r]*n+cols[c]]-1] + 1)
		}
	}
	if err := b.Check(nil, g); err != nil {
		t.Fatalf("%v: shuffled grid: %v", b, err)
	}
	return g
}

// TestGenerateSets writes Sudoku puzzle sets for timing boards other than classic 9x9: for
// each board (4x4, 16x16, 25x25, and 9x9 X-Sudoku and windoku), puzzles with a unique solution made by taking givens out of random full grids
// in random order while the solution stays unique, down to a share of the cells. Set
// SUDOKU_GEN_DIR to a directory; SUDOKU_GEN_COUNT (default 300) puzzles a set. Files:
// 2x2.txt, 4x4.txt, 5x5.txt, x.txt, windoku.txt, one puzzle a line.
func TestGenerateSets(t *testing.T) {
	dir := os.Getenv("SUDOKU_GEN_DIR")
	if dir == "" {
		t.Skip("set SUDOKU_GEN_DIR to write the sets")
	}
	puzzles := 300
	if s := os.Getenv("SUDOKU_GEN_COUNT"); s != "" {
		var err error
		if puzzles, err = strconv.Atoi(s); err != nil {
			t.Fatal(err)
		}
	}
	for i, c := range []struct {
		name string
		spec Variant
		keep float64 // stop taking givens out at this share of the cells
	}{
		{"2x2", Variant{BoxRows: 2, BoxCols: 2}, 0},
		{"4x4", Variant{BoxRows: 4, BoxCols: 4}, 0.45},
		{"5x5", Variant{BoxRows: 5, BoxCols: 5}, 0.55},
		{"x", Variant{X: true}, 0},
		{"windoku", Variant{Windoku: true}, 0},
	} {
		b := mustBoard(t, c.spec)
		rng := rand.New(rand.NewPCG(uint64(i), 24))
		s := b.newSolver()
		nn := b.Cells()
		var sb strings.Builder
		for range puzzles {
			g := shuffled(t, b, rng, !c.spec.X && !c.spec.Windoku)
			givens := nn
			for _, cell := range rng.Perm(nn) {
				if float64(givens) <= c.keep*float64(nn) {
					break
				}
				v := g[cell]
				g[cell] = 0
				if k, err := s.solve(context.Background(), g, 2, nil); err != nil || k != 1 {
					g[cell] = v // needed for uniqueness
					continue
				}
				givens--
			}
			if k := count(t, b, g, 2); k != 1 {
				t.Fatalf("%v: generated puzzle has %d solutions", b, k)
			}
			sb.WriteString(g.Format(OneBased) + "\n")
		}
		name := filepath.Join(dir, c.name+".txt")
		if err := os.WriteFile(name, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d puzzles", name, puzzles)
	}
}
