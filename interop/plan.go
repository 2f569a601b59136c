package interop

import (
	"fmt"
	"slices"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// A plan is a problem restated as constraints on 0/1 variables, shared by every format.
// Variables are numbered from 1: option k is variable k+1, then one variable per colour
// that needs one. Slices of variables are int32 to keep a problem with millions of
// entries small.
type plan struct {
	p       *xcover.Problem
	nopt    int
	nvars   int      // option and colour variables
	dead    []int32  // variables of options with no primary item: forced false
	cards   []card   // one per primary item that constrains anything
	amos    []card   // one per secondary item whose uses can conflict (min 0, max 1)
	colors  []colVar // colour variables, in order of their numbers
	imps    []imp    // option -> colour variable
	block   [][]int32
	alive   []bool // by option: has a primary item
	unsat   bool   // some primary item can never be covered often enough
	unsatAt int    // that item, for comments
}

// A card says that at least min and at most max of vars are true.
type card struct {
	item     int
	vars     []int32
	min, max int
}

// A colVar is the variable "item takes colour".
type colVar struct {
	v     int32
	item  int
	color string
}

// An imp says that variable a implies variable b.
type imp struct{ a, b int32 }

// newPlan restates p. Each of block is a solution to exclude, as option indices.
func newPlan(p *xcover.Problem, block [][]int) (*plan, error) {
	nopt := p.NumOptions()
	pl := &plan{p: p, nopt: nopt, nvars: nopt}

	// Options by item, as in a compressed sparse row matrix, skipping dead options.
	nitems := p.NumItems()
	count := make([]int32, nitems+1)
	alive := make([]bool, nopt)
	for k := range nopt {
		opt := p.Option(k)
		for _, e := range opt {
			if !p.Item(e.Item).Secondary {
				alive[k] = true
				break
			}
		}
		if !alive[k] {
			pl.dead = append(pl.dead, int32(k+1))
			continue
		}
		for _, e := range opt {
			count[e.Item+1]++
		}
	}
	pl.alive = alive
	for i := range nitems {
		count[i+1] += count[i]
	}
	start := count
	vars := make([]int32, start[nitems])
	// Colours of the entries, as 1 + index in colorNames, 0 for none; only if p has any.
	var colors []int32
	var colorNames []string
	colorID := map[string]int32{}
	if p.HasColors() {
		colors = make([]int32, start[nitems])
	}
	fill := make([]int32, nitems)
	copy(fill, start[:nitems])
	for k := range nopt {
		if !alive[k] {
			continue
		}
		for _, e := range p.Option(k) {
			vars[fill[e.Item]] = int32(k + 1)
			if e.Color != "" {
				id, ok := colorID[e.Color]
				if !ok {
					colorNames = append(colorNames, e.Color)
					id = int32(len(colorNames))
					colorID[e.Color] = id
				}
				colors[fill[e.Item]] = id
			}
			fill[e.Item]++
		}
	}

	for i := range nitems {
		it := p.Item(i)
		vs := vars[start[i]:start[i+1]]
		if !it.Secondary {
			n := len(vs)
			lo, hi := it.Min, min(it.Max, n)
			if lo > n {
				if !pl.unsat {
					pl.unsat, pl.unsatAt = true, i
				}
				continue
			}
			if lo == 0 && hi == n {
				continue // no constraint
			}
			pl.cards = append(pl.cards, card{item: i, vars: vs, min: lo, max: hi})
			continue
		}
		var cols []int32
		if colors != nil {
			cols = colors[start[i]:start[i+1]]
		}
		pl.secondary(i, vs, cols, colorNames)
	}

	anyAlive := len(pl.dead) < nopt
	chk := verify.NewChecker(p)
	seen := make(map[string]bool, len(block))
	for i, sol := range block {
		// A non-solution would exclude what it should not (2 million copies of one wrote a
		// CNF of 372 MB); a repeat is blocked once.
		if v := chk.Check(sol); v != nil {
			return nil, fmt.Errorf("blocked solution %d is not a solution of the problem (%s)", i+1, v[0])
		}
		key := fmt.Sprint(slices.Sorted(slices.Values(sol)))
		if seen[key] {
			continue
		}
		seen[key] = true
		if len(sol) == 0 && !anyAlive {
			// Blocking the empty solution when every option is false leaves nothing.
			if !pl.unsat {
				pl.unsat, pl.unsatAt = true, -1
			}
			continue
		}
		b := make([]int32, len(sol))
		for j, k := range sol {
			b[j] = int32(k + 1)
		}
		pl.block = append(pl.block, b)
	}
	return pl, nil
}

// secondary adds the constraints of secondary item i, used by the options vs with the
// colours cols (ids into names, 0 for none; nil if no entry has a colour).
func (pl *plan) secondary(i int, vs []int32, cols []int32, names []string) {
	if cols == nil {
		if len(vs) > 1 {
			pl.amos = append(pl.amos, card{item: i, vars: vs, min: 0, max: 1})
		}
		return
	}
	// The values the item can take: one per colour, one per uncoloured use.
	values := 0
	group := map[int32]int{} // colour -> number of uses
	for _, c := range cols {
		if c == 0 {
			values++
		} else {
			if group[c] == 0 {
				values++
			}
			group[c]++
		}
	}
	if values <= 1 {
		return // nothing can conflict
	}
	amo := make([]int32, 0, values)
	colVars := map[int32]int32{}
	for j, v := range vs {
		c := cols[j]
		switch {
		case c == 0 || group[c] == 1:
			amo = append(amo, v)
		default:
			y, ok := colVars[c]
			if !ok {
				pl.nvars++
				y = int32(pl.nvars)
				colVars[c] = y
				pl.colors = append(pl.colors, colVar{v: y, item: i, color: names[c-1]})
				amo = append(amo, y)
			}
			pl.imps = append(pl.imps, imp{v, y})
		}
	}
	pl.amos = append(pl.amos, card{item: i, vars: amo, min: 0, max: 1})
}

// unsatReason says why the plan has no solution.
func (pl *plan) unsatReason() string {
	if pl.unsatAt < 0 {
		return "the only possible solution, the empty set, is blocked"
	}
	return fmt.Sprintf("item %s is in too few options", pl.p.Item(pl.unsatAt).Name)
}

// describe returns the bounds of c in words, for comments.
func (c *card) describe() string {
	switch {
	case c.min == c.max:
		return fmt.Sprintf("exactly %d of %d", c.min, len(c.vars))
	case c.min == 0:
		return fmt.Sprintf("at most %d of %d", c.max, len(c.vars))
	case c.max == len(c.vars):
		return fmt.Sprintf("at least %d of %d", c.min, len(c.vars))
	}
	return fmt.Sprintf("%d to %d of %d", c.min, c.max, len(c.vars))
}
