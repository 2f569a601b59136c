package interop

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/tiling"
	"github.com/xcover/xcover/verify"
)

// The round trips below run the external solvers: z3 (SMT-LIB2 with pseudo-boolean
// constraints and with Int sums, OPB, CNF), CaDiCaL, MiniSat and cvc5. Each test skips the
// solvers that are not installed, saying so; with none installed the encodings are still
// checked by encode_test.go and eval_test.go.

// installed returns the solvers whose programs are in $PATH, logging the others.
func installed(t *testing.T) []string {
	t.Helper()
	var names []string
	for _, s := range solverSpecs() {
		if _, err := exec.LookPath(s.binary); err != nil {
			t.Logf("skipping %s: %v", s.name, &MissingSolverError{s.name, s.binary, s.pkg})
			continue
		}
		names = append(names, s.name)
	}
	if len(names) == 0 {
		t.Skip("no external solver installed (apt-get install z3 cadical minisat)")
	}
	return names
}

// engineCount counts the solutions of p with xcover's engine.
func engineCount(t *testing.T, p *xcover.Problem) int {
	t.Helper()
	res, err := xcover.Count(context.Background(), p, xcover.Config{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return int(res.Solutions.Int64())
}

// puzzles returns named puzzle problems with a check of one solution in the puzzle's own terms.
func puzzles(t *testing.T) []puzzleCase {
	q8, err := queens.Problem(8, 1)
	if err != nil {
		t.Fatal(err)
	}
	spec := tiling.Spec{Pieces: "tetrominoes:2", Size: "8x5"} // pieces turned over too
	pz, _, err := spec.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	enc, err := pz.Encode()
	if err != nil {
		t.Fatal(err)
	}
	board, err := sudoku.NewBoard(sudoku.Variant{})
	if err != nil {
		t.Fatal(err)
	}
	// A valid grid with half of its cells blanked.
	grid := make(sudoku.Grid, 81)
	for i := range grid {
		r, c := i/9, i%9
		if (r*7+c*3)%2 == 0 {
			grid[i] = uint8((r*3+r/3+c)%9 + 1)
		}
	}
	sd, err := board.Encode(grid)
	if err != nil {
		t.Fatal(err)
	}
	return []puzzleCase{
		{"queens 8", q8, func(sol []int) error { return queens.Check(queens.Decode(8, sol), 1) }},
		{"tetrominoes:2 5x8", enc.Problem, func(sol []int) error { return tiling.Check(pz, enc.Tiling(sol)) }},
		{"sudoku", sd.Problem, func(sol []int) error {
			g, err := sd.Decode(sol)
			if err != nil {
				return err
			}
			return board.Check(grid, g)
		}},
	}
}

type puzzleCase struct {
	name  string
	p     *xcover.Problem
	check func([]int) error
}

func TestSolvePuzzles(t *testing.T) {
	ctx := context.Background()
	cases := puzzles(t)
	var wg sync.WaitGroup
	for _, solver := range installed(t) {
		for _, pc := range cases {
			if solver == "z3-int" || solver == "cvc5" {
				if pc.name != "queens 8" {
					continue // Int sums are slow on the larger ones
				}
			}
			wg.Go(func() {
				sols, err := solveOne(ctx, pc.p, solver)
				if err != nil {
					t.Errorf("%s, %s: %v", solver, pc.name, err)
					return
				}
				if len(sols) != 1 {
					t.Errorf("%s, %s: %d solutions, want 1", solver, pc.name, len(sols))
					return
				}
				if err := pc.check(sols[0]); err != nil {
					t.Errorf("%s, %s: %v", solver, pc.name, err)
				}
			})
		}
	}
	wg.Wait()
}

// The number of solutions that blocking clauses enumerate equals the engine's count and
// brute force's, on small problems of every kind and on small puzzles.
func TestSolveAllCounts(t *testing.T) {
	ctx := context.Background()
	type pcase struct {
		name string
		p    *xcover.Problem
		want int
	}
	var cases []pcase
	q6, _ := queens.Problem(6, 1)
	cases = append(cases, pcase{"queens 6", q6, 4})
	dom, _ := tiling.Set("domino")
	box, _ := tiling.Box(4, 2, 1)
	pz := &tiling.Puzzle{Region: box, Pieces: dom, Copies: []int{4}}
	enc, err := pz.Encode()
	if err != nil {
		t.Fatal(err)
	}
	cases = append(cases, pcase{"dominoes 2x4", enc.Problem, 5})
	spec := tiling.Spec{Pieces: "pentominoes.L,pentominoes.P,pentominoes.U,pentominoes.Y", Size: "5x4"} // turned over too
	if pz, _, err = spec.Puzzle(); err != nil {
		t.Fatal(err)
	}
	if enc, err = pz.Encode(); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, pcase{"pentominoes LPUY 4x5", enc.Problem, 4})
	cases = append(cases, pcase{"format example", formatExample(t), 3})
	long := os.Getenv("XCOVER_LONG") != ""
	seeds := 8
	if long {
		seeds = 12
	}
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(uint64(seed), kind)
			cases = append(cases, pcase{fmt.Sprintf("%v/%d", kind, seed), p, int(brute.Count(p))})
		}
	}
	for _, c := range cases {
		if n := engineCount(t, c.p); n != c.want {
			t.Fatalf("%s: engine counts %d, want %d", c.name, n, c.want)
		}
	}
	sem := make(chan struct{}, 4)
	var wg sync.WaitGroup
	for _, solver := range installed(t) {
		for _, c := range cases {
			slowSums := solver == "z3-int" || solver == "cvc5"
			if !long && (c.want > 12 || slowSums && c.p.NumOptions() > 40) {
				continue // set XCOVER_LONG=1 for these
			}
			wg.Go(func() {
				sem <- struct{}{}
				defer func() { <-sem }()
				sols, err := solveAll(ctx, c.p, solver, 0)
				if err != nil {
					t.Errorf("%s, %s: %v", solver, c.name, err)
					return
				}
				if len(sols) != c.want {
					t.Errorf("%s, %s: %d solutions, want %d", solver, c.name, len(sols), c.want)
				}
				if err := verify.All(c.p, sols); err != nil {
					t.Errorf("%s, %s: %v", solver, c.name, err)
				}
			})
		}
	}
	wg.Wait()
}

