// Package endless gives tests an input that never ends, as /dev/zero or a runaway line
// does, counting what was read from it, to check that a reader refuses it in bounded
// memory.
package endless

// A Reader gives the byte C forever; N counts the bytes it gave.
type Reader struct {
	C byte
	N int
}

// Read fills b with C.
func (r *Reader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = r.C
	}
	r.N += len(b)
	return len(b), nil
}
