package interop

import (
	"fmt"
	"io"

	"github.com/xcover/xcover"
)

// pairwiseMax is the longest list whose at-most-one AMOAuto forbids pair by pair.
const pairwiseMax = 6

// WriteDIMACS writes p to w as CNF in the DIMACS format.
//
// Variable k+1 is option k; the comments before the "p cnf" line say so for every option
// ("c var 17 = option 16: r0 c3 a3 b11"), and name the colour variables after them. The
// remaining variables are auxiliary.
//
// The output is written in two passes over the problem, the first only counting clauses for
// the header, so memory stays proportional to the problem, not to the text.
func writeDIMACS(w io.Writer, p *xcover.Problem, opt *Options) error {
	opt = opt.orDefault()
	pl, err := newPlan(p, opt.Block)
	if err != nil {
		return fmt.Errorf("interop: %w", err)
	}
	c := &cnf{pl: pl, amo: opt.AtMostOne, o: &out{}, nvars: pl.nvars}
	c.encode()
	nvars, nclauses := c.nvars, c.o.n

	o := newOut(w)
	if !opt.NoComments {
		o.str("c xcover exact cover problem: ")
		o.int(p.NumItems())
		o.str(" items (")
		o.int(p.NumPrimary())
		o.str(" primary), ")
		o.int(pl.nopt)
		o.str(" options\n")
		o.str("c variable k+1 is true when option k is in the solution\n")
		for k := range pl.nopt {
			o.optionComment("c var ", pl, k)
		}
		for _, cv := range pl.colors {
			o.colorComment("c var ", pl, cv)
		}
		if nvars > pl.nvars {
			o.str("c vars ")
			o.int(pl.nvars + 1)
			o.str(" to ")
			o.int(nvars)
			o.str(" are auxiliary (counters)\n")
		}
		if pl.unsat {
			o.str("c no solution: ")
			o.str(pl.unsatReason())
			o.byte('\n')
		}
	}
	o.str("p cnf ")
	o.int(nvars)
	o.byte(' ')
	o.int(nclauses)
	o.byte('\n')
	*c = cnf{pl: pl, amo: opt.AtMostOne, o: o, nvars: pl.nvars}
	c.encode()
	if c.nvars != nvars || o.n != nclauses {
		panic(fmt.Sprintf("interop: CNF passes differ: %d/%d variables, %d/%d clauses", c.nvars, nvars, o.n, nclauses))
	}
	if err := o.w.Flush(); err != nil {
		return fmt.Errorf("interop: writing DIMACS: %w", err)
	}
	return nil
}

// A cnf encodes a plan as clauses.
type cnf struct {
	pl    *plan
	amo   AMOEncoding
	o     *out
	nvars int
	lits  []int // scratch for long clauses
}

func (c *cnf) newVar() int {
	c.nvars++
	return c.nvars
}

func (c *cnf) clause(lits ...int) {
	c.o.n++
	if c.o.w == nil {
		return
	}
	for _, l := range lits {
		c.o.int(l)
		c.o.byte(' ')
	}
	c.o.str("0\n")
}

func (c *cnf) encode() {
	pl := c.pl
	for _, v := range pl.dead {
		c.clause(-int(v))
	}
	if pl.unsat {
		a := c.newVar()
		c.clause(a)
		c.clause(-a)
	}
	for i := range pl.cards {
		c.card(&pl.cards[i])
	}
	for i := range pl.amos {
		c.card(&pl.amos[i])
	}
	for _, im := range pl.imps {
		c.clause(-int(im.a), int(im.b))
	}
	for _, sol := range pl.block {
		in := make(map[int32]bool, len(sol))
		for _, v := range sol {
			in[v] = true
		}
		c.lits = c.lits[:0]
		for k := range pl.nopt {
			v := int32(k + 1)
			switch {
			case in[v]:
				c.lits = append(c.lits, -int(v))
			case pl.alive[k]:
				c.lits = append(c.lits, int(v))
			}
		}
		c.clause(c.lits...)
	}
}

