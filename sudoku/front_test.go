package sudoku

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/writes"
)

func TestParseAlphabet(t *testing.T) {
	tests := []struct {
		in   string
		want Alphabet
		ok   bool
	}{
		{"auto", Auto, true}, {"", Auto, false},
		{"1", OneBased, true}, {"1-9A-Z", OneBased, true}, {"1-9A-G", OneBased, true},
		{"0", ZeroBased, true}, {"0-9A-Z", ZeroBased, true}, {"0-F", ZeroBased, true},
		{"numbers", Numbers, true},
		{"x", Auto, false}, {"2", Auto, false}, {"Numbers", Auto, false},
	}
	for _, tt := range tests {
		got, err := ParseAlphabet(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseAlphabet(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "sudoku: ") {
			t.Errorf("ParseAlphabet(%q): error %q lacks the package prefix", tt.in, err)
		}
	}
}

func TestTally(t *testing.T) {
	bad := Puzzle{Line: 3, Err: errors.New("malformed")}
	tests := []struct {
		name     string
		results  []Result
		counting bool
		want     string
	}{
		{"empty", nil, false, "0 puzzles in 2.000 s: 0 puzzles/s"},
		{"one", []Result{{Count: 1}}, false, "1 puzzle in 2.000 s: 0 puzzles/s"},
		{"all kinds", []Result{{Count: 1}, {Count: 0}, {Count: 2}, {Puzzle: bad}, {Count: 2}}, false,
			"5 puzzles in 2.000 s: 2 puzzles/s (1 without solution, 2 not unique, 1 malformed)"},
		{"counting", []Result{{Count: 2}, {Count: 7}, {Count: 0}}, true,
			"3 puzzles in 2.000 s: 2 puzzles/s (1 without solution)"},
		{"cut off", []Result{{Count: 1}, {Count: 1, Err: context.Canceled}}, false,
			"1 puzzle in 2.000 s: 0 puzzles/s"},
	}
	for _, tt := range tests {
		var tl Tally
		for _, r := range tt.results {
			tl.Add(r, tt.counting)
		}
		if got := tl.Summary(2 * time.Second); got != tt.want {
			t.Errorf("%s: Summary = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestWriteAllDLX(t *testing.T) {
	b, err := NewBoard(Spec{BoxRows: 3, BoxCols: 3})
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
		rd := NewReader(strings.NewReader(tt.input), 9, ReadOptions{})
		n, err := b.WriteAllDLX(wc, rd, func(err error) {
			var le *LineError
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
	b, err := NewBoard(Spec{BoxRows: 3, BoxCols: 3})
	if err != nil {
		t.Fatal(err)
	}
	solve := b.SolveWith(problems.SolveAll) // the engine, as an external solver answers
	tests := []struct {
		puzzle string
		limit  uint64
		want   uint64
		sol    string
	}{
		{classic, 2, 1, classicSol},
		{"." + classic[1:], 0, 1, classicSol},
		{"55" + classic[2:], 2, 0, ""},
		{strings.Repeat(".", 81), 3, 3, ""},
	}
	for _, tt := range tests {
		p, a, err := ParseLine(tt.puzzle, 9, Auto)
		if err != nil {
			t.Fatal(err)
		}
		sol := make(Grid, 81)
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
