package puzzle_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/tiling"
	"github.com/xcover/xcover/verify"
)

func tilingPuzzle(t *testing.T, pieces, size string) *tiling.Puzzle {
	t.Helper()
	spec := tiling.Spec{Pieces: pieces, Size: size} // pieces in the plane turned over, in space not mirrored
	tp, _, err := spec.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

// TestPuzzles checks each kind of puzzle end to end: the number of solutions and classes
// against published values, every solution by the independent verifier and by the
// puzzle's own checker, which must also reject a solution with an option missing.
func TestPuzzles(t *testing.T) {
	ctx := context.Background()
	board, err := sudoku.NewBoard(sudoku.Variant{BoxRows: 2, BoxCols: 2})
	if err != nil {
		t.Fatal(err)
	}
	grid := sudoku.Grid{1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2}
	f, err := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"), "abc.dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name          string
		pose          func() (puzzle.Puzzle, error)
		all, distinct int // distinct -1: no distinct mode
	}{
		{"queens 8", func() (puzzle.Puzzle, error) { return puzzle.Queens(8, 1) }, 92, 12},             // A000170, A002562
		{"queens 6", func() (puzzle.Puzzle, error) { return puzzle.Queens(6, 1) }, 4, 1},               //
		{"queens 4, 2 per line", func() (puzzle.Puzzle, error) { return puzzle.Queens(4, 2) }, 11, -1}, // A225623
		{"pentominoes 3x20", func() (puzzle.Puzzle, error) {
			return puzzle.Tiling(tilingPuzzle(t, "pentominoes", "3x20"), puzzle.TilingOptions{Distinct: true})
		}, 8, 2},
		{"sudoku 4x4", func() (puzzle.Puzzle, error) { return puzzle.Sudoku(board, grid, sudoku.OneBased) }, 1, -1},
		{"dlx", func() (puzzle.Puzzle, error) { return puzzle.DLX(f, "abc.dlx"), nil }, 2, -1}, // {a b, c}, {a, b c}
	} {
		t.Run(tc.name, func(t *testing.T) {
			pz, err := tc.pose()
			if err != nil {
				t.Fatal(err)
			}
			chk := verify.NewChecker(pz.Problem())
			sv, err := xcover.NewSolver(pz.Problem(), xcover.Config{})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for sol := range sv.Solutions(ctx) {
				n++
				if v := chk.Check(sol); len(v) > 0 {
					t.Fatalf("solution %v: %v", sol, v[0])
				}
				if pz.Text(sol) == "" {
					t.Errorf("solution %v: no text", sol)
				}
				if err := pz.Check(sol); err != nil {
					t.Fatalf("solution %v rejected: %v", sol, err)
				}
				if pz.About().Kind == "dlx" {
					continue // no rules but the problem's, which the verifier checks
				}
				if err := pz.Check(sol[1:]); err == nil {
					t.Fatalf("solution %v without its first option accepted", sol)
				}
			}
			if n != tc.all {
				t.Errorf("%d solutions, want %d", n, tc.all)
			}
			sym, ok := pz.(puzzle.Symmetric)
			if tc.distinct < 0 {
				if ok {
					t.Errorf("a distinct mode, want none")
				}
				return
			}
			if !ok {
				t.Fatalf("no distinct mode")
			}
			classes, sum := 0, 0
			err = sym.Distinct(ctx, xcover.Config{}, func(sol []int, class int) bool {
				if v := chk.Check(sol); len(v) > 0 {
					t.Fatalf("class representative %v: %v", sol, v[0])
				}
				classes, sum = classes+1, sum+class
				return true
			})
			if err != nil || classes != tc.distinct || sum != tc.all {
				t.Errorf("distinct: %d classes of %d solutions in all (%v), want %d of %d", classes, sum, err, tc.distinct, tc.all)
			}
		})
	}
}

// TestDraw checks that every kind of puzzle draws its solutions as SVG.
func TestDraw(t *testing.T) {
	pz, err := puzzle.Queens(5, 1)
	if err != nil {
		t.Fatal(err)
	}
	var sols [][]int
	sv, _ := xcover.NewSolver(pz.Problem(), xcover.Config{Limit: 3})
	for sol := range sv.Solutions(context.Background()) {
		sols = append(sols, append([]int(nil), sol...))
	}
	var b strings.Builder
	if err := pz.Draw(&b, sols); err != nil || !strings.Contains(b.String(), "<svg") {
		t.Errorf("queens drawing: %v, %.60q", err, b.String())
	}
}

