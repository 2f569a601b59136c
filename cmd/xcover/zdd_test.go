package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/zdd"
)

// TestZDD writes the diagram of the format's example and of 6×6 dominoes, reads it back
// with --from, and counts, samples and finds a cheapest solution from it, each solution
// checked against the file.
func TestZDD(t *testing.T) {
	var d6 bytes.Buffer
	if err := dlx.Write(&d6, problems.Dominoes(6, 6)); err != nil {
		t.Fatal(err)
	}
	costs, err := os.ReadFile("../../examples/costs.dlx")
	if err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample, "d6.dlx": d6.String(), "costs.dlx": string(costs)})
	ex, d6path := filepath.Join(dir, "ex.dlx"), filepath.Join(dir, "d6.dlx")

	r := runX(t, "", "zdd", ex)
	want := "zdd 5 6\n2 3 0 1\n3 2 0 2\n4 1 0 3\n5 2 2 1\n6 0 4 5\n"
	if r.code != 0 || r.stdout != want || !strings.HasPrefix(r.stderr, "xcover: 5 nodes, built in ") {
		t.Errorf("zdd: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	out := filepath.Join(dir, "d6.zdd")
	if r := runX(t, "", "zdd", d6path, "-o", out); r.code != 0 || r.stdout != "" {
		t.Fatalf("zdd -o: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	d, err := zdd.Build(context.Background(), problems.Dominoes(6, 6), 0)
	if err != nil {
		t.Fatal(err)
	}
	var wantD6 bytes.Buffer
	zdd.Write(&wantD6, d)
	if got, _ := os.ReadFile(out); string(got) != wantD6.String() {
		t.Errorf("zdd -o wrote another diagram")
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"zdd", "--count", d6path}, "6728\n"},
		{[]string{"zdd", "--from", out, "--count", "--json", d6path}, `{"solutions":6728,"nodes":` + itoa(len(d.Nodes)-2) + "}\n"},
		{[]string{"zdd", "--min-cost", filepath.Join(dir, "costs.dlx")}, "| cost 6\n"},
		{[]string{"zdd", "--min-cost", "--json", filepath.Join(dir, "costs.dlx")}, `"cost":6}`},
		{[]string{"zdd", "--sample", "3", "--seed", "1", "--json", ex}, `{"options":[`},
	} {
		r := runX(t, "", tc.args...)
		if r.code != 0 || !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
	// Samples are solutions (the command checks them; verify reads them again).
	r = runX(t, "", "zdd", "--sample", "20", "--seed", "3", d6path)
	if r.code != 0 || strings.Count(r.stdout, "\n\n") != 20 {
		t.Fatalf("zdd --sample 20: exit %d, stdout %q", r.code, clip(r.stdout))
	}
	if v := runX(t, r.stdout, "verify", d6path, "-"); v.code != 0 {
		t.Errorf("verify of the samples: exit %d, %s %s", v.code, v.stdout, v.stderr)
	}
}

// TestZDDErrors: a diagram past its budget, a bad diagram file, one naming an option the
// problem lacks, and wrong usage each fail with a clear message, nothing on stdout and
// no output file.
func TestZDDErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ex.dlx":  formatExample,
		"bad.zdd": "zdd 1 2\n2 0 0 9\n",
		"big.zdd": "zdd 1 2\n2 5 0 1\n",
	})
	ex := filepath.Join(dir, "ex.dlx")
	out := filepath.Join(dir, "out.zdd")
	var d8 bytes.Buffer
	dlx.Write(&d8, problems.Dominoes(8, 8))
	for _, tc := range []struct {
		stdin string
		args  []string
		code  int
		msg   string
	}{
		{d8.String(), []string{"zdd", "--zdd-mem", "64KiB", "-o", out}, exitInput, "memory budget of 64 KiB"},
		{"", []string{"zdd", "--from", filepath.Join(dir, "bad.zdd"), "--count", ex}, exitInput, "bad.zdd:2: HI must be an earlier node"},
		{"", []string{"zdd", "--from", filepath.Join(dir, "big.zdd"), "--count", ex}, exitInput, "no option 5"},
		{"", []string{"zdd", "--count", "--min-cost", ex}, exitUsage, "exclude each other"},
		{"", []string{"zdd", "--from", filepath.Join(dir, "bad.zdd"), ex}, exitUsage, "say what to do"},
		{"", []string{"zdd", "--count", "-o", out, ex}, exitUsage, "-o writes the diagram"},
		{"", []string{"zdd", "--zdd-mem", "lots", ex}, exitUsage, "--zdd-mem"},
	} {
		r := runX(t, tc.stdin, tc.args...)
		if r.code != tc.code || r.stdout != "" || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.msg)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%v: left %s", tc.args, out)
		}
	}
}
