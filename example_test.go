package xcover_test

import (
	"context"
	"fmt"
	"time"

	"github.com/xcover/xcover"
)

// The example of the format description: item B must be covered twice, C at most twice,
// and the options that colour X must agree on its colour.
func exampleProblem() *xcover.Problem {
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
	return p
}

func ExampleBuilder() {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimary("b")
	b.AddPrimary("c")
	b.AddOption("a", "b")
	b.AddOption("c")
	b.AddOption("a", "c")
	b.AddOption("b")
	p, err := b.Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	sv, _ := xcover.NewSolver(p, xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		for i, k := range sol {
			if i > 0 {
				fmt.Print(" ")
			}
			fmt.Printf("{%s}", p.OptionString(k))
		}
		fmt.Println()
	}
	// Output:
	// {a b} {c}
	// {a c} {b}
}

func ExampleBuilder_errors() {
	b := new(xcover.Builder)
	b.AddPrimary("A")
	b.AddSecondary("X")
	b.AddOption("A", "Z") // no such item
	b.AddOption("A", "X:red")
	_, err := b.Build()
	fmt.Println(err)
	// Output:
	// unknown item "Z"
}

func ExampleSolver_Solutions() {
	p := exampleProblem()
	s, err := xcover.NewSolver(p, xcover.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for sol := range s.Solutions(context.Background()) {
		fmt.Println(sol)
	}
	fmt.Println(s.Stats().Solutions, "solutions")
	// Output:
	// [0 2]
	// [0 3]
	// [1 2 3]
	// 3 solutions
}

func ExampleCount_limit() {
	p := exampleProblem()
	res, err := xcover.Count(context.Background(), p, xcover.Config{Limit: 2})
	fmt.Println(res.Solutions, err)
	// Output:
	// 2 <nil>
}

// Forced options: only the solutions that contain option 1 remain.
func ExampleConfig_initial() {
	s, _ := xcover.NewSolver(exampleProblem(), xcover.Config{Initial: []int{1}})
	for sol := range s.Solutions(context.Background()) {
		fmt.Println(sol)
	}
	// Output:
	// [1 2 3]
}

// With Random, each branching choice is random but the same seed gives the same order.
func ExampleConfig_random() {
	order := func(seed uint64) (out [][]int) {
		s, _ := xcover.NewSolver(exampleProblem(), xcover.Config{Random: true, Seed: seed})
		for sol := range s.Solutions(context.Background()) {
			out = append(out, sol)
		}
		return out
	}
	fmt.Println(len(order(7)), fmt.Sprint(order(7)) == fmt.Sprint(order(7)))
	// Output:
	// 3 true
}

// A progress callback sees Knuth's estimate of the fraction of the tree done; a context
// stops a search early.
func ExampleConfig_progress() {
	b := new(xcover.Builder)
	for i := range 12 {
		b.AddPrimary(fmt.Sprint("r", i))
		b.AddPrimary(fmt.Sprint("c", i))
	}
	for d := range 23 {
		b.AddSecondary(fmt.Sprint("a", d))
		b.AddSecondary(fmt.Sprint("b", d))
	}
	for r := range 12 {
		for c := range 12 {
			b.AddOption(fmt.Sprint("r", r), fmt.Sprint("c", c), fmt.Sprint("a", r+c), fmt.Sprint("b", r-c+11))
		}
	}
	p, _ := b.Build()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res, err := xcover.Count(ctx, p, xcover.Config{
		ProgressInterval: time.Nanosecond,
		Progress: func(pr xcover.Progress) {
			if pr.Fraction > 0.5 {
				cancel() // stop half way
			}
		},
	})
	fmt.Println(res.Solutions.Int64() < 14200, err)
	// Output:
	// true context canceled
}
