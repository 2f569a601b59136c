package sudoku

import (
	"context"
	"strings"
	"testing"
)

// TestSolveAll solves a mixed input with one and with several workers: every result in
// input order, with the count of a direct solve, each solution checked; a malformed line
// reported in its place; breaking out of the loop stops it.
func TestSolveAll(t *testing.T) {
	b := mustBoard(t, Spec{})
	set := loadSet(t, "top1465.txt")[:200]
	var lines []string
	for i, g := range set {
		switch i % 50 {
		case 7:
			lines = append(lines, "123") // malformed
		case 8:
			g = append(Grid(nil), g...)
			for c := range g[:40] {
				g[c] = 0 // several solutions
			}
		}
		lines = append(lines, g.Format(OneBased))
	}
	input := strings.Join(lines, "\n") + "\n"
	want := make([]uint64, len(lines))
	for i, l := range lines {
		g, _, err := ParseLine(l, 9, Auto)
		if err != nil {
			want[i] = 99 // malformed
			continue
		}
		want[i] = count(t, b, g, 2)
	}
	for _, workers := range []int{1, 3} {
		rd := NewReader(strings.NewReader(input), 9, ReadOptions{})
		i := 0
		for r := range b.SolveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: workers}) {
			switch {
			case want[i] == 99:
				if r.Puzzle.Err == nil {
					t.Fatalf("workers %d, line %d: malformed line without error", workers, i+1)
				}
			case r.Err != nil || r.Count != want[i] || r.Puzzle.Line != i+1:
				t.Fatalf("workers %d, line %d: count %d, err %v, line %d; want count %d", workers, i+1, r.Count, r.Err, r.Puzzle.Line, want[i])
			case r.Count > 0:
				if err := b.Check(r.Puzzle.Grid, r.Solution); err != nil {
					t.Fatalf("workers %d, line %d: %v", workers, i+1, err)
				}
			}
			i++
		}
		if i != len(lines) {
			t.Fatalf("workers %d: %d results, want %d", workers, i, len(lines))
		}
		rd = NewReader(strings.NewReader(input), 9, ReadOptions{})
		n := 0
		for range b.SolveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: workers}) {
			n++
			if n == 40 {
				break
			}
		}
		if n != 40 {
			t.Fatalf("workers %d: break after %d results", workers, n)
		}
	}
}
