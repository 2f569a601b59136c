package sudoku

import (
	"context"
	"fmt"
	"math/bits"
)

// kernel9 is the kernel for classic 9x9 Sudoku (3x3 boxes, no variant): the same search as
// kernel, with the state held digit by digit. For each digit d, the cells where d may go are
// a set of 81 bits kept as three 27-bit words, one a band of three rows (bit 9*r+c of band
// b is row 3b+r, column c). A placed cell keeps its bit in its digit's set and loses it in
// the others, so that every unit has exactly one bit of every digit in a solution.
// Placing is a dozen word operations; naked singles are found for all cells of a band at
// once by counting bits across the nine digit sets; hidden singles digit by digit on
// 9-bit row fields.
type kernel9 struct {
	peers   [81][3]uint32 // the peers of each cell, by band
	lcDepth int           // locked candidates down to this depth
	stack   []state9
	limit   uint64
	count   uint64
	nnode   uint64
	sol     Grid
	ctx     context.Context
	err     error
}

type state9 struct {
	p [27]uint32 // p[3d+b]: digit d in band b
	u [3]uint32  // cells not placed, by band
}

const band27 = 1<<27 - 1

func newKernel9(b *Board) *kernel9 {
	k := &kernel9{stack: make([]state9, 82), lcDepth: 1}
	for c := 0; c < 81; c++ {
		for _, p := range b.peers[c] {
			k.peers[c][p/27] |= 1 << (p % 27)
		}
	}
	return k
}

func (k *kernel9) nodes() uint64 { return k.nnode }

// assign places digit d in cell c (band b, bit within band).
func (k *kernel9) assign(s *state9, c int, d int) {
	b := c / 27
	bit := uint32(1) << (c % 27)
	for e := 0; e < 9; e++ {
		s.p[3*e+b] &^= bit
	}
	pr := &k.peers[c]
	s.p[3*d] &^= pr[0]
	s.p[3*d+1] &^= pr[1]
	s.p[3*d+2] &^= pr[2]
	s.p[3*d+b] |= bit
	s.u[b] &^= bit
}

func (k *kernel9) solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	k.limit, k.count, k.nnode, k.sol, k.ctx, k.err = limit, 0, 0, sol, ctx, nil
	s := &k.stack[0]
	for i := range s.p {
		s.p[i] = band27
	}
	s.u = [3]uint32{band27, band27, band27}
	ok := true
	for c, v := range puzzle {
		if v == 0 {
			continue
		}
		if v > 9 {
			return 0, fmt.Errorf("sudoku: cell r%dc%d holds %d, above 9", c/9+1, c%9+1, v)
		}
		d, b, bit := int(v-1), c/27, uint32(1)<<(c%27)
		if s.p[3*d+b]&bit == 0 {
			ok = false // contradicts an earlier given
			continue
		}
		k.assign(s, c, d)
	}
	if ok {
		k.search(0)
	}
	k.sol, k.ctx = nil, nil
	return k.count, k.err
}

