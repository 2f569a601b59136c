package sudoku

import (
	"bytes"
	"context"
	"fmt"
	"math/bits"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/brute"
)

// simpleCount counts the solutions of puzzle on board b up to limit, by plain
// backtracking on the cell with fewest candidates, with units built here from the cells'
// rows, columns and region numbers and the board's variant units: code that shares
// nothing with the kernels or the exact cover engine, for checking generated puzzles.
func simpleCount(b *Board, puzzle Grid, limit int) int {
	n := b.N()
	peers := make([][]int, n*n)
	for _, u := range b.units {
		for _, c := range u {
			for _, d := range u {
				if c != d && !slices.Contains(peers[c], int(d)) {
					peers[c] = append(peers[c], int(d))
				}
			}
		}
	}
	g := append(Grid(nil), puzzle...)
	for c, v := range g {
		for _, d := range peers[c] {
			if v != 0 && g[d] == v {
				return 0
			}
		}
	}
	count := 0
	var rec func()
	rec = func() {
		best, bestMask, bestN := -1, uint64(0), n+1
		for c, v := range g {
			if v != 0 {
				continue
			}
			m := uint64(1)<<n - 1
			for _, d := range peers[c] {
				if g[d] != 0 {
					m &^= 1 << (g[d] - 1)
				}
			}
			if k := bits.OnesCount64(m); k < bestN {
				best, bestMask, bestN = c, m, k
			}
		}
		if best < 0 {
			count++
			return
		}
		for m := bestMask; m != 0 && count < limit; m &= m - 1 {
			g[best] = uint8(bits.TrailingZeros64(m) + 1)
			rec()
		}
		g[best] = 0
	}
	rec()
	return count
}

// TestSinglesCount checks brute.SudokuCount and brute.SudokuCountProbe: the number of 4x4
// grids (288) and of 6x6 grids with
// a given first row (28,200,960 / 6!), both against simpleCount too, and 9x9 puzzles
// against the kernel.
func TestSinglesCount(t *testing.T) {
	for _, c := range []struct {
		r, cc, limit, want int
		puzzle             string
	}{
		{2, 2, 1000, 288, "................"},
		{2, 3, 100000, 39168, "123456" + strings.Repeat(".", 30)},
		{3, 3, 2, 1, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
		{3, 3, 2, 2, "......8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"},
	} {
		n := c.r * c.cc
		b := mustBoard(t, Variant{BoxRows: c.r, BoxCols: c.cc})
		pz := make(Grid, n*n)
		for i, ch := range c.puzzle {
			if ch != '.' {
				pz[i] = uint8(ch - '0')
			}
		}
		got := brute.SudokuCount(n, brute.SudokuUnits(n, c.r, c.cc), pz, c.limit)
		if got != c.want {
			t.Errorf("%v %q: %d solutions, want %d", b, c.puzzle, got, c.want)
		}
		if p := brute.SudokuCountProbe(n, brute.SudokuUnits(n, c.r, c.cc), pz, c.limit); p != c.want {
			t.Errorf("%v %q: brute.SudokuCountProbe %d solutions, want %d", b, c.puzzle, p, c.want)
		}
		if n < 9 {
			if s := simpleCount(b, pz, c.limit); s != got {
				t.Errorf("%v %q: brute.SudokuCount %d, simpleCount %d", b, c.puzzle, got, s)
			}
		} else if k, _, _ := b.Solve(context.Background(), pz, uint64(c.limit)); int(k) != got {
			t.Errorf("%v %q: brute.SudokuCount %d, the kernel %d", b, c.puzzle, got, k)
		}
	}
}

// TestGenerate checks generated puzzles with simpleCount: a unique solution, the solution
// a valid grid holding the givens, no orbit of givens removable, the pattern symmetric;
// the same seed gives the same puzzles, and an unknown symmetry is refused.
func TestGenerate(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		spec Variant
		n    int
	}{
		{Variant{BoxRows: 2, BoxCols: 2}, 20},
		{Variant{BoxRows: 2, BoxCols: 3}, 8},
		{Variant{}, 6},
		{Variant{X: true}, 2},
		{Variant{BoxRows: 4, BoxCols: 4}, 1},
	} {
		if testing.Short() && c.spec.BoxRows == 4 {
			continue
		}
		b := mustBoard(t, c.spec)
		for _, sym := range []string{"none", "180", "90", "mirror"} {
			label := fmt.Sprintf("%v, symmetry %s", b, sym)
			opt := GenerateOptions{Seed: 7, Symmetry: sym}
			gs, err := b.Generate(ctx, c.n, opt)
			if err != nil || len(gs) != c.n {
				t.Fatalf("%s: %d puzzles, %v", label, len(gs), err)
			}
			again := gs
			if sym == "180" {
				again, _ = b.Generate(ctx, c.n, opt)
			}
			orbits, _ := b.orbits(sym)
			for i, g := range gs {
				if !slices.Equal(g.Puzzle, again[i].Puzzle) {
					t.Errorf("%s: puzzle %d differs with the same seed", label, i)
				}
				if g.Uniform != (b.Cells() <= 36 || (b.N() == 9 && !c.spec.X)) {
					t.Errorf("%s: Uniform %v", label, g.Uniform)
				}
				checkGenerated(t, label, b, g, orbits)
			}
		}
	}
	if _, err := mustBoard(t, Variant{}).Generate(ctx, 1, GenerateOptions{Symmetry: "45"}); err == nil {
		t.Error("symmetry 45 accepted")
	}
}

