package engine

import (
	"math/bits"
	"slices"
)

// Owners of the forward count's sub-problems.
//
// On more than one worker each sub-problem of the forward count has an owner, the worker
// that adds up the paths into it and expands it; a child made by another worker is handed
// over through a box, which costs a trip of its cache lines from core to core. Hashing the
// whole key scatters the children: half of them change hands on two workers (18x18
// dominoes: 4.9 million of 9.7 million), since a child's key differs from its parent's.
//
// So the owner is a hash of only some of the key's bits, chosen so that a child mostly
// keeps its parent's. Let the state's first free item be f (the forward count branches on
// it: every item before f is covered, every option taken from here on has its least
// item at f or after). The items are cut into phases [a, b). For f in [a, b) the owner
// hashes the covered bits of the items R(a, b): those that options with least item before
// a may have covered, less those that options with least item in [a, b) can cover. A
// state in the phase got its bits in R from before a, and no option taken within the
// phase changes them, so the children stay with their parent until f leaves the phase.
// A phase is grown as long as R keeps at least ownerBits items, so that the hash still
// spreads the states over the workers; where it cannot (the first items, problems whose
// options are long), a phase of one item hashes the whole key.
//
// For n x n dominoes, covered row by row, R(a, b) is the part of the next n cells that
// no domino from [a, b) reaches: phases of about n - ownerBits cells, and a child changes
// hands about once in that many levels.
type frontierOwners struct {
	workers int
	phase   []int32    // phase[f]: the phase of first free item f (f < np); -1: the whole key
	masks   [][]uint64 // masks[k]: R of phase k, words lo[k]..hi[k]-1 of the primary bitset
	lo      []int32    // the words of R that are not zero lie in lo[k]..hi[k]-1
	hi      []int32
}

// ownerBits is the least number of items whose bits decide an owner. Fewer make longer
// phases and fewer children that change hands (18x18: 13% of them with 8, 21% with 12),
// at some cost in how evenly the states spread, which the workers' help within a level
// (levelWork) evens out: two workers on 18x18 took 0.55 s with 8 against 0.58 s with 12
// (4 and 6 no better than 8).
const ownerBits = 8

func newFrontierOwners(m *memo, workers int) *frontierOwners {
	np, pw := m.np, m.pw
	o := &frontierOwners{workers: workers, phase: make([]int32, np+1)}
	// byLeast[i]: the options whose least primary item is i.
	byLeast := make([][]int32, np)
	for opt := range m.sp.NumOptions() {
		mask := m.omask[opt*pw : opt*pw+pw]
		for w, x := range mask {
			if x != 0 {
				i := w<<6 + bits.TrailingZeros64(x)
				byLeast[i] = append(byLeast[i], int32(opt))
				break
			}
		}
	}
	reach := make([]uint64, pw) // what options with least item before a may cover
	r, next := make([]uint64, pw), make([]uint64, pw)
	addOptions := func(dst []uint64, i int, clearing bool) {
		for _, opt := range byLeast[i] {
			for w, x := range m.omask[int(opt)*pw : int(opt)*pw+pw] {
				if clearing {
					dst[w] &^= x
				} else {
					dst[w] |= x
				}
			}
		}
	}
	for a := 0; a < np; {
		// R(a, a) is reach less the items before a.
		copy(r, reach)
		for w := range a >> 6 {
			r[w] = 0
		}
		if a&63 != 0 {
			r[a>>6] &^= 1<<(a&63) - 1
		}
		b := a
		for b < np {
			copy(next, r)
			addOptions(next, b, true)
			if popcount(next) < ownerBits {
				break
			}
			r, next, b = next, r, b+1
		}
		if b == a { // no phase: one item, the whole key
			o.phase[a] = -1
			addOptions(reach, a, false)
			a++
			continue
		}
		k := int32(len(o.masks))
		lo, hi := int32(pw), int32(0)
		for w, x := range r {
			if x != 0 {
				lo, hi = min(lo, int32(w)), int32(w+1)
			}
		}
		o.masks = append(o.masks, slices.Clone(r[lo:hi])) // the words lo..hi-1 only
		o.lo, o.hi = append(o.lo, lo), append(o.hi, hi)
		for ; a < b; a++ {
			o.phase[a] = k
			addOptions(reach, a, false)
		}
	}
	o.phase[np] = -1 // no free item: the whole key
	return o
}

// of returns the owner of the state of m, whose key (made by makeKey) hashes to h.
func (o *frontierOwners) of(m *memo, h uint64) int {
	k := o.phase[m.keyFree]
	if k >= 0 {
		mask := o.masks[k]
		x := uint64(k) * 0x9e3779b97f4a7c15
		for j, w := range m.covered[o.lo[k]:o.hi[k]] {
			x = (x ^ w&mask[j]) * 0xbf58476d1ce4e5b9
			x ^= x >> 31
		}
		h = x * 0x94d049bb133111eb
		h ^= h >> 29
	}
	return int((h >> 32) * uint64(o.workers) >> 32)
}

// keeps reports whether a child whose first free item is child has the owner of its
// parent, which branched on its own first free item parent (-1: it branched elsewhere).
// Every option with parent leaves the bits that parent's phase hashes alone (parent is the
// option's least item), so a child in the same phase hashes the same bits as its parent,
// whose owner expands it. On 18x18 dominoes this spares of for most children.
func (o *frontierOwners) keeps(parent, child int) bool {
	if parent < 0 {
		return false
	}
	k := o.phase[parent]
	return k >= 0 && o.phase[child] == k
}

// popcount returns the number of bits set in x.
func popcount(x []uint64) (n int) {
	for _, w := range x {
		n += bits.OnesCount64(w)
	}
	return n
}
