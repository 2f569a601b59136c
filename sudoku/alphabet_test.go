package sudoku

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestWideBoardsRoundTrip solves empty boards of more than 36 values and reads the output
// back, as a line and as a text grid: they used to be written with the characters after
// 'Z' ("[\]^_…"), which the reader refused.
func TestWideBoardsRoundTrip(t *testing.T) {
	for _, box := range [][2]int{{6, 7}, {7, 7}, {8, 8}, {3, 4}} {
		b, err := NewBoard(Variant{BoxRows: box[0], BoxCols: box[1]})
		if err != nil {
			t.Fatal(err)
		}
		n := b.N()
		empty := strings.Repeat(".", n*n)
		p, a, err := parseOneLine(empty, n, Auto)
		if err != nil {
			t.Fatalf("%dx%d: %v", n, n, err)
		}
		if want := Numbers; n <= 36 {
			want = OneBased
			if a != want {
				t.Errorf("%dx%d: alphabet %v", n, n, a)
			}
		} else if a != want {
			t.Errorf("%dx%d: alphabet %v, want %v", n, n, a, want)
		}
		sol := make(Grid, n*n)
		if k, err := b.newSolver().solve(context.Background(), p, 1, sol); err != nil || k != 1 {
			t.Fatalf("%dx%d: %d solutions, %v", n, n, k, err)
		}
		line := sol.Format(a)
		for _, ch := range []byte(line) {
			if !(ch >= '0' && ch <= '9' || ch >= 'A' && ch <= 'Z' || ch == ' ' || ch == '.') {
				t.Fatalf("%dx%d: output has %q", n, n, ch)
			}
		}
		back, _, err := parseOneLine(line, n, Auto)
		if err != nil || !bytes.Equal(back, sol) {
			t.Fatalf("%dx%d: the line written does not read back: %v", n, n, err)
		}
		var text bytes.Buffer
		if err := b.WriteText(&text, sol, a); err != nil {
			t.Fatal(err)
		}
		rd := NewReader(&text, n, ReadOptions{Grid: true})
		q, ok := rd.Next()
		if !ok || q.Err != nil || !bytes.Equal(q.Grid, sol) {
			t.Fatalf("%dx%d: the text grid written does not read back: %v", n, n, q.Err)
		}
		if err := b.Check(nil, q.Grid); err != nil {
			t.Errorf("%dx%d: %v", n, n, err)
		}
	}
	// A run of dots is as many blanks; bad numbers are named.
	if _, _, err := parseOneLine(strings.Repeat(". ", 37*37-3)+"...", 37, Auto); err != nil {
		t.Errorf("dots: %v", err)
	}
	for _, bad := range []string{strings.Repeat("1 ", 37*37-1) + "38", strings.Repeat("1 ", 37*37+1), "1 2 x"} {
		if _, _, err := parseOneLine(bad, 37, Auto); err == nil {
			t.Errorf("parseOneLine(%.20q…) did not fail", bad)
		}
	}
}