func TestSolveAllLimit(t *testing.T) {
	names := installed(t)
	q6, _ := queens.Problem(6, 1)
	sols, err := solveAll(context.Background(), q6, names[0], 2)
	if err != nil || len(sols) != 2 {
		t.Fatalf("%s: %d solutions, %v; want 2", names[0], len(sols), err)
	}
}

// TestVia checks that Via runs solveAll with the solver named: the same solutions, each
// checked, and the same error for a solver that is not there.
func TestVia(t *testing.T) {
	q6, _ := queens.Problem(6, 1)
	if _, err := Via("glucose")(context.Background(), q6, 1); err == nil || !strings.Contains(err.Error(), "unknown solver") {
		t.Errorf("unknown solver: %v", err)
	}
	names := installed(t)
	sols, err := Via(names[0])(context.Background(), q6, 0)
	if err != nil || len(sols) != 4 {
		t.Fatalf("%s: %d solutions, %v; want 4", names[0], len(sols), err)
	}
	if err := verify.All(q6, sols); err != nil {
		t.Error(err)
	}
}

func TestSolveUnsat(t *testing.T) {
	p3, _ := queens.Problem(3, 1)
	for _, solver := range installed(t) {
		sols, err := solveOne(context.Background(), p3, solver)
		if err != nil || len(sols) != 0 {
			t.Errorf("%s: queens 3: %v, %v; want no solutions", solver, sols, err)
		}
	}
}

func TestMissingSolver(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	p := formatExample(t)
	for _, s := range solverSpecs() {
		_, err := solveOne(context.Background(), p, s.name)
		var me *MissingSolverError
		if !errors.As(err, &me) || me.Package != s.pkg || !strings.Contains(err.Error(), "apt-get install "+s.pkg) {
			t.Errorf("%s: error %v, want a MissingSolverError naming package %s", s.name, err, s.pkg)
		}
	}
	if _, err := solveOne(context.Background(), p, "glucose"); err == nil || !strings.Contains(err.Error(), "unknown solver") {
		t.Errorf("unknown solver: %v", err)
	}
}

func TestSolveCancelled(t *testing.T) {
	names := installed(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p, _ := queens.Problem(8, 1)
	if _, err := solveOne(ctx, p, names[0]); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

func TestSolverNames(t *testing.T) {
	got := SolverNames()
	specs := solverSpecs()
	for i, s := range specs {
		sep := ", "
		switch i {
		case len(specs) - 2:
			sep = " or "
		case len(specs) - 1:
			sep = ""
		}
		if !strings.Contains(got, s.name+sep) {
			t.Errorf("SolverNames() = %q lacks %q", got, s.name+sep)
		}
	}
	if !strings.HasPrefix(got, specs[0].name+", ") || strings.Count(got, " or ") != 1 {
		t.Errorf("SolverNames() = %q", got)
	}
	if err := CheckSolver("glucose"); err == nil || !strings.HasSuffix(err.Error(), "want "+got) {
		t.Errorf("CheckSolver(glucose) = %v, want one naming %s", err, got)
	}
}
