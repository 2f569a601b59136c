package sudoku

import (
	"context"
	"math/bits"
)

// kernel9v is the 9x9 kernel laid out for vector registers: the same places of each digit
// as kernel9 (three 27-bit band words a digit), held band by band, w[b][d] for digit d in
// band b, so that one 512-bit register holds a band for all nine digits (lanes 9-15 are
// zero). Propagation passes every digit at once in rounds until nothing changes; a round
// is, lane by lane except where said:
//
//   - the band pass of kernel9 (a digit's segments in a band must admit one per row and
//     one per box), by shifts and masks instead of a table;
//   - the stack pass of kernel9 on the columns of the three bands;
//   - hidden singles in rows: a row with one place of the digit gives the cell to it, and
//     the other digits lose the cell (an OR across the lanes);
//   - naked singles: counting the candidates of each cell across the lanes (ones, twos,
//     threes, bit-sliced) finds the cells with none (a contradiction), with one, and with
//     two; every digit loses the row, box and column peers of the cells where it is the
//     only candidate.
//
// Every step is idempotent, so no record of solved cells or of changed digits is kept: a
// round that changes nothing is the fixed point. A digit placed twice in a unit is not
// seen as such by the steps above (each of the two cells keeps its only candidate), so a
// state whose cells all have one candidate is checked before it counts as a solution.
// The state copied to branch is the 192 bytes of w.
type kernel9v struct {
	peers     [81][3]uint32
	stack     []stateV
	limit     uint64
	count     uint64
	nnode     uint64
	sol       Grid
	ctx       context.Context
	err       error
	info      [6]uint32                                   // from the last propagation: two-candidate cells, then unsolved cells, by band
	propagate func(w *[3][16]uint32, out *[6]uint32) bool // the round loop: vector or Go
}

// stateV is kernel9v's state at one depth of the search.
type stateV struct {
	w [3][16]uint32
}

func newKernel9v(b *Board, propagate func(w *[3][16]uint32, out *[6]uint32) bool) *kernel9v {
	k := &kernel9v{stack: make([]stateV, 82), propagate: propagate}
	for c := 0; c < 81; c++ {
		for _, p := range b.peers[c] {
			k.peers[c][p/27] |= 1 << (p % 27)
		}
	}
	return k
}

func (k *kernel9v) nodes() uint64 { return k.nnode }

func (k *kernel9v) solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	k.limit, k.count, k.nnode, k.sol, k.ctx, k.err = limit, 0, 0, sol, ctx, nil
	given, all, err := givens9(puzzle)
	if err != nil {
		return 0, err
	}
	// The givens, all at once: each digit loses the peers of its givens and the cells
	// given another digit.
	s := &k.stack[0]
	*s = stateV{}
	cand, ok := candidates9(&given, &all, &k.peers)
	for d := range 9 {
		for b := range 3 {
			s.w[b][d] = cand[d][b]
		}
	}
	if ok {
		k.search(0)
	}
	k.sol, k.ctx = nil, nil
	return k.count, k.err
}

// search is kernel9's search on this layout.
func (k *kernel9v) search(depth int) bool {
	s := &k.stack[depth]
	next := &k.stack[depth+1]
	for {
		if !k.propagate(&s.w, &k.info) {
			return false
		}
		if k.info[3]|k.info[4]|k.info[5] == 0 {
			if !solvedV(&s.w) {
				return false // a digit twice in a unit
			}
			k.count++
			if k.count == 1 && k.sol != nil {
				for b := 0; b < 3; b++ {
					for d := 0; d < 9; d++ {
						for m := s.w[b][d]; m != 0; m &= m - 1 {
							k.sol[27*b+bits.TrailingZeros32(m)] = uint8(d + 1)
						}
					}
				}
			}
			return k.count == k.limit
		}
		best := k.choose(s)
		b, bit := best/27, uint32(1)<<(best%27)
		d := 0
		for s.w[b][d]&bit == 0 {
			d++
		}
		k.nnode++
		if k.nnode&0xfff == 0 && k.ctx != nil {
			if err := k.ctx.Err(); err != nil {
				k.err = err
				return true
			}
		}
		*next = *s
		// d in the cell: the cell loses its other candidates (the next round's naked
		// singles clear d from its peers).
		for e := 0; e < 9; e++ {
			next.w[b][e] &^= bit
		}
		next.w[b][d] |= bit
		if k.search(depth + 1) {
			return true
		}
		s.w[b][d] &^= bit
	}
}

// solvedV reports whether a state whose every cell has one candidate is a solution: every
// digit once in every row, column and box.
func solvedV(w *[3][16]uint32) bool {
	for d := 0; d < 9; d++ {
		var cols uint32
		for b := 0; b < 3; b++ {
			x := w[b][d]
			for r := 0; r < 3; r++ {
				f := x >> (9 * r) & 511
				if bits.OnesCount32(f) != 1 {
					return false
				}
			}
			if rowBoxes[x&511]|rowBoxes[x>>9&511]|rowBoxes[x>>18&511] != 7 {
				return false
			}
			cols |= colFold(x)
		}
		if cols != 511 {
			return false
		}
	}
	return true
}

