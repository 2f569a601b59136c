package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/xcover/xcover/internal/brute"
)

// TestCDCLAnother checks the clause-learning removal check against brute.SudokuCount
// (code shared with neither): on random subsets of grids of 4x4, 6x6, 9x9 and 16x16
// boards, a cell emptied, whether a solution gives it another value, and whether the
// grid is the subset's only solution; every witness a valid grid holding the givens and
// another value there. One solver serves all the checks of a board.
func TestCDCLAnother(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		r, cc, puzzles, keep int // keep: givens per 100 cells
	}{
		{2, 2, 200, 30},
		{2, 3, 200, 30},
		{3, 3, 200, 40},
		{3, 3, 100, 50},
		{4, 4, 30, 45},
	} {
		b := mustBoard(t, Variant{BoxRows: c.r, BoxCols: c.cc})
		n := b.N()
		units := brute.SudokuUnits(n, c.r, c.cc)
		grids, _, err := b.grids(ctx, c.puzzles, 5)
		if err != nil {
			t.Fatal(err)
		}
		cd := newCDCL(b)
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		found, uniq := 0, 0
		for i, g := range grids {
			label := fmt.Sprintf("%v puzzle %d", b, i)
			pz := make(Grid, len(g))
			for j := range pz {
				if rng.IntN(100) < c.keep {
					pz[j] = g[j]
				}
			}
			cell := rng.IntN(len(g))
			pz[cell] = 0
			want := false
			for v := 1; v <= n && !want; v++ {
				if uint8(v) != g[cell] {
					pz[cell] = uint8(v)
					want = brute.SudokuCount(n, units, pz, 1) > 0
				}
			}
			pz[cell] = 0
			u, _, err := cd.unique(ctx, pz, g)
			if want := brute.SudokuCount(n, units, pz, 2) == 1; err != nil || u != want {
				t.Fatalf("%s: unique %v (%v), want %v", label, u, err, want)
			}
			if u {
				uniq++
			}
			if u, _, err := cd.unique(ctx, g, g); err != nil || !u {
				t.Fatalf("%s: the full grid unique %v (%v)", label, u, err)
			}
			w := make(Grid, len(g))
			got, err := cd.another(ctx, pz, []int32{int32(cell)}, g, w)
			if err != nil || got != want {
				t.Fatalf("%s: another %v (%v), want %v", label, got, err, want)
			}
			if !got {
				continue
			}
			found++
			if w[cell] == g[cell] {
				t.Fatalf("%s: the witness holds the grid's value at cell %d", label, cell)
			}
			for c, v := range pz {
				if v != 0 && w[c] != v {
					t.Fatalf("%s: the witness has %d at cell %d, the given %d", label, w[c], c, v)
				}
			}
			if k := brute.SudokuCount(n, units, w, 2); k != 1 {
				t.Fatalf("%s: the witness %s is no grid", label, w.Format(0))
			}
		}
		if found == 0 || found == c.puzzles || uniq == 0 || uniq == c.puzzles {
			t.Errorf("%v: of %d puzzles, %d with another value at the cell, %d unique: the test should see both answers of each", b, c.puzzles, found, uniq)
		}
	}
}