func (k *kernel9) search(depth int) bool {
	s := &k.stack[depth]
	if !k.propagate(s, depth) {
		return false
	}
	if s.u[0]|s.u[1]|s.u[2] == 0 {
		k.count++
		if k.count == 1 && k.sol != nil {
			for d := 0; d < 9; d++ {
				for b := 0; b < 3; b++ {
					for m := s.p[3*d+b]; m != 0; m &= m - 1 {
						k.sol[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
					}
				}
			}
		}
		return k.count == k.limit
	}
	// Branch on a cell with two candidates if there is one, else on one with fewest.
	best := -1
	var two [3]uint32
	for b := 0; b < 3; b++ {
		var ones, twos, threes uint32
		for d := 0; d < 9; d++ {
			m := s.p[3*d+b]
			threes |= twos & m
			twos |= ones & m
			ones |= m
		}
		two[b] = twos &^ threes & s.u[b]
	}
	if two[0]|two[1]|two[2] != 0 {
		// Among the cells with two candidates, the one with most such peers.
		score := -1
		for b := 0; b < 3; b++ {
			for m := two[b]; m != 0; m &= m - 1 {
				c := 27*b + bits.TrailingZeros32(m)
				pr := &k.peers[c]
				bit := uint32(1) << (c % 27)
				var dm [3]uint32 // places of the cell's two digits
				for d := 0; d < 9; d++ {
					if s.p[3*d+b]&bit != 0 {
						dm[0] |= s.p[3*d]
						dm[1] |= s.p[3*d+1]
						dm[2] |= s.p[3*d+2]
					}
				}
				sc := 4*(bits.OnesCount32(pr[0]&two[0]&dm[0])+bits.OnesCount32(pr[1]&two[1]&dm[1])+bits.OnesCount32(pr[2]&two[2]&dm[2])) +
					bits.OnesCount32(pr[0]&s.u[0]&dm[0]) + bits.OnesCount32(pr[1]&s.u[1]&dm[1]) + bits.OnesCount32(pr[2]&s.u[2]&dm[2])
				if sc > score {
					best, score = c, sc
				}
			}
		}
	}
	if best < 0 {
		fewest := 10
		for c := 0; c < 81; c++ {
			b, bit := c/27, uint32(1)<<(c%27)
			if s.u[b]&bit == 0 {
				continue
			}
			n := 0
			for d := 0; d < 9; d++ {
				if s.p[3*d+b]&bit != 0 {
					n++
				}
			}
			if n < fewest {
				best, fewest = c, n
			}
		}
	}
	b, bit := best/27, uint32(1)<<(best%27)
	next := &k.stack[depth+1]
	for d := 0; d < 9; d++ {
		if s.p[3*d+b]&bit == 0 {
			continue
		}
		k.nnode++
		if k.nnode&0xfff == 0 && k.ctx != nil {
			if err := k.ctx.Err(); err != nil {
				k.err = err
				return true
			}
		}
		*next = *s
		k.assign(next, best, d)
		if k.search(depth + 1) {
			return true
		}
	}
	return false
}

// propagate places naked and hidden singles until none is left; false on a contradiction.
func (k *kernel9) propagate(s *state9, depth int) bool {
	for {
		// Naked singles, band by band.
		progress := false
		for b := 0; b < 3; b++ {
			u := s.u[b]
			if u == 0 {
				continue
			}
			var ones, twos uint32
			for d := 0; d < 9; d++ {
				m := s.p[3*d+b]
				twos |= ones & m
				ones |= m
			}
			if u&^ones != 0 {
				return false // a cell without candidates
			}
			for single := u & ones &^ twos; single != 0; single &= single - 1 {
				bit := single & -single
				d := 0
				for d < 9 && s.p[3*d+b]&bit == 0 {
					d++
				}
				if d == 9 {
					return false // lost its last candidate to an earlier single
				}
				k.assign(s, 27*b+bits.TrailingZeros32(bit), d)
				progress = true
			}
		}
		if progress {
			continue
		}
		// Hidden singles, digit by digit: rows, columns, boxes. An assignment found on a
		// digit's set as it was is made only if the cell is still a candidate and not placed:
		// places only shrink, so the only place left in a unit stays the only place.
		for d := 0; d < 9; d++ {
			w := [3]uint32{s.p[3*d], s.p[3*d+1], s.p[3*d+2]}
			if (w[0]&s.u[0])|(w[1]&s.u[1])|(w[2]&s.u[2]) == 0 {
				continue // all nine placed
			}
			all := w[0] | w[1] | w[2]
			if (all|all>>9|all>>18)&0x1ff != 0x1ff {
				return false // a column without d
			}
			var cOnes, cTwos uint32 // columns: places not yet filled, once / more
			for b := 0; b < 3; b++ {
				wb := w[b]
				f0, f1, f2 := wb&0x1ff, wb>>9&0x1ff, wb>>18
				if f0 == 0 || f1 == 0 || f2 == 0 {
					return false // a row without d
				}
				if o := f0 | f1 | f2; o&7 == 0 || o&070 == 0 || o&0700 == 0 {
					return false // a box without d
				}
				// The places of d in unplaced cells: a row, box or column where d is placed
				// has none left.
				wu := wb & s.u[b]
				if wu == 0 {
					continue
				}
				u0, u1, u2 := wu&0x1ff, wu>>9&0x1ff, wu>>18
				cTwos |= cOnes&u0 | (cOnes|u0)&u1 | (cOnes|u0|u1)&u2
				cOnes |= u0 | u1 | u2
				for r, f := range [3]uint32{u0, u1, u2} {
					if f != 0 && f&(f-1) == 0 {
						if !k.place(s, b, f<<(9*r), d) {
							return false
						}
						progress = true
					}
				}
				// Boxes: bit 3x of these masks is about the box of columns 3x..3x+2.
				ou, tu := u0|u1|u2, u0&u1|u0&u2|u1&u2
				const low = 0111
				anyCol := (ou | ou>>1 | ou>>2) & low
				twoCols := (ou&(ou>>1) | ou&(ou>>2) | (ou>>1)&(ou>>2)) & low
				twoRows := (tu | tu>>1 | tu>>2) & low
				for one := anyCol &^ twoCols &^ twoRows; one != 0; one &= one - 1 {
					x := bits.TrailingZeros32(one)
					col := ou & (7 << x)
					if !k.place(s, b, wu&(col|col<<9|col<<18), d) {
						return false
					}
					progress = true
				}
			}
			for ex := cOnes &^ cTwos; ex != 0; ex &= ex - 1 {
				col := ex & -ex
				col3 := col | col<<9 | col<<18
				// Read afresh: a single placed above may have taken this column's place
				// (then the next round finds the contradiction, or d placed here).
				for b := 0; b < 3; b++ {
					if bit := s.p[3*d+b] & s.u[b] & col3; bit != 0 {
						if !k.place(s, b, bit, d) {
							return false
						}
						progress = true
						break
					}
				}
			}
		}
		if !progress {
			if depth > k.lcDepth || !k.locked(s) {
				return true
			}
		}
	}
}

// locked applies locked candidates to every digit once: within a band, a box whose places
// for d lie in one row clears the rest of that row, and a row whose places lie in one box
// clears the rest of that box; within a stack, the same with columns. It reports whether
// it cleared anything.
func (k *kernel9) locked(s *state9) bool {
	changed := false
	for d := 0; d < 9; d++ {
		p := s.p[3*d : 3*d+3 : 3*d+3]
		if (p[0]&s.u[0])|(p[1]&s.u[1])|(p[2]&s.u[2]) == 0 {
			continue
		}
		// Rows and boxes of each band. Bit 9r+3x of h: row r of the band holds d in box x.
		for b := 0; b < 3; b++ {
			w := p[b]
			h := (w | w>>1 | w>>2) & 0o111111111
			r0, r1, r2 := h&0o111, h>>9&0o111, h>>18&0o111
			// Pointing: a box holding d in one row only clears the rest of the row.
			for one := (r0 | r1 | r2) &^ (r0&r1 | r0&r2 | r1&r2); one != 0; one &= one - 1 {
				x := bits.TrailingZeros32(one)
				r := 0
				if r1&(1<<x) != 0 {
					r = 9
				} else if r2&(1<<x) != 0 {
					r = 18
				}
				w &^= 0x1ff << r &^ (7 << (x + r))
			}
			// Claiming: a row holding d in one box only clears the rest of the box.
			for r, rb := range [3]uint32{r0, r1, r2} {
				if rb != 0 && rb&(rb-1) == 0 {
					x := bits.TrailingZeros32(rb)
					w &^= 0x1c0e07 << x &^ (0x1ff << (9 * r))
				}
			}
			if w != p[b] {
				p[b] = w
				changed = true
			}
		}
		// Columns and boxes of each stack. cp[b]: the columns holding d in band b.
		var cp [3]uint32
		for b := 0; b < 3; b++ {
			cp[b] = (p[b] | p[b]>>9 | p[b]>>18) & 0x1ff
		}
		for b := 0; b < 3; b++ {
			for x := 0; x < 9; x += 3 {
				// Pointing: the box (b, x) holds d in one column only.
				g := cp[b] & (7 << x)
				if g == 0 || g&(g-1) != 0 {
					continue
				}
				col3 := g | g<<9 | g<<18
				for o := 0; o < 3; o++ {
					if o != b && p[o]&col3 != 0 {
						p[o] &^= col3
						cp[o] &^= g
						changed = true
					}
				}
			}
		}
		// Claiming: a column holding d in one band only clears the rest of its box there.
		ones := cp[0] | cp[1] | cp[2]
		twos := cp[0]&cp[1] | cp[0]&cp[2] | cp[1]&cp[2]
		for single := ones &^ twos; single != 0; single &= single - 1 {
			col := single & -single
			b := 0
			for b < 3 && cp[b]&col == 0 {
				b++
			}
			if b == 3 {
				continue // cleared by a claim above: the next round sees the contradiction
			}
			stack := uint32(7) << (bits.TrailingZeros32(col) / 3 * 3)
			if other := cp[b] & stack &^ col; other != 0 {
				p[b] &^= other | other<<9 | other<<18
				cp[b] &^= other
				changed = true
			}
		}
	}
	return changed
}

// place assigns d to the cell at bit of band b if d is still a candidate there; a hidden
// single that has lost its place is a contradiction.
func (k *kernel9) place(s *state9, b int, bit uint32, d int) bool {
	if s.p[3*d+b]&bit == 0 {
		return false
	}
	if s.u[b]&bit == 0 {
		return true
	}
	k.assign(s, 27*b+bits.TrailingZeros32(bit), d)
	return true
}
