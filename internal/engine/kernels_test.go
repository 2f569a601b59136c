package engine_test

// The kernels against brute force and against each other, on problems built through the
// public API (internal/randprob, internal/problems) and laid out for the engine here, so
// that each kernel is forced directly, without the root package's configuration.

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

// kernels are the kernels forced one at a time: dancing links (X or M) and the bitset
// kernel in each of its modes.
var kernels = []engine.Kernel{engine.KernelLinks, engine.KernelBitsLazy, engine.KernelBitsCounts,
	engine.KernelBitsRowsLazy, engine.KernelBitsRowsCounts}

// specOf lays p out for the engine from its public description: primary items first, in
// their order, then the secondary ones; colours numbered from 1 in order of appearance.
func specOf(p *xcover.Problem) *engine.Spec {
	pos := make([]int32, p.NumItems())
	sp := &engine.Spec{NumPrimary: p.NumPrimary(), NumItems: p.NumItems(), Start: []int32{0}}
	np, ns := int32(0), int32(p.NumPrimary())
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			pos[i], ns = ns, ns+1
			continue
		}
		pos[i], np = np, np+1
		sp.Lo = append(sp.Lo, int32(it.Min))
		sp.Hi = append(sp.Hi, int32(it.Max))
	}
	colors := map[string]int32{"": 0}
	for k := range p.NumOptions() {
		for _, e := range p.Option(k) {
			c, ok := colors[e.Color]
			if !ok {
				c = int32(len(colors))
				colors[e.Color] = c
			}
			sp.Item = append(sp.Item, pos[e.Item])
			sp.Color = append(sp.Color, c)
		}
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	return sp
}

// run searches sp with the kernel forced and returns its solutions, each sorted, in the
// order found, and its statistics.
func run(sp *engine.Spec, k engine.Kernel, limit uint64) ([][]int, engine.Stats) {
	return runUpTo(sp, k, limit, 0)
}

// runUpTo is run with a limit on nodes too (0: none), met at the first poll past it.
func runUpTo(sp *engine.Spec, k engine.Kernel, limit, nodes uint64) ([][]int, engine.Stats) {
	var sols [][]int
	var st engine.Stats
	p := &engine.Params{Kernel: k, Limit: limit, Visit: func(sol []int32) bool {
		s := make([]int, len(sol))
		for i, o := range sol {
			s[i] = int(o)
		}
		slices.Sort(s)
		sols = append(sols, s)
		return true
	}}
	if nodes > 0 {
		p.Poll = func(st *engine.Stats, _ float64) bool { return st.Nodes < nodes }
	}
	engine.Run(sp, p, &st)
	return sols, st
}

// sorted returns the solutions in lexicographic order.
func sorted(sols [][]int) [][]int {
	s := slices.Clone(sols)
	slices.SortFunc(s, slices.Compare)
	return s
}

// TestKernelsAgree runs every kernel on random problems of every kind: each must find
// exactly brute force's solutions, every one valid, and all must walk the same search tree
// (the same number of nodes), since they share the rules for choosing items and options.
func TestKernelsAgree(t *testing.T) {
	seeds := uint64(120)
	if os.Getenv("XCOVER_LONG") != "" {
		seeds = 5000
	}
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(seed, kind)
			sp := specOf(p)
			want := sorted(brute.Solutions(p))
			var nodes []uint64
			for _, k := range kernels {
				got, st := run(sp, k, 0)
				for _, sol := range got {
					if v := verify.Check(p, sol); v != nil {
						t.Errorf("%v seed %d kernel %v: invalid solution %v: %v", kind, seed, k, sol, v)
					}
				}
				if !slices.EqualFunc(sorted(got), want, slices.Equal[[]int]) {
					t.Fatalf("%v seed %d kernel %v: solutions %v, brute force %v\n%s", kind, seed, k, got, want, randprob.Describe(p))
				}
				if st.Solutions != uint64(len(want)) {
					t.Errorf("%v seed %d kernel %v: Stats.Solutions %d, found %d", kind, seed, k, st.Solutions, len(want))
				}
				nodes = append(nodes, st.Nodes)
			}
			if slices.Min(nodes) != slices.Max(nodes) {
				t.Errorf("%v seed %d: nodes %v for kernels %v", kind, seed, nodes, kernels)
			}
		}
	}
}

