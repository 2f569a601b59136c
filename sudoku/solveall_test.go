package sudoku

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
)

// TestSolveAll solves a mixed input with one and with several workers: every result in
// input order, with the count of a direct solve, each solution checked; a malformed line
// reported in its place; breaking out of the loop stops it.
func TestSolveAll(t *testing.T) {
	b := mustBoard(t, Variant{})
	set := loadSet(t, "top1465.txt")[:200]
	var lines []string
	for i, g := range set {
		switch i % 50 {
		case 7:
			lines = append(lines, "123") // malformed
		case 8:
			g = append(Grid(nil), g...)
			for c := range g[:40] {
				g[c] = 0 // several solutions
			}
		}
		lines = append(lines, g.Format(OneBased))
	}
	input := strings.Join(lines, "\n") + "\n"
	want := make([]uint64, len(lines))
	for i, l := range lines {
		g, _, err := parseOneLine(l, 9, Auto)
		if err != nil {
			want[i] = 99 // malformed
			continue
		}
		want[i] = count(t, b, g, 2)
	}
	for _, workers := range []int{1, 3} {
		rd := NewReader(strings.NewReader(input), 9, ReadOptions{})
		i := 0
		for r := range b.SolveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: workers}) {
			switch {
			case want[i] == 99:
				if r.Puzzle.Err == nil {
					t.Fatalf("workers %d, line %d: malformed line without error", workers, i+1)
				}
			case r.Err != nil || r.Count != want[i] || r.Puzzle.Line != i+1:
				t.Fatalf("workers %d, line %d: count %d, err %v, line %d; want count %d", workers, i+1, r.Count, r.Err, r.Puzzle.Line, want[i])
			case r.Count > 0:
				if err := b.Check(r.Puzzle.Grid, r.Solution); err != nil {
					t.Fatalf("workers %d, line %d: %v", workers, i+1, err)
				}
			}
			i++
		}
		if i != len(lines) {
			t.Fatalf("workers %d: %d results, want %d", workers, i, len(lines))
		}
		rd = NewReader(strings.NewReader(input), 9, ReadOptions{})
		n := 0
		for range b.SolveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: workers}) {
			n++
			if n == 40 {
				break
			}
		}
		if n != 40 {
			t.Fatalf("workers %d: break after %d results", workers, n)
		}
	}
}

// randomPuzzles returns n puzzles on board b: its solution of the empty grid, relabelled at
// random, with a share keep of the cells kept (so some have several solutions, a few none
// once a given is changed).
func randomPuzzles(t testing.TB, b *Board, rng *rand.Rand, n int, keep float64) []Grid {
	full := make(Grid, b.Cells())
	if k, err := b.newSolver().solve(context.Background(), make(Grid, b.Cells()), 1, full); k != 1 || err != nil {
		t.Fatalf("%v: empty board: %d solutions, %v", b, k, err)
	}
	var out []Grid
	for i := range n {
		perm := rng.Perm(b.N())
		g := make(Grid, len(full))
		for c, v := range full {
			if rng.Float64() < keep {
				g[c] = uint8(perm[v-1] + 1)
			}
		}
		if i%17 == 5 { // a clash: no solution, or a contradiction among the givens
			g[0], g[1] = 1, 1
		}
		out = append(out, g)
	}
	return out
}

