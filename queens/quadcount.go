package queens

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// The bit-sliced matcher stores the keys of one side of an E in pieces of up to pieceKeys
// keys: for each chunk of 5 to 7 key bits and each subset s of them, one word per 64 keys
// of the piece whose bit j is set when key j has none of the bits of s (and is a real key,
// not padding). A key of the other side then tests 64 keys with one AND per chunk: the
// word of the chunk's bits that it holds.
const (
	maxChunk   = 7
	groupWords = 8
	pieceKeys  = 64 * groupWords
	// A last piece with fewer keys than this is matched key by key instead.
	minPiece = 16
)

// A piece of a matcher: where its words begin in tab, and how many words each subset of
// a chunk has (64 keys each).
type piece struct{ off, words int }

// A matcher counts the stored keys disjoint from a given key.
type matcher struct {
	nchunks int
	chunk   int // bits per chunk
	// With asm set (by build, if the processor has AVX2, and avx512 if it has AVX-512;
	// tests set goOnly or noAVX512 to keep them off) every piece has groupWords words and
	// join hands them to joinAVX512 or joinAVX2, and build fills them with
	// buildRowsAVX512 or buildRowsAVX2.
	asm      bool
	avx512   bool
	goOnly   bool
	noAVX512 bool
	pieces   []piece
	tab      []uint64 // per piece: nchunks × 2^chunk × words
	rest     []uint64 // the keys outside the pieces
	cols     [64 + maxChunk][groupWords]uint64
}

// build stores keys of nbits bits (at most 62), to be matched against about probes keys:
// the more probes, the wider the chunks (fewer ANDs a probe, more words to build).
func (m *matcher) build(keys []uint64, nbits, probes int) {
	c := 5
	if probes >= 1024 {
		c = 7
	}
	nc := (nbits + c - 1) / c
	c = (nbits + nc - 1) / nc
	m.nchunks, m.chunk = nc, c
	m.pieces = m.pieces[:0]
	m.asm = useAVX2 && !m.goOnly
	m.avx512 = m.asm && useAVX512 && !m.noAVX512
	m.rest = nil
	need := 0
	for i := 0; i < len(keys); i += pieceKeys {
		k := min(pieceKeys, len(keys)-i)
		if k < minPiece {
			m.rest = keys[i:]
			break
		}
		wp := (k + 63) / 64
		if m.asm {
			wp = groupWords // padded: the kernels take whole pieces only
		}
		m.pieces = append(m.pieces, piece{need, wp})
		need += nc << c * wp
	}
	if cap(m.tab) < need {
		m.tab = make([]uint64, need)
	}
	m.tab = m.tab[:need]
	for p, pc := range m.pieces {
		wp := pc.words
		// Transposed 64 keys at a time: cols[b][g] has bit j set when key 64g+j of the
		// piece holds bit b.
		var valid [groupWords]uint64
		pk := keys[p*pieceKeys : min(len(keys), (p+1)*pieceKeys)]
		for g := range wp {
			var a [64]uint64
			n := copy(a[:], pk[min(len(pk), 64*g):])
			if n == 0 {
				for b := range nc * c {
					m.cols[b][g] = 0
				}
				continue
			}
			valid[g] = ^uint64(0) >> (64 - n)
			transpose64(&a)
			for b := range nc * c {
				m.cols[b][g] = a[b]
			}
		}
		for q := range nc {
			row := m.tab[pc.off+q<<c*wp : pc.off+(q+1)<<c*wp]
			if m.asm { // wp == groupWords
				if q == 0 {
					copy(row, valid[:]) // padding never matches
				} else {
					copy(row, ones[:])
				}
				if m.avx512 {
					buildRowsAVX512(&row[0], &m.cols[q*c][0], c)
				} else {
					buildRowsAVX2(&row[0], &m.cols[q*c][0], c)
				}
				continue
			}
			for g := range wp {
				if q == 0 {
					row[g] = valid[g] // padding never matches
				} else {
					row[g] = ^uint64(0)
				}
			}
			for s := 1; s < 1<<c; s++ {
				prev, b := s&(s-1), q*c+bits.TrailingZeros(uint(s))
				for g := range wp {
					row[s*wp+g] = row[prev*wp+g] &^ m.cols[b][g]
				}
			}
		}
	}
}

