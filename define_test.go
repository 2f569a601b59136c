package xcover_test

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// containing returns how many of sols contain every option of set.
func containing(sols [][]int, set []int) int {
	n := 0
	for _, s := range sols {
		ok := true
		for _, k := range set {
			if !slices.Contains(s, k) {
				ok = false
				break
			}
		}
		if ok {
			n++
		}
	}
	return n
}

// TestDefineBrute checks minimal and smallest defining sets against brute force on
// hundreds of small random problems of every kind: the set is part of the solution, the
// brute-force solutions containing it are that solution alone, none of its options can be
// dropped, and a smallest set has the size of the smallest subset of the solution that
// brute force finds defining. A solution that another one contains has no defining set.
func TestDefineBrute(t *testing.T) {
	ctx := context.Background()
	problems, sets := 0, 0
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(80) {
			p := randprob.New(seed, kind)
			all := brute.Solutions(p)
			if len(all) == 0 {
				continue
			}
			problems++
			label := fmt.Sprintf("randprob.New(%d, randprob.%v)", seed, kind)
			for _, sol := range [][]int{all[0], all[len(all)-1]} {
				if vs := verify.Check(p, sol); len(vs) > 0 {
					t.Fatalf("%s: brute solution %v: %v", label, sol, vs)
				}
				if containing(all, sol) > 1 {
					if _, err := xcover.Define(ctx, p, sol, xcover.DefineOptions{}); err == nil {
						t.Errorf("%s: solution %v is inside another, yet Define found a set", label, sol)
					}
					continue
				}
				for _, smallest := range []bool{false, true} {
					for seed := range uint64(2) {
						r, err := xcover.Define(ctx, p, sol, xcover.DefineOptions{Seed: seed, Smallest: smallest})
						if err != nil {
							t.Fatalf("%s: Define(%v, smallest %v): %v\n%s", label, sol, smallest, err, randprob.Describe(p))
						}
						sets++
						checkDefining(t, label, all, sol, r.Options)
						if !smallest {
							continue
						}
						if want := smallestBrute(all, sol); len(r.Options) != want || r.LowerBound != want {
							t.Errorf("%s: solution %v: smallest set %v (bound %d), brute force finds %d\n%s",
								label, sol, r.Options, r.LowerBound, want, randprob.Describe(p))
						}
					}
				}
			}
		}
	}
	if problems < 200 {
		t.Errorf("only %d problems with solutions", problems)
	}
	t.Logf("%d problems, %d sets", problems, sets)
}

// checkDefining checks set against the brute-force solutions all: inside sol, contained
// in sol alone, and no option removable.
func checkDefining(t *testing.T, label string, all [][]int, sol, set []int) {
	t.Helper()
	for _, k := range set {
		if !slices.Contains(sol, k) {
			t.Fatalf("%s: set %v has option %d outside the solution %v", label, set, k, sol)
		}
	}
	if n := containing(all, set); n != 1 {
		t.Fatalf("%s: set %v of solution %v is in %d solutions", label, set, sol, n)
	}
	for i := range set {
		less := slices.Delete(slices.Clone(set), i, i+1)
		if containing(all, less) < 2 {
			t.Fatalf("%s: set %v of solution %v: option %d can be dropped", label, set, sol, set[i])
		}
	}
}

// smallestBrute returns the size of a smallest subset of sol contained in no other
// solution, trying every subset.
func smallestBrute(all [][]int, sol []int) int {
	best := len(sol)
	for mask := uint64(0); mask < 1<<len(sol); mask++ {
		if c := bits.OnesCount64(mask); c < best {
			var set []int
			for i, k := range sol {
				if mask&(1<<i) != 0 {
					set = append(set, k)
				}
			}
			if containing(all, set) == 1 {
				best = c
			}
		}
	}
	return best
}

// TestDefineErrors: options that are no solution, or out of range, are refused.
func TestDefineErrors(t *testing.T) {
	b := new(xcover.Builder)
	for _, it := range []string{"a", "b", "c"} {
		b.AddPrimary(it)
	}
	for _, o := range [][]string{{"a", "b"}, {"c"}, {"a"}, {"b"}} {
		b.AddOption(o...)
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	for _, sol := range [][]int{{0}, {0, 2}, {0, 1, 2}, {5}, {-1}} {
		if r, err := xcover.Define(ctx, p, sol, xcover.DefineOptions{}); err == nil {
			t.Errorf("Define(%v) = %v, want an error", sol, r.Options)
		}
	}
	r, err := xcover.Define(ctx, p, []int{0, 1}, xcover.DefineOptions{Smallest: true})
	if err != nil || !slices.Equal(r.Options, []int{0}) {
		t.Errorf("Define({0, 1}) = %v, %v; want [0]", r.Options, err)
	}
}

// TestDefineFound checks Define told to Find the solution: it defines the first the engine finds,
// or one drawn uniformly, each a solution by the verifier and said in Solution, and says
// nil, without an error, for a problem with none.
func TestDefineFound(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		n    int // queens on an n×n board
		opt  xcover.DefineOptions
		none bool
	}{
		{"first", 6, xcover.DefineOptions{Find: true}, false},
		{"uniform", 6, xcover.DefineOptions{Find: true, Uniform: true, Seed: 4}, false},
		{"smallest", 5, xcover.DefineOptions{Find: true, Smallest: true}, false},
		{"none", 3, xcover.DefineOptions{Find: true}, true},
		{"none uniform", 3, xcover.DefineOptions{Find: true, Uniform: true}, true},
	} {
		p := problems.Queens(tt.n)
		r, err := xcover.Define(ctx, p, nil, tt.opt)
		switch {
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.none && (r.Solution != nil || r.Options != nil):
			t.Errorf("%s: Solution %v, Options %v; want none", tt.name, r.Solution, r.Options)
		case tt.none:
		case verify.Check(p, r.Solution) != nil || len(r.Options) == 0:
			t.Errorf("%s: Solution %v (%v), Options %v", tt.name, r.Solution, verify.Check(p, r.Solution), r.Options)
		default:
			given := tt.opt
			given.Find = false
			if again, err := xcover.Define(ctx, p, r.Solution, given); err != nil || !slices.Equal(again.Options, r.Options) {
				t.Errorf("%s: the solution given defines %v, %v; found, %v", tt.name, again.Options, err, r.Options)
			}
		}
	}
}
