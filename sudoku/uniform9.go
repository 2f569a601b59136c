package sudoku

import (
	"math/bits"
	"math/rand/v2"
)

// Uniform 9x9 grids, by rejection on the structure of the bands.
//
// Rows 0-2 are band 0, rows 3-5 band 1, rows 6-8 band 2; columns 0-2 are stack 0, 3-5
// stack 1, 6-8 stack 2. The column sets of a band are, for each of its 9 columns, the 3
// digits of that column within the band; in each stack the 3 sets partition the 9 digits.
// A grid is three bands whose column sets are disjoint column by column.
//
// F(T), the number of bands with column sets T, depends only on T's tensor n[i][j][k], the
// number of digits lying in column i of stack 0, column j of stack 1 and column k of stack
// 2 (two T with one tensor differ by a relabelling of the digits). Given band 0 with column
// sets T, band 1's sets S take, in each stack whose columns hold a, b, c in T, x digits of c
// and 3-x of b in the first column, x of a and the other 3-x of c in the second, the rest
// in the third (0 <= x <= 3, C(3,x)^3 ways: 56 a stack), and band 2's sets are then the
// complements. So each band 0 has exactly 56^3 choices of S, and the grids on band 0 number
// the sum over them of F(S)·F(S^c).
//
// The draw: band 0 uniformly, S uniformly, accepted with probability F(S)·F(S^c) / fMax²
// (else everything is drawn again), then bands 1 and 2 uniformly among their F(S) and
// F(S^c) fillings. Each grid comes out of one trial with probability
// 1/bands · 1/56³ · F(S)F(S^c)/fMax² · 1/(F(S)F(S^c)), the same for all: the draw is
// exactly uniform. Band 0 is drawn with box 0 holding 1..9 in order, and the digits of the
// whole grid are relabelled at the end by a uniform permutation: every grid is the
// relabelling of exactly one grid with box 0 in order.

// fMax is the largest F over all tensors: TestBandTensors finds it by enumerating them all.
const fMax = 1728

// trialRange is the range of the one random number a trial draws: band 0 (56 row sets of
// box 1, times 6^6 orders of the row segments of boxes 1 and 2), S (56^3) and the
// acceptance (fMax²). Its product, about 3.4e17, fits in 64 bits.
const (
	band0Choices  = 56 * 6 * 6 * 6 * 6 * 6 * 6
	sChoices      = 56 * 56 * 56
	acceptChoices = fMax * fMax
	trialRange    = band0Choices * sChoices * acceptChoices
)

// perm3 lists the 6 permutations of 3 things.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// mask56 lists the 56 ways to split: bit 3c+i says that the i-th digit (in increasing
// order) of column c moves by one column (the others by two), and each column has as many
// such digits, x (0..3).
var mask56 = func() (out [56]uint16) {
	n := 0
	for x := range 4 {
		for m := range uint16(1 << 9) {
			if bits.OnesCount16(m&7) == x && bits.OnesCount16(m>>3&7) == x && bits.OnesCount16(m>>6) == x {
				out[n] = m
				n++
			}
		}
	}
	return out
}()

// layout gives each digit (0..8) its column within each stack (0..2).
type layout [3][9]uint8

// split returns the layouts of the two bands below a band laid out as t, for the k-th
// (0 <= k < 56³) choice of the band just below: in each stack, the i-th digit of t's column
// c goes to column c+1 (mod 3) below and c+2 in the band after if bit 3c+i of that stack's
// mask is set, else to c+2 below and c+1 after. Each column below then takes x digits of
// each column of t but its own (x from the column after it, 3-x from the one after that), so
// the three bands' columns are disjoint and those of each band partition the digits of each
// stack; these are all the 56 ways a stack can go (x, then C(3,x)³ choices of subsets).
func split(t *layout, k int) (s, u layout) {
	for st := range 3 {
		m := mask56[k%56]
		k /= 56
		var n [3]uint8
		for d, c := range t[st] {
			i := n[c]
			n[c]++
			if m>>(3*c+i)&1 != 0 {
				s[st][d], u[st][d] = next3[c], next3[next3[c]]
			} else {
				s[st][d], u[st][d] = next3[next3[c]], next3[c]
			}
		}
	}
	return s, u
}

