package sudoku

import (
	"context"
	"math/rand/v2"
	"os"
	"testing"
)

// kernels9 returns the 9x9 kernels to compare: kernel9, kernel9v with the Go round loop,
// and kernel9v with the vector one where this machine has it.
func kernels9(b *Board) map[string]interface {
	solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
} {
	ks := map[string]interface {
		solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
	}{
		"kernel9":     newKernel9(b),
		"kernel9v/go": newKernel9v(b, propagateGo),
	}
	if vectorPropagate != nil {
		ks["kernel9v/vector"] = newKernel9v(b, vectorPropagate)
	}
	return ks
}

// agree solves g with every 9x9 kernel and with the general engine, limit 2, and fails the
// test unless all counts agree; every solution found is checked. It returns the count.
func agree(t *testing.T, b *Board, ks map[string]interface {
	solve(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
}, g Grid) uint64 {
	t.Helper()
	want := engineCount(t, b, g, 2)
	sol := make(Grid, 81)
	for name, k := range ks {
		n, err := k.solve(context.Background(), g, 2, sol)
		if err != nil || n != want {
			t.Fatalf("%s: %s: %d solutions (%v), engine %d", g.Format(OneBased), name, n, err, want)
		}
		if n > 0 {
			if err := b.Check(g, sol); err != nil {
				t.Fatalf("%s: %s: solution %s: %v", g.Format(OneBased), name, sol.Format(OneBased), err)
			}
		}
	}
	return want
}

// TestKernels9VsEngineSets compares the 9x9 kernels with the general engine (counts up to
// 2) on the benchmark sets: every 50th puzzle, or all of them with XCOVER_LONG=1.
func TestKernels9VsEngineSets(t *testing.T) {
	b := mustBoard(t, Variant{})
	ks := kernels9(b)
	step := 50
	if os.Getenv("XCOVER_LONG") != "" {
		step = 1
	}
	for _, name := range []string{"17_clue.txt", "top1465.txt", "hardest_1106.txt"} {
		set := loadSet(t, name)
		counts := map[uint64]int{}
		for i := 0; i < len(set); i += step {
			counts[agree(t, b, ks, set[i])]++
		}
		t.Logf("%s: %d puzzles, solutions (limit 2): %v", name, (len(set)+step-1)/step, counts)
	}
}

// TestKernels9VsEngineRandom compares the 9x9 kernels with the general engine on random
// puzzles with few givens: 1000 (200 with -short), 10,000 with XCOVER_LONG=1. Half keep 8
// to 40 givens of a solution grid (one or several solutions; none when a given is
// changed), half have 4 to 12 random digits in random cells (mostly several or none).
func TestKernels9VsEngineRandom(t *testing.T) {
	b := mustBoard(t, Variant{})
	ks := kernels9(b)
	rng := rand.New(rand.NewPCG(11, 12))
	var grids []Grid
	sol := make(Grid, 81)
	for _, g := range loadSet(t, "top1465.txt")[:100] {
		if n, _ := newKernel9(b).solve(context.Background(), g, 1, sol); n != 1 {
			t.Fatal("no solution for a benchmark puzzle")
		}
		grids = append(grids, append(Grid(nil), sol...))
	}
	n := 1000
	switch {
	case os.Getenv("XCOVER_LONG") != "":
		n = 10000
	case testing.Short():
		n = 200
	}
	counts := map[uint64]int{}
	for i := 0; i < n; i++ {
		g := make(Grid, 81)
		if i%2 == 0 {
			full := grids[rng.IntN(len(grids))]
			for _, c := range rng.Perm(81)[:8+rng.IntN(33)] {
				g[c] = full[c]
			}
			if i%10 == 0 {
				c := rng.IntN(81)
				g[c] = uint8(1 + rng.IntN(9))
			}
		} else {
			for _, c := range rng.Perm(81)[:4+rng.IntN(9)] {
				g[c] = uint8(1 + rng.IntN(9))
			}
		}
		counts[agree(t, b, ks, g)]++
	}
	t.Logf("%d puzzles, solutions (limit 2): %v", n, counts)
	if counts[0] == 0 || counts[1] == 0 || counts[2] == 0 {
		t.Errorf("want puzzles with none, one and several solutions: %v", counts)
	}
}

// TestPropagateVector compares the vector round loop with propagateGo on random states:
// the same verdict, the same state and the same cells for choose.
func TestPropagateVector(t *testing.T) {
	if vectorPropagate == nil {
		t.Skip("no vector code on this machine")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	verdicts := map[bool]int{}
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
		verdicts[okg]++
	}
	t.Logf("states by verdict: %v", verdicts)
	if verdicts[true] == 0 || verdicts[false] == 0 {
		t.Errorf("want states of both verdicts: %v", verdicts)
	}
}

// TestNewSolverKernel checks that classic boards get the vector kernel where the machine
// has one, kernel9 otherwise, and other boards neither.
func TestNewSolverKernel(t *testing.T) {
	tests := []struct {
		spec Variant
		want string
	}{
		{Variant{}, "9"},
		{Variant{X: true}, "general"},
		{Variant{BoxRows: 2, BoxCols: 2}, "general"},
	}
	for _, tt := range tests {
		b := mustBoard(t, tt.spec)
		got := "general"
		switch b.newSolver().k.(type) {
		case *kernel9:
			got = "9"
			if vectorPropagate != nil {
				got = "9 without vectors"
			}
		case *kernel9v:
			got = "9"
		}
		if got != tt.want {
			t.Errorf("%v: kernel %s, want %s", b, got, tt.want)
		}
	}
}
