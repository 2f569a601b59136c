package main

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/writes"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

// The tests of what the sudoku command prints, moved here from the sudoku package with it.

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
	g, _ := parseSudokuLine(t, s, n, sudoku.Auto)
	return g
}

// parseSudokuLine reads the puzzle on one line s for a board of side n in alphabet a, and
// returns it with the alphabet it was read in.
func parseSudokuLine(t testing.TB, s string, n int, a sudoku.Alphabet) (sudoku.Grid, sudoku.Alphabet) {
	t.Helper()
	rd := sudoku.NewReader(strings.NewReader(s), n, sudoku.ReadOptions{Alphabet: a})
	p, ok := rd.Next()
	if !ok || p.Err != nil {
		t.Fatalf("%q: %v %v", s, p.Err, rd.Err())
	}
	return p.Grid, p.Alphabet
}

func TestWriteAllDLX(t *testing.T) {
	b, err := sudoku.NewBoard(sudoku.Variant{BoxRows: 3, BoxCols: 3})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		input    string
		problems int // problems written
		bad      []int
	}{
		{"one", sudokuClassic + "\n", 1, nil},
		{"two and a malformed", sudokuClassic + "\n123\n" + sudokuClassic + "\n", 2, []int{2}},
		{"none", "# nothing\n", 0, nil},
	}
	for _, tt := range tests {
		var out strings.Builder
		wc := &writes.Counter{W: &out}
		var lines []int
		rd := sudoku.NewReader(strings.NewReader(tt.input), 9, sudoku.ReadOptions{})
		n, err := sudokuWriteAllDLX(wc, b, rd, func(err error) {
			var le *sudoku.LineError
			if errors.As(err, &le) {
				lines = append(lines, le.Line)
			}
		})
		if err != nil || n != len(tt.bad) || len(lines) != len(tt.bad) || (len(lines) > 0 && lines[0] != tt.bad[0]) {
			t.Errorf("%s: %d malformed (lines %v), %v; want lines %v", tt.name, n, lines, err, tt.bad)
		}
		if got := strings.Count(out.String(), "| line "); got != tt.problems {
			t.Errorf("%s: %d problems written, want %d", tt.name, got, tt.problems)
		}
		if tt.problems == 2 && !strings.Contains(out.String(), "\n\n| line 3: ") {
			t.Errorf("%s: no blank line before the second problem", tt.name)
		}
		if wc.N > tt.problems { // dlx.Write flushes the buffer it shares
			t.Errorf("%s: %d writes for %d problems, want them buffered", tt.name, wc.N, tt.problems)
		}
	}
}

func TestSolveWith(t *testing.T) {
	b, err := sudoku.NewBoard(sudoku.Variant{BoxRows: 3, BoxCols: 3})
	if err != nil {
		t.Fatal(err)
	}
	solve := sudokuSolveWith(b, problems.SolveAll) // the engine, as an external solver answers
	tests := []struct {
		puzzle string
		limit  uint64
		want   uint64
		sol    string
	}{
		{sudokuClassic, 2, 1, sudokuClassicSol},
		{"." + sudokuClassic[1:], 0, 1, sudokuClassicSol},
		{"55" + sudokuClassic[2:], 2, 0, ""},
		{strings.Repeat(".", 81), 3, 3, ""},
	}
	for _, tt := range tests {
		p, a := parseSudokuLine(t, tt.puzzle, 9, sudoku.Auto)
		sol := make(sudoku.Grid, 81)
		n, err := solve(context.Background(), p, tt.limit, sol)
		if err != nil || n != tt.want {
			t.Errorf("%.20s…: %d solutions, %v; want %d", tt.puzzle, n, err, tt.want)
			continue
		}
		if n > 0 {
			if err := b.Check(p, sol); err != nil {
				t.Errorf("%.20s…: %v", tt.puzzle, err)
			}
		}
		if tt.sol != "" && sol.Format(a) != tt.sol {
			t.Errorf("%.20s…: solution %s, want %s", tt.puzzle, sol.Format(a), tt.sol)
		}
	}
}

