package main

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/present"
)

// TestHelpFiles checks the help read from help/NAME.txt: every file is the help of a
// command, which shows its description and examples whole, and the wording that the help
// quotes from the output is the output's.
func TestHelpFiles(t *testing.T) {
	entries, err := help.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	cmds := map[string]bool{}
	for _, c := range newRootCmd().Commands() {
		cmds[c.Name()] = true
	}
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok || !cmds[name] {
			t.Errorf("help/%s is the help of no command", e.Name())
			continue
		}
		long, example := helpText(name)
		c, _, err := newRootCmd().Find([]string{name})
		switch {
		case err != nil:
			t.Errorf("%s: %v", name, err)
		case long == "" || example == "" || strings.Contains(long, "Examples:") || strings.HasSuffix(long, "\n"):
			t.Errorf("help/%s: a description and examples, each without trailing lines, want; got %q and %q", e.Name(), long, example)
		case c.Long != long || c.Example != example:
			t.Errorf("%s --help does not show help/%s", name, e.Name())
		}
	}
	if long, _ := helpText("sudoku"); !strings.Contains(long, `"`+present.SudokuNoSolution+`"`) {
		t.Errorf("sudoku's help does not quote the line it writes for a puzzle without a solution, %q", present.SudokuNoSolution)
	}
}
