package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

// formatExample is the example of the format description: solutions {0,2}, {0,3}, {1,2,3}.
// Its option lines carry extra blanks to show that solve keeps the file's spelling.
const formatExample = `| three items, two of them with bounds; two secondary items, one coloured
A 2|B 0:2|C | X Y
A  B X:red
A C X:red Y
B C
B
	C X:blue
`

// formatExampleSolutions is solve's text output for formatExample, one string per solution,
// sorted.
var formatExampleSolutions = []string{
	"A  B X:red\nB\n\n",
	"A  B X:red\nB C\n\n",
	"A C X:red Y\nB C\nB\n\n",
}

// queensDLX returns the n-queens problem: ranks and files primary, diagonals secondary.
func queensDLX(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "r%d f%d ", i, i)
	}
	b.WriteString("|")
	for d := range 2*n - 1 {
		fmt.Fprintf(&b, " a%d b%d", d, d)
	}
	b.WriteString("\n")
	for r := range n {
		for c := range n {
			fmt.Fprintf(&b, "r%d f%d a%d b%d\n", r, c, r+c, r-c+n-1)
		}
	}
	return b.String()
}

// result is what one run of the command did.
type result struct {
	code           int
	stdout, stderr string
}

// runX runs the command in-process with args and stdin.
func runX(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	return xcoverContext(t, context.Background(), stdin, args...)
}

func xcoverContext(t *testing.T, ctx context.Context, stdin string, args ...string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := runContext(ctx, args, strings.NewReader(stdin), &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

// writeFiles writes the named files into a fresh directory and returns its path.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// blocks splits solve's text output into solutions, each with its blank line.
func blocks(out string) []string {
	var bs []string
	for len(out) > 0 {
		i := strings.Index(out, "\n\n")
		if i < 0 {
			return append(bs, out)
		}
		bs = append(bs, out[:i+2])
		out = out[i+2:]
	}
	return bs
}

// jsonSolutions parses solve --json output and checks every solution with verify.
func jsonSolutions(t *testing.T, problemPath, out string) [][]int {
	t.Helper()
	f, err := dlx.ParseFile(problemPath)
	if err != nil {
		t.Fatal(err)
	}
	var sols [][]int
	for line := range strings.Lines(out) {
		var v struct{ Options []int }
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		if !slices.IsSorted(v.Options) {
			t.Errorf("options not ascending: %v", v.Options)
		}
		if vs := verify.Check(f.Problem, v.Options); vs != nil {
			t.Errorf("invalid solution %v: %v", v.Options, vs)
		}
		sols = append(sols, v.Options)
	}
	return sols
}

func TestExitCodes(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ok.dlx":       formatExample,
		"none.dlx":     "A B\nA\n",
		"unknown.dlx":  "A B\nA B\nA r9\n",
		"secbound.dlx": "A | 2|X\nA X\n",
		"utf8.dlx":     "A B\nA \xff\n",
		"good.sols":    "A  B X:red\nB C\n\n",
		"bad.sols":     "A B X:red\n\n",
		"nomatch.sols": "A B X:red\nB D\n\n",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string // a substring of stderr, if not ""
	}{
		{"solve", []string{"solve", p("ok.dlx")}, 0, ""},
		{"count", []string{"count", p("ok.dlx")}, 0, ""},
		{"no solution", []string{"solve", p("none.dlx")}, 0, ""},
		{"version", []string{"version"}, 0, ""},
		{"--version", []string{"--version"}, 0, ""},
		{"help", []string{"solve", "--help"}, 0, ""},
		{"verify ok", []string{"verify", p("ok.dlx"), p("good.sols")}, 0, ""},

		{"unknown item", []string{"solve", p("unknown.dlx")}, 1, `unknown.dlx:3:`},
		{"bounds on secondary", []string{"count", p("secbound.dlx")}, 1, `secbound.dlx:1:`},
		{"invalid UTF-8", []string{"solve", p("utf8.dlx")}, 1, `utf8.dlx:2:`},
		{"missing file", []string{"solve", p("missing.dlx")}, 1, "missing.dlx"},
		{"verify invalid", []string{"verify", p("ok.dlx"), p("bad.sols")}, 1, ""},
		{"verify no such option", []string{"verify", p("ok.dlx"), p("nomatch.sols")}, 1, "nomatch.sols:2:"},
		{"verify bad problem", []string{"verify", p("unknown.dlx"), p("good.sols")}, 1, "unknown.dlx:3:"},

		{"unknown flag", []string{"solve", "--bogus", p("ok.dlx")}, 2, "--bogus"},
		{"unknown command", []string{"solv", p("ok.dlx")}, 2, "solv"},
		{"two files", []string{"solve", p("ok.dlx"), p("ok.dlx")}, 2, ""},
		{"count two files", []string{"count", p("ok.dlx"), p("ok.dlx")}, 2, ""},
		{"verify one file", []string{"verify", p("ok.dlx")}, 2, ""},
		{"verify two stdins", []string{"verify", "-", "-"}, 2, ""},
		{"bad limit", []string{"solve", "--limit", "-1", p("ok.dlx")}, 2, "--limit"},
		{"bad workers", []string{"count", "--workers", "-2", p("ok.dlx")}, 2, "--workers"},
		{"initial out of range", []string{"solve", "--initial", "5", p("ok.dlx")}, 2, "--initial"},
		{"initial not a number", []string{"solve", "--initial", "x", p("ok.dlx")}, 2, "--initial"},
		{"version with argument", []string{"version", "x"}, 2, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runX(t, "", tt.args...)
			if r.code != tt.code {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, tt.code, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.stderr) {
				t.Errorf("stderr %q does not contain %q", r.stderr, tt.stderr)
			}
			if tt.code == 0 {
				if r.stderr != "" {
					t.Errorf("stderr on success: %q", r.stderr)
				}
				return
			}
			if tt.name == "verify invalid" {
				return // the report is on stdout
			}
			if r.stdout != "" {
				t.Errorf("stdout on error: %q", r.stdout)
			}
			if !strings.HasPrefix(r.stderr, "xcover: ") || strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("stderr is not one line starting with \"xcover: \": %q", r.stderr)
			}
			if strings.Contains(r.stderr, "goroutine") || strings.Contains(r.stderr, "Usage:") {
				t.Errorf("stack trace or usage dump on stderr: %q", r.stderr)
			}
		})
	}
}

