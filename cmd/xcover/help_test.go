package main

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/present"
)

// TestHelpFiles checks the embedded help: every help/NAME.txt is a command's, with text and
// examples, and what --help prints is that file's, examples included.
func TestHelpFiles(t *testing.T) {
	root := newRootCmd()
	entries, err := helpFiles.ReadDir("help")
	if err != nil || len(entries) == 0 {
		t.Fatalf("no help files: %v", err)
	}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".txt")
		c := root
		if name != root.Name() {
			if c, _, err = root.Find([]string{name}); err != nil || c.Name() != name {
				t.Errorf("help/%s: no command %s", e.Name(), name)
				continue
			}
		}
		if c.Long == "" || c.Example == "" || strings.HasSuffix(c.Long, "\n") {
			t.Errorf("%s: Long %q, Example %q from help/%s", name, clip(c.Long), clip(c.Example), e.Name())
			continue
		}
		args := []string{name, "--help"}
		if name == root.Name() {
			args = []string{"--help"}
		}
		r := runX(t, "", args...)
		first, _, _ := strings.Cut(c.Example, "\n")
		if r.code != 0 || !strings.Contains(r.stdout, c.Long+"\n") || !strings.Contains(r.stdout, "Examples:\n"+first) {
			t.Errorf("%s --help: exit %d, without the text and examples of help/%s:\n%s", name, r.code, e.Name(), r.stdout)
		}
	}
	if c, _, err := root.Find([]string{"sudoku"}); err != nil || !strings.Contains(c.Long, `"`+present.SudokuNoSolution+`"`) {
		t.Errorf("sudoku's help does not quote the line it writes for a puzzle without a solution, %q", present.SudokuNoSolution)
	}
}
