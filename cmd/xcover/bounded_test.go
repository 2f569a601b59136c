package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestEndlessInputs gives /dev/zero to every input of every command that reads one. Each
// used to read it into memory until the process was killed (verify grew to 24 GB); now each
// is refused at once by the bounded line reader, with exit 1 and a message naming the file
// and the line.
func TestEndlessInputs(t *testing.T) {
	const zero = "/dev/zero"
	q8 := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)}) + "/q8.dlx"
	for _, args := range [][]string{
		{"verify", q8, zero},
		{"export", "--to", "dimacs", "--block", zero, q8},
		{"import", "--from", "dimacs", q8, zero},
		{"import", "--from", "smt2", q8, zero},
		{"import", "--from", "opb", q8, zero},
		{"tile", "--pieces", "pentominoes", "--region-file", zero},
		{"tile", "--pieces-file", zero, "--region", "6x10"},
		{"sudoku", "--jigsaw", zero},
		{"sudoku", "--box", "3x3", zero},
		{"merge", zero},
		{"count", zero},
	} {
		done := make(chan result, 1)
		go func() { done <- xcoverContext(t, context.Background(), "", args...) }()
		select {
		case r := <-done:
			if r.code != 1 || !strings.Contains(r.stderr, zero) {
				t.Errorf("%s: exit %d, stderr %q; want 1 and a message naming %s", strings.Join(args, " "), r.code, r.stderr, zero)
			}
		case <-time.After(60 * time.Second):
			t.Fatalf("%s: still reading after 60 s", strings.Join(args, " "))
		}
	}
}
