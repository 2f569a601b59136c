package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSecondaryConflicts checks both ways of building the conflicts through secondary items
// (pair by pair, by whole words) against the rule itself, on random coloured items.
func TestSecondaryConflicts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for trial := range 200 {
		nopt := 1 + rng.IntN(200)
		w := (nopt + 63) / 64
		lists := make([][]itemUse, 1+rng.IntN(6))
		for i := range lists {
			colours := rng.IntN(4) // 0: all uncoloured
			for o := range nopt {
				if rng.IntN(3) == 0 {
					c := int32(0)
					if colours > 0 {
						c = int32(rng.IntN(colours + 1)) // some uncoloured among the coloured
					}
					lists[i] = append(lists[i], itemUse{int32(o), c})
				}
			}
		}
		copyLists := func() [][]itemUse {
			c := make([][]itemUse, len(lists))
			for i := range lists {
				c[i] = slices.Clone(lists[i])
			}
			return c
		}
		byPairs := make([]uint64, nopt*w)
		secondaryConflicts(byPairs, w, copyLists(), math.MaxInt)
		byWords := make([]uint64, nopt*w)
		secondaryConflicts(byWords, w, copyLists(), 0)
		want := make([]uint64, nopt*w) // the rule, item by item
		for _, us := range lists {
			for _, v := range us {
				for _, u := range us {
					if v.color == 0 || u.color != v.color {
						want[int(v.opt)*w+int(u.opt>>6)] |= 1 << (u.opt & 63)
					}
				}
			}
		}
		if !slices.Equal(byPairs, want) {
			t.Fatalf("trial %d: conflicts by pairs differ from the rule's", trial)
		}
		if !slices.Equal(byWords, want) {
			t.Fatalf("trial %d: conflicts by words differ from the rule's", trial)
		}
	}
}
