package randprob_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/randprob"
)

func TestDeterministic(t *testing.T) {
	for _, kind := range randprob.Kinds() {
		distinct := map[string]bool{}
		for seed := range uint64(50) {
			a, b := randprob.Describe(randprob.New(seed, kind)), randprob.Describe(randprob.New(seed, kind))
			if a != b {
				t.Errorf("seed %d kind %v: two different problems:\n%s\n%s", seed, kind, a, b)
			}
			distinct[a] = true
		}
		if len(distinct) < 40 {
			t.Errorf("kind %v: only %d distinct problems from 50 seeds", kind, len(distinct))
		}
	}
}

// features records what a problem exercises.
type features struct {
	secondary, colors, bounds, zeroLower, exact1 bool
	interleaved                                  bool // a secondary item added before a primary one
	duplicate                                    bool // two options with the same entries
	noPrimaryOption                              bool
	unusedItem                                   bool
	noOptions                                    bool
	manyOptions                                  bool // 16
	maxPrimary                                   bool // 7
	maxSecondary                                 bool // 4
	maxOptionLen                                 bool // an option of 4 items
	threeColors                                  bool
	coloredSecondary                             bool // a secondary item with both coloured and uncoloured entries
}

func examine(t *testing.T, seed uint64, kind randprob.Kind, p *xcover.Problem) features {
	var f features
	np, ns := p.NumPrimary(), p.NumItems()-p.NumPrimary()
	if np < 1 || np > 7 || ns > 4 || p.NumOptions() > 16 {
		t.Errorf("seed %d kind %v: %d primary, %d secondary, %d options", seed, kind, np, ns, p.NumOptions())
	}
	f.secondary, f.maxPrimary, f.maxSecondary = ns > 0, np == 7, ns == 4
	f.noOptions, f.manyOptions = p.NumOptions() == 0, p.NumOptions() == 16
	sawSecondary := false
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			sawSecondary = true
			continue
		}
		f.interleaved = f.interleaved || sawSecondary
		if it.Min < 0 || it.Min > it.Max || it.Max < 1 || it.Max > 3 {
			t.Errorf("seed %d kind %v: item %s bounds %d..%d", seed, kind, it.Name, it.Min, it.Max)
		}
		f.exact1 = f.exact1 || it.Min == 1 && it.Max == 1
		f.zeroLower = f.zeroLower || it.Min == 0
	}
	f.bounds = p.HasBounds()
	f.colors = p.HasColors()
	used := make([]bool, p.NumItems())
	colorsSeen := map[string]bool{}
	plainSec, colSec := make([]bool, p.NumItems()), make([]bool, p.NumItems())
	var seen []string
	for k := range p.NumOptions() {
		opt := p.Option(k)
		if len(opt) < 1 || len(opt) > 4 {
			t.Errorf("seed %d kind %v: option %d has %d items", seed, kind, k, len(opt))
		}
		f.maxOptionLen = f.maxOptionLen || len(opt) == 4
		s := p.OptionString(k)
		f.duplicate = f.duplicate || slices.Contains(seen, s)
		seen = append(seen, s)
		hasPrimary := false
		for _, e := range opt {
			used[e.Item] = true
			if !p.Item(e.Item).Secondary {
				hasPrimary = true
			} else if e.Color == "" {
				plainSec[e.Item] = true
			} else {
				colSec[e.Item] = true
				colorsSeen[e.Color] = true
			}
		}
		f.noPrimaryOption = f.noPrimaryOption || !hasPrimary
	}
	f.unusedItem = slices.Contains(used, false)
	f.threeColors = len(colorsSeen) == 3
	for i := range plainSec {
		f.coloredSecondary = f.coloredSecondary || plainSec[i] && colSec[i]
	}
	return f
}

