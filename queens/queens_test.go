package queens

import (
	"context"
	"errors"
	"fmt"
	"github.com/xcover/xcover"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/xcover/xcover/verify"
)

// a000170 and a002562 are the numbers of solutions and of essentially different solutions
// (OEIS), indexed by n.
var (
	a000170 = []uint64{0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596,
		2279184, 14772512, 95815104, 666090624, 4968057848, 39029188884}
	a002562 = []uint64{0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053,
		1846955, 11977939, 83263591, 621012754, 4878666808}
	// a225623: two queens on every rank and file, at most two on a diagonal.
	a225623 = []uint64{0, 0, 1, 2, 11, 92, 1097, 19448, 477136, 14244856}
)

func long(t *testing.T) {
	t.Helper()
	if os.Getenv("XCOVER_LONG") == "" {
		t.Skip("long; set XCOVER_LONG=1")
	}
}

// solveXC lists every solution of Problem(n, k), checking each with verify and CheckSquares.
func solveXC(t *testing.T, n, k int, visit func(sol []int)) uint64 {
	t.Helper()
	p, err := Problem(n, k)
	if err != nil {
		t.Fatal(err)
	}
	chk := verify.NewChecker(p)
	var count uint64
	sv, _ := xcover.NewSolver(p, xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		if v := chk.Check(sol); len(v) > 0 {
			t.Fatalf("n=%d k=%d: verify: %v", n, k, v)
		}
		if err := Check(Decode(n, sol), k); err != nil {
			t.Fatalf("n=%d k=%d: %v", n, k, err)
		}
		if visit != nil {
			visit(sol)
		}
		count++
	}
	return count
}

func TestProblemCounts(t *testing.T) {
	maxN := 10
	if os.Getenv("XCOVER_LONG") != "" {
		maxN = 13
	}
	for n := 1; n <= maxN; n++ {
		seen := make(map[string]bool)
		got := solveXC(t, n, 1, func(sol []int) {
			cols, err := columns(n, sol)
			if err != nil {
				t.Fatal(err)
			}
			if err := checkFiles(cols); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			key := fmt.Sprint(cols)
			if seen[key] {
				t.Fatalf("n=%d: solution %v twice", n, cols)
			}
			seen[key] = true
		})
		if got != a000170[n] {
			t.Errorf("n=%d: %d solutions, want %d", n, got, a000170[n])
		}
	}
}

