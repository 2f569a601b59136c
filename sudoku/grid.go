package sudoku

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Grid holds the cells of one puzzle or solution, row by row: 0 for a blank, 1..N for a
// symbol.
type Grid []uint8

// An Alphabet says how the values 1..N are written as characters.
type Alphabet uint8

const (
	// Auto, when reading, chooses the alphabet of each puzzle from its characters: on
	// boards up to 9x9 OneBased; on 16x16 a puzzle with a 'G' or more than 16 '0's is
	// OneBased (1-9A-G), one with both '0' and '.' ZeroBased (0-F); boards of side over 36
	// use Numbers. When writing, it means OneBased.
	Auto Alphabet = iota
	// OneBased writes 1..9 as '1'..'9' and 10, 11, ... as 'A', 'B', ... (1-9A-G on 16x16,
	// 1-9A-P on 25x25). Blanks are '.' or '0'.
	OneBased
	// ZeroBased writes 1..N as '0'..'9', 'A', 'B', ... (0-F on 16x16). Blanks are '.' only.
	ZeroBased
	// Numbers writes each value as a decimal number and separates the cells by a space
	// ("12 . 40 7 ..."), for boards with more values than letters can write (side 37 to
	// 64; Auto chooses it there). Blanks are '.' or '0'.
	Numbers
)

// String returns the name of the alphabet: "auto", "1-9A-Z", "0-9A-Z" or "numbers".
func (a Alphabet) String() string {
	switch a {
	case OneBased:
		return "1-9A-Z"
	case ZeroBased:
		return "0-9A-Z"
	case Numbers:
		return "numbers"
	}
	return "auto"
}

// maxValue returns the largest value the alphabet can write: 35 for OneBased, 36 for
// ZeroBased, maxN for Numbers.
func (a Alphabet) maxValue() int {
	switch a {
	case ZeroBased:
		return 36
	case Numbers:
		return maxN
	}
	return 35
}

// appendSymbol appends the text of value v (1 <= v <= a.maxValue()), or "." for 0.
func (a Alphabet) appendSymbol(dst []byte, v uint8) []byte {
	if a == Numbers && v != 0 {
		return strconv.AppendUint(dst, uint64(v), 10)
	}
	return append(dst, a.symbol(v))
}

// symbol returns the character for value v (1 <= v <= a.maxValue()), or '.' for 0. For
// Numbers, whose symbols may take two characters, use appendSymbol.
func (a Alphabet) symbol(v uint8) byte {
	if v == 0 {
		return '.'
	}
	s := int(v)
	if a == ZeroBased {
		s--
	}
	if s <= 9 {
		return byte('0' + s)
	}
	return byte('A' + s - 10)
}

// value returns the value of character ch, 0 for a blank, and false if ch is neither a blank
// nor a symbol of the alphabet. Letters are read in either case. It does not check the value
// against a board's side.
func (a Alphabet) value(ch byte) (uint8, bool) {
	if ch == '.' {
		return 0, true
	}
	var s int
	switch {
	case '0' <= ch && ch <= '9':
		s = int(ch - '0')
	case 'A' <= ch && ch <= 'Z':
		s = int(ch-'A') + 10
	case 'a' <= ch && ch <= 'z':
		s = int(ch-'a') + 10
	default:
		return 0, false
	}
	if a == ZeroBased {
		return uint8(s + 1), true
	}
	return uint8(s), true // '0' is a blank
}

// detect chooses the alphabet for the symbols in s on a board of side n: on boards up to 9x9
// always OneBased; on larger boards ZeroBased when s has no symbol for value n in OneBased
// (e.g. no 'G' on 16x16) and its '0's cannot be blanks: there are at most n of them and
// either s also has '.' blanks or exactly n '0's (a full grid). Otherwise OneBased.
func detect(s []byte, n int) Alphabet {
	switch {
	case n > ZeroBased.maxValue():
		return Numbers
	case n > OneBased.maxValue():
		return ZeroBased
	case n <= 9:
		return OneBased
	}
	top := OneBased.symbol(uint8(n))
	zeros, dots := 0, 0
	for _, ch := range s {
		switch {
		case ch == '0':
			zeros++
		case ch == '.':
			dots++
		case ch == top || ch == top+'a'-'A':
			return OneBased
		}
	}
	if zeros > 0 && zeros <= n && (dots > 0 || zeros == n) {
		return ZeroBased
	}
	return OneBased
}

// parseOneLine parses one puzzle written on one line: N*N characters, one a cell, row by row,
// surrounding blanks ignored — or, in the Numbers alphabet, N*N numbers separated by
// blanks. With alphabet Auto the alphabet is chosen from the characters: see [Alphabet];
// on 16x16, a line with a 'G' or with more than 16 '0's is 1-9A-G, a line with both '0'
// and '.' is 0-F; boards of side over 36 use Numbers. It returns the grid and the alphabet
// used.
func parseOneLine(line string, n int, a Alphabet) (Grid, Alphabet, error) {
	s := strings.TrimSpace(line)
	if a == Auto && n > ZeroBased.maxValue() || a == Numbers {
		g := make(Grid, n*n)
		return g, Numbers, parseNumbers(g, []byte(s), n)
	}
	if len(s) != n*n {
		return nil, a, lengthError([]byte(s), n)
	}
	g := make(Grid, n*n)
	a, err := parseCells(g, []byte(s), n, a)
	return g, a, err
}

