package tiling

import (
	"strings"
	"testing"
)

// TestCheckRejects spoils a good tiling in several ways and expects Check to notice each.
func TestCheckRejects(t *testing.T) {
	// Two L tetrominoes (chiral in the plane) in a 2x4 box.
	pz := &Puzzle{Region: mustRegion(t, "2x4"), Pieces: []Piece{piece("L", "##", "#.", "#.")}, Copies: []int{2}}
	good := &Tiling{Region: pz.Region, Pieces: pz.Pieces, placed: []placed{
		{0, []Point{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 2, 0}}},
		{0, []Point{{1, 1, 0}, {1, 2, 0}, {1, 3, 0}, {0, 3, 0}}},
	}}
	if err := Check(pz, good); err != nil {
		t.Fatalf("good tiling rejected: %v", err)
	}
	tests := []struct {
		name   string
		placed []placed
		want   string
	}{
		{"overlap", []placed{good.placed[0], good.placed[0]}, "covered twice"},
		{"uncovered", good.placed[:1], "not covered"},
		{"outside", []placed{good.placed[0], {0, []Point{{1, 2, 0}, {1, 3, 0}, {1, 4, 0}, {0, 4, 0}}}}, "outside"},
		{"wrong shape", []placed{good.placed[0], {0, []Point{{1, 1, 0}, {1, 2, 0}, {1, 3, 0}}}}, "not an allowed orientation"},
		{"reflected", []placed{
			{0, []Point{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {1, 2, 0}}},
			{0, []Point{{0, 1, 0}, {0, 2, 0}, {0, 3, 0}, {1, 3, 0}}},
		}, "not an allowed orientation"},
		{"bad piece", []placed{good.placed[0], {3, good.placed[1].Cells}}, "no piece"},
	}
	for _, tt := range tests {
		bad := &Tiling{Region: pz.Region, Pieces: pz.Pieces, placed: tt.placed}
		err := Check(pz, bad)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
	// Reflection is fine when allowed.
	pz.Reflect = true
	if err := Check(pz, &Tiling{Region: pz.Region, Pieces: pz.Pieces, placed: tests[4].placed}); err != nil {
		t.Errorf("reflected tiling rejected with Reflect: %v", err)
	}
	// Too few or too many copies.
	pz.Copies = []int{3}
	if err := Check(pz, good); err == nil || !strings.Contains(err.Error(), "used 2 times") {
		t.Errorf("missing copy: %v", err)
	}
	pz.AtMost = true
	if err := Check(pz, good); err != nil {
		t.Errorf("at most: %v", err)
	}
}

func TestEncodeErrors(t *testing.T) {
	pent, _ := Set("pentominoes")
	tests := []struct {
		name string
		pz   Puzzle
		want string
	}{
		{"no region", Puzzle{Pieces: pent}, "no cells"},
		{"no pieces", Puzzle{Region: mustRegion(t, "2x2")}, "no pieces"},
		{"too big", Puzzle{Region: mustRegion(t, "2x2"), Pieces: pent}, "more than the region's 4"},
		{"no fit", Puzzle{Region: mustRegion(t, "3x3"), Pieces: pent}, "does not fit"},
		{"copies", Puzzle{Region: mustRegion(t, "3x3"), Pieces: pent[:1], Copies: []int{0}}, "0 copies"},
		{"name clash", Puzzle{Region: mustRegion(t, "3x3"), Pieces: []Piece{{Name: "0,0", Shape: Shape{{}}}}}, "name of a cell"},
	}
	for _, tt := range tests {
		_, err := tt.pz.Encode()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestImpossible(t *testing.T) {
	pent, _ := Set("pentominoes")
	tests := []struct {
		region          string
		atMost, partial bool
		want            string
	}{
		{"8x8", false, false, "the pieces have 60 cells and the region 64"},
		{"6x10", false, false, ""},
		{"8x8", false, true, ""},
		{"7x7", false, true, "more than"},
		{"8x8", true, false, "fewer than"},
		{"7x7", true, false, ""},
		{"9x9", true, true, ""},
	}
	for _, tt := range tests {
		pz := &Puzzle{Region: mustRegion(t, tt.region), Pieces: pent, AtMost: tt.atMost, Partial: tt.partial}
		got := pz.Impossible()
		if tt.want == "" && got != "" || !strings.Contains(got, tt.want) {
			t.Errorf("%s at most %v partial %v: %q, want %q", tt.region, tt.atMost, tt.partial, got, tt.want)
		}
	}
}
