package engine

import (
	"math/bits"
	"slices"
)

// An itemSet is a set of item numbers that finds its least member in a few word operations
// at any size: a bitmap with a summary above it (bit w of level k+1 is set when word w of
// level k is not zero), up to one word at the top. Adding and removing touch one word per
// level only when a word turns empty or non-empty. Kernel X keeps one per short list
// length on problems with very many items, so that choosing the item to branch on costs
// a few word operations instead of a scan of every active item (see kernelX.buckets).
type itemSet struct {
	levels [][]uint64 // levels[0] has a bit per item; the last level has one word
}

func newItemSet(n int) itemSet {
	var s itemSet
	for {
		words := (n + 63) / 64
		s.levels = append(s.levels, make([]uint64, words))
		if words <= 1 {
			return s
		}
		n = words
	}
}

func (s *itemSet) clone() itemSet {
	c := itemSet{levels: make([][]uint64, len(s.levels))}
	for k, l := range s.levels {
		c.levels[k] = slices.Clone(l)
	}
	return c
}

// add puts i in the set.
func (s *itemSet) add(i int32) {
	for _, l := range s.levels {
		w, b := i>>6, uint64(1)<<(i&63)
		was := l[w]
		l[w] = was | b
		if was != 0 {
			return // the levels above knew that word already
		}
		i = w
	}
}

// remove takes i out of the set.
func (s *itemSet) remove(i int32) {
	for _, l := range s.levels {
		w, b := i>>6, uint64(1)<<(i&63)
		now := l[w] &^ b
		l[w] = now
		if now != 0 {
			return
		}
		i = w
	}
}

// first returns the least member, or -1 if the set is empty.
func (s *itemSet) first() int32 {
	top := len(s.levels) - 1
	if s.levels[top][0] == 0 {
		return -1
	}
	i := int32(0)
	for k := top; k >= 0; k-- {
		i = i<<6 | int32(bits.TrailingZeros64(s.levels[k][i]))
	}
	return i
}

// next returns the least member greater than i, or -1 if there is none.
func (s *itemSet) next(i int32) int32 {
	x, k := i+1, 0 // the least member at least x at level k is wanted
	for {
		if k == len(s.levels) {
			return -1
		}
		l := s.levels[k]
		w := x >> 6
		if int(w) >= len(l) {
			return -1
		}
		if m := l[w] &^ (uint64(1)<<(x&63) - 1); m != 0 {
			x = w<<6 | int32(bits.TrailingZeros64(m))
			break
		}
		x, k = w+1, k+1 // the words after w, one level up
	}
	for ; k > 0; k-- {
		x = x<<6 | int32(bits.TrailingZeros64(s.levels[k-1][x]))
	}
	return x
}
