package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSmallFaults runs the small faults a new user met (issue: every run ends honestly):
// each must give a clear message and the right exit status.
func TestSmallFaults(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"q4.dlx":      queensDLX(4),
		"empty.txt":   "",
		"nul.txt":     "AB\nA\x00\n",
		"latin1.txt":  "AB\n\xff\xfe\n",
		"jig-nul.txt": "AAAB\nABBB\nCCDD\nC\x00DD\n",
		"jig-bad.txt": "AAAA\nAAAA\nBBBB\nBBBB\n",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name       string
		args       []string
		code       int
		stdout     string // exact, or "*" for anything
		stderrHas  []string
		stderrLack []string
	}{
		{"queens 2", []string{"queens", "2"}, 0, "", []string{"no solution", "N = 2"}, nil},
		{"queens 3 construct", []string{"queens", "3", "--engine", "construct"}, 0, "", []string{"no solution"}, nil},
		// Issue 41, fault 7: 64 s and 4.7 GB, deaf to signals.
		{"queens 10^8 construct", []string{"queens", "100000000", "--engine", "construct"}, 2, "", []string{"out of range", "2097152"}, nil},
		{"queens -5", []string{"queens", "-5"}, 2, "", []string{"-5 is a negative number"}, []string{"shorthand"}},
		{"region too large", []string{"tile", "--pieces", "domino", "--region", "4097x1"}, 2, "", []string{"side 4097 too large", "4096"}, []string{"not a positive size"}},
		{"pieces path", []string{"tile", "--pieces", "../../etc/passwd", "--region", "2x2"}, 2, "", []string{`"../../etc/passwd"`}, []string{`set ""`}},
		{"sudoku box", []string{"sudoku", "--box", "0x2"}, 2, "", []string{"--box"}, []string{"sudoku: sudoku:"}},
		{"sudoku box size", []string{"sudoku", "--box", "1x80"}, 2, "", []string{"--box"}, []string{"sudoku: sudoku:"}},
		{"one puzzle", []string{"sudoku", "--count", "--progress"}, 0, "*", []string{"sudoku: 1 puzzle in"}, []string{"sudoku: 1 puzzles in"}},
		{"jigsaw NUL", []string{"sudoku", "--jigsaw", p("jig-nul.txt")}, 1, "", []string{"jig-nul.txt", "line 4"}, nil},
		{"jigsaw regions", []string{"sudoku", "--jigsaw", p("jig-bad.txt")}, 1, "", []string{"jig-bad.txt"}, nil},
		{"verify empty", []string{"verify", p("q4.dlx"), p("empty.txt")}, 0, "0 solutions checked, 0 invalid\n", []string{"holds no solution"}, nil},
		{"picture NUL", []string{"tile", "--pieces-file", p("nul.txt"), "--region", "2x2"}, 1, "", []string{"nul.txt", "line 2", "NUL"}, nil},
		{"picture not UTF-8", []string{"tile", "--pieces-file", p("latin1.txt"), "--region", "2x2"}, 1, "", []string{"latin1.txt", "line 2", "UTF-8"}, nil},
		{"serve help", []string{"serve", "--help"}, 0, "*", nil, nil},
		{"tile random seed", []string{"tile", "--pieces", "pentominoes", "--region", "6x10", "--random"}, 0, "*", []string{"xcover: seed "}, nil},
		{"solve random seed", []string{"solve", "--random", "--limit", "1", p("q4.dlx")}, 0, "*", []string{"xcover: seed "}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stdin := ""
			if tt.name == "one puzzle" {
				stdin = strings.Repeat(".", 81) + "\n"
				tt.args = append(tt.args, "--limit", "3")
			}
			r := runX(t, stdin, tt.args...)
			if r.code != tt.code || tt.stdout != "*" && r.stdout != tt.stdout {
				t.Errorf("exit %d, stdout %q; want %d, %q (stderr %q)", r.code, clip(r.stdout), tt.code, tt.stdout, r.stderr)
			}
			for _, s := range tt.stderrHas {
				if !strings.Contains(r.stderr, s) {
					t.Errorf("stderr %q lacks %q", r.stderr, s)
				}
			}
			for _, s := range tt.stderrLack {
				if strings.Contains(r.stderr, s) {
					t.Errorf("stderr %q has %q", r.stderr, s)
				}
			}
		})
	}
	if r := runX(t, "", "serve", "--help"); !strings.Contains(r.stdout, "docs/serve.md") {
		t.Errorf("serve --help does not point at docs/serve.md")
	}
}

