package puzzle_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/verify"
)

// TestCountEach counts and lists puzzles' solutions through Count and Each, against
// published values: every solution Each yields is checked by the independent verifier.
func TestCountEach(t *testing.T) {
	ctx := context.Background()
	pent := func(size string, distinct bool) func() (puzzle.Puzzle, error) {
		return func() (puzzle.Puzzle, error) {
			return puzzle.Tiling(tilingPuzzle(t, "pentominoes", size), puzzle.TilingOptions{Distinct: distinct})
		}
	}
	for _, tc := range []struct {
		name          string
		pose          func() (puzzle.Puzzle, error)
		distinct      bool
		limit         uint64
		all, classes  uint64 // the counts
		listed, class int    // solutions Each yields, and the sum of their class sizes
	}{
		{"queens 8", func() (puzzle.Puzzle, error) { return puzzle.Queens(8, 1) }, false, 0, 92, 0, 92, 0}, // A000170
		{"queens 8 limit 5", func() (puzzle.Puzzle, error) { return puzzle.Queens(8, 1) }, false, 5, 5, 0, 5, 0},
		{"pentominoes 3x20", pent("3x20", false), false, 0, 8, 0, 8, 0},
		{"pentominoes 3x20 distinct", pent("3x20", true), true, 0, 8, 2, 2, 8},
		{"pentominoes 5x5, impossible", pent("5x5", true), true, 0, 0, 0, 0, 0},
	} {
		pz, err := tc.pose()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		cfg := xcover.Config{Limit: tc.limit}
		res, classes, err := puzzle.Count(ctx, pz, cfg, tc.distinct)
		if err != nil || res.Solutions.Uint64() != tc.all || res.Stats.Solutions != tc.all || classes != tc.classes {
			t.Errorf("%s: Count = %d (stats %d), %d, %v; want %d, %d", tc.name, res.Solutions, res.Stats.Solutions, classes, err, tc.all, tc.classes)
		}
		chk := verify.NewChecker(pz.Problem())
		listed, sum := 0, 0
		err = puzzle.Each(ctx, pz, cfg, tc.distinct, func(sol []int, class int) bool {
			if v := chk.Check(sol); len(v) > 0 {
				t.Fatalf("%s: solution %v: %v", tc.name, sol, v[0])
			}
			listed, sum = listed+1, sum+class
			return true
		})
		if err != nil || listed != tc.listed || sum != tc.class {
			t.Errorf("%s: Each listed %d (classes summing to %d), %v; want %d (%d)", tc.name, listed, sum, err, tc.listed, tc.class)
		}
	}
}

// rejecting is a puzzle whose checker rejects every solution.
type rejecting struct{ puzzle.Symmetric }

func (rejecting) Check([]int) error { return errors.New("no") }

// impossible is a puzzle told that it has no solution.
type impossible struct{ puzzle.Puzzle }

func (pz impossible) About() puzzle.About {
	a := pz.Puzzle.About()
	a.Impossible = true
	return a
}

