package sudoku

import (
	"errors"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

func TestResultWriter(t *testing.T) {
	b := mustBoard(t, Spec{BoxRows: 2, BoxCols: 2})
	puzzle := mustParse(t, "1.3.3.1.2.4.4.2.", 4)
	sol := mustParse(t, "1234341221434321", 4)
	solved := Result{Puzzle: Puzzle{Line: 3, Grid: puzzle, Alphabet: OneBased}, Count: 1, Solution: sol}
	none := Result{Puzzle: Puzzle{Line: 5, Grid: puzzle, Alphabet: OneBased}}
	bad := Result{Puzzle: Puzzle{Line: 7, Err: &LineError{7, errors.New("bad")}}}
	tests := []struct {
		format string
		count  bool
		want   string // for solved, none and bad
	}{
		{FormatLine, false, "1234341221434321\n" + NoSolution + "\n# malformed line 7\n"},
		{FormatLine, true, "1\n0\n# malformed line 7\n"},
		{FormatJSON, false, `{"solution":"1234341221434321","solutions":1}` + "\n" + `{"solution":null,"solutions":0}` + "\n" + `{"line":7,"error":"line 7: bad"}` + "\n"},
		{FormatJSON, true, `{"solutions":1}` + "\n" + `{"solutions":0}` + "\n" + `{"line":7,"error":"line 7: bad"}` + "\n"},
		{FormatText, false, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n" + NoSolution + " (line 5)\n\n# malformed line 7\n"},
	}
	for _, tt := range tests {
		var sb strings.Builder
		rw, err := NewResultWriter(&sb, b, tt.format, tt.count)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []Result{solved, none, bad} {
			if err := rw.Write(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := rw.Flush(); err != nil || sb.String() != tt.want {
			t.Errorf("%s, count %v: %q, %v; want %q", tt.format, tt.count, sb.String(), err, tt.want)
		}
	}
	if _, err := NewResultWriter(&strings.Builder{}, b, "png", false); err == nil {
		t.Errorf("format png accepted")
	}
	// SVG: one picture as it is; several side by side, four a row.
	for _, n := range []int{1, 2, 5} {
		var sb strings.Builder
		rw, _ := NewResultWriter(&sb, b, FormatSVG, false)
		for range n {
			rw.Write(solved)
		}
		rw.Write(bad) // not drawn
		rw.Flush()
		if got := strings.Count(sb.String(), "<svg"); got != n+min(n-1, 1) {
			t.Errorf("%d grids: %d <svg> elements, want %d", n, got, n+min(n-1, 1))
		}
		if n == 5 && !strings.Contains(sb.String(), `translate(0,`) {
			t.Errorf("5 grids: no second row")
		}
	}
}

func TestWriteDLX(t *testing.T) {
	b := mustBoard(t, Spec{})
	g := mustParse(t, classic, 9)
	var sb strings.Builder
	if err := b.WriteDLX(&sb, Puzzle{Line: 4, Grid: g, Alphabet: OneBased}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sb.String(), "| line 4: 9x9 (3x3 boxes) "+classic+"\n") {
		t.Errorf("comment line %q", strings.SplitN(sb.String(), "\n", 2)[0])
	}
	f, err := dlx.Parse(strings.NewReader(sb.String()), "sudoku.dlx")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := b.Encode(g, GivensOmit)
	opts, err := e.Options(mustParse(t, classicSol, 9))
	if err != nil {
		t.Fatal(err)
	}
	if v := verify.Check(f.Problem, opts); len(v) > 0 {
		t.Errorf("the solution's options do not solve the written problem: %s", v[0].Msg)
	}
}
