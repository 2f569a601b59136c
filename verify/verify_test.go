package verify_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/verify"
)

// build makes a problem from DLX-like item specs ("A", "2|B", "0:2|C", "|x" for secondary)
// and options, failing the test on any error.
func build(t testing.TB, items []string, options ...string) *xcover.Problem {
	t.Helper()
	b := new(xcover.Builder)
	for _, it := range items {
		switch name, ok := strings.CutPrefix(it, "|"); {
		case ok:
			b.AddSecondary(name)
		case strings.Contains(it, "|"):
			var lo, hi int
			bounds, name, _ := strings.Cut(it, "|")
			if _, err := fmt.Sscanf(bounds, "%d:%d", &lo, &hi); err != nil {
				fmt.Sscanf(bounds, "%d", &hi)
				lo = hi
			}
			b.AddPrimaryBounds(name, lo, hi)
		default:
			b.AddPrimary(it)
		}
	}
	for _, o := range options {
		b.AddOption(strings.Fields(o)...)
	}
	p, err := b.Build()
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	return p
}

// formatExample is the example of dlx-format.md.
func formatExample(t testing.TB) *xcover.Problem {
	return build(t, []string{"A", "2|B", "0:2|C", "|X", "|Y"},
		"A B X:red", "A C X:red Y", "B C", "B", "C X:blue")
}

// mixed has every kind of secondary entry: options 0 and 6 are the same, option 5 has no
// primary item.
func mixed(t testing.TB) *xcover.Problem {
	return build(t, []string{"p", "0:3|q", "|x", "|y"},
		"p x", "q x", "q x:red", "q y:red", "q y:red", "x", "p x", "q x:blue")
}

func TestCheck(t *testing.T) {
	v := func(item, option int, msg string) verify.Violation { return verify.Violation{item, option, msg} }
	tests := []struct {
		name string
		p    func(testing.TB) *xcover.Problem
		sol  []int
		want []verify.Violation
	}{
		{"example 0 2", formatExample, []int{0, 2}, nil},
		{"example 0 3", formatExample, []int{0, 3}, nil},
		{"example 1 2 3", formatExample, []int{1, 2, 3}, nil},
		{"example any order", formatExample, []int{3, 1, 2}, nil},
		{"example empty", formatExample, nil, []verify.Violation{
			v(0, -1, "item A: covered 0 times, allowed 1..1"),
			v(1, -1, "item B: covered 0 times, allowed 2..2"),
		}},
		{"example too many", formatExample, []int{0, 1}, []verify.Violation{
			v(0, -1, "item A: covered 2 times, allowed 1..1"),
			v(1, -1, "item B: covered 1 time, allowed 2..2"),
		}},
		{"example colours", formatExample, []int{4, 0}, []verify.Violation{
			v(1, -1, "item B: covered 1 time, allowed 2..2"),
			v(3, 4, "item X: colours red and blue"),
		}},
		{"example C thrice", formatExample, []int{1, 2, 4}, []verify.Violation{
			v(1, -1, "item B: covered 1 time, allowed 2..2"),
			v(2, -1, "item C: covered 3 times, allowed 0..2"),
			v(3, 4, "item X: colours red and blue"),
		}},
		{"mixed valid", mixed, []int{0, 3, 4}, nil},
		{"mixed same colour", mixed, []int{1, 0}, []verify.Violation{
			v(2, 0, "item x: covered by options 0 and 1 without a colour"),
		}},
		{"mixed coloured after uncoloured", mixed, []int{0, 2}, []verify.Violation{
			v(2, 0, "item x: covered by options 0 and 2 without a colour"),
		}},
		{"mixed uncoloured after coloured", mixed, []int{2, 0, 3}, []verify.Violation{
			v(2, 0, "item x: covered by options 0 and 2 without a colour"),
		}},
		{"mixed uncoloured option after coloured", mixed, []int{6, 2}, []verify.Violation{
			v(2, 6, "item x: covered by options 2 and 6 without a colour"),
		}},
		{"mixed coloured pair", mixed, []int{0, 2, 7}, []verify.Violation{
			v(2, 7, "item x: colours red and blue"),
			v(2, 0, "item x: covered by options 0 and 2 without a colour"),
		}},
		{"mixed missing p", mixed, []int{2, 3}, []verify.Violation{
			v(0, -1, "item p: covered 0 times, allowed 1..1"),
		}},
		{"mixed duplicate option", mixed, []int{0, 6}, []verify.Violation{
			v(0, -1, "item p: covered 2 times, allowed 1..1"),
			v(2, 0, "item x: covered by options 0 and 6 without a colour"),
		}},
		{"mixed no primary", mixed, []int{0, 5}, []verify.Violation{
			v(-1, 5, "option 5 has no primary item"),
			v(2, 0, "item x: covered by options 0 and 5 without a colour"),
		}},
		{"mixed no primary alone", mixed, []int{5, 0}, []verify.Violation{
			v(-1, 5, "option 5 has no primary item"),
			v(2, 0, "item x: covered by options 0 and 5 without a colour"),
		}},
		{"mixed chosen twice", mixed, []int{0, 0}, []verify.Violation{
			v(-1, 0, "option 0 chosen twice"),
		}},
		{"mixed chosen thrice", mixed, []int{3, 0, 3, 3}, []verify.Violation{
			v(-1, 3, "option 3 chosen twice"),
		}},
		{"mixed out of range", mixed, []int{0, 8, -1}, []verify.Violation{
			v(-1, 8, "option 8 out of range"),
			v(-1, -1, "option -1 out of range"),
		}},
		{"mixed out of range only", mixed, []int{12}, []verify.Violation{
			v(-1, 12, "option 12 out of range"),
			v(0, -1, "item p: covered 0 times, allowed 1..1"),
		}},
		{"no primary: empty", noPrimary, nil, nil},
		{"no primary: option", noPrimary, []int{0}, []verify.Violation{
			v(-1, 0, "option 0 has no primary item"),
		}},
		{"no items", noItems, nil, nil},
		{"all zero: empty", allZero, nil, nil},
		{"all zero: one", allZero, []int{1}, nil},
		{"all zero: too many", allZero, []int{0, 1, 2}, []verify.Violation{
			v(0, -1, "item a: covered 3 times, allowed 0..2"),
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.p(t)
			got := verify.Check(p, tt.sol)
			if !slices.Equal(got, tt.want) {
				t.Errorf("Check(%v) =\n\t%+v\nwant\n\t%+v\nproblem:\n%s", tt.sol, got, tt.want, randprob.Describe(p))
			}
			c := verify.NewChecker(p)
			if got2 := c.Check(tt.sol); !slices.Equal(got2, tt.want) {
				t.Errorf("Checker.Check(%v) = %+v, want %+v", tt.sol, got2, tt.want)
			}
		})
	}
}

