package queens

// hasAVX2 reports whether the processor and the system support AVX2 and POPCNT.
func hasAVX2() bool

// hasAVX512 reports whether the processor and the system support AVX-512 F and VPOPCNTDQ.
func hasAVX512() bool

// The kernels the processor allows, set once at start.
var (
	useAVX2   = hasAVX2()
	useAVX512 = useAVX2 && hasAVX512()
)

// joinAVX512 adds up, over pieces pieces of nc chunks of 2^c 8-word groups, pieceBytes
// bytes apart from tab, and over the nprobes probes, the number of stored keys disjoint
// from the probe: the bits left in the AND of the groups its chunks pick.
//
//go:noescape
func joinAVX512(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int

// joinAVX2 is joinAVX512 with AVX2.
//
//go:noescape
func joinAVX2(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int

// buildRowsAVX512 fills groups 1..2^c-1 of one chunk of a piece from its group 0 at row,
// the masks of the chunk's c bits following each other at cols (8 words each).
//
//go:noescape
func buildRowsAVX512(row *uint64, cols *uint64, c int)

// buildRowsAVX2 is buildRowsAVX512 with AVX2.
//
//go:noescape
func buildRowsAVX2(row *uint64, cols *uint64, c int)
