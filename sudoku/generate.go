package sudoku

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/xcover/xcover"
)

// GenerateOptions controls [Board.Generate].
type GenerateOptions struct {
	// Seed seeds the draws: the same Seed gives the same puzzles.
	Seed uint64
	// Symmetry is the symmetry of the pattern of givens: "" or "none", "180" (half-turn),
	// "90" (quarter-turn) or "mirror" (left-right). Givens are then taken out a whole
	// orbit of cells at a time.
	Symmetry string
}

// A Generated puzzle is one of [Board.Generate]'s results.
type Generated struct {
	// Puzzle has a unique solution, Solution, and is minimal: taking out any given (with a
	// Symmetry, the givens of any one orbit of cells) leaves more than one solution.
	Puzzle, Solution Grid
	// Guesses rates the difficulty: the branches the board's kernel tries to solve the
	// puzzle and prove the solution unique. 0 means that its propagation alone (naked and
	// hidden singles, locked candidates) solves it; the more, the harder for a person.
	// Except on classic 9x9 boards the kernel also probes, at each node, both values of
	// every cell with two candidates (a value whose singles end in a contradiction goes),
	// so 0 there means that propagation and such one-step trials solve it. Above 16x16
	// Guesses counts the conflicts of the clause-learning search that shows no other
	// solution exists: 0 when naked and hidden singles show it.
	Guesses uint64
	// Uniform says that Solution was drawn uniformly from all grids of the board.
	Uniform bool

	// witness holds, except on classic 9x9 boards, a second solution of the puzzle without
	// each orbit of givens, by the orbit's first cell: the certificate of minimality that
	// tests check.
	witness map[int32]Grid
}

// uniformCells is the largest board (in cells) whose grids Generate draws uniformly by
// memoised counting; the counts of larger ones do not finish (classic 9x9 grids are drawn
// uniformly another way, by uniform9).
const uniformCells = 36

// Generate makes n puzzles. Each starts from a full grid drawn uniformly from all grids of
// the board on boards of at most 36 cells (4x4, 6x6) and on the classic 9x9 board. Up to
// 36 cells: xcover.Sample with the first row fixed to 1..N, then the values relabelled by a
// uniform permutation (relabelling maps the grids of each first row one to one onto those
// of any other, so every grid has the same chance). On 9x9: by rejection on the structure
// of the bands (docs/defining-sets.md has the argument): a uniform first band kept with
// probability proportional to its number of grids, then a uniform choice of the digits
// of each column of the second band, kept with probability proportional to the number of
// ways to fill the second and third bands, which are then filled uniformly; about 12
// trials, a few microseconds, a grid. On other boards (9x9 X, windoku and
// jigsaw boards, 8x8, 16x16 and above) the grids are not uniform and their distribution is
// not known: random givens that cannot conflict (the boxes on the diagonal, each a random
// permutation; a random first row on a board with variant units) completed by the
// kernel's first solution, then a uniformly random relabelling and, on plain box boards,
// uniformly random permutations of the rows within bands, of the bands, of the columns
// within stacks and of the stacks, and a transposition half the time where the boxes are
// square. Grids that these permutations map onto each other are equally likely; classes
// of such grids are not. Givens are then taken out, one cell (or orbit of cells) at a
// time in a random order, whenever the solution stays unique. Except on classic 9x9
// boards (where the kernel counts to two) the check looks for a solution in which an
// emptied cell holds another value. Up to 16x16 the board's kernel does: trying the
// grid's own value first wherever it branches (a second solution differs from the grid in
// few cells) and probing both values of every two-candidate cell at each node. Above, a clause-learning search (as SAT solvers) does, first within the cell's band,
// then its stack, then anywhere. Every check is finished: no given is kept for want of
// time. Each result is checked: unique, and its solution a valid grid; above 9x9 each
// kept given comes with a second solution without it. A 16x16 puzzle takes a fraction of
// a second of CPU, a 25x25 one minutes. The error is ctx's if cancelled, or says the
// symmetry is unknown.
func (b *Board) Generate(ctx context.Context, n int, opt GenerateOptions) ([]Generated, error) {
	orbits, err := b.orbits(opt.Symmetry)
	if err != nil {
		return nil, err
	}
	if n <= 0 {
		return nil, nil
	}
	grids, uniform, err := b.grids(ctx, n, opt.Seed)
	if err != nil {
		return nil, err
	}
	s := b.newSolver()
	out := make([]Generated, 0, n)
	for i, g := range grids {
		rng := rand.New(rand.NewPCG(opt.Seed, uint64(i)<<1|1))
		pz, wit, err := b.reduce(ctx, s, g, orbits, rng.Perm(len(orbits)))
		if err != nil {
			return out, err
		}
		guesses, err := s.checkMade(ctx, pz, g)
		if err != nil {
			return out, err
		}
		out = append(out, Generated{Puzzle: pz, Solution: g, Guesses: guesses, Uniform: uniform, witness: wit})
	}
	return out, nil
}

