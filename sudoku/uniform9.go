package sudoku

import (
	"fmt"
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
// The draw: band 0 uniformly, kept with probability C(band 0)/cMax (C: the number of grids
// on it, the sum over S of F(S)·F(S^c), the same for all bands of a class below; cMax the
// largest), so that band 0 comes with probability proportional to its number of grids;
// then, keeping band 0, S uniformly, kept with probability F(S)·F(S^c)/M (M: the largest
// F(S)·F(S^c) on bands of band 0's class), so that S comes with probability
// F(S)·F(S^c)/C(band 0); then bands 1 and 2 uniformly among their F(S) and F(S^c)
// fillings. A grid comes with probability proportional to
// C(band 0) · F(S)F(S^c)/C(band 0) · 1/(F(S)F(S^c)), the same for all: the draw is
// exactly uniform. (With one bound for all bands, fMax², and a restart from band 0 on every
// refusal, the draw would be just as exact, about 75 trials a grid against about 12 here.)
// Band 0 is drawn with box 0 holding 1..9 in order, and the digits of the whole grid are
// relabelled at the end by a uniform permutation: every grid is the relabelling of exactly
// one grid with box 0 in order.
//
// F, C and M are the same on tensors that permuting the columns within stacks and the
// stacks map onto each other (a group of 6^4 = 1296), and the 22,620 tensors fall into 44
// such classes; bandClasses holds C and M. bandTables keeps F and the fillings once per
// class, for its least tensor (its representative), and, for every tensor of the class,
// the class and a group element that maps the representative onto it: a filling of the
// representative, carried by that element, is one of the tensor.

// fMax is the largest F over all tensors: TestBandTensors finds it by enumerating them all.
const fMax = 1728

// A trial for band 0 draws one random number for band 0 (56 row sets of box 1, times 6^6
// orders of the row segments of boxes 1 and 2) and its acceptance (cMax); a trial for S one
// for S (56^3) and its acceptance (M). The products fit in 64 bits.
const (
	band0Choices = 56 * 6 * 6 * 6 * 6 * 6 * 6
	sChoices     = 56 * 56 * 56
	cMax         = 7_802_998_272 // the largest C in bandClasses
)

// bandClasses lists, for the 44 classes of tensors, the least tensor key of the class (its
// canonical key), C: the grids on any band 0 whose column sets have a tensor of the class
// (the sum over the 56^3 choices S of F(S)·F(S^c)), and M: the largest F(S)·F(S^c) there.
// TestGridCount9 computes them afresh and counts all 9x9 grids with them.
var bandClasses = [44]struct {
	key  uint64
	c    uint64
	most uint32
}{
	{0x300c030000, 7802998272, 2985984},
	{0x3018024000, 7383108096, 995328},
	{0x3114014400, 7347449088, 746496},
	{0x3114020100, 7281460224, 995328},
	{0x6015024000, 7134027264, 331776},
	{0x6018021000, 7216676352, 331776},
	{0x6048020400, 7165813248, 331776},
	{0x6054014400, 7082599680, 497664},
	{0x6054020100, 7108789248, 497664},
	{0x6105020400, 7119019008, 497664},
	{0x6111014400, 7108816896, 746496},
	{0x6111020100, 7055428608, 331776},
	{0x6150010500, 7038448128, 331776},
	{0x6210010440, 7112503296, 331776},
	{0x15015015000, 7004355840, 266256},
	{0x15045014400, 7004664576, 445824},
	{0x15045020100, 7065220608, 497664},
	{0x15048020040, 7059506688, 331776},
	{0x15054014040, 6939424512, 266256},
	{0x45044414400, 6962561280, 297216},
	{0x45044420100, 7016806656, 497664},
	{0x45050114400, 7018350912, 445824},
	{0x45050120100, 7008981120, 331776},
	{0x45050408400, 7067023488, 746496},
	{0x45050414100, 6992373312, 445824},
	{0x45054020004, 7049522304, 497664},
	{0x45060008010, 7091557632, 497664},
	{0x45060014004, 7082759808, 746496},
	{0x45110054400, 7022836224, 297216},
	{0x45110060100, 6970134528, 331776},
	{0x45110111400, 7053225408, 476928},
	{0x45110405400, 7023539520, 393984},
	{0x45110411100, 6946725312, 269568},
	{0x45110414040, 7013953152, 445824},
	{0x45114011010, 7033343616, 331776},
	{0x45114020001, 7064630784, 497664},
	{0x45404054400, 6957469440, 165888},
	{0x45411014004, 7124405184, 891648},
	{0x48044420040, 7035450624, 266256},
	{0x48050414040, 7010812800, 290304},
	{0x48080404800, 7146639360, 331776},
	{0x54054014001, 6919249536, 266256},
	{0x54110051100, 6882954624, 266256},
	{0x1110110050044, 6831977472, 266256},
}

// perm3 lists the 6 permutations of 3 things.
var perm3 = [6][3]uint8{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// inv3 is the index in perm3 of each permutation's inverse.
var inv3 = [6]uint8{0, 1, 2, 4, 3, 5}

// A layout gives each digit (0..8) its column within each stack (0..2); or, for band 0, its
// place 3c+r in each box: column c, row r.
type layout [3][9]uint8

// splits holds the 56 ways a stack of the next band can go: for split m and the digit at
// place 3c+r of the band above (its row r serving only to tell the column's 3 digits
// apart), its column in the band below, below[m][3c+r], and in the band after that,
// after[m][3c+r]: one of c+1, c+2 (mod 3) and the other. The digits going to c+1 number
// the same x (0..3) in each column c, so each column below takes x digits of the column
// before it (cyclically) and 3-x of the one after it, and those of the band after take
// the rest: the three bands' columns are disjoint and each band's columns partition the
// digits of each stack. These are all the ways: x, then C(3,x)^3 choices of subsets, 56
// in all. For band 0's boxes the same table splits the rows of box 0 into those of boxes
// 1 and 2 (place 3r+i of digit 3r+i: row r, i-th of it), index[m][b-1][d] saying where
// digit d lies in its row of box b (by increasing digit).
type splits struct {
	below, after [56][9]uint8
	index        [56][2][9]uint8
}

var split56 = func() *splits {
	sp := new(splits)
	m := 0
	for x := range 4 {
		for bitsSet := range uint16(1 << 9) {
			if bits.OnesCount16(bitsSet&7) != x || bits.OnesCount16(bitsSet>>3&7) != x || bits.OnesCount16(bitsSet>>6) != x {
				continue
			}
			for p := range 9 {
				c := uint8(p / 3)
				one, two := (c+1)%3, (c+2)%3
				if bitsSet>>p&1 != 0 {
					sp.below[m][p], sp.after[m][p] = one, two
				} else {
					sp.below[m][p], sp.after[m][p] = two, one
				}
			}
			var n [2][3]uint8
			for d := range 9 {
				for b, r := range [2]uint8{sp.below[m][d], sp.after[m][d]} {
					sp.index[m][b][d] = n[b][r]
					n[b][r]++
				}
			}
			m++
		}
	}
	return sp
}()

// band0 returns band 0's places (3·column + row) for its choice k (< band0Choices): box 0
// holds 0..8 in row order; box 1's rows are a split of box 0's, box 2's the remaining
// digits of each row; the 6 row segments of boxes 1 and 2 are each in one of 6 orders.
func band0(k uint64) (t layout) {
	m := k % 56
	k /= 56
	var ord [2][3]*[3]uint8
	for b := range ord {
		for r := range 3 {
			ord[b][r] = &perm3[k%6]
			k /= 6
		}
	}
	sp := split56
	for d := range 9 {
		r1, r2 := sp.below[m][d], sp.after[m][d]
		t[0][d] = uint8(3*(d%3) + d/3)
		t[1][d] = 3*ord[0][r1][sp.index[m][0][d]] + r1
		t[2][d] = 3*ord[1][r2][sp.index[m][1][d]] + r2
	}
	return t
}

// split returns the layouts of the two bands below a band whose digits lie at places t
// (3·column + a distinct 0..2 for each digit of a column), for the k-th (< 56³) choice.
func split(t *layout, k int) (s, u layout) {
	sp := split56
	for st := range 3 {
		m := k % 56
		k /= 56
		for d, p := range t[st] {
			s[st][d], u[st][d] = sp.below[m][p], sp.after[m][p]
		}
	}
	return s, u
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

// A group element permutes the stacks and the columns within each: element g moves stack
// perm3[g/216][a] to a, and within it column c to perm3[g/36%6][c], perm3[g/6%6][c] or
// perm3[g%6][c] for stacks 0, 1, 2 before the move.
type groupElem uint16

// entries returns where g sends each of the 27 entries of a tensor.
func (g groupElem) entries() (out [27]uint8) {
	ax, p := perm3[g/216], [3]*[3]uint8{&perm3[g/36%6], &perm3[g/6%6], &perm3[g%6]}
	for e := range out {
		idx := [3]uint8{p[0][e/9], p[1][e/3%3], p[2][e%3]}
		out[e] = 9*idx[ax[0]] + 3*idx[ax[1]] + idx[ax[2]]
	}
	return out
}

// act returns the image of the tensor key under the entries' moves m (of a groupElem).
func act(m *[27]uint8, key uint64) uint64 {
	var out uint64
	for e, to := range m {
		out |= (key >> (2 * e) & 3) << (2 * to)
	}
	return out
}

// tensorTable maps tensor keys to their class and group element, by open addressing.
type tensorTable struct {
	keys []uint64 // 0: empty
	vals []uint32 // class<<16 | group element
}

const tableBits = 16 // 65,536 slots for the 22,620 tensors

func (tt *tensorTable) slot(key uint64) int {
	i := int((key * 0x9e3779b97f4a7c15) >> (64 - tableBits))
	for tt.keys[i] != key && tt.keys[i] != 0 {
		i = (i + 1) & (1<<tableBits - 1)
	}
	return i
}

// bandTables holds, for every tensor, its class and the group element that maps the
// class's representative (its canonical key) onto it, and for every class its fillings, C
// and M. Built once per Board (by newBandTables, a few milliseconds) and never changed
// after, it is shared by all draws.
type bandTables struct {
	table   tensorTable
	classes [len(bandClasses)]bandClass
}

// A bandClass is one class of tensors.
type bandClass struct {
	fills []uint64 // the fillings of the representative, see fillings
	key   uint64   // the representative: the least key of the class
	c     uint64   // C and M, from bandClasses
	most  uint64
}

func newBandTables() *bandTables {
	bt := &bandTables{table: tensorTable{keys: make([]uint64, 1<<tableBits), vals: make([]uint32, 1<<tableBits)}}
	for i, bc := range bandClasses {
		bt.classes[i] = bandClass{fills: fillings(bc.key, nil), key: bc.key, c: bc.c, most: uint64(bc.most)}
	}
	for g := range groupElem(1296) {
		m := g.entries()
		for i, bc := range bandClasses {
			k := act(&m, bc.key)
			if j := bt.table.slot(k); bt.table.keys[j] == 0 {
				bt.table.keys[j], bt.table.vals[j] = k, uint32(i)<<16|uint32(g)
			}
		}
	}
	return bt
}

// entry returns the class of the tensor key and the group element that maps the class's
// representative onto it.
func (bt *bandTables) entry(key uint64) (class int, g groupElem) {
	i := bt.table.slot(key)
	if bt.table.keys[i] == 0 {
		panic(fmt.Sprintf("sudoku: tensor %#x of no class", key)) // TestBandTensors finds all
	}
	v := bt.table.vals[i]
	return int(v >> 16), groupElem(v & 0xffff)
}

// count returns F of the tensor key.
func (bt *bandTables) count(key uint64) int {
	c, _ := bt.entry(key)
	return 6 * len(bt.classes[c].fills)
}

// uniform9 draws uniform 9x9 grids with its own random numbers and shared tables.
type uniform9 struct {
	rng *rand.Rand
	*bandTables
	// bandTrials, splitTrials and accepted count the trials for band 0 and for S and the
	// grids drawn (for tests).
	bandTrials, splitTrials, accepted uint64
}

func newUniform9(rng *rand.Rand, bt *bandTables) *uniform9 {
	return &uniform9{rng: rng, bandTables: bt}
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
	var t layout
	for {
		u.bandTrials++
		k := u.rng.Uint64N(band0Choices * cMax)
		t = band0(k % band0Choices)
		var cols layout
		for st := range 3 {
			for d, p := range t[st] {
				cols[st][d] = p / 3
			}
		}
		if c, _ := u.entry(tensorKey(&cols)); k/band0Choices < u.classes[c].c {
			most := u.classes[c].most
			for {
				u.splitTrials++
				k := u.rng.Uint64N(sChoices * most)
				s, sc := split(&t, int(k%sChoices))
				k /= sChoices
				cs, gs := u.entry(tensorKey(&s))
				fs := uint64(6 * len(u.classes[cs].fills))
				if k >= fs*fMax {
					continue // whatever F(S^c)
				}
				cc, gc := u.entry(tensorKey(&sc))
				if k >= fs*uint64(6*len(u.classes[cc].fills)) {
					continue
				}
				u.accepted++
				return u.grid(&t, &s, &sc, cs, cc, gs, gc)
			}
		}
	}
}

// grid returns the grid of band 0 at places t and bands 1 and 2 filled uniformly with the
// layouts s and sc, of classes cs and cc through the group elements gs and gc, the digits
// relabelled uniformly.
func (u *uniform9) grid(t, s, sc *layout, cs, cc int, gs, gc groupElem) Grid {
	var lab [9]uint8
	for i := range lab {
		lab[i] = uint8(i + 1)
	}
	for i := 8; i > 0; i-- {
		j := u.rng.IntN(i + 1)
		lab[i], lab[j] = lab[j], lab[i]
	}
	g := make(Grid, 81)
	for st := range 3 {
		for d, p := range t[st] {
			g[int(p%3)*9+3*st+int(p/3)] = lab[d]
		}
	}
	u.fill(g[27:54], s, cs, gs, &lab)
	u.fill(g[54:], sc, cc, gc, &lab)
	return g
}

// fill writes into band (27 cells) a uniform filling of the layout s, of class c with g
// mapping the class's representative onto s's tensor; the digits are relabelled by lab.
// The layout r that g maps onto s (stack ax[a] of r is stack a of s, its columns through
// the inverse permutation) has the representative's tensor; a uniform filling of the
// representative is taken, its virtual digits mapped to those of r in the order fillings
// uses (by entry, then by digit), and the 3 rows permuted uniformly.
func (u *uniform9) fill(band []uint8, s *layout, c int, g groupElem, lab *[9]uint8) {
	ax := perm3[g/216]
	pinv := [3]*[3]uint8{&perm3[inv3[g/36%6]], &perm3[inv3[g/6%6]], &perm3[inv3[g%6]]}
	var r layout
	for a := range 3 {
		b := ax[a]
		for d, col := range s[a] {
			r[b][d] = pinv[b][col]
		}
	}
	var virt [9]uint8 // virtual digit: actual digit
	v := 0
	for ent := range 27 {
		for d := range uint8(9) {
			if 9*int(r[0][d])+3*int(r[1][d])+int(r[2][d]) == ent {
				virt[v] = d
				v++
			}
		}
	}
	fs := u.classes[c].fills
	f := fs[u.rng.IntN(len(fs))]
	p := perm3[u.rng.IntN(6)]
	for a := range 3 {
		b := int(ax[a])
		for v, d := range virt {
			row := p[(f>>(2*(9*b+v)))&3]
			band[int(row)*9+3*a+int(s[a][d])] = lab[d]
		}
	}
}
