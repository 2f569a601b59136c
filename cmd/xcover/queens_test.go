package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"github.com/xcover/xcover"
	"io"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/queens"
)

// queensLines parses --json listing output: one {"queens":[...]} per line, each checked.
func queensLines(t *testing.T, n int, out string) [][]int {
	t.Helper()
	var sols [][]int
	seen := make(map[string]bool)
	for line := range strings.Lines(out) {
		var v struct{ Queens []int }
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("bad JSON line %q: %v", clip(line), err)
		}
		if len(v.Queens) != n {
			t.Fatalf("%d queens, want %d", len(v.Queens), n)
		}
		if err := queens.Check(queens.BoardOf(v.Queens), 1); err != nil {
			t.Fatalf("invalid solution: %v", err)
		}
		if seen[line] {
			t.Fatalf("solution twice: %s", clip(line))
		}
		seen[line] = true
		sols = append(sols, v.Queens)
	}
	return sols
}

func TestQueensCount(t *testing.T) {
	want := []uint64{0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724}
	distinct := []uint64{0, 1, 0, 0, 1, 2, 1, 6, 12, 46, 92}
	for n := 1; n <= 10; n++ {
		for _, engine := range []string{"xc", "bitboard", "auto"} {
			r := runX(t, "", "queens", "--count", "--distinct", "--json", "--engine", engine, itoa(n))
			if r.code != 0 {
				t.Fatalf("n=%d %s: exit %d: %s", n, engine, r.code, r.stderr)
			}
			var v struct {
				Solutions, Distinct uint64
				Engine              string
			}
			if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
				t.Fatalf("bad JSON %q: %v", r.stdout, err)
			}
			if v.Solutions != want[n] || v.Distinct != distinct[n] {
				t.Errorf("n=%d %s: %+v, want %d, %d", n, engine, v, want[n], distinct[n])
			}
			if engine == "auto" && v.Engine != "bitboard" || engine != "auto" && v.Engine != engine {
				t.Errorf("n=%d %s: engine %q", n, engine, v.Engine)
			}
		}
	}
	if r := runX(t, "", "queens", "8", "--count"); r.stdout != "92\n" {
		t.Errorf("queens 8 --count: %q", r.stdout)
	}
	if r := runX(t, "", "queens", "12", "--distinct"); r.stdout != "14200 solutions, 1787 essentially different\n" {
		t.Errorf("queens 12 --distinct: %q", r.stdout)
	}
	r := runX(t, "", "queens", "--count", "--json", "14")
	if !strings.Contains(r.stdout, `"solutions":365596`) || strings.Contains(r.stdout, "distinct") {
		t.Errorf("queens 14 --count --json: %q", r.stdout)
	}
}

func TestQueensPerLine(t *testing.T) {
	for n, want := range []string{2: "1", 3: "2", 4: "11", 5: "92", 6: "1097"} {
		if want == "" {
			continue
		}
		r := runX(t, "", "queens", itoa(n), "--per-line", "2", "--count")
		if r.code != 0 || r.stdout != want+"\n" {
			t.Errorf("n=%d, 2 per line: exit %d, %q, want %s", n, r.code, r.stdout, want)
		}
	}
	r := runX(t, "", "queens", "6", "--per-line", "2", "--json", "--limit", "5")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 5 {
		t.Fatalf("exit %d, %d lines: %s", r.code, len(lines), r.stderr)
	}
	for _, line := range lines {
		var v struct{ Queens [][2]int }
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		sq := make([]queens.Square, len(v.Queens))
		for i, p := range v.Queens {
			sq[i] = queens.Square{Rank: p[0], File: p[1]}
		}
		if err := queens.Check(queens.Board{N: 6, Queens: sq}, 2); err != nil {
			t.Errorf("%s: %v", line, err)
		}
	}
}

