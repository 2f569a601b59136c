package queens

import (
	"context"
	"fmt"
	"iter"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/xcover/xcover/shard"
)

// maxCountN is the largest board side countBoard and allSolutions accept. (Counting beyond n = 20 or so
// takes days; the limit is that of the 32-bit boards.)
const maxCountN = 32

// maxKnownCountN is the largest N whose number of solutions is known: N = 27, counted in
// 2016 in about a year on FPGAs. Count refuses larger boards.
const maxKnownCountN = 27

// Counts are the numbers of solutions of the n-queens problem, as [Count] reports them.
type Counts struct {
	Solutions uint64 // all solutions (OEIS A000170 with one queen per line)
	// Distinct are the orbits under the 8 symmetries of the board (OEIS A002562), and
	// Orbit8, Orbit4 and Orbit2 the distinct solutions by the size of their orbit: Orbit8
	// are fixed by no symmetry but the identity, Orbit4 by the half turn, Orbit2 by the
	// quarter turns as well. (For n = 1 the one solution is fixed by everything and counted
	// in none of them.) With one queen per line the bitboard engine counts them all; the
	// general engine counts Distinct only, when asked (Options.Distinct).
	Distinct               uint64
	Orbit8, Orbit4, Orbit2 uint64
	Engine                 Engine // the engine that counted
	// Share is the result of a share of a split count (Options.Shards), for [shard.Merge];
	// nil for a whole count, or when nothing was counted.
	Share *shard.Result
}

// countBoard counts the solutions of the n-queens problem and the essentially different
// ones with the bitboard engine, on the given number of goroutines (0 or 1 means one).
//
// For 14 <= n <= 23 it uses the quadrant counter (see docs/queens.md): it lists every
// placement on a quarter board once, joins them into half boards for each choice of the
// ranks whose queen stands in the east half, and matches the half boards' diagonals 64 at
// a time; then complete gives the orbits. Its table takes about 1 MiB for n = 16 and 17, 8
// MiB for 18 and 19, 61 MiB for 20 and 21 and 530 MiB for 22 and 23.
//
// Otherwise it searches only for solutions that are candidates to represent their orbit under the 8
// symmetries of the board: those with a queen in the corner of rank 0 whose queen on rank 1
// is nearer the corner than the queen on file 1, and those with no queen in a corner whose
// queen on rank 0 is at least as near to a corner as every queen on the border. At each such
// solution it compares the few images that are candidates too, keeps the least, and learns
// the solution's orbit size from the images that equal it. The first ranks of every case are
// placed in all possible ways to give independent tasks for the goroutines.
//
// When ctx is cancelled countBoard returns its error and the counts so far.
func countBoard(ctx context.Context, n, workers int) (Counts, error) {
	switch {
	case n < 1 || n > maxCountN:
		return Counts{}, fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxCountN)
	case n == 1:
		return Counts{Solutions: 1, Distinct: 1}, nil
	case n < 4:
		return Counts{}, nil
	}
	if useQuadrants(n) {
		c, _, err := countShardTasks(ctx, n, workers, 1, 1, nil, nil)
		return c, err
	}
	return countTasks(ctx, makeTasks(n), workers, nil)
}

// numTasks returns the number of tasks that the count of the n-queens problem is cut into
// (see countShardTasks): the same on every machine for one n and one version of this package.
func numTasks(n int) int {
	switch {
	case n < 4 || n > maxCountN:
		return 0
	case useQuadrants(n):
		return len(newQuadPlan(n).tasks)
	}
	return len(makeTasks(n))
}