// card encodes min <= (number of true vars) <= max, where 0 <= min <= max <= len(vars)
// and the constraint is not vacuous.
func (c *cnf) card(cd *card) {
	vs := cd.vars
	n, lo, hi := len(vs), cd.min, cd.max
	if lo == n {
		for _, v := range vs {
			c.clause(int(v))
		}
		return
	}
	if lo == 1 {
		c.lits = c.lits[:0]
		for _, v := range vs {
			c.lits = append(c.lits, int(v))
		}
		c.clause(c.lits...)
	}
	if hi == 1 {
		c.atMostOne(vs)
	}
	upper := hi < n && hi >= 2
	lower := lo >= 2
	if !upper && !lower {
		return
	}
	k := lo
	if upper {
		k = hi + 1
	}
	r := c.totalizer(vs, k, upper, lower)
	if upper {
		c.clause(-r[hi]) // fewer than hi+1
	}
	if lower {
		c.clause(r[lo-1]) // at least lo
	}
}

// atMostOne encodes that at most one of vs is true.
func (c *cnf) atMostOne(vs []int32) {
	enc := c.amo
	if enc == AMOAuto {
		enc = AMOSequential
		if len(vs) <= pairwiseMax {
			enc = AMOPairwise
		}
	}
	switch enc {
	case AMOSequential:
		c.sequential(vs)
	case AMOCommander:
		c.commander(vs)
	default:
		c.pairwise(vs)
	}
}

func (c *cnf) pairwise(vs []int32) {
	for i, a := range vs {
		for _, b := range vs[i+1:] {
			c.clause(-int(a), -int(b))
		}
	}
}

// sequential is Sinz's sequential counter for at most one: s_i is true when one of the
// first i variables is.
func (c *cnf) sequential(vs []int32) {
	n := len(vs)
	if n <= 1 {
		return
	}
	prev := 0
	for i, v := range vs {
		x := int(v)
		switch {
		case i == 0:
			prev = c.newVar()
			c.clause(-x, prev)
		case i < n-1:
			s := c.newVar()
			c.clause(-x, s)
			c.clause(-prev, s)
			c.clause(-x, -prev)
			prev = s
		default:
			c.clause(-x, -prev)
		}
	}
}

// commander is Klieber and Kwon's commander encoding: the variables in groups of three,
// at most one true in each group, a commander variable per group that is true exactly
// when its group has a true variable, and at most one commander true, recursively.
func (c *cnf) commander(vs []int32) {
	for len(vs) > pairwiseMax {
		var cmds []int32
		for g := 0; g < len(vs); g += 3 {
			grp := vs[g:min(g+3, len(vs))]
			c.pairwise(grp)
			cv := c.newVar()
			c.lits = append(c.lits[:0], -cv)
			for _, v := range grp {
				c.clause(-int(v), cv)
				c.lits = append(c.lits, int(v))
			}
			c.clause(c.lits...)
			cmds = append(cmds, int32(cv))
		}
		vs = cmds
	}
	c.pairwise(vs)
}

// totalizer builds Bailleux and Boufkhad's totalizer over vs with outputs truncated at k:
// output j (0-based) stands for "at least j+1 of vs are true". With up, the clauses force an
// output true when enough inputs are; with down, they force it false when too few are.
func (c *cnf) totalizer(vs []int32, k int, up, down bool) []int {
	if len(vs) == 1 {
		return []int{int(vs[0])}
	}
	mid := len(vs) / 2
	a := c.totalizer(vs[:mid], k, up, down)
	b := c.totalizer(vs[mid:], k, up, down)
	m := min(len(a)+len(b), k)
	r := make([]int, m)
	for j := range r {
		r[j] = c.newVar()
	}
	for i := 0; i <= len(a); i++ {
		for j := 0; j <= len(b); j++ {
			// up: a_i and b_j imply r_{i+j} (only i+j <= k is needed: a larger count
			// already reaches r_k through a pair with i+j = k).
			if up && i+j >= 1 && i+j <= m {
				c.lits = c.lits[:0]
				if i > 0 {
					c.lits = append(c.lits, -a[i-1])
				}
				if j > 0 {
					c.lits = append(c.lits, -b[j-1])
				}
				c.clause(append(c.lits, r[i+j-1])...)
			}
			// down: not a_{i+1} and not b_{j+1} imply not r_{i+j+1}. When i = len(a),
			// a has all its inputs as outputs (a truncated a has len(a) = k, and then
			// i+j+1 > m), so a_{i+1} is false and drops out.
			if down && i+j+1 <= m {
				c.lits = c.lits[:0]
				if i < len(a) {
					c.lits = append(c.lits, a[i])
				}
				if j < len(b) {
					c.lits = append(c.lits, b[j])
				}
				c.clause(append(c.lits, -r[i+j])...)
			}
		}
	}
	return r
}
