package sudoku

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/endless"
)

// TestEndlessInput reads inputs that never end (/dev/zero, and one line without an end)
// as puzzles and as jigsaw regions: each is refused with the input's name and line after
// at most a bounded read; the puzzle reader used to say only "bufio.Scanner: token too long".
func TestEndlessInput(t *testing.T) {
	const bound = 64<<20 + 1<<20
	for _, c := range []byte{0, '.'} {
		r := &endless.Reader{C: c}
		rd := NewReader(r, 9, ReadOptions{Name: "in.txt"})
		if p, ok := rd.Next(); ok {
			t.Fatalf("byte %q forever: read a puzzle %+v", c, p)
		}
		if err := rd.Err(); err == nil || !strings.HasPrefix(err.Error(), "in.txt:1: ") || r.N > bound {
			t.Errorf("byte %q forever: error %v after %d bytes", c, err, r.N)
		}
		r = &endless.Reader{C: c}
		if _, err := ParseRegions(r); err == nil || r.N > bound {
			t.Errorf("byte %q forever as regions: error %v after %d bytes", c, err, r.N)
		}
	}
}
