package sudoku

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/xcover/xcover/internal/textio"
)

// maxN is the largest side a Board may have.
const maxN = 64

// A Variant describes the board to build: the box shape or jigsaw regions, and the extra
// units of the X and windoku variants. The zero Variant is the classic 9x9 Sudoku.
type Variant struct {
	// BoxRows and BoxCols give the shape of a box; the side is N = BoxRows*BoxCols.
	// Both zero mean 3x3 boxes (the classic 9x9 Sudoku). Ignored when Regions is set.
	BoxRows, BoxCols int
	// Regions, if not nil, replaces the boxes by irregular regions (jigsaw Sudoku): the
	// region number of each cell, row by row, N*N entries with N regions of N cells each.
	// See [ParseRegions].
	Regions []int
	// X adds the two main diagonals as units (X-Sudoku).
	X bool
	// Windoku adds the windows of windoku: for n x n boxes, the (n-1)^2 n x n windows
	// starting at rows and columns 1, n+2, 2n+3, ... (0-based); four 3x3 windows on 9x9.
	// It needs square boxes.
	Windoku bool
}

// A Board is the geometry of a Sudoku: N x N cells, symbols 1..N, and the units that must
// each hold every symbol exactly once. It is immutable and safe for concurrent use.
type Board struct {
	n            int
	boxR, boxC   int   // 0 for a jigsaw
	region       []int // region of each cell
	x, windoku   bool
	units        [][]int32 // the cells of each unit
	unitNames    []string  // item-name prefix of each unit
	cellUnits    [][]int32 // the units of each cell
	peers        [][]int32 // the cells sharing a unit with each cell, each once
	nRowColRegio int       // units beyond this index are variant units

	bandOnce   sync.Once   // builds bandTables, on classic 9x9 boards, at the first need
	bandTables *bandTables // for drawing uniform grids (uniform9.go)
}

// NewBoard builds the board that variant s describes: Variant{} is the classic 9x9 board.
func NewBoard(s Variant) (*Board, error) {
	b := &Board{x: s.X, windoku: s.Windoku}
	if s.Regions != nil {
		n := isqrt(len(s.Regions))
		if n*n != len(s.Regions) || n < 1 {
			return nil, fmt.Errorf("sudoku: %d region entries is not a square", len(s.Regions))
		}
		if n > maxN {
			return nil, fmt.Errorf("sudoku: side %d above %d", n, maxN)
		}
		size := make([]int, n)
		for _, r := range s.Regions {
			if r < 0 || r >= n {
				return nil, fmt.Errorf("sudoku: region %d out of range [0, %d)", r, n)
			}
			size[r]++
		}
		for r, k := range size {
			if k != n {
				return nil, fmt.Errorf("sudoku: region %d has %d cells, want %d", r, k, n)
			}
		}
		b.n = n
		b.region = append([]int(nil), s.Regions...)
		if s.Windoku {
			return nil, errors.New("sudoku: windoku needs square boxes, not a jigsaw")
		}
	} else {
		r, c := s.BoxRows, s.BoxCols
		if r == 0 && c == 0 {
			r, c = 3, 3
		}
		if r < 1 || c < 1 || r*c > maxN {
			return nil, fmt.Errorf("sudoku: box %dx%d: want 1 <= rows*cols <= %d", r, c, maxN)
		}
		b.n, b.boxR, b.boxC = r*c, r, c
		b.region = make([]int, b.n*b.n)
		for i := range b.region {
			row, col := i/b.n, i%b.n
			b.region[i] = row/r*r + col/c
		}
		if s.Windoku && r != c {
			return nil, fmt.Errorf("sudoku: windoku needs square boxes, not %dx%d", r, c)
		}
	}
	n := b.n
	add := func(name string, cells []int32) {
		b.units = append(b.units, cells)
		b.unitNames = append(b.unitNames, name)
	}
	for r := 0; r < n; r++ {
		cells := make([]int32, n)
		for c := range cells {
			cells[c] = int32(r*n + c)
		}
		add(fmt.Sprintf("r%d", r+1), cells)
	}
	for c := 0; c < n; c++ {
		cells := make([]int32, n)
		for r := range cells {
			cells[r] = int32(r*n + c)
		}
		add(fmt.Sprintf("c%d", c+1), cells)
	}
	regs := make([][]int32, n)
	for i, r := range b.region {
		regs[r] = append(regs[r], int32(i))
	}
	for r, cells := range regs {
		add(fmt.Sprintf("b%d", r+1), cells)
	}
	b.nRowColRegio = len(b.units)
	if s.X {
		d0, d1 := make([]int32, n), make([]int32, n)
		for i := 0; i < n; i++ {
			d0[i] = int32(i*n + i)
			d1[i] = int32(i*n + n - 1 - i)
		}
		add("x1", d0)
		add("x2", d1)
	}
	if s.Windoku {
		k := b.boxR
		var starts []int
		for s := 1; s+k <= n-1; s += k + 1 {
			starts = append(starts, s)
		}
		w := 0
		for _, r0 := range starts {
			for _, c0 := range starts {
				cells := make([]int32, 0, n)
				for r := r0; r < r0+k; r++ {
					for c := c0; c < c0+k; c++ {
						cells = append(cells, int32(r*n+c))
					}
				}
				w++
				add(fmt.Sprintf("w%d", w), cells)
			}
		}
	}
	b.cellUnits = make([][]int32, n*n)
	for u, cells := range b.units {
		for _, c := range cells {
			b.cellUnits[c] = append(b.cellUnits[c], int32(u))
		}
	}
	b.peers = make([][]int32, n*n)
	mark := make([]int, n*n)
	for c := range b.peers {
		for _, u := range b.cellUnits[c] {
			for _, p := range b.units[u] {
				if int(p) != c && mark[p] != c+1 {
					mark[p] = c + 1
					b.peers[c] = append(b.peers[c], p)
				}
			}
		}
	}
	return b, nil
}

