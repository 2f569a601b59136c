package interop

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
)

// These tests check the encodings without any external solver: a small model counter in
// this file finds every assignment of the option variables that extends to a model of the
// exported formula, and the sets of options they choose must be exactly the solutions that
// brute force finds.

// build makes a problem from DLX-like item and option lists.
func build(t testing.TB, items string, options ...string) *xcover.Problem {
	t.Helper()
	b := new(xcover.Builder)
	sec := false
	for _, f := range strings.Fields(items) {
		if f == "|" {
			sec = true
			continue
		}
		if sec {
			b.AddSecondary(f)
			continue
		}
		lo, hi := 1, 1
		if bounds, name, ok := strings.Cut(f, "|"); ok {
			f = name
			l, h, rng := strings.Cut(bounds, ":")
			hi, _ = strconv.Atoi(l)
			lo = hi
			if rng {
				lo, _ = strconv.Atoi(l)
				hi, _ = strconv.Atoi(h)
			}
		}
		b.AddPrimaryBounds(f, lo, hi)
	}
	for _, o := range options {
		b.AddOption(strings.Fields(o)...)
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// formatExample is the example of the DLX format description: solutions {0,2}, {0,3},
// {1,2,3}.
func formatExample(t testing.TB) *xcover.Problem {
	return build(t, "A 2|B 0:2|C | X Y", "A B X:red", "A C X:red Y", "B C", "B", "C X:blue")
}

// A formula is a CNF read back from DIMACS.
type formula struct {
	nvars   int
	clauses [][]int
}

func parseDIMACS(t testing.TB, text string) formula {
	t.Helper()
	var f formula
	header := false
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(nil, 1<<24)
	var cl []int
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "c") {
			if header {
				t.Fatalf("comment after the header: %q", line)
			}
			continue
		}
		if strings.HasPrefix(line, "p ") {
			var nc int
			if _, err := fmt.Sscanf(line, "p cnf %d %d", &f.nvars, &nc); err != nil {
				t.Fatalf("header %q: %v", line, err)
			}
			f.clauses = make([][]int, 0, nc)
			header = true
			defer func() {
				if len(f.clauses) != nc {
					t.Errorf("header says %d clauses, file has %d", nc, len(f.clauses))
				}
			}()
			continue
		}
		if !header {
			t.Fatalf("clause before the header: %q", line)
		}
		for _, w := range strings.Fields(line) {
			l, err := strconv.Atoi(w)
			if err != nil {
				t.Fatalf("bad literal %q", w)
			}
			if l == 0 {
				f.clauses = append(f.clauses, cl)
				cl = nil
				continue
			}
			if l > f.nvars || -l > f.nvars {
				t.Fatalf("literal %d beyond %d variables", l, f.nvars)
			}
			cl = append(cl, l)
		}
	}
	if cl != nil {
		t.Fatalf("last clause not ended by 0")
	}
	return f
}

// projectedModels returns the sets of option variables 1..nopt that some model of f makes
// true, as sorted option indices, sorted. It branches on the option variables in order,
// propagating units after each choice, then decides the rest with a small DPLL.
func (f formula) projectedModels(nopt int) [][]int {
	var out [][]int
	asg := make([]int8, f.nvars+1) // 0 unknown, 1 true, -1 false
	var rec func(i int, asg []int8)
	rec = func(i int, asg []int8) {
		if !f.propagate(asg) {
			return
		}
		if i > nopt {
			if f.dpll(asg) {
				var sol []int
				for v := 1; v <= nopt; v++ {
					if asg[v] == 1 {
						sol = append(sol, v-1)
					}
				}
				out = append(out, sol)
			}
			return
		}
		for _, val := range []int8{-1, 1} {
			if asg[i] != 0 && asg[i] != val {
				continue
			}
			a := slices.Clone(asg)
			a[i] = val
			rec(i+1, a)
		}
	}
	rec(1, asg)
	slices.SortFunc(out, slices.Compare)
	return out
}

// propagate sets unit literals until none is left; false on a conflict.
func (f formula) propagate(asg []int8) bool {
	for changed := true; changed; {
		changed = false
		for _, cl := range f.clauses {
			unset, last := 0, 0
			sat := false
			for _, l := range cl {
				v, want := l, int8(1)
				if l < 0 {
					v, want = -l, -1
				}
				switch asg[v] {
				case want:
					sat = true
				case 0:
					unset++
					last = l
				}
				if sat {
					break
				}
			}
			if sat {
				continue
			}
			switch unset {
			case 0:
				return false
			case 1:
				if last > 0 {
					asg[last] = 1
				} else {
					asg[-last] = -1
				}
				changed = true
			}
		}
	}
	return true
}

func (f formula) dpll(asg []int8) bool {
	if !f.propagate(asg) {
		return false
	}
	for v := 1; v <= f.nvars; v++ {
		if asg[v] == 0 {
			for _, val := range []int8{1, -1} {
				a := slices.Clone(asg)
				a[v] = val
				if f.dpll(a) {
					return true
				}
			}
			return false
		}
	}
	return true
}

