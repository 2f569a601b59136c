package dlx

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/endless"
	"github.com/xcover/xcover/internal/textio"
)

// TestEndlessInput reads inputs that never end — /dev/zero, and a line without a line
// ending — both through Parse and through the line reader that every other input of xcover
// uses. Both used to be read into memory until it ran out; now the first is refused within
// its first buffer and the second at textio.MaxLineBytes, with the name and the line.
func TestEndlessInput(t *testing.T) {
	lr := textio.NewLineReader(strings.NewReader("first\n"), "in")
	if l, err := lr.ReadLine(); err != nil || string(l) != "first" || lr.Line() != 1 {
		t.Fatalf("first line: %q, %v, line %d", l, err, lr.Line())
	}
	readers := map[string]func(r *endless.Reader) error{
		"Parse": func(r *endless.Reader) error {
			_, err := Parse(r, "in")
			if _, ok := err.(*Error); !ok {
				t.Errorf("Parse: %T, want *dlx.Error", err)
			}
			return err
		},
		"LineReader": func(r *endless.Reader) error {
			_, err := textio.NewLineReader(r, "in").ReadLine()
			return err
		},
	}
	for name, read := range readers {
		for _, tt := range []struct {
			c       byte
			maxRead int
			msg     string
		}{
			{0, 1 << 20, "NUL byte"},
			{'a', textio.MaxLineBytes + 1<<20, "line longer than 64 MiB"},
		} {
			r := &endless.Reader{C: tt.c}
			err := read(r)
			if err == nil || !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "in:1:") {
				t.Errorf("%s, byte %q forever: error %v, want in:1: ... %q", name, tt.c, err, tt.msg)
			}
			if r.N > tt.maxRead {
				t.Errorf("%s, byte %q forever: read %d bytes before refusing, want at most %d", name, tt.c, r.N, tt.maxRead)
			}
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
