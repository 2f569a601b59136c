package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
)

// TestPeerFormats converts the format's example and 8 queens to each other tool's format
// and back through the command: the counts and the solutions (as option numbers) stay;
// files are read by extension or --input-format.
func TestPeerFormats(t *testing.T) {
	q8, err := os.ReadFile("../../examples/queens8.dlx")
	if err != nil {
		t.Fatal(err)
	}
	var d4 bytes.Buffer
	dlx.Write(&d4, problems.Dominoes(4, 4))
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample, "q8.dlx": string(q8), "d4.dlx": d4.String()})
	for _, tc := range []struct {
		src, to, ext string
	}{
		{"ex.dlx", "miniexact", ".xcc"},
		{"q8.dlx", "miniexact", ".xc"},
		{"q8.dlx", "miniexact-dimacs", ".xc"},
		{"d4.dlx", "matrix", ".mat"},
		{"d4.dlx", "csv", ".csv"},
	} {
		src := filepath.Join(dir, tc.src)
		out := filepath.Join(dir, tc.to+tc.ext)
		if r := runX(t, "", "export", "--to", tc.to, src, "-o", out); r.code != 0 || r.stdout != "" {
			t.Fatalf("export --to %s: exit %d, %s", tc.to, r.code, r.stderr)
		}
		want := runX(t, "", "solve", "--json", src)
		got := runX(t, "", "solve", "--json", out) // by extension
		text, _ := os.ReadFile(out)
		piped := runX(t, string(text), "solve", "--json", "--input-format", tc.to, "-")
		// The same set of solutions (the order may differ: the engine may branch on the
		// items in another order).
		if want.code != 0 || got.code != 0 || sortLines(got.stdout) != sortLines(want.stdout) || sortLines(piped.stdout) != sortLines(want.stdout) {
			t.Errorf("%s as %s: solutions\n%s\n%s\nwant\n%s (%s %s)", tc.src, tc.to, got.stdout, piped.stdout, want.stdout, got.stderr, piped.stderr)
		}
		back := runX(t, "", "export", "--to", "dlx", out)
		if c1, c2 := runX(t, back.stdout, "count", "-"), runX(t, "", "count", src); back.code != 0 || c1.stdout != c2.stdout || c1.stdout == "" {
			t.Errorf("%s as %s back to DLX: count %q, want %q (%s)", tc.src, tc.to, c1.stdout, c2.stdout, back.stderr)
		}
	}
}

// TestPeerFormatErrors: a bad file names itself and its line; a problem a format cannot
// hold is refused with nothing written; a bad --input-format is wrong usage.
func TestPeerFormatErrors(t *testing.T) {
	dir := writeFiles(t, map[string]string{"bad.xcc": "< a b >\na c;\n", "bad.csv": "0,1\n1,0,1\n", "ex.dlx": formatExample})
	out := filepath.Join(dir, "out.csv")
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"count", filepath.Join(dir, "bad.xcc")}, exitInput, `bad.xcc:2: unknown item "c"`},
		{[]string{"solve", filepath.Join(dir, "bad.csv")}, exitInput, "bad.csv:2: a row of 3 entries"},
		{[]string{"export", "--to", "csv", filepath.Join(dir, "ex.dlx"), "-o", out}, exitInput, "no secondary items"},
		{[]string{"export", "--to", "csv", filepath.Join(dir, "ex.dlx")}, exitInput, "no secondary items"},
		{[]string{"count", "--input-format", "xml", filepath.Join(dir, "ex.dlx")}, exitUsage, "unknown format"},
	} {
		r := runX(t, "", tc.args...)
		if r.code != tc.code || r.stdout != "" || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.msg)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("a refused export left %s", out)
	}
}

func sortLines(s string) string {
	l := strings.Split(s, "\n")
	slices.Sort(l)
	return strings.Join(l, "\n")
}