// TestPartial checks Partial: the violations no further options could mend, and none of
// those that more options could (items not covered enough, options without a primary item).
func TestPartial(t *testing.T) {
	v := func(item, option int, msg string) verify.Violation { return verify.Violation{item, option, msg} }
	tests := []struct {
		name string
		p    func(testing.TB) *xcover.Problem
		opts []int
		want []verify.Violation
	}{
		{"empty", formatExample, nil, nil},
		{"one option", formatExample, []int{3}, nil},
		{"a solution", formatExample, []int{0, 2}, nil},
		{"A twice", formatExample, []int{0, 1}, []verify.Violation{v(0, -1, "item A: covered 2 times, allowed 1..1")}},
		{"colours", formatExample, []int{4, 0}, []verify.Violation{v(3, 4, "item X: colours red and blue")}},
		{"C thrice", formatExample, []int{1, 2, 4}, []verify.Violation{
			v(2, -1, "item C: covered 3 times, allowed 0..2"),
			v(3, 4, "item X: colours red and blue"),
		}},
		{"no primary", mixed, []int{5}, nil},
		{"no colour", mixed, []int{0, 5}, []verify.Violation{v(2, 0, "item x: covered by options 0 and 5 without a colour")}},
		{"chosen twice", mixed, []int{3, 3}, []verify.Violation{v(-1, 3, "option 3 chosen twice")}},
		{"out of range", mixed, []int{8}, []verify.Violation{v(-1, 8, "option 8 out of range")}},
	}
	for _, tt := range tests {
		if got := verify.Partial(tt.p(t), tt.opts); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Partial(%v) = %+v, want %+v", tt.name, tt.opts, got, tt.want)
		}
	}
}

