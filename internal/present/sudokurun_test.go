package present

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/writes"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

// The tests of the sudoku command's loops, moved here from the command with them.

const (
	classic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

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
		{"one", classic + "\n", 1, nil},
		{"two and a malformed", classic + "\n123\n" + classic + "\n", 2, []int{2}},
		{"none", "# nothing\n", 0, nil},
	}
	for _, tt := range tests {
		var out strings.Builder
		wc := &writes.Counter{W: &out}
		var lines []int
		rd := sudoku.NewReader(strings.NewReader(tt.input), 9, sudoku.ReadOptions{})
		n, err := WriteSudokuDLX(wc, b, rd, func(err error) {
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

func TestWriteDLX(t *testing.T) {
	b := mustSudokuBoard(t, sudoku.Variant{})
	g := mustSudokuGrid(t, classic, 9)
	var sb strings.Builder
	if err := writeSudokuDLX(&sb, b, sudoku.Puzzle{Line: 4, Grid: g, Alphabet: sudoku.OneBased}); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(sb.String(), "| line 4: 9x9 (3x3 boxes) "+classic+"\n") {
		t.Errorf("comment line %q", strings.SplitN(sb.String(), "\n", 2)[0])
	}
	f, err := dlx.Parse(strings.NewReader(sb.String()), "sudoku.dlx")
	if err != nil {
		t.Fatal(err)
	}
	e, _ := b.Encode(g)
	opts, err := e.Options(mustSudokuGrid(t, classicSol, 9))
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
	rw, err := NewSudokuWriter(&sb, b, FormatLine, false)
	if err != nil {
		t.Fatal(err)
	}
	var malformed []error
	var reports []SudokuTally
	solve := sudoku.SolveOptions{Limit: 2, Workers: 1}
	opt := SudokuWriteOptions{Malformed: func(err error) { malformed = append(malformed, err) },
		Progress:         func(t SudokuTally) { reports = append(reports, t) },
		ProgressInterval: time.Nanosecond}
	rd := sudoku.NewReader(strings.NewReader(input), 4, sudoku.ReadOptions{})
	opt.ReadErr = rd.Err
	st, err := rw.WriteAll(context.Background(), b.SolveAll(context.Background(), rd, solve), opt)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(sb.String(), "\n")
	if len(lines) != 5 || lines[0] != "1234341221434321" || lines[1] != "# malformed line 2" || lines[2] != SudokuNoSolution || len(lines[3]) != 16 {
		t.Errorf("output %q", sb.String())
	}
	if want := (SudokuTally{Puzzles: 4, NoSolution: 1, NotUnique: 1, Malformed: 1}); st != want {
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
		{FormatJSON, true, `{"solutions":1}` + "\n" + `{"solutions":3,"partial":true}` + "\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{FormatLine, true, "1\n", "sudoku: interrupted after 1 puzzles: the count 3 for line 2 is partial"},
		{FormatLine, false, "1234341221434321\n", "sudoku: interrupted after 1 puzzles"},
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
		rw, _ := NewSudokuWriter(&sb, b, tt.format, tt.count)
		rd := sudoku.NewReader(strings.NewReader(input), 4, sudoku.ReadOptions{})
		st, err := rw.WriteAll(ctx, b.SolveAll(ctx, rd, sudoku.SolveOptions{Workers: 1, Solve: solve}), SudokuWriteOptions{ReadErr: rd.Err})
		cancel()
		cut, ok := errors.AsType[*SudokuInterrupted](err)
		if !ok || !errors.Is(err, context.Canceled) || cut.Error() != tt.msg || sb.String() != tt.out || st.Puzzles != 1 {
			t.Errorf("%s, count %v: output %q, tally %+v, error %v; want %q and %q", tt.format, tt.count, sb.String(), st, err, tt.out, tt.msg)
		}
	}
}

// TestSudokuGenerated checks the line of a generated puzzle, as text and JSON, and the
// summary of a run.
func TestSudokuGenerated(t *testing.T) {
	g := sudoku.Generated{Puzzle: mustSudokuGrid(t, classic, 9), Solution: mustSudokuGrid(t, classicSol, 9), Guesses: 2}
	for _, tt := range []struct {
		json bool
		want string
	}{
		{false, classic + "\n"},
		{true, `{"puzzle":"` + classic + `","solution":"` + classicSol + `","givens":30,"guesses":2}` + "\n"},
	} {
		var sb strings.Builder
		w := bufio.NewWriter(&sb)
		WriteSudokuGenerated(w, g, tt.json)
		w.Flush()
		if sb.String() != tt.want {
			t.Errorf("json %v: %q, want %q", tt.json, sb.String(), tt.want)
		}
	}
	for _, tt := range []struct {
		uniform bool
		want    string
	}{
		{true, "sudoku: generated 4 minimal puzzles from uniform grids in 2.000 s (2/s), 22.5 givens on average"},
		{false, "sudoku: generated 4 minimal puzzles from random (not uniform) grids in 2.000 s (2/s), 22.5 givens on average"},
	} {
		if got := SudokuGenerateSummary(4, 90, tt.uniform, 2*time.Second); got != tt.want {
			t.Errorf("summary %q, want %q", got, tt.want)
		}
	}
}

// TestSudokuMalformed checks what the sudoku command says of malformed puzzles: the first
// 20 by name, one line for the rest, and the --grid hint only when every puzzle was
// malformed.
func TestSudokuMalformed(t *testing.T) {
	for _, tc := range []struct {
		name             string
		reports, puzzles int
		lines            int // lines written
		more, hint       bool
	}{
		{"none", 0, 3, 0, false, false},
		{"one of three", 1, 3, 1, false, false},
		{"every one", 2, 2, 3, false, true},
		{"twenty", 20, 40, 20, false, false},
		{"twenty-five", 25, 40, 21, true, false},
		{"all of thirty", 30, 30, 22, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf strings.Builder
			m := &SudokuMalformed{W: &buf, Name: "in.txt"}
			for i := range tc.reports {
				m.Report(fmt.Errorf("line %d: bad", i+1))
			}
			m.Hint(tc.reports, tc.puzzles)
			out := buf.String()
			if got := strings.Count(out, "\n"); got != tc.lines {
				t.Errorf("%d lines, want %d:\n%s", got, tc.lines, out)
			}
			if tc.reports > 0 && !strings.HasPrefix(out, "xcover: in.txt: line 1: bad\n") {
				t.Errorf("first line of %q: want the input's name and the error", out)
			}
			if got := strings.Contains(out, "more malformed puzzles: not shown"); got != tc.more {
				t.Errorf("more line: %v, want %v", got, tc.more)
			}
			if got := strings.Contains(out, "hint: no line of in.txt is a puzzle"); got != tc.hint {
				t.Errorf("hint: %v, want %v", got, tc.hint)
			}
		})
	}
}