func TestProblemCountsEngine(t *testing.T) {
	// Counting without listing, to n = 12 (13.. with XCOVER_LONG).
	maxN := 12
	if os.Getenv("XCOVER_LONG") != "" {
		maxN = 14
	}
	for n := 11; n <= maxN; n++ {
		p, err := Problem(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		res, err := xcover.Count(context.Background(), p, xcover.Config{})
		if got := res.Solutions.Uint64(); err != nil || got != a000170[n] {
			t.Errorf("n=%d: Count = %d, %v; want %d", n, got, err, a000170[n])
		}
	}
}

func TestProblemPerLine(t *testing.T) {
	maxN := 6
	if os.Getenv("XCOVER_LONG") != "" {
		maxN = 8
	}
	for n := 2; n <= maxN; n++ {
		if got := solveXC(t, n, 2, nil); got != a225623[n] {
			t.Errorf("n=%d, 2 per line: %d solutions, want %d", n, got, a225623[n])
		}
	}
	// K = n: every square.
	if got := solveXC(t, 4, 4, nil); got != 1 {
		t.Errorf("n=4, 4 per line: %d solutions, want 1", got)
	}
}

func TestProblemErrors(t *testing.T) {
	for _, c := range []struct{ n, k int }{{0, 1}, {-1, 1}, {maxProblemN + 1, 1}, {4, 0}, {4, 5}} {
		if _, err := Problem(c.n, c.k); err == nil {
			t.Errorf("Problem(%d, %d): no error", c.n, c.k)
		}
	}
}

func TestProblemItems(t *testing.T) {
	p, err := Problem(8, 1)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range 4 {
		names = append(names, p.Item(i).Name)
	}
	if want := []string{"r4", "f4", "r3", "f3"}; !slices.Equal(names, want) {
		t.Errorf("first items %v, want %v", names, want)
	}
	// 8 ranks + 8 files primary; 13 + 13 diagonals of length >= 2.
	if p.NumPrimary() != 16 || p.NumItems() != 16+26 || p.NumOptions() != 64 {
		t.Errorf("items %d/%d, options %d", p.NumPrimary(), p.NumItems(), p.NumOptions())
	}
	if got := p.OptionString(8*2 + 5); got != "r2 f5 a7 d4" {
		t.Errorf("option (2,5) = %q", got)
	}
	p2, err := Problem(8, 2)
	if err != nil {
		t.Fatal(err)
	}
	if it := p2.Item(0); it.Min != 2 || it.Max != 2 || it.Secondary {
		t.Errorf("rank item %+v", it)
	}
	i, _ := p2.ItemIndex("a7")
	if it := p2.Item(i); it.Min != 0 || it.Max != 2 || it.Secondary {
		t.Errorf("diagonal item %+v", it)
	}
	if _, ok := p2.ItemIndex("a1"); ok {
		t.Errorf("diagonal a1 of length 2 should be left out for 2 per line")
	}
}

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		cols []int
		ok   bool
	}{
		{[]int{}, true},
		{[]int{0}, true},
		{[]int{1, 3, 0, 2}, true},
		{[]int{0, 2, 4, 1, 3}, true},
		{[]int{0, 1}, false},       // diagonal
		{[]int{1, 0}, false},       // anti-diagonal
		{[]int{1, 3, 0, 3}, false}, // file twice
		{[]int{1, 3, 0, 4}, false}, // off the board
		{[]int{1, 3, 0, -1}, false},
	} {
		if err := checkFiles(c.cols); (err == nil) != c.ok {
			t.Errorf("checkFiles(%v) = %v", c.cols, err)
		}
	}
	for _, c := range []struct {
		n, k int
		sq   []Square
		ok   bool
	}{
		{2, 2, []Square{{0, 0}, {0, 1}, {1, 0}, {1, 1}}, true},
		{2, 1, []Square{{0, 0}, {1, 1}}, false},
		{2, 2, []Square{{0, 0}, {0, 0}, {1, 1}, {1, 1}}, false},
		{3, 2, []Square{{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}, {2, 0}}, false}, // 3 on a diagonal
		{2, 1, []Square{{0, 1}, {2, 0}}, false},
	} {
		if err := checkSquares(c.n, c.k, c.sq); (err == nil) != c.ok {
			t.Errorf("checkSquares(%d, %d, %v) = %v", c.n, c.k, c.sq, err)
		}
	}
}

func TestCount(t *testing.T) {
	for n := 1; n <= 15; n++ {
		c, err := countBoard(context.Background(), n, 2)
		if err != nil {
			t.Fatal(err)
		}
		if c.Solutions != a000170[n] {
			t.Errorf("n=%d: %d solutions, want %d", n, c.Solutions, a000170[n])
		}
		if c.Distinct != a002562[n] {
			t.Errorf("n=%d: %d distinct, want %d", n, c.Distinct, a002562[n])
		}
		if n > 1 && c.Solutions != 8*c.Orbit8+4*c.Orbit4+2*c.Orbit2 {
			t.Errorf("n=%d: orbit sizes do not add up: %+v", n, c)
		}
	}
}

func TestCountLong(t *testing.T) {
	long(t)
	for n := 16; n <= 18; n++ {
		c, err := countBoard(context.Background(), n, 0)
		if err != nil || c.Solutions != a000170[n] || c.Distinct != a002562[n] {
			t.Errorf("n=%d: %+v, %v; want %d, %d", n, c, err, a000170[n], a002562[n])
		}
	}
}

func TestCountCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := countBoard(ctx, 20, 1); err == nil {
		t.Error("no error from a cancelled count")
	}
	for _, n := range []int{0, maxCountN + 1} {
		if _, err := countBoard(context.Background(), n, 1); err == nil {
			t.Errorf("countBoard(%d): no error", n)
		}
	}
}