// next3 is c+1 mod 3.
var next3 = [3]uint8{1, 2, 0}

// band0 returns band 0 for its choice k (< band0Choices): the layout, and each digit's row
// in each box. Box 0 holds 0..8 in row order; box 1's rows are a split (mask56) of box 0's
// rows, box 2's the remaining digits of each row; the 6 row segments of boxes 1 and 2 are
// each in one of their 6 orders.
func band0(k uint64) (t, rows layout) {
	m := mask56[k%56]
	k /= 56
	for d := range uint8(9) {
		r := d / 3
		t[0][d], rows[0][d] = d%3, r
		if m>>d&1 != 0 {
			rows[1][d], rows[2][d] = next3[r], next3[next3[r]]
		} else {
			rows[1][d], rows[2][d] = next3[next3[r]], next3[r]
		}
	}
	for b := 1; b < 3; b++ {
		var p [3][3]uint8
		for r := range p {
			p[r] = perm3[k%6]
			k /= 6
		}
		var n [3]uint8
		for d, r := range rows[b] {
			t[b][d] = p[r][n[r]]
			n[r]++
		}
	}
	return t, rows
}

// tensorKey packs the tensor of the layout s: 2 bits for each of the 27 entries
// n[i][j][k] (at most 3), entry 9i+3j+k at bit 2(9i+3j+k).
func tensorKey(s *layout) uint64 {
	var key uint64
	for d := range 9 {
		key += 1 << (2 * (9*uint(s[0][d]) + 3*uint(s[1][d]) + uint(s[2][d])))
	}
	return key
}

// uniform9 draws uniform 9x9 grids. It owns the cache of fillings by tensor.
type uniform9 struct {
	rng   *rand.Rand
	index map[uint64]int32 // tensor key: its index in fills
	fills [][]uint64       // the fillings of each tensor met, see fillings
	// trials and accepted count the trials and the grids drawn (for tests).
	trials, accepted uint64
}

func newUniform9(rng *rand.Rand) *uniform9 {
	return &uniform9{rng: rng, index: map[uint64]int32{}}
}

// entry returns the index in u.fills of the fillings of the tensor key, finding them the
// first time.
func (u *uniform9) entry(key uint64) int32 {
	if i, ok := u.index[key]; ok {
		return i
	}
	i := int32(len(u.fills))
	u.fills = append(u.fills, fillings(key, nil))
	u.index[key] = i
	return i
}

// count returns F of the tensor key.
func (u *uniform9) count(key uint64) int {
	return 6 * len(u.fills[u.entry(key)])
}

