package interop

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestReadModel(t *testing.T) {
	for _, tc := range []struct {
		name   string
		f      Format
		text   string
		status status
		true_  []int
		err    string
	}{
		{"cadical", DIMACS, "c comment\ns SATISFIABLE\nv -1 2 -3\nv 4 0\n", satisfiable, []int{2, 4}, ""},
		{"cadical unsat", DIMACS, "s UNSATISFIABLE\n", unsatisfiable, nil, ""},
		{"unknown", DIMACS, "s UNKNOWN\n", statusUnknown, nil, ""},
		{"z3 -dimacs", DIMACS, "s SATISFIABLE\nv -1 2 \n", satisfiable, []int{2}, ""},
		{"minisat", DIMACS, "SAT\n-1 2 3 0\n", satisfiable, []int{2, 3}, ""},
		{"minisat unsat", DIMACS, "UNSAT\n", unsatisfiable, nil, ""},
		{"no final newline", DIMACS, "SAT\n1 -2 0", satisfiable, []int{1}, ""},
		{"empty", DIMACS, "", statusUnknown, nil, ""},
		{"two answers", DIMACS, "SAT\n1 0\ns SATISFIABLE\n", 0, nil, "second answer"},
		{"garbage", DIMACS, "hello\n", 0, nil, `line 1: unexpected "hello"`},
		{"bad literal", DIMACS, "s SATISFIABLE\nv 1 x2y 0\n", 0, nil, `bad literal "x2y"`},
		{"after 0", DIMACS, "s SATISFIABLE\nv 1 0 2\n", 0, nil, "after the terminating 0"},
		{"contradiction", DIMACS, "s SATISFIABLE\nv 1 -1 0\n", 0, nil, "both true and false"},
		{"literals without sat", DIMACS, "s UNSATISFIABLE\nv 1 0\n", 0, nil, "literals given"},
		{"pb solver", OPB, "c x\ns SATISFIABLE\nv x1 -x2 x3\n", satisfiable, []int{1, 3}, ""},
		{"z3 opb", OPB, "sat\n(define-fun k!5 () Bool\n  true)\n(define-fun k!7 () Bool\n  false)\n", satisfiable, []int{5}, ""},
		{"z3", SMT2, "sat\n(\n  (define-fun x2 () Bool\n    false)\n  (define-fun x1 () Bool\n    true)\n  (define-fun y4 () Bool true)\n)\n", satisfiable, []int{1, 4}, ""},
		{"cvc5", SMT2, "sat\n(\n(define-fun x1 () Bool false)\n(define-fun x3 () Bool true)\n)\n", satisfiable, []int{3}, ""},
		{"old z3", SMT2, "sat\n(model\n  (define-fun x3 () Bool true)\n  (define-fun |x4| () Bool true)\n)\n", satisfiable, []int{3, 4}, ""},
		{"other definitions", SMT2, "sat\n((define-fun n () Int (- 1)) (define-fun x2 () Bool true) (define-fun f ((a Int)) Bool (> a 0)))\n", satisfiable, []int{2}, ""},
		{"z3 unsat", SMT2, "unsat\n(error \"line 5 column 10: model is not available\")\n", unsatisfiable, nil, ""},
		{"unknown smt", SMT2, "unknown\n", statusUnknown, nil, ""},
		{"error after sat", SMT2, "sat\n(error \"oops\")\n", 0, nil, "solver error: oops"},
		{"only an error", SMT2, "(error \"line 1: unknown command\")\n", 0, nil, "unknown command"},
		{"no answer", SMT2, "; nothing\n", 0, nil, "no answer"},
		{"unbalanced", SMT2, "sat\n((define-fun x1 () Bool true)\n", 0, nil, "unbalanced"},
		{"unbalanced close", SMT2, "sat\n)\n", 0, nil, "unbalanced"},
		{"strange word", SMT2, "maybe\n", 0, nil, `unexpected "maybe"`},
	} {
		m, err := readModel(strings.NewReader(tc.text), tc.f)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m.Status != tc.status || fmt.Sprint(m.True) != fmt.Sprint(tc.true_) {
			t.Errorf("%s: %v %v, want %v %v", tc.name, m.Status, m.True, tc.status, tc.true_)
		}
	}
}

func TestModelSolution(t *testing.T) {
	p := formatExample(t) // solutions {0,2}, {0,3}, {1,2,3}
	for _, tc := range []struct {
		m    model
		want string
		err  string
	}{
		{model{Status: satisfiable, True: []int{1, 3}}, "[0 2]", ""},
		{model{Status: satisfiable, True: []int{2, 3, 4, 6, 7}}, "[1 2 3]", ""}, // 6 and 7 are not options
		{model{Status: satisfiable, True: []int{1}}, "", "not a solution"},
		{model{Status: unsatisfiable, True: nil}, "", "no solution"},
		{model{Status: statusUnknown, True: nil}, "", "no answer"},
	} {
		sol, err := tc.m.Solution(p)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%v: error %v, want %q", tc.m, err, tc.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(sol) != tc.want {
			t.Errorf("%v: %v %v, want %s", tc.m, sol, err, tc.want)
		}
	}
	if _, err := (&model{Status: unsatisfiable}).Solution(p); !errors.Is(err, ErrNoSolution) {
		t.Errorf("unsat: %v, want ErrNoSolution", err)
	}
}

func TestParseNames(t *testing.T) {
	for _, f := range []Format{DIMACS, SMT2, OPB} {
		if g, err := ParseFormat(f.String()); g != f || err != nil {
			t.Errorf("ParseFormat(%q) = %v, %v", f, g, err)
		}
	}
	for _, e := range []SMTEncoding{PB, Int} {
		if g, err := ParseSMTEncoding(e.String()); g != e || err != nil {
			t.Errorf("ParseSMTEncoding(%q) = %v, %v", e, g, err)
		}
	}
	for _, e := range []AMOEncoding{AMOAuto, AMOPairwise, AMOSequential, AMOCommander} {
		if g, err := ParseAMOEncoding(e.String()); g != e || err != nil {
			t.Errorf("ParseAMOEncoding(%q) = %v, %v", e, g, err)
		}
	}
	for _, bad := range []func() error{
		func() error { _, err := ParseFormat("xml"); return err },
		func() error { _, err := ParseSMTEncoding("bv"); return err },
		func() error { _, err := ParseAMOEncoding("bimander"); return err },
	} {
		if bad() == nil {
			t.Error("a bad name was accepted")
		}
	}
}
