package sudoku

import (
	"context"
	"slices"
	"testing"

	"github.com/xcover/xcover"
)

// definePuzzle returns the puzzle of the smallest defining set of the grid g (xcover.Define
// on the board's exact cover problem), checked by the board's own kernel: a unique solution,
// g, and no given removable.
func definePuzzle(t *testing.T, b *Board, g Grid) Grid {
	t.Helper()
	enc, err := b.Encode(make(Grid, b.Cells()))
	if err != nil {
		t.Fatal(err)
	}
	var sol []int
	for k := range enc.Problem.NumOptions() {
		if c, v := enc.option(k); g[c] == v {
			sol = append(sol, k)
		}
	}
	r, err := xcover.Define(context.Background(), enc.Problem, sol, xcover.DefineOptions{Smallest: true})
	if err != nil {
		t.Fatalf("%s: %v", g.Format(0), err)
	}
	puzzle := make(Grid, b.Cells())
	for _, k := range r.Options {
		c, v := enc.option(k)
		puzzle[c] = v
	}
	checkUniqueMinimal(t, b, puzzle, g)
	return puzzle
}

// checkUniqueMinimal checks with the board's kernel that puzzle has the one solution g and
// that every given removed leaves more than one solution.
func checkUniqueMinimal(t *testing.T, b *Board, puzzle, g Grid) {
	t.Helper()
	s := b.newSolver()
	out := make(Grid, b.Cells())
	if k, err := s.solve(context.Background(), puzzle, 2, out); k != 1 || err != nil || !slices.Equal(out, g) {
		t.Fatalf("puzzle %s: %d solutions (%v), solution %s, want %s", puzzle.Format(0), k, err, out.Format(0), g.Format(0))
	}
	for c, v := range puzzle {
		if v == 0 {
			continue
		}
		puzzle[c] = 0
		k, err := s.solve(context.Background(), puzzle, 2, nil)
		puzzle[c] = v
		if k != 2 || err != nil {
			t.Fatalf("puzzle %s: without cell %d, %d solutions (%v), want 2", puzzle.Format(0), c, k, err)
		}
	}
}

// TestDefineSmallest4x4: over all 288 grids of 4x4 Sudoku the smallest puzzles have 4
// givens; each grid's smallest defining set is checked by the kernel, and that no set of
// one given less defines the grid, by trying all of them.
func TestDefineSmallest4x4(t *testing.T) {
	b := mustBoard(t, Variant{BoxRows: 2, BoxCols: 2})
	enc, err := b.Encode(make(Grid, 16))
	if err != nil {
		t.Fatal(err)
	}
	s, err := xcover.NewSolver(enc.Problem, xcover.Config{})
	if err != nil {
		t.Fatal(err)
	}
	grids, least, kernel := 0, 16, b.newSolver()
	for sol := range s.Solutions(context.Background()) {
		g, err := enc.Decode(sol)
		if err != nil || b.Check(nil, g) != nil {
			t.Fatalf("grid %v: %v %v", g, err, b.Check(nil, g))
		}
		grids++
		p := definePuzzle(t, b, g)
		n := p.Givens()
		least = min(least, n)
		// Every set of n-1 cells, as givens, leaves more than one solution.
		var rec func(from, left int, pz Grid)
		rec = func(from, left int, pz Grid) {
			if left == 0 {
				if k, _ := kernel.solve(context.Background(), pz, 2, nil); k == 1 {
					t.Fatalf("grid %s: %s has %d givens and one solution; Define found %d", g.Format(0), pz.Format(0), n-1, n)
				}
				return
			}
			for c := from; c <= 16-left; c++ {
				pz[c] = g[c]
				rec(c+1, left-1, pz)
				pz[c] = 0
			}
		}
		rec(0, n-1, make(Grid, 16))
	}
	if grids != 288 || least != 4 {
		t.Errorf("%d grids, smallest puzzle %d givens; want 288 and 4", grids, least)
	}
}

// TestDefineSmallest6x6: the smallest 6x6 puzzles have 8 givens; grids whose smallest
// defining sets have 8 and 9 givens (checked minimal and unique by the kernel).
func TestDefineSmallest6x6(t *testing.T) {
	b := mustBoard(t, Variant{BoxRows: 2, BoxCols: 3})
	for _, c := range []struct {
		grid string
		want int
	}{
		{"135246246153361524524361453612612435", 8},
		{"563412412563156234234156621345345621", 9},
	} {
		g, _, err := parseOneLine(c.grid, 6, OneBased)
		if err != nil {
			t.Fatal(err)
		}
		if p := definePuzzle(t, b, g); p.Givens() != c.want {
			t.Errorf("grid %s: smallest puzzle %s has %d givens, want %d", c.grid, p.Format(0), p.Givens(), c.want)
		}
	}
}
