//go:build !amd64

package queens

// Off amd64 matchers use their Go loop.
const (
	useAVX2   = false
	useAVX512 = false
)

func countPiecesAVX2(tab *uint64, offs *int, nc, pieces, pieceWords int) int {
	panic("queens: countPiecesAVX2 off amd64")
}

func countPiecesAVX512(tab *uint64, offs *int, nc, pieces, pieceWords int) int {
	panic("queens: countPiecesAVX512 off amd64")
}

func countManyAVX512(tab *uint64, offs *int, counts *int, nprobes, nc, pieces, pieceWords int) {
	panic("queens: countManyAVX512 off amd64")
}