func noPrimary(t testing.TB) *xcover.Problem { return build(t, []string{"|x"}, "x") }
func noItems(t testing.TB) *xcover.Problem   { return build(t, nil) }
func allZero(t testing.TB) *xcover.Problem {
	return build(t, []string{"0:2|a", "0:1|b"}, "a", "a b", "a")
}

func TestViolationString(t *testing.T) {
	v := verify.Violation{Item: 3, Option: -1, Msg: "item r3: covered 2 times, allowed 1..1"}
	if got := v.String(); got != v.Msg {
		t.Errorf("String() = %q, want %q", got, v.Msg)
	}
}

func TestAll(t *testing.T) {
	p := formatExample(t)
	tests := []struct {
		sols [][]int
		want string // "" for nil
	}{
		{nil, ""},
		{[][]int{{0, 2}, {0, 3}, {1, 2, 3}}, ""},
		{[][]int{{0, 2}, {0, 1}, {}}, "verify: solution 1 {0, 1}: item A: covered 2 times, allowed 1..1 (and 1 more)"},
		{[][]int{{2, 0}, {3, 0}, {7}}, "verify: solution 2 {7}: option 7 out of range (and 2 more)"},
		{[][]int{{}}, "verify: solution 0 {}: item A: covered 0 times, allowed 1..1 (and 1 more)"},
		{[][]int{{0, 3, 3}}, "verify: solution 0 {0, 3, 3}: option 3 chosen twice"},
	}
	for _, tt := range tests {
		err := verify.All(p, tt.sols)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("All(%v) = %v, want nil", tt.sols, err)
		case tt.want != "" && (err == nil || err.Error() != tt.want):
			t.Errorf("All(%v) = %v, want %s", tt.sols, err, tt.want)
		}
	}
}

// TestWrapAround checks solutions across the wrap-around of the Checker's generation
// counter, with stale stamps that would match after it.
func TestWrapAround(t *testing.T) {
	c := verify.NewChecker(formatExample(t))
	c.NearWrap()
	for _, sol := range [][]int{{0, 3}, {1, 2, 3}, {0, 2}, {1, 2, 3}, {0, 3}} {
		if !c.Valid(sol) { // Check itself would hide a wrong answer behind Explain
			t.Errorf("Valid(%v) = false, want true", sol)
		}
	}
}

