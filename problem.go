package xcover

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/xcover/xcover/internal/engine"
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
// index where some option has a colour), each option 4 bytes, plus the items (56 bytes
// each: the Item and its slot in the name index) and their names; a solver adds its own
// working arrays.
type Problem struct {
	items    []Item
	index    names.Table // the items' names
	nprimary int
	colors   []string // colour names by index; colors[0] is "" (no colour)
	start    []int32  // option k's entries are entry[start[k]:start[k+1]]
	entItem  []int32
	entColor []int32 // nil while no option has a colour (all 0)
	costs    []int64 // option k's cost, >= 0; nil when no option has one
}

// NumItems returns the number of items, primary and secondary.
func (p *Problem) NumItems() int { return len(p.items) }

// NumPrimary returns the number of primary items.
func (p *Problem) NumPrimary() int { return p.nprimary }

// Item returns item i, in the order the items were added.
func (p *Problem) Item(i int) Item { return p.items[i] }

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
		sb.WriteString(p.items[p.entItem[e]].Name)
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
	for _, it := range p.items {
		if !it.Secondary && (it.Min != 1 || it.Max != 1) {
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
// only the last. The zero Builder is ready to use.
type Builder struct {
	p        Problem
	colorIdx map[string]int32
	err      error
	seen     []int32 // per item: 1 + last option index that used it (duplicate check)
}

// GrowItems prepares room for n more items, so that adding a million items does not
// rehash their index again and again. It changes nothing else.
func (b *Builder) GrowItems(n int) {
	b.init()
	b.p.index.Grow(n)
	b.p.items = slices.Grow(b.p.items, n)
	b.seen = slices.Grow(b.seen, n)
}

func (b *Builder) init() {
	if b.p.colors == nil {
		b.p.colors = []string{""}
		b.p.start = []int32{0}
		b.colorIdx = make(map[string]int32)
	}
}

func (b *Builder) fail(err error) error {
	if b.err == nil {
		b.err = err
	}
	return err
}

// A nameError reports an item name, colour or option entry that cannot be used. The
// readers of problem files find its parts with an interface of their own (Token and Reason)
// to write them at the file's line.
type nameError struct {
	token  string // the offending text
	reason string
}

func (e *nameError) Error() string  { return fmt.Sprintf("%s %q", e.reason, e.token) }
func (e *nameError) Token() string  { return e.token }
func (e *nameError) Reason() string { return e.reason }

// errOptionsStarted is the Builder's error when an item is added after the first option.
var errOptionsStarted = errors.New("items must be added before options")

func (b *Builder) addItem(it Item) (int, error) {
	b.init()
	if b.p.NumOptions() > 0 {
		return -1, b.fail(errOptionsStarted)
	}
	if err := validName(it.Name); err != nil {
		return -1, b.fail(&nameError{it.Name, err.Error()})
	}
	if _, dup := b.p.index.Index(it.Name); dup {
		return -1, b.fail(&nameError{it.Name, "duplicate item"})
	}
	if !it.Secondary {
		if it.Max < 1 {
			return -1, b.fail(&nameError{it.Name, fmt.Sprintf("upper bound %d below 1 for item", it.Max)})
		}
		if it.Min < 0 || it.Min > it.Max {
			return -1, b.fail(&nameError{it.Name, fmt.Sprintf("bounds %d:%d malformed for item", it.Min, it.Max)})
		}
		b.p.nprimary++
	}
	i, _ := b.p.index.Add(it.Name)
	b.p.items = append(b.p.items, it)
	b.seen = append(b.seen, 0)
	return i, nil
}

// AddPrimary adds a primary item to be covered exactly once, and returns its index.
func (b *Builder) AddPrimary(name string) (int, error) {
	return b.addItem(Item{Name: name, Min: 1, Max: 1})
}

// AddPrimaryBounds adds a primary item to be covered at least min and at most max times
// (0 <= min <= max, max >= 1), and returns its index.
func (b *Builder) AddPrimaryBounds(name string, min, max int) (int, error) {
	return b.addItem(Item{Name: name, Min: min, Max: max})
}

// AddSecondary adds a secondary item and returns its index.
func (b *Builder) AddSecondary(name string) (int, error) {
	return b.addItem(Item{Name: name, Secondary: true})
}

// AddOption adds an option given by item names; a secondary item may carry a colour,
// written "name:colour" as in the DLX format.
func (b *Builder) AddOption(names ...string) error {
	b.init()
	entries := make([]Entry, len(names))
	for k, tok := range names {
		name, color, colored := strings.Cut(tok, ":")
		i, ok := b.p.index.Index(name)
		if !ok {
			if err := validName(name); err != nil {
				return b.fail(&nameError{tok, err.Error()})
			}
			return b.fail(&nameError{tok, "unknown item"})
		}
		if colored && color == "" {
			return b.fail(&nameError{tok, "empty colour"})
		}
		entries[k] = Entry{Item: i, Color: color}
	}
	return b.AddOptionEntries(entries...)
}

// AddOptionEntries adds an option given by item indices and colours.
func (b *Builder) AddOptionEntries(entries ...Entry) error {
	b.init()
	k := b.p.NumOptions()
	for _, e := range entries {
		if e.Item < 0 || e.Item >= len(b.p.items) {
			return b.fail(fmt.Errorf("option %d: item index %d out of range", k, e.Item))
		}
		if b.seen[e.Item] == int32(k+1) {
			return b.fail(&nameError{b.p.items[e.Item].Name, "item twice in one option:"})
		}
		b.seen[e.Item] = int32(k + 1)
		if e.Color != "" {
			it := b.p.items[e.Item]
			if !it.Secondary {
				return b.fail(&nameError{it.Name + ":" + e.Color, "colour on primary item"})
			}
			if err := validName(e.Color); err != nil {
				return b.fail(&nameError{e.Color, err.Error()})
			}
		}
	}
	if n := len(b.p.entItem) + len(entries); n > cap(b.p.entItem) {
		// Doubled, not the quarter more of append on large slices, which on 10^7 entries
		// left four times the array's size behind it as garbage, all resident at the peak
		// of a large file's reading.
		n = max(n, 2*cap(b.p.entItem))
		b.p.entItem = slices.Grow(b.p.entItem, n-len(b.p.entItem))
		if b.p.entColor != nil {
			b.p.entColor = slices.Grow(b.p.entColor, n-len(b.p.entColor))
		}
	}
	for _, e := range entries {
		c := int32(0)
		if e.Color != "" {
			var ok bool
			if c, ok = b.colorIdx[e.Color]; !ok {
				c = int32(len(b.p.colors))
				b.p.colors = append(b.p.colors, e.Color)
				b.colorIdx[e.Color] = c
			}
			if b.p.entColor == nil { // the first colour: the entries before it have none
				b.p.entColor = make([]int32, len(b.p.entItem), cap(b.p.entItem))
			}
		}
		if b.p.entColor != nil {
			b.p.entColor = append(b.p.entColor, c)
		}
		b.p.entItem = append(b.p.entItem, int32(e.Item))
	}
	b.p.start = append(b.p.start, int32(len(b.p.entItem)))
	return nil
}

// Err returns the first error met so far, or nil.
func (b *Builder) Err() error { return b.err }

// SetCost gives option k (already added) a cost, from 0 to 2^40, for minimum-cost searches
// ([MinCost]). Options without one cost 0.
func (b *Builder) SetCost(k int, cost int64) error {
	b.init()
	if b.err != nil {
		return b.err
	}
	switch {
	case k < 0 || k >= b.p.NumOptions():
		return b.fail(fmt.Errorf("cost for option %d: no such option", k))
	case cost < 0 || cost > engine.MaxCost:
		return b.fail(fmt.Errorf("cost %d for option %d: want 0 to %d", cost, k, int64(engine.MaxCost)))
	}
	if b.p.costs == nil {
		b.p.costs = make([]int64, b.p.NumOptions())
	}
	for len(b.p.costs) < b.p.NumOptions() {
		b.p.costs = append(b.p.costs, 0)
	}
	b.p.costs[k] = cost
	return nil
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

// Build returns the problem, or the first error met while building it. The Builder must not
// be used afterwards.
func (b *Builder) Build() (*Problem, error) {
	b.init()
	if b.err != nil {
		return nil, b.err
	}
	p := b.p
	b.p = Problem{}
	for p.costs != nil && len(p.costs) < p.NumOptions() {
		p.costs = append(p.costs, 0)
	}
	return &p, nil
}

// Restrict returns the problem with the same items and only the options keep accepts, in
// their order, with their colours and costs, and the original index of each option kept
// (increasing).
func (p *Problem) Restrict(keep func(option int) bool) (*Problem, []int) {
	q := Problem{items: p.items, index: p.index, nprimary: p.nprimary, colors: p.colors}
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

// validName returns nil if s can be an item name or colour, or why not (names.Valid; the
// Builder's methods name their arguments names).
func validName(s string) error { return names.Valid(s) }