// TestDrawMade draws made puzzles as the command does: the givens, then the solution, the
// givens marked in both, for the puzzles that draw several solutions; the others refuse.
func TestDrawMade(t *testing.T) {
	ctx := context.Background()
	board, err := sudoku.NewBoard(sudoku.Variant{BoxRows: 2, BoxCols: 2})
	if err != nil {
		t.Fatal(err)
	}
	f, err := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"), "abc.dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		pose   func() (puzzle.Puzzle, error)
		svgs   int // <svg elements of the picture; 0: refused
		marked string
	}{
		{"queens 6", func() (puzzle.Puzzle, error) { return puzzle.Queens(6, 1) }, 1, "given"},
		{"pentominoes 3x20", func() (puzzle.Puzzle, error) {
			return puzzle.Tiling(tilingPuzzle(t, "pentominoes", "3x20"), puzzle.TilingOptions{Distinct: true})
		}, 1, "given"},
		{"sudoku 4x4", func() (puzzle.Puzzle, error) {
			return puzzle.Sudoku(board, sudoku.Grid{1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2}, sudoku.OneBased)
		}, 0, ""},
		{"dlx", func() (puzzle.Puzzle, error) { return puzzle.DLX(f, "abc.dlx"), nil }, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pz, err := tc.pose()
			if err != nil {
				t.Fatal(err)
			}
			givens, sol, err := puzzle.Make(ctx, pz, xcover.Config{Random: true, Seed: 1})
			if err != nil || sol == nil {
				t.Fatalf("Make: %v, %v", sol, err)
			}
			var b strings.Builder
			err = pz.DrawGiven(&b, givens, [][]int{givens, sol})
			switch {
			case tc.svgs == 0 && err == nil:
				t.Errorf("DrawGiven drew %.60q; want a refusal", b.String())
			case tc.svgs > 0 && (err != nil || strings.Count(b.String(), "<svg") != tc.svgs):
				t.Errorf("DrawGiven: %v, %.60q", err, b.String())
			case tc.svgs > 0 && len(givens) > 0 && !strings.Contains(strings.ToLower(b.String()), tc.marked):
				t.Errorf("DrawGiven: the givens are not marked in %.200q", b.String())
			}
		})
	}
}

