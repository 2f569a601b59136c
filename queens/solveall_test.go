package queens

import (
	"context"
	"errors"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
)

// TestSolveAll lists through Options.SolveAll: the solutions it returns, each
// checked, on the xc engine; a non-solution or its error ends the listing.
func TestSolveAll(t *testing.T) {
	ctx := context.Background()
	errSolver := errors.New("solver failed")
	cases := []struct {
		name     string
		n        int
		opt      Options
		solveAll func(context.Context, *xcover.Problem, int) ([][]int, error)
		want     int   // solutions listed
		err      error // nil, errSolver, or any error (errAny)
	}{
		{"6 all", 6, Options{}, problems.SolveAll, 4, nil},
		{"8 limit 3", 8, Options{Limit: 3}, problems.SolveAll, 3, nil},
		{"6 two per line", 6, Options{PerLine: 2, Limit: 5}, problems.SolveAll, 5, nil},
		{"3 none", 3, Options{}, problems.SolveAll, 0, nil},
		{"found, then an error", 6, Options{}, func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
			sols, _ := problems.SolveAll(ctx, p, 2)
			return sols, errSolver
		}, 2, errSolver},
		{"a non-solution", 6, Options{}, func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
			sols, _ := problems.SolveAll(ctx, p, 1)
			return append(sols, sols[0][1:]), nil
		}, 1, errAny},
	}
	for _, tc := range cases {
		tc.opt.SolveAll = tc.solveAll
		if e, err := Choose(tc.n, false, tc.opt); err != nil || e != EngineXC {
			t.Errorf("%s: engine %s, %v; want xc", tc.name, e, err)
		}
		boards, err := list(ctx, tc.n, tc.opt)
		got := len(boards)
		for _, b := range boards {
			if err := Check(b, tc.opt.PerLine); err != nil {
				t.Errorf("%s: %v", tc.name, err)
			}
		}
		if got != tc.want || (err == nil) != (tc.err == nil) || (tc.err == errSolver && !errors.Is(err, errSolver)) {
			t.Errorf("%s: %d solutions, %v; want %d, %v", tc.name, got, err, tc.want, tc.err)
		}
	}
	for _, opt := range []Options{{Random: true}, {Engine: EngineBitboard}, {Engine: EngineConstruct}} {
		opt.SolveAll = problems.SolveAll
		var re *RequestError
		if _, err := list(ctx, 8, opt); !errors.As(err, &re) {
			t.Errorf("%+v: %v, want a RequestError", opt, err)
		}
	}
	asked := -1 // the limit the solver is given: the listing's
	list(ctx, 8, Options{Limit: 3, SolveAll: func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
		asked = limit
		return problems.SolveAll(ctx, p, limit)
	}})
	if asked != 3 {
		t.Errorf("the solver was asked for %d solutions, want 3", asked)
	}
	var re *RequestError
	if _, err := list(ctx, maxProblemN+1, Options{SolveAll: problems.SolveAll}); !errors.As(err, &re) {
		t.Errorf("N = %d: %v, want a RequestError", maxProblemN+1, err)
	}
}

// errAny stands for any error in a test's table.
var errAny = errors.New("any error")
