package tiling

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

func TestSpecPuzzle(t *testing.T) {
	tests := []struct {
		name  string
		spec  Spec
		title string
		count uint64 // tilings, checked by counting (0: not counted)
		dim   int
		// reflect is whether pieces may be reflected.
		reflect bool
	}{
		{"pentominoes", Spec{Pieces: "pentominoes", Size: "3x20"}, "pentominoes on 3x20", 8, 2, true}, // 2 classes of 4
		{"flip", Spec{Pieces: "tetrominoes.L:2", Size: "2x4"}, "tetrominoes.L:2 on 2x4", 2, 2, true},
		{"blanks in the size", Spec{Pieces: "domino", Size: " 2 x 3 ", Copies: 3}, "domino on 2x3", 3, 2, true},
		{"no flip", Spec{Pieces: "tetrominoes.L:2", Size: "2x4", NoFlip: true}, "tetrominoes.L:2 on 2x4", 1, 2, false}, // one of the two: same-handed
		{"soma", Spec{Pieces: "soma", Size: "3x3x3"}, "soma on 3x3x3", 0, 3, false},
		{"soma mirrored", Spec{Pieces: "soma", Size: "3x3x3", Mirror: true}, "soma on 3x3x3", 0, 3, true},
		{"drawn", Spec{PiecesPicture: "AA\nB\nB", RegionPicture: "##\n##"}, "2 drawn pieces on a region of 4 cells", 4, 2, true}, // both lying or both standing, A or B first
		{"drawn at most", Spec{PiecesPicture: "AA\nB\nB", Size: "2x1", AtMost: true}, "2 drawn pieces on 2x1", 2, 2, true},
		{"partial", Spec{Pieces: "domino", Size: "3x1", Partial: true}, "domino on 3x1", 2, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pz, title, err := tt.spec.Puzzle()
			if err != nil {
				t.Fatal(err)
			}
			if title != tt.title || pz.dim() != tt.dim || pz.Reflect != tt.reflect {
				t.Errorf("%q, %d dimensions, reflect %v; want %q, %d, %v", title, pz.dim(), pz.Reflect, tt.title, tt.dim, tt.reflect)
			}
			if tt.count == 0 {
				return
			}
			enc, err := pz.Encode()
			if err != nil {
				t.Fatal(err)
			}
			s, err := xcover.NewSolver(enc.Problem, xcover.Config{})
			if err != nil {
				t.Fatal(err)
			}
			var n uint64
			for sol := range s.Solutions(context.Background()) {
				if v := verify.Check(enc.Problem, sol); len(v) > 0 {
					t.Fatalf("not a solution: %v", v[0].Msg)
				}
				if err := Check(pz, enc.Tiling(sol)); err != nil {
					t.Fatal(err)
				}
				n++
			}
			if n != tt.count {
				t.Errorf("%d tilings, want %d", n, tt.count)
			}
		})
	}
}

func TestSpecErrors(t *testing.T) {
	const picture = "AB\nAB\n"
	tests := []struct {
		name  string
		spec  Spec
		field string
		msg   string
	}{
		{"no pieces", Spec{Size: "2x2"}, "", "tiling: no pieces"},
		{"both pieces", Spec{Pieces: "domino", PiecesPicture: picture, Size: "2x2"}, "", "not both"},
		{"unknown set", Spec{Pieces: "octominoes", Size: "2x2"}, "Pieces", "tiling: pieces: unknown piece set"},
		{"bad picture", Spec{PiecesPicture: "\x00", Size: "2x2"}, "PiecesPicture", "tiling: pieces picture: "},
		{"copies", Spec{Pieces: "domino", Size: "2x2", Copies: -1}, "Copies", "tiling: copies: must be at least 1"},
		{"no region", Spec{Pieces: "domino"}, "", "tiling: no region"},
		{"both regions", Spec{Pieces: "domino", Size: "2x2", RegionPicture: picture}, "", "not both"},
		{"bad size", Spec{Pieces: "domino", Size: "2by2"}, "Size", "tiling: region: region size"},
		{"empty region", Spec{Pieces: "domino", RegionPicture: "..\n"}, "RegionPicture", "tiling: region picture: region picture has no cells"},
		{"mirror in the plane", Spec{Pieces: "domino", Size: "2x2", Mirror: true}, "", "tiling: mirror applies to pieces in space"},
		{"no flip in space", Spec{Pieces: "soma", Size: "3x3x3", NoFlip: true}, "", "tiling: no-flip applies to pieces in the plane"},
		{"long picture", Spec{PiecesPicture: picture, Size: "2x2", MaxPicture: 4}, "PiecesPicture", "longer than 4 bytes"},
		{"long region picture", Spec{Pieces: "domino", RegionPicture: picture, MaxPicture: 4}, "RegionPicture", "longer than 4 bytes"},
		{"many cells", Spec{Pieces: "domino", Size: "70x70", MaxCells: 4096}, "", "region of 4900 cells, more than the 4096"},
		{"much work", Spec{Pieces: "hexominoes", Size: "60x60", MaxWork: 1 << 22}, "", "too large"},
		{"much work by default", Spec{Pieces: "pentominoes", Size: "1000x1000"}, "", "too large"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := tt.spec.Puzzle()
			var se *SpecError
			if !errors.As(err, &se) || se.Field != tt.field || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error %v (field %q), want one with %q in field %q", err, fieldOf(se), tt.msg, tt.field)
			}
		})
	}
}

func fieldOf(se *SpecError) string {
	if se == nil {
		return "<none>"
	}
	return se.Field
}

func TestSpecSetRegion(t *testing.T) {
	tests := []struct{ text, size, picture string }{
		{"6x10", "6x10", ""},
		{" 3 x 3 x 3\n", " 3 x 3 x 3\n", ""},
		{"6by10", "", "6by10"},
		{"##\n##\n", "", "##\n##\n"},
		{"", "", ""},
	}
	for _, tt := range tests {
		s := Spec{Size: "old", RegionPicture: "old"}
		s.SetRegion(tt.text)
		if s.Size != tt.size || s.RegionPicture != tt.picture {
			t.Errorf("SetRegion(%q): size %q, picture %q; want %q, %q", tt.text, s.Size, s.RegionPicture, tt.size, tt.picture)
		}
	}
}

func ExampleSpec_Puzzle() {
	spec := Spec{Pieces: "pentominoes", Size: "6x10"}
	pz, title, err := spec.Puzzle()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(title, len(pz.Pieces), pz.Region.Len())

	spec = Spec{Pieces: "pentominoes", Size: "3x3x3", NoFlip: true}
	_, _, err = spec.Puzzle()
	fmt.Println(err)
	// Output:
	// pentominoes on 6x10 12 60
	// tiling: no-flip applies to pieces in the plane; in space pieces are mirrored only with mirror
}
