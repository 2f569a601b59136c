package xcover_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// The cross-check compares the engine with brute force (internal/brute) on hundreds of small
// random problems of every kind, under every search option, and checks every solution the
// engine yields with the independent verifier. A failure prints the seed, the kind and the
// problem in DLX text, so that it can be reproduced. FuzzCrossCheck (fuzz_test.go) checks
// problems that the fuzzer shapes in the same way.

// crossSeeds is the number of random problems of each kind; XCOVER_LONG=1 tries more.
const crossSeeds, crossSeedsLong = 120, 5000

func TestCrossCheckRandom(t *testing.T) {
	seeds := uint64(crossSeeds)
	if os.Getenv("XCOVER_LONG") != "" {
		seeds = crossSeedsLong
	}
	failed := 0
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(seed, kind)
			label := fmt.Sprintf("randprob.New(%d, randprob.%v)", seed, kind)
			if !crossCheck(t, label, seed, p, nil) {
				if failed++; failed == 10 {
					t.Fatal("10 problems failed; giving up")
				}
			}
		}
	}
}

// TestCrossCheckHandmade checks the edge cases against known solution lists as well as
// against brute force.
func TestCrossCheckHandmade(t *testing.T) {
	tests := []struct {
		name  string
		build func(b *xcover.Builder)
		want  [][]int
	}{
		{"dlx-format.md example", func(b *xcover.Builder) {
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
		}, [][]int{{0, 2}, {0, 3}, {1, 2, 3}}},
		{"no primary items", func(b *xcover.Builder) {
			b.AddSecondary("x")
			b.AddSecondary("y")
			b.AddOption("x")
			b.AddOption("x:red", "y")
			b.AddOption("y:red")
		}, [][]int{{}}},
		{"no items at all", func(b *xcover.Builder) {}, [][]int{{}}},
		{"all 0:v", func(b *xcover.Builder) {
			b.AddPrimaryBounds("a", 0, 1)
			b.AddPrimaryBounds("b", 0, 2)
			b.AddSecondary("s")
			b.AddOption("a", "b")
			b.AddOption("b", "s:red")
			b.AddOption("b", "s")
			b.AddOption("s") // no primary item: never chosen
		}, [][]int{{}, {0}, {0, 1}, {0, 2}, {1}, {2}}},
		{"duplicate options", func(b *xcover.Builder) {
			b.AddPrimary("a")
			b.AddPrimary("b")
			b.AddOption("a", "b")
			b.AddOption("a")
			b.AddOption("a", "b")
			b.AddOption("b")
		}, [][]int{{0}, {1, 3}, {2}}},
		{"item in no option", func(b *xcover.Builder) {
			b.AddPrimary("a")
			b.AddPrimary("b")
			b.AddOption("a")
		}, nil},
		{"no options, primary may be 0", func(b *xcover.Builder) {
			b.AddPrimaryBounds("a", 0, 3)
		}, [][]int{{}}},
		{"secondary before primary", func(b *xcover.Builder) {
			b.AddSecondary("s")
			b.AddPrimaryBounds("a", 1, 2)
			b.AddSecondary("t")
			b.AddPrimary("b")
			b.AddOption("s:1", "a")
			b.AddOption("a", "s:1", "t")
			b.AddOption("b", "t")
			b.AddOption("b", "s")
			b.AddOption("a")
		}, [][]int{{0, 2}, {0, 2, 4}, {2, 4}, {3, 4}}},
	}
	for i, tt := range tests {
		b := new(xcover.Builder)
		tt.build(b)
		p, err := b.Build()
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		crossCheck(t, tt.name, uint64(i), p, tt.want)
	}
}

// crossCheck runs every check on p and reports the failures, with the problem, as one error.
// want, if not nil, is the known list of solutions, which brute force must also give.
// It returns whether all went well.
func crossCheck(t *testing.T, label string, seed uint64, p *xcover.Problem, want [][]int) bool {
	t.Helper()
	c := &crossChecker{p: p, checker: verify.NewChecker(p), want: brute.Solutions(p)}
	if want != nil && !sameSets(c.want, want) {
		c.errorf("brute force gives %v, want %v", c.want, want)
	}
	c.run(seed)
	if len(c.errs) == 0 {
		return true
	}
	t.Errorf("%s: %d failures:\n\t%s\nbrute-force solutions: %v\nproblem:\n%s",
		label, len(c.errs), strings.Join(c.errs, "\n\t"), c.want, randprob.Describe(p))
	return false
}

