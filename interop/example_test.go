package interop_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/interop"
)

// exampleProblem has items a, b (primary) and c (secondary) and options {a c:red},
// {b c:red}, {a b}, {b c}; its solutions are {0, 1} and {2}.
func exampleProblem() *xcover.Problem {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimary("b")
	b.AddSecondary("c")
	b.AddOption("a", "c:red")
	b.AddOption("b", "c:red")
	b.AddOption("a", "b")
	b.AddOption("b", "c")
	p, err := b.Build()
	if err != nil {
		panic(err)
	}
	return p
}

func ExampleExport() {
	if err := interop.Export(os.Stdout, exampleProblem(), interop.DIMACS, nil); err != nil {
		fmt.Println(err)
	}
	// Output:
	// c xcover exact cover problem: 3 items (2 primary), 4 options
	// c variable k+1 is true when option k is in the solution
	// c var 1 = option 0: a c:red
	// c var 2 = option 1: b c:red
	// c var 3 = option 2: a b
	// c var 4 = option 3: b c
	// c var 5 = item c has colour red
	// p cnf 5 9
	// 1 3 0
	// -1 -3 0
	// 2 3 4 0
	// -2 -3 0
	// -2 -4 0
	// -3 -4 0
	// -5 -4 0
	// -1 5 0
	// -2 5 0
}

func ExampleExport_smt2() {
	opt := &interop.Options{NoComments: true}
	if err := interop.Export(os.Stdout, exampleProblem(), interop.SMT2, opt); err != nil {
		fmt.Println(err)
	}
	// Output:
	// (set-option :produce-models true)
	// (declare-const x1 Bool)
	// (declare-const x2 Bool)
	// (declare-const x3 Bool)
	// (declare-const x4 Bool)
	// (declare-const y5 Bool)
	// (assert ((_ pbeq 1 1 1) x1 x3))
	// (assert ((_ pbeq 1 1 1 1) x2 x3 x4))
	// (assert ((_ at-most 1) y5 x4))
	// (assert (=> x1 y5))
	// (assert (=> x2 y5))
	// (check-sat)
	// (get-model)
}

func ExampleReadSolution() {
	p := exampleProblem()
	// What z3 prints for the file that Export wrote in SMT2.
	answer := `sat
(
  (define-fun x3 () Bool
    true)
  (define-fun x1 () Bool
    false)
)`
	sol, found, err := interop.ReadSolution(strings.NewReader(answer), interop.SMT2, p) // checked with verify.Check
	fmt.Println(sol, found, err)
	for _, k := range sol {
		fmt.Println(p.OptionString(k))
	}

	// MiniSat's result file for a problem without solutions.
	_, found, err = interop.ReadSolution(strings.NewReader("UNSAT\n"), interop.DIMACS, p)
	fmt.Println(found, err)
	// Output:
	// [2] true <nil>
	// a b
	// false <nil>
}
