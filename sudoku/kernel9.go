package sudoku

import (
	"context"
	"fmt"
	"math/bits"
)

// kernel9 is the kernel for classic 9x9 Sudoku (3x3 boxes, no variant): the same exact
// cover search as kernel, with the state held digit by digit.
//
// For each digit d the cells where d may go are a set of 81 bits kept as three 27-bit
// words, one a band of three rows (bit 9*r+c of band b is row 3b+r, column c). A solved
// cell keeps its bit in its digit's set and has lost it in the others, so in a solution
// every unit holds exactly one bit of every digit.
//
// Propagation works on one digit at a time and is complete for that digit within each
// band and each stack: in a band, the nine segments (a row within a box) that still hold
// d form a 3x3 pattern, and d's three places in the band must be one segment per row and
// per box, a permutation; a segment used by no permutation inside the pattern is cleared
// (one table lookup: this is pointing and claiming, and more). Stacks likewise with
// columns, all three stacks at once by shifts and masks. At the fixed point of both, a hidden single in a box or column has become the
// only place of d in its row, so hidden singles are found on the rows alone. Naked
// singles come from counting, bit-parallel over the nine digits, the candidates of every
// cell of a band at once.
type kernel9 struct {
	peers [81][3]uint32 // the peers of each cell, by band
	stack []state9
	limit uint64
	count uint64
	nnode uint64
	sol   Grid
	ctx   context.Context
	err   error
	two   [3]uint32 // cells with two candidates, by band, as the last naked pass saw them
}

// state9 is the state at one depth of the search, copied to branch.
type state9 struct {
	p     [9][3]uint32 // p[d][b]: the places of digit d in band b
	u     [3]uint32    // cells not solved, by band
	cols  [9]uint32    // the columns of digit d's places at its last stack fixed point, by band
	dirty uint32       // bit d: p[d] changed since digit d's last pass
}

const band27 = 1<<27 - 1

// Tables of the 9x9 kernel, computed once and only read.
var (
	// rowBoxes[f]: bit x set if the 9-bit row field f has a bit in box x (columns 3x..3x+2).
	rowBoxes [512]uint32
	// bandPerm[o]: o is a 3x3 pattern of segments (bit 3r+x: row r of the band holds the
	// digit in box x); the cells of the segments used by some permutation inside o, 0 if
	// there is none.
	bandPerm [512]uint32
	// rowSingle[f]: f if the row field f has one bit, else 0.
	rowSingle [512]uint32
)

func init() {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for o := 0; o < 512; o++ {
		for x := 0; x < 3; x++ {
			if o&(7<<(3*x)) != 0 {
				rowBoxes[o] |= 1 << x
			}
		}
		if bits.OnesCount(uint(o)) == 1 {
			rowSingle[o] = uint32(o)
		}
		var used int
		for _, pm := range perms {
			m := 1<<pm[0] | 1<<(3+pm[1]) | 1<<(6+pm[2])
			if o&m == m {
				used |= m
			}
		}
		for r := 0; r < 3; r++ {
			for x := 0; x < 3; x++ {
				if used&(1<<(3*r+x)) != 0 {
					bandPerm[o] |= 7 << (9*r + 3*x)
				}
			}
		}
	}
}

func newKernel9(b *Board) *kernel9 {
	k := &kernel9{stack: make([]state9, 82)}
	for c := 0; c < 81; c++ {
		for _, p := range b.peers[c] {
			k.peers[c][p/27] |= 1 << (p % 27)
		}
	}
	return k
}

func (k *kernel9) nodes() uint64 { return k.nnode }

