package build

import (
	"slices"
	"testing"
)

// TestAppendOptions adds the same options to two Builders, one option at a time with
// AddOption and in runs with AppendOptions (from the room Spare returns, and from arrays
// of their own after Unshare, colours starting in a later run): the problems must be the
// same, and after Unshare the room must not be written.
func TestAppendOptions(t *testing.T) {
	type opt struct {
		items  []int32
		colors []string
	}
	runs := [][]opt{
		{{[]int32{0, 1}, nil}, {[]int32{2}, nil}},
		{{[]int32{1, 3}, []string{"", "red"}}, {[]int32{0, 3, 2}, []string{"", "blue", ""}}},
		{{[]int32{3}, []string{"red"}}, {[]int32{0}, nil}},
	}
	var a, b Builder
	for _, bl := range []*Builder{&a, &b} {
		for i, name := range []string{"p", "q", "r"} {
			if _, err := bl.AddItem(name, false, 1, 1+i%2); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := bl.AddItem("s", true, 0, 0); err != nil {
			t.Fatal(err)
		}
	}
	room := b.Spare(4, 2)
	for r, run := range runs {
		var start, item, color []int32
		if r == 0 {
			item = room[:0]
		}
		if r == 1 {
			b.Unshare()
		}
		for _, o := range run {
			if err := a.AddOption(len(o.items), func(j int) (int, string) {
				c := ""
				if o.colors != nil {
					c = o.colors[j]
				}
				return int(o.items[j]), c
			}); err != nil {
				t.Fatal(err)
			}
			start = append(start, int32(len(item)))
			for j, i := range o.items {
				item = append(item, i)
				if o.colors != nil && color == nil {
					color = make([]int32, len(item)-1)
				}
				if color != nil {
					c := int32(0)
					if o.colors != nil && o.colors[j] != "" {
						c = b.ColorIndex(o.colors[j])
					}
					color = append(color, c)
				}
			}
		}
		b.AppendOptions(append(start, int32(len(item))), item, color)
	}
	pa, err := a.Build()
	if err != nil {
		t.Fatal(err)
	}
	pb, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pa.Start, pb.Start) || !slices.Equal(pa.Item, pb.Item) || !slices.Equal(pa.Color, pb.Color) ||
		!slices.Equal(pa.Colors, pb.Colors) || !slices.Equal(pa.Min, pb.Min) || !slices.Equal(pa.Max, pb.Max) {
		t.Fatalf("AppendOptions built %+v, AddOption %+v", pb, pa)
	}
	if want := []int32{0, 1, 2, 0}; !slices.Equal(room, want) {
		t.Fatalf("the room after Unshare holds %v, want the first run's entries %v", room, want)
	}
}
