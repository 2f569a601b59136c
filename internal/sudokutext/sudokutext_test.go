package sudokutext

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

const classicLine = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// trickle is a reader that gives one byte a call, as a slow pipe does.
type trickle struct{ s string }

func (r *trickle) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	p[0], r.s = r.s[0], r.s[1:]
	return 1, nil
}

func TestPeekSide(t *testing.T) {
	tests := []struct {
		name, input string
		grid        bool
		side        int
	}{
		{"line", classicLine + "\n", false, 9},
		{"line at the end", classicLine, false, 9},
		{"after comments", "# x\n\n---\n" + strings.Repeat(".", 16) + "\n", false, 4},
		{"not a square", "123\n" + classicLine + "\n", false, 0},
		{"nothing", "# x\n", false, 0},
		{"grid, together", "53..7....\n", true, 9},
		{"grid, with bars", "53.|.7.|...\n", true, 9},
		{"grid, apart", "5 3 . | . 7 . | . . .\n", true, 9},
		{"grid, numbers", "# big\n10 11 12 . 1 2\n", true, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tt.input), &trickle{tt.input}} {
				br := bufio.NewReaderSize(r, 1<<10)
				if got := PeekSide(br, tt.grid); got != tt.side {
					t.Errorf("%T: side %d, want %d", r, got, tt.side)
				}
				// Nothing is read away.
				if rest, _ := io.ReadAll(br); string(rest) != tt.input {
					t.Errorf("%T: %q left, want %q", r, rest, tt.input)
				}
			}
		})
	}
}