// TestEachStops checks that Each stops where visit says, refuses a solution the puzzle's
// checker rejects, searches nothing for an impossible puzzle, says when cancelled, and refuses distinct where there is none.
func TestEachStops(t *testing.T) {
	q, err := puzzle.Queens(6, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	n := 0
	if err := puzzle.Each(ctx, q, xcover.Config{}, false, func([]int, int) bool { n++; return n < 3 }); err != nil || n != 3 {
		t.Errorf("stopped by visit: %d solutions, %v; want 3", n, err)
	}
	bad := rejecting{q.(puzzle.Symmetric)}
	n = 0
	for _, distinct := range []bool{false, true} {
		err := puzzle.Each(ctx, bad, xcover.Config{}, distinct, func([]int, int) bool { n++; return true })
		if err == nil || !strings.Contains(err.Error(), "internal error") || n != 0 {
			t.Errorf("distinct %v: a rejected solution gave %v after %d visits", distinct, err, n)
		}
	}
	imp := impossible{q} // told it has no solution: no search
	n = 0
	if res, _, err := puzzle.Count(ctx, imp, xcover.Config{}, false); res.Solutions.Sign() != 0 || err != nil {
		t.Errorf("impossible: Count = %d, %v", res.Solutions, err)
	}
	if err := puzzle.Each(ctx, imp, xcover.Config{}, false, func([]int, int) bool { n++; return true }); err != nil || n != 0 {
		t.Errorf("impossible: Each visited %d, %v", n, err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := puzzle.Each(cancelled, q, xcover.Config{}, false, func([]int, int) bool { return true }); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	if _, _, err := puzzle.Count(cancelled, q, xcover.Config{}, false); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: Count: %v; want context.Canceled", err)
	}
	q2, err := puzzle.Queens(6, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := puzzle.Each(ctx, q2, xcover.Config{}, true, func([]int, int) bool { return true }); err == nil {
		t.Errorf("distinct of a puzzle not Symmetric: no error")
	}
	if _, _, err := puzzle.Count(ctx, q2, xcover.Config{}, true); err == nil {
		t.Errorf("distinct count of a puzzle not Symmetric: no error")
	}
}

// TestQueensList compares the queens puzzle's own listing (the bitboard, which Each takes
// where it serves the board) with the exact cover engine's on the same problem: the same
// solutions as options, for one and for two queens per line (the engine's alone).
func TestQueensList(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct{ n, perLine, want int }{{1, 1, 1}, {3, 1, 0}, {6, 1, 4}, {8, 1, 92}, {4, 2, 11}} {
		pz, err := puzzle.Queens(tc.n, tc.perLine)
		if err != nil {
			t.Fatal(err)
		}
		var listed, engine []string
		err = puzzle.Each(ctx, pz, xcover.Config{}, false, func(sol []int, _ int) bool {
			listed = append(listed, fmt.Sprint(slices.Sorted(slices.Values(sol))))
			return true
		})
		if err != nil {
			t.Fatal(err)
		}
		sv, _ := xcover.NewSolver(pz.Problem(), xcover.Config{})
		for sol := range sv.Solutions(ctx) {
			engine = append(engine, fmt.Sprint(slices.Sorted(slices.Values(sol))))
		}
		slices.Sort(listed)
		slices.Sort(engine)
		if len(listed) != tc.want || !slices.Equal(listed, engine) {
			t.Errorf("%d queens, %d per line: Each lists %d, the engine %d; want the same %d", tc.n, tc.perLine, len(listed), len(engine), tc.want)
		}
		n := 0
		puzzle.Each(ctx, pz, xcover.Config{Limit: 2}, false, func([]int, int) bool { n++; return true })
		if n != min(2, tc.want) {
			t.Errorf("%d queens, %d per line, limit 2: %d listed", tc.n, tc.perLine, n)
		}
	}
}

// TestDistinctProgress checks that a distinct tiling search, run as several searches, reports
// its progress as one search: work and fraction never go back, the fraction stays within
// [0, 1], and one final report ends it, in a listing and in a count.
func TestDistinctProgress(t *testing.T) {
	pz, err := puzzle.Tiling(tilingPuzzle(t, "pentominoes", "5x12"), puzzle.TilingOptions{Distinct: true}) // searched in 6 parts
	if err != nil {
		t.Fatal(err)
	}
	for _, count := range []bool{false, true} {
		var last xcover.Progress
		reports, dones := 0, 0
		cfg := xcover.Config{ProgressInterval: time.Nanosecond, Progress: func(p xcover.Progress) {
			if p.Nodes < last.Nodes || p.Fraction < last.Fraction-1e-9 || p.Fraction > 1+1e-9 || dones > 0 {
				t.Fatalf("count %v: report %+v after %+v (%d final reports before)", count, p, last, dones)
			}
			if p.Done {
				dones++
			}
			last = p
			reports++
		}}
		if count {
			_, classes, err := puzzle.Count(context.Background(), pz, cfg, true)
			if err != nil || classes != 1010 { // 1010 essentially different pentomino tilings of 5x12
				t.Fatalf("count: %d classes, %v", classes, err)
			}
		} else if err := puzzle.Each(context.Background(), pz, cfg, true, func([]int, int) bool { return true }); err != nil {
			t.Fatal(err)
		}
		if dones != 1 || reports < 3 || last.Fraction < 0.999 {
			t.Errorf("count %v: %d reports, %d final, last %+v", count, reports, dones, last)
		}
	}
}

// TestMake makes puzzles of the 8-queens board, in order and at random, and checks each
// against brute force: the solution is one (by the independent verifier), the givens are
// among its options, exactly one solution holds them all, and each given is needed (more
// than one holds the others). An impossible puzzle makes nothing.
func TestMake(t *testing.T) {
	ctx := context.Background()
	pz, err := puzzle.Queens(8, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := brute.Solutions(pz.Problem())
	holding := func(opts []int) int { // the solutions that hold every option of opts
		n := 0
		for _, s := range all {
			if !slices.ContainsFunc(opts, func(o int) bool { return !slices.Contains(s, o) }) {
				n++
			}
		}
		return n
	}
	chk := verify.NewChecker(pz.Problem())
	for _, cfg := range []xcover.Config{{}, {Random: true, Seed: 1}, {Random: true, Seed: 2}, {Random: true, Seed: 3}} {
		givens, sol, err := puzzle.Make(ctx, pz, cfg)
		if err != nil || sol == nil {
			t.Fatalf("%+v: Make = %v, %v, %v", cfg, givens, sol, err)
		}
		if v := chk.Check(sol); len(v) > 0 {
			t.Fatalf("%+v: solution %v: %v", cfg, sol, v[0])
		}
		if n := holding(givens); n != 1 || holding(sol) != 1 || len(givens) == 0 {
			t.Errorf("%+v: givens %v of %v: %d solutions hold them, want 1", cfg, givens, sol, n)
		}
		for i := range givens {
			if rest := slices.Delete(slices.Clone(givens), i, i+1); holding(rest) < 2 {
				t.Errorf("%+v: givens %v: without %d they still define the solution", cfg, givens, givens[i])
			}
		}
		if slices.ContainsFunc(givens, func(o int) bool { return !slices.Contains(sol, o) }) {
			t.Errorf("%+v: givens %v not all in the solution %v", cfg, givens, sol)
		}
	}
	givens, sol, err := puzzle.Make(ctx, impossible{pz}, xcover.Config{})
	if givens != nil || sol != nil || err != nil {
		t.Errorf("impossible: Make = %v, %v, %v; want nothing", givens, sol, err)
	}
}

// rejectingPuzzle is a puzzle whose checker rejects every solution.
type rejectingPuzzle struct{ puzzle.Puzzle }

func (rejectingPuzzle) Check([]int) error { return errors.New("no") }

// TestVia lists through another solver (puzzle.Each of a Via puzzle): what it returns, each solution verified and
// checked, up to the limit; its error after its solutions.
func TestVia(t *testing.T) {
	ctx := context.Background()
	q, err := puzzle.Queens(6, 1)
	if err != nil {
		t.Fatal(err)
	}
	errSolver := errors.New("solver failed")
	limited := func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
		if limit != 2 {
			return nil, errors.New("limit not passed on")
		}
		return problems.SolveAll(ctx, p, limit)
	}
	for _, tc := range []struct {
		name     string
		pz       puzzle.Puzzle
		solveAll func(context.Context, *xcover.Problem, int) ([][]int, error)
		limit    uint64
		stop     int // visit returns false at this solution (0: never)
		want     int
		err      string // part of the error, "" for none
	}{
		{"all", q, problems.SolveAll, 0, 0, 4, ""},
		{"limit", q, limited, 2, 0, 2, ""},
		{"stopped", q, problems.SolveAll, 0, 3, 3, ""},
		{"solver error", q, func(ctx context.Context, p *xcover.Problem, _ int) ([][]int, error) {
			sols, _ := problems.SolveAll(ctx, p, 1)
			return sols, errSolver
		}, 0, 0, 1, "solver failed"},
		{"not a solution", q, func(ctx context.Context, p *xcover.Problem, _ int) ([][]int, error) {
			sols, _ := problems.SolveAll(ctx, p, 1)
			return [][]int{sols[0], sols[0][1:]}, nil
		}, 0, 0, 1, "not a solution"},
		{"rejected by the puzzle", rejectingPuzzle{q}, problems.SolveAll, 0, 0, 0, "invalid solution"},
	} {
		chk := verify.NewChecker(tc.pz.Problem())
		n := 0
		err := puzzle.Each(ctx, puzzle.Via(tc.pz, tc.solveAll), xcover.Config{Limit: tc.limit}, false, func(sol []int, _ int) bool {
			if v := chk.Check(sol); len(v) > 0 {
				t.Fatalf("%s: %v", tc.name, v[0])
			}
			n++
			return n != tc.stop
		})
		if n != tc.want || (err == nil) != (tc.err == "") || (err != nil && !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("%s: %d solutions, %v; want %d, %q", tc.name, n, err, tc.want, tc.err)
		}
	}
}

// TestCountResult checks that Count gives the exact cover engine's count as plain data, as
// xcover.Count does, the work and the cache with it (the command prints them): a DLX
// problem counted solution by solution and by memoisation, and the queens counter, which
// gives the solutions alone.
func TestCountResult(t *testing.T) {
	ctx := context.Background()
	dlxQueens := puzzle.DLX(&dlx.File{Problem: problems.Queens(6)}, "queens6")
	q, err := puzzle.Queens(6, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		pz         puzzle.Puzzle
		memo       xcover.MemoMode
		work, used bool // nodes counted; the cache used
	}{
		{"dlx", dlxQueens, xcover.MemoOff, true, false},
		{"dlx memo", dlxQueens, xcover.MemoOn, true, true},
		{"queens counter", q, xcover.MemoOff, false, false},
	} {
		res, _, err := puzzle.Count(ctx, tc.pz, xcover.Config{Memo: tc.memo}, false)
		if err != nil || res.Solutions.Cmp(big.NewInt(4)) != 0 || res.Stats.Solutions != 4 { // A000170: 4 for n = 6
			t.Errorf("%s: %v solutions (stats %d), %v; want 4", tc.name, res.Solutions, res.Stats.Solutions, err)
		}
		if (res.Stats.Nodes > 0) != tc.work || res.Memo.Used != tc.used {
			t.Errorf("%s: %d nodes, cache used %v; want work %v, used %v", tc.name, res.Stats.Nodes, res.Memo.Used, tc.work, tc.used)
		}
	}
}
