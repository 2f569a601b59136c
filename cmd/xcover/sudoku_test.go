package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/sudoku"
)

const (
	sudokuClassic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	sudokuClassicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func runSudokuArgs(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"sudoku"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// checkSolutions verifies every output line against its puzzle with Board.Check.
func checkSolutions(t *testing.T, b *sudoku.Board, puzzles, out []string) {
	t.Helper()
	if len(puzzles) != len(out) {
		t.Fatalf("%d puzzles, %d output lines", len(puzzles), len(out))
	}
	for i, p := range puzzles {
		if strings.HasPrefix(out[i], "#") {
			continue
		}
		if len(out[i]) != len(p) {
			t.Errorf("puzzle %d: output %q has length %d, want %d", i, out[i], len(out[i]), len(p))
			continue
		}
		pg, a := parseSudokuLine(t, p, b.N(), sudoku.Auto)
		sg, _ := parseSudokuLine(t, out[i], b.N(), a)
		if err := b.Check(pg, sg); err != nil {
			t.Errorf("puzzle %d: %v", i, err)
		}
	}
}

func TestSudokuLinesInOrder(t *testing.T) {
	f, err := os.ReadFile("/work/shared/bench/sudoku/top1465.txt")
	if err != nil {
		t.Skip(err)
	}
	var puzzles []string
	for _, l := range strings.Split(string(f), "\n") {
		if l != "" && l[0] != '#' {
			puzzles = append(puzzles, l)
		}
	}
	puzzles = puzzles[:300]
	b, _ := sudoku.NewBoard(sudoku.Variant{})
	for _, w := range []string{"1", "2", "5"} {
		out, errs, code := runSudokuArgs(t, strings.Join(puzzles, "\n")+"\n", "--workers", w, "--progress")
		if code != 0 {
			t.Fatalf("workers %s: exit %d: %s", w, code, errs)
		}
		if !strings.Contains(errs, "300 puzzles in") || !strings.Contains(errs, "puzzles/s") {
			t.Errorf("summary %q", errs)
		}
		checkSolutions(t, b, puzzles, strings.Split(strings.TrimSuffix(out, "\n"), "\n"))
	}
}

func TestSudokuMarkersAndCounts(t *testing.T) {
	in := "# a comment\n" + sudokuClassic + "\n\nnot a puzzle\n55" + strings.Repeat(".", 79) + "\n" +
		strings.Repeat(".", 81) + "\n" + sudokuClassicSol[:54] + strings.Repeat(".", 27) + "\n"
	out, errs, code := runSudokuArgs(t, in)
	if code != 1 || !strings.Contains(errs, "line 4:") {
		t.Errorf("exit %d, stderr %q: want 1 and an error naming line 4", code, errs)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 5 || lines[0] != sudokuClassicSol || lines[1] != "# malformed line 4" || lines[2] != present.SudokuNoSolution {
		t.Fatalf("output %q", out)
	}
	b, _ := sudoku.NewBoard(sudoku.Variant{})
	checkSolutions(t, b, []string{strings.Repeat(".", 81), sudokuClassicSol[:54] + strings.Repeat(".", 27)}, lines[3:])

	out, _, _ = runSudokuArgs(t, in, "--count", "--limit", "2", "--json")
	want := "{\"solutions\":1}\n{\"line\":4,\"error\":\"line 4: 12 characters, want 81 for 9x9\"}\n{\"solutions\":0}\n{\"solutions\":2}\n{\"solutions\":2}\n"
	if out != want {
		t.Errorf("--count --limit 2 --json:\n%s\nwant\n%s", out, want)
	}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(l), &v); err != nil {
			t.Errorf("bad JSON %q: %v", l, err)
		}
	}
	out, _, code = runSudokuArgs(t, "1234341221434321\n....\n1.3.....4..1...2\n", "--box", "2x2", "--count")
	if out != "1\n# malformed line 2\n0\n" || code != 1 {
		t.Errorf("4x4 counts: %q exit %d", out, code)
	}
	out, _, code = runSudokuArgs(t, strings.Repeat(".", 16)+"\n", "--box", "2x2", "--count")
	if out != "288\n" || code != 0 {
		t.Errorf("empty 4x4: %q exit %d, want 288", out, code)
	}
}

func TestSudokuSizesAndAlphabets(t *testing.T) {
	tests := []struct {
		box  string
		n    int
		hole string
	}{
		{"2x2", 4, "0"}, {"2x3", 6, "."}, {"3x3", 9, "0"}, {"3x4", 12, "."}, {"4x4", 16, "."}, {"5x5", 25, "."},
	}
	for _, tt := range tests {
		// Solve the empty board, blank every third cell, solve again.
		full, errs, code := runSudokuArgs(t, strings.Repeat(tt.hole, tt.n*tt.n)+"\n", "--box", tt.box, "--first")
		if code != 0 {
			t.Fatalf("%s: exit %d %s", tt.box, code, errs)
		}
		full = strings.TrimSpace(full)
		bs := []byte(full)
		for i := range bs {
			if i%3 == 0 {
				bs[i] = '.'
			}
		}
		out, errs, code := runSudokuArgs(t, string(bs)+"\n", "--box", tt.box, "--first")
		if code != 0 {
			t.Fatalf("%s: exit %d %s", tt.box, code, errs)
		}

		r, c := int(tt.box[0]-'0'), int(tt.box[2]-'0')
		b, _ := sudoku.NewBoard(sudoku.Variant{BoxRows: r, BoxCols: c})
		checkSolutions(t, b, []string{string(bs)}, []string{strings.TrimSpace(out)})
	}
	// 16x16 in 0-F comes back in 0-F; in 1-9A-G in 1-9A-G.
	b, _ := sudoku.NewBoard(sudoku.Variant{BoxRows: 4, BoxCols: 4})
	full, _, _ := runSudokuArgs(t, strings.Repeat(".", 256)+"\n", "--box", "4x4", "--first")
	full = strings.TrimSpace(full)
	g, _ := parseSudokuLine(t, full, 16, sudoku.OneBased)
	hex := []byte(g.Format(sudoku.ZeroBased))
	for i := range hex {
		if i%2 == 0 {
			hex[i] = '.'
		}
	}
	out, _, _ := runSudokuArgs(t, string(hex)+"\n", "--box", "4x4")
	out = strings.TrimSpace(out)
	if strings.ContainsAny(out, "G.") || !strings.Contains(out, "0") {
		t.Errorf("0-F puzzle answered %q", out)
	}
	checkSolutions(t, b, []string{string(hex)}, []string{out})
}

func TestSudokuVariants(t *testing.T) {
	dir := t.TempDir()
	jig := filepath.Join(dir, "jig.txt")
	os.WriteFile(jig, []byte("AAAABBCCC\nAABBBBCCC\nAAABBBCCC\nDDDDEEFFF\nDDEEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n"), 0o644)
	regions, _ := sudoku.ParseRegions(strings.NewReader("AAAABBCCC\nAABBBBCCC\nAAABBBCCC\nDDDDEEFFF\nDDEEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n"))
	tests := []struct {
		args []string
		spec sudoku.Variant
	}{
		{[]string{"--x"}, sudoku.Variant{X: true}},
		{[]string{"--windoku"}, sudoku.Variant{Windoku: true}},
		{[]string{"--jigsaw", jig}, sudoku.Variant{Regions: regions}},
		{[]string{"--jigsaw", jig, "--x"}, sudoku.Variant{Regions: regions, X: true}},
	}
	for _, tt := range tests {
		b, err := sudoku.NewBoard(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		full, errs, code := runSudokuArgs(t, strings.Repeat(".", 81)+"\n", append(tt.args, "--first")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", tt.args, code, errs)
		}
		bs := []byte(strings.TrimSpace(full))
		for i := range bs {
			if i%2 == 0 {
				bs[i] = '.'
			}
		}
		out, _, _ := runSudokuArgs(t, string(bs)+"\n", tt.args...)
		checkSolutions(t, b, []string{string(bs), string(bs)}, []string{strings.TrimSpace(full), strings.TrimSpace(out)})
		// The emitted problem reads back and has the same number of options as encoded.
		dl, errs, code := runSudokuArgs(t, string(bs)+"\n", append(tt.args, "--emit", "dlx")...)
		if code != 0 {
			t.Fatalf("%v --emit dlx: exit %d: %s", tt.args, code, errs)
		}
		file, err := dlx.Parse(strings.NewReader(dl), "emitted")
		if err != nil {
			t.Fatalf("%v --emit dlx: %v", tt.args, err)
		}
		g, _ := parseSudokuLine(t, string(bs), 9, sudoku.Auto)
		e, _ := b.Encode(g)
		if file.Problem.NumOptions() != e.Problem.NumOptions() {
			t.Errorf("%v: emitted %d options, want %d", tt.args, file.Problem.NumOptions(), e.Problem.NumOptions())
		}
	}
}

func TestSudokuFormats(t *testing.T) {
	out, _, code := runSudokuArgs(t, sudokuClassic+"\n", "--format", "text")
	if code != 0 || !strings.HasPrefix(out, "5 3 4 | 6 7 8 | 9 1 2\n") || !strings.Contains(out, "------+-------+------") {
		t.Errorf("text: %q", out)
	}
	// The text grid reads back with --grid.
	back, _, _ := runSudokuArgs(t, out, "--grid")
	if strings.TrimSpace(back) != sudokuClassicSol {
		t.Errorf("--grid read of the text grid: %q", back)
	}
	for _, in := range []string{sudokuClassic + "\n", sudokuClassic + "\n" + sudokuClassic + "\n"} {
		out, _, code = runSudokuArgs(t, in, "--format", "svg")
		if code != 0 {
			t.Fatalf("svg exit %d", code)
		}
		d := xml.NewDecoder(strings.NewReader(out))
		texts := 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("svg does not parse: %v", err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
				texts++
			}
		}
		if texts != 81*strings.Count(in, "\n") {
			t.Errorf("svg has %d symbols", texts)
		}
	}
	out, _, _ = runSudokuArgs(t, sudokuClassic+"\n", "--json")
	if out != `{"solution":"`+sudokuClassicSol+`","solutions":1}`+"\n" {
		t.Errorf("json: %q", out)
	}
}

func TestSudokuUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--box", "3"}, {"--format", "png"}, {"--limit", "2"}, {"--emit", "cnf"}, {"--alphabet", "x"}, {"--box", "2x3", "--windoku"},
	} {
		if _, errs, code := runSudokuArgs(t, sudokuClassic+"\n", args...); code != 2 || !strings.HasPrefix(errs, "xcover: ") {
			t.Errorf("%v: exit %d, stderr %q; want 2", args, code, errs)
		}
	}
	out, _, _ := runSudokuArgs(t, "", "--help")
	for _, s := range []string{"1-9A-G", "0-F", "1-9A-P", "# no solution"} {
		if !strings.Contains(out, s) {
			t.Errorf("--help does not mention %q", s)
		}
	}
}

