//go:build !amd64 || purego

package engine

// cpuPOPCNT reports false: there is no assembly for choosePlain4 here.
func cpuPOPCNT() bool { return false }

// minCount is not called: cpuPOPCNT reports false.
func minCount(a *uint64, w, nact int, mask *uint64) (best, score int32) {
	panic("engine: minCount without assembly")
}

// andNotCount is not called: cpuPOPCNT reports false.
func andNotCount(a, conf *uint64, w int) int { panic("engine: andNotCount without assembly") }
