package present_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/tiling"
)

func tilingPuzzle(t *testing.T, pieces, size string) *tiling.Puzzle {
	t.Helper()
	spec := tiling.Spec{Pieces: pieces, Size: size}
	tp, _, err := spec.Puzzle()
	if err != nil {
		t.Fatal(err)
	}
	return tp
}

// listed returns every solution of pz, each checked by the puzzle's own checker.
func listed(t *testing.T, pz puzzle.Puzzle) [][]int {
	t.Helper()
	var sols [][]int
	sv, _ := xcover.NewSolver(pz.Problem(), xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		if err := pz.Check(sol); err != nil {
			t.Fatal(err)
		}
		sols = append(sols, sol)
	}
	return sols
}

// TestListWriter writes the tilings of flat and solid regions in each format: text
// separated by a blank line (by "-" for solids), one JSON object a line with "class"
// where given, and one SVG picture at Flush.
func TestListWriter(t *testing.T) {
	for _, tc := range []struct {
		pieces, size, between string
	}{
		{"pentominoes", "20x3", "\n"},
		{"domino:2", "2x1x2", "-\n"},
	} {
		pz, err := puzzle.Tiling(tilingPuzzle(t, tc.pieces, tc.size), puzzle.TilingOptions{Title: tc.size})
		if err != nil {
			t.Fatal(err)
		}
		sols := listed(t, pz)
		if len(sols) < 2 {
			t.Fatalf("%s on %s: %d tilings, want at least 2", tc.pieces, tc.size, len(sols))
		}
		sols = sols[:2]
		write := func(format string, class int) string {
			var b strings.Builder
			lw, err := present.NewListWriter(&b, pz, format)
			if err != nil {
				t.Fatal(err)
			}
			for _, sol := range sols {
				if err := lw.Write(sol, class); err != nil {
					t.Fatal(err)
				}
			}
			if err := lw.Flush(); err != nil {
				t.Fatal(err)
			}
			if lw.Written() != len(sols) {
				t.Errorf("%s: Written %d, want %d", format, lw.Written(), len(sols))
			}
			return b.String()
		}
		if got, want := write(present.FormatText, 0), pz.Text(sols[0])+tc.between+pz.Text(sols[1]); got != want {
			t.Errorf("%s text:\n%s\nwant\n%s", tc.size, got, want)
		}
		for _, class := range []int{0, 4} {
			lines := strings.Split(strings.TrimSuffix(write(present.FormatJSON, class), "\n"), "\n")
			if len(lines) != len(sols) {
				t.Fatalf("%s json: %d lines, want %d", tc.size, len(lines), len(sols))
			}
			for i, line := range lines {
				var got struct {
					present.TilingJSON
					Class int `json:"class"`
				}
				if err := json.Unmarshal([]byte(line), &got); err != nil {
					t.Fatalf("%s json: %v: %s", tc.size, err, line)
				}
				want, _ := json.Marshal(present.NewTilingJSON(pz.Text(sols[i]), pz.About().Solid))
				if back, _ := json.Marshal(got.TilingJSON); string(back) != string(want) || got.Class != class {
					t.Errorf("%s json, class %d: %s", tc.size, class, line)
				}
			}
		}
		if svg := write(present.FormatSVG, 0); !strings.HasPrefix(svg, "<svg") || !strings.HasSuffix(svg, "</svg>\n") {
			t.Errorf("%s svg: %.60q...", tc.size, svg)
		}
	}
}

// TestListWriterRefuses checks that a ListWriter refuses a format the puzzle cannot give.
func TestListWriterRefuses(t *testing.T) {
	f, err := dlx.Parse(strings.NewReader("A B\nA B\n"), "p.dlx")
	if err != nil {
		t.Fatal(err)
	}
	pz := puzzle.DLX(f, "p.dlx")
	for _, format := range []string{present.FormatJSON, "png"} {
		if _, err := present.NewListWriter(&strings.Builder{}, pz, format); err == nil {
			t.Errorf("format %s of a DLX problem: no error", format)
		}
	}
	var b strings.Builder
	lw, err := present.NewListWriter(&b, pz, present.FormatText)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := xcover.NewSolver(pz.Problem(), xcover.Config{})
	want := ""
	for sol := range s.Solutions(context.Background()) {
		lw.Write(sol, 0)
		want = pz.Text(sol)
	}
	if want == "" || b.String() != want {
		t.Errorf("text of a DLX problem: %q, want %q", b.String(), want)
	}
}

// TestTilingJSONLayers groups a Soma cube tiling's picture by layer in its JSON: three
// layers of three rows, every one of the 27 cells drawn once; a flat tiling has rows.
func TestTilingJSONLayers(t *testing.T) {
	pz, err := puzzle.Tiling(tilingPuzzle(t, "soma", "3x3x3"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol := listed(t, pz)[0]
	layers := present.NewTilingJSON(pz.Text(sol), pz.About().Solid).Layers
	cells := 0
	for _, l := range layers {
		if len(l) != 3 {
			t.Fatalf("layer of %d rows: %q", len(l), layers)
		}
		for _, r := range l {
			cells += len(strings.TrimSpace(r))
		}
	}
	if len(layers) != 3 || cells != 27 {
		t.Fatalf("layers %q", layers)
	}
	flat, err := puzzle.Tiling(tilingPuzzle(t, "domino:2", "2x2"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sol = listed(t, flat)[0]
	if j := present.NewTilingJSON(flat.Text(sol), flat.About().Solid); j.Layers != nil || len(j.Rows) != 2 {
		t.Fatalf("flat: %+v", j)
	}
}

// TestWriteAll writes two tilings at once in each format and compares with a ListWriter
// fed one at a time; a format the puzzle lacks is refused with nothing written.
func TestWriteAll(t *testing.T) {
	pz, err := puzzle.Tiling(tilingPuzzle(t, "domino:3", "2x3"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sols := listed(t, pz)[:2]
	for _, format := range []string{present.FormatText, present.FormatJSON, present.FormatSVG} {
		var all, one strings.Builder
		if err := present.WriteAll(&all, pz, format, sols...); err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		lw, _ := present.NewListWriter(&one, pz, format)
		lw.Write(sols[0], 0)
		lw.Write(sols[1], 0)
		lw.Flush()
		if all.String() != one.String() || all.Len() == 0 {
			t.Errorf("%s: WriteAll wrote %q, a ListWriter %q", format, all.String(), one.String())
		}
	}
	dp := puzzle.DLX(&dlx.File{Problem: pz.Problem()}, "p")
	var b strings.Builder
	if err := present.WriteAll(&b, dp, present.FormatJSON, sols...); err == nil || b.Len() > 0 {
		t.Errorf("a DLX problem as JSON: %v, wrote %q", err, b.String())
	}
}
