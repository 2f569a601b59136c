package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/verify"
)

// rejectingPuzzle is a puzzle whose checker rejects every solution.
type rejectingPuzzle struct{ puzzle.Puzzle }

func (rejectingPuzzle) Check([]int) error { return errors.New("no") }

// TestViaPuzzle lists through another solver (puzzle.Each of a viaPuzzle): what it returns, each solution verified and
// checked, up to the limit; its error after its solutions.
func TestViaPuzzle(t *testing.T) {
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
		err := puzzle.Each(ctx, viaPuzzle{tc.pz, tc.solveAll}, xcover.Config{Limit: tc.limit}, false, func(sol []int, _ int) bool {
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