func isqrt(x int) int {
	n := 0
	for (n+1)*(n+1) <= x {
		n++
	}
	return n
}

// N returns the side of the board: the number of rows, columns, symbols and regions.
func (b *Board) N() int { return b.n }

// Cells returns the number of cells, N*N.
func (b *Board) Cells() int { return b.n * b.n }

// Box returns the box shape, or 0, 0 for a jigsaw.
func (b *Board) Box() (rows, cols int) { return b.boxR, b.boxC }

// String describes the board, e.g. "9x9 (3x3 boxes, X)".
func (b *Board) String() string {
	var parts []string
	if b.boxR > 0 {
		parts = append(parts, fmt.Sprintf("%dx%d boxes", b.boxR, b.boxC))
	} else {
		parts = append(parts, "jigsaw")
	}
	if b.x {
		parts = append(parts, "X")
	}
	if b.windoku {
		parts = append(parts, "windoku")
	}
	return fmt.Sprintf("%dx%d (%s)", b.n, b.n, strings.Join(parts, ", "))
}

// ParseRegions reads a jigsaw picture: N lines of N region symbols (any non-blank
// characters; blanks between them are ignored), each symbol naming the region of its cell.
// Lines starting with '#' and blank lines are skipped. It returns the region numbers, 0 for
// the first symbol met, 1 for the next new one, and so on, ready for [Variant].Regions.
func ParseRegions(r io.Reader) ([]int, error) {
	lr := textio.NewLineReader(r, "")
	var rows [][]rune
	for {
		b, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		line := lr.Line()
		t := strings.TrimSpace(string(b))
		if t == "" || t[0] == '#' {
			continue
		}
		if !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) {
			return nil, fmt.Errorf("line %d: not text (a control character or bytes that are not UTF-8)", line)
		}
		var row []rune
		for _, ch := range t {
			if ch != ' ' && ch != '\t' {
				row = append(row, ch)
			}
		}
		if len(rows) > 0 && len(row) != len(rows[0]) {
			return nil, fmt.Errorf("line %d: %d region symbols, want %d", line, len(row), len(rows[0]))
		}
		rows = append(rows, row)
		if len(rows) > maxN {
			return nil, fmt.Errorf("line %d: more than %d rows", line, maxN)
		}
	}
	if len(rows) == 0 {
		return nil, errors.New("empty region picture")
	}
	n := len(rows[0])
	if len(rows) != n {
		return nil, fmt.Errorf("region picture has %d rows of %d symbols; want a square", len(rows), n)
	}
	ids := map[rune]int{}
	out := make([]int, 0, n*n)
	for _, row := range rows {
		for _, ch := range row {
			id, ok := ids[ch]
			if !ok {
				id = len(ids)
				ids[ch] = id
			}
			out = append(out, id)
		}
	}
	if len(ids) != n {
		return nil, fmt.Errorf("region picture has %d distinct symbols, want %d", len(ids), n)
	}
	return out, nil
}

// defaultBox returns the box shape of a board of side n when none is given: the most nearly
// square R×C with R <= C (3×3 for 9, 2×3 for 6, 4×4 for 16, 2×5 for 10, 1×7 for 7). Every
// front end uses it, so that the same puzzle gets the same board everywhere.
func defaultBox(n int) (rows, cols int) {
	rows = 1
	for d := 1; d*d <= n; d++ {
		if n%d == 0 {
			rows = d
		}
	}
	return rows, n / rows
}
