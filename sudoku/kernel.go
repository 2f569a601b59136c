package sudoku

import (
	"context"
	"fmt"
	"math/bits"
)

// A solver is the dedicated Sudoku kernel for one board: a bitset of candidate values per
// cell and of placed values per unit; naked singles (a cell with one candidate) and hidden
// singles (a value with one place in a unit) to a fixed point before each branch; branching
// on a cell with fewest candidates. It solves the same exact cover problem as
// [Board.Encode], any size and variant. Near the root of the search it also applies
// locked candidates (a value confined to one line within a region, or to one region within
// a line); the generator's searches (solveAvoid, solveProbe) apply them at every depth and
// probe both values of every two-candidate cell at each node. Classic 9x9 boards get a faster kernel for the same problem: the places of each
// digit as three 27-bit band words, each digit propagated completely within every band and
// stack at every node (which covers hidden singles and locked candidates), naked singles
// counted bit-parallel over the digits, and branching on a two-candidate cell; on amd64
// with AVX-512 every digit at once in vector registers (chosen at run time; the purego
// build tag keeps the portable code). A solver is not safe for concurrent use: make one per
// goroutine. It does not allocate while solving.
type solver struct {
	b *Board
	k interface {
		solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
		nodes() uint64
	}
	cd *cdcl // the generator's removal checks on boards above cdclMin, made when first needed
}

// cdclMin is the smallest board side whose removal checks clause learning decides.
const cdclMin = 17

// newSolver returns a kernel for the board.
func (b *Board) newSolver() *solver {
	s := &solver{b: b}
	switch {
	case b.n == 9 && b.boxR == 3 && len(b.units) == 27 && vectorPropagate != nil:
		s.k = newKernel9v(b, vectorPropagate)
	case b.n == 9 && b.boxR == 3 && len(b.units) == 27:
		s.k = newKernel9(b)
	case b.n <= 16:
		s.k = newKernel[uint16](b)
	case b.n <= 32:
		s.k = newKernel[uint32](b)
	default:
		s.k = newKernel[uint64](b)
	}
	return s
}

// solve counts the solutions of puzzle, stopping at limit (0 means no limit; 1 finds one
// solution; 2 checks uniqueness), and copies the first one found into sol if sol is not nil
// and there is one. The count is exact when it is below the limit. The error is ctx's if it
// was cancelled (checked every few thousand branches), or says the puzzle does not fit the
// board.
func (s *solver) solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	n := s.b.n
	if len(puzzle) != n*n {
		return 0, fmt.Errorf("sudoku: puzzle has %d cells, want %d", len(puzzle), n*n)
	}
	if sol != nil && len(sol) != n*n {
		return 0, fmt.Errorf("sudoku: solution buffer has %d cells, want %d", len(sol), n*n)
	}
	return s.k.solve(ctx, puzzle, limit, sol)
}

// another reports whether puzzle, whose cells out are empty, has a solution other than
// sol, given that puzzle with the cells out filled from sol has only sol: any other solution
// differs from sol in one of them. On boards of side cdclMin and above clause learning
// does (cdcl.another); below, the general kernel looks for a solution with each cell
// of out in turn holding another value (solveAvoid), trying sol's value first wherever it
// branches. Both copy the solution they find into witness if witness is not nil; the 9x9
// kernels count up to 2 and leave witness alone.
func (s *solver) another(ctx context.Context, puzzle Grid, out []int32, sol, witness Grid) (bool, error) {
	if s.b.n >= cdclMin {
		if s.cd == nil {
			s.cd = newCDCL(s.b)
		}
		return s.cd.another(ctx, puzzle, out, sol, witness)
	}
	a, ok := s.k.(interface {
		solveAvoid(ctx context.Context, puzzle Grid, cell int, v uint8, prefer, witness Grid) (bool, error)
	})
	if !ok {
		k, err := s.solve(ctx, puzzle, 2, nil)
		return k != 1, err
	}
	for _, c := range out {
		if found, err := a.solveAvoid(ctx, puzzle, int(c), sol[c], sol, witness); found || err != nil {
			return found, err
		}
	}
	return false, nil
}