// countShardTasks counts shard k (1..shards) of the solutions: the search is cut into the
// same tasks on every machine, and shard k takes every shards-th of them. The shards' counts
// add up to countBoard's: orbit by orbit (so Distinct too) where the bitboard counter is
// used; where the quadrant counter is (useQuadrants(n)), the counts of a task carry
// Solutions only (the orbits do not split along its tasks), and complete turns their sum
// into the full counts. It also returns the number of tasks, the same for every shard of
// one n. A call that counts every task (one shard, none skipped) returns the complete
// counts itself.
//
// A count can be stopped and resumed: it leaves out the tasks (numbered 0 to the number of
// tasks - 1, among all the shards' tasks) for which skip, if not nil, reports true, and
// calls done, if not nil, with the number and the counts of each task it finishes; calls
// of done never overlap. It returns the counts of the tasks it finished, so that a resumed
// count adds them to those of the tasks skipped.
func countShardTasks(ctx context.Context, n, workers, k, shards int, skip func(task int) bool, done func(task int, c Counts)) (Counts, int, error) {
	switch {
	case shards < 1 || k < 1 || k > shards:
		return Counts{}, 0, fmt.Errorf("queens: shard %d/%d: want 1 <= K <= N", k, shards)
	case n < 1 || n > maxCountN:
		return Counts{}, 0, fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxCountN)
	case n < 4: // no tasks: the whole count is shard 1's
		if k == 1 {
			c, err := countBoard(ctx, n, workers)
			return c, 0, err
		}
		return Counts{}, 0, nil
	}
	if useQuadrants(n) {
		return countQuadTasks(ctx, n, workers, k, shards, skip, done)
	}
	return countBitboardTasks(ctx, n, workers, k, shards, skip, done)
}

// countBitboardTasks is countShardTasks with the bitboard counter's tasks, whose counts carry
// the orbits too, for every n >= 4.
func countBitboardTasks(ctx context.Context, n, workers, k, shards int, skip func(task int) bool, done func(task int, c Counts)) (Counts, int, error) {
	all := makeTasks(n)
	var mine []task
	var index []int // the number of each of mine among all
	for i := k - 1; i < len(all); i += shards {
		if skip == nil || !skip(i) {
			mine = append(mine, all[i])
			index = append(index, i)
		}
	}
	var report func(int, Counts)
	if done != nil {
		var mu sync.Mutex
		report = func(j int, c Counts) {
			mu.Lock()
			defer mu.Unlock()
			done(index[j], c)
		}
	}
	c, err := countTasks(ctx, mine, workers, report)
	return c, len(all), err
}

// countTasks counts the solutions of the given tasks on the given number of goroutines;
// done, if not nil, receives the counts of each task finished.
func countTasks(ctx context.Context, tasks []task, workers int, done func(i int, c Counts)) (Counts, error) {
	workers = max(1, workers)
	// A task can run for hours at large n: the search polls stop, set when ctx ends,
	// every pollNodes nodes and gives the task up.
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	var next atomic.Int64
	results := make([]Counts, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var c Counts
			var board [maxCountN]uint32
			var stk stack
			for ctx.Err() == nil {
				i := int(next.Add(1)) - 1
				if i >= len(tasks) {
					break
				}
				t := &tasks[i]
				if done == nil {
					t.shape.run(t, &board, &stk, &c, &stop)
					continue
				}
				var tc Counts
				if !t.shape.run(t, &board, &stk, &tc, &stop) {
					break // given up: neither reported nor counted
				}
				done(i, tc.totals())
				c.Orbit8, c.Orbit4, c.Orbit2 = c.Orbit8+tc.Orbit8, c.Orbit4+tc.Orbit4, c.Orbit2+tc.Orbit2
			}
			results[w] = c
		})
	}
	wg.Wait()
	var total Counts
	for _, c := range results {
		total.Orbit8 += c.Orbit8
		total.Orbit4 += c.Orbit4
		total.Orbit2 += c.Orbit2
	}
	return total.totals(), ctx.Err()
}

// totals returns c with Solutions and Distinct computed from the orbit counts.
func (c Counts) totals() Counts {
	c.Distinct = c.Orbit8 + c.Orbit4 + c.Orbit2
	c.Solutions = 8*c.Orbit8 + 4*c.Orbit4 + 2*c.Orbit2
	return c
}

// A shape is one case of the search: the corner case with the queen of rank 1 on a given
// file, or the border case with the queen of rank 0 on a given file.
type shape struct {
	n, m   int
	corner bool
	b      int               // corner: file of the queen on rank 1; border: file on rank 0
	allow  [maxCountN]uint32 // files allowed on each rank, before attacks
	b2     int               // border case: the rank by which both side files must be used
	side   uint32            // the two side files, 0 and m
}