func exportString(t testing.TB, p *xcover.Problem, f Format, opt *Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Export(&buf, p, f, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

func solutionsString(sols [][]int) string {
	if len(sols) == 0 {
		return "none"
	}
	return fmt.Sprint(sols)
}

// testProblems returns named small problems: hand-made edge cases and random ones of every
// kind.
func testProblems(t testing.TB, seeds int) []namedProblem {
	ps := []namedProblem{
		{"format example", formatExample(t)},
		{"no options", build(t, "a b")},
		{"no options, bounds 0", build(t, "0:1|a 0:2|b")},
		{"no items", build(t, "")},
		{"secondary only", build(t, "| x", "x", "x")},
		{"item in too few options", build(t, "a 3|b", "a b", "b")},
		{"uncoloured and coloured", build(t, "a b c | x", "a x", "b x:r", "c x:r", "b x:g", "c")},
		{"one colour many times", build(t, "0:4|a | x", "a x:r", "a x:r", "a x:r", "a x:r")},
		{"long exactly-one", build(t, "a b", "a", "a", "a", "a", "a", "a", "a", "a", "a", "b")},
		{"bounds 2..3 of 6", build(t, "2:3|a", "a", "a", "a", "a", "a", "a")},
		{"bounds 3 of 5", build(t, "3|a b", "a", "a b", "a", "a", "a")},
		{"at least 2 of 5", build(t, "2:5|a", "a", "a", "a", "a", "a")},
	}
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			ps = append(ps, namedProblem{fmt.Sprintf("%v/%d", kind, seed), randprob.New(uint64(seed), kind)})
		}
	}
	return ps
}

type namedProblem struct {
	name string
	p    *xcover.Problem
}

func TestCNFModelsAreSolutions(t *testing.T) {
	for _, np := range testProblems(t, 40) {
		want := solutionsString(brute.Solutions(np.p))
		for _, amo := range []AMOEncoding{AMOAuto, AMOPairwise, AMOSequential, AMOCommander} {
			text := exportString(t, np.p, DIMACS, &Options{AtMostOne: amo})
			f := parseDIMACS(t, text)
			got := solutionsString(f.projectedModels(np.p.NumOptions()))
			if got != want {
				t.Errorf("%s, %v: CNF models %s, solutions %s\n%s", np.name, amo, got, want, text)
			}
		}
	}
}

func TestBlock(t *testing.T) {
	for _, np := range testProblems(t, 10) {
		sols := brute.Solutions(np.p)
		if len(sols) == 0 {
			continue
		}
		// Block every other solution; the rest must remain.
		var block, rest [][]int
		for i, s := range sols {
			if i%2 == 0 {
				block = append(block, s)
			} else {
				rest = append(rest, s)
			}
		}
		f := parseDIMACS(t, exportString(t, np.p, DIMACS, &Options{Block: block}))
		if got, want := solutionsString(f.projectedModels(np.p.NumOptions())), solutionsString(rest); got != want {
			t.Errorf("%s: blocking %v leaves %s, want %s", np.name, block, got, want)
		}
		for _, fm := range []Format{OPB, SMT2} {
			got := solutionsString(evalModels(t, np.p, fm, &Options{Block: block}))
			if want := solutionsString(rest); got != want {
				t.Errorf("%s, %v: blocking %v leaves %s, want %s", np.name, fm, block, got, want)
			}
		}
	}
}

// TestBlockChecked checks that Block takes solutions only (an option out of range or a set
// that is no solution is refused, naming its place in Block) and blocks a repeat once.
func TestBlockChecked(t *testing.T) {
	p := formatExample(t)
	for _, f := range []Format{DIMACS, SMT2, OPB} {
		for _, tt := range []struct {
			block [][]int
			want  string
		}{
			{[][]int{{0, 2}, {0, 5}}, "blocked solution 2 is not a solution of the problem (option 5 out of range)"},
			{[][]int{{0}}, "blocked solution 1 is not a solution of the problem (item B: covered 1 time, allowed 2..2)"},
		} {
			if err := Export(new(bytes.Buffer), p, f, &Options{Block: tt.block}); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%v, Block %v: error %v, want %q", f, tt.block, err, tt.want)
			}
		}
		once := exportString(t, p, f, &Options{Block: [][]int{{0, 2}}})
		if twice := exportString(t, p, f, &Options{Block: [][]int{{0, 2}, {2, 0}, {0, 2}}}); twice != once {
			t.Errorf("%v: a solution blocked three times exports differently from once", f)
		}
	}
}

func TestCNFSizes(t *testing.T) {
	// A long exactly-one: pairwise is quadratic, the others linear.
	opts := make([]string, 100)
	for i := range opts {
		opts[i] = "a"
	}
	p := build(t, "a", opts...)
	for _, tc := range []struct {
		amo           AMOEncoding
		vars, clauses int
		varsLE, clsLE bool
	}{
		{AMOPairwise, 100, 1 + 100*99/2, false, false},
		{AMOSequential, 100 + 99, 1 + 3*100 - 4, false, false},
		{AMOAuto, 100 + 99, 1 + 3*100 - 4, false, false},
		{AMOCommander, 160, 400, true, true},
	} {
		f := parseDIMACS(t, exportString(t, p, DIMACS, &Options{AtMostOne: tc.amo}))
		okV := f.nvars == tc.vars || tc.varsLE && f.nvars <= tc.vars
		okC := len(f.clauses) == tc.clauses || tc.clsLE && len(f.clauses) <= tc.clauses
		if !okV || !okC {
			t.Errorf("%v: %d variables, %d clauses; want %d, %d", tc.amo, f.nvars, len(f.clauses), tc.vars, tc.clauses)
		}
	}
}