func checkGenerated(t *testing.T, label string, b *Board, g Generated, orbits [][]int32) {
	t.Helper()
	pz := g.Puzzle
	if err := b.Check(pz, g.Solution); err != nil {
		t.Fatalf("%s: %s: solution %s: %v", label, pz.Format(0), g.Solution.Format(0), err)
	}
	n := b.N()
	units := brute.SudokuUnits(n, b.boxR, b.boxC)
	if b.boxR == 0 || b.x || b.windoku {
		units = nil
		for _, u := range b.units {
			units = append(units, slices.Collect(func(yield func(int) bool) {
				for _, c := range u {
					yield(int(c))
				}
			}))
		}
	}
	if (g.witness != nil) != b.newSolver().hasWitness() {
		t.Fatalf("%s: witnesses %v, want them where the kernel finds them", label, g.witness != nil)
	}
	if g.witness != nil {
		checkWitnesses(t, label, n, units, g, orbits)
	}
	count := func(g Grid) int {
		if n <= 6 {
			return simpleCount(b, g, 2)
		}
		return brute.SudokuCount(n, units, g, 2)
	}
	if k := count(g.Solution); k != 1 {
		t.Fatalf("%s: solution %s is no grid", label, g.Solution.Format(0))
	}
	if k := count(pz); k != 1 {
		t.Fatalf("%s: puzzle %s has %d solutions", label, pz.Format(0), k)
	}
	for _, o := range orbits {
		if (pz[o[0]] != 0) != (pz[o[len(o)-1]] != 0) {
			t.Fatalf("%s: puzzle %s not symmetric at cells %v", label, pz.Format(0), o)
		}
		if pz[o[0]] == 0 {
			continue
		}
		less := append(Grid(nil), pz...)
		for _, c := range o {
			less[c] = 0
		}
		if k := count(less); k != 2 {
			t.Fatalf("%s: puzzle %s without cells %v has %d solutions", label, pz.Format(0), o, k)
		}
	}
}