// TestEnginesAgree compares the solutions listed by All and by the exact cover engine, and
// the counts of both with Count, for small n.
func TestEnginesAgree(t *testing.T) {
	for n := 1; n <= 9; n++ {
		var fromAll, fromXC [][]int
		for cols := range allSolutions(n) {
			if err := checkFiles(cols); err != nil {
				t.Fatalf("allSolutions(%d): %v: %v", n, cols, err)
			}
			fromAll = append(fromAll, cols)
		}
		solveXC(t, n, 1, func(sol []int) {
			cols, _ := columns(n, sol)
			fromXC = append(fromXC, cols)
		})
		slices.SortFunc(fromXC, slices.Compare)
		if !slices.EqualFunc(fromAll, fromXC, slices.Equal) {
			t.Errorf("n=%d: All and the engine list different solutions", n)
		}
		c, _ := countBoard(context.Background(), n, 1)
		if uint64(len(fromAll)) != c.Solutions {
			t.Errorf("n=%d: All lists %d, Count says %d", n, len(fromAll), c.Solutions)
		}
		if !slices.IsSortedFunc(fromAll, slices.Compare) {
			t.Errorf("n=%d: All out of order", n)
		}
	}
}

func TestAllCounts(t *testing.T) {
	for n := 10; n <= 12; n++ {
		var k uint64
		for cols := range allSolutions(n) {
			if err := checkFiles(cols); err != nil {
				t.Fatalf("n=%d: %v", n, err)
			}
			k++
		}
		if k != a000170[n] {
			t.Errorf("allSolutions(%d): %d solutions, want %d", n, k, a000170[n])
		}
	}
}

func TestMiddleOut(t *testing.T) {
	for n, want := range map[int][]int{1: {0}, 2: {1, 0}, 5: {2, 3, 1, 4, 0}, 8: {4, 3, 5, 2, 6, 1, 7, 0}} {
		if got := middleOut(n); !slices.Equal(got, want) {
			t.Errorf("middleOut(%d) = %v, want %v", n, got, want)
		}
	}
}

func ExampleProblem() {
	p, _ := Problem(6, 1)
	sv, _ := xcover.NewSolver(p, xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		fmt.Println(Decode(6, sol).Files())
	}
	// Unordered output:
	// [1 3 5 0 2 4]
	// [2 5 1 4 0 3]
	// [3 0 4 1 5 2]
	// [4 2 0 5 3 1]
}

func ExampleCount() {
	c, _ := Count(context.Background(), 8, Options{Distinct: true})
	fmt.Println(c.Solutions, c.Distinct)
	// Output: 92 12
}

