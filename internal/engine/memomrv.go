package engine

import "math/bits"

// mrvBits finds OrderMRV's item with bitsets over the options, where the items' option
// lists are long (pentominoes: a hundred options a cell) and checking them one by one
// (choose's scan) would cost most of the count. The options still possible at a node are
// those that no covered primary item and no taken secondary item rules out:
//
//	live = all &^ (∪ over covered i of prim[i]) &^ (∪ over taken j of what j's state rules out)
//
// and an item's count is the population of live ∧ prim[i]. The choice is the scan's —
// the fewest options, the first such in the problem's order, 0 at once — so the
// sub-problems are the same.
type mrvBits struct {
	ow   int      // words of an option set
	prim []uint64 // prim[i*ow:]: the options of primary item i
	sec  []uint64 // sec[j*ow:]: the options that contain secondary item j
	// col[j] maps a colour to the index in cols of the options that give secondary item j
	// that colour.
	col  []map[int32]int
	cols []uint64
	all  []uint64 // every option
	live []uint64 // scratch, for a choice past the levels
	// levels[d] is the live set of the last choice at depth d of the count's recursion
	// (memo.depth) and the state it was made for. A choice at depth d starts from the
	// parent's, levels[d-1], where that state is part of its own (no item covered there
	// is free here, no secondary item's state differs but from none), and rules out only
	// the options of what was covered or taken since: in a depth-first count it is the
	// parent's state, one option ago. Elsewhere (the forward count, the split) the live
	// set is made from all options again.
	levels []mrvLevel
	most   int // the depths that may have a level: levels take at most mrvLevelsMaxWords
}

// An mrvLevel is a live set and the state it was made for; made is false until it has one.
type mrvLevel struct {
	covered []uint64 // the covered primary items
	sec     []int32  // the secondary items' states
	live    []uint64
	made    bool
}

// mrvLevelsMaxWords bounds the levels' memory (8 bytes a word): some 10,000 options at a
// depth of 400, or 100,000 at 40.
const mrvLevelsMaxWords = 1 << 18

// mrvBitsMaxWords bounds the bitsets' size (8 bytes a word).
const mrvBitsMaxWords = 1 << 21

// newMRVBits returns the bitsets of m's problem, or nil where the scan is cheaper (short
// option lists: dominoes) or the sets too large.
func newMRVBits(m *memo) *mrvBits {
	sp := m.sp
	nopt := sp.NumOptions()
	ow := (nopt + 63) / 64
	entries := 0
	for _, l := range m.lists {
		entries += len(l)
	}
	if m.np == 0 || entries < m.np*ow || (m.np+m.ns)*ow > mrvBitsMaxWords {
		return nil
	}
	b := &mrvBits{ow: ow, prim: make([]uint64, m.np*ow), sec: make([]uint64, m.ns*ow),
		col: make([]map[int32]int, m.ns), all: make([]uint64, ow), live: apart[uint64](ow, ow)}
	b.most = min(m.np+1, mrvLevelsMaxWords/(ow+m.pw+(m.ns+1)/2))
	for o := range nopt {
		b.all[o>>6] |= 1 << (o & 63)
	}
	for i, l := range m.lists {
		for _, o := range l {
			b.prim[i*ow+int(o)>>6] |= 1 << (o & 63)
		}
	}
	for o := range int32(nopt) {
		for e := m.ostart[o]; e < m.ostart[o+1]; e++ {
			j, c := m.sitem[e], m.scol[e]
			b.sec[int(j)*ow+int(o)>>6] |= 1 << (o & 63)
			if c < 0 {
				continue
			}
			if b.col[j] == nil {
				b.col[j] = map[int32]int{}
			}
			k, ok := b.col[j][c]
			if !ok {
				if len(b.cols)+ow > mrvBitsMaxWords {
					return nil
				}
				k = len(b.cols)
				b.col[j][c] = k
				b.cols = append(b.cols, make([]uint64, ow)...)
			}
			b.cols[k+int(o)>>6] |= 1 << (o & 63)
		}
	}
	return b
}

// choose returns the primary item with the fewest live options, the first such, given
// the first uncovered one; m.nfree > 0. It adds its work, in option checks, to m.checks:
// that of making the live set from all options, wherever it starts from, so that the
// orders' trials compare the same work as before there were levels.
func (b *mrvBits) choose(m *memo, first int) int {
	ow := b.ow
	live, ops := b.liveSet(m)
	best := m.fewest(first, func(i, bound int) int {
		ops++
		n := 0
		for k, y := range b.prim[i*ow : i*ow+ow] {
			if n += bits.OnesCount64(y & live[k]); n >= bound {
				break
			}
		}
		return n
	})
	m.checks += uint64(ops * ow / 4)
	return best
}

// liveSet returns the options live in m's state, from the parent's level where it can
// (see mrvBits.levels), and the number of covered primary items and taken secondary
// items that rule options out.
func (b *mrvBits) liveSet(m *memo) (live []uint64, ops int) {
	for w, x := range m.covered {
		if w == len(m.covered)-1 && m.np&63 != 0 {
			x &= 1<<(m.np&63) - 1
		}
		ops += bits.OnesCount64(x)
	}
	for _, s := range m.sec {
		if s != 0 {
			ops++
		}
	}
	d := m.depth
	if d >= b.most {
		copy(b.live, b.all)
		b.rule(m, b.live, nil)
		return b.live, ops
	}
	for len(b.levels) <= d {
		b.levels = append(b.levels, mrvLevel{covered: make([]uint64, m.pw), sec: make([]int32, m.ns),
			live: make([]uint64, b.ow)})
	}
	l := &b.levels[d]
	if d > 0 && b.levels[d-1].within(m) {
		copy(l.live, b.levels[d-1].live)
		b.rule(m, l.live, &b.levels[d-1])
	} else {
		copy(l.live, b.all)
		b.rule(m, l.live, nil)
	}
	copy(l.covered, m.covered)
	copy(l.sec, m.sec)
	l.made = true
	return l.live, ops
}

// within reports whether level l's state is part of m's: every item covered there is
// covered in m, and every secondary item taken there is taken in m in the same state.
func (l *mrvLevel) within(m *memo) bool {
	if !l.made {
		return false
	}
	for w, x := range l.covered {
		if x&^m.covered[w] != 0 {
			return false
		}
	}
	for j, s := range l.sec {
		if s != 0 && s != m.sec[j] {
			return false
		}
	}
	return true
}

// rule takes out of live the options that m's covered primary items and taken secondary
// items rule out: all of them, or with from those not covered or taken in from's state.
func (b *mrvBits) rule(m *memo, live []uint64, from *mrvLevel) {
	ow := b.ow
	for w, x := range m.covered {
		if from != nil {
			x &^= from.covered[w]
		}
		for ; x != 0; x &= x - 1 {
			i := w<<6 + bits.TrailingZeros64(x)
			if i >= m.np {
				break
			}
			for k, y := range b.prim[i*ow : i*ow+ow] {
				live[k] &^= y
			}
		}
	}
	for j, s := range m.sec {
		switch {
		case s == 0 || from != nil && from.sec[j] != 0:
			continue
		case s < 0:
			for k, y := range b.sec[j*ow : j*ow+ow] {
				live[k] &^= y
			}
		default: // options that hold j without colour s
			var c []uint64
			if k, ok := b.col[j][s]; ok {
				c = b.cols[k : k+ow]
			}
			for k, y := range b.sec[j*ow : j*ow+ow] {
				if c != nil {
					y &^= c[k]
				}
				live[k] &^= y
			}
		}
	}
}