// transpose64 transposes the 64×64 bit matrix a: bit j of a[i] goes to bit i of a[j].
func transpose64(a *[64]uint64) {
	m := uint64(0x00000000ffffffff)
	for j := 32; j != 0; j >>= 1 {
		// Swap the off-diagonal j×j blocks of each 2j×2j block.
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & m
			a[k+j] ^= t
			a[k] ^= t << j
		}
		m ^= m << (j >> 1)
	}
}

// ones is a group of all ones.
var ones = [groupWords]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// join returns the sum of count(w) over the probes w: with asm, piece by piece, every
// probe going through one piece while it stays in the L1 cache.
func (m *matcher) join(probes []uint64) uint64 {
	var total uint64
	for _, k := range m.rest {
		for _, w := range probes {
			if k&w == 0 {
				total++
			}
		}
	}
	if len(probes) == 0 || len(m.pieces) == 0 {
		return total
	}
	if m.asm {
		nc, c := m.nchunks, m.chunk
		if m.avx512 {
			return total + uint64(joinAVX512(&m.tab[0], &probes[0], len(probes), len(m.pieces), nc<<c*groupWords*8, nc, c))
		}
		return total + uint64(joinAVX2(&m.tab[0], &probes[0], len(probes), len(m.pieces), nc<<c*groupWords*8, nc, c))
	}
	for _, w := range probes {
		total += m.countPieces(w)
	}
	return total
}

// count returns the number of stored keys disjoint from w.
func (m *matcher) count(w uint64) uint64 {
	var total uint64
	for _, k := range m.rest {
		if k&w == 0 {
			total++
		}
	}
	return total + m.countPieces(w)
}

// countPieces returns the number of keys of the pieces disjoint from w.
func (m *matcher) countPieces(w uint64) uint64 {
	var total int
	var offs [16]int // nchunks <= 13: chunks have 5 bits or more
	nc, c := m.nchunks, m.chunk
	os := offs[:nc]
	tab := m.tab
	for _, pc := range m.pieces {
		wp := pc.words
		// os[q] is where the words of the subset of chunk q that w holds begin.
		for q := range os {
			os[q] = pc.off + (q<<c|int(w>>(q*c)&(1<<c-1)))*wp
		}
		// Four words at a time, so that the accumulators stay in registers.
		g := 0
		for ; g+4 <= wp; g += 4 {
			a0, a1, a2, a3 := ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)
			for _, o := range os {
				r := tab[o+g : o+g+4 : o+g+4]
				a0 &= r[0]
				a1 &= r[1]
				a2 &= r[2]
				a3 &= r[3]
			}
			total += bits.OnesCount64(a0) + bits.OnesCount64(a1) + bits.OnesCount64(a2) + bits.OnesCount64(a3)
		}
		if g+2 <= wp {
			a0, a1 := ^uint64(0), ^uint64(0)
			for _, o := range os {
				r := tab[o+g : o+g+2 : o+g+2]
				a0 &= r[0]
				a1 &= r[1]
			}
			total += bits.OnesCount64(a0) + bits.OnesCount64(a1)
			g += 2
		}
		if g < wp {
			a0 := ^uint64(0)
			for _, o := range os {
				a0 &= tab[o+g]
			}
			total += bits.OnesCount64(a0)
		}
	}
	return uint64(total)
}

// A quadWorker counts tasks of a quadPlan on one goroutine, with its own buffers.
type quadWorker struct {
	p        *quadPlan
	t        *quadTable
	n, h, o  int
	hmask    uint32
	kbits    uint          // bits of each diagonal family in a key: 2h-1
	keys     []uint64      // the east keys of the current E
	west     []uint64      // its west keys
	byWeight []uint64      // the probes of an even board by the long diagonals they hold
	south    [2]southCache // the west and east halves' south placements
	m        sieve
	stop     *atomic.Bool
	abort    bool
	// keep masks every key: all ones but in a deliberately broken counter that tests
	// must catch, which drops one bit.
	keep uint64
	// minBucket is the sieve's bucket size (tests lower it to cut small boards too).
	minBucket int
}