func TestQueensList(t *testing.T) {
	r := runX(t, "", "queens", "4")
	if want := ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n"; r.stdout != want {
		t.Errorf("queens 4:\n%s", r.stdout)
	}
	for _, engine := range []string{"auto", "bitboard", "xc"} {
		r := runX(t, "", "queens", "8", "--json", "--engine", engine)
		if sols := queensLines(t, 8, r.stdout); len(sols) != 92 {
			t.Errorf("%s: %d solutions", engine, len(sols))
		}
	}
	r = runX(t, "", "queens", "8", "--json", "--limit", "3")
	if sols := queensLines(t, 8, r.stdout); len(sols) != 3 {
		t.Errorf("--limit 3: %d solutions", len(sols))
	}
	for _, args := range [][]string{
		{"1000", "--engine", "construct"},
		{"1001", "--json"}, // auto: construct
		{"3000", "--random", "--seed", "4"},
		{"200", "--random", "--seed", "4", "--engine", "xc"},
		{"10", "--random", "--seed", "4", "--limit", "3"},
	} {
		r := runX(t, "", append([]string{"queens", "--json"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		want := 1
		if args[len(args)-1] == "3" {
			want = 3
		}
		if sols := queensLines(t, atoi(args[0]), r.stdout); len(sols) != want {
			t.Errorf("%v: %d solutions", args, len(sols))
		}
		if again := runX(t, "", append([]string{"queens", "--json"}, args...)...); again.stdout != r.stdout {
			t.Errorf("%v: not reproducible", args)
		}
	}
	// Large boards print as a line of files.
	r = runX(t, "", "queens", "200")
	var cols []int
	for f := range strings.FieldsSeq(r.stdout) {
		cols = append(cols, atoi(f))
	}
	if len(cols) != 200 || queens.Check(queens.BoardOf(cols), 1) != nil {
		t.Errorf("queens 200: %d files", len(cols))
	}
	if r := runX(t, "", "queens", "3"); r.code != 0 || r.stdout != "" {
		t.Errorf("queens 3: exit %d, %q", r.code, r.stdout)
	}
}

func TestQueensOrbits(t *testing.T) {
	r := runX(t, "", "queens", "8", "--orbits", "--json")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != 0 || len(lines) != 13 {
		t.Fatalf("exit %d, %d lines", r.code, len(lines))
	}
	var sizes int
	for _, line := range lines[:12] {
		var v struct {
			Queens  []int
			Size    int
			FixedBy []string `json:"fixedBy"`
		}
		json.Unmarshal([]byte(line), &v)
		if queens.Check(queens.BoardOf(v.Queens), 1) != nil || v.Size*len(v.FixedBy) != 8 {
			t.Errorf("bad orbit %s", line)
		}
		sizes += v.Size
	}
	if sizes != 92 {
		t.Errorf("orbit sizes sum to %d", sizes)
	}
	var sum struct{ Solutions, Orbits, Burnside uint64 }
	json.Unmarshal([]byte(lines[12]), &sum)
	if sum.Solutions != 92 || sum.Orbits != 12 || sum.Burnside != 12 {
		t.Errorf("summary %s", lines[12])
	}
	r = runX(t, "", "queens", "6", "--orbits")
	if want := "1 3 5 0 2 4  orbit size 4, fixed by identity rot180\n" +
		"4 solutions in 1 orbits; Burnside: (4 + 0 + 4 + 0 + 0 + 0 + 0 + 0)/8 = 1\n"; r.stdout != want {
		t.Errorf("queens 6 --orbits:\n%s", r.stdout)
	}
}

func TestQueensPictures(t *testing.T) {
	r := runX(t, "", "queens", "8", "--format", "svg")
	if r.code != 0 {
		t.Fatal(r.stderr)
	}
	d := xml.NewDecoder(strings.NewReader(r.stdout))
	nq := 0
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			for _, a := range se.Attr {
				if a.Name.Local == "class" && a.Value == "queen" {
					nq++
				}
			}
		}
	}
	if nq != 92*8 {
		t.Errorf("%d queens in the SVG, want 736", nq)
	}
	r = runX(t, "", "queens", "8", "--format", "html")
	if r.code != 0 || !strings.Contains(r.stdout, "Valid") || strings.Contains(r.stdout, `class="conflict"`) {
		t.Errorf("html: exit %d\n%s", r.code, clip(r.stdout))
	}
}

func TestQueensEmit(t *testing.T) {
	r := runX(t, "", "queens", "8", "--emit", "dlx")
	f, err := dlx.Parse(strings.NewReader(r.stdout), "queens8.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if res, err := xcover.Count(context.Background(), f.Problem, xcover.Config{}); res.Solutions.Int64() != 92 || err != nil {
		n := res.Solutions
		t.Errorf("emitted problem has %d solutions, %v", n, err)
	}
	r = runX(t, "", "queens", "5", "--per-line", "2", "--emit", "dlx")
	f, err = dlx.Parse(strings.NewReader(r.stdout), "q.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := xcover.Count(context.Background(), f.Problem, xcover.Config{}); res.Solutions.Int64() != 92 {
		n := res.Solutions
		t.Errorf("emitted 2-per-line problem has %d solutions", n)
	}
}

func TestQueensErrors(t *testing.T) {
	for _, args := range [][]string{
		{"0"}, {"-3"}, {"abc"}, {"200000000"}, {}, {"8", "9"},
		{"8", "--per-line", "9"}, {"8", "--per-line", "0"},
		{"8", "--engine", "magic"}, {"8", "--format", "pdf"}, {"8", "--emit", "cnf"},
		{"30", "--count"}, {"40", "--count", "--engine", "bitboard"},
		{"8", "--count", "--engine", "construct"}, {"8", "--per-line", "2", "--engine", "bitboard"},
		{"20", "--orbits"}, {"8", "--format", "html", "--limit", "2"},
		{"8", "--workers", "-1"}, {"8", "--count", "--orbits"},
	} {
		r := runX(t, "", append([]string{"queens"}, args...)...)
		if r.code != exitUsage || r.stdout != "" || !strings.HasPrefix(r.stderr, "xcover: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and a message", args, r.code, clip(r.stdout), r.stderr)
		}
	}
}

func TestQueensInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	code := runContext(ctx, []string{"queens", "18", "--count"}, strings.NewReader(""), &out, &errb)
	if code != exitInterrupted {
		t.Errorf("exit %d, want %d; %s", code, exitInterrupted, errb.String())
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func atoi(s string) int {
	var n int
	json.Unmarshal([]byte(s), &n)
	return n
}

// TestQueensCountProgress: queens --count --progress reports the bitboard counter's tasks
// on stderr and ends with the count's line; the counter counts no nodes, so no nodes/s
// (issue 41, fault 12: queens counts had no --progress).
func TestQueensCountProgress(t *testing.T) {
	r := runX(t, "", "queens", "12", "--count", "--progress")
	if r.code != 0 || r.stdout != "14200\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, "done: 14200 solutions in ") || strings.Contains(r.stderr, "nodes") {
		t.Errorf("stderr %q: want the progress line's end, without nodes", r.stderr)
	}
	if r := runX(t, "", "queens", "12", "--count"); r.stderr != "" {
		t.Errorf("without --progress (not a terminal): stderr %q", r.stderr)
	}
}