// TestCheckpointIsADirectory names the flag when --checkpoint names a directory (the
// message was "read /tmp: is a directory").
func TestCheckpointIsADirectory(t *testing.T) {
	dir := t.TempDir()
	q := writeFiles(t, map[string]string{"q.dlx": queensDLX(6)}) + "/q.dlx"
	for _, args := range [][]string{
		{"count", "--checkpoint", dir, q},
		{"queens", "12", "--count", "--checkpoint", dir},
	} {
		r := runX(t, "", args...)
		if r.code != 1 || !strings.Contains(r.stderr, "--checkpoint") || !strings.Contains(r.stderr, "directory") || r.stdout != "" {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1 and a message naming --checkpoint", strings.Join(args, " "), r.code, r.stdout, r.stderr)
		}
	}
}

// TestSudokuGridUnspaced reads a 9x9 grid written without blanks (with and without box
// bars) and without --box: the side comes from the row's symbols (it was taken as 1).
func TestSudokuGridUnspaced(t *testing.T) {
	rows := []string{"53..7....", "6..195...", ".98....6.", "8...6...3", "4..8.3..1", "7...2...6", ".6....28.", "...419..5", "....8..79"}
	const want = "534678912672195348198342567859761423426853791713924856961537284287419635345286179\n"
	barred := make([]string, len(rows))
	for i, r := range rows {
		barred[i] = r[:3] + "|" + r[3:6] + "|" + r[6:]
	}
	for _, grid := range [][]string{rows, barred} {
		r := runX(t, strings.Join(grid, "\n")+"\n", "sudoku", "--grid", "--workers", "1")
		if r.code != 0 || r.stdout != want {
			t.Errorf("grid %q: exit %d, stdout %q, stderr %q", grid[0], r.code, r.stdout, r.stderr)
		}
	}
}

// TestManyColours counts one primary item and 40,000 colours of one secondary item on two
// workers (issue 41, fault 5: the root's 40,000 parts each replayed a branch that purifies
// every colour, past 60 s and deaf to signals, against 0.02 s on one worker).
func TestManyColours(t *testing.T) {
	var b strings.Builder
	b.WriteString("A | X\n")
	for i := range 40000 {
		fmt.Fprintf(&b, "A X:c%d\n", i)
	}
	p := writeFiles(t, map[string]string{"colours.dlx": b.String()}) + "/colours.dlx"
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if r := xcoverContext(t, ctx, "", "count", "--workers", "2", p); r.code != 0 || r.stdout != "40000\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 40000", r.code, r.stdout, r.stderr)
	}
}

// TestTileTooLarge asks for tilings whose problem alone would take minutes and gigabytes
// to build, deaf to signals meanwhile (issue 41, fault 7: pentominoes on 1000x1000 counted
// past 150 s and 1 GB; a picture of 2000x2000 cells had no cap, 1.5 GB at 40 s): they are
// refused at once, saying why.
func TestTileTooLarge(t *testing.T) {
	row := strings.Repeat("#", 2000) + "\n"
	dir := writeFiles(t, map[string]string{"big.txt": strings.Repeat(row, 2000)})
	for _, tt := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"tile", "--pieces", "pentominoes", "--region", "1000x1000", "--count"}, 2, "too large"},
		// The library's one cap on a region's cells, whatever its source; a file is input.
		{[]string{"tile", "--pieces", "domino", "--region-file", filepath.Join(dir, "big.txt"), "--count"}, 1, "more than the 1048576 cells"},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		r := xcoverContext(t, ctx, "", tt.args...)
		cancel()
		if r.code != tt.code || r.stdout != "" || !strings.Contains(r.stderr, tt.msg) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d and %q", strings.Join(tt.args, " "), r.code, clip(r.stdout), r.stderr, tt.code, tt.msg)
		}
	}
}

