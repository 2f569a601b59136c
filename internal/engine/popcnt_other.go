//go:build !amd64 || purego

package engine

import "unsafe"

// cpuPOPCNT reports false: there is no assembly for choosePlain4 here.
func cpuPOPCNT() bool { return false }

// minCount is not called: cpuPOPCNT reports false.
func minCount(a *uint64, w, nact int, mask *uint64) (best, score, first int32) {
	panic("engine: minCount without assembly")
}

// takeLazy is not called: cpuPOPCNT reports false.
func takeLazy(dst, src, conf, own *uint64, w, wp, o int) int {
	panic("engine: takeLazy without assembly")
}

// minByte returns the least of the n*32 bytes at c (n >= 1) and the index of the first
// that has it: choosePlainCounts in short mode.
func minByte(c *uint8, n int) (best, score int32) {
	s := unsafe.Slice(c, 32*n)
	best, score = 0, int32(s[0])
	for i, v := range s {
		if int32(v) < score {
			best, score = int32(i), int32(v)
		}
	}
	return best, score
}

// hasAVX2 is false: minByte here is in Go.
var hasAVX2 = false

// andCount is not called: cpuPOPCNT reports false.
func andCount(a, m *uint64, w int) int {
	panic("engine: andCount without assembly")
}

// prefetch does nothing here.
func prefetch(p *byte) {}
