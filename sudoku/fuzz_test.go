package sudoku

import (
	"bytes"
	"testing"
)

// FuzzParseLine checks that no line makes the parser panic, and that a line it accepts
// reads back the same when written in the alphabet it was read in.
func FuzzParseLine(f *testing.F) {
	f.Add("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", uint8(2))
	f.Add("1.3.....2..4.1.4", uint8(0))
	f.Add("12..34..56..", uint8(1))
	f.Add("0123456789ABCDEF", uint8(3))
	f.Add("..G.", uint8(3))
	sizes := []int{4, 6, 9, 16}
	f.Fuzz(func(t *testing.T, line string, size uint8) {
		n := sizes[int(size)%len(sizes)]
		g, a, err := parseOneLine(line, n, Auto)
		if err != nil {
			return
		}
		if len(g) != n*n {
			t.Fatalf("%q: %d cells, want %d", line, len(g), n*n)
		}
		for _, v := range g {
			if int(v) > n {
				t.Fatalf("%q: value %d on a board of side %d", line, v, n)
			}
		}
		again, _, err := parseOneLine(g.Format(a), n, a)
		if err != nil || !bytes.Equal(again, g) {
			t.Fatalf("%q written as %q reads back as %v, %v", line, g.Format(a), again, err)
		}
	})
}

// FuzzParseRegions checks that no jigsaw picture makes the region parser panic.
func FuzzParseRegions(f *testing.F) {
	f.Add("AAAABBCCC\nAABBBBCCC\nAAABBBCCC\nDDDDEEFFF\nDDEEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n")
	f.Add("AB\nBA\n")
	f.Fuzz(func(t *testing.T, picture string) {
		ParseRegions(bytes.NewReader([]byte(picture)))
	})
}
