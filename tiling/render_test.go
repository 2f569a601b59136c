package tiling

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/xcover/xcover"
)

func solveAll(t *testing.T, pz *Puzzle) (*Encoding, []*Tiling) {
	t.Helper()
	e, err := pz.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var ts []*Tiling
	sv, _ := xcover.NewSolver(e.Problem, xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		ts = append(ts, e.Tiling(sol))
	}
	return e, ts
}

// TestTextRoundTrip draws tilings as text and reads the pictures back as a region and as
// pieces: the same cells, and each piece on the cells of its placement.
func TestTextRoundTrip(t *testing.T) {
	pent, _ := Set("pentominoes")
	cases := []*Puzzle{
		{Region: mustRegion(t, holed8x8), Pieces: pent, Reflect: true},
		{Region: mustRegion(t, "##\n\n##\n\n##"), Pieces: []Piece{{Name: "D", Glyph: 'D', Shape: Shape{{0, 0, 0}, {0, 0, 1}}}, {Name: "d", Glyph: 'd', Shape: Shape{{0, 0, 0}, {1, 0, 0}}}}, Copies: []int{2, 1}},
		{Region: mustRegion(t, "###\n...\n###"), Pieces: []Piece{piece("I", "###"), piece("J", "###")}, Reflect: true},
	}
	for _, pz := range cases {
		_, ts := solveAll(t, pz)
		if len(ts) == 0 {
			t.Fatalf("no tilings of\n%s", pz.Region)
		}
		for _, tl := range ts {
			text := tl.String()
			r, err := ParseRegion(text)
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if !r.shape().equal(pz.Region.shape()) {
				t.Fatalf("picture\n%sreads back as region\n%s", text, r)
			}
			ps, err := ParsePieces(text)
			if err != nil {
				t.Fatal(err)
			}
			glyphs := pieceGlyphs(tl.Pieces)
			for _, p := range ps {
				var cells []Point
				for _, pl := range tl.placed {
					if glyphs[pl.Piece] == p.Glyph {
						cells = append(cells, pl.Cells...)
					}
				}
				if !NewShape(cells).equal(p.Shape) {
					t.Fatalf("picture\n%spiece %c reads back as\n%swant\n%s", text, p.Glyph, p.Shape, NewShape(cells))
				}
			}
		}
	}
}

func TestGlyphs(t *testing.T) {
	ps := []Piece{{Glyph: 'A'}, {Glyph: 'A'}, {Glyph: 0}, {Glyph: '.'}, {Glyph: 'B'}}
	if got := string(pieceGlyphs(ps)); got != "ACDEB" {
		t.Errorf("Glyphs = %q", got)
	}
}

// TestSVG draws all 65 essentially different tilings of the 8x8 board with a hole in the
// middle, and a tiling in space, and parses the pictures as XML.
func TestSVG(t *testing.T) {
	pent, _ := Set("pentominoes")
	pz := &Puzzle{Region: mustRegion(t, holed8x8), Pieces: pent, Reflect: true}
	e, _ := pz.Encode()
	sym, err := e.symmetry(false)
	if err != nil {
		t.Fatal(err)
	}
	red, err := sym.reduce()
	if err != nil {
		t.Fatal(err)
	}
	var ts []*Tiling
	red.Search(context.Background(), xcover.Config{}, func(sol []int, _ int) bool {
		ts = append(ts, e.Tiling(sol))
		return true
	})
	_, cube := solveAll(t, &Puzzle{Region: mustRegion(t, "2x2x2"), Pieces: []Piece{piece("D", "##")}, Copies: []int{4}})
	for _, tc := range []struct {
		ts       []*Tiling
		rects    int
		cols     int
		wantCols int
	}{
		{ts, 65*60 + 1, 0, 9},
		{cube[:3], 3*8 + 1, 2, 2},
	} {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, tc.ts, SVGOptions{Columns: tc.cols}); err != nil {
			t.Fatal(err)
		}
		rects, groups := 0, 0
		dec := xml.NewDecoder(&buf)
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatalf("SVG does not parse: %v", err)
			}
			if se, ok := tok.(xml.StartElement); ok {
				switch se.Name.Local {
				case "rect":
					rects++
				case "g":
					groups++
				}
			}
		}
		if rects != tc.rects || groups != len(tc.ts) {
			t.Errorf("%d rects and %d groups, want %d and %d", rects, groups, tc.rects, len(tc.ts))
		}
	}
}

