package zdd_test

import (
	"bytes"
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/internal/textio"
	"github.com/xcover/xcover/verify"
	"github.com/xcover/xcover/zdd"
)

// sets returns every set of d's family, each sorted, in lexicographic order; it fails the
// test if a path repeats an option.
func sets(t *testing.T, d *zdd.Diagram) [][]int {
	t.Helper()
	var all [][]int
	var walk func(n int, path []int)
	walk = func(n int, path []int) {
		switch n {
		case 0:
			return
		case 1:
			s := slices.Clone(path)
			slices.Sort(s)
			if len(slices.Compact(slices.Clone(s))) != len(s) {
				t.Fatalf("a path takes an option twice: %v", path)
			}
			all = append(all, s)
			return
		}
		nd := d.Nodes[n]
		walk(nd.Lo, path)
		walk(nd.Hi, append(path, nd.Option))
	}
	walk(d.Root, nil)
	slices.SortFunc(all, slices.Compare)
	return all
}

// checkReduced fails the test unless d is reduced and ordered: no HI child is ⊥, no two
// nodes are equal, children come first, and along every edge the options increase in
// one order (rank).
func checkReduced(t *testing.T, d *zdd.Diagram) {
	t.Helper()
	seen := map[zdd.Node]bool{}
	after := map[int]map[int]bool{} // option -> the options of its nodes' children
	indeg := map[int]int{}
	for i := 2; i < len(d.Nodes); i++ {
		n := d.Nodes[i]
		if n.Hi == 0 || n.Lo >= i || n.Hi >= i || seen[n] {
			t.Fatalf("node %d %+v: not reduced", i, n)
		}
		seen[n] = true
		if after[n.Option] == nil {
			after[n.Option] = map[int]bool{}
			indeg[n.Option] += 0
		}
		for _, c := range []int{n.Lo, n.Hi} {
			if o := d.Nodes[c].Option; c > 1 && !after[n.Option][o] {
				after[n.Option][o] = true
				indeg[o]++
			}
		}
	}
	// The options ordered along paths: the graph of option -> child's option has no
	// cycle (a node's own option below it included).
	var ready []int
	for o, n := range indeg {
		if n == 0 {
			ready = append(ready, o)
		}
	}
	done := 0
	for len(ready) > 0 {
		o := ready[len(ready)-1]
		ready = ready[:len(ready)-1]
		done++
		for c := range after[o] {
			if indeg[c]--; indeg[c] == 0 {
				ready = append(ready, c)
			}
		}
	}
	if done != len(indeg) {
		t.Fatalf("the options are not in one order along every path")
	}
}

// TestAgainstBrute builds the diagram of 600 random problems of every kind (plain,
// secondary items, colours, multiplicities, both) and checks that its sets are exactly the
// brute-force solutions, each verified, that its count is the engine's memoised count, that
// its cheapest set costs the brute-force minimum, and that it reads back as written.
func TestAgainstBrute(t *testing.T) {
	ctx := context.Background()
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(120) {
			p := randprob.New(seed, kind)
			d, err := zdd.Build(ctx, p, 0)
			if err != nil {
				t.Fatalf("%v %d: %v", kind, seed, err)
			}
			checkReduced(t, d)
			got, want := sets(t, d), brute.Solutions(p)
			if len(want) == 0 {
				want = nil
			}
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Fatalf("%v %d: sets %v, want %v\n%s", kind, seed, got, want, randprob.Describe(p))
			}
			if err := verify.All(p, got); err != nil {
				t.Fatalf("%v %d: %v", kind, seed, err)
			}
			c, err := xcover.Count(ctx, p, xcover.Config{Memo: xcover.MemoOn})
			if err != nil || c.Solutions.Cmp(d.Count()) != 0 || d.Count().Cmp(big.NewInt(int64(len(want)))) != 0 {
				t.Fatalf("%v %d: diagram counts %v, engine %v (%v), brute %d", kind, seed, d.Count(), c.Solutions, err, len(want))
			}
			r := rand.New(rand.NewPCG(seed, 1))
			cost := make([]int64, p.NumOptions())
			for k := range cost {
				cost[k] = r.Int64N(20)
			}
			sol, total, ok := d.MinCost(func(k int) int64 { return cost[k] })
			if ok != (len(want) > 0) {
				t.Fatalf("%v %d: MinCost ok = %v with %d solutions", kind, seed, ok, len(want))
			}
			if ok {
				best := int64(-1)
				for _, s := range want {
					var c int64
					for _, k := range s {
						c += cost[k]
					}
					if best < 0 || c < best {
						best = c
					}
				}
				var c int64
				for _, k := range sol {
					c += cost[k]
				}
				if total != best || c != best || verify.Check(p, sol) != nil {
					t.Fatalf("%v %d: MinCost %v at %d (sums to %d), want cost %d", kind, seed, sol, total, c, best)
				}
			}
			var buf bytes.Buffer
			if err := zdd.Write(&buf, d); err != nil {
				t.Fatal(err)
			}
			back, err := zdd.Read(&buf, "t.zdd", p)
			if err != nil || back.Root != d.Root || !slices.Equal(back.Nodes, d.Nodes) {
				t.Fatalf("%v %d: read back %+v, %v; want %+v", kind, seed, back, err, d)
			}
		}
	}
}