// assign solves cell c (band b = c/27) as digit d, which must be one of its candidates.
func (k *kernel9) assign(s *state9, c int, d int) {
	b := c / 27
	bit := uint32(1) << (c % 27)
	// Without branches: clear the cell from every digit and give it back to d; clear d
	// from the peers. A digit that changed gets its dirty bit.
	var dirty uint32
	for e := range s.p {
		t := s.p[e][b] & bit
		s.p[e][b] &^= t
		dirty |= nonzero(t) << e
	}
	s.p[d][b] |= bit
	pr := &k.peers[c]
	p := &s.p[d]
	t := p[0]&pr[0] | p[1]&pr[1] | p[2]&pr[2]
	p[0] &^= pr[0]
	p[1] &^= pr[1]
	p[2] &^= pr[2]
	s.dirty |= dirty&^(1<<d) | nonzero(t)<<d
	s.u[b] &^= bit
}

// givens9 returns the givens of a 9x9 puzzle as band bitsets, digit by digit (cell c of a
// band is bit c%27 of word c/27), and all of them together.
func givens9(puzzle Grid) (given [9][3]uint32, all [3]uint32, err error) {
	if len(puzzle) != 81 {
		return given, all, fmt.Errorf("sudoku: puzzle has %d cells, want 81", len(puzzle))
	}
	for c, v := range puzzle {
		if v == 0 {
			continue
		}
		if v > 9 {
			return given, all, fmt.Errorf("sudoku: cell r%dc%d holds %d, above 9", c/9+1, c%9+1, v)
		}
		given[v-1][c/27] |= 1 << (c % 27)
		all[c/27] |= 1 << (c % 27)
	}
	return given, all, nil
}

// candidates9 returns each digit's candidate cells after the givens, band by band: a digit
// loses the peers of its givens and the cells given another digit. ok is false when two
// givens of a digit see each other.
func candidates9(given *[9][3]uint32, all *[3]uint32, peers *[81][3]uint32) (cand [9][3]uint32, ok bool) {
	ok = true
	for d := range 9 {
		var out [3]uint32
		for b := range 3 {
			for m := given[d][b]; m != 0; m &= m - 1 {
				pr := &peers[27*b+bits.TrailingZeros32(m)]
				out[0] |= pr[0]
				out[1] |= pr[1]
				out[2] |= pr[2]
			}
		}
		for b := range 3 {
			cand[d][b] = band27 &^ out[b] &^ (all[b] &^ given[d][b])
			if given[d][b]&out[b] != 0 {
				ok = false // two givens of d see each other
			}
		}
	}
	return cand, ok
}

func (k *kernel9) solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	k.limit, k.count, k.nnode, k.sol, k.ctx, k.err = limit, 0, 0, sol, ctx, nil
	// The givens, all at once: each digit loses the peers of its givens and the cells
	// given another digit.
	given, all, err := givens9(puzzle)
	if err != nil {
		return 0, err
	}
	s := &k.stack[0]
	cand, ok := candidates9(&given, &all, &k.peers)
	for d := range s.p {
		s.p[d] = cand[d]
		s.cols[d] = band27
	}
	s.u = [3]uint32{band27 &^ all[0], band27 &^ all[1], band27 &^ all[2]}
	s.dirty = 1<<9 - 1
	if ok {
		k.search(0)
	}
	k.sol, k.ctx = nil, nil
	return k.count, k.err
}

