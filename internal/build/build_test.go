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

// TestSpareIn gives a Builder the room of its entries, before any entry and after one:
// the first time the room is the Builder's (the entries written there are added in place),
// the second time the Builder makes a room of its own, as Spare does.
func TestSpareIn(t *testing.T) {
	tests := []struct {
		name   string
		before []int32 // an option added first, or nil
		inRoom bool    // whether the entries go to the room given
	}{
		{"no entry yet", nil, true},
		{"an entry before", []int32{1}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b Builder
			for _, name := range []string{"p", "q"} {
				if _, err := b.AddItem(name, false, 1, 1); err != nil {
					t.Fatal(err)
				}
			}
			if tt.before != nil {
				b.AppendOptions([]int32{0, int32(len(tt.before))}, tt.before, nil)
			}
			room := make([]int32, 3)
			got := b.SpareIn(room, 2)
			if len(got) < 3 || (&got[0] == &room[0]) != tt.inRoom {
				t.Fatalf("SpareIn returned %d entries, in the room given: %v; want 3 or more, %v", len(got), &got[0] == &room[0], tt.inRoom)
			}
			item := append(got[:0], 0, 1, 1)
			b.AppendOptions([]int32{0, 2, 3}, item, nil)
			p, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			want, wantOpts := append(slices.Clone(tt.before), 0, 1, 1), 2
			if tt.before != nil {
				wantOpts++
			}
			if !slices.Equal(p.Item, want) || p.NumOptions() != wantOpts {
				t.Fatalf("entries %v, %d options; want %v, %d", p.Item, p.NumOptions(), want, wantOpts)
			}
			if tt.inRoom && &p.Item[0] != &room[0] {
				t.Fatal("the entries were moved out of the room given")
			}
		})
	}
}