// TestMinCostEngine compares the cheapest cost with the engine's MinCost on problems with
// costs in the problem itself.
func TestMinCostEngine(t *testing.T) {
	ctx := context.Background()
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(40) {
			p0 := randprob.New(seed, kind)
			var buf bytes.Buffer
			if dlx.Write(&buf, p0) != nil {
				continue // no primary item
			}
			r := rand.New(rand.NewPCG(seed, 2))
			lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
			for i := 1; i < len(lines); i++ {
				lines[i] += " |" + string(rune('0'+r.IntN(10)))
			}
			f, err := dlx.Parse(strings.NewReader(strings.Join(lines, "\n")), "c.dlx")
			if err != nil {
				t.Fatal(err)
			}
			p := f.Problem
			d, err := zdd.Build(ctx, p, 0)
			if err != nil {
				t.Fatal(err)
			}
			sol, total, ok := d.MinCost(p.Cost)
			res, err := xcover.MinCost(ctx, p, xcover.Config{})
			if err != nil {
				t.Fatal(err)
			}
			if ok != (len(res.Solutions) > 0) || ok && (total != res.Solutions[0].Cost || verify.Cost(p, sol) != total) {
				t.Fatalf("%v %d: diagram %v at %d (%v), engine %+v", kind, seed, sol, total, ok, res.Solutions)
			}
		}
	}
}

// TestSampleUniform draws 22,000 tilings of a 3×4 board by dominoes (11 of them): each
// must be a solution and come up within five standard deviations of 2000 times.
func TestSampleUniform(t *testing.T) {
	p := problems.Dominoes(3, 4)
	d, err := zdd.Build(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if d.Count().Int64() != 11 {
		t.Fatalf("count %v, want 11", d.Count())
	}
	seen := map[string]int{}
	for _, s := range d.Sample(rand.New(rand.NewPCG(1, 2)), 22000) {
		if v := verify.Check(p, s); v != nil {
			t.Fatalf("sample %v: %v", s, v)
		}
		slices.Sort(s)
		seen[sprint(s)]++
	}
	if len(seen) != 11 {
		t.Fatalf("%d different tilings drawn, want 11", len(seen))
	}
	for s, n := range seen {
		if n < 2000-5*43 || n > 2000+5*43 { // sd = sqrt(22000 · 1/11 · 10/11) ≈ 43
			t.Errorf("tiling %s drawn %d times of 22000", s, n)
		}
	}
	if got := (&zdd.Diagram{Nodes: make([]zdd.Node, 2)}).Sample(rand.New(rand.NewPCG(1, 1)), 3); got != nil {
		t.Errorf("samples of an empty family: %v", got)
	}
}

func sprint(s []int) string {
	var b strings.Builder
	for i, k := range s {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(big.NewInt(int64(k)).String())
	}
	return b.String()
}

// TestPublished checks the counts of published sequences: domino tilings of square
// boards (A004003), n queens (A000170), 0/1 matrices with two 1s in every row and column
// (A001499, multiplicities), Langford pairs (twice A014552: both directions).
func TestPublished(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *xcover.Problem
		want string
	}{
		{"dominoes 8x8", problems.Dominoes(8, 8), "12988816"},
		{"dominoes 12x12", problems.Dominoes(12, 12), "53060477521960000"},
		{"queens 8", problems.Queens(8), "92"},
		{"two per row and column 6", problems.TwoPerRowCol(6), "67950"},
		{"langford 7", problems.Langford(7), "52"},
		{"the format's example", problems.FormatExample(), "3"},
	} {
		d, err := zdd.Build(context.Background(), tc.p, 0)
		if err != nil || d.Count().String() != tc.want {
			t.Errorf("%s: %v, %v; want %s", tc.name, d.Count(), err, tc.want)
		}
	}
}

