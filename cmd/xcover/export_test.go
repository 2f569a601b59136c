package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/interop"
)

func TestExport(t *testing.T) {
	dir := writeFiles(t, map[string]string{"ex.dlx": formatExample})
	path := filepath.Join(dir, "ex.dlx")
	f, err := dlx.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		f    interop.Format
		opt  interop.Options
		head string
	}{
		{[]string{"--to", "dimacs"}, interop.DIMACS, interop.Options{}, "c xcover"},
		{[]string{"--to", "cnf", "--amo", "commander"}, interop.DIMACS, interop.Options{AtMostOne: interop.AMOCommander}, "c xcover"},
		{[]string{"--to", "smt2"}, interop.SMT2, interop.Options{}, "; xcover"},
		{[]string{"--to", "smt2", "--smt-encoding", "int", "--no-comments"}, interop.SMT2, interop.Options{SMT: interop.Int, NoComments: true}, "(set-option"},
		{[]string{"--to", "opb"}, interop.OPB, interop.Options{}, "* #variable= 6 #constraint="},
	} {
		var want bytes.Buffer
		if err := interop.Export(&want, f.Problem, tc.f, &tc.opt); err != nil {
			t.Fatal(err)
		}
		r := runX(t, "", append([]string{"export", path}, tc.args...)...)
		if r.code != 0 || r.stderr != "" || r.stdout != want.String() || !strings.HasPrefix(r.stdout, tc.head) {
			t.Errorf("export %v: exit %d, stderr %q, stdout\n%s\nwant\n%s", tc.args, r.code, r.stderr, r.stdout, want.String())
		}
		// The same from stdin.
		if r2 := runX(t, formatExample, append([]string{"export"}, tc.args...)...); r2.stdout != r.stdout {
			t.Errorf("export %v from stdin differs", tc.args)
		}
	}
}

func TestExportUsage(t *testing.T) {
	for _, args := range [][]string{
		{"export", "-"},                // no --to
		{"export", "--to", "xml", "-"}, // bad format
		{"export", "--to", "smt2", "--smt-encoding", "bv", "-"},
		{"export", "--to", "dimacs", "--amo", "ladder", "-"},
		{"export", "--to", "dimacs", "--block", "-", "-"},
		{"export", "--to", "dimacs", "a", "b"},
	} {
		if r := runX(t, formatExample, args...); r.code != exitUsage || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q; want exit 2 and nothing", args, r.code, r.stdout)
		}
	}
}

func TestExportOutputFile(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ex.dlx":   formatExample,
		"bad.json": `{"options":[0,9]}` + "\n",
		"two.json": `{"options":[0,2]}` + "\n" + `{"options":[0,3]}` + "\n",
	})
	out := filepath.Join(dir, "ex.cnf")
	r := runX(t, "", "export", "--to", "dimacs", "-o", out, filepath.Join(dir, "ex.dlx"))
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	full := runX(t, formatExample, "export", "--to", "dimacs").stdout
	if got, _ := os.ReadFile(out); string(got) != full {
		t.Errorf("-o wrote\n%s\nwant\n%s", got, full)
	}

	// An error while writing leaves the old file alone and no temporary file behind.
	if err := os.WriteFile(out, []byte("old\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	r = runX(t, "", "export", "--to", "dimacs", "-o", out, "--block", filepath.Join(dir, "bad.json"), filepath.Join(dir, "ex.dlx"))
	if r.code != exitInput || !strings.Contains(r.stderr, "no option 9") {
		t.Errorf("bad block: exit %d, stderr %q", r.code, r.stderr)
	}
	if got, _ := os.ReadFile(out); string(got) != "old\n" {
		t.Errorf("failed export changed the output file to %q", got)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 4 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("files left: %v", names)
	}

	// --block adds one clause per solution.
	r = runX(t, "", "export", "--to", "dimacs", "--no-comments", "--block", filepath.Join(dir, "two.json"), filepath.Join(dir, "ex.dlx"))
	if !strings.Contains(r.stdout, "p cnf 16 34\n") || !strings.Contains(r.stdout, "-1 2 -3 4 5 0\n") {
		t.Errorf("--block: exit %d, stderr %q, output\n%s", r.code, r.stderr, r.stdout)
	}

	// A directory that does not exist.
	r = runX(t, formatExample, "export", "--to", "opb", "-o", filepath.Join(dir, "no", "such.opb"))
	if r.code != exitInput {
		t.Errorf("missing directory: exit %d, stderr %q", r.code, r.stderr)
	}
}

func TestExportHelp(t *testing.T) {
	for _, cmd := range []string{"export", "import"} {
		r := runX(t, "", cmd, "--help")
		if r.code != 0 || !strings.Contains(r.stdout, "Examples:") || !strings.Contains(r.stdout, "examples/") {
			t.Errorf("%s --help: exit %d\n%s", cmd, r.code, r.stdout)
		}
	}
}