// solveHard is solve by the kernel's strongest search where it has one (solveProbe), as
// Generate checks and rates the minimal puzzles it makes.
func (s *solver) solveHard(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	if p, ok := s.k.(interface {
		solveProbe(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
	}); ok && len(puzzle) == s.b.n*s.b.n {
		return p.solveProbe(ctx, puzzle, limit, sol)
	}
	return s.solve(ctx, puzzle, limit, sol)
}

// checkMade checks a puzzle the generator made from grid g: g its only solution. It
// returns the rating: on boards below cdclMin the branches of the kernel's strongest
// search (solveHard) counting the puzzle's solutions up to two, above the conflicts of
// clause learning in showing that no solution but g exists.
func (s *solver) checkMade(ctx context.Context, pz, g Grid) (uint64, error) {
	if s.b.n < cdclMin {
		k, err := s.solveHard(ctx, pz, 2, nil)
		if err != nil {
			return 0, err
		}
		if k != 1 {
			return 0, fmt.Errorf("sudoku: generated puzzle %s has %d solutions", pz.Format(0), k)
		}
		return s.nodes(), nil
	}
	if err := s.b.Check(pz, g); err != nil {
		return 0, fmt.Errorf("sudoku: generated puzzle %s: %w", pz.Format(0), err)
	}
	if s.cd == nil {
		s.cd = newCDCL(s.b)
	}
	u, conflicts, err := s.cd.unique(ctx, pz, g)
	if err != nil {
		return 0, err
	}
	if !u {
		return 0, fmt.Errorf("sudoku: generated puzzle %s has more than one solution", pz.Format(0))
	}
	return conflicts, nil
}

// hasWitness reports whether the solver's another fills in a witness.
func (s *solver) hasWitness() bool {
	if s.b.n >= cdclMin {
		return true
	}
	_, ok := s.k.(interface {
		solveAvoid(ctx context.Context, puzzle Grid, cell int, v uint8, prefer, witness Grid) (bool, error)
	})
	return ok
}

// nodes returns the number of branches tried (guesses) by the last solve.
func (s *solver) nodes() uint64 { return s.k.nodes() }

type mask interface{ ~uint16 | ~uint32 | ~uint64 }

// kernel holds the board flattened into index arrays and the search stack.
//
// A frame of the stack is the state at one depth: cand[0:nn] (candidates of each cell, one
// bit a value: bit v-1 for value v) then placed[nn:nn+nu] (values placed in each unit). A
// cell with one candidate is "single"; it is "placed" once its value has been taken out of
// its peers and added to its units' placed sets. Invariant at the end of propagate: every
// single cell is placed.
type kernel[M mask] struct {
	n, nn, nu int
	full      M
	units     []int32 // the cells of unit u are units[u*n : u*n+n]
	cuStart   []int32 // the units of cell c are cu[cuStart[c]:cuStart[c+1]]
	cu        []int32
	peerStart []int32 // the peers of cell c are peer[peerStart[c]:peerStart[c+1]]
	peer      []int32
	unitMask  [][2]uint64 // units of each cell as a bitset (only when nu <= 128)
	tracked   bool        // nu <= 128: sweep only the units whose cells changed

	// Locked candidates. A segment is the intersection of a line (row or column) and a
	// region; the segments of a line partition it, and so do the row segments (and the
	// column segments) of a region.
	segStart []int32 // cells of segment s: segCells[segStart[s]:segStart[s+1]]
	segCells []int32
	lineSegs [][]int32 // segments of each line (unit index 0..2n-1)
	regSegs  [][]int32 // row segments then column segments of each region, two lists each
	lineRest [][]int32 // cells of the segment's line outside it
	regRest  [][]int32 // cells of the segment's region outside it
	segOr    []M       // scratch: candidates of each segment
	lcMax    int       // rounds of locked candidates per propagation
	lcDepth  int       // no locked candidates below this depth

	frame   int
	stack   []M     // nn+1 frames
	queue   []int32 // single cells not yet placed
	limit   uint64
	count   uint64
	nnodes  uint64
	sol     Grid
	ctx     context.Context
	err     error
	stopped bool
	avoid   int  // solveAvoid's cell, branched on first; -1 otherwise
	prefer  Grid // if not nil, the value tried first at each branch
	probe   bool // probe the values of two-candidate cells at every node
	probes  uint64
}

// probeAll tries each value of each cell with two candidates in the frame at depth, on the
// next frame: a value whose propagation (singles, without locked candidates) ends in a
// contradiction is taken out, and the frame propagated again, until no probe fails. It
// returns the new number of placed cells and false on a contradiction, or when ctx is
// cancelled (checked every 256 probes; k.err is then set).
func (k *kernel[M]) probeAll(depth, solved int) (int, bool) {
	st := k.stack[depth*k.frame : (depth+1)*k.frame]
	next := k.stack[(depth+1)*k.frame : (depth+2)*k.frame]
	lcMax := k.lcMax
	for {
		changed := false
		for c := 0; c < k.nn; c++ {
			m := st[c]
			if m&(m-1) == 0 || m&(m-1)&(m&(m-1)-1) != 0 {
				continue // placed, or more than two candidates
			}
			for _, bit := range [2]M{m & -m, m &^ (m & -m)} {
				if k.probes++; k.probes&0xff == 0 && k.ctx != nil {
					if err := k.ctx.Err(); err != nil {
						k.err = err
						return solved, false
					}
				}
				copy(next, st)
				next[c] = bit
				k.queue = append(k.queue[:0], int32(c))
				k.lcMax = 0
				_, ok := k.propagate(next, solved, depth+1)
				k.lcMax = lcMax
				if !ok {
					st[c] = m &^ bit
					k.queue = append(k.queue[:0], int32(c))
					var ok2 bool
					if solved, ok2 = k.propagate(st, solved, depth); !ok2 {
						return solved, false
					}
					changed = true
					break
				}
			}
			if solved == k.nn {
				return solved, true
			}
		}
		if !changed {
			return solved, true
		}
	}
}

func newKernel[M mask](b *Board) *kernel[M] {
	k := &kernel[M]{n: b.n, nn: b.n * b.n, nu: len(b.units)}
	k.full = M(1)<<b.n - 1
	if b.n == 64 {
		k.full = ^M(0)
	}
	for _, cells := range b.units {
		k.units = append(k.units, cells...)
	}
	for c := 0; c < k.nn; c++ {
		k.cuStart = append(k.cuStart, int32(len(k.cu)))
		k.cu = append(k.cu, b.cellUnits[c]...)
		k.peerStart = append(k.peerStart, int32(len(k.peer)))
		k.peer = append(k.peer, b.peers[c]...)
	}
	k.cuStart = append(k.cuStart, int32(len(k.cu)))
	k.peerStart = append(k.peerStart, int32(len(k.peer)))
	k.tracked = k.nu <= 128
	k.unitMask = make([][2]uint64, k.nn)
	if k.tracked {
		for c := range k.unitMask {
			for _, u := range b.cellUnits[c] {
				k.unitMask[c][u>>6] |= 1 << (u & 63)
			}
		}
	}
	k.initSegments(b)
	// Measured on the benchmark sets: locked candidates pay at the root and the first
	// branch (17-clue puzzles need far fewer guesses), cost more than they save deeper down.
	k.lcMax, k.lcDepth = 1, 1
	k.frame = k.nn + k.nu
	k.stack = make([]M, (k.nn+2)*k.frame)
	k.queue = make([]int32, 0, k.nn)
	k.avoid = -1
	return k
}

func (k *kernel[M]) nodes() uint64 { return k.nnodes }

func (k *kernel[M]) solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	return k.run(ctx, puzzle, limit, sol, -1, 0)
}

