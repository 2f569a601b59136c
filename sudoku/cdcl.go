package sudoku

import (
	"context"
	"slices"
)

// A cdcl decides whether a Sudoku puzzle has a solution by conflict-driven clause learning,
// as SAT solvers do, for the generator's removal checks on big boards. A variable is a
// cell holding a value (cell*n + value-1); a literal is a variable times two, plus one
// when negated. The rules are the board's, none stored as clauses: each cell holds at
// least one value and each unit each value at least once (counters of the variables not
// yet false, propagating at one), and no two peers, nor two values of a cell, are both
// true (a true variable sets its cell's other values and its peers' same value false).
// The facts of a search (givens, a cell's excluded value) are set at level 0, so what it
// learns holds for that search only: solve forgets it. Decisions follow activity (VSIDS,
// kept from one search to the next), values the last one a variable had, at first the
// grid's (a second solution is near the grid). Restarts follow the Luby sequence; when
// there are too many learned clauses, the half of highest literal block distance goes.
// It allocates only as it learns clauses (and grows its watch lists).
type cdcl struct {
	n, nv   int
	boxR    int32 // box rows and columns, 0 on a jigsaw board
	boxC    int32
	peer    []int32 // peers of cell c: peer[pStart[c]:pStart[c+1]]
	pStart  []int32
	units   []int32 // cells of unit u: units[u*n:u*n+n]
	cu      []int32 // units of cell c: cu[cuStart[c]:cuStart[c+1]]
	cuStart []int32
	// alive counts the variables not false of each at-least-one rule: cell c's (rule c), and
	// value v's in unit u (rule n*n + u*n + v). A rule at one propagates it, at zero is a
	// conflict.
	alive []int32
	rbuf  []int32

	val    []int8  // per variable: 1 true, -1 false, 0 unassigned
	level  []int32 // decision level of each assigned variable
	reason []int32 // clause ref; -1 none; -3-x: the true variable x that set it false
	trail  []int32 // literals assigned, in order
	lim    []int32 // trail length at the start of each level
	qhead  int

	arena    []int32   // clauses: length, literal block distance (0: a rule), literals
	nRules   int       // arena[:nRules] holds the clause solve was given
	nLearnt  int       // learned clauses in the arena
	watches  [][]int32 // clause refs by watched literal, visited when it goes false
	maxLearn int

	act   []float64 // activity of each variable
	inc   float64
	heap  []int32 // variables by activity, a binary max-heap
	hpos  []int32 // position of each variable in heap, -1 when out
	phase []int8  // the value to decide each variable with

	seen     []int8
	learnt   []int32
	toClear  []int32
	lvlStamp []uint32
	stamp    uint32
	cbin     [2]int32 // a conflict of two true variables, as a clause

	facts     []int32
	conflicts uint64
}

const (
	cdclNoReason  = -1
	cdclBinConf   = -2 // conflict ref: cbin
	cdclRestart   = 100
	cdclLearnInit = 20000
)

// newCDCL returns a solver with the rules of board b.
func newCDCL(b *Board) *cdcl {
	n := b.n
	nn := n * n
	s := &cdcl{n: n, nv: nn * n, inc: 1, maxLearn: cdclLearnInit, boxR: int32(b.boxR), boxC: int32(b.boxC)}
	for c := range nn {
		s.pStart = append(s.pStart, int32(len(s.peer)))
		s.peer = append(s.peer, b.peers[c]...)
		s.cuStart = append(s.cuStart, int32(len(s.cu)))
		s.cu = append(s.cu, b.cellUnits[c]...)
	}
	s.pStart = append(s.pStart, int32(len(s.peer)))
	s.cuStart = append(s.cuStart, int32(len(s.cu)))
	for _, u := range b.units {
		s.units = append(s.units, u...)
	}
	s.alive = make([]int32, nn+len(b.units)*n)
	for i := range s.alive {
		s.alive[i] = int32(n)
	}
	s.rbuf = make([]int32, n)
	s.val = make([]int8, s.nv)
	s.level = make([]int32, s.nv)
	s.reason = make([]int32, s.nv)
	s.act = make([]float64, s.nv)
	s.hpos = make([]int32, s.nv)
	s.phase = make([]int8, s.nv)
	s.seen = make([]int8, s.nv)
	s.watches = make([][]int32, 2*s.nv)
	s.lvlStamp = make([]uint32, s.nv+1)
	for v := range s.nv {
		s.hpos[v] = -1
		s.heapInsert(int32(v))
	}
	return s
}

