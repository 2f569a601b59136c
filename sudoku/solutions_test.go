package sudoku

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// engineSolutions returns every solution of g found by the general engine on the encoding
// without the givens' options, each as its sorted options.
func engineSolutions(t *testing.T, e *Encoding) [][]int {
	t.Helper()
	s, err := xcover.NewSolver(e.Problem, xcover.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var out [][]int
	for sol := range s.Solutions(context.Background()) {
		out = append(out, slices.Sorted(slices.Values(sol)))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEachVsEngine lists the solutions of random puzzles on every variant board with
// Solver.Each and with the general engine: the same solutions, each checked by package
// verify (through Encoding.Options) and by Board.Check, none twice.
func TestEachVsEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, b := range variantBoards(t) {
		if b.N() > 9 {
			continue // the engine is slow to list many solutions of big open grids
		}
		full := make(Grid, b.Cells())
		b.newSolver().solve(context.Background(), make(Grid, b.Cells()), 1, full)
		for try := range 4 {
			g := slices.Clone(full)
			keep := 0.55 + 0.05*float64(try) // givens kept: up to about 1000 solutions
			switch {
			case b.N() <= 4:
				keep = 0.1 * float64(try) // from the empty grid's 288
			case b.N() < 9:
				keep = 0.45 + 0.1*float64(try)
			}
			for i := range g {
				if rng.Float64() > keep {
					g[i] = 0
				}
			}
			e, err := b.Encode(g)
			if err != nil {
				t.Fatal(err)
			}
			want := engineSolutions(t, e)
			var got [][]int
			n, err := b.newSolver().each(context.Background(), g, 0, func(sol Grid) bool {
				if err := b.Check(g, sol); err != nil {
					t.Fatalf("%v %s: %v", b, sol.Format(OneBased), err)
				}
				opts, err := e.Options(sol)
				if err != nil {
					t.Fatal(err)
				}
				if v := verify.Check(e.Problem, opts); len(v) > 0 {
					t.Fatalf("%v %s: options %v: %s", b, sol.Format(OneBased), opts, v[0].Msg)
				}
				got = append(got, slices.Sorted(slices.Values(opts)))
				return true
			})
			if err != nil || n != uint64(len(got)) {
				t.Fatalf("%v: Each returned %d, %v after %d solutions", b, n, err, len(got))
			}
			slices.SortFunc(got, slices.Compare)
			slices.SortFunc(want, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%v %s: Each lists %d solutions, the engine %d (or others)", b, g.Format(OneBased), len(got), len(want))
			}
		}
	}
}

func TestEachLimits(t *testing.T) {
	b := mustBoard(t, Variant{BoxRows: 2, BoxCols: 2})
	empty := make(Grid, b.Cells())
	tests := []struct {
		limit, stopAfter, want uint64 // stopAfter: visit returns false at this solution (0: never)
	}{
		{0, 0, 288}, // the 4x4 grids (OEIS A107739)
		{5, 0, 5},
		{0, 3, 3},
		{288, 0, 288},
		{1000, 0, 288},
	}
	for _, tt := range tests {
		seen := map[string]bool{}
		n, err := b.newSolver().each(context.Background(), empty, tt.limit, func(sol Grid) bool {
			seen[sol.Format(OneBased)] = true
			return uint64(len(seen)) != tt.stopAfter
		})
		if err != nil || n != tt.want || uint64(len(seen)) != tt.want {
			t.Errorf("limit %d, stop after %d: %d solutions (%d different), %v; want %d", tt.limit, tt.stopAfter, n, len(seen), err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big := mustBoard(t, Variant{BoxRows: 4, BoxCols: 4})
	if _, err := big.newSolver().each(ctx, make(Grid, big.Cells()), 0, func(Grid) bool { return true }); err == nil {
		t.Errorf("Each on an empty 16x16 board with ctx cancelled: no error")
	}
}

func TestOptionsRefuses(t *testing.T) {
	b := mustBoard(t, Variant{})
	g := mustParse(t, classic, 9)
	e, err := b.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	sol := mustParse(t, classicSol, 9)
	if _, err := e.Options(sol); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []func(Grid){
		func(s Grid) { s[0] = 0 },          // empty
		func(s Grid) { s[0] = 4 },          // against the given 5
		func(s Grid) { s[0], s[1] = 3, 5 }, // givens swapped
		func(s Grid) { s[2] = s[4] },       // a value the givens of its row exclude
	} {
		s := slices.Clone(sol)
		bad(s)
		if opts, err := e.Options(s); err == nil {
			t.Errorf("Options(%s) = %v, want an error", s.Format(OneBased), opts)
		}
	}
	if _, err := e.Options(sol[:80]); err == nil {
		t.Errorf("Options of 80 cells: no error")
	}
}