// newQuadWorker returns a worker for the tasks of p, with the table t, that gives up a
// task once stop is set.
func newQuadWorker(p *quadPlan, t *quadTable, stop *atomic.Bool) *quadWorker {
	return &quadWorker{p: p, t: t, n: p.n, h: p.h, o: p.o, hmask: 1<<p.h - 1,
		kbits: uint(2*p.h - 1), stop: stop, keep: ^uint64(0), minBucket: minBucket}
}

// rawKey returns the diagonals of a half-board (global masks g1 of r-f+n-1 and g2 of r+f)
// that the other half can reach too: r-f in [-(h-1), h-1] and r+f in [h+o, n+h-2].
func (w *quadWorker) rawKey(g1, g2 uint64) uint64 {
	mask := uint64(1)<<w.kbits - 1
	return (g1>>uint(w.n-w.h))&mask | (g2>>uint(w.h+w.o))&mask<<w.kbits
}

// key returns the key of a half-board, less the bit that a broken counter drops.
func (w *quadWorker) key(g1, g2 uint64) uint64 {
	return w.rawKey(g1, g2) & w.keep
}

// run counts the task and reports true, or gives up once stop is set and reports false.
func (w *quadWorker) run(t qtask) (uint64, bool) {
	s := &w.p.starts[t.start]
	idx := unrankE(s.m, s.k, t.lo)
	var total uint64
	for i := t.lo; i < t.hi; i++ {
		if w.stop.Load() {
			return 0, false
		}
		total += w.countE(s, spread(idx, s.rows))
		if w.abort {
			return 0, false
		}
		if i+1 < t.hi {
			idx = nextSubset(idx)
		}
	}
	return total * s.weight, true
}

// countE counts the solutions of start s whose east half holds the queens of the ranks E,
// weighted for the symmetries the start uses.
//
// Weights (V is the group of the mirror top to bottom, which maps E to its reverse, and
// the half turn, which maps E to the reverse of its complement among the free ranks):
//   - prim picks one E of each pair {E, reverse(E)} with weight 2 (1 if E = reverse(E));
//   - sec picks one E of each pair {E, halfturn(E)} likewise; among the 4 (or 2) sets
//     of an orbit of V exactly one has prim*sec = 4 (2), so in modeV, where the count
//     of E is the same all along its orbit, each orbit is counted once, weighted by its size.
//   - In modeEven the east halves are restricted to those with no queen on either long
//     diagonal, and a west half holding q of the two long diagonals weighs 2^q: the
//     transpose keeps which half holds the main diagonal's queen and swaps the halves of
//     the other's, the anti-transpose the reverse, so the solutions with the east half
//     off both long diagonals, weighted so, number all solutions. The weight is invariant
//     under the mirror top to bottom, so prim still applies; the solutions with no queen
//     on either long diagonal are closed under V as well and take prim*sec.
func (w *quadWorker) countE(s *start, E uint32) uint64 {
	prim, sec := uint64(1), uint64(1)
	if s.mode != modePlain {
		rev := bits.Reverse32(E) >> (32 - w.n)
		if E != rev {
			if E > rev {
				return 0
			}
			prim = 2
		}
		if eq := ^(E ^ rev) & s.rows; eq != 0 {
			if E&eq&-eq == 0 {
				sec = 0
			} else {
				sec = 2
			}
		}
		if s.mode == modeV {
			prim, sec = prim*sec, 1
			if prim == 0 {
				return 0
			}
		}
	}
	even := s.mode == modeEven
	blk1, blk2 := s.blk1, s.blk2
	if even { // the east half stays off the long diagonals
		long := uint64(1) << (w.n - 1)
		blk1, blk2 = blk1|long, blk2|long
	}
	w.keys = w.halves(E, s.east, true, blk1, blk2, w.keys[:0])
	if len(w.keys) == 0 || w.abort {
		return 0
	}
	w.west = w.halves(s.rows&^E, s.west, false, s.blk1, s.blk2, w.west[:0])
	if w.abort {
		return 0
	}
	stored, probes := w.keys, w.west
	if !even && len(probes) < len(stored) {
		// Unweighted: store the smaller side, which costs less to build and to probe.
		stored, probes = probes, stored
	}
	w.m.build(stored, probes, 2*int(w.kbits), w.minBucket)
	if !even {
		total, ok := w.join(probes)
		if !ok {
			return 0
		}
		return prim * total
	}
	// In a key the main diagonal is bit h-1, the other long one bit kbits+h-1; a west
	// half-board holding q of them weighs 2^q, or sec if it holds neither. The probes are
	// parted by weight and each part joined at once.
	main, anti := uint(w.h-1), w.kbits+uint(w.h-1)
	// Part q takes byWeight[q*np : q*np+cnt[q]].
	np := len(probes)
	if len(w.byWeight) < 3*np {
		w.byWeight = make([]uint64, 3*np+np/2)
	}
	parts := w.byWeight[:3*np]
	var cnt [3]int
	cnt[0], cnt[1], cnt[2] = partByWeight(probes, parts[:np], parts[np:2*np], parts[2*np:], main, anti)
	var total uint64
	for q := range 3 {
		part := parts[q*np : q*np+cnt[q]]
		weight := uint64(1) << q
		if q == 0 {
			weight = sec
		}
		if weight == 0 || len(part) == 0 {
			continue
		}
		t, ok := w.join(part)
		if !ok {
			return 0
		}
		total += weight * t
	}
	return prim * total
}

