package queens

import (
	"context"
	"strings"
	"testing"
)

// TestListWriter writes the solutions of small boards in every format and checks what
// each format says of them: every board found, each solution checked first.
func TestListWriter(t *testing.T) {
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
		{"files past TextBoardMax", [][]int{wide}, FormatText, 1, []string{"0 1 2 3"}, 1, false, 0},
		{"svg", six, FormatSVG, 1, nil, 0, true, 2},
		{"html", six[:1], FormatHTML, 2, []string{"<html", "6 queens, 2 per line"}, -1, false, 0},
	}
	for _, tt := range tests {
		var out strings.Builder
		lw, err := NewListWriter(&out, len(tt.boards[0]), tt.perLine, tt.format)
		if err != nil {
			t.Fatal(err)
		}
		for _, cols := range tt.boards {
			if tt.format != FormatText || len(cols) <= TextBoardMax {
				if err := Check(cols); err != nil {
					t.Fatalf("%s: %v", tt.name, err)
				}
			}
			if err := lw.Write(BoardOf(cols)); err != nil {
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
		if lw.Written() != len(tt.boards) {
			t.Errorf("%s: Written = %d, want %d", tt.name, lw.Written(), len(tt.boards))
		}
		if err := lw.Flush(); err != nil {
			t.Fatal(err)
		}
		if flushed := out.Len() > len(got); flushed != tt.flushed {
			t.Errorf("%s: Flush wrote %v, want %v", tt.name, flushed, tt.flushed)
		}
		if tt.svgBoard > 0 {
			if boards, queens := svgQueens(t, []byte(out.String())); boards != tt.svgBoard || queens != 6*tt.svgBoard {
				t.Errorf("%s: %d boards, %d queens in the picture", tt.name, boards, queens)
			}
		}
	}
	if _, err := NewListWriter(&strings.Builder{}, 8, 1, "png"); err == nil {
		t.Errorf("format png accepted")
	}
}

// TestWriteCensus writes the census of 6 queens (one orbit of four solutions) in every
// format: the representative's board in a picture, JSON lines, and text for text and html.
func TestWriteCensus(t *testing.T) {
	c, err := TakeCensus(context.Background(), 6, 0)
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
		lw, err := NewListWriter(&out, 6, 1, tc.format)
		if err != nil {
			t.Fatal(err)
		}
		if err := lw.WriteCensus(c); err != nil || !strings.Contains(out.String(), tc.has) {
			t.Errorf("%s: %v, output lacks %q:\n%s", tc.format, err, tc.has, out.String())
		}
	}
}