// solveAvoid reports whether puzzle has a solution in which cell does not hold v, and
// copies the first it finds into witness if witness is not nil. It branches on cell first,
// tries the value of prefer (if not nil) first at every branch, and applies locked
// candidates at every depth: a generator's uniqueness check on a big board, where the
// second solution, or the proof that there is none, turns on that cell (on 16x16 about
// twice as fast as a count up to 2). With prefer the grid the puzzle was made from, the
// search keeps to the grids nearest it, where a second solution differs in few cells.
func (k *kernel[M]) solveAvoid(ctx context.Context, puzzle Grid, cell int, v uint8, prefer, witness Grid) (bool, error) {
	lcMax, lcDepth := k.lcMax, k.lcDepth
	k.lcMax, k.lcDepth = 1<<30, 1<<30
	k.prefer, k.probe = prefer, true
	n, err := k.run(ctx, puzzle, 1, witness, cell, M(1)<<(v-1))
	k.lcMax, k.lcDepth = lcMax, lcDepth
	k.prefer, k.probe = nil, false
	return n > 0, err
}

// solveProbe is solve with the strength of solveAvoid's search: locked candidates at every
// depth, and both values of every two-candidate cell probed at each node. Fewer branches
// and slower ones: for puzzles that plain solve finds hard, such as minimal ones above
// 16x16.
func (k *kernel[M]) solveProbe(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	lcMax, lcDepth := k.lcMax, k.lcDepth
	k.lcMax, k.lcDepth, k.probe = 1<<30, 1<<30, true
	n, err := k.run(ctx, puzzle, limit, sol, -1, 0)
	k.lcMax, k.lcDepth, k.probe = lcMax, lcDepth, false
	return n, err
}