// TestGenerateUniform4x4 draws 100 times as many 4x4 puzzles as there are grids: every
// grid appears, and the counts pass a chi-square test (287 degrees of freedom; 400 is
// above its 99.99th percentile).
func TestGenerateUniform4x4(t *testing.T) {
	b := mustBoard(t, Variant{BoxRows: 2, BoxCols: 2})
	gs, err := b.Generate(context.Background(), 28800, GenerateOptions{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, g := range gs {
		seen[g.Solution.Format(0)]++
	}
	chi := 0.0
	for _, k := range seen {
		chi += float64((k-100)*(k-100)) / 100
	}
	if len(seen) != 288 || chi > 400 {
		t.Errorf("%d grids seen, chi-square %.1f", len(seen), chi)
	}
}

// TestGenerateQQWing checks generated 9x9 puzzles with QQWing's own solver (independent
// code): each puzzle unique, each puzzle with one given taken out not.
func TestGenerateQQWing(t *testing.T) {
	qq, err := exec.LookPath("qqwing")
	if err != nil {
		t.Skip("qqwing not installed (apt-get install qqwing)")
	}
	b := mustBoard(t, Variant{})
	gs, err := b.Generate(context.Background(), 20, GenerateOptions{Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	want := 0
	for _, g := range gs {
		in.WriteString(g.Puzzle.Format(0) + "\n")
		for c, v := range g.Puzzle {
			if v != 0 {
				less := append(Grid(nil), g.Puzzle...)
				less[c] = 0
				in.WriteString(less.Format(0) + "\n")
				want++
			}
		}
	}
	cmd := exec.Command(qq, "--solve", "--count-solutions", "--nosolution")
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	unique := bytes.Count(out, []byte("The solution to the puzzle is unique."))
	several := bytes.Count(out, []byte(" solutions to the puzzle."))
	if unique != len(gs) || several != want {
		t.Errorf("qqwing: %d unique (want %d), %d with several solutions (want %d)", unique, len(gs), several, want)
	}
}

// checkWitnesses checks the certificate of minimality that Generate keeps (but on classic
// 9x9 boards), with code of its own: for every orbit of givens, a grid that holds each
// value once in every unit of units, holds every given outside the orbit, and differs
// from the solution in the orbit — a second solution of the puzzle without that orbit, so
// the orbit must stay.
func checkWitnesses(t *testing.T, label string, n int, units [][]int, g Generated, orbits [][]int32) {
	t.Helper()
	valid := func(w Grid) bool {
		if len(w) != n*n {
			return false
		}
		for _, u := range units {
			seen := make([]bool, n+1)
			for _, c := range u {
				if w[c] < 1 || int(w[c]) > n || seen[w[c]] {
					return false
				}
				seen[w[c]] = true
			}
		}
		return true
	}
	for _, o := range orbits {
		if g.Puzzle[o[0]] == 0 {
			continue
		}
		w := g.witness[o[0]]
		if !valid(w) {
			t.Fatalf("%s: puzzle %s: no valid second solution without cells %v", label, g.Puzzle.Format(0), o)
		}
		differs := false
		for c, v := range g.Puzzle {
			in := slices.Contains(o, int32(c))
			switch {
			case in && w[c] != g.Solution[c]:
				differs = true
			case !in && v != 0 && w[c] != v:
				t.Fatalf("%s: puzzle %s: the witness for cells %v has %d at cell %d, the given %d", label, g.Puzzle.Format(0), o, w[c], c, v)
			}
		}
		if !differs {
			t.Fatalf("%s: puzzle %s: the witness for cells %v is the solution there", label, g.Puzzle.Format(0), o)
		}
	}
}

// TestGenerate25 makes a minimal 16x16 puzzle and an 18x18 one (3x6 boxes: clause
// learning checks its removals, as on 25x25, in about a second of CPU), and with
// XCOVER_LONG set 25x25 ones of seeds 1 to 5 (each about a minute of CPU or more to make
// and one to check: seed 1 took 136 s of CPU with the two small boards, 9 minutes of
// wall clock at load 10-15, too long for go test's default timeout): each solution a
// valid grid (by the units of brute.SudokuUnits), each puzzle unique
// (brute.SudokuCountProbe: naked and hidden singles, a lookahead and backtracking,
// sharing nothing with the kernels or clause learning) and minimal, each given shown
// needed by a second solution without it (checkWitnesses). The 16x16 puzzle's minimality
// is also counted by brute.SudokuCount (checkGenerated).
func TestGenerate25(t *testing.T) {
	if testing.Short() {
		t.Skip("16x16 and 18x18 puzzles take seconds")
	}
	type run struct{ r, c, seed int }
	runs := []run{{4, 4, 1}, {3, 6, 1}}
	if os.Getenv("XCOVER_LONG") != "" {
		runs = append(runs, run{5, 5, 1}, run{5, 5, 2}, run{5, 5, 3}, run{5, 5, 4}, run{5, 5, 5})
	}
	for _, r := range runs {
		b := mustBoard(t, Variant{BoxRows: r.r, BoxCols: r.c})
		n := b.N()
		label := fmt.Sprintf("%v seed %d", b, r.seed)
		gs, err := b.Generate(context.Background(), 1, GenerateOptions{Seed: uint64(r.seed)})
		if err != nil || len(gs) != 1 {
			t.Fatalf("%s: %d puzzles, %v", label, len(gs), err)
		}
		g := gs[0]
		units := brute.SudokuUnits(n, r.r, r.c)
		orbits, _ := b.orbits("")
		checkWitnesses(t, label, n, units, g, orbits)
		for c, v := range g.Puzzle {
			if v != 0 && v != g.Solution[c] {
				t.Fatalf("%s: puzzle %s: given %d at cell %d, the solution has %d", label, g.Puzzle.Format(0), v, c, g.Solution[c])
			}
		}
		if k := brute.SudokuCount(n, units, g.Solution, 2); k != 1 {
			t.Fatalf("%s: solution %s is no grid", label, g.Solution.Format(0))
		}
		if k := brute.SudokuCountProbe(n, units, g.Puzzle, 2); k != 1 {
			t.Fatalf("%s: puzzle %s has %d solutions", label, g.Puzzle.Format(0), k)
		}
		if n <= 16 {
			checkGenerated(t, label, b, g, orbits)
		}
		t.Logf("%s: %d givens, %d guesses", label, g.Puzzle.Givens(), g.Guesses)
	}
}