// addClause stores a clause, watching its first two literals, and returns its ref.
func (s *cdcl) addClause(lits []int32, lbd int32) int32 {
	ref := int32(len(s.arena))
	s.arena = append(s.arena, int32(len(lits)), lbd)
	s.arena = append(s.arena, lits...)
	s.watches[lits[0]] = append(s.watches[lits[0]], ref)
	s.watches[lits[1]] = append(s.watches[lits[1]], ref)
	return ref
}

func (s *cdcl) litVal(l int32) int8 {
	v := s.val[l>>1]
	if l&1 != 0 {
		return -v
	}
	return v
}

func (s *cdcl) assign(l, reason int32) {
	x := l >> 1
	if l&1 == 0 {
		s.val[x] = 1
	} else {
		s.val[x] = -1
	}
	s.level[x] = int32(len(s.lim))
	s.reason[x] = reason
	s.trail = append(s.trail, l)
}

// propagate assigns the consequences of the trail's new literals. It returns -1, or the
// reason-style ref of the rule or clause all false (cdclBinConf: the two literals of
// cbin).
func (s *cdcl) propagate() int32 {
	n := int32(s.n)
	nn := n * n
	rule0 := -3 - int32(s.nv) // the ref of rule k is rule0-k
	for s.qhead < len(s.trail) {
		p := s.trail[s.qhead]
		s.qhead++
		x := p >> 1
		c, v := x/n, x%n
		if p&1 == 0 {
			for w, y := int32(0), c*n; w < n; w, y = w+1, y+1 {
				if y == x {
					continue
				}
				switch s.val[y] {
				case 0:
					s.assign(y<<1|1, -3-x)
				case 1:
					s.cbin = [2]int32{x<<1 | 1, y<<1 | 1}
					return cdclBinConf
				}
			}
			for _, q := range s.peer[s.pStart[c]:s.pStart[c+1]] {
				y := q*n + v
				switch s.val[y] {
				case 0:
					s.assign(y<<1|1, -3-x)
				case 1:
					s.cbin = [2]int32{x<<1 | 1, y<<1 | 1}
					return cdclBinConf
				}
			}
		} else {
			us := s.cu[s.cuStart[c]:s.cuStart[c+1]]
			s.alive[c]--
			for _, u := range us {
				s.alive[nn+u*n+v]--
			}
			if a := s.alive[c]; a <= 1 {
				if a == 0 {
					return rule0 - c
				}
				for w, y := int32(0), c*n; w < n; w, y = w+1, y+1 {
					if s.val[y] != -1 {
						if s.val[y] == 0 {
							s.assign(y<<1, rule0-c)
						}
						break
					}
				}
			}
			for _, u := range us {
				k := nn + u*n + v
				if a := s.alive[k]; a <= 1 {
					if a == 0 {
						return rule0 - k
					}
					for _, d := range s.units[u*n : u*n+n] {
						y := d*n + v
						if s.val[y] != -1 {
							if s.val[y] == 0 {
								s.assign(y<<1, rule0-k)
							}
							break
						}
					}
				}
			}
		}
		f := p ^ 1 // false now
		ws := s.watches[f]
		i, j := 0, 0
	clauses:
		for i < len(ws) {
			ref := ws[i]
			i++
			lits := s.arena[ref+2 : ref+2+s.arena[ref]]
			if lits[0] == f {
				lits[0], lits[1] = lits[1], f
			}
			if s.litVal(lits[0]) == 1 {
				ws[j] = ref
				j++
				continue
			}
			for k := 2; k < len(lits); k++ {
				if s.litVal(lits[k]) != -1 {
					lits[1], lits[k] = lits[k], f
					s.watches[lits[1]] = append(s.watches[lits[1]], ref)
					continue clauses
				}
			}
			ws[j] = ref
			j++
			if s.litVal(lits[0]) == -1 {
				j += copy(ws[j:], ws[i:])
				s.watches[f] = ws[:j]
				return ref
			}
			s.assign(lits[0], ref)
		}
		s.watches[f] = ws[:j]
	}
	return -1
}