// TestNewcomerFlags runs the flags a newcomer stumbled on (issue 41, fault 11): "--memo off"
// with a space failed with "accepts at most 1 arg(s)"; count's help showed --memo on[="on"];
// sudoku's flags showed "string" where the others name the value, and --box said both
// "default: from the first puzzle" and (default "3x3"); queens --distinct --format svg
// printed text silently.
func TestNewcomerFlags(t *testing.T) {
	q8 := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)}) + "/q8.dlx"
	for _, tt := range []struct {
		args        []string
		code        int
		stdoutHas   string
		outputLacks []string
		stderrHas   string
	}{
		{[]string{"count", "--memo", "off", q8}, 0, "92\n", nil, ""},
		{[]string{"count", "--memo", "on", "--workers", "1", q8}, 0, "92\n", nil, ""},
		{[]string{"count", "--help"}, 0, "--memo", []string{`on[="on"]`}, ""},
		{[]string{"sudoku", "--help"}, 0, "--box RxC", []string{" string ", `(default "3x3")`}, ""},
		{[]string{"queens", "8", "--distinct", "--format", "svg"}, 2, "", nil, "--format svg"},
	} {
		r := runX(t, "", tt.args...)
		if r.code != tt.code || !strings.Contains(r.stdout, tt.stdoutHas) || !strings.Contains(r.stderr, tt.stderrHas) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want %d, %q, %q", strings.Join(tt.args, " "), r.code, clip(r.stdout), r.stderr, tt.code, tt.stdoutHas, tt.stderrHas)
		}
		for _, s := range tt.outputLacks {
			if strings.Contains(r.stdout, s) {
				t.Errorf("%s: output has %q", strings.Join(tt.args, " "), s)
			}
		}
	}
}

// TestInitialAndBlock gives forced options that conflict or repeat, and --block files of
// repeats and of a non-solution (issue 41, fault 15: --initial 0,1 printed nothing, exit 0,
// no word why; 0,0 was silent; 2 million copies of one non-solution wrote a 372 MB CNF).
func TestInitialAndBlock(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"q8.dlx":    queensDLX(8),
		"bad.jsonl": strings.Repeat("{\"options\":[0,1]}\n", 1000),
	})
	q8 := filepath.Join(dir, "q8.dlx")
	two := runX(t, "", "solve", "--limit", "2", "--json", "--workers", "1", q8).stdout
	os.WriteFile(filepath.Join(dir, "twice.jsonl"), []byte(strings.Repeat(two, 50)), 0o644)
	for _, tt := range []struct {
		args      []string
		code      int
		stderrHas string
	}{
		{[]string{"solve", "--initial", "0,1", q8}, 0, "no solution holds these options"},
		{[]string{"count", "--initial", "0,0", q8}, 0, "option 0 chosen twice: it is forced once"},
		{[]string{"export", "--to", "dimacs", "--block", filepath.Join(dir, "bad.jsonl"), q8}, 1, "blocked solution 1 is not a solution"},
	} {
		r := runX(t, "", tt.args...)
		if r.code != tt.code || !strings.Contains(r.stderr, tt.stderrHas) || tt.code != 0 && r.stdout != "" {
			t.Errorf("%s: exit %d, stderr %q; want %d and %q", strings.Join(tt.args, " "), r.code, r.stderr, tt.code, tt.stderrHas)
		}
	}
	// Repeats are blocked once: the export is that of each solution given once.
	os.WriteFile(filepath.Join(dir, "once.jsonl"), []byte(two), 0o644)
	twice := runX(t, "", "export", "--to", "dimacs", "--block", filepath.Join(dir, "twice.jsonl"), q8)
	once := runX(t, "", "export", "--to", "dimacs", "--block", filepath.Join(dir, "once.jsonl"), q8)
	if twice.code != 0 || once.code != 0 || twice.stdout != once.stdout || !strings.Contains(once.stdout, "p cnf") {
		t.Errorf("--block with repeats: exit %d (%q), not the export of each once (exit %d)", twice.code, twice.stderr, once.code)
	}
}