func TestParseErrorMessages(t *testing.T) {
	tests := []struct {
		name, text string
		want       []string // substrings of the message
	}{
		{"unknown item", "A B\nA B\nA r9\n", []string{"bad.dlx:3:", `"r9"`, "unknown item"}},
		{"bounds on secondary", "A | X 2|Y\nA X\n", []string{"bad.dlx:1:", "2|Y"}},
		{"invalid UTF-8", "| comment\nA B\nA B\nB \xffC\n", []string{"bad.dlx:4:", "UTF-8"}},
		{"item twice", "A B\nA B A\n", []string{"bad.dlx:2:", `"A"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := writeFiles(t, map[string]string{"bad.dlx": tt.text})
			r := runX(t, "", "solve", filepath.Join(dir, "bad.dlx"))
			if r.code != 1 || r.stdout != "" {
				t.Fatalf("exit %d, stdout %q; want 1 and nothing", r.code, r.stdout)
			}
			for _, w := range tt.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr %q does not contain %q", r.stderr, w)
				}
			}
		})
	}
}

func TestWarnings(t *testing.T) {
	dir := writeFiles(t, map[string]string{"w.dlx": "A | X\nA\nX\n"})
	r := runX(t, "", "solve", filepath.Join(dir, "w.dlx"))
	if r.code != 0 || r.stdout != "A\n\n" {
		t.Errorf("exit %d, stdout %q; want 0, %q", r.code, r.stdout, "A\n\n")
	}
	if !strings.HasPrefix(r.stderr, "xcover: warning: ") || !strings.Contains(r.stderr, "w.dlx:3") {
		t.Errorf("stderr %q: want a warning about line 3", r.stderr)
	}
}

func TestSolveText(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample})
	for _, workers := range []string{"1", "0", "2"} {
		r := runX(t, "", "solve", "--workers", workers, filepath.Join(dir, "ex.dlx"))
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("workers %s: exit %d, stderr %q", workers, r.code, r.stderr)
		}
		got := blocks(r.stdout)
		slices.Sort(got)
		if !slices.Equal(got, formatExampleSolutions) {
			t.Errorf("workers %s: solutions\n%q\nwant (in any order)\n%q", workers, got, formatExampleSolutions)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample, "q6.dlx": queensDLX(6)})
	tests := []struct {
		args []string
		want [][]int // nil: only the number matters
		n    int
	}{
		{[]string{"ex.dlx"}, [][]int{{0, 2}, {0, 3}, {1, 2, 3}}, 3},
		{[]string{"--initial", "1", "ex.dlx"}, [][]int{{1, 2, 3}}, 1},
		{[]string{"--initial", "0,3", "ex.dlx"}, [][]int{{0, 3}}, 1},
		{[]string{"--initial", "0", "--initial", "1", "ex.dlx"}, nil, 0},
		{[]string{"q6.dlx"}, nil, 4},
		{[]string{"--limit", "2", "q6.dlx"}, nil, 2},
		{[]string{"--limit", "2", "ex.dlx"}, nil, 2},
		{[]string{"--limit", "10", "ex.dlx"}, nil, 3},
	}
	for _, tt := range tests {
		args := slices.Clone(tt.args)
		name := args[len(args)-1]
		args[len(args)-1] = filepath.Join(dir, name)
		r := runX(t, "", append([]string{"solve", "--json"}, args...)...)
		// Conflicting forced options say why nothing comes (issue 41, fault 15).
		if r.code != 0 || r.stderr != "" && !(tt.n == 0 && strings.Contains(r.stderr, "no solution holds these options")) {
			t.Fatalf("%v: exit %d, stderr %q", tt.args, r.code, r.stderr)
		}
		if !strings.HasPrefix(r.stdout, `{"options":[`) && r.stdout != "" {
			t.Errorf("%v: output %q", tt.args, r.stdout)
		}
		sols := jsonSolutions(t, filepath.Join(dir, name), r.stdout)
		if len(sols) != tt.n {
			t.Errorf("%v: %d solutions, want %d", tt.args, len(sols), tt.n)
		}
		if tt.want != nil {
			slices.SortFunc(sols, slices.Compare)
			if !slicesEqual(sols, tt.want) {
				t.Errorf("%v: solutions %v, want %v", tt.args, sols, tt.want)
			}
		}
	}
}

func slicesEqual(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

func TestEmptySolution(t *testing.T) {
	// Every primary item allows 0: the empty set is a solution, printed as a blank line.
	dir := writeFiles(t, map[string]string{"e.dlx": "0:1|A\nA\n"})
	path := filepath.Join(dir, "e.dlx")
	r := runX(t, "", "solve", "--workers", "1", path)
	got := blocks(r.stdout)
	slices.Sort(got)
	if r.code != 0 || !slices.Equal(got, []string{"\n", "A\n\n"}) {
		t.Fatalf("exit %d, solutions %q; want the empty one and {A}", r.code, got)
	}
	r = runX(t, r.stdout, "verify", path, "-")
	if r.code != 0 || r.stdout != "2 solutions checked, 0 invalid\n" {
		t.Errorf("verify: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

func TestRandomSeed(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)})
	path := filepath.Join(dir, "q8.dlx")
	solve := func(args ...string) result {
		t.Helper()
		r := runX(t, "", append(append([]string{"solve", "--json", "--limit", "5"}, args...), path)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
		if n := len(jsonSolutions(t, path, r.stdout)); n != 5 {
			t.Fatalf("%v: %d solutions, want 5", args, n)
		}
		return r
	}
	a := solve("--random", "--seed", "1")
	b := solve("--random", "--seed", "1")
	if a.stdout != b.stdout {
		t.Errorf("same seed, different solutions:\n%s\n%s", a.stdout, b.stdout)
	}
	if a.stderr != "" {
		t.Errorf("stderr with --seed: %q", a.stderr)
	}
	if c := solve("--seed", "1"); c.stdout != a.stdout {
		t.Errorf("--seed without --random: different solutions:\n%s\n%s", a.stdout, c.stdout)
	}
	if c := solve("--random", "--seed", "2"); c.stdout == a.stdout {
		t.Errorf("seeds 1 and 2 give the same 5 solutions of 92:\n%s", a.stdout)
	}

	// Without --seed, the seed is printed so that the run can be repeated.
	r := solve("--random")
	seed, ok := strings.CutPrefix(strings.TrimSpace(r.stderr), "xcover: seed ")
	if _, err := strconv.ParseUint(seed, 10, 64); !ok || err != nil {
		t.Fatalf("stderr %q: want the seed", r.stderr)
	}
	if again := solve("--random", "--seed", seed); again.stdout != r.stdout {
		t.Errorf("seed %s did not reproduce the run:\n%s\n%s", seed, r.stdout, again.stdout)
	}
}

func TestCount(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample, "q8.dlx": queensDLX(8)})
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"ex.dlx"}, "3\n"},
		{[]string{"q8.dlx"}, "92\n"},
		{[]string{"--workers", "1", "q8.dlx"}, "92\n"},
		{[]string{"--workers", "3", "q8.dlx"}, "92\n"},
		{[]string{"--random", "q8.dlx"}, "92\n"},
		{[]string{"--limit", "10", "q8.dlx"}, "10\n"},
		{[]string{"--initial", "0", "q8.dlx"}, "4\n"}, // queen in a corner
		{[]string{"--initial", "1", "ex.dlx"}, "1\n"},
	}
	for _, tt := range tests {
		args := slices.Clone(tt.args)
		args[len(args)-1] = filepath.Join(dir, args[len(args)-1])
		r := runX(t, "", append([]string{"count"}, args...)...)
		if r.code != 0 || r.stdout != tt.want {
			t.Errorf("count %v: exit %d, stdout %q, stderr %q; want %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

func TestCountJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q6.dlx": queensDLX(6)})
	r := runX(t, "", "count", "--json", filepath.Join(dir, "q6.dlx"))
	if r.code != 0 || r.stderr != "" || strings.Count(r.stdout, "\n") != 1 {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatal(err)
	}
	if len(v) != 4 {
		t.Errorf("fields %v, want solutions, nodes, updates, seconds", v)
	}
	if v["solutions"] != 4.0 {
		t.Errorf("solutions = %v, want 4", v["solutions"])
	}
	for _, k := range []string{"nodes", "updates"} {
		if x, ok := v[k].(float64); !ok || x < 4 || x != float64(uint64(x)) {
			t.Errorf("%s = %v, want a whole number of at least 4", k, v[k])
		}
	}
	if x, ok := v["seconds"].(float64); !ok || x < 0 {
		t.Errorf("seconds = %v, want a number >= 0", v["seconds"])
	}
}

func TestStdin(t *testing.T) {
	for _, args := range [][]string{{"solve"}, {"solve", "-"}} {
		r := runX(t, formatExample, args...)
		got := blocks(r.stdout)
		slices.Sort(got)
		if r.code != 0 || !slices.Equal(got, formatExampleSolutions) {
			t.Errorf("%v: exit %d, solutions %q, stderr %q", args, r.code, got, r.stderr)
		}
	}
	r := runX(t, queensDLX(5), "count", "-")
	if r.code != 0 || r.stdout != "10\n" {
		t.Errorf("count -: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	r = runX(t, "A B\nA r9\n", "count")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, `<stdin>:2: unknown item "r9"`) {
		t.Errorf("bad stdin: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

func TestVerify(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ex.dlx": formatExample,
		"q6.dlx": queensDLX(6),
		// Two options with the same items, both needed: lines are matched to distinct options.
		"twins.dlx": "2|A 2|B\nA B\nA  B\n",
	})
	p := func(name string) string { return filepath.Join(dir, name) }

	// Whatever solve prints, verify accepts, from a file or from stdin.
	for _, name := range []string{"ex.dlx", "q6.dlx", "twins.dlx"} {
		for _, form := range [][]string{nil, {"--json"}} {
			r := runX(t, "", append(append([]string{"solve"}, form...), p(name))...)
			if r.code != 0 {
				t.Fatalf("solve %s %v: exit %d, stderr %q", name, form, r.code, r.stderr)
			}
			n := len(blocks(r.stdout))
			if form != nil {
				n = strings.Count(r.stdout, "\n")
			}
			want := fmt.Sprintf("%d solutions checked, 0 invalid\n", n)
			if n == 1 {
				want = "1 solution checked, 0 invalid\n"
			}
			sols := filepath.Join(dir, name+".sols")
			if err := os.WriteFile(sols, []byte(r.stdout), 0o666); err != nil {
				t.Fatal(err)
			}
			for _, v := range []result{
				runX(t, "", "verify", p(name), sols),
				runX(t, r.stdout, "verify", p(name), "-"),
			} {
				if v.code != 0 || v.stdout != want || v.stderr != "" {
					t.Errorf("verify %s %v: exit %d, stdout %q, stderr %q; want %q", name, form, v.code, v.stdout, v.stderr, want)
				}
			}
		}
	}

	// Doctored solutions: each violation is named with its solution's number.
	tests := []struct {
		name, problem, sols string
		want                []string // lines of stdout, in order
	}{
		{"text", "ex.dlx", "A B X:red\nB C\n\nA B   X:red\n\nA C X:red Y\nB C\nB\n\n",
			[]string{"solution 2: item B", "3 solutions checked, 1 invalid"}},
		{"json", "ex.dlx", `{"options":[0,2]}` + "\n" + `{"options":[0,1]}` + "\n",
			[]string{"solution 2: item A", "2 solutions checked, 1 invalid"}},
		{"colour clash", "ex.dlx", "A C X:red Y\nC X:blue\nB\n\n",
			[]string{"solution 1: ", "1 solution checked, 1 invalid"}},
		{"twice", "twins.dlx", "A B\nA B\nA B\n", []string{"solution 1: ", "1 solution checked, 1 invalid"}},
		{"queens attack", "q6.dlx", "r0 f1 a1 b4\nr1 f3 a4 b3\nr2 f5 a7 b2\nr3 f0 a3 b8\nr4 f2 a6 b7\nr5 f4 a9 b6\n\n" +
			"r0 f0 a0 b5\nr1 f1 a2 b5\nr2 f2 a4 b5\nr3 f3 a6 b5\nr4 f4 a8 b5\nr5 f5 a10 b5\n",
			[]string{"solution 2: item b5", "2 solutions checked, 1 invalid"}},
	}
	for _, tt := range tests {
		r := runX(t, tt.sols, "verify", p(tt.problem), "-")
		if r.code != 1 || r.stderr != "" {
			t.Errorf("%s: exit %d, stderr %q; want 1 and nothing", tt.name, r.code, r.stderr)
		}
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) < len(tt.want) || lines[len(lines)-1] != tt.want[len(tt.want)-1] {
			t.Errorf("%s: stdout %q; want lines starting with %q", tt.name, r.stdout, tt.want)
			continue
		}
		for i, w := range tt.want[:len(tt.want)-1] {
			if !strings.HasPrefix(lines[i], w) {
				t.Errorf("%s: line %d is %q, want a line starting with %q", tt.name, i+1, lines[i], w)
			}
		}
	}

	// Solutions files that make no sense: an error naming the file and line, nothing on stdout.
	bad := []struct{ name, sols, want string }{
		{"no such option", "A B X:red\nB C\n\nA B X:blue\n", `<stdin>:4: no option "A B X:blue"`},
		{"bad JSON", `{"options":[0,2]}` + "\n\n" + `{"options":[0,}` + "\n", "<stdin>:3: bad JSON"},
		{"option out of range", `{"options":[0,5]}` + "\n", "<stdin>:1: no option 5"},
		{"no options field", `{"opts":[0,2]}` + "\n", `<stdin>:1: bad JSON solution`},
	}
	for _, tt := range bad {
		r := runX(t, tt.sols, "verify", p("ex.dlx"), "-")
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1, nothing, %q", tt.name, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

func TestInterrupted(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := xcoverContext(t, ctx, "", "count", filepath.Join(dir, "q8.dlx"))
	if r.code != exitInterrupted || r.stdout != "0\n" || !strings.Contains(r.stderr, "interrupted") {
		t.Errorf("count: exit %d, stdout %q, stderr %q; want 130, the partial count, a note", r.code, r.stdout, r.stderr)
	}
	r = xcoverContext(t, ctx, "", "solve", filepath.Join(dir, "q8.dlx"))
	if r.code != exitInterrupted || r.stdout != "" || !strings.Contains(r.stderr, "interrupted") {
		t.Errorf("solve: exit %d, stdout %q, stderr %q; want 130, nothing, a note", r.code, r.stdout, r.stderr)
	}
}

func TestProgress(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q6.dlx": queensDLX(6)})
	path := filepath.Join(dir, "q6.dlx")
	// Off by default when stderr is not a terminal; on when asked.
	if r := runX(t, "", "count", path); r.stderr != "" {
		t.Errorf("progress without --progress: %q", r.stderr)
	}
	if r := runX(t, "", "count", "--progress=false", path); r.stderr != "" {
		t.Errorf("progress with --progress=false: %q", r.stderr)
	}
	for _, cmd := range []string{"count", "solve"} {
		r := runX(t, "", cmd, "--progress", path)
		if r.code != 0 || !strings.Contains(r.stderr, "done: 4 solutions") || !strings.HasSuffix(r.stderr, "\x1b[K\n") {
			t.Errorf("%s --progress: exit %d, stderr %q", cmd, r.code, r.stderr)
		}
	}
}

// failWriter fails every write with err.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

func TestWriteErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q6.dlx": queensDLX(6)})
	for _, tt := range []struct {
		err    error
		code   int
		stderr string
	}{
		{syscall.EPIPE, 0, ""}, // stdout closed early: quiet
		{errors.New("disk full"), 1, "xcover: writing solutions: disk full\n"},
	} {
		var stderr bytes.Buffer
		code := runContext(context.Background(), []string{"solve", filepath.Join(dir, "q6.dlx")},
			strings.NewReader(""), failWriter{tt.err}, &stderr)
		if code != tt.code || stderr.String() != tt.stderr {
			t.Errorf("%v: exit %d, stderr %q; want %d, %q", tt.err, code, stderr.String(), tt.code, tt.stderr)
		}
	}
}

func TestHelpExamples(t *testing.T) {
	for _, cmd := range []string{"solve", "count", "verify", "version"} {
		r := runX(t, "", cmd, "--help")
		if r.code != 0 || !strings.Contains(r.stdout, "Examples:") || r.stderr != "" {
			t.Errorf("%s --help: exit %d, no Examples section in\n%s", cmd, r.code, r.stdout)
		}
	}
	if r := runX(t, "", "solve", "--help"); !strings.Contains(r.stdout, "examples/queens8.dlx") {
		t.Errorf("solve --help does not use the shipped examples:\n%s", r.stdout)
	}
	// Every file a help names is shipped in examples/ (issue 41, fault 17: puzzles.txt,
	// board.txt, pieces.txt, big.dlx, p.dlx did not exist).
	for _, cmd := range newRootCmd().Commands() {
		r := runX(t, "", cmd.Name(), "--help")
		for _, f := range strings.Fields(r.stdout) {
			if strings.HasPrefix(f, "examples/") {
				if _, err := os.Stat(filepath.Join("..", "..", strings.TrimRight(f, ".,;:)"))); err != nil {
					t.Errorf("%s --help names %s: %v", cmd.Name(), f, err)
				}
			}
		}
		for _, f := range []string{"puzzles.txt", "board.txt", "pieces.txt", "big.dlx", " p.dlx", "big.txt"} {
			if strings.Contains(r.stdout, " "+strings.TrimSpace(f)) {
				t.Errorf("%s --help names %s, which is not shipped", cmd.Name(), f)
			}
		}
	}
}

// clip shortens s for a test message.
func clip(s string) string {
	const max = 60
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "..."
	}
	return s
}
