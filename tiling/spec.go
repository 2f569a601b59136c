package tiling

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// A Spec is a tiling puzzle as a front end states it: the pieces by name or in a picture,
// the region by its size or in a picture, how the pieces may turn and be used, and the
// limits the front end puts on what it takes. Every front end builds its puzzles through
// Spec.Puzzle, so that one request is read one way and refused with one message.
type Spec struct {
	// Pieces names built-in pieces ("pentominoes", "tetrominoes:2",
	// "pentominoes,tetrominoes.O"): comma-separated set names (see [Set]), or SET.PIECE for
	// one piece of a set, each optionally followed by ":K" for K copies of each of its
	// pieces. A piece named twice has its copies added; pieces of different sets that share
	// a name are renamed by appending their number of cells (the tetromino I becomes I4).
	// PiecesPicture draws them instead, as [ParsePieces] reads it. Give one of the two.
	Pieces, PiecesPicture string
	// Copies multiplies the copies of every piece; 0 means 1.
	Copies int
	// Size is the region as a rectangle or box, "WxH" or "WxHxD" such as "6x10" or "3x3x3"
	// (W columns, H rows, D layers; blanks around the numbers are allowed), as [Box] makes
	// it; RegionPicture draws it instead ([ParseRegion]).
	// Give one of the two; SetRegion tells them apart in a front end that has one field.
	Size, RegionPicture string
	// NoFlip forbids turning pieces over in the plane, Mirror allows mirroring them in
	// space (Puzzle.SetTurning); AtMost and Partial are those of Puzzle.
	NoFlip, Mirror, AtMost, Partial bool

	// MaxPicture bounds the bytes of each picture and MaxCells the cells of the region; 0
	// means no limit beyond the package's own (a region has at most 2^20 cells). MaxWork
	// bounds the work of encoding, orientations × region cells × piece cells, and so the
	// size of the problem and the time to build it; 0 means a bound of 2^22, the one
	// every front end of xcover keeps, and a negative MaxWork no limit.
	MaxPicture, MaxCells, MaxWork int
}

// defaultMaxWork is the bound on the work of encoding when Spec.MaxWork is 0: pentominoes on
// 90x90 are about this much, 160 MB and 2 s to build. Beyond, a problem could be built for
// minutes and gigabytes before its search looked at a signal (pentominoes on 1000x1000).
const defaultMaxWork = 1 << 22

// A SpecError is a Spec that describes no puzzle: the field at fault and why.
type SpecError struct {
	// Field is the Spec field at fault: "Pieces", "PiecesPicture", "Copies", "Size" or
	// "RegionPicture"; "" when the fault is in the whole (no pieces, both pieces and their
	// picture, a turning that does not apply to the region, a limit passed).
	Field string
	Err   error
}

// fieldWords are the words for a Spec field in messages.
var fieldWords = map[string]string{
	"Pieces":        "pieces",
	"PiecesPicture": "pieces picture",
	"Copies":        "copies",
	"Size":          "region",
	"RegionPicture": "region picture",
}

// Error returns the message, "tiling: pieces: ..." for a fault in the Pieces field.
func (e *SpecError) Error() string {
	if w, ok := fieldWords[e.Field]; ok {
		return "tiling: " + w + ": " + e.Err.Error()
	}
	return "tiling: " + e.Err.Error()
}

// Unwrap returns the fault without its field.
func (e *SpecError) Unwrap() error { return e.Err }

func specErrorf(field, format string, args ...any) error {
	return &SpecError{Field: field, Err: fmt.Errorf(format, args...)}
}

