package dlx

import (
	"strings"
	"testing"
)

// endless is a reader that gives the byte c forever, counting what it gave.
type endless struct {
	c    byte
	read int
}

func (r *endless) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = r.c
	}
	r.read += len(b)
	return len(b), nil
}

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
		r := &endless{c: tt.c}
		_, err := Parse(r, "in")
		if err == nil || !strings.Contains(err.Error(), tt.msg) || !strings.HasPrefix(err.Error(), "in:1:") {
			t.Errorf("byte %q forever: error %v, want in:1: ... %q", tt.c, err, tt.msg)
		}
		if r.read > tt.maxRead {
			t.Errorf("byte %q forever: read %d bytes before refusing, want at most %d", tt.c, r.read, tt.maxRead)
		}
	}
}