// TestSolveAllBlocks feeds SolveAll inputs with comments, blank and separator lines,
// malformed puzzles, CRLF endings and a grid cut short, on one to three workers and with
// blocks of fixed sizes (1, 2, 7 puzzles) as well as timed ones, and compares every result
// with the puzzles as written and a direct solve: same order, line numbers, grids,
// alphabets, errors and counts; every solution checked. It also reads each input with
// Reader.Next, whose grids must be the puzzles as written. The inputs come a byte a read.
func TestSolveAllBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 24))
	type input struct {
		name  string
		b     *Board
		opt   ReadOptions
		text  string
		want  []Grid // the puzzles as written; nil for a malformed one
		lines []int  // their line numbers
	}
	var inputs []input
	for _, spec := range []Variant{{}, {BoxRows: 2, BoxCols: 2}, {BoxRows: 4, BoxCols: 4}, {X: true}} {
		b := mustBoard(t, spec)
		n := 600
		if b.N() == 16 {
			n = 60
		}
		for _, grid := range []bool{false, true} {
			in := input{name: fmt.Sprintf("%v grid=%v", b, grid), b: b, opt: ReadOptions{Grid: grid}}
			var sb strings.Builder
			line := 1
			put := func(s string) { // s holds no newline but its last
				sb.WriteString(s)
				line += strings.Count(s, "\n")
			}
			for i, g := range randomPuzzles(t, b, rng, n, 0.45) {
				switch i % 41 {
				case 3:
					put("# a comment\n\n")
				case 9:
					put("  +---+---+  \r\n")
				case 20: // malformed: a symbol out of range
					in.want, in.lines = append(in.want, nil), append(in.lines, line)
					bad := []byte(g.Format(OneBased))
					bad[2] = 'Z'
					if grid {
						put(string(bad[:b.N()]) + "\n")
						for r := 1; r < b.N(); r++ {
							put(string(bad[r*b.N():(r+1)*b.N()]) + "\n")
						}
					} else {
						put(string(bad) + "\n")
					}
				case 30: // malformed: too short a line, or a short grid row
					in.want, in.lines = append(in.want, nil), append(in.lines, line)
					s := g.Format(OneBased)
					if grid {
						for r := range b.N() {
							row := s[r*b.N() : (r+1)*b.N()]
							if r == 1 {
								row = row[1:]
							}
							put(row + "\n")
						}
					} else {
						put(s[1:] + "\n")
					}
				}
				in.want, in.lines = append(in.want, g), append(in.lines, line)
				s := g.Format(OneBased)
				if !grid {
					put(" " + s + "\r\n")
					continue
				}
				for r := range b.N() {
					put(strings.Join(strings.Split(s[r*b.N():(r+1)*b.N()], ""), " ") + "\n")
				}
				if i%5 == 0 {
					put("\n")
				}
			}
			if grid { // the last grid cut short
				in.want, in.lines = append(in.want, nil), append(in.lines, line)
				put(strings.Repeat(".", b.N()) + "\n")
			}
			in.text = sb.String()
			inputs = append(inputs, in)
		}
	}
	for _, in := range inputs {
		// Reader.Next: the puzzles as written, read a byte at a time (so that the reader's
		// buffer moves under every line).
		rd := NewReader(&trickle{in.text}, in.b.N(), in.opt)
		var seq []Puzzle
		for p, ok := rd.Next(); ok; p, ok = rd.Next() {
			seq = append(seq, p)
		}
		if rd.Err() != nil || len(seq) != len(in.want) {
			t.Fatalf("%s: Next: %d puzzles, %v; want %d", in.name, len(seq), rd.Err(), len(in.want))
		}
		counts := make([]uint64, len(seq))
		for i, p := range seq {
			if p.Line != in.lines[i] || (p.Err == nil) != (in.want[i] != nil) || !slices.Equal(p.Grid, in.want[i]) {
				t.Fatalf("%s: Next #%d: line %d, grid %v, err %v; want line %d, grid %v", in.name, i, p.Line, p.Grid, p.Err, in.lines[i], in.want[i])
			}
			if p.Err == nil {
				counts[i] = count(t, in.b, p.Grid, 2)
			}
		}
		for _, workers := range []int{1, 2, 3} {
			for _, fixed := range []int{0, 1, 2, 7} {
				rd := NewReader(&trickle{in.text}, in.b.N(), in.opt)
				i := 0
				for r := range in.b.solveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: workers}, fixed) {
					if i >= len(seq) {
						t.Fatalf("%s workers %d blocks %d: more than %d results", in.name, workers, fixed, len(seq))
					}
					p, q := r.Puzzle, seq[i]
					if p.Line != q.Line || p.Alphabet != q.Alphabet || !slices.Equal(p.Grid, q.Grid) || fmt.Sprint(p.Err) != fmt.Sprint(q.Err) || r.Err != nil || r.Count != counts[i] {
						t.Fatalf("%s workers %d blocks %d, #%d: line %d, grid %v, alphabet %v, err %v/%v, count %d; want line %d, grid %v, alphabet %v, err %v, count %d",
							in.name, workers, fixed, i, p.Line, p.Grid, p.Alphabet, p.Err, r.Err, r.Count, q.Line, q.Grid, q.Alphabet, q.Err, counts[i])
					}
					if r.Count > 0 {
						if err := in.b.Check(p.Grid, r.Solution); err != nil {
							t.Fatalf("%s workers %d blocks %d, #%d: %v", in.name, workers, fixed, i, err)
						}
					}
					i++
				}
				if i != len(seq) || rd.Err() != nil {
					t.Fatalf("%s workers %d blocks %d: %d results, %v; want %d", in.name, workers, fixed, i, rd.Err(), len(seq))
				}
			}
		}
	}
}

