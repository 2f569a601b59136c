package tiling

import "testing"

// FuzzPictures checks that no picture, piece specification or size makes the parsers
// panic, and that a region they accept has cells.
func FuzzPictures(f *testing.F) {
	f.Add("########\n###..###\n########\n", "pentominoes:2", "6x10")
	f.Add("AAB\nA.B\n\nCC\n", "soma", "3x3x3")
	f.Add("  X \n XXX\n  X \n", "tetrominoes,domino:3", "0x4")
	f.Fuzz(func(t *testing.T, picture, spec, size string) {
		if r, err := ParseRegion(picture); err == nil && r.Len() == 0 {
			t.Fatalf("region %q accepted with no cells", picture)
		}
		ParsePieces(picture)
		parsePieceList(spec)
		if r, err := parseSize(size); err == nil && r.Len() == 0 {
			t.Fatalf("size %q accepted with no cells", size)
		}
	})
}
