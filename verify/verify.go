// Package verify checks proposed solutions of an exact cover problem; it shares no code with
// the search engine.
//
// It reads a problem only through the exported accessors of [xcover.Problem] and applies the
// definition of a solution in the DLX format description word for word: a solution is a set
// of distinct options, each with at least one primary item, such that every primary item is
// covered at least Min and at most Max times, and every secondary item is covered by no
// option, by exactly one option that gives it no colour, or by any number of options that all
// give it the same colour.
package verify

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/xcover/xcover"
)

// A Violation is one way in which a proposed solution fails to be a solution.
type Violation struct {
	Item   int    // item index, or -1
	Option int    // option index, or -1
	Msg    string // full message, e.g. `item r3: covered 2 times, allowed 1..1`
}

// String returns v.Msg.
func (v Violation) String() string { return v.Msg }

// Check reports every way in which sol, a list of option indices in any order, fails to be a
// solution of p; it returns nil when sol is a solution.
//
// Violations about options (out of range, chosen twice, without a primary item) come first,
// in the order of sol; then the violations about items, in item order. An option chosen twice
// counts once towards the coverage of its items.
func Check(p *xcover.Problem, sol []int) []Violation {
	return NewChecker(p).Check(sol)
}

// Partial reports every way in which opts, a list of option indices in any order, cannot be
// part of a solution of p: an option out of range or chosen twice, a primary item covered
// more often than its bound allows, a secondary item given two colours or shared by an
// option without a colour. Unlike [Check] it accepts what more options could mend: items
// not covered enough, options without a primary item. The order is Check's; it returns nil
// when some solution might hold every option of opts (it does not search for one).
func Partial(p *xcover.Problem, opts []int) []Violation {
	if len(opts) == 0 {
		// Nothing chosen breaks no rule; a Checker would copy every entry to say so (the
		// command asks on every search: 0.7 s and 80 MB on 10^7 entries).
		return nil
	}
	return NewChecker(p).explain(opts, true)
}

// A Checker checks solutions of one problem. It copies what it needs from the problem once,
// so that each check of a valid solution costs time proportional to the number of items plus
// the entries of the chosen options, and allocates nothing. A Checker is safe for concurrent
// use.
type Checker struct {
	p         *xcover.Problem // for the item names of the violations (not copied: 16 bytes an item)
	secondary []bool
	min, max  []int32 // bounds of primary items
	primary   []int32 // indices of the primary items
	start     []int32 // option k's entries are item[start[k]:start[k+1]]
	item      []int32
	color     []int32  // colour index of each entry; 0 = none
	colors    []string // colour names; colors[0] = ""
	noPrimary []bool   // option has no primary item
	scratch   sync.Pool
}

// scratch is the working memory of one check. Entries are valid only where their stamp
// equals the current generation, so nothing needs clearing between checks.
type scratch struct {
	gen      uint32
	optStamp []uint32 // per option
	itemGen  []uint32 // per item
	count    []int32  // per item: times covered
	first    []int32  // per secondary item: colour of the first covering entry
}

// NewChecker returns a Checker for p.
func NewChecker(p *xcover.Problem) *Checker {
	n := p.NumItems()
	c := &Checker{
		p:         p,
		secondary: make([]bool, n),
		min:       make([]int32, n),
		max:       make([]int32, n),
		start:     make([]int32, 1, p.NumOptions()+1),
		colors:    []string{""},
		noPrimary: make([]bool, p.NumOptions()),
		// Sized exactly: grown by append, on 10^6 items and 1.4·10^6 entries they left
		// 70 MB behind them.
		primary: make([]int32, 0, p.NumPrimary()),
		item:    make([]int32, 0, p.NumEntries()),
		color:   make([]int32, 0, p.NumEntries()),
	}
	for i := range n {
		it := p.Item(i)
		c.secondary[i] = it.Secondary
		if !it.Secondary {
			c.min[i], c.max[i] = int32(it.Min), int32(it.Max)
			c.primary = append(c.primary, int32(i))
		}
	}
	colorIdx := map[string]int32{"": 0}
	for k := range p.NumOptions() {
		hasPrimary := false
		for _, e := range p.Option(k) {
			ci, ok := colorIdx[e.Color]
			if !ok {
				ci = int32(len(c.colors))
				c.colors = append(c.colors, e.Color)
				colorIdx[e.Color] = ci
			}
			c.item = append(c.item, int32(e.Item))
			c.color = append(c.color, ci)
			if !c.secondary[e.Item] {
				hasPrimary = true
			}
		}
		c.start = append(c.start, int32(len(c.item)))
		c.noPrimary[k] = !hasPrimary
	}
	c.scratch.New = func() any {
		return &scratch{
			optStamp: make([]uint32, len(c.noPrimary)),
			itemGen:  make([]uint32, n),
			count:    make([]int32, n),
			first:    make([]int32, n),
		}
	}
	return c
}

// Check reports every way in which sol fails to be a solution, as the function [Check]
// does; it returns nil when sol is a solution.
func (c *Checker) Check(sol []int) []Violation {
	if c.valid(sol) {
		return nil
	}
	return c.explain(sol, false)
}

