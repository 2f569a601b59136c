package interop

import (
	"io"
	"strings"
	"testing"
)

// endless gives the byte c forever, counting what it gave.
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

// TestEndlessModel reads models that never end (/dev/zero, and one endless token) in every
// format: each is refused after a bounded read, where the readers used to hold it all.
func TestEndlessModel(t *testing.T) {
	const bound = 64<<20 + 1<<20
	for _, f := range []Format{DIMACS, SMT2, OPB} {
		for _, src := range []io.Reader{&endless{c: 0}, io.MultiReader(strings.NewReader("sat\n(x"), &endless{c: '1'})} {
			_, err := ReadModel(src, f)
			read := 0
			if e, ok := src.(*endless); ok {
				read = e.read
			}
			if err == nil || read > bound {
				t.Errorf("%v: error %v after %d bytes", f, err, read)
			}
		}
	}
}
