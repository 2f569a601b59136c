package queens

// countPiecesAVX2 adds up, over pieces pieces of 8-word groups pieceWords words apart from
// tab, the bits left in the AND of the groups at word offsets offs[0..nc) of each.
//
//go:noescape
func countPiecesAVX2(tab *uint64, offs *int, nc, pieces, pieceWords int) int

// hasAVX2 reports whether the processor and the system support AVX2 and POPCNT.
func hasAVX2() bool

// useAVX2 is set once at start: whether matchers may use countPiecesAVX2.
var useAVX2 = hasAVX2()
