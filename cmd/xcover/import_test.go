package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestImportFrom(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ex.dlx":      formatExample,
		"cadical.txt": "s SATISFIABLE\nv 1 -2 3 -4 -5 6 -7 0\n",
		"minisat.txt": "SAT\n-1 2 3 4 -5 6 0\n",
		"unsat.txt":   "s UNSATISFIABLE\n",
		"wrong.txt":   "s SATISFIABLE\nv 1 0\n",
		"garbage.txt": "hello\n",
		"z3.txt":      "sat\n(\n  (define-fun x1 () Bool\n    true)\n  (define-fun x4 () Bool\n    true)\n)\n",
		"z3unsat.txt": "unsat\n(error \"line 9 column 10: model is not available\")\n",
		"clasp.txt":   "c clasp\nv x1 -x2 x3 -x4 -x5\ns SATISFIABLE\n",
	})
	ex := filepath.Join(dir, "ex.dlx")
	model := func(name string) string { return filepath.Join(dir, name) }
	for _, tc := range []struct {
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{[]string{"--from", "dimacs", ex, model("cadical.txt")}, "", 0, formatExampleSolutions[1], ""},
		{[]string{"--from", "dimacs", "--json", ex, model("cadical.txt")}, "", 0, `{"options":[0,2]}` + "\n", ""},
		{[]string{"--from", "dimacs", ex, model("minisat.txt")}, "", 0, formatExampleSolutions[2], ""},
		{[]string{"--from", "dimacs", ex, "-"}, "SAT\n-1 2 3 4 -5 0\n", 0, formatExampleSolutions[2], ""},
		{[]string{"--from", "smt2", ex, model("z3.txt")}, "", 0, formatExampleSolutions[0], ""},
		{[]string{"--from", "opb", "--json", ex, model("clasp.txt")}, "", 0, `{"options":[0,2]}` + "\n", ""},
		{[]string{"--from", "dimacs", ex, model("unsat.txt")}, "", 0, "", "xcover: no solution\n"},
		{[]string{"--from", "smt2", "--json", ex, model("z3unsat.txt")}, "", 0, "", "xcover: no solution\n"},
		{[]string{"--from", "dimacs", ex, model("wrong.txt")}, "", 1, "", "not a solution"},
		{[]string{"--from", "dimacs", ex, model("garbage.txt")}, "", 1, "", `garbage.txt: line 1: unexpected "hello"`},
		{[]string{"--from", "dimacs", ex, model("none.txt")}, "", 1, "", "none.txt"},
		{[]string{"--from", "xml", ex, model("z3.txt")}, "", 2, "", "unknown format"},
		{[]string{ex, model("z3.txt")}, "", 2, "", "--from FORMAT"},
		{[]string{"--from", "dimacs", ex}, "", 2, "", "two arguments"},
		{[]string{"--from", "dimacs", "--all", ex, model("z3.txt")}, "", 2, "", "need --via"},
		{[]string{"--from", "dimacs", "--via", "z3", ex}, "", 2, "", "exclude each other"},
		{[]string{"--via", "z3", ex, model("z3.txt")}, "", 2, "", "one argument"},
		{[]string{"--via", "glucose", ex}, "", 2, "", "unknown solver"},
		{[]string{"--via", "z3", "--all", "--limit", "2", ex}, "", 2, "", "exclude each other"},
		{[]string{"--from", "dimacs", "-", "-"}, "", 2, "", "both be standard input"},
	} {
		r := runX(t, tc.stdin, append([]string{"import"}, tc.args...)...)
		if r.code != tc.code || r.stdout != tc.stdout || !strings.Contains(r.stderr, tc.stderr) {
			t.Errorf("import %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.stdout, tc.stderr)
		}
	}
}

func TestImportVia(t *testing.T) {
	ex := filepath.Join(writeFiles(t, map[string]string{"ex.dlx": formatExample, "q6.dlx": queensDLX(6)}), "ex.dlx")
	q6 := filepath.Join(filepath.Dir(ex), "q6.dlx")
	ran := 0
	for _, solver := range []string{"cadical", "minisat", "z3", "clasp"} {
		if _, err := exec.LookPath(solver); err != nil {
			t.Logf("skipping %s: not installed", solver)
			continue
		}
		ran++
		r := runX(t, "", "import", "--via", solver, "--all", ex)
		got := blocks(r.stdout)
		if r.code != 0 || len(got) != 3 {
			t.Errorf("--via %s --all: exit %d, stderr %q, stdout\n%s", solver, r.code, r.stderr, r.stdout)
		}
		for _, b := range got {
			if !strings.Contains(strings.Join(formatExampleSolutions, "|"), b) {
				t.Errorf("--via %s: solution %q is not one of %q", solver, b, formatExampleSolutions)
			}
		}
		if r := runX(t, "", "import", "--via", solver, "--all", "--count", q6); r.code != 0 || r.stdout != "4\n" {
			t.Errorf("--via %s --all --count queens 6: exit %d, %q %q", solver, r.code, r.stdout, r.stderr)
		}
		if r := runX(t, "", "import", "--via", solver, "--json", q6); r.code != 0 || len(jsonSolutions(t, q6, r.stdout)) != 1 {
			t.Errorf("--via %s --json queens 6: exit %d, %q %q", solver, r.code, r.stdout, r.stderr)
		}
		if r := runX(t, "", "import", "--via", solver, "--limit", "2", "--json", q6); r.code != 0 || len(jsonSolutions(t, q6, r.stdout)) != 2 {
			t.Errorf("--via %s --limit 2 queens 6: exit %d, %q %q", solver, r.code, r.stdout, r.stderr)
		}
	}
	if ran == 0 {
		t.Skip("no external solver installed (apt-get install cadical minisat z3 clasp)")
	}
}

