package tiling

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestTransforms(t *testing.T) {
	tests := []struct {
		dim     int
		reflect bool
		want    int
	}{{2, false, 4}, {2, true, 8}, {3, false, 24}, {3, true, 48}}
	for _, tt := range tests {
		ts := transforms(tt.dim, tt.reflect)
		if len(ts) != tt.want {
			t.Errorf("transforms(%d, %v): %d, want %d", tt.dim, tt.reflect, len(ts), tt.want)
		}
		p := Point{1, 2, 3}
		if ts[0].apply(p) != p {
			t.Errorf("transforms(%d, %v): first is not the identity", tt.dim, tt.reflect)
		}
		seen := map[Point]bool{}
		for _, tr := range ts {
			if !tt.reflect && tr.det() != 1 {
				t.Errorf("reflection %v among rotations", tr)
			}
			if tt.dim == 2 && !tr.planar() {
				t.Errorf("%v leaves the plane", tr)
			}
			seen[tr.apply(p)] = true
		}
		if len(seen) != tt.want {
			t.Errorf("transforms(%d, %v): %d distinct images of a generic point", tt.dim, tt.reflect, len(seen))
		}
	}
}

func TestOrientations(t *testing.T) {
	free := map[string]int{"F": 8, "I": 2, "L": 8, "N": 8, "P": 8, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 8, "Z": 4}
	oneSided := map[string]int{"F": 4, "I": 2, "L": 4, "N": 4, "P": 4, "T": 4, "U": 4, "V": 4, "W": 4, "X": 1, "Y": 4, "Z": 2}
	for _, p := range pentominoes() {
		if n := len(p.Shape.orientations(transforms(2, true))); n != free[p.Name] {
			t.Errorf("%s: %d orientations, want %d", p.Name, n, free[p.Name])
		}
		if n := len(p.Shape.orientations(transforms(2, false))); n != oneSided[p.Name] {
			t.Errorf("%s one-sided: %d orientations, want %d", p.Name, n, oneSided[p.Name])
		}
		// In space, rotations alone turn a flat piece over, into any of 3 planes; the I
		// also turns about its own axis.
		want := 3 * free[p.Name]
		if p.Name == "I" {
			want = 3
		}
		if n := len(p.Shape.orientations(transforms(3, false))); n != want {
			t.Errorf("%s in space: %d orientations, want %d", p.Name, n, want)
		}
	}
	soma, _ := Set("soma")
	want := map[string]int{"V": 12, "L": 24, "T": 12, "Z": 12, "A": 12, "B": 12, "P": 8}
	for _, p := range soma {
		if n := len(p.Shape.orientations(transforms(3, false))); n != want[p.Name] {
			t.Errorf("soma %s: %d orientations, want %d", p.Name, n, want[p.Name])
		}
	}
	a, b := soma[4].Shape, soma[5].Shape
	if slices.ContainsFunc(a.orientations(transforms(3, false)), b.equal) {
		t.Error("soma A and B are rotations of each other")
	}
	if !slices.ContainsFunc(a.orientations(transforms(3, true)), b.equal) {
		t.Error("soma A and B are not mirror images")
	}
}

func TestSets(t *testing.T) {
	tests := []struct {
		name       string
		n, cells   int
		dim        int
		reflect    bool
		wantGlyphs string
	}{
		{"monomino", 1, 1, 2, true, "M"},
		{"domino", 1, 2, 2, true, "D"},
		{"trominoes", 2, 3, 2, true, "IL"},
		{"tetrominoes", 5, 4, 2, true, "ILOST"},
		{"pentominoes", 12, 5, 2, true, "FILNPTUVWXYZ"},
		{"hexominoes", 35, 6, 2, true, "123456789abcdefghijklmnopqrstuvwxyz"},
		{"soma", 7, -1, 3, false, "VLTZABP"},
		{"pentacubes", 29, 5, 3, false, "FILNPTUVWXYZabcdefghijklmnopq"},
	}
	for _, tt := range tests {
		ps, err := Set(tt.name)
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != tt.n {
			t.Errorf("%s: %d pieces, want %d", tt.name, len(ps), tt.n)
		}
		var glyphs strings.Builder
		seen := map[string]string{}
		for _, p := range ps {
			glyphs.WriteRune(p.Glyph)
			if tt.cells > 0 && len(p.Shape) != tt.cells {
				t.Errorf("%s %s: %d cells", tt.name, p.Name, len(p.Shape))
			}
			if !connected(p.Shape) {
				t.Errorf("%s %s: not connected", tt.name, p.Name)
			}
			c := p.Shape.canonical(transforms(tt.dim, tt.reflect)).String()
			if q, dup := seen[c]; dup {
				t.Errorf("%s: %s and %s have the same shape", tt.name, q, p.Name)
			}
			seen[c] = p.Name
		}
		if glyphs.String() != tt.wantGlyphs {
			t.Errorf("%s: glyphs %q, want %q", tt.name, glyphs.String(), tt.wantGlyphs)
		}
	}
	if _, err := Set("heptominoes"); err == nil {
		t.Error("unknown set accepted")
	}
}

