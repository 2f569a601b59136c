package brute_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/verify"
)

func mustBuild(t testing.TB, b *xcover.Builder) *xcover.Problem {
	t.Helper()
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// queensProblem is the n-queens problem: ranks and files primary, diagonals secondary.
func queensProblem(t testing.TB, n int) *xcover.Problem {
	p, err := queens.Problem(n, 1)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// twoPerLine has an option per cell of an n x n matrix, rows and columns each covered
// exactly twice (OEIS A001499).
func twoPerLine(t testing.TB, n int) *xcover.Problem {
	b := new(xcover.Builder)
	for i := range n {
		b.AddPrimaryBounds(fmt.Sprintf("r%d", i), 2, 2)
		b.AddPrimaryBounds(fmt.Sprintf("c%d", i), 2, 2)
	}
	for r := range n {
		for c := range n {
			b.AddOption(fmt.Sprintf("r%d", r), fmt.Sprintf("c%d", c))
		}
	}
	return mustBuild(t, b)
}

// small builds a problem from items (a name starting with "s" is secondary, "z" is 0..2)
// and options given as item names.
func small(t testing.TB, items []string, options ...[]string) *xcover.Problem {
	b := new(xcover.Builder)
	for _, it := range items {
		switch it[0] {
		case 's':
			b.AddSecondary(it)
		case 'z':
			b.AddPrimaryBounds(it, 0, 2)
		default:
			b.AddPrimary(it)
		}
	}
	for _, o := range options {
		b.AddOption(o...)
	}
	return mustBuild(t, b)
}

func TestSolutions(t *testing.T) {
	tests := []struct {
		name string
		p    *xcover.Problem
		want [][]int
	}{
		{"format example", problems.FormatExample(), [][]int{{0, 2}, {0, 3}, {1, 2, 3}}},
		{"no items", small(t, nil), [][]int{{}}},
		{"no primary", small(t, []string{"s1"}, []string{"s1"}, []string{"s1:red"}), [][]int{{}}},
		{"no options", small(t, []string{"a"}), nil},
		{"item in no option", small(t, []string{"a", "b"}, []string{"a"}), nil},
		{"duplicates differ", small(t, []string{"a", "b"}, []string{"a", "b"}, []string{"b"}, []string{"a", "b"}, []string{"a"}),
			[][]int{{0}, {1, 3}, {2}}},
		{"option without primary never chosen",
			small(t, []string{"a", "s1"}, []string{"a"}, []string{"s1"}), [][]int{{0}}},
		{"all zero: empty counts", small(t, []string{"z1", "z2"}, []string{"z1"}, []string{"z1", "z2"}),
			[][]int{{}, {0}, {0, 1}, {1}}},
		{"secondary uncoloured once",
			small(t, []string{"a", "b", "s1"}, []string{"a", "s1"}, []string{"b", "s1"}, []string{"a"}, []string{"b"}),
			[][]int{{0, 3}, {1, 2}, {2, 3}}},
		{"secondary colours",
			small(t, []string{"a", "b", "s1"}, []string{"a", "s1:x"}, []string{"b", "s1:x"}, []string{"b", "s1:y"}, []string{"b", "s1"}),
			[][]int{{0, 1}}},
		{"uncoloured with coloured",
			small(t, []string{"a", "b", "s1"}, []string{"a", "s1"}, []string{"b", "s1:x"}),
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := brute.Solutions(tt.p)
			if !slices.EqualFunc(got, tt.want, slices.Equal) {
				t.Errorf("Solutions = %v, want %v\n%s", got, tt.want, randprob.Describe(tt.p))
			}
			if n := brute.Count(tt.p); n != uint64(len(tt.want)) {
				t.Errorf("Count = %d, want %d", n, len(tt.want))
			}
			if err := verify.All(tt.p, got); err != nil {
				t.Error(err)
			}
		})
	}
}

func TestKnownCounts(t *testing.T) {
	tests := []struct {
		name string
		p    *xcover.Problem
		want uint64
	}{
		{"queens 1", queensProblem(t, 1), 1},
		{"queens 2", queensProblem(t, 2), 0},
		{"queens 3", queensProblem(t, 3), 0},
		{"queens 4", queensProblem(t, 4), 2},
		{"queens 5", queensProblem(t, 5), 10},
		{"queens 6", queensProblem(t, 6), 4},
		{"A001499 2", twoPerLine(t, 2), 1},
		{"A001499 3", twoPerLine(t, 3), 6},
		{"A001499 4", twoPerLine(t, 4), 90},
	}
	for _, tt := range tests {
		if got := brute.Count(tt.p); got != tt.want {
			t.Errorf("%s: Count = %d, want %d", tt.name, got, tt.want)
		}
		if sols := brute.Solutions(tt.p); uint64(len(sols)) != tt.want {
			t.Errorf("%s: %d solutions, want %d", tt.name, len(sols), tt.want)
		} else if err := verify.All(tt.p, sols); err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
}

// TestAgainstVerify tries every subset of the options of many random problems: brute force
// must list exactly those that package verify accepts, in lexicographic order.
func TestAgainstVerify(t *testing.T) {
	total := 0
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(120) {
			p := randprob.New(seed, kind)
			n := p.NumOptions()
			if n > 12 {
				continue
			}
			c := verify.NewChecker(p)
			var want [][]int
			for mask := range 1 << n {
				var sol []int
				for k := range n {
					if mask&(1<<k) != 0 {
						sol = append(sol, k)
					}
				}
				if c.Check(sol) == nil {
					want = append(want, sol)
				}
			}
			slices.SortFunc(want, slices.Compare)
			got := brute.Solutions(p)
			if !slices.EqualFunc(got, want, slices.Equal) {
				t.Errorf("seed %d kind %v: brute.Solutions = %v, verify accepts %v\n%s",
					seed, kind, got, want, randprob.Describe(p))
			}
			if !slices.IsSortedFunc(got, slices.Compare) {
				t.Errorf("seed %d kind %v: not in lexicographic order: %v", seed, kind, got)
			}
			total += len(got)
		}
	}
	if total < 200 {
		t.Errorf("only %d solutions in all: the test is too weak", total)
	}
}

func ExampleSolutions() {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimary("b")
	b.AddOption("a")
	b.AddOption("b")
	b.AddOption("a", "b")
	p, _ := b.Build()
	fmt.Println(brute.Solutions(p), brute.Count(p))
	// Output: [[0 1] [2]] 2
}

// BenchmarkWorstCase has 18 options that all fit together: every one of the 2^18 subsets is
// checked at a leaf.
func BenchmarkWorstCase(b *testing.B) {
	bl := new(xcover.Builder)
	bl.AddPrimaryBounds("a", 0, 18)
	bl.AddPrimaryBounds("b", 0, 18)
	bl.AddSecondary("s")
	for k := range 18 {
		if k%2 == 0 {
			bl.AddOption("a", "s:x")
		} else {
			bl.AddOption("a", "b")
		}
	}
	p := mustBuild(b, bl)
	for b.Loop() {
		if n := brute.Count(p); n != 1<<18 {
			b.Fatalf("Count = %d, want %d", n, 1<<18)
		}
	}
}

// TestQueensCompletions counts the N-queens solutions of the empty board against OEIS
// A000170, and those through one fixed queen.
func TestQueensCompletions(t *testing.T) {
	for n, want := range map[int]int{1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92} {
		pre := make([]int, n)
		for i := range pre {
			pre[i] = -1
		}
		if got := brute.QueensCompletions(pre); got != want {
			t.Errorf("N = %d: %d solutions, want %d", n, got, want)
		}
	}
	// The two solutions of N = 4 have their first queen on files 1 and 2.
	if got := brute.QueensCompletions([]int{1, -1, -1, -1}); got != 1 {
		t.Errorf("N = 4, first queen on file 1: %d, want 1", got)
	}
}