// valid decides quickly whether sol is a solution; explain gives the reasons when it is not.
func (c *Checker) valid(sol []int) bool {
	s := c.scratch.Get().(*scratch)
	defer c.scratch.Put(s)
	s.gen++
	if s.gen == 0 { // wrapped around: old stamps could match again
		clear(s.optStamp)
		clear(s.itemGen)
		s.gen = 1
	}
	for _, k := range sol {
		if k < 0 || k >= len(c.noPrimary) || c.noPrimary[k] || s.optStamp[k] == s.gen {
			return false
		}
		s.optStamp[k] = s.gen
		for e := c.start[k]; e < c.start[k+1]; e++ {
			i, col := c.item[e], c.color[e]
			if s.itemGen[i] != s.gen {
				s.itemGen[i] = s.gen
				s.count[i] = 0
				s.first[i] = col
			}
			s.count[i]++
			if c.secondary[i] {
				if s.count[i] > 1 && (col == 0 || s.first[i] != col) {
					return false
				}
			} else if s.count[i] > c.max[i] {
				return false
			}
		}
	}
	for _, i := range c.primary {
		n := int32(0)
		if s.itemGen[i] == s.gen {
			n = s.count[i]
		}
		if n < c.min[i] {
			return false
		}
	}
	return true
}

// cover is one chosen option covering an item, with the colour it gives.
type cover struct {
	option int
	color  int32
}

// explain reports the violations of sol; with partial, only those that no options added
// to sol could mend (see Partial).
func (c *Checker) explain(sol []int, partial bool) []Violation {
	var vs []Violation
	chosen := make([]int, 0, len(sol))
	seen := make(map[int]int, len(sol)) // option -> times chosen
	for _, k := range sol {
		switch {
		case k < 0 || k >= len(c.noPrimary):
			vs = append(vs, Violation{-1, k, fmt.Sprintf("option %d out of range", k)})
			continue
		case seen[k] == 1:
			vs = append(vs, Violation{-1, k, fmt.Sprintf("option %d chosen twice", k)})
		case seen[k] == 0:
			if c.noPrimary[k] && !partial {
				vs = append(vs, Violation{-1, k, fmt.Sprintf("option %d has no primary item", k)})
			}
			chosen = append(chosen, k)
		}
		seen[k]++
	}
	slices.Sort(chosen)
	covers := make([][]cover, len(c.secondary))
	for _, k := range chosen {
		for e := c.start[k]; e < c.start[k+1]; e++ {
			covers[c.item[e]] = append(covers[c.item[e]], cover{k, c.color[e]})
		}
	}
	for i, cs := range covers {
		name := c.p.Item(i).Name
		if !c.secondary[i] {
			if n := int32(len(cs)); n < c.min[i] && !partial || n > c.max[i] {
				vs = append(vs, Violation{i, -1, fmt.Sprintf("item %s: covered %s, allowed %d..%d",
					name, times(len(cs)), c.min[i], c.max[i])})
			}
			continue
		}
		// A colour conflict: the first two different colours, in option order.
		first := int32(0)
		for _, x := range cs {
			if first == 0 {
				first = x.color
			} else if x.color != 0 && x.color != first {
				vs = append(vs, Violation{i, x.option, fmt.Sprintf("item %s: colours %s and %s",
					name, c.colors[first], c.colors[x.color])})
				break
			}
		}
		// An uncoloured entry shared with any other: the first uncoloured option and the
		// first other option covering the item, named in ascending order.
		if len(cs) > 1 {
			if u := slices.IndexFunc(cs, func(x cover) bool { return x.color == 0 }); u >= 0 {
				other := 0
				if u == 0 {
					other = 1
				}
				a, b := cs[min(u, other)].option, cs[max(u, other)].option
				vs = append(vs, Violation{i, cs[u].option, fmt.Sprintf(
					"item %s: covered by options %d and %d without a colour", name, a, b)})
			}
		}
	}
	return vs
}

func times(n int) string {
	if n == 1 {
		return "1 time"
	}
	return fmt.Sprintf("%d times", n)
}

// All checks every solution in sols and returns an error describing the first violation
// found, naming the solution's position in sols; it returns nil if every one is a solution.
func All(p *xcover.Problem, sols [][]int) error {
	c := NewChecker(p)
	for n, sol := range sols {
		if vs := c.Check(sol); len(vs) > 0 {
			var more string
			if len(vs) > 1 {
				more = fmt.Sprintf(" (and %d more)", len(vs)-1)
			}
			return fmt.Errorf("verify: solution %d %s: %s%s", n, optionList(sol), vs[0].Msg, more)
		}
	}
	return nil
}

// Cost returns the cost of sol, the sum of its options' costs (see [xcover.Problem.Cost]).
func Cost(p *xcover.Problem, sol []int) int64 {
	var c int64
	for _, k := range sol {
		c += p.Cost(k)
	}
	return c
}

// Report checks every solution in sols and writes to w a line for each violation,
// "solution 3: item r3: covered 2 times, allowed 1..1" (solutions numbered from 1), a line
// "solution 3: cost 12" for each valid solution when p gives its options costs, then the
// summary "5 solutions checked, 1 invalid", as "xcover verify" prints them. It returns the
// number of invalid solutions, and w's error.
func Report(w io.Writer, p *xcover.Problem, sols [][]int) (invalid int, err error) {
	out := bufio.NewWriter(w)
	c := NewChecker(p)
	for i, sol := range sols {
		vs := c.Check(sol)
		if len(vs) > 0 {
			invalid++
		}
		for _, v := range vs {
			fmt.Fprintf(out, "solution %d: %v\n", i+1, v)
		}
		if len(vs) == 0 && p.HasCosts() {
			fmt.Fprintf(out, "solution %d: cost %d\n", i+1, Cost(p, sol))
		}
	}
	noun := "solutions"
	if len(sols) == 1 {
		noun = "solution"
	}
	fmt.Fprintf(out, "%d %s checked, %d invalid\n", len(sols), noun, invalid)
	return invalid, out.Flush()
}

func optionList(sol []int) string {
	var sb strings.Builder
	sb.WriteByte('{')
	for i, k := range sol {
		if i > 0 {
			sb.WriteString(", ")
		}
		fmt.Fprint(&sb, k)
	}
	sb.WriteByte('}')
	return sb.String()
}
