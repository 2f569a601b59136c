package dlx

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/endless"
)

// TestEndlessInput parses inputs that never end: /dev/zero, and a line without a line
// ending. Both used to be read into memory until it ran out; now the first is refused
// within its first buffer and the second at MaxLineBytes.
func TestEndlessInput(t *testing.T) {
	for _, tt := range []struct {
		c       byte
		maxRead int
		msg     string
	}{
		{0, 1 << 20, "NUL byte"},
		{'a', MaxLineBytes + 1<<20, "line longer than 64 MiB"},
	} {
		r := &endless.Reader{C: tt.c}
		_, err := Parse(r, "in")
		if err == nil || !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "in:1:") {
			t.Errorf("byte %q forever: error %v, want in:1: ... %q", tt.c, err, tt.msg)
		}
		if r.N > tt.maxRead {
			t.Errorf("byte %q forever: read %d bytes before refusing, want at most %d", tt.c, r.N, tt.maxRead)
		}
	}
}

// TestByteOrderMark parses a file that an editor started with UTF-8's byte order mark: the
// mark is skipped, not refused as an unprintable item name.
func TestByteOrderMark(t *testing.T) {
	f, err := Parse(strings.NewReader("\uFEFFA B\nA\nB\n"), "bom.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if got := f.Problem.Item(0).Name; got != "A" {
		t.Errorf("first item %q, want \"A\"", got)
	}
	// Only at the start of the file: elsewhere it is still an unprintable name.
	if _, err := Parse(strings.NewReader("A B\nA \uFEFFB\n"), "mid.dlx"); err == nil {
		t.Error("a byte order mark inside a line was accepted")
	}
}

// TestLineReaderBounds reads endless inputs through the LineReader that every other input
// of xcover uses: refused at the first buffer (NUL) or at MaxLineBytes, with the name and
// the line, never read further.
func TestLineReaderBounds(t *testing.T) {
	for _, tt := range []struct {
		c       byte
		maxRead int
		msg     string
	}{
		{0, 1 << 20, "NUL byte"},
		{'a', MaxLineBytes + 1<<20, "line longer than 64 MiB"},
	} {
		r := &endless.Reader{C: tt.c}
		lr := NewLineReader(strings.NewReader("first\n"), "in")
		if l, err := lr.ReadLine(); err != nil || string(l) != "first" || lr.Line() != 1 {
			t.Fatalf("first line: %q, %v, line %d", l, err, lr.Line())
		}
		lr = NewLineReader(r, "in")
		_, err := lr.ReadLine()
		if err == nil || !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "in:1:") {
			t.Errorf("byte %q forever: error %v, want in:1: ... %q", tt.c, err, tt.msg)
		}
		if r.N > tt.maxRead {
			t.Errorf("byte %q forever: read %d bytes, want at most %d", tt.c, r.N, tt.maxRead)
		}
	}
}