// TestBudget: a diagram past its budget is an error that says so; a cancelled context
// stops the build.
func TestBudget(t *testing.T) {
	p := problems.Dominoes(8, 8)
	_, err := zdd.Build(context.Background(), p, 64<<10)
	if err == nil || !strings.Contains(err.Error(), "memory budget of 64 KiB") {
		t.Errorf("Build with 64 KiB: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := zdd.Build(ctx, problems.Dominoes(12, 12), 0); !errors.Is(err, context.Canceled) {
		t.Errorf("Build cancelled: %v", err)
	}
}

// TestReadErrors: every malformed diagram is an error naming the file and line.
func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line      int
		msg       string
	}{
		{"empty", "", 0, "no header"},
		{"only comments", "| c\n// d\n", 0, "no header"},
		{"bad header", "zdd 2\n", 1, "want the header"},
		{"bad word", "dd 1 2\n", 1, "want the header"},
		{"root past the nodes", "zdd 1 3\n2 0 0 1\n", 1, "bad header"},
		{"negative", "zdd -1 0\n", 1, "bad header"},
		{"too many", "zdd 0 1\n2 0 0 1\n", 2, "more node lines"},
		{"too few", "zdd 2 3\n2 0 0 1\n", 2, "fewer than the 2"},
		{"out of order", "zdd 2 3\n3 0 0 1\n", 2, "want node 2"},
		{"short node", "zdd 1 2\n2 0 0\n", 2, "want a node"},
		{"later child", "zdd 2 3\n2 0 3 1\n3 1 0 2\n", 2, "LO must be an earlier node"},
		{"self child", "zdd 1 2\n2 0 0 2\n", 2, "HI must be an earlier node"},
		{"hi zero", "zdd 1 2\n2 0 1 0\n", 2, "HI must be an earlier node other than 0"},
		{"bad option", "zdd 1 2\n2 x 0 1\n", 2, "bad option"},
		{"huge option", "zdd 1 2\n2 99999999999 0 1\n", 2, "bad option"},
		{"no such option", "zdd 1 2\n2 64 0 1\n", 2, "no option 64 in the problem (options are numbered 0 to 63)"},
	} {
		_, err := zdd.Read(strings.NewReader(tc.src), "t.zdd", problems.Queens(8))
		var e *textio.Error
		if !errors.As(err, &e) || e.File != "t.zdd" || e.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %v (line %d), want line %d and %q", tc.name, err, lineOf(e), tc.line, tc.msg)
		}
	}
}

func lineOf(e *textio.Error) int {
	if e == nil {
		return -1
	}
	return e.Line
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"zdd 0 0\n", "zdd 0 1\n", "| c\nzdd 2 3\n2 0 0 1\n3 1 2 1\n", "zdd 1 2\n2 0 1 0\n",
		"zdd 2 3\n2 0 3 1\n", "zdd 99999999999 0\n", "// x\nzdd 1 2\n2 5 1 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := problems.Queens(8) // 64 options
		d, err := zdd.Read(bytes.NewReader(data), "f.zdd", p)
		if err != nil {
			var e *textio.Error
			if !errors.As(err, &e) || e.File != "f.zdd" {
				t.Fatalf("error %v is not an error naming the file", err)
			}
			return
		}
		d.Count()
		d.MinCost(func(int) int64 { return 1 })
		d.Sample(rand.New(rand.NewPCG(1, 1)), 2)
		var buf bytes.Buffer
		if err := zdd.Write(&buf, d); err != nil {
			t.Fatal(err)
		}
		back, err := zdd.Read(&buf, "again", p)
		if err != nil || back.Root != d.Root || !slices.Equal(back.Nodes, d.Nodes) {
			t.Fatalf("round trip: %v", err)
		}
	})
}