// reduce takes the givens of the full grid g out, one orbit at a time in the order given,
// whenever the puzzle stays unique, and returns the minimal puzzle left. Where the kernel
// finds a second solution (a witness that the orbit must stay), it returns that solution
// by the orbit's first cell. Every removal is searched: a witness differs from g in a cell
// of its orbit (else it would have been a second solution before the removal), and that
// orbit stays, so no witness found before is a second solution of a later puzzle.
func (b *Board) reduce(ctx context.Context, s *solver, g Grid, orbits [][]int32, order []int) (Grid, map[int32]Grid, error) {
	pz := append(Grid(nil), g...)
	var wit map[int32]Grid
	if s.hasWitness() {
		wit = map[int32]Grid{}
	}
	var buf Grid
	for _, oi := range order {
		o := orbits[oi]
		for _, c := range o {
			pz[c] = 0
		}
		if wit != nil && buf == nil {
			buf = make(Grid, len(g))
		}
		more, err := s.another(ctx, pz, o, g, buf)
		if err != nil {
			return nil, nil, err
		}
		if !more {
			continue
		}
		for _, c := range o {
			pz[c] = g[c]
		}
		if wit != nil {
			wit[o[0]] = buf // kept: the next search writes a new one
			buf = nil
		}
	}
	return pz, wit, nil
}

// orbits returns the cells of the board grouped by the symmetry's orbits.
func (b *Board) orbits(sym string) ([][]int32, error) {
	n := b.n
	var turn func(r, c int) (int, int)
	switch sym {
	case "", "none":
	case "180":
		turn = func(r, c int) (int, int) { return n - 1 - r, n - 1 - c }
	case "90":
		turn = func(r, c int) (int, int) { return c, n - 1 - r }
	case "mirror":
		turn = func(r, c int) (int, int) { return r, n - 1 - c }
	default:
		return nil, fmt.Errorf("sudoku: unknown symmetry %q (want none, 180, 90 or mirror)", sym)
	}
	seen := make([]bool, n*n)
	var out [][]int32
	for cell := range n * n {
		if seen[cell] {
			continue
		}
		o := []int32{int32(cell)}
		seen[cell] = true
		if turn != nil {
			r, c := cell/n, cell%n
			for {
				r, c = turn(r, c)
				if seen[r*n+c] {
					break
				}
				seen[r*n+c] = true
				o = append(o, int32(r*n+c))
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// grids draws n full grids, and says whether uniformly.
func (b *Board) grids(ctx context.Context, n int, seed uint64) ([]Grid, bool, error) {
	rng := rand.New(rand.NewPCG(seed, 0))
	cells := b.Cells()
	var out []Grid
	if cells <= uniformCells {
		enc, err := b.Encode(make(Grid, cells))
		if err != nil {
			return nil, false, err
		}
		var first []int
		for k := range enc.Problem.NumOptions() {
			if c, v := enc.option(k); c < b.n && int(v) == c+1 {
				first = append(first, k)
			}
		}
		sols, done := xcover.Sample(ctx, enc.Problem, n, xcover.Config{Initial: first, Seed: seed})
		for sol := range sols {
			g, err := enc.Decode(sol)
			if err != nil {
				return nil, false, err
			}
			out = append(out, b.relabel(g, rng))
		}
		if _, err := done(); err != nil {
			return nil, false, err
		}
		if len(out) != n {
			return nil, false, fmt.Errorf("sudoku: %v has no grid", b)
		}
		return out, true, nil
	}
	if b.n == 9 && b.boxR == 3 && !b.x && !b.windoku {
		b.bandOnce.Do(func() { b.bandTables = newBandTables() })
		u := newUniform9(rng, b.bandTables)
		for i := range n {
			if i%256 == 0 && ctx.Err() != nil {
				return nil, false, ctx.Err()
			}
			out = append(out, u.draw())
		}
		return out, true, nil
	}
	s := b.newSolver()
	plain := b.boxR > 0 && !b.x && !b.windoku
	for len(out) < n {
		pz := make(Grid, cells)
		if plain {
			for i := range min(b.n/b.boxR, b.n/b.boxC) {
				perm := rng.Perm(b.n)
				for j, v := range perm {
					r, c := i*b.boxR+j/b.boxC, i*b.boxC+j%b.boxC
					pz[r*b.n+c] = uint8(v + 1)
				}
			}
		} else {
			for c, v := range rng.Perm(b.n) {
				pz[c] = uint8(v + 1)
			}
		}
		g := make(Grid, cells)
		k, err := s.solve(ctx, pz, 1, g)
		if err != nil {
			return nil, false, err
		}
		if k == 0 {
			continue
		}
		g = b.relabel(g, rng)
		if plain {
			g = b.shuffle(g, rng)
		}
		out = append(out, g)
	}
	return out, false, nil
}

// relabel returns g with its values permuted uniformly at random.
func (b *Board) relabel(g Grid, rng *rand.Rand) Grid {
	perm := rng.Perm(b.n)
	out := make(Grid, len(g))
	for i, v := range g {
		out[i] = uint8(perm[v-1] + 1)
	}
	return out
}

// shuffle returns g with its rows permuted within bands and the bands among themselves,
// the same for columns and stacks, and transposed half the time where boxes are square.
func (b *Board) shuffle(g Grid, rng *rand.Rand) Grid {
	n := b.n
	order := func(group int) []int {
		out := make([]int, 0, n)
		for _, blk := range rng.Perm(n / group) {
			for _, i := range rng.Perm(group) {
				out = append(out, blk*group+i)
			}
		}
		return out
	}
	rows, cols := order(b.boxR), order(b.boxC)
	t := b.boxR == b.boxC && rng.IntN(2) == 1
	out := make(Grid, len(g))
	for r := range n {
		for c := range n {
			v := g[rows[r]*n+cols[c]]
			if t {
				out[c*n+r] = v
			} else {
				out[r*n+c] = v
			}
		}
	}
	return out
}