// parseNumbers reads the cells of g from s in the Numbers alphabet: decimal values or '.'
// separated by blanks (and, in grids, the separators '|' and '+'); a run of dots is as many
// blank cells.
func parseNumbers(g Grid, s []byte, n int) error {
	k := 0
	for f := range strings.FieldsFuncSeq(string(s), func(r rune) bool {
		return r == ' ' || r == '\t' || r == '|' || r == '+'
	}) {
		if strings.Trim(f, ".") == "" && len(f) > 1 { // a run of blanks: "..." is three
			if k+len(f) > len(g) {
				return fmt.Errorf("more than %d cells, want %d for %dx%d", len(g), len(g), n, n)
			}
			for range f {
				g[k] = 0
				k++
			}
			continue
		}
		if k == len(g) {
			return fmt.Errorf("more than %d cells, want %d for %dx%d", len(g), len(g), n, n)
		}
		v := 0
		if f != "." {
			var err error
			if v, err = strconv.Atoi(f); err != nil || v < 0 || v > n {
				return fmt.Errorf("row %d column %d: %q is not a blank or a number from 1 to %d", k/n+1, k%n+1, f, n)
			}
		}
		g[k] = uint8(v)
		k++
	}
	if k != len(g) {
		return fmt.Errorf("%d cells, want %d for %dx%d", k, len(g), n, n)
	}
	return nil
}

func parseCells(g Grid, s []byte, n int, a Alphabet) (Alphabet, error) {
	if a == Auto {
		a = detect(s, n)
	}
	if a == Numbers {
		return a, parseNumbers(g, s, n)
	}
	if a == OneBased || a == ZeroBased {
		// Look every character up in the alphabet's table; only if one is not a symbol
		// up to n (notSymbol is above any) does the loop below name it.
		table := &valueTables[a]
		var top uint8
		for i, ch := range s {
			v := table[ch]
			g[i] = v
			top = max(top, v)
		}
		if int(top) <= n {
			return a, nil
		}
	}
	for i, ch := range s {
		v, ok := a.value(ch)
		if !ok || int(v) > n {
			return a, fmt.Errorf("row %d column %d: %q is not a blank or a symbol of %s for %dx%d", i/n+1, i%n+1, ch, a.rangeText(n), n, n)
		}
		g[i] = v
	}
	return a, nil
}

// rangeText describes the symbols of the alphabet on a board of side n, e.g. "1-9", "1-9A-G" or
// "0-F".
func (a Alphabet) rangeText(n int) string {
	if a == Auto {
		a = OneBased
	}
	if a == Numbers {
		return fmt.Sprintf("numbers 1-%d", n)
	}
	lo, hi := a.symbol(1), a.symbol(uint8(n))
	switch {
	case n <= 1:
		return string(lo)
	case a == OneBased && n == 10:
		return "1-9A"
	case a == OneBased && n > 10:
		return fmt.Sprintf("1-9A-%c", hi)
	}
	return fmt.Sprintf("%c-%c", lo, hi)
}

// Format returns the grid on one line in alphabet a, blanks as '.'.
func (g Grid) Format(a Alphabet) string { return string(g.AppendFormat(nil, a)) }

// AppendFormat appends the grid on one line in alphabet a, blanks as '.'.
func (g Grid) AppendFormat(dst []byte, a Alphabet) []byte {
	if a != Numbers {
		// One symbol a cell: look each up in the alphabet's table and write into room
		// grown once (the command formats hundreds of thousands of grids a second).
		table := &symbolTables[a]
		n := len(dst)
		dst = slices.Grow(dst, len(g))[:n+len(g)]
		out := dst[n:]
		for i, v := range g {
			out[i] = table[v]
		}
		return dst
	}
	for i, v := range g {
		if a == Numbers && i > 0 {
			dst = append(dst, ' ')
		}
		dst = a.appendSymbol(dst, v)
	}
	return dst
}

// notSymbol marks a character that is neither a blank nor a symbol in valueTables.
const notSymbol = 0xff

// valueTables holds the value of every character in OneBased and ZeroBased, notSymbol where
// it has none, made once: read only.
var valueTables = func() (t [Numbers][256]uint8) {
	for _, a := range []Alphabet{OneBased, ZeroBased} {
		for ch := range 256 {
			v, ok := a.value(byte(ch))
			if !ok {
				v = notSymbol
			}
			t[a][ch] = v
		}
	}
	return t
}()

// symbolTables holds each single-character alphabet's symbol of every value, made once:
// read only.
var symbolTables = func() (t [Numbers][256]byte) {
	for a := range Numbers {
		for v := range 256 {
			t[a][v] = a.symbol(uint8(v))
		}
	}
	return t
}()

