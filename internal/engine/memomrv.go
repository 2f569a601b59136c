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
	live []uint64 // scratch
}

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
// the first uncovered one; m.nfree > 0. It adds its work, in option checks, to m.checks.
func (b *mrvBits) choose(m *memo, first int) int {
	ow := b.ow
	live := b.live
	copy(live, b.all)
	ops := 0
	for w, x := range m.covered {
		for ; x != 0; x &= x - 1 {
			i := w<<6 + bits.TrailingZeros64(x)
			if i >= m.np {
				break
			}
			for k, y := range b.prim[i*ow : i*ow+ow] {
				live[k] &^= y
			}
			ops++
		}
	}
	for j, s := range m.sec {
		switch {
		case s == 0:
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
		ops++
	}
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