// choose is kernel9's choice of the cell to branch on.
func (k *kernel9v) choose(s *stateV) int {
	two := [3]uint32{k.info[0], k.info[1], k.info[2]}
	u := [3]uint32{k.info[3], k.info[4], k.info[5]}
	if two[0]|two[1]|two[2] != 0 {
		w0, w1, w2 := &s.w[0], &s.w[1], &s.w[2]
		best, score := -1, -1
		for b := 0; b < 3; b++ {
			for m := two[b]; m != 0; m &= m - 1 {
				i := bits.TrailingZeros32(m)
				c := 27*b + i
				pr := &k.peers[c]
				// The places of the cell's two digits.
				var dm0, dm1, dm2 uint32
				wb := &s.w[b]
				for d := 0; d < 9; d++ {
					has := -(wb[d] >> i & 1) // all ones if d is a candidate
					dm0 |= w0[d] & has
					dm1 |= w1[d] & has
					dm2 |= w2[d] & has
				}
				sc := 2*(bits.OnesCount32(pr[0]&two[0]&dm0)+bits.OnesCount32(pr[1]&two[1]&dm1)+bits.OnesCount32(pr[2]&two[2]&dm2)) +
					bits.OnesCount32(pr[0]&u[0]&dm0) + bits.OnesCount32(pr[1]&u[1]&dm1) + bits.OnesCount32(pr[2]&u[2]&dm2)
				if sc > score {
					best, score = c, sc
				}
			}
		}
		return best
	}
	best, fewest := -1, 10
	for b := 0; b < 3; b++ {
		for m := u[b]; m != 0; m &= m - 1 {
			bit := m & -m
			n := 0
			for d := 0; d < 9; d++ {
				if s.w[b][d]&bit != 0 {
					n++
				}
			}
			if n < fewest {
				best, fewest = 27*b+bits.TrailingZeros32(bit), n
			}
		}
	}
	return best
}

// Masks of a band word's segments: the first bit of box x's segments of the three rows.
const (
	seg0 = 1 | 1<<9 | 1<<18
	seg1 = seg0 << 3
	seg2 = seg0 << 6
)

// bandPass is kernel9's band pass without tables: the cells of band word w in segments used
// by some placement of the digit one per row and one per box.
func bandPass(w uint32) uint32 {
	o := (w | w>>1 | w>>2) & (seg0 | seg1 | seg2) // bit 9r+3x: segment x of row r holds the digit
	x1 := o>>3&(seg0|seg1) | o<<6&seg2            // at 9r+3x: segment x+1's bit
	x2 := o<<3&(seg1|seg2) | o>>6&seg0            // segment x+2's
	a1, b1 := rot9(x1), rot9(x2)                  // of row r+1
	a2, b2 := rot9(a1), rot9(b1)                  // of row r+2
	return (o & (a1&b2 | b1&a2)) * 7
}

// propagateGo is the round loop of kernel9v in plain Go, lane by lane: the reference for
// the vector code, and its stand-in where there is none. It reports false on a
// contradiction; otherwise out holds the two-candidate cells and the unsolved cells of the
// three bands.
func propagateGo(w *[3][16]uint32, out *[6]uint32) bool {
	for {
		old := *w
		// Band passes.
		for b := 0; b < 3; b++ {
			for d := 0; d < 9; d++ {
				m := bandPass(w[b][d])
				if (m|m>>3|m>>6)&seg0 != seg0 {
					return false // a row of the band without a place
				}
				w[b][d] &= m
			}
		}
		// Stack passes.
		for d := 0; d < 9; d++ {
			c := colFold(w[0][d]) | colFold(w[1][d])<<9 | colFold(w[2][d])<<18
			n := stackPass(c)
			if (n|n>>1|n>>2)&grp0 != grp0 {
				return false // a stack without a permutation
			}
			w[0][d] &= (n & 511) * (1 | 1<<9 | 1<<18)
			w[1][d] &= (n >> 9 & 511) * (1 | 1<<9 | 1<<18)
			w[2][d] &= (n >> 18) * (1 | 1<<9 | 1<<18)
		}
		// Hidden singles in rows.
		for b := 0; b < 3; b++ {
			var rs [9]uint32
			var forced uint32
			for d := 0; d < 9; d++ {
				x := w[b][d]
				rs[d] = rowSingle[x&511] | rowSingle[x>>9&511]<<9 | rowSingle[x>>18]<<18
				forced |= rs[d]
			}
			for d := 0; d < 9; d++ {
				w[b][d] = w[b][d]&^forced | rs[d]
			}
		}
		// Naked singles.
		var single [3]uint32
		for b := 0; b < 3; b++ {
			var ones, twos, threes uint32
			for d := 0; d < 9; d++ {
				m := w[b][d]
				threes |= twos & m
				twos |= ones & m
				ones |= m
			}
			if ones != band27 {
				return false // a cell without candidates
			}
			single[b] = ones &^ twos
			out[b] = twos &^ threes
			out[3+b] = twos
		}
		for d := 0; d < 9; d++ {
			var s [3]uint32
			var cols uint32
			for b := 0; b < 3; b++ {
				s[b] = w[b][d] & single[b]
				cols |= colFold(s[b])
			}
			colm := cols * (1 | 1<<9 | 1<<18)
			for b := 0; b < 3; b++ {
				w[b][d] &= ^(lineFull(s[b]) | colm) | s[b]
			}
		}
		if *w == old {
			return true
		}
	}
}

// lineFull returns the rows and the boxes of band word s that hold one of its cells.
func lineFull(s uint32) uint32 {
	var m uint32
	for r := 0; r < 3; r++ {
		if s&(511<<(9*r)) != 0 {
			m |= 511 << (9 * r)
		}
	}
	for x := 0; x < 3; x++ {
		if s&(seg0<<(3*x)*7) != 0 {
			m |= seg0 << (3 * x) * 7
		}
	}
	return m
}