// reasonLits returns the literals of reason (or conflict) ref other than p, the literal it
// implied (p is -1 for a conflict: all of them).
func (s *cdcl) reasonLits(ref, p int32) []int32 {
	switch {
	case ref >= 0:
		lits := s.arena[ref+2 : ref+2+s.arena[ref]]
		if p >= 0 {
			return lits[1:] // lits[0] is p
		}
		return lits
	case ref == cdclBinConf:
		return s.cbin[:]
	case ref > -3-int32(s.nv):
		s.rbuf[0] = (-3-ref)<<1 | 1
		return s.rbuf[:1]
	}
	n := int32(s.n)
	k := -3 - int32(s.nv) - ref
	out := s.rbuf[:0]
	if k < n*n {
		for y := k * n; y < k*n+n; y++ {
			if y<<1 != p {
				out = append(out, y<<1)
			}
		}
		return out
	}
	k -= n * n
	u, v := k/n, k%n
	for _, d := range s.units[u*n : u*n+n] {
		if y := d*n + v; y<<1 != p {
			out = append(out, y<<1)
		}
	}
	return out
}

// analyze turns a conflict into a learned clause (first unique implication point) in
// s.learnt, asserting learnt[0], and returns the level to go back to and its literal block
// distance.
func (s *cdcl) analyze(conf int32) (int32, int32) {
	cur := int32(len(s.lim))
	s.learnt = append(s.learnt[:0], 0)
	pathC := 0
	p := int32(-1)
	idx := len(s.trail) - 1
	ref := conf
	for {
		for _, q := range s.reasonLits(ref, p) {
			x := q >> 1
			if s.seen[x] == 0 && s.level[x] > 0 {
				s.bump(x)
				s.seen[x] = 1
				if s.level[x] >= cur {
					pathC++
				} else {
					s.learnt = append(s.learnt, q)
				}
			}
		}
		for s.seen[s.trail[idx]>>1] == 0 {
			idx--
		}
		p = s.trail[idx]
		idx--
		s.seen[p>>1] = 0
		pathC--
		if pathC == 0 {
			break
		}
		ref = s.reason[p>>1]
	}
	s.learnt[0] = p ^ 1
	// Drop the literals implied by the others (local minimisation).
	s.toClear = append(s.toClear[:0], s.learnt...)
	j := 1
	for _, q := range s.learnt[1:] {
		x := q >> 1
		r := s.reason[x]
		keep := r == cdclNoReason
		if !keep {
			for _, o := range s.reasonLits(r, q^1) {
				if y := o >> 1; s.seen[y] == 0 && s.level[y] > 0 {
					keep = true
					break
				}
			}
		}
		if keep {
			s.learnt[j] = q
			j++
		}
	}
	s.learnt = s.learnt[:j]
	for _, q := range s.toClear {
		s.seen[q>>1] = 0
	}
	bt := int32(0)
	if len(s.learnt) > 1 {
		mi := 1
		for i := 2; i < len(s.learnt); i++ {
			if s.level[s.learnt[i]>>1] > s.level[s.learnt[mi]>>1] {
				mi = i
			}
		}
		s.learnt[1], s.learnt[mi] = s.learnt[mi], s.learnt[1]
		bt = s.level[s.learnt[1]>>1]
	}
	s.stamp++
	lbd := int32(0)
	for _, q := range s.learnt {
		if l := s.level[q>>1]; s.lvlStamp[l] != s.stamp {
			s.lvlStamp[l] = s.stamp
			lbd++
		}
	}
	return bt, lbd
}

// cancel takes back the assignments above level lvl.
func (s *cdcl) cancel(lvl int) {
	if len(s.lim) <= lvl {
		return
	}
	n := int32(s.n)
	nn := n * n
	for i := s.lim[lvl]; i < int32(len(s.trail)); i++ {
		l := s.trail[i]
		x := l >> 1
		if l&1 != 0 && int(i) < s.qhead {
			c, v := x/n, x%n
			s.alive[c]++
			for _, u := range s.cu[s.cuStart[c]:s.cuStart[c+1]] {
				s.alive[nn+u*n+v]++
			}
		}
		s.phase[x] = s.val[x]
		s.val[x] = 0
		if s.hpos[x] < 0 {
			s.heapInsert(x)
		}
	}
	s.trail = s.trail[:s.lim[lvl]]
	s.lim = s.lim[:lvl]
	s.qhead = len(s.trail)
}

// reset takes back every assignment and forgets the learned clauses.
func (s *cdcl) reset() {
	s.cancel(0)
	s.lim = append(s.lim, 0) // level 0 as if above a level -1
	s.cancel(0)
	s.lim = s.lim[:0]
	s.arena = s.arena[:0]
	s.nRules, s.nLearnt = 0, 0
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
}