// TestKernelsParts checks that the parts of a cut (the solutions met above it among them)
// are searched to the whole count and the whole tree by every kernel, on two workers.
func TestKernelsParts(t *testing.T) {
	for seed := range uint64(40) {
		p := randprob.New(seed, randprob.BoundsColors)
		sp := specOf(p)
		want := brute.Count(p)
		parts, above := engine.Cut(sp, nil, 20, nil)
		_, whole := run(sp, engine.KernelAuto, 0)
		for _, k := range kernels {
			var st engine.Stats
			if !engine.RunParts(sp, &engine.Params{Kernel: k}, parts, 2, &st, nil) {
				t.Fatalf("seed %d kernel %v: parts not searched to the end", seed, k)
			}
			if st.Solutions != want {
				t.Fatalf("seed %d kernel %v: %d solutions in %d parts, want %d", seed, k, st.Solutions, len(parts), want)
			}
			if len(parts) > 0 && st.Nodes+above != whole.Nodes {
				t.Errorf("seed %d kernel %v: %d nodes in the parts + %d above, the whole tree has %d", seed, k, st.Nodes, above, whole.Nodes)
			}
		}
	}
}

// bigProblem makes a random problem with more than 64 options, so that the bitset kernel
// works on several words, with bounds and colours as asked.
func bigProblem(seed uint64, bounds, colors bool) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 7))
	b := new(xcover.Builder)
	np, ns := 10+r.IntN(12), 2+r.IntN(5)
	for i := range np {
		lo, hi := 1, 1
		if bounds && r.IntN(2) == 0 {
			hi = 1 + r.IntN(3)
			lo = r.IntN(hi + 1)
		}
		b.AddPrimaryBounds(fmt.Sprint("p", i), lo, hi)
	}
	for i := range ns {
		b.AddSecondary(fmt.Sprint("s", i))
	}
	for range 65 + r.IntN(240) {
		var names []string
		for _, i := range r.Perm(np)[:2+r.IntN(3)] {
			names = append(names, fmt.Sprint("p", i))
		}
		for _, i := range r.Perm(ns)[:r.IntN(3)] {
			name := fmt.Sprint("s", i)
			if colors && r.IntN(3) > 0 {
				name += fmt.Sprint(":", "abc"[r.IntN(3)])
			}
			names = append(names, name)
		}
		b.AddOption(names...)
	}
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	return p
}

// TestKernelsAgreeBig checks the kernels against each other where brute force cannot go:
// walking the same tree in the same order, they must yield the same solutions in the same
// order and visit the same number of nodes, even when stopped at a limit.
func TestKernelsAgreeBig(t *testing.T) {
	for seed := range uint64(160) {
		bounds, colors := seed%2 == 1, seed%4 >= 2
		p := bigProblem(seed, bounds, colors)
		sp := specOf(p)
		var first [][]int
		var firstNodes uint64
		for i, k := range kernels {
			got, st := run(sp, k, 300)
			for _, sol := range got {
				if v := verify.Check(p, sol); v != nil {
					t.Fatalf("seed %d kernel %v: invalid solution %v: %v", seed, k, sol, v)
				}
			}
			if i == 0 {
				first, firstNodes = got, st.Nodes
				continue
			}
			if !slices.EqualFunc(got, first, slices.Equal[[]int]) || st.Nodes != firstNodes {
				t.Fatalf("seed %d (bounds %v, colours %v, %d options): kernel %v found %d solutions in %d nodes, kernel %v %d in %d",
					seed, bounds, colors, p.NumOptions(), k, len(got), st.Nodes, kernels[0], len(first), firstNodes)
			}
		}
	}
}

// TestKernelsKnownCounts runs every kernel on standard problems with published counts:
// a failure here names the kernel and the problem.
func TestKernelsKnownCounts(t *testing.T) {
	tests := []struct {
		name string
		p    *xcover.Problem
		want uint64
	}{
		{"queens 8", problems.Queens(8), 92},                         // OEIS A000170
		{"langford 7", problems.Langford(7), 52},                     // OEIS A014552, both orders
		{"two per row and column 5", problems.TwoPerRowCol(5), 2040}, // OEIS A001499
		{"bounds a..c", boundsTriangle(), 4},
	}
	for _, tt := range tests {
		sp := specOf(tt.p)
		for _, k := range kernels {
			if _, st := run(sp, k, 0); st.Solutions != tt.want {
				t.Errorf("%s, kernel %v: %d solutions, want %d", tt.name, k, st.Solutions, tt.want)
			}
		}
	}
}

