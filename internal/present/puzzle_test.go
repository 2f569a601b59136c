package present_test

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
)

// TestWritePuzzleText makes puzzles of each kind and writes them as text: the pre-placed
// picture first, then the solution's picture unchanged but for the marks, which stand
// exactly where the pre-placed picture has its queens or covered cells, and a legend
// (none for a DLX problem, written as a plain listing).
func TestWritePuzzleText(t *testing.T) {
	queens8, err := puzzle.Queens(8, 1)
	if err != nil {
		t.Fatal(err)
	}
	pento, err := puzzle.Tiling(tilingPuzzle(t, "pentominoes", "10x6"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	soma, err := puzzle.Tiling(tilingPuzzle(t, "soma", "3x3x3"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	f, err := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"), "abc.dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pz     puzzle.Puzzle
		sep    string // between the two pictures
		legend string // the last line's start; "" for none
	}{
		{queens8, "\n", "G: "},
		{pento, "\n", "#: "},
		{soma, "-\n", "#: "},
		{puzzle.DLX(f, "abc"), "\n", ""},
	} {
		title := c.pz.About().Title
		for seed := range uint64(3) {
			givens, sol, err := puzzle.Make(context.Background(), c.pz, xcover.Config{Random: true, Seed: seed})
			if err != nil || sol == nil {
				t.Fatalf("%s: Make: %v, %v", title, sol, err)
			}
			var sb strings.Builder
			if err := present.WritePuzzleText(&sb, c.pz, givens, sol); err != nil {
				t.Fatal(err)
			}
			pre, full := c.pz.Text(givens), c.pz.Text(sol)
			rest, ok := strings.CutPrefix(sb.String(), pre+c.sep)
			if !ok {
				t.Fatalf("%s: %q does not start with the pre-placed picture %q", title, sb.String(), pre)
			}
			if c.legend == "" {
				if rest != full {
					t.Errorf("%s: %q, want the solution %q", title, rest, full)
				}
				continue
			}
			lines := strings.Split(strings.TrimSuffix(rest, "\n"), "\n")
			if !strings.HasPrefix(lines[len(lines)-1], c.legend) {
				t.Errorf("%s: legend %q", title, lines[len(lines)-1])
			}
			marked := strings.Join(lines[:len(lines)-1], "\n") + "\n"
			var unmarked string
			want, got := 0, 0
			if c.pz.About().Kind == "queens" {
				unmarked = strings.ReplaceAll(marked, "G", "Q")
				want, got = len(givens), strings.Count(marked, "G")
				for i := range marked {
					if (marked[i] == 'G') != (i < len(pre) && pre[i] == 'Q') {
						t.Fatalf("%s: mark at %d of %q, pre-placed %q", title, i, marked, pre)
					}
				}
			} else {
				pl, fl := strings.Split(pre, "\n"), strings.Split(full, "\n")
				var left []string
				for i, l := range strings.Split(marked, "\n") {
					row, marks, _ := strings.Cut(l, "   ")
					left = append(left, strings.TrimRight(row, " "))
					for j, m := range marks {
						if (m == '#') != (pl[i][j] != '.' && pl[i][j] != ' ') || (m == ' ') != (fl[i][j] == ' ') {
							t.Fatalf("%s: row %d mark %d %q, pre-placed %q", title, i, j, l, pl[i])
						}
					}
					got += strings.Count(marks, "#")
				}
				unmarked = strings.Join(left, "\n")
				want = len(strings.Map(func(r rune) rune { // the pre-placed pieces' cells
					if r == '.' || r == ' ' || r == '\n' {
						return -1
					}
					return r
				}, pre))
			}
			if unmarked != full || got == 0 || got != want {
				t.Errorf("%s: %d marks for %d pre-placed, want %d; %q, want %q", title, got, len(givens), want, unmarked, full)
			}
		}
	}
}

// TestWritePuzzle writes a made puzzle in each format: as text, svg and JSON it is what
// WritePuzzleText, the puzzle's DrawGiven of both pictures and WriteAll of the two write.
func TestWritePuzzle(t *testing.T) {
	pz, err := puzzle.Tiling(tilingPuzzle(t, "pentominoes", "10x6"), puzzle.TilingOptions{})
	if err != nil {
		t.Fatal(err)
	}
	givens, sol, err := puzzle.Make(context.Background(), pz, xcover.Config{})
	if err != nil || sol == nil {
		t.Fatalf("Make: %v, %v", sol, err)
	}
	for _, c := range []struct {
		format string
		want   func(w io.Writer) error
	}{
		{present.FormatText, func(w io.Writer) error { return present.WritePuzzleText(w, pz, givens, sol) }},
		{present.FormatSVG, func(w io.Writer) error { return pz.DrawGiven(w, givens, [][]int{givens, sol}) }},
		{present.FormatJSON, func(w io.Writer) error { return present.WriteAll(w, pz, present.FormatJSON, givens, sol) }},
	} {
		var got, want strings.Builder
		if err := present.WritePuzzle(&got, pz, c.format, givens, sol); err != nil {
			t.Fatalf("%s: %v", c.format, err)
		}
		if err := c.want(&want); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() || got.Len() == 0 {
			t.Errorf("%s: wrote %q, want %q", c.format, got.String(), want.String())
		}
	}
}