// TestFirstXC finds one solution with the general engine for every N up to 40 and for
// some large boards: each is checked, and the same N always gives the same solution. The
// plain search alone sank into hopeless subtrees from N = 64 on (past a minute).
func TestFirstXC(t *testing.T) {
	ns := []int{64, 100, 200}
	for n := 1; n <= 40; n++ {
		ns = append(ns, n)
	}
	for _, n := range ns {
		p, err := Problem(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		sol, err := firstXC(context.Background(), p)
		if n == 2 || n == 3 {
			if err == nil {
				t.Errorf("N = %d: a solution %v", n, sol)
			}
			continue
		}
		if err != nil {
			t.Fatalf("N = %d: %v", n, err)
		}
		cols, err := columns(n, sol)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkFiles(cols); err != nil {
			t.Fatalf("N = %d: %v", n, err)
		}
		again, _ := firstXC(context.Background(), p)
		if !slices.Equal(sol, again) {
			t.Errorf("N = %d: two runs gave different solutions", n)
		}
	}
}

// TestCountShard adds up the shards of the count for every N up to 14 and several numbers
// of shards: A000170 and A002562 each time (Distinct through Complete where the quadrant
// counter's shards give Solutions only).
func TestCountShard(t *testing.T) {
	for n := 1; n <= 14; n++ {
		for _, shards := range []int{1, 2, 5, 64} {
			var sum Counts
			tasks := -1
			for k := 1; k <= shards; k++ {
				c, nt, err := countShardTasks(context.Background(), n, 2, k, shards, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if tasks >= 0 && nt != tasks {
					t.Fatalf("N = %d: shard %d/%d sees %d tasks, shard 1 %d", n, k, shards, nt, tasks)
				}
				tasks = nt
				sum.Solutions += c.Solutions
				sum.Distinct += c.Distinct
			}
			if useQuadrants(n) && shards > 1 {
				if sum.Distinct != 0 {
					t.Errorf("N = %d: quadrant shards give %d distinct", n, sum.Distinct)
				}
				var err error
				if sum, err = complete(context.Background(), n, sum.Solutions); err != nil {
					t.Fatal(err)
				}
			}
			if sum.Solutions != a000170[n] || sum.Distinct != a002562[n] {
				t.Errorf("N = %d in %d shards: %d solutions, %d distinct; want %d, %d", n, shards, sum.Solutions, sum.Distinct, a000170[n], a002562[n])
			}
		}
	}
	if _, _, err := countShardTasks(context.Background(), 8, 1, 3, 2, nil, nil); err == nil {
		t.Error("shard 3/2 accepted")
	}
}

// TestEngines checks the front ends' choice of engine: the fastest that can do the job.
func TestEngines(t *testing.T) {
	for _, tt := range []struct {
		n, perLine int
		random     bool
		list       Engine
	}{
		{8, 1, false, EngineBitboard}, {32, 1, false, EngineBitboard}, {33, 1, false, EngineConstruct},
		{8, 2, false, EngineXC}, {12, 1, true, EngineXC}, {13, 1, true, EngineConstruct},
	} {
		if got := listEngine(tt.n, tt.perLine, tt.random); got != tt.list {
			t.Errorf("listEngine(%d, %d, %v) = %s, want %s", tt.n, tt.perLine, tt.random, got, tt.list)
		}
	}
	if countEngine(1) != EngineBitboard || countEngine(2) != EngineXC {
		t.Errorf("countEngine: %s, %s", countEngine(1), countEngine(2))
	}
}

// TestCountTasksResume counts every task of n = 12 (bitboard) and n = 14 (quadrants) in two
// sessions, the second skipping the tasks the first reported done, and checks that the
// tasks' counts add up to Count's.
func TestCountTasksResume(t *testing.T) {
	ctx := context.Background()
	for _, n := range []int{12, 14} {
		done := map[int]Counts{}
		record := func(i int, c Counts) {
			if _, dup := done[i]; dup {
				t.Errorf("task %d counted twice", i)
			}
			done[i] = c
		}
		first, tasks, err := countShardTasks(ctx, n, 2, 1, 1, func(i int) bool { return i%3 == 0 }, record)
		if err != nil || tasks != numTasks(n) || len(done) == 0 || len(done) == tasks {
			t.Fatalf("n=%d first session: %v, %d tasks (NumTasks %d), %d done", n, err, tasks, numTasks(n), len(done))
		}
		second, _, err := countShardTasks(ctx, n, 2, 1, 1, func(i int) bool { _, ok := done[i]; return ok }, record)
		if err != nil || len(done) != tasks {
			t.Fatalf("n=%d second session: %v, %d of %d tasks done", n, err, len(done), tasks)
		}
		var sum Counts
		for _, c := range done {
			sum.Solutions += c.Solutions
			sum.Distinct += c.Distinct
		}
		if useQuadrants(n) {
			sum, err = complete(ctx, n, sum.Solutions)
			if err != nil {
				t.Fatal(err)
			}
		}
		if sum.Solutions != a000170[n] || sum.Distinct != a002562[n] || first.Solutions+second.Solutions != a000170[n] {
			t.Errorf("n=%d: tasks add up to %d solutions, %d distinct (sessions %d + %d); want %d, %d",
				n, sum.Solutions, sum.Distinct, first.Solutions, second.Solutions, a000170[n], a002562[n])
		}
	}
}

// TestCountStopsWithinATask cancels counts whose tasks each take minutes (n = 25): the count
// must return soon with the context's error, and a task given up is never reported done.
// Tasks used to run to their end, so ^C went unheard for minutes at n >= 23.
func TestCountStopsWithinATask(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	reported := 0
	_, _, err := countShardTasks(ctx, 25, 2, 1, 1, nil, func(int, Counts) { reported++ })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's", err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("returned after %v", d)
	}
	if reported != 0 {
		t.Errorf("%d tasks reported done in 0.1 s of n = 25", reported)
	}
}

// TestCountProgress: Count reports the bitboard counter's progress, its tasks done, and
// ends with the whole count, Fraction 1; the general engine reports its own.
func TestCountProgress(t *testing.T) {
	for _, engine := range []Engine{EngineBitboard, EngineXC} {
		var last xcover.Progress
		calls := 0
		c, err := Count(context.Background(), 10, Options{Engine: engine, Workers: 2, Progress: func(p xcover.Progress) { last = p; calls++ }})
		if err != nil || c.Solutions != 724 {
			t.Fatalf("%v: %+v, %v", engine, c, err)
		}
		if calls == 0 || !last.Done || last.Fraction != 1 || last.Solutions != 724 {
			t.Errorf("%v: %d reports, the last %+v; want one at the end with all 724", engine, calls, last)
		}
	}
}