func TestImportViaMissing(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	r := runX(t, formatExample, "import", "--via", "cadical", "-")
	if r.code != exitInput || !strings.Contains(r.stderr, `apt-get install cadical`) {
		t.Errorf("missing solver: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestPuzzlesVia(t *testing.T) {
	var solver string
	for _, s := range []string{"cadical", "minisat", "z3"} {
		if _, err := exec.LookPath(s); err == nil {
			solver = s
			break
		}
	}
	if solver == "" {
		t.Skip("no external solver installed (apt-get install cadical minisat z3)")
	}
	// A valid grid with a fifth of its cells blanked: one solution.
	var puzzle strings.Builder
	for i := range 81 {
		r, c := i/9, i%9
		if i*7%5 == 1 {
			puzzle.WriteByte('.')
		} else {
			puzzle.WriteByte(byte('1' + (r*3+r/3+c)%9))
		}
	}
	for _, tc := range []struct {
		args  []string
		stdin string
		lines int // lines of output
		want  string
	}{
		{[]string{"queens", "6", "--json", "--limit", "0"}, "", 4, `{"queens":[`},
		{[]string{"queens", "8"}, "", 8, "Q"},
		{[]string{"tile", "--pieces", "pentominoes.L,pentominoes.P,pentominoes.U,pentominoes.Y", "--region", "4x5", "--json", "--limit", "0"}, "", 4, `{"rows":[`},
		{[]string{"sudoku", "--json"}, puzzle.String() + "\n", 1, `"solutions":1}`},
		{[]string{"sudoku", "--json"}, strings.Repeat(".", 80) + "1\n", 1, `"solutions":2}`},
		{[]string{"sudoku", "--count", "--limit", "0"}, puzzle.String() + "\n", 1, "1"},
	} {
		r := runX(t, tc.stdin, append(tc.args, "--via", solver)...)
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if r.code != 0 || len(lines) != tc.lines || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%v --via %s: exit %d, %d lines, stderr %q, stdout\n%s", tc.args, solver, r.code, len(lines), r.stderr, r.stdout)
		}
		seen := map[string]bool{}
		for _, l := range lines {
			if seen[l] && strings.HasPrefix(l, "{") {
				t.Errorf("%v --via %s: %s twice", tc.args, solver, l)
			}
			seen[l] = true
		}
	}
	for _, args := range [][]string{
		{"queens", "8", "--count", "--via", solver},
		{"queens", "8", "--via", "nope"},
		{"tile", "--pieces", "domino", "--region", "2x1", "--count", "--via", solver},
		{"sudoku", "--via", "nope"},
	} {
		if r := runX(t, "", args...); r.code != exitUsage {
			t.Errorf("%v: exit %d, want 2 (stderr %q)", args, r.code, r.stderr)
		}
	}
	if r := runX(t, "", "queens", "3", "--via", solver); r.code != 0 || r.stdout != "" || !strings.Contains(r.stderr, "no solution") {
		t.Errorf("queens 3 --via %s: exit %d, %q, %q", solver, r.code, r.stdout, r.stderr)
	}
}

// TestImportVariableCount imports a model that sets a variable beyond the export (issue 41,
// fault 16: the message said "beyond the 274 variables of this problem's export" while the
// export's header said p cnf 214): it names the count of the header.
func TestImportVariableCount(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)})
	q8 := filepath.Join(dir, "q8.dlx")
	r := runX(t, "", "export", "--to", "dimacs", q8)
	var header int
	for line := range strings.SplitSeq(r.stdout, "\n") {
		if strings.HasPrefix(line, "p cnf ") {
			header, _ = strconv.Atoi(strings.Fields(line)[2])
		}
	}
	if header == 0 {
		t.Fatalf("export: exit %d, no p cnf line: %q", r.code, clip(r.stdout))
	}
	model := filepath.Join(dir, "model.txt")
	os.WriteFile(model, []byte("s SATISFIABLE\nv 1 -100000 0\n"), 0o644)
	r = runX(t, "", "import", "--from", "dimacs", q8, model)
	if r.code != 1 || !strings.Contains(r.stderr, fmt.Sprintf("p cnf %d", header)) {
		t.Errorf("exit %d, stderr %q; want 1 and the header's count p cnf %d", r.code, r.stderr, header)
	}
}