// solve reports whether the rules with the facts (literals) true have a solution, and
// copies it into model (a grid) if so and model is not nil. It forgets what it learned
// before: clauses learned under the facts need not hold without them. prefer, if not nil,
// is the grid whose values are decided first. The error is ctx's if cancelled.
func (s *cdcl) solve(ctx context.Context, facts, clause []int32, prefer, model Grid) (bool, error) {
	s.reset()
	for _, l := range facts {
		switch s.litVal(l) {
		case -1:
			return false, nil
		case 0:
			s.assign(l, cdclNoReason)
		}
	}
	if clause != nil {
		if s.propagate() != -1 {
			return false, nil
		}
		left := s.learnt[:0]
		sat := false
		for _, l := range clause {
			switch s.litVal(l) {
			case 0:
				left = append(left, l)
			case 1:
				sat = true
			}
		}
		switch {
		case sat:
		case len(left) == 0:
			return false, nil
		case len(left) == 1:
			s.assign(left[0], cdclNoReason)
		default:
			s.addClause(left, 0)
			s.nRules = len(s.arena)
		}
	}
	if prefer != nil {
		n := s.n
		for c, g := range prefer {
			for v := range n {
				s.phase[c*n+v] = -1
			}
			s.phase[c*n+int(g)-1] = 1
		}
	}
	budget := uint64(cdclRestart) * luby(1)
	restarts := uint64(1)
	since := uint64(0)
	for {
		conf := s.propagate()
		if conf != -1 {
			s.conflicts++
			since++
			if s.conflicts&0x3ff == 0 && ctx != nil {
				if err := ctx.Err(); err != nil {
					return false, err
				}
			}
			if len(s.lim) == 0 {
				return false, nil // no solution with the facts
			}
			bt, lbd := s.analyze(conf)
			s.cancel(int(bt))
			if len(s.learnt) == 1 {
				s.assign(s.learnt[0], cdclNoReason)
			} else {
				ref := s.addClause(s.learnt, lbd)
				s.nLearnt++
				s.assign(s.learnt[0], ref)
			}
			s.inc *= 1 / 0.95
			continue
		}
		if since >= budget {
			since = 0
			restarts++
			budget = uint64(cdclRestart) * luby(restarts)
			s.cancel(0)
			if s.nLearnt > s.maxLearn {
				s.reduce()
			}
			continue
		}
		x := s.popVar()
		if x < 0 {
			if model != nil {
				n := s.n
				for c := range model {
					for v := range n {
						if s.val[c*n+v] == 1 {
							model[c] = uint8(v + 1)
						}
					}
				}
			}
			return true, nil
		}
		next := x << 1
		if s.phase[x] != 1 {
			next |= 1
		}
		s.lim = append(s.lim, int32(len(s.trail)))
		s.assign(next, cdclNoReason)
	}
}

// reduce drops the half of the learned clauses with the highest literal block distance
// (keeping those of 2 or less), at level 0, and rebuilds the watches.
func (s *cdcl) reduce() {
	type lc struct{ ref, lbd int32 }
	var ls []lc
	for ref := int32(s.nRules); ref < int32(len(s.arena)); ref += 2 + s.arena[ref] {
		ls = append(ls, lc{ref, s.arena[ref+1]})
	}
	slices.SortStableFunc(ls, func(a, b lc) int { return int(a.lbd - b.lbd) })
	keep := len(ls) / 2
	for keep < len(ls) && ls[keep].lbd <= 2 {
		keep++
	}
	ls = ls[:keep]
	slices.SortFunc(ls, func(a, b lc) int { return int(a.ref - b.ref) })
	out := s.arena[:s.nRules]
	for _, c := range ls {
		out = append(out, s.arena[c.ref:c.ref+2+s.arena[c.ref]]...)
	}
	s.arena = out
	s.nLearnt = len(ls)
	s.maxLearn += s.maxLearn / 10
	for i := range s.watches {
		s.watches[i] = s.watches[i][:0]
	}
	for ref := int32(0); ref < int32(len(s.arena)); ref += 2 + s.arena[ref] {
		s.watches[s.arena[ref+2]] = append(s.watches[s.arena[ref+2]], ref)
		s.watches[s.arena[ref+3]] = append(s.watches[s.arena[ref+3]], ref)
	}
	for _, l := range s.trail {
		s.reason[l>>1] = cdclNoReason // level 0: never looked at again
	}
}