// Givens returns the number of filled cells.
func (g Grid) Givens() int {
	k := 0
	for _, v := range g {
		if v != 0 {
			k++
		}
	}
	return k
}

// Check reports whether sol solves puzzle on the board: every cell holds a value 1..N, the
// givens of puzzle are kept, and every unit (row, column, region, diagonal, window) holds
// each value exactly once. It returns nil or an error naming the first fault. It shares no
// code with the solvers.
func (b *Board) Check(puzzle, sol Grid) error {
	n := b.n
	if len(sol) != n*n {
		return fmt.Errorf("solution has %d cells, want %d", len(sol), n*n)
	}
	if puzzle != nil && len(puzzle) != n*n {
		return fmt.Errorf("puzzle has %d cells, want %d", len(puzzle), n*n)
	}
	if n == 9 && b.boxR == 3 && len(b.units) == 27 && checkClassic(puzzle, sol) {
		return nil
	}
	for i, v := range sol {
		if v < 1 || int(v) > n {
			return fmt.Errorf("cell r%dc%d holds %d, want 1..%d", i/n+1, i%n+1, v, n)
		}
		if puzzle != nil && puzzle[i] != 0 && puzzle[i] != v {
			return fmt.Errorf("cell r%dc%d: given %d changed to %d", i/n+1, i%n+1, puzzle[i], v)
		}
	}
	for u, cells := range b.units {
		if len(cells) != n {
			return fmt.Errorf("unit %s has %d cells", b.unitNames[u], len(cells))
		}
		var seen [2]uint64 // the values (1..N, N <= 64) seen in the unit
		for _, c := range cells {
			v := sol[c]
			if seen[v>>6&1]&(1<<(v&63)) != 0 {
				return fmt.Errorf("unit %s holds %d twice", b.unitNames[u], v)
			}
			seen[v>>6&1] |= 1 << (v & 63)
		}
	}
	return nil
}

// checkClassic is Check's quick test for the classic 9x9 board, from the geometry rather
// than the unit lists: it reports whether sol keeps the givens and each row, column and
// box holds nine different values 1..9. On false, Check's general loop names the fault.
// It has no branch on the cells' values: a cell's value becomes its bit (none if it is not
// 1..9, so that its row falls short), a given that differs leaves a bit in changed, and a
// row's three boxes take the bits of three cells at a time.
func checkClassic(puzzle, sol Grid) bool {
	if len(sol) != 81 || puzzle != nil && len(puzzle) != 81 {
		return false
	}
	const all = 0x3fe // values 1..9
	var cols, boxes [9]uint16
	var bad, changed uint16
	for r := 0; r < 9; r++ {
		row := sol[9*r : 9*r+9 : 9*r+9]
		var rowBits uint16
		for s := 0; s < 3; s++ {
			m0, m1, m2 := cellBits[row[3*s]], cellBits[row[3*s+1]], cellBits[row[3*s+2]]
			cols[3*s] |= m0
			cols[3*s+1] |= m1
			cols[3*s+2] |= m2
			t := m0 | m1 | m2
			rowBits |= t
			boxes[r/3*3+s] |= t
		}
		bad |= rowBits ^ all
		if puzzle != nil {
			given := puzzle[9*r : 9*r+9 : 9*r+9]
			for c, v := range given {
				changed |= givenBits[v] &^ cellBits[row[c]]
			}
		}
	}
	for i := 0; i < 9; i++ {
		bad |= (cols[i] ^ all) | (boxes[i] ^ all)
	}
	return bad|changed == 0
}

// cellBits and givenBits map a cell's value to its bit for checkClassic: 1<<v for 1..9;
// for any other value none in cellBits, and in givenBits none for a blank (0) and bit 15,
// which no cell's value has, for a value out of range. Read only.
var cellBits, givenBits = func() (cell, given [256]uint16) {
	for v := range 256 {
		switch {
		case v >= 1 && v <= 9:
			cell[v], given[v] = 1<<v, 1<<v
		case v != 0:
			given[v] = 1 << 15
		}
	}
	return cell, given
}()

// lengthError says why a line t is not one puzzle of side n: it is not UTF-8 (naming the
// first bad byte's column), or its number of characters — not bytes: an 81-character line
// ending in é was "82 characters".
func lengthError(t []byte, n int) error {
	if !utf8.Valid(t) {
		i := 0
		for i < len(t) {
			r, size := utf8.DecodeRune(t[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		return fmt.Errorf("column %d: byte 0x%02x is not UTF-8 (want %d characters for %dx%d)", utf8.RuneCount(t[:i])+1, t[i], n*n, n, n)
	}
	if utf8.RuneCount(t) == n*n { // the right length, but a character takes several bytes
		col := 1
		for _, r := range string(t) {
			if r >= utf8.RuneSelf {
				return fmt.Errorf("column %d: %q is not a blank or a symbol for %dx%d", col, r, n, n)
			}
			col++
		}
	}
	return fmt.Errorf("%d characters, want %d for %dx%d", utf8.RuneCount(t), n*n, n, n)
}