// TestKinds checks that each kind keeps to its features, and that over 120 seeds (the number
// the cross-check uses) it shows every feature it may have.
func TestKinds(t *testing.T) {
	for _, kind := range randprob.Kinds() {
		var any features
		for seed := range uint64(120) {
			p := randprob.New(seed, kind)
			f := examine(t, seed, kind, p)
			mayColor := kind == randprob.Colors || kind == randprob.BoundsColors
			mayBound := kind == randprob.Bounds || kind == randprob.BoundsColors
			if f.colors && !mayColor || f.bounds && !mayBound || f.secondary && kind == randprob.Plain {
				t.Errorf("seed %d kind %v: unexpected features %+v\n%s", seed, kind, f, randprob.Describe(p))
			}
			any.secondary = any.secondary || f.secondary
			any.colors = any.colors || f.colors
			any.bounds = any.bounds || f.bounds
			any.zeroLower = any.zeroLower || f.zeroLower
			any.exact1 = any.exact1 || f.exact1
			any.interleaved = any.interleaved || f.interleaved
			any.duplicate = any.duplicate || f.duplicate
			any.noPrimaryOption = any.noPrimaryOption || f.noPrimaryOption
			any.unusedItem = any.unusedItem || f.unusedItem
			any.noOptions = any.noOptions || f.noOptions
			any.manyOptions = any.manyOptions || f.manyOptions
			any.maxPrimary = any.maxPrimary || f.maxPrimary
			any.maxSecondary = any.maxSecondary || f.maxSecondary
			any.maxOptionLen = any.maxOptionLen || f.maxOptionLen
			any.threeColors = any.threeColors || f.threeColors
			any.coloredSecondary = any.coloredSecondary || f.coloredSecondary
		}
		want := features{exact1: true, duplicate: true, unusedItem: true, noOptions: true,
			manyOptions: true, maxPrimary: true, maxOptionLen: true}
		if kind != randprob.Plain {
			want.secondary, want.interleaved, want.noPrimaryOption, want.maxSecondary = true, true, true, true
		}
		if kind == randprob.Colors || kind == randprob.BoundsColors {
			want.colors, want.threeColors, want.coloredSecondary = true, true, true
		}
		if kind == randprob.Bounds || kind == randprob.BoundsColors {
			want.bounds, want.zeroLower = true, true
		}
		if any != want {
			t.Errorf("kind %v: over 120 seeds saw features\n\t%+v\nwant\n\t%+v", kind, any, want)
		}
	}
}

func TestKindString(t *testing.T) {
	var names []string
	for _, k := range randprob.Kinds() {
		names = append(names, k.String())
	}
	names = append(names, randprob.Kind(99).String())
	want := []string{"Plain", "Secondary", "Colors", "Bounds", "BoundsColors", "Kind(99)"}
	if !slices.Equal(names, want) {
		t.Errorf("names %q, want %q", names, want)
	}
}

func TestDescribe(t *testing.T) {
	b := new(xcover.Builder)
	b.AddSecondary("x")
	b.AddPrimary("a")
	b.AddPrimaryBounds("b", 2, 2)
	b.AddPrimaryBounds("c", 0, 3)
	b.AddOption("a", "x:red")
	b.AddOption("c", "b", "x")
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	want := "| 4 items, 2 options\n| items in the order added: x a b c\na 2|b 0:3|c | x\na x:red\nc b x\n"
	if got := randprob.Describe(p); got != want {
		t.Errorf("Describe =\n%s\nwant\n%s", got, want)
	}
}

func ExampleNew() {
	p := randprob.New(4, randprob.BoundsColors)
	fmt.Print(randprob.Describe(p))
	// Output:
	// | 7 items, 4 options
	// | items in the order added: p0 s0 p1 s1 p2 s2 s3
	// 2:3|p0 p1 p2 | s0 s1 s2 s3
	// p2
	// p1 s0:red
	// p1
	// s3 p2 s1:red p0
}

// TestRepeated checks that Repeated keeps the items and writes option k of p 1 + (seed+7k)
// mod 3 times in a row, entries and colours as they were.
func TestRepeated(t *testing.T) {
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(20) {
			p := randprob.New(seed, kind)
			q := randprob.Repeated(p, seed)
			if q.NumItems() != p.NumItems() || q.NumPrimary() != p.NumPrimary() {
				t.Fatalf("seed %d kind %v: %d items (%d primary), want %d (%d)", seed, kind, q.NumItems(), q.NumPrimary(), p.NumItems(), p.NumPrimary())
			}
			for i := range p.NumItems() {
				if q.Item(i) != p.Item(i) {
					t.Errorf("seed %d kind %v: item %d %+v, want %+v", seed, kind, i, q.Item(i), p.Item(i))
				}
			}
			k := 0 // q's option
			for o := range p.NumOptions() {
				for range 1 + (seed+uint64(o)*7)%3 {
					if k >= q.NumOptions() || !slices.Equal(q.Option(k), p.Option(o)) {
						t.Fatalf("seed %d kind %v: option %d of the copy is not option %d\n%s\n%s", seed, kind, k, o, randprob.Describe(p), randprob.Describe(q))
					}
					k++
				}
			}
			if k != q.NumOptions() {
				t.Errorf("seed %d kind %v: %d options, want %d", seed, kind, q.NumOptions(), k)
			}
		}
	}
}