// A task is a shape with its first ranks placed.
type task struct {
	shape   *shape
	row     int // ranks 0..row-1 are placed
	l, d, r uint32
	placed  [taskDepth]uint32
}

// taskDepth is the most ranks a task fixes.
const taskDepth = 5

// A frame holds the attacks on a rank and its untried files.
type frame struct {
	l, d, r, avail uint32
}

// A stack holds a frame for every rank during a search.
type stack [maxCountN]frame

func newShape(n int, corner bool, b int) *shape {
	m := n - 1
	mask := uint32(1)<<n - 1
	if n == 32 {
		mask = ^uint32(0)
	}
	sh := &shape{n: n, m: m, corner: corner, b: b, b2: -1, side: 1 | 1<<m}
	for i := range sh.allow {
		sh.allow[i] = mask
	}
	if corner {
		sh.allow[0] = 1
		sh.allow[1] = 1 << b
		for r := 2; r < b; r++ {
			sh.allow[r] &^= 2 // the queen on file 1 comes after rank b
		}
		return sh
	}
	sh.allow[0] = 1 << b
	for r := 1; r < b; r++ {
		sh.allow[r] &^= sh.side
	}
	sh.b2 = m - b
	for f := range b {
		sh.allow[m] &^= 1<<f | 1<<(m-f)
	}
	return sh
}

// makeTasks returns the tasks of the search for n >= 4.
func makeTasks(n int) []task {
	depth := 2
	switch {
	case n >= 16:
		depth = 4
	case n >= 10:
		depth = 3
	}
	var tasks []task
	m := n - 1
	for b := 2; b < m; b++ {
		tasks = newShape(n, true, b).split(tasks, max(depth, 2))
	}
	for b := 1; b < m-b; b++ {
		tasks = newShape(n, false, b).split(tasks, depth)
	}
	return tasks
}

// split appends the tasks of sh that place ranks 0..depth-1 (depth <= n-2).
func (sh *shape) split(tasks []task, depth int) []task {
	var t task
	t.shape = sh
	var rec func(row int, l, d, r uint32)
	rec = func(row int, l, d, r uint32) {
		if row == depth {
			t.row, t.l, t.d, t.r = row, l, d, r
			tasks = append(tasks, t)
			return
		}
		for a := sh.avail(row, l, d, r); a != 0; a &= a - 1 {
			bit := a & -a
			t.placed[row] = bit
			rec(row+1, (l|bit)<<1, d|bit, (r|bit)>>1)
		}
	}
	rec(0, 0, 0, 0)
	return tasks
}

// avail returns the files open on rank row given the attacks on it.
func (sh *shape) avail(row int, l, d, r uint32) uint32 {
	a := sh.allow[row] &^ (l | d | r)
	if row == sh.b2 {
		// Both side files must be used by rank b2 (included), else a queen on a side file
		// would come nearer the corner than the queen of rank 0.
		switch d & sh.side {
		case 0:
			a = 0
		case sh.side:
		default:
			a &= sh.side
		}
	}
	return a
}

// pollNodes is how many dead ends the search of a task meets between looks at its stop
// flag: a few milliseconds of work.
const pollNodes = 1 << 18

// run searches the task t to the end, adding what it finds to c, and reports true; or
// gives up, reporting false, once stop is set (c then holds part of the task's counts).
//
// The attacks and untried files of the current rank live in local variables; those of the
// ranks above it wait on the stack.
func (sh *shape) run(t *task, board *[maxCountN]uint32, s *stack, c *Counts, stop *atomic.Bool) bool {
	m := uint(sh.m)
	b2 := uint(sh.b2)
	side := sh.side
	allow := &sh.allow
	row := uint(t.row)
	start := row
	copy(board[:row], t.placed[:row])
	l, d, r := t.l, t.d, t.r
	a := sh.avail(int(row), l, d, r)
	poll := pollNodes
	for {
		if a == 0 {
			if row == start {
				return true
			}
			if poll--; poll == 0 {
				if stop.Load() {
					return false
				}
				poll = pollNodes
			}
			row--
			f := &s[row%maxCountN]
			l, d, r, a = f.l, f.d, f.r, f.avail
			continue
		}
		bit := a & -a
		s[row%maxCountN] = frame{l, d, r, a ^ bit}
		l = (l | bit) << 1
		d |= bit
		r = (r | bit) >> 1
		row++
		a = allow[row%maxCountN] &^ (l | d | r)
		if row == m {
			if a != 0 {
				// The queen of each rank is the file its placement added to d.
				for i := start; i+1 < m; i++ {
					board[i%maxCountN] = s[(i+1)%maxCountN].d ^ s[i%maxCountN].d
				}
				board[(m-1)%maxCountN] = d ^ s[(m-1)%maxCountN].d
				board[m%maxCountN] = a
				sh.leaf(board, c)
			}
			a = 0
			continue
		}
		if row == b2 {
			switch d & side {
			case 0:
				a = 0
			case side:
			default:
				a &= side
			}
		}
	}
}

