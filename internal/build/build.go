// Package build holds the implementation of xcover.Builder. That type is defined on this
// one (type Builder build.Builder), so that the DLX reader, which converts between the two,
// looks the names of its option lines up in the Builder's own index of the item names and
// adds the options it has parsed and checked as whole arrays, while the public API keeps
// the Builder's methods only. Before, the reader kept a second index of its own (48 MB of
// 10^6 names) and added each option through the public methods.
package build

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/names"
)

// A Problem is what a Builder builds: the parts of an xcover.Problem.
//
// Memory: an item takes its name in Names (36 to 68 bytes and its bytes, 4 and its bytes
// once a table of 2^16 names or more is sealed: names.Table.Seal) and a byte, plus 8 bytes
// where some item has bounds; an entry 4 bytes (8 with a colour); an option 4.
type Problem struct {
	Names      names.Table // the item names, by index
	Secondary  []bool      // by item
	Min, Max   []int32     // the bounds of each item, 0 on secondary ones; nil while every primary item is exactly once
	NumPrimary int
	Colors     []string // colour names by index; Colors[0] is "" (no colour)
	Start      []int32  // option k's entries are Item[Start[k]:Start[k+1]]
	Item       []int32  // the entries' item indices
	Color      []int32  // the entries' colour indices; nil while no option has a colour
	Costs      []int64  // the options' costs; nil while no option has one
}

// NumOptions returns the number of options.
func (p *Problem) NumOptions() int { return len(p.Start) - 1 }

// A Builder builds a Problem: see xcover.Builder, whose methods are this type's. The zero
// Builder is ready to use.
type Builder struct {
	p        Problem
	colorIdx map[string]int32
	err      error
	seen     []int32 // per item: 1 + the last option added by AddOption that used it
}

