//go:build !amd64

package queens

// useAVX2 is false off amd64: matchers use their Go loop.
const useAVX2 = false

func countPiecesAVX2(tab *uint64, offs *int, nc, pieces, pieceWords int) int {
	panic("queens: countPiecesAVX2 off amd64")
}
