package engine

import "unsafe"

// Workers' data apart. Two workers that write, at every node, memory lying in one cache
// line make that line pass from core to core at each write (measured here: ~240 ns a
// pass, against ~100 ns for a memoised node). Go's allocator puts small objects of one
// size class side by side, so two workers' small states (18x18 dominoes' covered items:
// 48 bytes each) share lines unless they are kept apart. Measured on 18x18 dominoes,
// count --memo --workers 2: 0.78-1.03 s with the covered items apart, 0.98-1.72 s without.
//
// apartBytes is the margin: two lines, as the adjacent-line prefetcher fetches lines in
// pairs.
const apartBytes = 128

// apart returns a slice of length n and capacity c (c >= n) with apartBytes of memory
// that nothing else uses on each side, for a worker's state written at every node.
func apart[T any](n, c int) []T {
	var z T
	pad := (apartBytes + int(unsafe.Sizeof(z)) - 1) / int(unsafe.Sizeof(z))
	s := make([]T, pad+c+pad)
	return s[pad : pad+n : pad+c]
}

// apartPad, as a struct's first and last field, keeps the struct's own fields written at
// every node (counters, depth) out of the lines of the objects beside it.
type apartPad [apartBytes]byte