// run is solve, with the candidates out taken out of cell avoid (if not -1) at the root.
func (k *kernel[M]) run(ctx context.Context, puzzle Grid, limit uint64, sol Grid, avoid int, out M) (uint64, error) {
	k.limit, k.count, k.nnodes, k.sol, k.ctx, k.err, k.stopped = limit, 0, 0, sol, ctx, nil, false
	st := k.stack[:k.frame]
	k.queue = k.queue[:0]
	for c, v := range puzzle {
		switch {
		case v == 0:
			st[c] = k.full
			if k.n == 1 {
				k.queue = append(k.queue, int32(c)) // one candidate: single already
			}
		case int(v) > k.n:
			return 0, fmt.Errorf("sudoku: cell r%dc%d holds %d, above %d", c/k.n+1, c%k.n+1, v, k.n)
		default:
			st[c] = M(1) << (v - 1)
			k.queue = append(k.queue, int32(c))
		}
	}
	clear(st[k.nn:])
	if k.avoid = avoid; avoid >= 0 {
		st[avoid] &^= out
	}
	k.search(0, 0)
	k.sol = nil
	k.ctx = nil
	return k.count, k.err
}

// search propagates the frame at depth (its pending singles in k.queue), then branches.
// solved is the number of placed cells. It returns true when the search must stop.
func (k *kernel[M]) search(depth, solved int) bool {
	st := k.stack[depth*k.frame : (depth+1)*k.frame]
	solved, ok := k.propagate(st, solved, depth)
	if !ok {
		return false
	}
	if k.probe && solved < k.nn {
		if solved, ok = k.probeAll(depth, solved); !ok {
			return k.err != nil
		}
	}
	cand := st[:k.nn]
	if solved == k.nn {
		k.count++
		if k.count == 1 && k.sol != nil {
			for c, m := range cand {
				k.sol[c] = uint8(bits.TrailingZeros64(uint64(m)) + 1)
			}
		}
		return k.count == k.limit
	}
	best, fewest := -1, 1<<30
	if a := k.avoid; depth == 0 && a >= 0 && cand[a]&(cand[a]-1) != 0 {
		best = a // solveAvoid's cell first
	} else {
		for c, m := range cand {
			if m&(m-1) != 0 {
				if p := bits.OnesCount64(uint64(m)); p < fewest {
					best, fewest = c, p
					if p == 2 {
						break
					}
				}
			}
		}
	}
	next := k.stack[(depth+1)*k.frame : (depth+2)*k.frame]
	m := cand[best]
	var first M // the preferred value, tried before the others
	if k.prefer != nil {
		first = m & (M(1) << (k.prefer[best] - 1))
		m &^= first
	}
	for first|m != 0 {
		bit := first
		if bit != 0 {
			first = 0
		} else {
			bit = m & -m
			m ^= bit
		}
		k.nnodes++
		if k.nnodes&0xfff == 0 && k.ctx != nil {
			if err := k.ctx.Err(); err != nil {
				k.err = err
				return true
			}
		}
		copy(next, st)
		next[best] = bit
		k.queue = append(k.queue[:0], int32(best))
		if k.search(depth+1, solved) {
			return true
		}
	}
	return false
}

