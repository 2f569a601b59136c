// Package writes gives tests a writer that counts the writes made to it, to check that a
// writer of many pieces buffers them.
package writes

import "io"

// A Counter passes writes on to W; N counts them.
type Counter struct {
	W io.Writer
	N int
}

// Write writes b to W and counts the write.
func (c *Counter) Write(b []byte) (int, error) {
	c.N++
	return c.W.Write(b)
}