// partByWeight copies the probes holding neither bit main nor bit anti to p0, one of them
// to p1, both to p2, each as long as probes, and returns how many each part got.
// Branch-free, the counts in registers: every probe is written to the three parts and
// kept (counted) in its own.
func partByWeight(probes, p0, p1, p2 []uint64, main, anti uint) (c0, c1, c2 int) {
	p0, p1, p2 = p0[:len(probes)], p1[:len(probes)], p2[:len(probes)]
	main, anti = main&63, anti&63
	for _, k := range probes {
		a, b := int(k>>main&1), int(k>>anti&1)
		p0[c0], p1[c1], p2[c2] = k, k, k
		c0 += (a | b) ^ 1
		c1 += a ^ b
		c2 += a & b
	}
	return c0, c1, c2
}

// join returns the sum of the counts of the probes against the stored keys, in slices
// of joinSlice probes between which it polls the stop flag; it reports false, setting
// abort, once stop is set.
func (w *quadWorker) join(probes []uint64) (uint64, bool) {
	var total uint64
	for i := 0; i < len(probes); i += joinSlice {
		if w.stop.Load() {
			w.abort = true
			return 0, false
		}
		total += w.m.join(probes[i:min(len(probes), i+joinSlice)])
	}
	return total, true
}

// joinSlice is how many probes a worker joins between two looks at its stop flag.
const joinSlice = 4096