type crossChecker struct {
	p       *xcover.Problem
	checker *verify.Checker
	want    [][]int // every solution, from brute force
	errs    []string
}

func (c *crossChecker) errorf(format string, args ...any) {
	c.errs = append(c.errs, fmt.Sprintf(format, args...))
}

func (c *crossChecker) run(seed uint64) {
	bg := context.Background()
	total := len(c.want)

	// All solutions, and Count.
	if got, ok := c.solutions("default", xcover.Config{}, bg); ok && !sameSets(got, c.want) {
		c.errorf("default: solutions %v", sorted(got))
	}
	c.count("default", xcover.Config{}, uint64(total))
	if got, ok := c.solutions("Workers 2", xcover.Config{Workers: 2}, bg); ok && !sameSets(got, c.want) {
		c.errorf("Workers 2: solutions %v", sorted(got))
	}

	// Limits: exactly min(k, total) distinct solutions, all among brute force's.
	for _, k := range []int{1, 2, total - 1, total + 1} {
		if k < 1 {
			continue // Limit 0 means no limit
		}
		name := fmt.Sprintf("Limit %d", k)
		cfg := xcover.Config{Limit: uint64(k)}
		if got, ok := c.solutions(name, cfg, bg); ok {
			if len(got) != min(k, total) {
				c.errorf("%s: %d solutions %v, want %d", name, len(got), got, min(k, total))
			}
			c.subset(name, got)
		}
		c.count(name, cfg, uint64(min(k, total)))
	}

	// Random: the same set in some order, the same order for the same seed.
	for _, rs := range []uint64{seed, seed*2654435761 + 1} {
		name := fmt.Sprintf("Random Seed %d", rs)
		cfg := xcover.Config{Random: true, Seed: rs}
		first, ok1 := c.solutions(name, cfg, bg)
		again, ok2 := c.solutions(name+" again", cfg, bg)
		if ok1 && !sameSets(first, c.want) {
			c.errorf("%s: solutions %v", name, sorted(first))
		}
		if ok1 && ok2 && !slices.EqualFunc(first, again, slices.Equal) {
			c.errorf("%s: two runs differ: %v then %v", name, first, again)
		}
		c.count(name, cfg, uint64(total))
	}

	// Initial options: exactly brute force's solutions that contain them.
	if n := c.p.NumOptions(); n > 0 {
		r := rand.New(rand.NewPCG(seed, 0x1717))
		for _, init := range [][]int{{r.IntN(n)}, {r.IntN(n), r.IntN(n)}, {r.IntN(n), r.IntN(n)}} {
			var want [][]int
			for _, sol := range c.want {
				if containsAll(sol, init) {
					want = append(want, sol)
				}
			}
			name := fmt.Sprintf("Initial %v", init)
			cfg := xcover.Config{Initial: init}
			if got, ok := c.solutions(name, cfg, bg); ok && !sameSets(got, want) {
				c.errorf("%s: solutions %v, want %v", name, sorted(got), want)
			}
			c.count(name, cfg, uint64(len(want)))
			rcfg := xcover.Config{Initial: init, Random: true, Seed: seed}
			if got, ok := c.solutions(name+" Random", rcfg, bg); ok && !sameSets(got, want) {
				c.errorf("%s Random: solutions %v, want %v", name, sorted(got), want)
			}
		}
	}

	// A context cancelled before the search: nothing, and Err says so.
	ctx, cancel := context.WithCancel(bg)
	cancel()
	if got, ok := c.solutions("cancelled", xcover.Config{}, ctx); ok && len(got) > 0 {
		c.errorf("cancelled: solutions %v", got)
	}
	c.guard("cancelled Count", func() {
		res, err := xcover.Count(ctx, c.p, xcover.Config{})
		if n := res.Solutions; n == nil || n.Sign() != 0 || !errors.Is(err, context.Canceled) {
			c.errorf("cancelled Count = %d, %v; want 0, context.Canceled", n, err)
		}
	})

	// Breaking out of the loop stops the search cleanly.
	if total > 0 {
		c.guard("break", func() {
			s, err := xcover.NewSolver(c.p, xcover.Config{})
			if err != nil {
				c.errorf("break: NewSolver: %v", err)
				return
			}
			n := 0
			for sol := range s.Solutions(bg) {
				c.valid("break", sol)
				n++
				break
			}
			if n != 1 || s.Err() != nil {
				c.errorf("break: %d solutions seen, Err() = %v", n, s.Err())
			}
		})
	}
}

