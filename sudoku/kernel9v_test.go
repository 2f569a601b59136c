package sudoku

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestKernel9vGo compares kernel9v (with the Go round loop) and kernel9.
func TestKernel9vGo(t *testing.T) {
	b := mustBoard(t, Spec{})
	k9, kv := newKernel9(b), newKernel9v(b, propagateGo)
	rng := rand.New(rand.NewPCG(5, 6))
	set := loadSet(t, "top1465.txt")
	set = append(set, loadSet(t, "hardest_1106.txt")...)
	sol9, solv := make(Grid, 81), make(Grid, 81)
	for i := 0; i < 2000; i++ {
		g := append(Grid(nil), set[rng.IntN(len(set))]...)
		for r := rng.IntN(5); r > 0; r-- {
			g[rng.IntN(81)] = 0
		}
		if i%7 == 0 {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		c9, _ := k9.solve(context.Background(), g, 1000, sol9)
		cv, _ := kv.solve(context.Background(), g, 1000, solv)
		if c9 != cv {
			t.Fatalf("%s: kernel9 %d, kernel9v %d", g.Format(OneBased), c9, cv)
		}
		if cv > 0 {
			if err := b.Check(g, solv); err != nil {
				t.Fatalf("%s: %v", g.Format(OneBased), err)
			}
		}
	}
}

// TestPropagateVector compares the vector round loop with propagateGo on random states.
func TestPropagateVector(t *testing.T) {
	if vectorPropagate == nil {
		t.Skip("no vector code on this machine")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	agree := map[bool]int{}
	for i := 0; i < 20000; i++ {
		var w [3][16]uint32
		// Each candidate present with probability p/64, p from 16 to 63.
		p := 16 + rng.IntN(48)
		for b := 0; b < 3; b++ {
			for d := 0; d < 9; d++ {
				for c := 0; c < 27; c++ {
					if rng.IntN(64) < p {
						w[b][d] |= 1 << c
					}
				}
			}
		}
		wg, wv := w, w
		var og, ov [6]uint32
		okg := propagateGo(&wg, &og)
		okv := vectorPropagate(&wv, &ov)
		if okg != okv || okg && (wg != wv || og != ov) {
			t.Fatalf("state %d: Go %v %x %x, vector %v %x %x", i, okg, wg, og, okv, wv, ov)
		}
		agree[okg]++
	}
	t.Logf("states: %v", agree)
}

// TestKernel9vVector compares kernel9v (with the vector round loop) and kernel9.
func TestKernel9vVector(t *testing.T) {
	if vectorPropagate == nil {
		t.Skip("no vector code on this machine")
	}
	b := mustBoard(t, Spec{})
	k9, kv := newKernel9(b), newKernel9v(b, vectorPropagate)
	rng := rand.New(rand.NewPCG(5, 6))
	set := loadSet(t, "top1465.txt")
	set = append(set, loadSet(t, "hardest_1106.txt")...)
	sol9, solv := make(Grid, 81), make(Grid, 81)
	for i := 0; i < 2000; i++ {
		g := append(Grid(nil), set[rng.IntN(len(set))]...)
		for r := rng.IntN(5); r > 0; r-- {
			g[rng.IntN(81)] = 0
		}
		if i%7 == 0 {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		c9, _ := k9.solve(context.Background(), g, 1000, sol9)
		cv, _ := kv.solve(context.Background(), g, 1000, solv)
		if c9 != cv {
			t.Fatalf("%s: kernel9 %d, kernel9v %d", g.Format(OneBased), c9, cv)
		}
		if cv > 0 {
			if err := b.Check(g, solv); err != nil {
				t.Fatalf("%s: %v", g.Format(OneBased), err)
			}
		}
	}
}
