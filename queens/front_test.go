package queens

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/xcover/xcover/shard"
)

// list returns the boards Solutions lists, and the error that ends the listing.
func list(ctx context.Context, n int, opt Options) ([]Board, error) {
	var boards []Board
	for b, err := range Solutions(ctx, n, opt) {
		if err != nil {
			return boards, err
		}
		boards = append(boards, b)
	}
	return boards, nil
}

// TestCountEngines counts with every engine that can, against A000170 and A002562 and, for two
// per line, the general engine's known count.
func TestCountEngines(t *testing.T) {
	ctx := context.Background()
	for n := 1; n <= 9; n++ {
		for _, engine := range []Engine{0, EngineBitboard, EngineXC} {
			c, err := Count(ctx, n, Options{Engine: engine, Distinct: true, Workers: 2})
			if err != nil || c.Solutions != a000170[n] || c.Distinct != a002562[n] || c.Engine == 0 {
				t.Errorf("n=%d engine %s: %+v, %v; want %d, %d", n, engine, c, err, a000170[n], a002562[n])
			}
		}
	}
	if c, err := Count(ctx, 6, Options{PerLine: 2}); err != nil || c.Solutions != 1097 || c.Engine != EngineXC {
		t.Errorf("6 queens, 2 per line: %+v, %v; want 1097 by xc", c, err)
	}
	if c, err := Count(ctx, 8, Options{}); err != nil || c.Engine != EngineBitboard {
		t.Errorf("8 queens: %+v, %v; want bitboard", c, err)
	}
	// Cancelled: the counts so far and ctx's error.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	for _, engine := range []Engine{EngineBitboard, EngineXC} {
		c, err := Count(cctx, 12, Options{Engine: engine, Distinct: true})
		if !errors.Is(err, context.Canceled) || c.Engine != engine {
			t.Errorf("cancelled, engine %s: %+v, %v; want context.Canceled", engine, c, err)
		}
	}
}

// TestRequestErrors: requests that cannot be served are RequestErrors, before any search.
func TestRequestErrors(t *testing.T) {
	cases := []struct {
		n   int
		opt Options
	}{
		{0, Options{}},
		{8, Options{Engine: 9}},
		{8, Options{PerLine: 9}},
		{8, Options{PerLine: -1}},
		{8, Options{Engine: EngineConstruct}},
		{8, Options{Engine: EngineBitboard, PerLine: 2}},
		{8, Options{PerLine: 2, Distinct: true}},
		{maxKnownCountN + 1, Options{}},
		{maxProblemN + 1, Options{Engine: EngineXC, PerLine: 2}},
		{8, Options{PerLine: 2, Checkpoint: &shard.DriveOptions{}}},
		{8, Options{PerLine: 2, Shard: 1, Shards: 1}},
		{8, Options{Engine: EngineXC, Shard: 1, Shards: 2}},
		{8, Options{Shard: 0, Shards: 3}},
		{8, Options{Shard: 4, Shards: 3}},
		{8, Options{Shard: 1, Shards: -1}},
	}
	for _, tc := range cases {
		_, err := Count(context.Background(), tc.n, tc.opt)
		if _, ok := errors.AsType[*RequestError](err); !ok {
			t.Errorf("count n=%d %+v: %v, want a RequestError", tc.n, tc.opt, err)
		}
		if _, cerr := Choose(tc.n, true, tc.opt); cerr == nil || err == nil || cerr.Error() != err.Error() {
			t.Errorf("Choose n=%d %+v: %v; Count says %v", tc.n, tc.opt, cerr, err)
		}
	}
	if _, err := Problem(maxProblemN+1, 1); err == nil || err.Error() != fmt.Sprintf("board side %d too large to encode: at most %d", maxProblemN+1, maxProblemN) {
		t.Errorf("Problem beyond maxProblemN: %v", err)
	} else if _, ok := errors.AsType[*RequestError](err); !ok {
		t.Errorf("Problem beyond maxProblemN: %T, want a RequestError", err)
	}
	for _, opt := range []Options{{Engine: EngineBitboard, Random: true}, {Engine: EngineConstruct, PerLine: 2}, {Engine: EngineBitboard, PerLine: 2}} {
		boards, err := list(context.Background(), 8, opt)
		if _, ok := errors.AsType[*RequestError](err); !ok || len(boards) != 0 {
			t.Errorf("list %+v: %d boards, %v; want a RequestError", opt, len(boards), err)
		}
		if _, err := Choose(8, false, opt); err == nil {
			t.Errorf("Choose list %+v: no error", opt)
		}
	}
}

// TestSolutionsEngines lists with every engine, in order and at random, and checks every
// solution independently (Check) and that listings stop at the limit.
func TestSolutionsEngines(t *testing.T) {
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
		engine, _ := Choose(tc.n, false, tc.opt)
		boards, err := list(ctx, tc.n, tc.opt)
		for _, b := range boards {
			if err := Check(b, tc.opt.PerLine); err != nil {
				t.Errorf("n=%d %+v (%s): %v", tc.n, tc.opt, engine, err)
			}
			if b.N != tc.n {
				t.Errorf("n=%d %+v: a board of side %d", tc.n, tc.opt, b.N)
			}
		}
		if len(boards) != tc.want || err != nil {
			t.Errorf("n=%d %+v (%s): %d solutions, %v; want %d", tc.n, tc.opt, engine, len(boards), err, tc.want)
		}
	}
	// Breaking off a listing stops it.
	for range Solutions(ctx, 8, Options{}) {
		break
	}
}

// TestListerCatchesNonSolutions: the check the lister runs on every solution refuses a
// board with two queens on a diagonal.
func TestListerCatchesNonSolutions(t *testing.T) {
	l := &lister{n: 4, engine: EngineBitboard}
	bad := []int{0, 1, 3, 2}
	if err := l.check(solutionOf(bad)); err == nil {
		t.Fatal("a non-solution passed the lister's check")
	}
	if err := Check(BoardOf(bad), 1); err == nil {
		t.Fatal("a non-solution passed Check")
	}
}

// TestEngineString: the engines' names, as the command's --engine takes them.
func TestEngineString(t *testing.T) {
	var names []string
	for _, e := range []Engine{0, EngineXC, EngineBitboard, EngineConstruct} {
		names = append(names, e.String())
	}
	if got := fmt.Sprint(names); got != "[auto xc bitboard construct]" {
		t.Errorf("engine names %s", got)
	}
}