// boundsTriangle has items a, b, c, each to be covered once or twice, and the options
// ab, bc, ac: four solutions (any two of the options, or all three).
func boundsTriangle() *xcover.Problem {
	b := new(xcover.Builder)
	for _, name := range []string{"a", "b", "c"} {
		b.AddPrimaryBounds(name, 1, 2)
	}
	b.AddOption("a", "b")
	b.AddOption("b", "c")
	b.AddOption("a", "c")
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	return p
}

// benchKernels counts p with each kernel that can run it, one sub-benchmark each.
func benchKernels(b *testing.B, p *xcover.Problem, want uint64, ks ...engine.Kernel) {
	sp := specOf(p)
	for _, k := range ks {
		b.Run(k.String(), func(b *testing.B) {
			for b.Loop() {
				var st engine.Stats
				engine.Run(sp, &engine.Params{Kernel: k}, &st)
				if st.Solutions != want {
					b.Fatalf("%d solutions, want %d", st.Solutions, want)
				}
			}
			b.ReportMetric(float64(want), "solutions")
		})
	}
}

// The kernels on problems small enough to time: kernel X (exact cover) and kernel M
// (bounds) against the bitset kernel, which the planner prefers for problems this small.
func BenchmarkKernelsQueens12(b *testing.B) {
	benchKernels(b, problems.Queens(12), 14200, engine.KernelLinks, engine.KernelBits)
}

func BenchmarkKernelsPentominoes6x10(b *testing.B) {
	benchKernels(b, problems.Pentominoes(10, 6), 9356, engine.KernelLinks, engine.KernelBits)
}

func BenchmarkKernelsBounds(b *testing.B) {
	benchKernels(b, problems.TwoPerRowCol(6), 67950, engine.KernelLinks, engine.KernelBits)
}

// BenchmarkKernelsSudoku counts the completions of Arto Inkala's "Escargot" without its
// last 5 givens: nearly all forced moves, the bitset kernel's short mode (counts in bytes).
func BenchmarkKernelsSudoku(b *testing.B) {
	sb, pz, err := sudoku.ParsePuzzle(strings.Join([]string{
		"1....7.9.", ".3..2...8", "..96..5..", "..53..9..", ".1..8...2", "6....4...",
		"3........", ".........", "........."}, ""), sudoku.Variant{}, sudoku.OneBased)
	if err != nil {
		b.Fatal(err)
	}
	enc, err := sb.Encode(pz.Grid)
	if err != nil {
		b.Fatal(err)
	}
	benchKernels(b, enc.Problem, 855376, engine.KernelLinks, engine.KernelBits)
}

// TestKernelsLongItem runs every kernel on exact covers with an item of more options than
// the bitset kernel counts in a byte (255 and more): a item "a" and n items b1..bn, options
// {a, bj} and {bj} for each j, so that the n solutions each take one pair. Every solution
// must cover each item once, and all kernels must walk the same tree.
func TestKernelsLongItem(t *testing.T) {
	for _, n := range []int{254, 255, 300} {
		sp := &engine.Spec{NumPrimary: n + 1, NumItems: n + 1, Start: []int32{0}}
		for range n + 1 {
			sp.Lo, sp.Hi = append(sp.Lo, 1), append(sp.Hi, 1)
		}
		for j := 1; j <= n; j++ {
			sp.Item = append(sp.Item, 0, int32(j))
			sp.Start = append(sp.Start, int32(len(sp.Item)))
		}
		for j := 1; j <= n; j++ {
			sp.Item = append(sp.Item, int32(j))
			sp.Start = append(sp.Start, int32(len(sp.Item)))
		}
		sp.Color = make([]int32, len(sp.Item))
		var nodes []uint64
		for _, k := range kernels {
			sols, st := run(sp, k, 0)
			if len(sols) != n || st.Solutions != uint64(n) {
				t.Fatalf("n %d kernel %v: %d solutions (Stats %d), want %d", n, k, len(sols), st.Solutions, n)
			}
			for _, sol := range sols {
				covered := make([]int, n+1)
				for _, o := range sol {
					for _, i := range sp.Item[sp.Start[o]:sp.Start[o+1]] {
						covered[i]++
					}
				}
				for i, c := range covered {
					if c != 1 {
						t.Fatalf("n %d kernel %v: solution %v covers item %d %d times", n, k, sol, i, c)
					}
				}
			}
			nodes = append(nodes, st.Nodes)
		}
		if slices.Min(nodes) != slices.Max(nodes) {
			t.Errorf("n %d: nodes %v for kernels %v", n, nodes, kernels)
		}
	}
}