func TestColors(t *testing.T) {
	cs := pieceColors(35)
	seen := map[string]bool{}
	for _, c := range cs {
		if len(c) != 7 || c[0] != '#' || seen[c] {
			t.Errorf("bad or repeated colour %q", c)
		}
		seen[c] = true
	}
}

func ExampleTiling_String() {
	// The 1x5 strip with an I tromino and a domino: two tilings, mirror images of each other.
	spec := Spec{Pieces: "trominoes.I,domino", Size: "5x1"}
	pz, _, _ := spec.Puzzle()
	e, _ := pz.Encode()
	red, _ := e.Reduce(false)
	red.Search(context.Background(), xcover.Config{}, func(sol []int, orbit int) bool {
		fmt.Printf("%s(one of %d)\n", e.Tiling(sol), orbit)
		return true
	})
	// Output:
	// DDIII
	// (one of 2)
}

// TestSVGGiven draws a pentomino puzzle (three pieces of a tiling pre-placed) and its
// tiling with SVGOptions.Given: in both pictures exactly the 15 cells of the pre-placed
// pieces are marked "given" and keep their colours, and every other piece cell is paler
// than in the plain drawing.
func TestSVGGiven(t *testing.T) {
	pent, _ := Set("pentominoes")
	pz := &Puzzle{Region: mustRegion(t, "6x10"), Pieces: pent, Reflect: true}
	e, err := pz.Encode()
	if err != nil {
		t.Fatal(err)
	}
	var sol []int
	sv, _ := xcover.NewSolver(e.Problem, xcover.Config{Limit: 1})
	for s := range sv.Solutions(context.Background()) {
		sol = s
	}
	given, full := e.Tiling(sol[:3]), e.Tiling(sol)
	type cellRect struct {
		fill  string
		given bool
	}
	rects := func(opt SVGOptions) [][]cellRect {
		var buf bytes.Buffer
		if err := WriteSVG(&buf, []*Tiling{given, full}, opt); err != nil {
			t.Fatal(err)
		}
		var out [][]cellRect
		dec := xml.NewDecoder(&buf)
		for {
			tok, err := dec.Token()
			if errors.Is(err, io.EOF) {
				return out
			}
			if err != nil {
				t.Fatalf("SVG does not parse: %v", err)
			}
			se, ok := tok.(xml.StartElement)
			switch {
			case ok && se.Name.Local == "g":
				out = append(out, nil)
			case ok && se.Name.Local == "rect" && len(out) > 0:
				var r cellRect
				for _, a := range se.Attr {
					switch a.Name.Local {
					case "fill":
						r.fill = a.Value
					case "class":
						r.given = a.Value == "given"
					}
				}
				out[len(out)-1] = append(out[len(out)-1], r)
			}
		}
	}
	plain, marked := rects(SVGOptions{}), rects(SVGOptions{Given: given})
	if len(marked) != 2 || len(marked[1]) != 60 {
		t.Fatalf("%d pictures", len(marked))
	}
	for p := range marked {
		n := 0
		for i, r := range marked[p] {
			switch {
			case r.given:
				n++
				if r.fill != plain[p][i].fill {
					t.Errorf("picture %d, cell %d: given, fill %s, want %s", p, i, r.fill, plain[p][i].fill)
				}
			case p == 1 && r.fill == plain[p][i].fill:
				t.Errorf("picture %d, cell %d: not given, yet not pale (%s)", p, i, r.fill)
			}
		}
		if n != 15 {
			t.Errorf("picture %d: %d cells given, want 15", p, n)
		}
	}
	for _, r := range plain[1] {
		if r.given {
			t.Fatal("a cell marked given without SVGOptions.Given")
		}
	}
}
