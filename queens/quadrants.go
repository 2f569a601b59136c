package queens

import (
	"math/bits"
	"sync"
	"sync/atomic"
)

// This file holds the quadrant counter: the board is cut into four h×h quadrants (h = n/2;
// for odd n the middle rank and file, whose queens are placed first, lie between them),
// every placement of queens on one quadrant is listed once in a table, and each set E of
// the ranks whose queen stands in the east half settles which ranks and files each half
// uses. The east half-boards of E are built from north and south quadrant placements on
// complementary files and reduced to keys, the diagonals that the west half can also
// reach; then every west half-board of E is matched against all the east keys at once, a
// pair fitting when their keys are disjoint (ranks and files fit by construction, and a
// diagonal only one half reaches cannot be shared). See docs/queens.md.

// A quadTable lists every placement of queens, at most one on each rank and file and none
// attacking another on a diagonal, on an h×h square, grouped by the ranks and files used.
type quadTable struct {
	h int
	// start[rows<<h|cols] is where the placements using exactly those ranks and files
	// begin in diags, and start[rows<<h|cols+1] where they end.
	start []uint32
	// Each placement is stored as its diagonal masks: bits 0..2h-2 hold the diagonals
	// i-j+h-1 of its queens (i the rank, j the file, both local), bits 32.. the
	// diagonals i+j.
	diags []uint64
}

// newQuadTable builds the table of the h×h square on the given number of goroutines, or
// returns nil once stop, if not nil, is set: the build takes seconds from h = 10 (about 2 s
// for h = 10, 30 s for h = 11), and a count stopped while it runs must not wait for it.
func newQuadTable(h, workers int, stop *atomic.Bool) *quadTable {
	t := &quadTable{h: h, start: make([]uint32, 1<<(2*h)+1)}
	// The placements are cut into groups by which of the first ranks they use: groups
	// fill disjoint sets of ranks, so goroutines never write the same place. Two walks
	// over every group: the first counts the placements on each ranks and files, at
	// start[rows<<h|cols+1]; the second files them in place, start[rows<<h|cols] serving
	// as the cursor, and is then moved up by one.
	low := min(4, h)
	each := func(fill bool) {
		var next atomic.Int64
		var wg sync.WaitGroup
		for range max(1, min(workers, 1<<low)) {
			wg.Go(func() {
				for i := int(next.Add(1)) - 1; i < 1<<low; i = int(next.Add(1)) - 1 {
					// Roughly the larger groups, using more of the first ranks, first.
					g := uint32(1<<low-1) ^ uint32(i)
					w := quadWalk{t: t, h: h, low: low, group: g, fill: fill, stop: stop}
					if w.walk(0, 0, 0, 0, 0); w.stopped {
						return
					}
				}
			})
		}
		wg.Wait()
	}
	if each(false); stopped(stop) {
		return nil
	}
	for i := 1; i < len(t.start); i++ {
		t.start[i] += t.start[i-1]
	}
	t.diags = make([]uint64, t.start[len(t.start)-1])
	if each(true); stopped(stop) {
		return nil
	}
	copy(t.start[1:], t.start[:len(t.start)-1])
	t.start[0] = 0
	return t
}

// A quadWalk lists the placements of a quadTable whose first low ranks are used as the
// bits of group say: counting them per set of ranks and files, or filing them if fill
// is set.
type quadWalk struct {
	t      *quadTable
	h, low int
	group  uint32
	fill   bool
	// The walk looks at stop (if not nil) every walkPoll calls, and gives up once it is
	// set: stopped is then set.
	stop    *atomic.Bool
	calls   int
	stopped bool
}

// walkPoll is how many calls of walk pass between two looks at its stop flag: well under
// a millisecond of work.
const walkPoll = 1 << 12

// stopped reports whether stop is set (false if stop is nil).
func stopped(stop *atomic.Bool) bool { return stop != nil && stop.Load() }

// walk decides rank i and the ranks after it, given the ranks, files and diagonals taken
// so far: each rank either stays empty or takes a queen on a free file.
func (w *quadWalk) walk(i int, rows, cols, d1, d2 uint32) {
	h := w.h
	if i == h {
		w.leaf(rows, cols, d1, d2)
		return
	}
	if w.calls++; w.calls%walkPoll == 0 && stopped(w.stop) {
		w.stopped = true
	}
	if w.stopped {
		return
	}
	if i == h-1 && i >= w.low { // the last rank, without a call a placement
		w.leaf(rows, cols, d1, d2)
		for free := ^cols & (1<<h - 1); free != 0; free &= free - 1 {
			j := bits.TrailingZeros32(free)
			a, b := uint32(1)<<(i-j+h-1), uint32(1)<<(i+j)
			if d1&a|d2&b == 0 {
				w.leaf(rows|1<<i, cols|1<<j, d1|a, d2|b)
			}
		}
		return
	}
	if i >= w.low || w.group>>i&1 == 0 {
		w.walk(i+1, rows, cols, d1, d2)
		if i < w.low {
			return
		}
	}
	// File j is free if neither its diagonal i-j+h-1 nor i+j is taken.
	for free := ^cols & (1<<h - 1); free != 0; free &= free - 1 {
		j := bits.TrailingZeros32(free)
		a, b := uint32(1)<<(i-j+h-1), uint32(1)<<(i+j)
		if d1&a|d2&b == 0 {
			w.walk(i+1, rows|1<<i, cols|1<<j, d1|a, d2|b)
		}
	}
}

// leaf counts or files one placement.
func (w *quadWalk) leaf(rows, cols, d1, d2 uint32) {
	k := int(rows)<<w.h | int(cols)
	if !w.fill {
		w.t.start[k+1]++
	} else {
		w.t.diags[w.t.start[k]] = uint64(d1) | uint64(d2)<<32
		w.t.start[k]++
	}
}