// TestDrawGiven makes a puzzle of each kind that draws and draws its solution with
// DrawGiven: the marks of class "given" number the pre-placed queens, or the cells of the
// pre-placed pieces, and Draw draws none; a DLX problem has no picture either way.
func TestDrawGiven(t *testing.T) {
	ctx := context.Background()
	queens8, err := puzzle.Queens(8, 1)
	if err != nil {
		t.Fatal(err)
	}
	pento, err := puzzle.Tiling(tilingPuzzle(t, "pentominoes", "10x6"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"), "abc.dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pz    puzzle.Puzzle
		mark  string // what marks a pre-placed queen or cell
		cells int    // marks per pre-placed option
	}{
		{queens8, `class="queen given"`, 1},
		{pento, `class="given"`, 5},
		{puzzle.DLX(f, "abc"), "", 0},
	} {
		title := c.pz.About().Title
		givens, sol, err := puzzle.Make(ctx, c.pz, xcover.Config{Random: true, Seed: 5})
		if err != nil || sol == nil {
			t.Fatalf("%s: Make: %v, %v", title, sol, err)
		}
		var marked, plain strings.Builder
		errG := c.pz.DrawGiven(&marked, givens, [][]int{sol})
		errD := c.pz.Draw(&plain, [][]int{sol})
		if c.mark == "" {
			if errG == nil || errD == nil {
				t.Errorf("%s: drawn: %v, %v", title, errG, errD)
			}
			continue
		}
		if errG != nil || errD != nil {
			t.Fatalf("%s: %v, %v", title, errG, errD)
		}
		if n, want := strings.Count(marked.String(), c.mark), c.cells*len(givens); n != want || len(givens) == 0 {
			t.Errorf("%s: %d marks for %d pre-placed options, want %d", title, n, len(givens), want)
		}
		if strings.Contains(plain.String(), "given") {
			t.Errorf("%s: Draw marks givens", title)
		}
	}
}

// ExampleQueens poses eight queens, counts the solutions and lists the essentially
// different ones with the sizes of their classes.
func ExampleQueens() {
	pz, err := puzzle.Queens(8, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	res, _ := xcover.Count(ctx, pz.Problem(), xcover.Config{})
	n := res.Solutions
	fmt.Printf("%s: %d solutions\n", pz.About().Title, n)
	sizes := map[int]int{}
	puzzle.Each(ctx, pz, xcover.Config{}, true, func(sol []int, class int) bool {
		sizes[class]++
		return true
	})
	fmt.Println("classes of 8:", sizes[8], "of 4:", sizes[4])
	// Output:
	// 8 queens: 92 solutions
	// classes of 8: 11 of 4: 1
}

// ExampleTiling tiles a 3×20 rectangle with the twelve pentominoes and draws the first
// tiling as text.
func ExampleTiling() {
	spec := tiling.Spec{Pieces: "pentominoes", Size: "20x3"} // pieces may be turned and turned over
	tp, title, err := spec.Puzzle()
	if err != nil {
		fmt.Println(err)
		return
	}
	pz, err := puzzle.Tiling(tp, puzzle.TilingOptions{Title: title})
	if err != nil {
		fmt.Println(err)
		return
	}
	sv, _ := xcover.NewSolver(pz.Problem(), xcover.Config{Limit: 1})
	for sol := range sv.Solutions(context.Background()) {
		fmt.Println(pz.About().Title)
		fmt.Print(pz.Text(sol))
	}
	// Output:
	// pentominoes on 20x3
	// UUXIIIIINNNFTWYYYYZV
	// UXXXPPLNNFFFTWWYZZZV
	// UUXPPPLLLLFTTTWWZVVV
}

// TestSudokuSolver compares the Sudoku's own solver (Solve, Count: the sudoku package's
// kernels) with the exact cover engine on its Problem, on random puzzles of side 4, 6 and 9:
// the same counts and the same solutions, each checked by package verify and by Check.
func TestSudokuSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	for _, box := range [][2]int{{2, 2}, {2, 3}, {3, 3}} {
		b, err := sudoku.NewBoard(sudoku.Variant{BoxRows: box[0], BoxCols: box[1]})
		if err != nil {
			t.Fatal(err)
		}
		_, full, _ := b.Solve(ctx, make(sudoku.Grid, b.Cells()), 1)
		for try := range 5 {
			g := slices.Clone(full)
			keep := 0.1 * float64(try) // 4x4: from the empty grid's 288 solutions
			if b.N() > 4 {
				keep = 0.5 + 0.1*float64(try)
			}
			for i := range g {
				if rng.Float64() > keep {
					g[i] = 0
				}
			}
			pz, err := puzzle.Sudoku(b, g, sudoku.OneBased)
			if err != nil {
				t.Fatal(err)
			}
			var want [][]int
			sv, err := xcover.NewSolver(pz.Problem(), xcover.Config{})
			if err != nil {
				t.Fatal(err)
			}
			for sol := range sv.Solutions(ctx) {
				want = append(want, slices.Sorted(slices.Values(sol)))
			}
			var got [][]int
			sz := pz.(interface {
				puzzle.Counter
				puzzle.Lister
			})
			err = sz.List(ctx, xcover.Config{}, func(sol []int) bool {
				if v := verify.Check(pz.Problem(), sol); len(v) > 0 {
					t.Fatalf("%s: not a solution: %s", pz.About().Title, v[0].Msg)
				}
				if err := pz.Check(sol); err != nil {
					t.Fatalf("%s: %v", pz.About().Title, err)
				}
				got = append(got, slices.Sorted(slices.Values(sol)))
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			slices.SortFunc(got, slices.Compare)
			slices.SortFunc(want, slices.Compare)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("%s %s: List lists %d solutions, the engine %d (or others)", pz.About().Title, g.Format(sudoku.OneBased), len(got), len(want))
			}
			for _, limit := range []uint64{0, 1, 2, 7} {
				n, err := sz.Count(ctx, limit, 2)
				w := uint64(len(want))
				if limit > 0 {
					w = min(w, limit)
				}
				if err != nil || n != w {
					t.Errorf("%s: Count(limit %d) = %d, %v; want %d", pz.About().Title, limit, n, err, w)
				}
			}
		}
	}
}

// TestSolid says which tilings are solids: their text shows layers.
func TestSolid(t *testing.T) {
	for _, tc := range []struct {
		pieces, size string
		solid        bool
	}{{"soma", "3x3x3", true}, {"domino:2", "2x2", false}} {
		pz, err := puzzle.Tiling(tilingPuzzle(t, tc.pieces, tc.size), puzzle.TilingOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if pz.About().Solid != tc.solid {
			t.Errorf("%s on %s: solid %v, want %v", tc.pieces, tc.size, !tc.solid, tc.solid)
		}
	}
}