// connected reports whether the cells of s form one face-connected piece.
func connected(s Shape) bool {
	in := map[Point]bool{}
	for _, c := range s {
		in[c] = true
	}
	seen := map[Point]bool{s[0]: true}
	stack := []Point{s[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range []Point{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}} {
			if n := c.add(d); in[n] && !seen[n] {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	return len(seen) == len(s)
}

func TestPolyformCounts(t *testing.T) {
	// Free polyominoes (A000105) and polycubes up to rotation (A000162).
	for n, want := range []int{1, 1, 1, 2, 5, 12, 35, 108} {
		if n == 0 {
			continue
		}
		if got := len(polyforms(n, 2, transforms(2, true))); got != want {
			t.Errorf("%d-ominoes: %d, want %d", n, got, want)
		}
	}
	for n, want := range []int{1, 1, 1, 2, 8, 29} {
		if n == 0 {
			continue
		}
		if got := len(polyforms(n, 3, transforms(3, false))); got != want {
			t.Errorf("%d-cubes: %d, want %d", n, got, want)
		}
	}
}

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec    string
		names   string // name:copies ...
		wantErr string
	}{
		{"pentominoes", "F:1 I:1 L:1 N:1 P:1 T:1 U:1 V:1 W:1 X:1 Y:1 Z:1", ""},
		{"domino:3", "D:3", ""},
		{"pentominoes.X:2,domino", "X:2 D:1", ""},
		{"Pentomino.x", "X:1", ""},
		{"tetrominoes,trominoes.I", "I4:1 L:1 O:1 S:1 T:1 I3:1", ""},
		{"pentominoes.X,pentominoes.X", "X:2", ""},
		{"pentominoes,tetrominoes.O", "F:1 I:1 L:1 N:1 P:1 T:1 U:1 V:1 W:1 X:1 Y:1 Z:1 O:1", ""},
		{"", "", "empty entry"},
		{"pentominoes:0", "", "not a positive number"},
		{"octominoes", "", "unknown piece set"},
		{"pentominoes.Q", "", "has no piece"},
	}
	for _, tt := range tests {
		ps, copies, err := parsePieceList(tt.spec)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("parsePieceList(%q): error %v, want %q", tt.spec, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parsePieceList(%q): %v", tt.spec, err)
			continue
		}
		var got []string
		for i, p := range ps {
			got = append(got, fmt.Sprintf("%s:%d", p.Name, copies[i]))
		}
		if g := strings.Join(got, " "); g != tt.names {
			t.Errorf("parsePieceList(%q) = %s, want %s", tt.spec, g, tt.names)
		}
	}
}

func TestPictures(t *testing.T) {
	r, err := ParseRegion("  .##\n\n#x#\n ..#\n\n\n")
	if err != nil {
		t.Fatal(err)
	}
	// Layer 0 has cells at columns 3 and 4, layer 1 at columns 0 to 2 of its first row and
	// column 3 of its second.
	want := NewShape([]Point{{3, 0, 0}, {4, 0, 0}, {0, 0, 1}, {1, 0, 1}, {2, 0, 1}, {3, 1, 1}})
	if !r.shape().equal(want) {
		t.Errorf("region\n%s\nwant\n%s", r.shape(), want)
	}
	if w, h, d := r.Size(); w != 5 || h != 2 || d != 2 || r.Flat() {
		t.Errorf("size %dx%dx%d", w, h, d)
	}
	ps, err := ParsePieces("AAB\nA.B\r\n|BB\n")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 3 || ps[0].Name != "A" || ps[1].Name != "B" || ps[2].Name != "U+007C" || ps[2].Glyph != '|' {
		t.Fatalf("pieces %+v", ps)
	}
	if got := ps[1].Shape.String(); got != ".#\n.#\n##\n" {
		t.Errorf("piece B:\n%s", got)
	}
	for _, bad := range []string{"", "...\n  \n. .", "\n\n"} {
		if _, err := ParseRegion(bad); err == nil || !strings.Contains(err.Error(), "no cells") {
			t.Errorf("ParseRegion(%q): %v", bad, err)
		}
		if _, err := ParsePieces(bad); err == nil || !strings.Contains(err.Error(), "no cells") {
			t.Errorf("ParsePieces(%q): %v", bad, err)
		}
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		w, h, d int
		ok      bool
	}{
		{"6x10", 6, 10, 1, true}, {"3X3x3", 3, 3, 3, true}, {" 1x1 ", 1, 1, 1, true},
		{"6", 0, 0, 0, false}, {"0x5", 0, 0, 0, false}, {"2x-1", 0, 0, 0, false},
		{"1x2x3x4", 0, 0, 0, false}, {"axb", 0, 0, 0, false}, {"4096x4096", 0, 0, 0, false},
	}
	for _, tt := range tests {
		r, err := parseSize(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("parseSize(%q): %v", tt.in, err)
			continue
		}
		if err != nil {
			continue
		}
		if w, h, d := r.Size(); w != tt.w || h != tt.h || d != tt.d || r.Len() != w*h*d {
			t.Errorf("parseSize(%q) = %dx%dx%d with %d cells", tt.in, w, h, d, r.Len())
		}
	}
}

func TestCellOrder(t *testing.T) {
	// Cells are numbered along the short side first.
	for _, size := range []string{"6x10", "10x6"} {
		r, _ := parseSize(size)
		a, b := r.cell(0), r.cell(1)
		w, h, _ := r.Size()
		if w < h && (b != Point{1, 0, 0}) || w > h && (b != Point{0, 1, 0}) || a != (Point{}) {
			t.Errorf("%s: cells start %v %v", size, a, b)
		}
		for i, c := range r.Cells() {
			if j, ok := r.indexOf(c); !ok || j != i {
				t.Fatalf("%s: Index(%v) = %d, %v", size, c, j, ok)
			}
		}
	}
}

// TestPictureInvisibleCharacters refuses pictures whose characters take no column of their
// own: a combining mark (e + U+0301 shows as one é but counted as two cells), a
// right-to-left override, a zero-width joiner. Such a picture looked like one region and
// was read as another.
func TestPictureInvisibleCharacters(t *testing.T) {
	for _, pic := range []string{"##e\u0301#\n####\n", "##\u202e##\n####\n", "#\u200d#\n##\n"} {
		if _, err := ParseRegion(pic); err == nil || !strings.Contains(err.Error(), "not a cell") {
			t.Errorf("ParseRegion(%q): %v", pic, err)
		}
		if _, err := ParsePieces(pic); err == nil || !strings.Contains(err.Error(), "not a cell") {
			t.Errorf("ParsePieces(%q): %v", pic, err)
		}
	}
	// Letters of any script are cells.
	if _, err := ParsePieces("éé\nжж\n"); err != nil {
		t.Errorf("ParsePieces of accented and Cyrillic letters: %v", err)
	}
}

// TestRegionCellCap: a region from any source has at most maxCells cells, refused with the
// same limit whether given by its size, drawn or listed.
func TestRegionCellCap(t *testing.T) {
	line := strings.Repeat("#", 1024) + "\n"
	if _, err := ParseRegion(strings.Repeat(line, maxCells/1024)); err != nil {
		t.Errorf("picture of %d cells: %v", maxCells, err)
	}
	if _, err := ParseRegion(strings.Repeat(line, maxCells/1024) + "#\n"); err == nil || !strings.Contains(err.Error(), "more than the 1048576 cells") {
		t.Errorf("picture of %d cells: %v, want refused", maxCells+1, err)
	}
	if _, err := Box(1024, 1024, 2); err == nil {
		t.Errorf("box of %d cells accepted", 2*maxCells)
	}
	if _, err := parseSize("1024x1025"); err == nil {
		t.Errorf("size of %d cells accepted", 1024*1025)
	}
	cells := make([]Point, maxCells+1)
	for i := range cells {
		cells[i] = Point{X: i}
	}
	if _, err := NewRegion(cells); err == nil {
		t.Errorf("list of %d cells accepted", len(cells))
	}
}