// propagate places the queued singles and finds naked and hidden singles until none is left.
// It returns the new number of placed cells and false on a contradiction.
func (k *kernel[M]) propagate(st []M, solved, depth int) (int, bool) {
	nn, n := k.nn, k.n
	cand := st[:nn]
	placed := st[nn : nn+k.nu]
	full := k.full
	units, cu, cuStart, peer, peerStart := k.units, k.cu, k.cuStart, k.peer, k.peerStart
	queue := k.queue
	unitMask := k.unitMask
	var dirty [2]uint64 // units to sweep for hidden singles
	lcRounds := 0
	for {
		// Naked singles: place each queued cell, taking its value out of its peers.
		for i := 0; i < len(queue); i++ {
			c := queue[i]
			bit := cand[c]
			for _, u := range cu[cuStart[c]:cuStart[c+1]] {
				if placed[u]&bit != 0 {
					k.queue = queue
					return solved, false
				}
				placed[u] |= bit
			}
			solved++
			dirty[0] |= unitMask[c][0]
			dirty[1] |= unitMask[c][1]
			for _, p := range peer[peerStart[c]:peerStart[c+1]] {
				m := cand[p]
				if m&bit != 0 {
					m ^= bit
					cand[p] = m
					dirty[0] |= unitMask[p][0]
					dirty[1] |= unitMask[p][1]
					if m&(m-1) == 0 {
						if m == 0 {
							k.queue = queue
							return solved, false
						}
						queue = append(queue, p)
					}
				}
			}
		}
		queue = queue[:0]
		if solved == nn {
			k.queue = queue
			return solved, true
		}
		// Hidden singles: a value in exactly one cell of a unit; no place at all is a
		// contradiction.
		sweep := dirty
		dirty = [2]uint64{}
		if !k.tracked {
			sweep = [2]uint64{^uint64(0), ^uint64(0)}
		}
		for u := 0; u < k.nu; u++ {
			if w := sweep[u>>6&1]; w>>(u&63) == 0 {
				u |= 63 // no more units in this word
				continue
			} else if w>>(u&63)&1 == 0 {
				u += bits.TrailingZeros64(w>>(u&63)) - 1
				continue
			}
			pl := placed[u]
			if pl == full {
				continue
			}
			cells := units[u*n : u*n+n]
			var ones, twos M
			for _, c := range cells {
				m := cand[c]
				twos |= ones & m
				ones |= m
			}
			if ones != full {
				k.queue = queue
				return solved, false
			}
			hs := ones &^ twos &^ pl
			if hs == 0 {
				continue
			}
			for _, c := range cells {
				m := cand[c] & hs
				if m != 0 {
					if m&(m-1) != 0 {
						k.queue = queue
						return solved, false
					}
					hs ^= m
					if cand[c] != m {
						cand[c] = m
						queue = append(queue, c)
					}
					if hs == 0 {
						break
					}
				}
			}
		}
		if len(queue) == 0 {
			if lcRounds >= k.lcMax || depth > k.lcDepth {
				k.queue = queue
				return solved, true
			}
			lcRounds++
			changed, ok := k.locked(cand, placed, &queue, &dirty)
			if !ok {
				k.queue = queue
				return solved, false
			}
			if !changed {
				k.queue = queue
				return solved, true
			}
		}
	}
}

