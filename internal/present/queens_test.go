package present

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"github.com/xcover/xcover/queens"
)

// TestQueensWriter writes the solutions of small boards in every format and checks what
// each format says of them: every board found, each solution checked first.
func TestQueensWriter(t *testing.T) {
	six := [][]int{{1, 3, 5, 0, 2, 4}, {2, 5, 1, 4, 0, 3}} // two of the four 6-queens solutions
	wide := make([]int, 0, 101)
	for f := range 101 {
		wide = append(wide, f) // not a solution: the writer only draws
	}
	tests := []struct {
		name     string
		boards   [][]int
		format   string
		perLine  int
		has      []string
		lines    int // lines written, before Flush
		flushed  bool
		svgBoard int // boards in the picture after Flush
	}{
		{"text", six, FormatText, 1, []string{". Q . . . .\n", ". . . . Q .\n\n. . Q . . ."}, 13, false, 0},
		{"json", six, FormatJSON, 1, []string{`{"queens":[1,3,5,0,2,4]}` + "\n", `{"queens":[2,5,1,4,0,3]}`}, 2, false, 0},
		{"files past queensTextMax", [][]int{wide}, FormatText, 1, []string{"0 1 2 3"}, 1, false, 0},
		{"svg", six, FormatSVG, 1, nil, 0, true, 2},
		{"html", six[:1], FormatHTML, 2, []string{"<html", "6 queens, 2 per line"}, -1, false, 0},
	}
	for _, tt := range tests {
		var out strings.Builder
		lw, err := NewQueensWriter(&out, len(tt.boards[0]), tt.perLine, tt.format)
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range tt.boards {
			if tt.format != FormatText || len(cols) <= queensTextMax {
				if err := queens.Check(queens.BoardOf(cols), 1); err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
			}
			if err := lw.Write(queens.BoardOf(cols)); err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		got := out.String()
		for _, s := range tt.has {
			if !strings.Contains(got, s) {
				t.Errorf("%s: output lacks %q:\n%s", tt.name, s, got)
			}
		}
		if tt.lines >= 0 && strings.Count(got, "\n") != tt.lines {
			t.Errorf("%s: %d lines, want %d:\n%s", tt.name, strings.Count(got, "\n"), tt.lines, got)
		}
		if lw.written != len(tt.boards) {
			t.Errorf("%s: written = %d, want %d", tt.name, lw.written, len(tt.boards))
		}
		if err := lw.Flush(); err != nil {
			t.Fatal(err)
		}
		if flushed := out.Len() > len(got); flushed != tt.flushed {
			t.Errorf("%s: flush wrote %v, want %v", tt.name, flushed, tt.flushed)
		}
		if tt.svgBoard > 0 {
			if boards, nq := svgBoards(t, []byte(out.String())); boards != tt.svgBoard || nq != 6*tt.svgBoard {
				t.Errorf("%s: %d boards, %d queens in the picture", tt.name, boards, nq)
			}
		}
	}
	if _, err := NewQueensWriter(&strings.Builder{}, 8, 1, "png"); err == nil {
		t.Errorf("format png accepted")
	}
}

// TestWriteCensus writes the census of 6 queens (one orbit of four solutions) in every
// format: the representative's board in a picture, JSON lines, and text for text and html.
func TestWriteCensus(t *testing.T) {
	c, err := queens.TakeCensus(context.Background(), 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format string
		has    string
	}{
		{FormatSVG, "<svg"},
		{FormatJSON, `{"solutions":4,"orbits":1,`},
		{FormatText, "4 solutions in 1 orbits; Burnside:"},
		{FormatHTML, "4 solutions in 1 orbits; Burnside:"},
	} {
		var out strings.Builder
		lw, err := NewQueensWriter(&out, 6, 1, tc.format)
		if err != nil {
			t.Fatal(err)
		}
		if err := lw.WriteCensus(c); err != nil || !strings.Contains(out.String(), tc.has) {
			t.Errorf("%s: %v, output lacks %q:\n%s", tc.format, err, tc.has, out.String())
		}
	}
}

// svgBoards parses an SVG document and returns the number of boards (<g> elements) and
// queens (elements of class "queen").
func svgBoards(t *testing.T, doc []byte) (boards, queenCount int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root {
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v", se.Name)
			}
			root = false
		}
		if se.Name.Local == "g" {
			boards++
		}
		for _, a := range se.Attr {
			if a.Name.Local == "class" && a.Value == "queen" {
				queenCount++
			}
		}
	}
	return boards, queenCount
}

// TestWriteCensusText writes the census of the 6-queens problem: one orbit of four
// solutions, fixed by the half turn; a census one fixed point short says MISMATCH.
func TestWriteCensusText(t *testing.T) {
	c, err := queens.TakeCensus(context.Background(), 6, 0)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := writeCensusText(&b, c); err != nil {
		t.Fatal(err)
	}
	want := "1 3 5 0 2 4  orbit size 4, fixed by identity rot180\n" +
		"4 solutions in 1 orbits; Burnside: (4 + 0 + 4 + 0 + 0 + 0 + 0 + 0)/8 = 1\n"
	if b.String() != want {
		t.Errorf("census of 6:\n%s\nwant\n%s", b.String(), want)
	}
	c.Fixed[0]--
	b.Reset()
	writeCensusText(&b, c)
	if !strings.Contains(b.String(), "MISMATCH") {
		t.Errorf("a census one fixed point short passed:\n%s", b.String())
	}
}

// TestQueensCountReport checks a count's JSON spelling and its text, with and without the
// essentially different solutions.
func TestQueensCountReport(t *testing.T) {
	distinct := uint64(12)
	for _, tc := range []struct {
		r          QueensCount
		json, text string
	}{
		{QueensCount{N: 8, Solutions: 92, Engine: "bitboard", Seconds: 0.5},
			`{"n":8,"solutions":92,"engine":"bitboard","seconds":0.5}`, "92\n"},
		{QueensCount{N: 8, Solutions: 92, Distinct: &distinct, Engine: "bitboard", Partial: true},
			`{"n":8,"solutions":92,"distinct":12,"engine":"bitboard","seconds":0,"partial":true}`,
			"92 solutions so far, essentially different unknown (partial)\n"}, // issue 41, fault 13
		{QueensCount{N: 6, PerLine: 2, Solutions: 1097, Engine: "xc"},
			`{"n":6,"perLine":2,"solutions":1097,"engine":"xc","seconds":0}`, "1097\n"},
	} {
		b, err := json.Marshal(tc.r)
		if err != nil || string(b) != tc.json {
			t.Errorf("JSON %s, %v; want %s", b, err, tc.json)
		}
		if got := tc.r.Text(); got != tc.text {
			t.Errorf("Text %q, want %q", got, tc.text)
		}
	}
}

// TestNoQueensSolution: what a listing that finds nothing says, for each reason.
func TestNoQueensSolution(t *testing.T) {
	for _, tc := range []struct {
		n, perLine int
		via        bool
		want       string
	}{
		{3, 1, false, "no solution: N = 3 has none (every N from 4 up has some)"},
		{4, 3, false, "no solution: 3 queens per line do not fit on a 4x4 board"},
		{3, 1, true, "no solution"},
	} {
		if got := NoQueensSolution(tc.n, tc.perLine, tc.via); got != tc.want {
			t.Errorf("n=%d: %q, want %q", tc.n, got, tc.want)
		}
	}
}