// guard runs f, turning a panic into a failure.
func (c *crossChecker) guard(name string, f func()) (ok bool) {
	defer func() {
		if e := recover(); e != nil {
			c.errorf("%s: panic: %v", name, e)
			ok = false
		}
	}()
	f()
	return true
}

// solutions runs a search and returns its solutions in the order found, after checking each
// with the verifier, checking that each is ascending and distinct from the others, and that
// Err and Stats agree. ok is false if the search could not be run.
func (c *crossChecker) solutions(name string, cfg xcover.Config, ctx context.Context) (sols [][]int, ok bool) {
	var copies [][]int
	ok = c.guard(name, func() {
		s, err := xcover.NewSolver(c.p, cfg)
		if err != nil {
			c.errorf("%s: NewSolver: %v", name, err)
			return
		}
		for sol := range s.Solutions(ctx) {
			sols = append(sols, sol)
			copies = append(copies, slices.Clone(sol))
		}
		cancelled := ctx.Err() != nil
		if err := s.Err(); cancelled != errors.Is(err, context.Canceled) {
			c.errorf("%s: Err() = %v with context error %v", name, err, ctx.Err())
		}
		if st := s.Stats(); !cancelled && st.Solutions != uint64(len(sols)) {
			c.errorf("%s: Stats().Solutions = %d, %d solutions seen", name, st.Solutions, len(sols))
		}
	})
	if !ok {
		return nil, false
	}
	if !slices.EqualFunc(sols, copies, slices.Equal) {
		c.errorf("%s: solution slices changed after being yielded: %v, were %v", name, sols, copies)
	}
	for _, sol := range copies {
		c.valid(name, sol)
	}
	s := sorted(copies)
	for i := 1; i < len(s); i++ {
		if slices.Equal(s[i-1], s[i]) {
			c.errorf("%s: solution %v found twice", name, s[i])
		}
	}
	return copies, true
}

// valid checks one solution with the verifier, and that it is ascending.
func (c *crossChecker) valid(name string, sol []int) {
	for _, v := range c.checker.Check(sol) {
		c.errorf("%s: solution %v: %s", name, sol, v)
	}
	if !slices.IsSorted(sol) {
		c.errorf("%s: solution %v not ascending", name, sol)
	}
}

// count checks Count under cfg.
func (c *crossChecker) count(name string, cfg xcover.Config, want uint64) {
	c.guard(name+" Count", func() {
		res, err := xcover.Count(context.Background(), c.p, cfg)
		if err != nil {
			c.errorf("%s: Count: %v", name, err)
			return
		}
		if n := res.Solutions.Uint64(); n != want {
			c.errorf("%s: Count = %d, %v; want %d", name, n, err, want)
		}
	})
}

// subset checks that every solution in got is one of brute force's.
func (c *crossChecker) subset(name string, got [][]int) {
	for _, sol := range got {
		if _, found := slices.BinarySearchFunc(c.want, sol, slices.Compare); !found {
			c.errorf("%s: %v is not a solution found by brute force", name, sol)
		}
	}
}

func sorted(sols [][]int) [][]int {
	s := slices.Clone(sols)
	slices.SortFunc(s, slices.Compare)
	return s
}

// sameSets reports whether two lists of solutions hold the same solutions, in any order.
func sameSets(a, b [][]int) bool {
	return slices.EqualFunc(sorted(a), sorted(b), slices.Equal)
}

func containsAll(sol, opts []int) bool {
	for _, k := range opts {
		if !slices.Contains(sol, k) {
			return false
		}
	}
	return true
}
