package tiling

import (
	"fmt"
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"
)

type pictureCell struct {
	p Point
	r rune
}

// pictureCells yields the cells of a picture with their characters: rows are lines, columns
// are characters, layers are separated by one or more blank lines. Blanks and '.' are not
// cells.
func pictureCells(picture string) iter.Seq[pictureCell] {
	return func(yield func(pictureCell) bool) {
		z, y := 0, 0
		inLayer := false
		for line := range strings.Lines(picture) {
			line = strings.TrimRight(line, "\r\n")
			if strings.TrimSpace(line) == "" {
				if inLayer {
					z++
					y = 0
					inLayer = false
				}
				continue
			}
			inLayer = true
			x := 0
			for _, r := range line {
				if r != '.' && !unicode.IsSpace(r) {
					if !yield(pictureCell{Point{x, y, z}, r}) {
						return
					}
				}
				x++
			}
			y++
		}
	}
}

// checkPicture reports a picture that is not text: a NUL byte, a control character other
// than tab and line endings, bytes that are not UTF-8 — none is a piece's name — or a
// character that takes no column of its own (a combining mark, a direction override).
func checkPicture(picture string) error {
	line := 1
	for i, r := range picture {
		switch {
		case r == '\n':
			line++
		case r == utf8.RuneError && !strings.HasPrefix(picture[i:], "\uFFFD"):
			return fmt.Errorf("picture line %d: not UTF-8 text", line)
		case r == 0:
			return fmt.Errorf("picture line %d: NUL byte: a picture is text", line)
		case r < ' ' && r != '\t' && r != '\r', r == 0x7f:
			return fmt.Errorf("picture line %d: control character %q: a picture is text", line, r)
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
			// A combining mark or a format character (a direction override, a zero-width
			// joiner) takes no column of its own on screen but would be a cell here: the
			// picture would not be the region or pieces it looks like.
			return fmt.Errorf("picture line %d: %U is a combining mark or format character, not a cell: draw each cell with one character", line, r)
		}
	}
	return nil
}

// ParsePieces returns the pieces drawn in a picture: every distinct character other than a
// blank or '.' is one piece, made of the cells where it appears (which need not touch), named
// by that character, in the order the characters first appear. Layers of pieces in space are
// separated by blank lines, as in [ParseRegion].
func ParsePieces(picture string) ([]Piece, error) {
	if err := checkPicture(picture); err != nil {
		return nil, err
	}
	cells := map[rune][]Point{}
	var order []rune
	for c := range pictureCells(picture) {
		if _, ok := cells[c.r]; !ok {
			order = append(order, c.r)
		}
		cells[c.r] = append(cells[c.r], c.p)
	}
	if len(order) == 0 {
		return nil, errNoCells("piece picture")
	}
	pieces := make([]Piece, len(order))
	for i, r := range order {
		pieces[i] = Piece{Name: glyphName(r), Glyph: r, Shape: NewShape(cells[r])}
	}
	return pieces, nil
}

// glyphName is the item name of a piece drawn with r: r itself when that is a valid name.
func glyphName(r rune) string {
	if r == ':' || r == '|' || !unicode.IsPrint(r) {
		return fmt.Sprintf("U+%04X", r)
	}
	return string(r)
}