// sizeRE matches a region given by its size; compiled on first use, not at every start
// of the command (package initialisation is part of every run's start-up).
var sizeRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*\d+\s*x\s*\d+(\s*x\s*\d+)?\s*$`)
})

// SetRegion sets the region from text that is either a size or a picture, as a front end
// with one field for both takes it: a size if it reads as one ("6x10", "3 x 3 x 3"), else
// a picture.
func (s *Spec) SetRegion(text string) {
	s.Size, s.RegionPicture = "", ""
	if sizeRE().MatchString(text) {
		s.Size = text
	} else {
		s.RegionPicture = text
	}
}

// Puzzle returns the puzzle the Spec describes, and a title for it such as "pentominoes on
// 6x10" or "12 drawn pieces on a region of 60 cells". Its errors are *SpecError.
func (s *Spec) Puzzle() (*Puzzle, string, error) {
	pz := &Puzzle{AtMost: s.AtMost, Partial: s.Partial}
	var what string // the title
	switch {
	case s.Pieces != "" && s.PiecesPicture != "":
		return nil, "", specErrorf("", "give built-in pieces or a picture of them, not both")
	case s.Pieces != "":
		ps, copies, err := parsePieceList(s.Pieces)
		if err != nil {
			return nil, "", &SpecError{Field: "Pieces", Err: err}
		}
		pz.Pieces, pz.Copies, what = ps, copies, s.Pieces
	case s.PiecesPicture != "":
		if err := s.checkPicture("PiecesPicture", s.PiecesPicture); err != nil {
			return nil, "", err
		}
		ps, err := ParsePieces(s.PiecesPicture)
		if err != nil {
			return nil, "", &SpecError{Field: "PiecesPicture", Err: err}
		}
		pz.Pieces, what = ps, fmt.Sprintf("%d drawn pieces", len(ps))
	default:
		return nil, "", specErrorf("", `no pieces: give built-in ones (such as "pentominoes") or a picture of them`)
	}
	if err := s.multiply(pz); err != nil {
		return nil, "", err
	}
	switch {
	case s.Size != "" && s.RegionPicture != "":
		return nil, "", specErrorf("", "give a region's size or its picture, not both")
	case s.Size != "":
		size := strings.Join(strings.Fields(s.Size), "")
		r, err := parseSize(size)
		if err != nil {
			return nil, "", &SpecError{Field: "Size", Err: err}
		}
		pz.Region, what = r, what+" on "+size
	case s.RegionPicture != "":
		if err := s.checkPicture("RegionPicture", s.RegionPicture); err != nil {
			return nil, "", err
		}
		r, err := ParseRegion(s.RegionPicture)
		if err != nil {
			return nil, "", &SpecError{Field: "RegionPicture", Err: err}
		}
		pz.Region, what = r, fmt.Sprintf("%s on a region of %d cells", what, r.Len())
	default:
		return nil, "", specErrorf("", `no region: give a size such as "6x10" or a picture`)
	}
	if n := pz.Region.Len(); s.MaxCells > 0 && n > s.MaxCells {
		return nil, "", specErrorf("", "region of %d cells, more than the %d taken here", n, s.MaxCells)
	}
	reflect, err := turning(pz.dim(), s.NoFlip, s.Mirror)
	if err != nil {
		return nil, "", &SpecError{Err: err}
	}
	pz.Reflect = reflect
	if err := s.checkWork(pz); err != nil {
		return nil, "", err
	}
	return pz, what, nil
}

// multiply sets the copies of every piece, Copies times what the pieces say (1 each for a
// picture).
func (s *Spec) multiply(pz *Puzzle) error {
	k := s.Copies
	switch {
	case k == 0:
		k = 1
	case k < 0:
		return specErrorf("Copies", "must be at least 1, not %d", k)
	}
	if pz.Copies == nil {
		pz.Copies = make([]int, len(pz.Pieces))
		for i := range pz.Copies {
			pz.Copies[i] = 1
		}
	}
	for i := range pz.Copies {
		pz.Copies[i] *= k
	}
	return nil
}

// checkPicture refuses a picture over MaxPicture bytes before it is read.
func (s *Spec) checkPicture(field, picture string) error {
	if s.MaxPicture > 0 && len(picture) > s.MaxPicture {
		return specErrorf(field, "longer than %d bytes", s.MaxPicture)
	}
	return nil
}

// checkWork refuses a puzzle whose encoding would pass MaxWork.
func (s *Spec) checkWork(pz *Puzzle) error {
	limit := s.MaxWork
	switch {
	case limit == 0:
		limit = defaultMaxWork
	case limit < 0:
		return nil
	}
	pieceCells := 0
	for _, pc := range pz.Pieces {
		pieceCells += len(pc.Shape)
	}
	ts := len(pz.transforms())
	if work := ts * pz.Region.Len() * pieceCells; work > limit {
		return specErrorf("", "too large to take here (%d orientations × %d cells × %d piece cells)",
			ts, pz.Region.Len(), pieceCells)
	}
	return nil
}