// fillings appends to out the fillings of a band whose column sets have the tensor key
// with the first column of stack 0 in order, and returns it; F is 6 times their number
// (permuting the 3 rows maps the fillings one to one, and exactly one of the 6 orders
// puts that column in order). The digits are virtual: v = 0..8 in the order of their
// entries (entry 9i+3j+k first by i, then j, then k), each lying in column i of stack 0,
// j of stack 1, k of stack 2. A filling gives each digit a row in each stack, 2 bits at
// bit 2(9·stack + v): the 3 digits of each column get distinct rows and each digit
// distinct rows in the 3 stacks.
func fillings(key uint64, out []uint64) []uint64 {
	var cols [3][3][3]uint8 // the virtual digits of each stack's columns
	var fill [3][3]int
	v := uint8(0)
	for e := range 27 {
		for range (key >> (2 * e)) & 3 {
			for s, c := range [3]int{e / 9, e / 3 % 3, e % 3} {
				cols[s][c][fill[s][c]] = v
				fill[s][c]++
			}
			v++
		}
	}
	var r0, r1 [9]uint8
	for m, d := range cols[0][0] {
		r0[d] = uint8(m)
	}
	// ok[c][p]: order p of stack 1's column c gives its digits rows other than in stack 0.
	var ok [3][6]bool
	for p1 := range perm3 {
		for p2 := range perm3 {
			for m := range 3 {
				r0[cols[0][1][m]] = perm3[p1][m]
				r0[cols[0][2][m]] = perm3[p2][m]
			}
			for c, col := range cols[1] {
				for p, pp := range perm3 {
					ok[c][p] = pp[0] != r0[col[0]] && pp[1] != r0[col[1]] && pp[2] != r0[col[2]]
				}
			}
			for q0 := range perm3 {
				if !ok[0][q0] {
					continue
				}
				for q1 := range perm3 {
					if !ok[1][q1] {
						continue
					}
				next:
					for q2 := range perm3 {
						if !ok[2][q2] {
							continue
						}
						for c, q := range [3]int{q0, q1, q2} {
							for m, d := range cols[1][c] {
								r1[d] = perm3[q][m]
							}
						}
						for _, col := range cols[2] {
							if 1<<(3-r0[col[0]]-r1[col[0]])|1<<(3-r0[col[1]]-r1[col[1]])|1<<(3-r0[col[2]]-r1[col[2]]) != 7 {
								continue next
							}
						}
						var f uint64
						for d := range 9 {
							f |= uint64(r0[d])<<(2*d) | uint64(r1[d])<<(2*(9+d)) | uint64(3-r0[d]-r1[d])<<(2*(18+d))
						}
						out = append(out, f)
					}
				}
			}
		}
	}
	return out
}

// draw returns a uniformly drawn 9x9 grid.
func (u *uniform9) draw() Grid {
	for {
		u.trials++
		k := u.rng.Uint64N(trialRange)
		t, rows := band0(k % band0Choices)
		k /= band0Choices
		s, sc := split(&t, int(k%sChoices))
		k /= sChoices
		es, ec := u.entry(tensorKey(&s)), u.entry(tensorKey(&sc))
		if k >= uint64(36*len(u.fills[es])*len(u.fills[ec])) {
			continue
		}
		u.accepted++
		var lab [9]uint8 // a uniform relabelling
		for i := range lab {
			lab[i] = uint8(i + 1)
		}
		for i := 8; i > 0; i-- {
			j := u.rng.IntN(i + 1)
			lab[i], lab[j] = lab[j], lab[i]
		}
		g := make(Grid, 81)
		for st := range 3 {
			for d, c := range t[st] {
				g[int(rows[st][d])*9+3*st+int(c)] = lab[d]
			}
		}
		u.fill(g[27:54], &s, es, &lab)
		u.fill(g[54:], &sc, ec, &lab)
		return g
	}
}

// fill writes into band (27 cells) a uniform filling of the layout s, whose fillings are
// u.fills[e], the digits relabelled by lab: a filling of e chosen uniformly, its virtual
// digits mapped to the actual ones in the order fillings uses (by entry, then by digit),
// the 3 rows permuted uniformly.
func (u *uniform9) fill(band []uint8, s *layout, e int32, lab *[9]uint8) {
	var virt [9]uint8 // virtual digit: actual digit
	v := 0
	for ent := range 27 {
		for d := range uint8(9) {
			if 9*int(s[0][d])+3*int(s[1][d])+int(s[2][d]) == ent {
				virt[v] = d
				v++
			}
		}
	}
	fs := u.fills[e]
	f := fs[u.rng.IntN(len(fs))]
	p := perm3[u.rng.IntN(6)]
	for st := range 3 {
		for v, d := range virt {
			r := p[(f>>(2*(9*st+v)))&3]
			band[int(r)*9+3*st+int(s[st][d])] = lab[d]
		}
	}
}
