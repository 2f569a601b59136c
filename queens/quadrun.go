package queens

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// countQuad counts the given tasks (numbers into p.tasks) of the quadrant counter on the
// given number of goroutines; done, if not nil, receives the number and counts of each task
// finished (calls never overlap). Tests pass options: o.drop >= 0 breaks the join on
// purpose, dropping that key bit; o.minBucket > 0 sets the sieve's bucket size.
// The counts carry Solutions only: see Complete.
func countQuad(ctx context.Context, p *quadPlan, tasks []int, workers int, done func(task int, c Counts), o quadOptions) (Counts, error) {
	workers = max(1, min(workers, len(tasks)))
	if len(tasks) == 0 {
		return Counts{}, ctx.Err()
	}
	if ctx.Err() != nil {
		return Counts{}, ctx.Err()
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	t := newQuadTable(p.h, workers, &stop)
	if t == nil {
		return Counts{}, ctx.Err()
	}
	var next atomic.Int64
	var mu sync.Mutex
	results := make([]uint64, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Go(func() {
			w := newQuadWorker(p, t, &stop)
			if o.drop >= 0 {
				w.keep &^= 1 << o.drop
			}
			if o.minBucket > 0 {
				w.minBucket = o.minBucket
			}
			for ctx.Err() == nil {
				j := int(next.Add(1)) - 1
				if j >= len(tasks) {
					break
				}
				c, ok := w.run(p.tasks[tasks[j]])
				if !ok {
					break // given up: neither reported nor counted
				}
				results[i] += c
				if done != nil {
					mu.Lock()
					done(tasks[j], Counts{Solutions: c})
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	var c Counts
	for _, r := range results {
		c.Solutions += r
	}
	return c, ctx.Err()
}

// quadOptions alter the quadrant counter for tests.
type quadOptions struct {
	drop      int // a key bit to drop, breaking the join, if >= 0
	minBucket int // the sieve's bucket size, if > 0
}

// countQuadTasks is countShardTasks for the quadrant counter.
func countQuadTasks(ctx context.Context, n, workers, k, shards int, skip func(task int) bool, done func(task int, c Counts)) (Counts, int, error) {
	p := newQuadPlan(n)
	var mine []int
	for i := k - 1; i < len(p.tasks); i += shards {
		if skip == nil || !skip(i) {
			mine = append(mine, i)
		}
	}
	all := len(mine) == len(p.tasks)
	var fixed chan fixedResult
	if all && workers > 1 {
		// Complete's searches are serial: on more than one goroutine they run beside the
		// count instead of after it.
		fixed = make(chan fixedResult, 1)
		go func() {
			var r fixedResult
			r.f180, r.f90, r.err = fixedCounts(ctx, n)
			fixed <- r
		}()
	}
	c, err := countQuad(ctx, p, mine, workers, done, quadOptions{drop: -1})
	if fixed != nil {
		r := <-fixed
		if err == nil {
			if err = r.err; err == nil {
				c, err = completeWith(n, c.Solutions, r.f180, r.f90)
			}
		}
	} else if err == nil && all {
		c, err = complete(ctx, n, c.Solutions)
	}
	return c, len(p.tasks), err
}

// fixedResult carries fixedCounts' results.
type fixedResult struct {
	f180, f90 uint64
	err       error
}

// Complete returns the full counts of the n-queens problem from its number of solutions
// (the sum of the Solutions of every task of countShardTasks, over all shards): the
// essentially different solutions and their orbit sizes, by Burnside's lemma. It counts the
// solutions fixed by the half turn and by the quarter turn with a quick dedicated search
// (no reflection fixes a solution for n > 1), and then
//
//	Orbit2 = F90/2, Orbit4 = (F180-F90)/4, Orbit8 = (Solutions-F180)/8.
//
// It fails if these are not whole numbers (a wrong total) or ctx ends.
func complete(ctx context.Context, n int, solutions uint64) (Counts, error) {
	switch {
	case n < 1 || n > maxCountN:
		return Counts{}, fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxCountN)
	case n == 1:
		if solutions != 1 {
			return Counts{}, fmt.Errorf("queens: n = 1 has 1 solution, not %d", solutions)
		}
		return Counts{Solutions: 1, Distinct: 1}, nil
	}
	f180, f90, err := fixedCounts(ctx, n)
	if err != nil {
		return Counts{Solutions: solutions}, err
	}
	return completeWith(n, solutions, f180, f90)
}

// fixedCounts returns the numbers of solutions of n > 1 fixed by the half turn and by the
// quarter turn.
func fixedCounts(ctx context.Context, n int) (f180, f90 uint64, err error) {
	if f180, err = countFixed(ctx, n, false); err != nil {
		return 0, 0, err
	}
	if f90, err = countFixed(ctx, n, true); err != nil {
		return 0, 0, err
	}
	return f180, f90, nil
}

// completeWith is Complete for n > 1 given the solutions fixed by the half and the quarter
// turn.
func completeWith(n int, solutions, f180, f90 uint64) (Counts, error) {
	if f90%2 != 0 || (f180-f90)%4 != 0 || solutions < f180 || (solutions-f180)%8 != 0 {
		return Counts{Solutions: solutions}, fmt.Errorf("queens: %d solutions of n = %d do not split into orbits (%d fixed by the half turn, %d by the quarter turn)", solutions, n, f180, f90)
	}
	c := Counts{Orbit2: f90 / 2, Orbit4: (f180 - f90) / 4, Orbit8: (solutions - f180) / 8}
	return c.totals(), nil
}

// countFixed counts the solutions fixed by the half turn, or by the quarter turn if quarter
// is set: it places the queens of each orbit of squares under the turns at once, rank by
// rank from rank 0 (the images land on later ranks or on the same square).
func countFixed(ctx context.Context, n int, quarter bool) (uint64, error) {
	s := fixedSearch{ctx: ctx, m: n - 1, quarter: quarter, full: uint64(1)<<n - 1}
	total := s.rec()
	return total, ctx.Err()
}

// A fixedSearch is countFixed's state: the taken ranks, files and diagonals r-f+m, r+f.
type fixedSearch struct {
	ctx                context.Context
	m                  int // n-1
	quarter            bool
	full               uint64 // the n ranks
	rows, cols, d1, d2 uint64
	nodes              int
	stopped            bool // ctx was found done
}

// put places a queen on (r, f) and reports true, or reports false if the square is attacked.
func (s *fixedSearch) put(r, f int) bool {
	a1, a2 := uint64(1)<<(r-f+s.m), uint64(1)<<(r+f)
	if s.rows>>r&1|s.cols>>f&1 != 0 || s.d1&a1|s.d2&a2 != 0 {
		return false
	}
	s.rows, s.cols, s.d1, s.d2 = s.rows|1<<r, s.cols|1<<f, s.d1|a1, s.d2|a2
	return true
}

// rec counts the ways to complete the board, filling its lowest empty rank first.
func (s *fixedSearch) rec() uint64 {
	if s.rows == s.full {
		return 1
	}
	// Once ctx is done every call returns at once: returning from the one call that
	// looked (as it did) left its callers' loops to search on, seconds at n = 22.
	if s.nodes++; s.nodes&(1<<16-1) == 0 && s.ctx.Err() != nil {
		s.stopped = true
	}
	if s.stopped {
		return 0
	}
	r, m := bits.TrailingZeros64(^s.rows), s.m
	rows, cols, d1, d2 := s.rows, s.cols, s.d1, s.d2
	var total uint64
	for free := ^cols & s.full; free != 0; free &= free - 1 {
		f := bits.TrailingZeros64(free)
		// The orbit of (r, f): (m-r, m-f) under the half turn, and (f, m-r), (m-f, r) too
		// under the quarter turn; the centre is its own image, the only square so.
		ok := s.put(r, f)
		if ok && (r != m-r || f != m-f) {
			ok = s.put(m-r, m-f) && (!s.quarter || s.put(f, m-r) && s.put(m-f, r))
		}
		if ok {
			total += s.rec()
		}
		s.rows, s.cols, s.d1, s.d2 = rows, cols, d1, d2
	}
	return total
}
