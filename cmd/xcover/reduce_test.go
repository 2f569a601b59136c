package main

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReduce runs reduce and --reduce as a user would: the reduced file counts the same,
// solve --reduce lists the same solutions in the file's numbering, and a forced option
// that the rules removed gives no solution.
func TestReduce(t *testing.T) {
	holed := filepath.Join("..", "..", "examples", "pentominoes-holed.dlx")
	r := runX(t, "", "reduce", holed)
	if r.code != 0 || !strings.HasPrefix(r.stdout, "| Reduced by xcover reduce: 152 of 1568") {
		t.Fatalf("reduce: exit %d, %.200q, %q", r.code, r.stdout, r.stderr)
	}
	if c := runX(t, r.stdout, "count", "-"); c.stdout != "520\n" {
		t.Errorf("count of the reduced file: %q %q", c.stdout, c.stderr)
	}
	plain := runX(t, "", "solve", "--json", "--workers", "1", holed)
	red := runX(t, "", "solve", "--json", "--workers", "1", "--reduce", holed)
	a, b := strings.Split(plain.stdout, "\n"), strings.Split(red.stdout, "\n")
	slices.Sort(a)
	slices.Sort(b)
	if !slices.Equal(a, b) || len(a) != 521 {
		t.Errorf("solve --reduce: %d lines, plain %d; the same solutions: %v", len(b), len(a), slices.Equal(a, b))
	}
	if v := runX(t, red.stdout, "verify", holed, "-"); v.code != 0 {
		t.Errorf("verify of solve --reduce: %s %s", v.stdout, v.stderr)
	}
	text := runX(t, "", "solve", "--reduce", "--limit", "2", holed)
	if v := runX(t, text.stdout, "verify", holed, "-"); v.code != 0 || !strings.Contains(v.stdout, "2 solutions checked, 0 invalid") {
		t.Errorf("verify of solve --reduce text: %s %s", v.stdout, v.stderr)
	}
	// Option 1 is removed by rule 1 (it is missing from the map in the comment).
	if !strings.Contains(r.stdout, "in order: 0 2 ") {
		t.Fatalf("option 1 is not among those removed: %.300q", r.stdout)
	}
	if c := runX(t, "", "count", "--reduce", "--initial", "1", holed); c.code != 0 || c.stdout != "0\n" || !strings.Contains(c.stderr, "no solution") {
		t.Errorf("count --reduce --initial 1: exit %d, %q, %q", c.code, c.stdout, c.stderr)
	}
	if c := runX(t, "", "count", "--initial", "1", holed); c.stdout != "0\n" {
		t.Errorf("count --initial 1 without --reduce: %q (the rule says 0)", c.stdout)
	}
	out := filepath.Join(t.TempDir(), "r.dlx")
	if r := runX(t, "", "reduce", "-o", out, holed); r.code != 0 || r.stdout != "" {
		t.Errorf("reduce -o: exit %d, %q", r.code, r.stdout)
	}
}

// TestMinCost runs solve --min-cost as a user would: improving solutions as they are
// found, the optimum on stderr, output that verify takes back with its costs.
func TestMinCost(t *testing.T) {
	costs := filepath.Join("..", "..", "examples", "costs.dlx")
	r := runX(t, "", "solve", "--min-cost", costs)
	last := r.stdout[strings.LastIndex(r.stdout, "| cost "):]
	if r.code != 0 || !strings.Contains(r.stderr, "optimum: cost 6") || !strings.HasPrefix(last, "| cost 6\n") {
		t.Fatalf("solve --min-cost: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	v := runX(t, r.stdout, "verify", costs, "-")
	if v.code != 0 || !strings.Contains(v.stdout, "cost 6\n") {
		t.Errorf("verify: exit %d, %q %q", v.code, v.stdout, v.stderr)
	}
	b := runX(t, "", "solve", "--min-cost", "--best", "10", "--json", costs)
	if !strings.Contains(b.stderr, "the 5 cheapest solutions cost 6, 6, 6, 8, 8") || strings.Count(b.stdout, `"cost":`) < 5 {
		t.Errorf("--best 10: %q %q", b.stdout, b.stderr)
	}
	if v := runX(t, b.stdout, "verify", costs, "-"); v.code != 0 {
		t.Errorf("verify of --json: %q %q", v.stdout, v.stderr)
	}
	for _, args := range [][]string{{"--best", "2"}, {"--min-cost", "--best", "0"}, {"--min-cost", "--limit", "1"}} {
		if r := runX(t, "", append(append([]string{"solve"}, args...), costs)...); r.code != exitUsage {
			t.Errorf("solve %v: exit %d", args, r.code)
		}
	}
}
