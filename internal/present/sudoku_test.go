package present

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/sudoku"
)

// The tests of what the sudoku command prints, moved here from the command with it.

func mustSudokuBoard(t testing.TB, s sudoku.Variant) *sudoku.Board {
	t.Helper()
	b, err := sudoku.NewBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mustSudokuGrid reads the puzzle on one line s for a board of side n.
func mustSudokuGrid(t testing.TB, s string, n int) sudoku.Grid {
	t.Helper()
	rd := sudoku.NewReader(strings.NewReader(s), n, sudoku.ReadOptions{})
	p, ok := rd.Next()
	if !ok || p.Err != nil {
		t.Fatalf("%q: %v %v", s, p.Err, rd.Err())
	}
	return p.Grid
}

// TestSudokuTally checks the summary line of a run over every kind of result.
func TestSudokuTally(t *testing.T) {
	bad := sudoku.Puzzle{Line: 3, Err: errors.New("malformed")}
	tests := []struct {
		name     string
		results  []sudoku.Result
		counting bool
		want     string
		elapsed  time.Duration // 0: 2 s; negative: none
	}{
		{"empty", nil, false, "0 puzzles in 2.000 s: 0 puzzles/s", 0},
		{"no time", []sudoku.Result{{Count: 1}, {Count: 0}}, false, "2 puzzles in 0.000 s (1 without solution)", -1},
		{"one", []sudoku.Result{{Count: 1}}, false, "1 puzzle in 2.000 s: 0 puzzles/s", 0},
		{"all kinds", []sudoku.Result{{Count: 1}, {Count: 0}, {Count: 2}, {Puzzle: bad}, {Count: 2}}, false,
			"5 puzzles in 2.000 s: 2 puzzles/s (1 without solution, 2 not unique, 1 malformed)", 0},
		{"counting", []sudoku.Result{{Count: 2}, {Count: 7}, {Count: 0}}, true,
			"3 puzzles in 2.000 s: 2 puzzles/s (1 without solution)", 0},
		{"cut off", []sudoku.Result{{Count: 1}, {Count: 1, Err: context.Canceled}}, false,
			"1 puzzle in 2.000 s: 0 puzzles/s", 0},
	}
	for _, tt := range tests {
		var tl SudokuTally
		for _, r := range tt.results {
			tl.Add(r, tt.counting)
		}
		elapsed := 2 * time.Second
		if tt.elapsed != 0 {
			elapsed = max(0, tt.elapsed)
		}
		if got := tl.Summary(elapsed); got != tt.want {
			t.Errorf("%s: Summary = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestSudokuSetJSON: the web API's set answer spells the tally as it always did, flat.
func TestSudokuSetJSON(t *testing.T) {
	set := SudokuSet{SudokuTally: SudokuTally{Puzzles: 4, NoSolution: 1, NotUnique: 2, Malformed: 3}, Elapsed: 0.5, Summary: "s", Results: []SudokuResult{}}
	b, err := json.Marshal(set)
	if want := `{"puzzles":4,"noSolution":1,"notUnique":2,"malformed":3,"elapsed":0.5,"summary":"s","results":[]}`; err != nil || string(b) != want {
		t.Errorf("SudokuSet JSON %s, %v; want %s", b, err, want)
	}
}

// TestResultWriter writes a solved, an unsolvable and a malformed puzzle in every format.
func TestResultWriter(t *testing.T) {
	b := mustSudokuBoard(t, sudoku.Variant{BoxRows: 2, BoxCols: 2})
	puzzle := mustSudokuGrid(t, "1.3.3.1.2.4.4.2.", 4)
	sol := mustSudokuGrid(t, "1234341221434321", 4)
	solved := sudoku.Result{Puzzle: sudoku.Puzzle{Line: 3, Grid: puzzle, Alphabet: sudoku.OneBased}, Count: 1, Solution: sol}
	none := sudoku.Result{Puzzle: sudoku.Puzzle{Line: 5, Grid: puzzle, Alphabet: sudoku.OneBased}}
	bad := sudoku.Result{Puzzle: sudoku.Puzzle{Line: 7, Err: &sudoku.LineError{Line: 7, Err: errors.New("bad")}}}
	tests := []struct {
		format string
		count  bool
		want   string // for solved, none and bad
	}{
		{FormatLine, false, "1234341221434321\n" + SudokuNoSolution + "\n# malformed line 7\n"},
		{FormatLine, true, "1\n0\n# malformed line 7\n"},
		{FormatJSON, false, `{"solution":"1234341221434321","solutions":1}` + "\n" + `{"solution":null,"solutions":0}` + "\n" + `{"line":7,"error":"line 7: bad"}` + "\n"},
		{FormatJSON, true, `{"solutions":1}` + "\n" + `{"solutions":0}` + "\n" + `{"line":7,"error":"line 7: bad"}` + "\n"},
		{FormatText, false, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n\n" + SudokuNoSolution + " (line 5)\n\n# malformed line 7\n"},
	}
	for _, tt := range tests {
		var sb strings.Builder
		rw, err := NewSudokuWriter(&sb, b, tt.format, tt.count)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range []sudoku.Result{solved, none, bad} {
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
	if _, err := NewSudokuWriter(&strings.Builder{}, b, "png", false); err == nil {
		t.Errorf("format png accepted")
	}
	// SVG: one picture as it is; several side by side, four a row.
	for _, n := range []int{1, 2, 5} {
		var sb strings.Builder
		rw, _ := NewSudokuWriter(&sb, b, FormatSVG, false)
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
