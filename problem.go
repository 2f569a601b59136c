package xcover

import (
	"strings"

	"github.com/xcover/xcover/internal/build"
	"github.com/xcover/xcover/internal/names"
)

// An Item is one thing to be covered.
//
// A primary item must be covered by at least Min and at most Max of the chosen options
// (exactly once when Min = Max = 1, the default). A secondary item may be left uncovered; if
// it is covered, then either by exactly one option that gives it no colour, or by any number of
// options that all give it the same colour.
type Item struct {
	Name      string
	Secondary bool
	Min, Max  int // bounds on a primary item; both 0 on a secondary item
}

// An Entry is one item of an option, with the colour the option gives it ("" for none).
// Only secondary items take colours.
type Entry struct {
	Item  int // index of the item, in the order the items were added
	Color string
}

// A Problem is an exact cover problem: items and options. It is immutable once built, and
// safe for concurrent use by several solvers.
//
// Memory: each option entry takes 4 bytes here (its item index as int32; 8 with its colour
// index where some option has a colour), each option 4 bytes, plus the items (37 to 69
// bytes each: a byte, the name's two to four slots in the name index and 4 bytes for its
// end among the names' bytes, 8 more where some item has bounds) and their names' bytes,
// copied once; a solver adds its own working arrays. From 2^16 items on, the slots (32 to
// 64 bytes an item) are built at the first [Problem.ItemIndex] only.
type Problem struct {
	index     names.Table // the items' names
	secondary []bool      // by item
	min, max  []int32     // the items' bounds; nil while every primary item is exactly once
	nprimary  int
	colors    []string // colour names by index; colors[0] is "" (no colour)
	start     []int32  // option k's entries are entry[start[k]:start[k+1]]
	entItem   []int32
	entColor  []int32 // nil while no option has a colour (all 0)
	costs     []int64 // option k's cost, >= 0; nil when no option has one
}

// NumItems returns the number of items, primary and secondary.
func (p *Problem) NumItems() int { return len(p.secondary) }

// NumPrimary returns the number of primary items.
func (p *Problem) NumPrimary() int { return p.nprimary }

// Item returns item i, in the order the items were added.
func (p *Problem) Item(i int) Item {
	lo, hi := p.bounds(i)
	return Item{Name: p.index.Name(i), Secondary: p.secondary[i], Min: int(lo), Max: int(hi)}
}

// bounds returns the bounds of item i (0, 0 for a secondary item).
func (p *Problem) bounds(i int) (lo, hi int32) {
	switch {
	case p.min != nil:
		return p.min[i], p.max[i]
	case p.secondary[i]:
		return 0, 0
	}
	return 1, 1
}

// ItemIndex returns the index of the item with the given name.
func (p *Problem) ItemIndex(name string) (int, bool) {
	return p.index.Index(name)
}

// color returns the colour index of entry e.
func (p *Problem) color(e int32) int32 {
	if p.entColor == nil {
		return 0
	}
	return p.entColor[e]
}

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { return len(p.start) - 1 }

// NumEntries returns the total number of item entries over all options.
func (p *Problem) NumEntries() int { return len(p.entItem) }

// Option returns the entries of option k, in the order they were given.
func (p *Problem) Option(k int) []Entry {
	lo, hi := p.start[k], p.start[k+1]
	out := make([]Entry, 0, hi-lo)
	for e := lo; e < hi; e++ {
		out = append(out, Entry{Item: int(p.entItem[e]), Color: p.colors[p.color(e)]})
	}
	return out
}

// OptionString returns option k in the DLX spelling: item names separated by single spaces,
// each coloured entry written name:colour.
func (p *Problem) OptionString(k int) string {
	var sb strings.Builder
	for e := p.start[k]; e < p.start[k+1]; e++ {
		if e > p.start[k] {
			sb.WriteByte(' ')
		}
		sb.WriteString(p.index.Name(int(p.entItem[e])))
		if c := p.color(e); c != 0 {
			sb.WriteByte(':')
			sb.WriteString(p.colors[c])
		}
	}
	return sb.String()
}

// HasColors reports whether any option gives a colour to a secondary item.
func (p *Problem) HasColors() bool { return len(p.colors) > 1 }

