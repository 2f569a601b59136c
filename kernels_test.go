package xcover_test

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// kernels are the engine's kernels, forced one at a time.
var kernels = []string{"dlx", "bits-lazy", "bits-counts"}

// TestKernelsAgree runs every kernel on random problems of every kind: each must find
// exactly brute force's solutions, every one valid, and all must walk the same search tree
// (the same number of nodes), since they share the rules for choosing items and options.
func TestKernelsAgree(t *testing.T) {
	ctx := context.Background()
	seeds := uint64(120)
	if os.Getenv("XCOVER_LONG") != "" {
		seeds = 5000
	}
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(seed, kind)
			want := sorted(brute.Solutions(p))
			var nodes []uint64
			for _, kern := range kernels {
				s, _ := xcover.NewSolver(p, xcover.WithKernel(xcover.Config{}, kern))
				var got [][]int
				for sol := range s.Solutions(ctx) {
					if v := verify.Check(p, sol); v != nil {
						t.Errorf("%v seed %d kernel %s: invalid solution %v: %v", kind, seed, kern, sol, v)
					}
					got = append(got, sol)
				}
				if !sameSets(sorted(got), want) {
					t.Fatalf("%v seed %d kernel %s: solutions %v, brute force %v\n%s", kind, seed, kern, got, want, randprob.Describe(p))
				}
				nodes = append(nodes, s.Stats().Nodes)
			}
			for i := range nodes {
				if nodes[i] != nodes[0] {
					t.Errorf("%v seed %d: nodes %v for kernels %v", kind, seed, nodes, kernels)
					break
				}
			}
		}
	}
}

// TestKernelsParts checks that parts cut with one kernel are searched the same by another.
func TestKernelsParts(t *testing.T) {
	ctx := context.Background()
	for seed := range uint64(40) {
		p := randprob.New(seed, randprob.BoundsColors)
		want := brute.Count(p)
		for _, kern := range kernels {
			s, _ := xcover.NewSolver(p, xcover.WithKernel(xcover.Config{Workers: 2}, kern))
			parts, _ := s.Parts(20)
			n, err := s.CountParts(ctx, parts, nil)
			if n != want || err != nil {
				t.Fatalf("seed %d kernel %s: %d (%v), want %d", seed, kern, n, err, want)
			}
		}
	}
}

func ExampleConfig_kernel() {
	b := xcover.NewBuilder()
	for _, name := range []string{"a", "b", "c"} {
		b.AddPrimaryBounds(name, 1, 2)
	}
	b.AddOption("a", "b")
	b.AddOption("b", "c")
	b.AddOption("a", "c")
	p, _ := b.Build()
	for _, kern := range []string{"dlx", "bits"} {
		s, _ := xcover.NewSolver(p, xcover.WithKernel(xcover.Config{}, kern))
		n, _ := s.Count(context.Background())
		fmt.Println(kern, n, s.Stats().Nodes)
	}
	// Output:
	// dlx 4 8
	// bits 4 8
}