// luby returns the i-th term (from 1) of the Luby sequence 1 1 2 1 1 2 4 ...
func luby(i uint64) uint64 {
	for k := uint64(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

func (s *cdcl) bump(x int32) {
	s.act[x] += s.inc
	if s.act[x] > 1e100 {
		for i := range s.act {
			s.act[i] *= 1e-100
		}
		s.inc *= 1e-100
	}
	if i := s.hpos[x]; i >= 0 {
		s.heapUp(int(i))
	}
}

func (s *cdcl) heapInsert(x int32) {
	s.hpos[x] = int32(len(s.heap))
	s.heap = append(s.heap, x)
	s.heapUp(len(s.heap) - 1)
}

func (s *cdcl) heapUp(i int) {
	x := s.heap[i]
	for i > 0 {
		p := (i - 1) / 2
		if s.act[s.heap[p]] >= s.act[x] {
			break
		}
		s.heap[i] = s.heap[p]
		s.hpos[s.heap[i]] = int32(i)
		i = p
	}
	s.heap[i] = x
	s.hpos[x] = int32(i)
}

// popVar takes the unassigned variable of highest activity out of the heap, or returns -1.
func (s *cdcl) popVar() int32 {
	for len(s.heap) > 0 {
		x := s.heap[0]
		last := s.heap[len(s.heap)-1]
		s.heap = s.heap[:len(s.heap)-1]
		s.hpos[x] = -1
		if len(s.heap) > 0 {
			s.heap[0] = last
			s.hpos[last] = 0
			s.heapDown(0)
		}
		if s.val[x] == 0 {
			return x
		}
	}
	return -1
}

func (s *cdcl) heapDown(i int) {
	x := s.heap[i]
	n := len(s.heap)
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if c+1 < n && s.act[s.heap[c+1]] > s.act[s.heap[c]] {
			c++
		}
		if s.act[s.heap[c]] <= s.act[x] {
			break
		}
		s.heap[i] = s.heap[c]
		s.hpos[s.heap[i]] = int32(i)
		i = c
	}
	s.heap[i] = x
	s.hpos[x] = int32(i)
}

// another reports whether puzzle, whose cells out are empty, has a solution other than
// sol (given that puzzle with out filled from sol has only sol): for each cell of out in
// turn, whether one exists with that cell holding another value. It copies the solution
// found into witness if witness is not nil. On box boards it looks first for one that
// differs from sol only within the cell's band, then only within its stack (the cells
// outside held to sol's values: a small search), then anywhere: second solutions near a
// minimal puzzle mostly differ from sol in a few cells of a band or a stack.
func (s *cdcl) another(ctx context.Context, puzzle Grid, out []int32, sol, witness Grid) (bool, error) {
	n := int32(s.n)
	s.facts = s.facts[:0]
	for c, v := range puzzle {
		if v != 0 {
			s.facts = append(s.facts, (int32(c)*n+int32(v)-1)<<1)
		}
	}
	k := len(s.facts)
	for _, c := range out {
		for near := range 3 {
			if near < 2 && s.boxR == 0 {
				continue
			}
			s.facts = append(s.facts[:k], (c*n+int32(sol[c])-1)<<1|1)
			if near < 2 {
				r0, c0 := c/n, c%n
				for d, v := range puzzle {
					r, cc := int32(d)/n, int32(d)%n
					in := near == 0 && r/s.boxR == r0/s.boxR || near == 1 && cc/s.boxC == c0/s.boxC
					if v == 0 && !in {
						s.facts = append(s.facts, (int32(d)*n+int32(sol[d])-1)<<1)
					}
				}
			}
			ok, err := s.solve(ctx, s.facts, nil, sol, witness)
			if ok || err != nil {
				return ok, err
			}
		}
	}
	return false, nil
}

// unique reports whether sol is the only solution of puzzle, given that it is one, and
// returns the conflicts that showing it took.
func (s *cdcl) unique(ctx context.Context, puzzle, sol Grid) (bool, uint64, error) {
	n := int32(s.n)
	s.facts = s.facts[:0]
	other := make([]int32, 0, len(puzzle)) // some empty cell holds another value than sol's
	for c, v := range puzzle {
		if v != 0 {
			s.facts = append(s.facts, (int32(c)*n+int32(v)-1)<<1)
		} else {
			other = append(other, (int32(c)*n+int32(sol[c])-1)<<1|1)
		}
	}
	c0 := s.conflicts
	more, err := s.solve(ctx, s.facts, other, sol, nil)
	return !more, s.conflicts - c0, err
}