// TestSolveAllCancel cancels the context midway, on one to three workers with blocks of
// three puzzles: the loop ends soon after, the results come in input order up to where it
// stopped, and those cut off say so (Err is the context's).
func TestSolveAllCancel(t *testing.T) {
	b := mustBoard(t, Variant{})
	rng := rand.New(rand.NewPCG(3, 4))
	var sb strings.Builder
	for _, g := range randomPuzzles(t, b, rng, 3000, 0.4) {
		sb.WriteString(g.Format(OneBased) + "\n")
	}
	for _, workers := range []int{1, 2, 3} {
		ctx, cancel := context.WithCancel(context.Background())
		rd := NewReader(strings.NewReader(sb.String()), 9, ReadOptions{})
		i, cut := 0, 0
		for r := range b.solveAll(ctx, rd, SolveOptions{Limit: 2, Workers: workers}, 3) {
			if r.Puzzle.Line != i+1 {
				t.Fatalf("workers %d: result %d is line %d", workers, i, r.Puzzle.Line)
			}
			if r.Err != nil {
				if !errors.Is(r.Err, context.Canceled) {
					t.Fatalf("workers %d, line %d: %v", workers, i+1, r.Err)
				}
				cut++
			}
			i++
			if i == 100 {
				cancel()
			}
		}
		cancel()
		// At most the rest of the block of line 100 and the blocks then cut follow it.
		if i < 100 || i > 102+3*windowPerWorker*workers {
			t.Fatalf("workers %d: %d results, %d cut off after cancelling at 100", workers, i, cut)
		}
	}
}

// TestSolveAllExternal solves through SolveOptions.SolveAll, the engine standing in for
// an external solver: the counts and solutions of the Board's own solver, each solution
// checked, the hook called once a puzzle, and its error reported as the puzzle's.
func TestSolveAllExternal(t *testing.T) {
	b := mustBoard(t, Variant{})
	tests := []struct {
		puzzle string
		limit  uint64
		want   uint64
		sol    string
	}{
		{classic, 2, 1, classicSol},
		{"." + classic[1:], 0, 1, classicSol},
		{"55" + classic[2:], 2, 0, ""},
		{strings.Repeat(".", 81), 3, 3, ""},
	}
	for _, tt := range tests {
		calls := 0
		solveAll := func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
			calls++
			return problems.SolveAll(ctx, p, limit)
		}
		rd := NewReader(strings.NewReader(tt.puzzle+"\n"), 9, ReadOptions{})
		n := 0
		for r := range b.SolveAll(context.Background(), rd, SolveOptions{Limit: tt.limit, Workers: 1, SolveAll: solveAll}) {
			n++
			if r.Err != nil || r.Count != tt.want {
				t.Errorf("%.20s…: %d solutions, %v; want %d", tt.puzzle, r.Count, r.Err, tt.want)
				continue
			}
			if r.Count > 0 {
				if err := b.Check(r.Puzzle.Grid, r.Solution); err != nil {
					t.Errorf("%.20s…: %v", tt.puzzle, err)
				}
			}
			if tt.sol != "" && r.Solution.Format(OneBased) != tt.sol {
				t.Errorf("%.20s…: solution %s, want %s", tt.puzzle, r.Solution.Format(OneBased), tt.sol)
			}
		}
		if n != 1 || calls != 1 {
			t.Errorf("%.20s…: %d results, %d calls of SolveAll; want 1 and 1", tt.puzzle, n, calls)
		}
	}
	fail := errors.New("solver failed")
	rd := NewReader(strings.NewReader(classic+"\n"), 9, ReadOptions{})
	for r := range b.SolveAll(context.Background(), rd, SolveOptions{Workers: 1,
		SolveAll: func(context.Context, *xcover.Problem, int) ([][]int, error) { return nil, fail }}) {
		if !errors.Is(r.Err, fail) {
			t.Errorf("a failing SolveAll: result error %v, want %v", r.Err, fail)
		}
	}
}
