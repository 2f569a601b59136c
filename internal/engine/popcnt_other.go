//go:build !amd64 || purego

package engine

// cpuPOPCNT reports false: there is no assembly for choosePlain4 here.
func cpuPOPCNT() bool { return false }

// minCount is not called: cpuPOPCNT reports false.
func minCount(act *uint64, nact int, mask *uint64, a *[4]uint64, n int) (best, score int32) {
	panic("engine: minCount without assembly")
}