// search propagates the state at depth, then records a solution or branches; it reports
// whether to stop (the limit reached or ctx cancelled). It branches on the first candidate
// d of the chosen cell in a copy of the state at depth+1; when that is done, d is taken
// out of the cell here and the loop propagates again, so a cell of two candidates costs
// one copy.
func (k *kernel9) search(depth int) bool {
	s := &k.stack[depth]
	next := &k.stack[depth+1]
	for {
		if !k.propagate(s) {
			return false
		}
		if s.u[0]|s.u[1]|s.u[2] == 0 {
			k.count++
			if k.count == 1 && k.sol != nil {
				for d := 0; d < 9; d++ {
					for b := 0; b < 3; b++ {
						for m := s.p[d][b]; m != 0; m &= m - 1 {
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
		for s.p[d][b]&bit == 0 {
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
		k.assign(next, best, d)
		if k.search(depth + 1) {
			return true
		}
		// Every solution below this state with d in the cell has been counted: take d out
		// of the cell here and propagate again (with two candidates, that solves the cell).
		s.p[d][b] &^= bit
		s.dirty |= 1 << d
	}
}

// choose returns the cell to branch on: one with two candidates if there is one, else one
// with fewest candidates. Among two-candidate cells it takes the one whose unsolved peers
// sharing a candidate with it are most, two-candidate peers counting three times: the
// branch that should propagate furthest.
func (k *kernel9) choose(s *state9) int {
	two := k.two
	if two[0]|two[1]|two[2] != 0 {
		best, score := -1, -1
		for b := 0; b < 3; b++ {
			for m := two[b]; m != 0; m &= m - 1 {
				i := bits.TrailingZeros32(m)
				c := 27*b + i
				pr := &k.peers[c]
				var dm [3]uint32 // places of the cell's two digits
				for d := range s.p {
					has := -(s.p[d][b] >> i & 1) // all ones if d is a candidate
					dm[0] |= s.p[d][0] & has
					dm[1] |= s.p[d][1] & has
					dm[2] |= s.p[d][2] & has
				}
				sc := 2*(bits.OnesCount32(pr[0]&two[0]&dm[0])+bits.OnesCount32(pr[1]&two[1]&dm[1])+bits.OnesCount32(pr[2]&two[2]&dm[2])) +
					bits.OnesCount32(pr[0]&s.u[0]&dm[0]) + bits.OnesCount32(pr[1]&s.u[1]&dm[1]) + bits.OnesCount32(pr[2]&s.u[2]&dm[2])
				if sc > score {
					best, score = c, sc
				}
			}
		}
		return best
	}
	best, fewest := -1, 10
	for b := 0; b < 3; b++ {
		for m := s.u[b]; m != 0; m &= m - 1 {
			bit := m & -m
			n := 0
			for d := 0; d < 9; d++ {
				if s.p[d][b]&bit != 0 {
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

// propagate brings the state to the fixed point of the digit passes and naked singles;
// false on a contradiction. At the fixed point k.two holds the cells with two candidates.
func (k *kernel9) propagate(s *state9) bool {
	for {
		for s.dirty != 0 {
			if !k.digit(s, bits.TrailingZeros32(s.dirty)) {
				return false
			}
		}
		// Naked singles, band by band: count the candidates of every cell at once.
		found := false
		for b := 0; b < 3; b++ {
			u := s.u[b]
			if u == 0 {
				k.two[b] = 0
				continue
			}
			var ones, twos, threes uint32
			for d := 0; d < 9; d++ {
				m := s.p[d][b]
				threes |= twos & m
				twos |= ones & m
				ones |= m
			}
			if u&^ones != 0 {
				return false // a cell without candidates
			}
			k.two[b] = u & twos &^ threes
			single := u &^ twos
			if single == 0 {
				continue
			}
			found = true
			for d := 0; d < 9 && single != 0; d++ {
				x := s.p[d][b] & single
				single &^= x
				for ; x != 0; x &= x - 1 {
					bit := x & -x
					if s.p[d][b]&bit == 0 {
						return false // taken by a single placed just before
					}
					k.assign(s, 27*b+bits.TrailingZeros32(bit), d)
				}
			}
		}
		if !found {
			return true
		}
	}
}

// nonzero returns 1 if the band word w (27 bits) is not zero, else 0; without a branch.
func nonzero(w uint32) uint32 { return (w + band27) >> 27 }

// bandSegs returns the 3x3 segment pattern of a band word: bit 3r+x if row r holds the
// digit in box x.
func bandSegs(w uint32) uint32 {
	return rowBoxes[w&511] | rowBoxes[w>>9&511]<<3 | rowBoxes[w>>18&511]<<6
}

// colFold returns the columns of a band word: bit c if some row holds the digit in column c.
func colFold(w uint32) uint32 { return (w | w>>9 | w>>18) & 511 }

// digit brings digit d to the fixed point of its band and stack permutations, then solves
// the cells that are the only place of d in their row; false on a contradiction. Each round
// passes every band and every stack, without branches on which ones changed: that costs
// less than the mispredicted branches.
func (k *kernel9) digit(s *state9, d int) bool {
	p := &s.p[d]
	s.dirty &^= 1 << d
	w0, w1, w2 := p[0], p[1], p[2]
	cols := s.cols[d]
	for {
		m0, m1, m2 := bandPerm[bandSegs(w0)], bandPerm[bandSegs(w1)], bandPerm[bandSegs(w2)]
		if m0 == 0 || m1 == 0 || m2 == 0 {
			return false // a band without a permutation
		}
		w0, w1, w2 = w0&m0, w1&m1, w2&m2
		c := colFold(w0) | colFold(w1)<<9 | colFold(w2)<<18
		if c == cols {
			break
		}
		n := stackPass(c)
		if (n|n>>1|n>>2)&grp0 != grp0 {
			return false // a stack without a permutation
		}
		cols = n
		if n == c {
			break
		}
		w0 &= (n & 511) * (1 | 1<<9 | 1<<18)
		w1 &= (n >> 9 & 511) * (1 | 1<<9 | 1<<18)
		w2 &= (n >> 18) * (1 | 1<<9 | 1<<18)
	}
	s.cols[d] = cols
	// Rows with one place left: the new ones are solved cells.
	u := &s.u
	x0 := (rowSingle[w0&511] | rowSingle[w0>>9&511]<<9 | rowSingle[w0>>18]<<18) & u[0]
	x1 := (rowSingle[w1&511] | rowSingle[w1>>9&511]<<9 | rowSingle[w1>>18]<<18) & u[1]
	x2 := (rowSingle[w2&511] | rowSingle[w2>>9&511]<<9 | rowSingle[w2>>18]<<18) & u[2]
	if x0|x1|x2 != 0 {
		u[0] &^= x0
		u[1] &^= x1
		u[2] &^= x2
		// Clear the cells from every digit, then give them back to d; without branches.
		var dirty uint32
		for e := range s.p {
			q := &s.p[e]
			t0, t1, t2 := q[0]&x0, q[1]&x1, q[2]&x2
			q[0] &^= t0
			q[1] &^= t1
			q[2] &^= t2
			dirty |= nonzero(t0|t1|t2) << e
		}
		s.dirty |= dirty &^ (1 << d)
	}
	p[0], p[1], p[2] = w0, w1, w2
	return true
}

// Masks of the 3-bit groups of a band word: the group's low, middle and high bit.
const (
	grp0 = 0x1249249
	grp1 = grp0 << 1
	grp2 = grp0 << 2
)

// rot9 rotates a band word by 9 bits (one row, or one band of a column word) towards bit 0.
func rot9(w uint32) uint32 { return (w>>9 | w<<18) & band27 }

// stackPass takes the columns of a digit's places, bit 9b+3x+j for column 3x+j in band b,
// and keeps those used by some placement of the digit in the stack one per band and one per
// column: in the 3x3 pattern of a stack (bands by columns), an entry is kept if the two
// other bands can take the two other columns, one each, within the pattern. All three
// stacks at once, without tables.
func stackPass(c uint32) uint32 {
	j1 := c>>1&(grp0|grp1) | c<<2&grp2 // bit j of a group holds column j+1 of the stack
	j2 := c<<1&(grp1|grp2) | c>>2&grp0 // column j+2
	a1, b1 := rot9(j1), rot9(j2)       // of band b+1
	a2, b2 := rot9(a1), rot9(b1)       // of band b+2
	return c & (a1&b2 | b1&a2)
}