// TestSudokuCharacters gives lines whose bytes are not their characters (issue 41, fault
// 14: an 81-character line ending in é was "82 characters"; an invalid UTF-8 byte was
// reported as a length).
func TestSudokuCharacters(t *testing.T) {
	dots := strings.Repeat(".", 80)
	for _, tt := range []struct{ line, want string }{
		{dots + "é", `column 81: 'é' is not a blank or a symbol`},
		{dots + ".é", "82 characters, want 81"},
		{dots + "\xff\xfe", "column 81: byte 0xff is not UTF-8"},
	} {
		r := runX(t, tt.line+"\n", "sudoku", "--workers", "1")
		if !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", tt.line, r.code, r.stderr, tt.want)
		}
	}
}

// TestSudokuQuiet solves a puzzle with stderr not a terminal and without --progress: stderr
// stays empty (issue 41, fault 17: every run printed a rate line).
func TestSudokuQuiet(t *testing.T) {
	r := runX(t, strings.Repeat(".", 81)+"\n", "sudoku", "--workers", "1")
	if r.code != 0 || r.stderr != "" || len(r.stdout) != 82 {
		t.Errorf("exit %d, stdout %q, stderr %q; want a solution and nothing on stderr", r.code, r.stdout, r.stderr)
	}
}

// TestSudokuGridHint reads a grid file without --grid, and a file of many bad lines (issue
// 41, fault 14: one "malformed line" per line, no file name, no hint).
func TestSudokuGridHint(t *testing.T) {
	grid := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	dir := writeFiles(t, map[string]string{"grid.txt": grid, "bad.txt": strings.Repeat("x\n", 100)})
	r := runX(t, "", "sudoku", "--workers", "1", filepath.Join(dir, "grid.txt"))
	if r.code != 1 || !strings.Contains(r.stderr, filepath.Join(dir, "grid.txt")+": line 1:") || !strings.Contains(r.stderr, "give --grid") {
		t.Errorf("grid without --grid: exit %d, stderr %q; want 1, the file and line, and a hint", r.code, r.stderr)
	}
	r = runX(t, "", "sudoku", "--workers", "1", filepath.Join(dir, "bad.txt"))
	if n := strings.Count(r.stderr, "\n"); r.code != 1 || n > 30 {
		t.Errorf("100 bad lines: exit %d, %d lines on stderr; want 1 and at most 30", r.code, n)
	}
}