// halves appends to out the keys of every half-board that puts one queen on each of the
// given ranks, on the given files of one half (the east half if east is set), attacking
// neither each other nor the diagonals blk1 (r-f+n-1), blk2 (r+f). Once stop is set it
// returns what it has, setting abort.
//
// A north placement is tested against the south ones as it stands in the table: the
// south placements of the half (the same for many E in a row, see southCache) are kept
// with their diagonals moved to the north quadrant's local frame.
func (w *quadWorker) halves(rows, cols uint32, east bool, blk1, blk2 uint64, out []uint64) []uint64 {
	h, ho := w.h, w.h+w.o
	nr, sr := rows&w.hmask, rows>>ho&w.hmask
	c0, side := 0, 0
	if east {
		c0, side = ho, 1
	}
	cl := cols >> c0 & w.hmask
	k := bits.OnesCount32(nr)
	// A local diagonal i-j+h-1 of the quadrant at (r0, c0) is the global r-f+n-1 shifted
	// by r0-c0+n-h; a local i+j the global r+f shifted by r0+c0.
	nsh1, nsh2 := uint(w.n-h-c0), uint(c0)
	// The diagonals the start takes, in the north quadrant's local frame, packed as the
	// table's placements: a placement holding one of them is out.
	blkN := blk1>>nsh1&(1<<32-1) | blk2>>nsh2&(1<<32-1)<<32
	sc := &w.south[side]
	if !sc.valid || sc.sr != sr || sc.cl != cl || sc.blk1 != blk1 || sc.blk2 != blk2 {
		w.fillSouth(sc, sr, cl, c0, blk1, blk2)
	}
	for a := cl; ; a = (a - 1) & cl {
		if bits.OnesCount32(a) == k {
			if w.stop.Load() { // an E of N = 22 takes up to a second
				w.abort = true
				return out
			}
			north := w.t.list(nr, a)
			var south []uint64
			if len(north) > 0 {
				b := cl &^ a
				south = sc.ent[sc.off[b]:sc.off[b+1]]
			}
			if len(south) > 0 {
				// Branch-free: write every pair's key at out[j], keep it (advance j) if
				// the pair fits; room for every pair is made first.
				j := len(out)
				out = slices.Grow(out, len(north)*len(south)/2)
				out = out[:cap(out)]
				for _, e := range north {
					if e&blkN != 0 {
						continue
					}
					nk := w.key((e&(1<<32-1))<<nsh1, (e>>32)<<nsh2)
					for i := 0; i+1 < len(south); i += 2 {
						x := e & south[i]
						out[j] = nk | south[i+1]
						j += int((x|-x)>>63 ^ 1)
					}
				}
				out = out[:j]
			}
		}
		if a == 0 {
			return out
		}
	}
}

// A southCache holds the south quadrant placements of one half on the ranks sr (local),
// the files cl (local) and clear of the diagonals blk1, blk2: for each set of files b,
// ent[off[b]:off[b+1]] holds pairs of words, the placement's diagonals moved to the north
// quadrant's local frame (packed as in the table, those the north quadrant cannot reach
// dropped) and its key. E in colex order change their south ranks seldom, so most calls
// of halves find their south placements here.
type southCache struct {
	valid      bool
	sr, cl     uint32
	blk1, blk2 uint64
	off        []int32
	ent        []uint64
}

// fillSouth fills sc for the south quadrant at file c0.
func (w *quadWorker) fillSouth(sc *southCache, sr, cl uint32, c0 int, blk1, blk2 uint64) {
	h, ho := w.h, w.h+w.o
	sc.valid, sc.sr, sc.cl, sc.blk1, sc.blk2 = true, sr, cl, blk1, blk2
	if len(sc.off) < 1<<h+1 {
		sc.off = make([]int32, 1<<h+1)
	}
	sc.ent = sc.ent[:0]
	ssh1, ssh2 := uint(ho-c0+w.n-h), uint(ho+c0)
	local := uint64(1)<<(2*h-1) - 1 // the north quadrant's diagonals
	k := bits.OnesCount32(sr)
	for b := range uint32(1) << h {
		sc.off[b] = int32(len(sc.ent))
		if b&^cl != 0 || bits.OnesCount32(b) != k {
			continue
		}
		for _, e := range w.t.list(sr, b) {
			s1, s2 := (e&(1<<32-1))<<ssh1, (e>>32)<<ssh2
			if s1&blk1|s2&blk2 != 0 {
				continue
			}
			// Local diagonal d of the south quadrant is d+ho of the north one, both ways.
			x := (e&(1<<32-1))<<ho&local | (e>>32)<<ho&local<<32
			sc.ent = append(sc.ent, x, w.key(s1, s2))
		}
	}
	sc.off[1<<h] = int32(len(sc.ent))
}
