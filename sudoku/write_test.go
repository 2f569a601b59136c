package sudoku

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

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
		if sb.Len() != 0 && tt.format != FormatText { // WriteText flushes grid by grid
			t.Errorf("%s, count %v: %q written before Flush, want it buffered", tt.format, tt.count, sb.String())
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

// TestWriteAll solves a small input through a ResultWriter: every result written in input
// order, the tally, malformed lines reported, progress called.
func TestWriteAll(t *testing.T) {
	b := mustBoard(t, Spec{BoxRows: 2, BoxCols: 2})
	input := "1.34341.2.4343.1\n123\n11..............\n................\n"
	var sb strings.Builder
	rw, err := NewResultWriter(&sb, b, FormatLine, false)
	if err != nil {
		t.Fatal(err)
	}
	var malformed []error
	var reports []Tally
	opt := WriteAllOptions{SolveOptions: SolveOptions{Limit: 2, Workers: 1},
		Malformed:        func(err error) { malformed = append(malformed, err) },
		Progress:         func(t Tally) { reports = append(reports, t) },
		ProgressInterval: time.Nanosecond}
	st, err := rw.WriteAll(context.Background(), NewReader(strings.NewReader(input), 4, ReadOptions{}), opt)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(sb.String(), "\n")
	if len(lines) != 5 || lines[0] != "1234341221434321" || lines[1] != "# malformed line 2" || lines[2] != NoSolution || len(lines[3]) != 16 {
		t.Errorf("output %q", sb.String())
	}
	if want := (Tally{Puzzles: 4, NoSolution: 1, NotUnique: 1, Malformed: 1}); st != want {
		t.Errorf("tally %+v, want %+v", st, want)
	}
	if len(malformed) != 1 || !strings.Contains(malformed[0].Error(), "line 2") {
		t.Errorf("malformed %v, want the error of line 2", malformed)
	}
	if len(reports) == 0 || reports[len(reports)-1].Puzzles > 4 {
		t.Errorf("progress reports %+v", reports)
	}
}

// TestWriteAllInterrupted cuts WriteAll off in the middle of a puzzle: a count so far is
// written as partial in JSON only, and the error says what was done.
func TestWriteAllInterrupted(t *testing.T) {
	b := mustBoard(t, Spec{BoxRows: 2, BoxCols: 2})
	sol := mustParse(t, "1234341221434321", 4)
	input := "1.3.3.1.2.4.4.2.\n................\n"
	tests := []struct {
		format string
		count  bool
		out    string
		msg    string
	}{
		{FormatJSON, true, `{"solutions":1}` + "\n" + `{"solutions":3,"partial":true}` + "\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{FormatLine, true, "1\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{FormatLine, false, "1234341221434321\n", "sudoku: interrupted after 1 puzzles"},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		solve := func(ctx context.Context, _ Grid, _ uint64, g Grid) (uint64, error) {
			if calls++; calls == 1 {
				copy(g, sol)
				return 1, nil
			}
			cancel() // in the middle of the second puzzle, 3 solutions found
			return 3, ctx.Err()
		}
		var sb strings.Builder
		rw, _ := NewResultWriter(&sb, b, tt.format, tt.count)
		opt := WriteAllOptions{SolveOptions: SolveOptions{Workers: 1, Solve: solve}}
		st, err := rw.WriteAll(ctx, NewReader(strings.NewReader(input), 4, ReadOptions{}), opt)
		cancel()
		cut, ok := errors.AsType[*Interrupted](err)
		if !ok || !errors.Is(err, context.Canceled) || cut.Error() != tt.msg || sb.String() != tt.out || st.Puzzles != 1 {
			t.Errorf("%s, count %v: output %q, tally %+v, error %v; want %q and %q", tt.format, tt.count, sb.String(), st, err, tt.out, tt.msg)
		}
	}
}
