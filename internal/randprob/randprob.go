// Package randprob makes random small exact cover problems for tests.
//
// Every problem has 1 to 7 primary items and up to 4 secondary items, added in a random
// interleaving, and up to 16 options of 1 to 4 items each. Some options repeat an earlier one,
// some have no primary item, and some items are in no option. The same seed and kind always
// give the same problem.
package randprob

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/xcover/xcover"
)

// A Kind says which features of exact cover a random problem uses.
type Kind int

const (
	// Plain problems have primary items only, each to be covered exactly once.
	Plain Kind = iota
	// Secondary problems add uncoloured secondary items.
	Secondary
	// Colors problems have secondary items with coloured and uncoloured entries, using one
	// to three colours.
	Colors
	// Bounds problems give primary items bounds u..v with 0 <= u <= v <= 3: some 1..1,
	// some 0..v, some others. Some have uncoloured secondary items.
	Bounds
	// BoundsColors problems have both bounds and colours.
	BoundsColors
)

// Kinds returns all kinds, in order.
func Kinds() []Kind { return []Kind{Plain, Secondary, Colors, Bounds, BoundsColors} }

// String returns the kind's name, e.g. "BoundsColors".
func (k Kind) String() string {
	switch k {
	case Plain:
		return "Plain"
	case Secondary:
		return "Secondary"
	case Colors:
		return "Colors"
	case Bounds:
		return "Bounds"
	case BoundsColors:
		return "BoundsColors"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

var colorNames = []string{"red", "green", "blue"}

// New returns a random problem of the given kind, the same one for the same seed and kind.
// Primary items are named p0, p1, ..., secondary items s0, s1, ....
func New(seed uint64, kind Kind) *xcover.Problem {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15^uint64(kind)))
	bounds := kind == Bounds || kind == BoundsColors
	colors := kind == Colors || kind == BoundsColors

	np := 1 + r.IntN(7)
	ns := 0
	if kind != Plain {
		ns = r.IntN(5)
	}
	ncolors := 1 + r.IntN(3)

	b := new(xcover.Builder)
	var prim, sec []int
	var isSec []bool // by item index
	for np+ns > len(prim)+len(sec) {
		// Interleave at random: the next item is primary with probability in proportion
		// to how many primary items are still to come.
		left := np - len(prim)
		if r.IntN(np+ns-len(prim)-len(sec)) < left {
			name := fmt.Sprintf("p%d", len(prim))
			lo, hi := 1, 1
			if bounds {
				switch r.IntN(3) {
				case 0: // exactly once
				case 1:
					lo, hi = 0, 1+r.IntN(3)
				default:
					hi = 1 + r.IntN(3)
					lo = r.IntN(hi + 1)
				}
			}
			i, _ := b.AddPrimaryBounds(name, lo, hi)
			prim = append(prim, i)
			isSec = append(isSec, false)
		} else {
			i, _ := b.AddSecondary(fmt.Sprintf("s%d", len(sec)))
			sec = append(sec, i)
			isSec = append(isSec, true)
		}
	}
	all := append(append([]int(nil), prim...), sec...)

	nopt := r.IntN(17)
	var opts [][]xcover.Entry
	for range nopt {
		var opt []xcover.Entry
		switch {
		case len(opts) > 0 && r.IntN(10) == 0: // a duplicate of an earlier option
			opt = opts[r.IntN(len(opts))]
		case len(sec) > 0 && r.IntN(12) == 0: // secondary items only
			opt = entries(r, sec, isSec, colors, ncolors)
		default:
			opt = entries(r, all, isSec, colors, ncolors)
		}
		opts = append(opts, opt)
		b.AddOptionEntries(opt...)
	}
	p, err := b.Build()
	if err != nil {
		panic("randprob: " + err.Error()) // a bug in this package
	}
	return p
}

// Repeated returns p with its k-th option written 1 + (seed+7k) mod 3 times in a row:
// runs of identical options, as in a tiling's copies of one piece. The items are p's.
func Repeated(p *xcover.Problem, seed uint64) *xcover.Problem {
	b := new(xcover.Builder)
	for i := range p.NumItems() {
		if it := p.Item(i); it.Secondary {
			b.AddSecondary(it.Name)
		} else {
			b.AddPrimaryBounds(it.Name, it.Min, it.Max)
		}
	}
	for k := range p.NumOptions() {
		for range 1 + (seed+uint64(k)*7)%3 {
			b.AddOptionEntries(p.Option(k)...)
		}
	}
	q, err := b.Build()
	if err != nil {
		panic("randprob: " + err.Error()) // p's items and options were built once
	}
	return q
}

// entries picks 1 to 4 distinct items from pool, in random order, giving each secondary item
// a colour with probability 1/2 if colors is set.
func entries(r *rand.Rand, pool []int, isSec []bool, colors bool, ncolors int) []xcover.Entry {
	n := min(1+r.IntN(4), len(pool))
	perm := r.Perm(len(pool))
	opt := make([]xcover.Entry, n)
	for j := range opt {
		opt[j].Item = pool[perm[j]]
		if colors && isSec[opt[j].Item] && r.IntN(2) == 0 {
			opt[j].Color = colorNames[r.IntN(ncolors)]
		}
	}
	return opt
}

// Describe returns p in the DLX text format: a comment line with the numbers of items and
// options (and another with the order in which the items were added, if a secondary item
// came before a primary one), the item line (primary items with their bounds, then | and the secondary items) and one line per
// option, in order. Tests print it when they fail, so that the failure can be reproduced.
func Describe(p *xcover.Problem) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "| %d items, %d options\n", p.NumItems(), p.NumOptions())
	var prim, sec, all []string
	interleaved := false
	for i := range p.NumItems() {
		it := p.Item(i)
		all = append(all, it.Name)
		interleaved = interleaved || !it.Secondary && len(sec) > 0
		switch {
		case it.Secondary:
			sec = append(sec, it.Name)
		case it.Min == 1 && it.Max == 1:
			prim = append(prim, it.Name)
		case it.Min == it.Max:
			prim = append(prim, fmt.Sprintf("%d|%s", it.Max, it.Name))
		default:
			prim = append(prim, fmt.Sprintf("%d:%d|%s", it.Min, it.Max, it.Name))
		}
	}
	if interleaved {
		fmt.Fprintf(&sb, "| items in the order added: %s\n", strings.Join(all, " "))
	}
	sb.WriteString(strings.Join(prim, " "))
	if len(sec) > 0 {
		if len(prim) > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString("| " + strings.Join(sec, " "))
	}
	sb.WriteByte('\n')
	for k := range p.NumOptions() {
		sb.WriteString(p.OptionString(k))
		sb.WriteByte('\n')
	}
	return sb.String()
}