func (k *kernel[M]) initSegments(b *Board) {
	n := k.n
	k.lineSegs = make([][]int32, 2*n)
	k.regSegs = make([][]int32, 2*n)
	regCells := make([][]int32, n)
	for c, r := range b.region {
		regCells[r] = append(regCells[r], int32(c))
	}
	for L := 0; L < 2*n; L++ {
		byReg := map[int][]int32{}
		var order []int
		for _, c := range b.units[L] {
			r := b.region[c]
			if _, ok := byReg[r]; !ok {
				order = append(order, r)
			}
			byReg[r] = append(byReg[r], c)
		}
		for _, r := range order {
			s := int32(len(k.segStart))
			k.segStart = append(k.segStart, int32(len(k.segCells)))
			k.segCells = append(k.segCells, byReg[r]...)
			k.lineSegs[L] = append(k.lineSegs[L], s)
			k.regSegs[2*r+L/n] = append(k.regSegs[2*r+L/n], s)
			in := map[int32]bool{}
			for _, c := range byReg[r] {
				in[c] = true
			}
			var lr, rr []int32
			for _, c := range b.units[L] {
				if !in[c] {
					lr = append(lr, c)
				}
			}
			for _, c := range regCells[r] {
				if !in[c] {
					rr = append(rr, c)
				}
			}
			k.lineRest = append(k.lineRest, lr)
			k.regRest = append(k.regRest, rr)
		}
	}
	k.segStart = append(k.segStart, int32(len(k.segCells)))
	k.segOr = make([]M, len(k.lineRest))
}

// locked applies locked candidates once: a value whose places in a line all lie in one
// region is taken out of the rest of that region, and a value whose places in a region all
// lie in one line is taken out of the rest of that line. It reports whether it took anything
// out, and false on a contradiction.
func (k *kernel[M]) locked(cand, placed []M, queue *[]int32, dirty *[2]uint64) (changed, ok bool) {
	segOr := k.segOr
	for s := range segOr {
		var o M
		for _, c := range k.segCells[k.segStart[s]:k.segStart[s+1]] {
			o |= cand[c]
		}
		segOr[s] = o
	}
	for L, segs := range k.lineSegs {
		var ones, twos M
		for _, s := range segs {
			m := segOr[s]
			twos |= ones & m
			ones |= m
		}
		ex := ones &^ twos &^ placed[L]
		if ex == 0 {
			continue
		}
		for _, s := range segs {
			if e := segOr[s] & ex; e != 0 {
				ch, ok := k.eliminate(cand, k.regRest[s], e, queue, dirty)
				if !ok {
					return changed, false
				}
				changed = changed || ch
			}
		}
	}
	n := k.n
	for i, segs := range k.regSegs {
		var ones, twos M
		for _, s := range segs {
			m := segOr[s]
			twos |= ones & m
			ones |= m
		}
		ex := ones &^ twos &^ placed[2*n+i/2]
		if ex == 0 {
			continue
		}
		for _, s := range segs {
			if e := segOr[s] & ex; e != 0 {
				ch, ok := k.eliminate(cand, k.lineRest[s], e, queue, dirty)
				if !ok {
					return changed, false
				}
				changed = changed || ch
			}
		}
	}
	return changed, true
}

// eliminate takes the values e out of the cells, queueing the cells left single.
func (k *kernel[M]) eliminate(cand []M, cells []int32, e M, queue *[]int32, dirty *[2]uint64) (changed, ok bool) {
	for _, c := range cells {
		m := cand[c]
		if m&e != 0 {
			m &^= e
			cand[c] = m
			changed = true
			dirty[0] |= k.unitMask[c][0]
			dirty[1] |= k.unitMask[c][1]
			if m&(m-1) == 0 {
				if m == 0 {
					return changed, false
				}
				*queue = append(*queue, c)
			}
		}
	}
	return changed, true
}