// HasBounds reports whether any primary item has bounds other than exactly once.
func (p *Problem) HasBounds() bool {
	for i := range p.min {
		if !p.secondary[i] && (p.min[i] != 1 || p.max[i] != 1) {
			return true
		}
	}
	return false
}

// A Builder builds a [Problem]. Add the items first, then the options. An item name or a
// colour is one or more printable, non-blank UTF-8 characters other than ':' and '|'.
//
// Every Add method returns an error describing what is wrong with its arguments, and the
// first such error is also returned by [Builder.Build], so a caller may check each call or
// only the last. The zero Builder is ready to use. (Its state is declared in an internal
// package, whose index of the item names package dlx's reader looks its option lines up
// in; it has no exported field.)
type Builder build.Builder

// impl returns b as the type its methods are implemented on (internal/build), which the
// DLX reader converts to as well.
func (b *Builder) impl() *build.Builder { return (*build.Builder)(b) }

// GrowItems prepares room for n more items, so that adding a million items does not
// rehash their index again and again. It changes nothing else.
func (b *Builder) GrowItems(n int) { b.impl().GrowItems(n) }

// AddPrimary adds a primary item to be covered exactly once, and returns its index.
func (b *Builder) AddPrimary(name string) (int, error) {
	return b.impl().AddItem(name, false, 1, 1)
}

// AddPrimaryBounds adds a primary item to be covered at least min and at most max times
// (0 <= min <= max, max >= 1), and returns its index.
func (b *Builder) AddPrimaryBounds(name string, min, max int) (int, error) {
	return b.impl().AddItem(name, false, min, max)
}

// AddSecondary adds a secondary item and returns its index.
func (b *Builder) AddSecondary(name string) (int, error) {
	return b.impl().AddItem(name, true, 0, 0)
}

// AddOption adds an option given by item names; a secondary item may carry a colour,
// written "name:colour" as in the DLX format.
func (b *Builder) AddOption(names ...string) error { return b.impl().AddOptionNames(names) }

// AddOptionEntries adds an option given by item indices and colours.
func (b *Builder) AddOptionEntries(entries ...Entry) error {
	return b.impl().AddOption(len(entries), func(j int) (int, string) { return entries[j].Item, entries[j].Color })
}

// Err returns the first error met so far, or nil.
func (b *Builder) Err() error { return b.impl().Err() }

// SetCost gives option k (already added) a cost, from 0 to 2^40, for minimum-cost searches
// ([MinCost]). Options without one cost 0.
func (b *Builder) SetCost(k int, cost int64) error { return b.impl().SetCost(k, cost) }

// Build returns the problem, or the first error met while building it. The Builder must not
// be used afterwards.
func (b *Builder) Build() (*Problem, error) {
	d, err := b.impl().Build()
	if err != nil {
		return nil, err
	}
	return &Problem{index: d.Names, secondary: d.Secondary, min: d.Min, max: d.Max, nprimary: d.NumPrimary,
		colors: d.Colors, start: d.Start, entItem: d.Item, entColor: d.Color, costs: d.Costs}, nil
}

// Cost returns the cost of option k (0 if none was set).
func (p *Problem) Cost(k int) int64 {
	if k < len(p.costs) {
		return p.costs[k]
	}
	return 0
}

// HasCosts reports whether some option has a cost.
func (p *Problem) HasCosts() bool { return p.costs != nil }

// Restrict returns the problem with the same items and only the options keep accepts, in
// their order, with their colours and costs, and the original index of each option kept
// (increasing).
func (p *Problem) Restrict(keep func(option int) bool) (*Problem, []int) {
	q := Problem{index: p.index, secondary: p.secondary, min: p.min, max: p.max, nprimary: p.nprimary, colors: p.colors}
	q.start = []int32{0}
	var kept []int
	for k := range p.NumOptions() {
		if !keep(k) {
			continue
		}
		kept = append(kept, k)
		q.entItem = append(q.entItem, p.entItem[p.start[k]:p.start[k+1]]...)
		if p.entColor != nil {
			q.entColor = append(q.entColor, p.entColor[p.start[k]:p.start[k+1]]...)
		}
		q.start = append(q.start, int32(len(q.entItem)))
		if p.costs != nil {
			q.costs = append(q.costs, p.costs[k])
		}
	}
	if p.costs != nil && q.costs == nil {
		q.costs = []int64{}
	}
	return &q, kept
}
