//go:build !amd64

package queens

// Off amd64 matchers use their Go loop.
const (
	useAVX2   = false
	useAVX512 = false
)

func joinAVX512(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int {
	panic("queens: joinAVX512 off amd64")
}

func joinAVX2(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int {
	panic("queens: joinAVX2 off amd64")
}

func buildRowsAVX512(row *uint64, cols *uint64, c int) {
	panic("queens: buildRowsAVX512 off amd64")
}

func buildRowsAVX2(row *uint64, cols *uint64, c int) {
	panic("queens: buildRowsAVX2 off amd64")
}