// leaf counts the complete board if it represents its orbit.
func (sh *shape) leaf(board *[maxCountN]uint32, c *Counts) {
	if sh.corner {
		c.Orbit8++ // a corner queen is fixed by no symmetry but the identity
		return
	}
	switch sh.orbitSize(board) {
	case 8:
		c.Orbit8++
	case 4:
		c.Orbit4++
	case 2:
		c.Orbit2++
	}
}

// orbitSize returns 0 if the board of the border case is not the least of its images that the
// border case also finds, and else the size of its orbit.
//
// The images the border case finds are those that bring a border queen at distance b from a
// corner (b the file of the queen on rank 0, the least such distance) to rank 0, file b; each
// such queen gives one symmetry.
func (sh *shape) orbitSize(board *[maxCountN]uint32) int {
	n, m, b := sh.n, sh.m, sh.b
	var col, inv [maxCountN]int
	for r := range n {
		f := bits.TrailingZeros32(board[r])
		col[r] = f
		inv[f] = r
	}
	fixed := 1
	// cmp compares the image img(r) with col, rank by rank: -1 if the image is less.
	cmp := func(img func(r int) int) int {
		for r := 1; r < n; r++ {
			if v := img(r); v != col[r] {
				if v < col[r] {
					return -1
				}
				return 1
			}
		}
		return 0
	}
	try := func(img func(r int) int) bool {
		switch cmp(img) {
		case -1:
			return false
		case 0:
			fixed++
		}
		return true
	}
	x, y, z := col[m], inv[0], inv[m] // queens on rank m, file 0, file m
	switch {
	case x == b: // mirror top to bottom
		if !try(func(r int) int { return col[m-r] }) {
			return 0
		}
	case m-x == b: // half turn
		if !try(func(r int) int { return m - col[m-r] }) {
			return 0
		}
	}
	switch {
	case y == b: // transpose
		if !try(func(r int) int { return inv[r] }) {
			return 0
		}
	case m-y == b: // quarter turn
		if !try(func(r int) int { return m - inv[r] }) {
			return 0
		}
	}
	switch {
	case z == b: // quarter turn the other way
		if !try(func(r int) int { return inv[m-r] }) {
			return 0
		}
	case m-z == b: // anti-transpose
		if !try(func(r int) int { return m - inv[m-r] }) {
			return 0
		}
	}
	return 8 / fixed
}

// allSolutions returns an iterator over every solution of the n-queens problem, in lexicographic order
// of the files rank by rank, each a fresh slice of the file of the queen on each rank. For
// n > maxCountN it yields nothing.
func allSolutions(n int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		if n < 1 || n > maxCountN {
			return
		}
		mask := uint32(1)<<n - 1
		if n == 32 {
			mask = ^uint32(0)
		}
		var s stack
		var board [maxCountN]uint32
		row := 0
		s[0].avail = mask
		for {
			a := s[row].avail
			if a == 0 {
				if row == 0 {
					return
				}
				row--
				continue
			}
			bit := a & -a
			s[row].avail = a ^ bit
			board[row] = bit
			if row == n-1 {
				cols := make([]int, n)
				for r := range n {
					cols[r] = bits.TrailingZeros32(board[r])
				}
				if !yield(cols) {
					return
				}
				continue
			}
			f := s[row]
			l := (f.l | bit) << 1
			d := f.d | bit
			r := (f.r | bit) >> 1
			row++
			s[row] = frame{l, d, r, mask &^ (l | d | r)}
		}
	}
}