// TestCheckerConcurrent checks one Checker from several goroutines at once, on valid and
// invalid solutions, for the race detector and for wrong answers from shared scratch space.
func TestCheckerConcurrent(t *testing.T) {
	p := formatExample(t)
	c := verify.NewChecker(p)
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := range 8 {
		wg.Go(func() {
			for n := range 2000 {
				sol, valid := []int{0, 2}, true
				if (n+g)%3 == 0 {
					sol, valid = []int{0, 1}, false
				}
				if got := c.Check(sol) == nil; got != valid {
					errs <- fmt.Sprintf("goroutine %d: Check(%v) valid = %v, want %v", g, sol, got, valid)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestFastAndSlowAgree compares the two halves of a Checker, computed separately: the quick
// test of validity and the full list of violations. Every subset of options of many random
// problems is tried, and each valid one also spoilt with a repeat or a bad index.
func TestFastAndSlowAgree(t *testing.T) {
	nvalid, ninvalid := 0, 0
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(60) {
			p := randprob.New(seed, kind)
			n := p.NumOptions()
			if n > 12 {
				continue
			}
			c := verify.NewChecker(p)
			agree := func(sol []int) bool {
				valid, vs := c.Valid(sol), c.Explain(sol)
				if valid != (len(vs) == 0) {
					t.Errorf("seed %d kind %v: sol %v: quick test says valid=%v, explanation %+v\n%s",
						seed, kind, sol, valid, vs, randprob.Describe(p))
				}
				return valid
			}
			for mask := range 1 << n {
				var sol []int
				for k := range n {
					if mask&(1<<k) != 0 {
						sol = append(sol, k)
					}
				}
				if !agree(sol) {
					ninvalid++
					continue
				}
				nvalid++
				for _, bad := range [][]int{append(slices.Clone(sol), n), append([]int{-1}, sol...)} {
					if agree(bad) {
						t.Errorf("seed %d kind %v: %v passes", seed, kind, bad)
					}
				}
				if len(sol) > 0 {
					bad := append(slices.Clone(sol), sol[0])
					if vs := c.Check(bad); len(vs) != 1 || vs[0].Option != sol[0] {
						t.Errorf("seed %d kind %v: Check(%v) = %+v, want only the repeat\n%s",
							seed, kind, bad, vs, randprob.Describe(p))
					}
				}
			}
		}
	}
	if nvalid < 100 || ninvalid < 1000 {
		t.Errorf("only %d valid and %d invalid subsets: the test is too weak", nvalid, ninvalid)
	}
	t.Logf("%d valid, %d invalid subsets", nvalid, ninvalid)
}

func ExampleCheck() {
	b := new(xcover.Builder)
	b.AddPrimary("A")
	b.AddPrimaryBounds("B", 2, 2)
	b.AddPrimaryBounds("C", 0, 2)
	b.AddSecondary("X")
	b.AddSecondary("Y")
	b.AddOption("A", "B", "X:red")
	b.AddOption("A", "C", "X:red", "Y")
	b.AddOption("B", "C")
	b.AddOption("B")
	b.AddOption("C", "X:blue")
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	fmt.Println(verify.Check(p, []int{0, 2}))
	for _, v := range verify.Check(p, []int{0, 4, 4}) {
		fmt.Println(v)
	}
	// Output:
	// []
	// option 4 chosen twice
	// item B: covered 1 time, allowed 2..2
	// item X: colours red and blue
}

func ExampleAll() {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimary("b")
	b.AddOption("a")
	b.AddOption("b")
	b.AddOption("a", "b")
	p, _ := b.Build()
	fmt.Println(verify.All(p, [][]int{{2}, {0, 1}, {0, 2}}))
	// Output:
	// verify: solution 2 {0, 2}: item a: covered 2 times, allowed 1..1
}

// Report writes what "xcover verify" prints: the violations, the cost of each valid
// solution of a problem with costs, and a summary.
func ExampleReport() {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimary("b")
	for k, opt := range [][]string{{"a"}, {"b"}, {"a", "b"}} {
		b.AddOption(opt...)
		b.SetCost(k, int64(k+2)) // 2, 3 and 4
	}
	p, _ := b.Build()
	invalid, err := verify.Report(os.Stdout, p, [][]int{{2}, {0, 1}, {0, 2}})
	fmt.Println(invalid, err)
	// Output:
	// solution 1: cost 4
	// solution 2: cost 5
	// solution 3: item a: covered 2 times, allowed 1..1
	// 3 solutions checked, 1 invalid
	// 1 <nil>
}

// TestReport: the summary's noun agrees with the number of solutions, a problem without
// costs prints none, and Cost sums the options' costs.
func TestReport(t *testing.T) {
	p := formatExample(t)
	for _, tc := range []struct {
		sols [][]int
		want string
	}{
		{nil, "0 solutions checked, 0 invalid\n"},
		{[][]int{{0, 3}}, "1 solution checked, 0 invalid\n"},
		{[][]int{{0, 3}, {0, 3, 3}}, "solution 2: option 3 chosen twice\n2 solutions checked, 1 invalid\n"},
	} {
		var b strings.Builder
		if _, err := verify.Report(&b, p, tc.sols); err != nil || b.String() != tc.want {
			t.Errorf("%v: %q, %v; want %q", tc.sols, b.String(), err, tc.want)
		}
	}
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddOption("a")
	b.AddOption("a")
	b.SetCost(1, 1<<40)
	q, _ := b.Build()
	if c := verify.Cost(q, []int{0, 1}); c != 1<<40 {
		t.Errorf("Cost = %d, want %d", c, int64(1<<40))
	}
}

// BenchmarkChecker checks a valid 12-queens solution (a problem of 144 options).
func BenchmarkChecker(b *testing.B) {
	const n = 12
	p, err := queens.Problem(n, 1) // option r*n+c: a queen on rank r, file c
	if err != nil {
		b.Fatal(err)
	}
	// A known solution: the queen of row r stands in column cols[r].
	cols := []int{0, 2, 4, 7, 9, 11, 5, 10, 1, 6, 8, 3}
	sol := make([]int, n)
	for r, c := range cols {
		sol[r] = r*n + c
	}
	c := verify.NewChecker(p)
	if vs := c.Check(sol); vs != nil {
		b.Fatalf("not a solution: %v", vs)
	}
	b.ReportAllocs()
	for b.Loop() {
		c.Check(sol)
	}
}
