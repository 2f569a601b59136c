package queens

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/xcover/xcover"
)

// TestCountSolutions counts with every engine that can, against A000170 and A002562 and,
// for two per line, the general engine's known count.
func TestCountSolutions(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= 9; n++ {
		for _, engine := range []string{"", EngineBitboard, EngineXC} {
			tl, err := CountSolutions(ctx, n, true, Options{Engine: engine, Workers: 2})
			if err != nil || tl.Solutions != a000170[n] || tl.Distinct == nil || *tl.Distinct != a002562[n] || tl.N != n || tl.Partial {
				t.Errorf("n=%d engine %q: %+v, %v; want %d, %d", n, engine, tl, err, a000170[n], a002562[n])
			}
		}
	}
	if tl, err := CountSolutions(ctx, 6, false, Options{PerLine: 2}); err != nil || tl.Solutions != 1097 || tl.Engine != EngineXC || tl.PerLine != 2 || tl.Distinct != nil {
		t.Errorf("6 queens, 2 per line: %+v, %v; want 1097 by xc", tl, err)
	}
	if tl, err := CountSolutions(ctx, 8, false, Options{}); err != nil || tl.PerLine != 0 || tl.Distinct != nil || tl.Engine != EngineBitboard {
		t.Errorf("8 queens: %+v, %v; want no per_line, no distinct, bitboard", tl, err)
	}
	// Cancelled: the counts so far, Partial, and ctx's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	for _, engine := range []string{EngineBitboard, EngineXC} {
		tl, err := CountSolutions(cctx, 12, true, Options{Engine: engine})
		if tl == nil || !tl.Partial || tl.Distinct == nil || !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled, engine %s: %+v, %v; want a partial report and context.Canceled", engine, tl, err)
		}
	}
}

// TestRequestErrors: requests that cannot be served are RequestErrors, before any search.
func TestRequestErrors(t *testing.T) {
	cases := []struct {
		n        int
		distinct bool
		opt      Options
	}{
		{0, false, Options{}},
		{8, false, Options{Engine: "fast"}},
		{8, false, Options{PerLine: 9}},
		{8, false, Options{Engine: EngineConstruct}},
		{8, false, Options{Engine: EngineBitboard, PerLine: 2}},
		{8, true, Options{PerLine: 2}},
		{MaxKnownCountN + 1, false, Options{}},
		{MaxProblemN + 1, false, Options{Engine: EngineXC, PerLine: 2}},
	}
	for _, tc := range cases {
		_, err := CountSolutions(context.Background(), tc.n, tc.distinct, tc.opt)
		if _, ok := errors.AsType[*RequestError](err); !ok {
			t.Errorf("count n=%d %+v: %v, want a RequestError", tc.n, tc.opt, err)
		}
	}
	if _, err := Problem(MaxProblemN+1, 1); err == nil || err.Error() != fmt.Sprintf("board side %d too large to encode: at most %d", MaxProblemN+1, MaxProblemN) {
		t.Errorf("Problem beyond MaxProblemN: %v", err)
	} else if _, ok := errors.AsType[*RequestError](err); !ok {
		t.Errorf("Problem beyond MaxProblemN: %T, want a RequestError", err)
	}
	for _, opt := range []Options{{Engine: EngineBitboard, Random: true}, {Engine: EngineConstruct, PerLine: 2}, {Engine: EngineBitboard, PerLine: 2}} {
		if _, err := NewLister(8, opt); err == nil {
			t.Errorf("list %+v: no error", opt)
		}
	}
}

// TestListerEngines lists with every engine, in order and at random, and checks every
// solution independently (Check) and that listings stop at the limit.
func TestListerEngines(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		n    int
		opt  Options
		want int
	}{
		{8, Options{}, 92},
		{8, Options{Engine: EngineXC}, 92},
		{8, Options{Engine: EngineXC, Limit: 5}, 5},
		{8, Options{Engine: EngineXC, Limit: 1, Random: true, Seed: 3}, 1},
		{30, Options{Random: true, Seed: 1, Limit: 3}, 3},
		{50, Options{}, 1},
		{9, Options{Limit: 10}, 10},
		{6, Options{PerLine: 2, Limit: 20}, 20},
		{3, Options{}, 0},
	}
	for _, tc := range cases {
		l, err := NewLister(tc.n, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		for s := range l.Solutions(ctx) {
			got++
			if err := CheckSquares(tc.n, max(1, tc.opt.PerLine), s.Board.Queens); err != nil {
				t.Errorf("n=%d %+v (%s): %v", tc.n, tc.opt, l.Engine(), err)
			}
			if s.Files != nil && Check(s.Files) != nil {
				t.Errorf("n=%d %+v: files %v", tc.n, tc.opt, s.Files)
			}
		}
		if got != tc.want || l.Err() != nil {
			t.Errorf("n=%d %+v (%s): %d solutions, %v; want %d", tc.n, tc.opt, l.Engine(), got, l.Err(), tc.want)
		}
	}
}

// TestListerCatchesNonSolutions: the check the Lister runs on every solution refuses a
// board with two queens on a diagonal.
func TestListerCatchesNonSolutions(t *testing.T) {
	l, _ := NewLister(4, Options{})
	bad := []int{0, 1, 3, 2}
	if err := l.check(Solution{Files: bad, Board: BoardOf(bad)}); err == nil {
		t.Fatal("a non-solution passed the Lister's check")
	}
}

// TestCountReport checks a count's JSON spelling and its text, with and without the
// essentially different solutions.
func TestCountReport(t *testing.T) {
	distinct := uint64(12)
	for _, tc := range []struct {
		r          CountReport
		json, text string
	}{
		{CountReport{N: 8, Solutions: 92, Engine: EngineBitboard, Seconds: 0.5},
			`{"n":8,"solutions":92,"engine":"bitboard","seconds":0.5}`, "92\n"},
		{CountReport{N: 8, Solutions: 92, Distinct: &distinct, Engine: EngineBitboard, Partial: true},
			`{"n":8,"solutions":92,"distinct":12,"engine":"bitboard","seconds":0,"partial":true}`,
			"92 solutions so far, essentially different unknown (partial)\n"}, // issue 41, fault 13
		{CountReport{N: 6, PerLine: 2, Solutions: 1097, Engine: EngineXC},
			`{"n":6,"per_line":2,"solutions":1097,"engine":"xc","seconds":0}`, "1097\n"},
	} {
		b, err := json.Marshal(tc.r)
		if err != nil || string(b) != tc.json {
			t.Errorf("JSON %s, %v; want %s", b, err, tc.json)
		}
		if got := tc.r.Text(); got != tc.text {
			t.Errorf("Text %q, want %q", got, tc.text)
		}
	}
}

// TestNoSolution: what a listing that finds nothing says, for each reason (asked of the
// lister without listing).
func TestNoSolution(t *testing.T) {
	via := func(context.Context, *xcover.Problem, int) ([][]int, error) { return nil, nil }
	for _, tc := range []struct {
		n    int
		opt  Options
		want string
	}{
		{3, Options{}, "no solution: N = 3 has none (every N from 4 up has some)"},
		{4, Options{PerLine: 3}, "no solution: 3 queens per line do not fit on a 4x4 board"},
		{3, Options{SolveAll: via}, "no solution"},
	} {
		l, err := NewLister(tc.n, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := l.NoSolution(); got != tc.want {
			t.Errorf("n=%d: %q, want %q", tc.n, got, tc.want)
		}
	}
}
