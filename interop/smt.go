package interop

import (
	"fmt"
	"io"

	"github.com/xcover/xcover"
)

// WriteSMT2 writes p to w in SMT-LIB2: a Bool x<k+1> for each option k, y<v> for each colour
// variable, one assertion per constraint, then (check-sat) and (get-model), so that running
// a solver on the file prints a model. opt.SMT selects pseudo-boolean constraints (z3) or
// sums over Int (any solver).
func writeSMT2(w io.Writer, p *xcover.Problem, opt *Options) error {
	opt = opt.orDefault()
	pl, err := newPlan(p, opt.Block)
	if err != nil {
		return fmt.Errorf("interop: %w", err)
	}
	o := newOut(w)
	comments := !opt.NoComments
	if comments {
		o.str("; xcover exact cover problem: ")
		o.int(p.NumItems())
		o.str(" items (")
		o.int(p.NumPrimary())
		o.str(" primary), ")
		o.int(pl.nopt)
		o.str(" options; x<k+1> is true when option k is in the solution\n")
	}
	o.str("(set-option :produce-models true)\n")
	if opt.SMT == Int {
		o.str("(set-logic QF_LIA)\n")
	}
	for k := range pl.nopt {
		if comments {
			o.optionComment("; x", pl, k)
		}
		o.str("(declare-const x")
		o.int(k + 1)
		o.str(" Bool)\n")
	}
	for _, cv := range pl.colors {
		if comments {
			o.colorComment("; y", pl, cv)
		}
		o.str("(declare-const y")
		o.int(int(cv.v))
		o.str(" Bool)\n")
	}
	s := &smt{pl: pl, o: o, enc: opt.SMT}
	for _, v := range pl.dead {
		o.str("(assert (not ")
		s.name(v)
		o.str("))\n")
	}
	if pl.unsat {
		if comments {
			o.str("; no solution: ")
			o.str(pl.unsatReason())
			o.byte('\n')
		}
		o.str("(assert false)\n")
	}
	for i := range pl.cards {
		s.card(&pl.cards[i], comments)
	}
	for i := range pl.amos {
		s.card(&pl.amos[i], comments)
	}
	for _, im := range pl.imps {
		o.str("(assert (=> ")
		s.name(im.a)
		o.byte(' ')
		s.name(im.b)
		o.str("))\n")
	}
	for _, sol := range pl.block {
		in := make(map[int32]bool, len(sol))
		for _, v := range sol {
			in[v] = true
		}
		o.str("(assert (or false")
		for k := range pl.nopt {
			v := int32(k + 1)
			switch {
			case in[v]:
				o.str(" (not ")
				s.name(v)
				o.byte(')')
			case pl.alive[k]:
				o.byte(' ')
				s.name(v)
			}
		}
		o.str(" false))\n")
	}
	o.str("(check-sat)\n(get-model)\n")
	if err := o.w.Flush(); err != nil {
		return fmt.Errorf("interop: writing SMT-LIB2: %w", err)
	}
	return nil
}

// An smt writes the constraints of a plan as SMT-LIB2 assertions.
type smt struct {
	pl  *plan
	o   *out
	enc SMTEncoding
}

// name writes the name of variable v.
func (s *smt) name(v int32) {
	if int(v) <= s.pl.nopt {
		s.o.byte('x')
	} else {
		s.o.byte('y')
	}
	s.o.int(int(v))
}

func (s *smt) names(vs []int32) {
	for _, v := range vs {
		s.o.byte(' ')
		s.name(v)
	}
}

func (s *smt) card(cd *card, comments bool) {
	o := s.o
	if comments {
		o.str("; item ")
		o.str(s.pl.p.Item(cd.item).Name)
		o.str(": ")
		o.str(cd.describe())
		o.byte('\n')
	}
	n := len(cd.vars)
	if n == 1 || cd.min == n { // every one true (n = 1: min = 1, as max = 1 is vacuous)
		for _, v := range cd.vars {
			o.str("(assert ")
			s.name(v)
			o.str(")\n")
		}
		return
	}
	if s.enc == Int {
		s.intCard(cd)
		return
	}
	switch {
	case cd.min == cd.max:
		o.str("(assert ((_ pbeq ")
		o.int(cd.min)
		for range n {
			o.str(" 1")
		}
		o.byte(')')
		s.names(cd.vars)
		o.str("))\n")
		return
	case cd.min == 1:
		o.str("(assert (or")
		s.names(cd.vars)
		o.str("))\n")
	case cd.min > 1:
		o.str("(assert ((_ at-least ")
		o.int(cd.min)
		o.byte(')')
		s.names(cd.vars)
		o.str("))\n")
	}
	if cd.max < n {
		o.str("(assert ((_ at-most ")
		o.int(cd.max)
		o.byte(')')
		s.names(cd.vars)
		o.str("))\n")
	}
}

// intCard asserts bounds on the sum of (ite x 1 0); the list has at least two variables.
func (s *smt) intCard(cd *card) {
	o := s.o
	n := len(cd.vars)
	sum := func() {
		o.str("(+")
		for _, v := range cd.vars {
			o.str(" (ite ")
			s.name(v)
			o.str(" 1 0)")
		}
		o.byte(')')
	}
	switch {
	case cd.min == cd.max:
		o.str("(assert (= ")
		sum()
		o.byte(' ')
		o.int(cd.min)
		o.str("))\n")
		return
	case cd.min == 1:
		o.str("(assert (or")
		s.names(cd.vars)
		o.str("))\n")
	case cd.min > 1:
		o.str("(assert (>= ")
		sum()
		o.byte(' ')
		o.int(cd.min)
		o.str("))\n")
	}
	if cd.max < n {
		o.str("(assert (<= ")
		sum()
		o.byte(' ')
		o.int(cd.max)
		o.str("))\n")
	}
}
