package interop

import (
	"fmt"
	"io"

	"github.com/xcover/xcover"
)

// WriteOPB writes p to w in the OPB format of the pseudo-boolean competitions: variable x<k+1>
// is option k, and every constraint is a linear inequality (">=" or "=") with coefficients
// ±1. Like WriteDIMACS it counts the constraints in a first pass for the header.
func writeOPB(w io.Writer, p *xcover.Problem, opt *Options) error {
	opt = opt.orDefault()
	pl, err := newPlan(p, opt.Block)
	if err != nil {
		return fmt.Errorf("interop: %w", err)
	}
	nvars := pl.nvars
	if pl.unsat {
		nvars++ // a variable that must be both true and false
	}
	counter := &opb{pl: pl, o: &out{}}
	counter.encode(nvars)

	o := newOut(w)
	o.str("* #variable= ")
	o.int(nvars)
	o.str(" #constraint= ")
	o.int(counter.o.n)
	o.byte('\n')
	if !opt.NoComments {
		o.str("* xcover exact cover problem: ")
		o.int(p.NumItems())
		o.str(" items (")
		o.int(p.NumPrimary())
		o.str(" primary), ")
		o.int(pl.nopt)
		o.str(" options; x<k+1> is 1 when option k is in the solution\n")
		for k := range pl.nopt {
			o.optionComment("* x", pl, k)
		}
		for _, cv := range pl.colors {
			o.colorComment("* x", pl, cv)
		}
		if pl.unsat {
			o.str("* no solution: ")
			o.str(pl.unsatReason())
			o.byte('\n')
		}
	}
	b := &opb{pl: pl, o: o}
	b.encode(nvars)
	if o.n != counter.o.n {
		panic(fmt.Sprintf("interop: OPB passes differ: %d/%d constraints", o.n, counter.o.n))
	}
	if err := o.w.Flush(); err != nil {
		return fmt.Errorf("interop: writing OPB: %w", err)
	}
	return nil
}

// An opb writes the constraints of a plan as OPB lines.
type opb struct {
	pl *plan
	o  *out
}

// term writes "+1 x<v> " or "-1 x<v> ".
func (b *opb) term(sign byte, v int) {
	b.o.byte(sign)
	b.o.str("1 x")
	b.o.int(v)
	b.o.byte(' ')
}

// end writes "OP RHS ;" and counts the constraint.
func (b *opb) end(op string, rhs int) {
	b.o.n++
	b.o.str(op)
	b.o.byte(' ')
	b.o.int(rhs)
	b.o.str(" ;\n")
}

func (b *opb) encode(nvars int) {
	pl := b.pl
	for _, v := range pl.dead {
		b.term('-', int(v))
		b.end(">=", 0)
	}
	if pl.unsat {
		b.term('+', nvars)
		b.end(">=", 1)
		b.term('-', nvars)
		b.end(">=", 0)
	}
	for i := range pl.cards {
		b.card(&pl.cards[i])
	}
	for i := range pl.amos {
		b.card(&pl.amos[i])
	}
	for _, im := range pl.imps {
		b.term('-', int(im.a))
		b.term('+', int(im.b))
		b.end(">=", 0)
	}
	for _, sol := range pl.block {
		// sum of the others - sum of the chosen >= 1 - |chosen|
		in := make(map[int32]bool, len(sol))
		for _, v := range sol {
			in[v] = true
		}
		for k := range pl.nopt {
			v := int32(k + 1)
			switch {
			case in[v]:
				b.term('-', int(v))
			case pl.alive[k]:
				b.term('+', int(v))
			}
		}
		b.end(">=", 1-len(in))
	}
}

func (b *opb) card(cd *card) {
	n := len(cd.vars)
	if cd.min == cd.max {
		for _, v := range cd.vars {
			b.term('+', int(v))
		}
		b.end("=", cd.min)
		return
	}
	if cd.min > 0 {
		for _, v := range cd.vars {
			b.term('+', int(v))
		}
		b.end(">=", cd.min)
	}
	if cd.max < n {
		for _, v := range cd.vars {
			b.term('-', int(v))
		}
		b.end(">=", -cd.max)
	}
}