// list returns the placements on the given local ranks and files.
func (t *quadTable) list(rows, cols uint32) []uint64 {
	k := int(rows)<<t.h | int(cols)
	return t.diags[t.start[k]:t.start[k+1]]
}

// Modes of a start, which decide how the sets E are weighted.
const (
	modePlain = iota // every E counted once
	modeV            // E weighted over its orbit under the mirror top to bottom and the half turn
	modeEven         // modeV, and the east halves restricted to empty long diagonals
)

// A start is one placement of the queens of the middle rank and file (none for even n)
// with what it leaves free.
type start struct {
	rows       uint32 // free ranks
	west, east uint32 // free files of each half
	blk1, blk2 uint64 // diagonals r-f+n-1 and r+f of the placed queens
	weight     uint64 // how many placements of the middle queens this one stands for
	mode       int
	m, k       int // the number of free ranks and of east files: E is a k-subset of m
}

// A qtask is a range of the sets E of one start, numbered in colex order of their
// ranks among the start's free ranks.
type qtask struct {
	start  int
	lo, hi uint64
}

// A quadPlan is the quadrant counter's cut of one n into starts and tasks.
type quadPlan struct {
	n, h, o int
	starts  []start
	tasks   []qtask
}

// minQuadN and maxQuadN bound the boards the quadrant counter takes: below, the bitboard
// counter is as fast; above, the quadrant table (h = 12: about 600 million placements,
// 5 GB) would not fit.
const (
	minQuadN = 14
	maxQuadN = 23
)

// useQuadrants reports whether Count uses the quadrant counter for n.
func useQuadrants(n int) bool { return n >= minQuadN && n <= maxQuadN }

// binom[m][k] is m choose k.
var binom = func() (b [33][33]uint64) {
	for m := range b {
		b[m][0] = 1
		for k := 1; k <= m; k++ {
			b[m][k] = b[m-1][k-1] + b[m-1][k]
		}
	}
	return b
}()

// newQuadPlan returns the starts and tasks of n >= 4.
func newQuadPlan(n int) *quadPlan {
	h, o := n/2, n&1
	p := &quadPlan{n: n, h: h, o: o}
	all := uint32(1)<<n - 1
	westMask := uint32(1)<<h - 1
	mk := func(rows, cols uint32, blk1, blk2, weight uint64, mode int) start {
		s := start{rows: rows, west: cols & westMask, east: cols &^ westMask &^ (uint32(o) << h),
			blk1: blk1, blk2: blk2, weight: weight, mode: mode}
		s.m, s.k = bits.OnesCount32(rows), bits.OnesCount32(s.east)
		return s
	}
	if o == 0 {
		p.starts = append(p.starts, mk(all, all, 0, 0, 1, modeEven))
	} else {
		// The queen in the centre: the rest is an even board whose long diagonals are taken.
		mid := uint32(1) << h
		p.starts = append(p.starts, mk(all&^mid, all&^mid, 1<<(n-1), 1<<(n-1), 1, modeV))
		// Otherwise the middle rank's queen on file f and the middle file's on rank r, one
		// placement of each orbit under the 8 symmetries (each orbit has 8: a placement
		// fixed by a mirror or a turn would put both queens on one diagonal or the centre).
		for r := range n {
			for f := range n {
				if r == h || f == h || abs(r-h) == abs(f-h) || !leastMiddle(n, r, f) {
					continue
				}
				p.starts = append(p.starts, mk(all&^(mid|1<<r), all&^(mid|1<<f),
					1<<(h-f+n-1)|1<<(r-h+n-1), 1<<(h+f)|1<<(r+h), 8, modePlain))
			}
		}
	}
	// Cut the sets E of each start into blocks: about 512 tasks in all up to n = 18,
	// twice as many every two sizes beyond.
	target := 512 << max(0, (n-17)/2)
	per := max(1, target/len(p.starts))
	for i, s := range p.starts {
		numE := binom[s.m][s.k]
		nb := min(uint64(per), numE)
		for b := range nb {
			p.tasks = append(p.tasks, qtask{start: i, lo: numE * b / nb, hi: numE * (b + 1) / nb})
		}
	}
	return p
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// leastMiddle reports whether the middle queens on (h, f) and (r, h) are the least of their
// 8 images, compared as (r, f).
func leastMiddle(n, r, f int) bool {
	h := n / 2
	for _, g := range symmetries {
		a, b := g.mapSquare(n, Square{Rank: h, File: f}), g.mapSquare(n, Square{Rank: r, File: h})
		if a.Rank != h { // the images swapped lines
			a, b = b, a
		}
		if b.Rank < r || b.Rank == r && a.File < f {
			return false
		}
	}
	return true
}

// unrankE returns the k-subset of {0..m-1} whose colex rank is i.
func unrankE(m, k int, i uint64) uint32 {
	var idx uint32 // the subset as positions among the free ranks
	for j := k; j >= 1; j-- {
		c := j - 1
		for c+1 < m && binom[c+1][j] <= i {
			c++
		}
		i -= binom[c][j]
		idx |= 1 << c
	}
	return idx
}

// spread puts bit t of idx on the t-th set bit of mask.
func spread(idx, mask uint32) uint32 {
	var out uint32
	for ; idx != 0; idx &= idx - 1 {
		t := bits.TrailingZeros32(idx)
		m := mask
		for range t {
			m &= m - 1
		}
		out |= m & -m
	}
	return out
}

// nextSubset returns the next set of as many positions in colex order (Gosper's hack).
func nextSubset(x uint32) uint32 {
	c := x & -x
	r := x + c
	return (((r ^ x) >> 2) / c) | r
}