func TestWriteDLX(t *testing.T) {
	b := mustSudokuBoard(t, sudoku.Variant{})
	g := mustSudokuGrid(t, sudokuClassic, 9)
	var sb strings.Builder
	if err := sudokuWriteDLX(&sb, b, sudoku.Puzzle{Line: 4, Grid: g, Alphabet: sudoku.OneBased}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sb.String(), "| line 4: 9x9 (3x3 boxes) "+sudokuClassic+"\n") {
		t.Errorf("comment line %q", strings.SplitN(sb.String(), "\n", 2)[0])
	}
	f, err := dlx.Parse(strings.NewReader(sb.String()), "sudoku.dlx")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := b.Encode(g)
	opts, err := e.Options(mustSudokuGrid(t, sudokuClassicSol, 9))
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
	b := mustSudokuBoard(t, sudoku.Variant{BoxRows: 2, BoxCols: 2})
	input := "1.34341.2.4343.1\n123\n11..............\n................\n"
	var sb strings.Builder
	rw, err := present.NewSudokuWriter(&sb, b, present.FormatLine, false)
	if err != nil {
		t.Fatal(err)
	}
	var malformed []error
	var reports []present.SudokuTally
	opt := sudokuWriteAllOptions{SolveOptions: sudoku.SolveOptions{Limit: 2, Workers: 1},
		Malformed:        func(err error) { malformed = append(malformed, err) },
		Progress:         func(t present.SudokuTally) { reports = append(reports, t) },
		ProgressInterval: time.Nanosecond}
	st, err := sudokuWriteAll(context.Background(), rw, b, sudoku.NewReader(strings.NewReader(input), 4, sudoku.ReadOptions{}), opt)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(sb.String(), "\n")
	if len(lines) != 5 || lines[0] != "1234341221434321" || lines[1] != "# malformed line 2" || lines[2] != present.SudokuNoSolution || len(lines[3]) != 16 {
		t.Errorf("output %q", sb.String())
	}
	if want := (present.SudokuTally{Puzzles: 4, NoSolution: 1, NotUnique: 1, Malformed: 1}); st != want {
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
	b := mustSudokuBoard(t, sudoku.Variant{BoxRows: 2, BoxCols: 2})
	sol := mustSudokuGrid(t, "1234341221434321", 4)
	input := "1.3.3.1.2.4.4.2.\n................\n"
	tests := []struct {
		format string
		count  bool
		out    string
		msg    string
	}{
		{present.FormatJSON, true, `{"solutions":1}` + "\n" + `{"solutions":3,"partial":true}` + "\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{present.FormatLine, true, "1\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{present.FormatLine, false, "1234341221434321\n", "sudoku: interrupted after 1 puzzles"},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithCancel(context.Background())
		calls := 0
		solve := func(ctx context.Context, _ sudoku.Grid, _ uint64, g sudoku.Grid) (uint64, error) {
			if calls++; calls == 1 {
				copy(g, sol)
				return 1, nil
			}
			cancel() // in the middle of the second puzzle, 3 solutions found
			return 3, ctx.Err()
		}
		var sb strings.Builder
		rw, _ := present.NewSudokuWriter(&sb, b, tt.format, tt.count)
		opt := sudokuWriteAllOptions{SolveOptions: sudoku.SolveOptions{Workers: 1, Solve: solve}}
		st, err := sudokuWriteAll(ctx, rw, b, sudoku.NewReader(strings.NewReader(input), 4, sudoku.ReadOptions{}), opt)
		cancel()
		cut, ok := errors.AsType[*present.SudokuInterrupted](err)
		if !ok || !errors.Is(err, context.Canceled) || cut.Error() != tt.msg || sb.String() != tt.out || st.Puzzles != 1 {
			t.Errorf("%s, count %v: output %q, tally %+v, error %v; want %q and %q", tt.format, tt.count, sb.String(), st, err, tt.out, tt.msg)
		}
	}
}

func TestParseBox(t *testing.T) {
	tests := []struct {
		s          string
		rows, cols int
		ok         bool
	}{
		{"3x3", 3, 3, true}, {"2X3", 2, 3, true}, {"0x2", 0, 0, false}, {"3", 0, 0, false}, {"axb", 0, 0, false},
	}
	for _, tt := range tests {
		r, c, err := parseSudokuBox(tt.s)
		if r != tt.rows || c != tt.cols || (err == nil) != tt.ok {
			t.Errorf("parseSudokuBox(%q) = %d, %d, %v", tt.s, r, c, err)
		}
	}
}
