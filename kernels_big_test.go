package xcover_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// bigProblem makes a random problem with more than 64 options, so that the bitset kernel
// works on several words, with bounds and colours as asked.
func bigProblem(seed uint64, bounds, colors bool) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 7))
	b := xcover.NewBuilder()
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
	nopt := 65 + r.IntN(240)
	for range nopt {
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
	ctx := context.Background()
	for seed := range uint64(160) {
		bounds, colors := seed%2 == 1, seed%4 >= 2
		p := bigProblem(seed, bounds, colors)
		var first [][]int
		var firstNodes uint64
		for _, kern := range kernels {
			s, _ := xcover.NewSolver(p, xcover.WithKernel(xcover.Config{Limit: 300}, kern))
			var got [][]int
			for sol := range s.Solutions(ctx) {
				if v := verify.Check(p, sol); v != nil {
					t.Fatalf("seed %d kernel %s: invalid solution %v: %v", seed, kern, sol, v)
				}
				got = append(got, sol)
			}
			if kern == kernels[0] {
				first, firstNodes = got, s.Stats().Nodes
				continue
			}
			if !slices.EqualFunc(got, first, slices.Equal[[]int]) || s.Stats().Nodes != firstNodes {
				t.Fatalf("seed %d (bounds %v, colours %v, %d options): kernel %s found %d solutions in %d nodes, kernel %s %d in %d",
					seed, bounds, colors, p.NumOptions(), kern, len(got), s.Stats().Nodes, kernels[0], len(first), firstNodes)
			}
		}
	}
}
