package engine

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestFrontierOwners checks the owners of the forward count's states: within a phase no
// option branched on changes the bits that decide the owner, so a child keeps its parent's
// owner; on dominoes few children change hands and the states are spread evenly; and the
// counts on one to five workers are A004003's.
func TestFrontierOwners(t *testing.T) {
	for _, bc := range []struct {
		m, n    int
		want    int64   // A004003's count; -1: one worker's; 0: not counted
		maxMove float64 // largest share of the children that may change hands on 2 workers
	}{
		{8, 8, 12988816, 0.6}, // too narrow for phases: every owner is the whole key's
		{10, 10, 258584046368, 0.55},
		{12, 12, 53060477521960000, 0.4},
		{10, 18, -1, 0.2}, // 18 wide: phases
		{18, 18, 0, 0.2},
		{24, 24, 0, 0.12},
	} {
		sp := dominoSpec(bc.m, bc.n)
		m := newMemo(sp, &MemoParams{})
		o := newFrontierOwners(m, 2)
		for k, mask := range o.masks {
			if n := popcount(mask); n < ownerBits {
				t.Errorf("%dx%d: phase %d decides on %d items, want at least %d", bc.m, bc.n, k, n, ownerBits)
			}
		}
		// No option whose least item is in a phase covers an item of the phase's mask.
		for opt := range sp.NumOptions() {
			least := int(sp.Item[sp.Start[opt]])
			if k := o.phase[least]; k >= 0 {
				for e := sp.Start[opt]; e < sp.Start[opt+1]; e++ {
					if i := sp.Item[e]; int32(i>>6) >= o.lo[k] && int32(i>>6) < o.hi[k] && o.masks[k][int32(i>>6)-o.lo[k]]>>(i&63)&1 != 0 {
						t.Fatalf("%dx%d: option %d, least item %d in phase %d, covers item %d of the mask", bc.m, bc.n, opt, least, k, i)
					}
				}
			}
		}
		// Random walks down the tree: a child that keeps (in its parent's phase) has its
		// parent's owner.
		rng := rand.New(rand.NewPCG(1, 2))
		moves, steps, shares := 0, 0, [2]int{}
		for range 300 {
			m := newMemo(sp, &MemoParams{})
			for m.nfree > 0 {
				f := m.firstFree()
				fit := fitting(m, f)
				if len(fit) == 0 {
					break
				}
				m.makeKey(f)
				parent := o.of(m, rng.Uint64())
				m.take(fit[rng.IntN(len(fit))])
				m.makeKey(m.firstFree())
				child := o.of(m, rng.Uint64()) // the whole key's hash, where it is used
				if o.keeps(f, m.firstFree()) && child != parent {
					t.Fatalf("%dx%d: a child in its parent's phase %d changed owner", bc.m, bc.n, o.phase[f])
				}
				steps++
				shares[child]++
				if child != parent {
					moves++
				}
			}
		}
		t.Logf("%dx%d: %.3f of the children changed hands, %d phases", bc.m, bc.n, float64(moves)/float64(steps), len(o.masks))
		if r := float64(moves) / float64(steps); r > bc.maxMove {
			t.Errorf("%dx%d: %.2f of the children changed hands, want at most %.2f", bc.m, bc.n, r, bc.maxMove)
		}
		if r := float64(shares[0]) / float64(steps); r < 0.35 || r > 0.65 {
			t.Errorf("%dx%d: worker 0 owns %.2f of the states, want about half", bc.m, bc.n, r)
		}
		want := big.NewInt(bc.want)
		for _, workers := range []int{1, 2, 3, 5} {
			if bc.want == 0 {
				break
			}
			got, _, err := MemoCount(sp, &MemoParams{Order: OrderFirst, Workers: workers})
			if bc.want < 0 && workers == 1 {
				want = got // one worker has no owners
			}
			if err != nil || got.Cmp(want) != 0 {
				t.Errorf("%dx%d on %d workers: %v, %v; want %d", bc.m, bc.n, workers, got, err, want)
			}
		}
	}
}
