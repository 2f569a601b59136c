package queens

// countPiecesAVX2 adds up, over pieces pieces of 8-word groups pieceWords words apart from
// tab, the bits left in the AND of the groups at word offsets offs[0..nc) of each.
//
//go:noescape
func countPiecesAVX2(tab *uint64, offs *int, nc, pieces, pieceWords int) int

// countPiecesAVX512 is countPiecesAVX2 with AVX-512 (F and VPOPCNTDQ).
//
//go:noescape
func countPiecesAVX512(tab *uint64, offs *int, nc, pieces, pieceWords int) int

// countManyAVX512 is countPiecesAVX512 for nprobes probes at once, whose offsets follow
// each other in offs (nc each): counts[i] receives the count of probe i.
//
//go:noescape
func countManyAVX512(tab *uint64, offs *int, counts *int, nprobes, nc, pieces, pieceWords int)

// hasAVX2 reports whether the processor and the system support AVX2 and POPCNT.
func hasAVX2() bool

// hasAVX512 reports whether the processor and the system support AVX-512 F and VPOPCNTDQ.
func hasAVX512() bool

// The kernels the processor allows, set once at start.
var (
	useAVX2   = hasAVX2()
	useAVX512 = useAVX2 && hasAVX512()
)