func (b *Builder) init() {
	if b.p.Colors == nil {
		b.p.Colors = []string{""}
		b.p.Start = []int32{0}
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

// GrowItems prepares room for n more items.
func (b *Builder) GrowItems(n int) {
	b.init()
	b.p.Names.Grow(n)
	b.p.Secondary = slices.Grow(b.p.Secondary, n)
}

// Names returns the index of the item names. It may be read (concurrently) while options
// are added, not while items are.
func (b *Builder) Names() *names.Table { return &b.p.Names }

// Secondary returns, by item, whether the item is secondary; read only.
func (b *Builder) Secondary() []bool { return b.p.Secondary }

// NumOptions returns the number of options added.
func (b *Builder) NumOptions() int {
	b.init()
	return b.p.NumOptions()
}

// AddItem adds an item and returns its index: a secondary one, or a primary one covered
// min to max times.
func (b *Builder) AddItem(name string, secondary bool, min, max int) (int, error) {
	b.init()
	if b.p.NumOptions() > 0 {
		return -1, b.fail(errOptionsStarted)
	}
	if err := names.Valid(name); err != nil {
		return -1, b.fail(&nameError{name, err.Error()})
	}
	if !secondary {
		msg := ""
		if max < 1 {
			msg = fmt.Sprintf("upper bound %d below 1 for item", max)
		} else if min < 0 || min > max {
			msg = fmt.Sprintf("bounds %d:%d malformed for item", min, max)
		}
		if msg != "" {
			if _, dup := b.p.Names.Index(name); dup { // reported first, as it always was
				msg = "duplicate item"
			}
			return -1, b.fail(&nameError{name, msg})
		}
	}
	i, added := b.p.Names.Add(name)
	if !added {
		return -1, b.fail(&nameError{name, "duplicate item"})
	}
	b.p.Secondary = append(b.p.Secondary, secondary)
	if secondary {
		min, max = 0, 0
	} else {
		b.p.NumPrimary++
	}
	if b.p.Min == nil && (min != 1 || max != 1) && !secondary {
		// The first bounds other than exactly once: every item so far gets its own.
		b.p.Min = make([]int32, i, cap(b.p.Secondary))
		b.p.Max = make([]int32, i, cap(b.p.Secondary))
		for j, sec := range b.p.Secondary[:i] {
			if !sec {
				b.p.Min[j], b.p.Max[j] = 1, 1
			}
		}
	}
	if b.p.Min != nil {
		b.p.Min = append(b.p.Min, int32(min))
		b.p.Max = append(b.p.Max, int32(max))
	}
	return i, nil
}

// AddItemHashed adds an item as AddItem does, before any option, for a name known to be
// valid (names.Valid), whose key and hash in the index of the names (names.Table.Hash)
// are given: a secondary item, or a primary one covered exactly once. If the name is an
// item already, it adds nothing and returns false: AddItem then says why.
func (b *Builder) AddItemHashed(name string, key, h uint64, secondary bool) (int, bool) {
	i, added := b.p.Names.AddHashed(name, key, h)
	if !added {
		return i, false
	}
	b.p.Secondary = append(b.p.Secondary, secondary)
	lo := int32(0)
	if !secondary {
		b.p.NumPrimary++
		lo = 1
	}
	if b.p.Min != nil {
		b.p.Min = append(b.p.Min, lo)
		b.p.Max = append(b.p.Max, lo)
	}
	return i, true
}

// AddOptionNames adds an option given by item names, a secondary one optionally written
// "name:colour".
func (b *Builder) AddOptionNames(toks []string) error {
	b.init()
	items := make([]int, len(toks))
	colors := make([]string, len(toks))
	for k, tok := range toks {
		name, color, colored := strings.Cut(tok, ":")
		i, ok := b.p.Names.Index(name)
		if !ok {
			if err := names.Valid(name); err != nil {
				return b.fail(&nameError{tok, err.Error()})
			}
			return b.fail(&nameError{tok, "unknown item"})
		}
		if colored && color == "" {
			return b.fail(&nameError{tok, "empty colour"})
		}
		items[k], colors[k] = i, color
	}
	return b.AddOption(len(toks), func(j int) (int, string) { return items[j], colors[j] })
}

// The reasons an option is refused, worded once for the Builder and for the readers that
// check their options as it does before adding them whole (the DLX reader's chunks).
const (
	ReasonTwice         = "item twice in one option:"
	ReasonPrimaryColour = "colour on primary item"
)

// AddOption adds an option of n entries, entry j being item entry(j) with the given colour
// ("" for none).
func (b *Builder) AddOption(n int, entry func(j int) (item int, color string)) error {
	b.init()
	k := b.p.NumOptions()
	if len(b.seen) < len(b.p.Secondary) {
		b.seen = append(b.seen, make([]int32, len(b.p.Secondary)-len(b.seen))...)
	}
	for j := range n {
		i, color := entry(j)
		if i < 0 || i >= len(b.p.Secondary) {
			return b.fail(fmt.Errorf("option %d: item index %d out of range", k, i))
		}
		if b.seen[i] == int32(k+1) {
			return b.fail(&nameError{b.p.Names.Name(i), ReasonTwice})
		}
		b.seen[i] = int32(k + 1)
		if color != "" {
			if !b.p.Secondary[i] {
				return b.fail(&nameError{b.p.Names.Name(i) + ":" + color, ReasonPrimaryColour})
			}
			if err := names.Valid(color); err != nil {
				return b.fail(&nameError{color, err.Error()})
			}
		}
	}
	b.growEntries(n)
	for j := range n {
		i, color := entry(j)
		if color != "" {
			c := b.ColorIndex(color)
			if b.p.Color == nil { // the first colour: the entries before it have none
				b.p.Color = make([]int32, len(b.p.Item), cap(b.p.Item))
			}
			b.p.Color = append(b.p.Color, c)
		} else if b.p.Color != nil {
			b.p.Color = append(b.p.Color, 0)
		}
		b.p.Item = append(b.p.Item, int32(i))
	}
	b.p.Start = append(b.p.Start, int32(len(b.p.Item)))
	return nil
}

// growEntries makes room for n more entries.
func (b *Builder) growEntries(n int) {
	if n = len(b.p.Item) + n; n > cap(b.p.Item) {
		// Doubled, not the quarter more of append on large slices, which on 10^7 entries
		// left four times the array's size behind it as garbage, all resident at the peak
		// of a large file's reading.
		n = max(n, 2*cap(b.p.Item))
		b.p.Item = slices.Grow(b.p.Item, n-len(b.p.Item))
		if b.p.Color != nil {
			b.p.Color = slices.Grow(b.p.Color, n-len(b.p.Color))
		}
	}
}

// Spare makes room for n more entries and m more options, and returns the room of the
// entries: a caller may write entries there, then add them with AppendOptions, which
// moves them (as copy does) to where they go.
func (b *Builder) Spare(n, m int) []int32 {
	b.init()
	b.p.Item = grow(b.p.Item, n)
	b.p.Start = grow(b.p.Start, m)
	return b.p.Item[len(b.p.Item) : len(b.p.Item)+n]
}

// SpareIn is Spare with the room of the entries given: room, as long as the number of
// entries to make room for, becomes the Builder's array of entries if it has no entry yet
// (else Spare(len(room), m)). A caller may have written its pages beforehand, on a core
// that was free then, so that the system maps them there and not where the entries are
// written.
func (b *Builder) SpareIn(room []int32, m int) []int32 {
	b.init()
	if len(b.p.Item) != 0 {
		return b.Spare(len(room), m)
	}
	b.p.Item = room[:0]
	b.p.Start = grow(b.p.Start, m)
	return room
}

// grow is slices.Grow without clearing the room: slices.Grow appends n zero elements,
// which clears them at once, a write to every page of the room (the DLX reader's room of
// 10^7 entries: 46 MB, one core faulting its pages in while the other waited), where make
// takes fresh pages from the system, cleared by it when first written (by the reader's
// goroutines, each in its part).
func grow[T any](s []T, n int) []T {
	if n <= cap(s)-len(s) {
		return s
	}
	t := make([]T, len(s), len(s)+n)
	copy(t, s)
	return t
}

// NumEntries returns the number of entries added.
func (b *Builder) NumEntries() int { return len(b.p.Item) }

// Unshare makes the next options added go to arrays of their own, so that the room Spare
// returned is no longer written.
func (b *Builder) Unshare() {
	b.p.Item, b.p.Color = slices.Clip(b.p.Item), slices.Clip(b.p.Color)
}

// ColorIndex returns the index of the colour name (valid, not ""), giving it the next
// index if it has none.
func (b *Builder) ColorIndex(name string) int32 {
	b.init()
	c, ok := b.colorIdx[name]
	if !ok {
		name = strings.Clone(name) // not a piece of a large input
		c = int32(len(b.p.Colors))
		b.p.Colors = append(b.p.Colors, name)
		b.colorIdx[name] = c
	}
	return c
}

// AppendOptions adds options already checked as the Builder checks them (items in range,
// none twice in an option, colours on secondary items only and valid): option k's
// entries are item[start[k]:start[k+1]] (start[len(start)-1] being len(item)), with the
// colours color (nil: none) as indices from ColorIndex. The entries may lie in the room
// that Spare returned.
func (b *Builder) AppendOptions(start, item, color []int32) {
	b.init()
	base := int32(len(b.p.Item))
	if color != nil && b.p.Color == nil {
		b.p.Color = make([]int32, len(b.p.Item), max(cap(b.p.Item), len(b.p.Item)+len(item)))
	}
	b.growEntries(len(item))
	b.p.Item = append(b.p.Item, item...)
	if b.p.Color != nil {
		if color != nil {
			b.p.Color = append(b.p.Color, color...)
		} else {
			b.p.Color = append(b.p.Color, make([]int32, len(item))...)
		}
	}
	for _, s := range start[1:] {
		b.p.Start = append(b.p.Start, base+s)
	}
}

// Err returns the first error met so far, or nil.
func (b *Builder) Err() error { return b.err }

// SetCost gives option k a cost.
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
	if b.p.Costs == nil {
		b.p.Costs = make([]int64, b.p.NumOptions())
	}
	for len(b.p.Costs) < b.p.NumOptions() {
		b.p.Costs = append(b.p.Costs, 0)
	}
	b.p.Costs[k] = cost
	return nil
}

// Build returns the problem, or the first error met while building it; the Builder must
// not be used afterwards.
func (b *Builder) Build() (Problem, error) {
	b.init()
	if b.err != nil {
		return Problem{}, b.err
	}
	p := b.p
	b.p, b.seen = Problem{}, nil
	p.Names.Seal() // no name is added now: a large index is built again if looked in
	for p.Costs != nil && len(p.Costs) < p.NumOptions() {
		p.Costs = append(p.Costs, 0)
	}
	return p, nil
}
