package queens

import (
	"context"
	"fmt"
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
	t := newQuadTable(p.h)
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
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

// QuadrantTasks reports whether CountTasks uses the quadrant counter for n, whose tasks
// report Solutions only (see Complete).
func QuadrantTasks(n int) bool { return useQuadrants(n) }

// countQuadTasks is CountTasks for the quadrant counter.
func countQuadTasks(ctx context.Context, n, workers, k, shards int, skip func(task int) bool, done func(task int, c Counts)) (Counts, int, error) {
	p := newQuadPlan(n)
	var mine []int
	for i := k - 1; i < len(p.tasks); i += shards {
		if skip == nil || !skip(i) {
			mine = append(mine, i)
		}
	}
	c, err := countQuad(ctx, p, mine, workers, done, quadOptions{drop: -1})
	if err == nil && len(mine) == len(p.tasks) {
		c, err = Complete(ctx, n, c.Solutions)
	}
	return c, len(p.tasks), err
}

// Complete returns the full counts of the n-queens problem from its number of solutions
// (the sum of the Solutions of every task of CountTasks, over all shards): the
// essentially different solutions and their orbit sizes, by Burnside's lemma. It counts the
// solutions fixed by the half turn and by the quarter turn with a quick dedicated search
// (no reflection fixes a solution for n > 1), and then
//
//	Orbit2 = F90/2, Orbit4 = (F180-F90)/4, Orbit8 = (Solutions-F180)/8.
//
// It fails if these are not whole numbers (a wrong total) or ctx ends.
func Complete(ctx context.Context, n int, solutions uint64) (Counts, error) {
	switch {
	case n < 1 || n > MaxCountN:
		return Counts{}, fmt.Errorf("queens: board side %d out of range [1, %d]", n, MaxCountN)
	case n == 1:
		if solutions != 1 {
			return Counts{}, fmt.Errorf("queens: n = 1 has 1 solution, not %d", solutions)
		}
		return Counts{Solutions: 1, Distinct: 1}, nil
	}
	f180, err := countFixed(ctx, n, false)
	if err != nil {
		return Counts{Solutions: solutions}, err
	}
	f90, err := countFixed(ctx, n, true)
	if err != nil {
		return Counts{Solutions: solutions}, err
	}
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
	var rows, cols, d1, d2 uint64 // taken ranks, files, diagonals r-f+n-1 and r+f
	full := uint64(1)<<n - 1
	m := n - 1
	var nodes int
	var rec func() uint64
	rec = func() uint64 {
		if rows == full {
			return 1
		}
		if nodes++; nodes&(1<<16-1) == 0 && ctx.Err() != nil {
			return 0
		}
		r := 0
		for rows>>r&1 == 1 {
			r++
		}
		var total uint64
		for f := range n {
			if cols>>f&1 == 1 {
				continue
			}
			orbit := [4][2]int{{r, f}, {m - r, m - f}, {f, m - r}, {m - f, r}}
			k := 2
			if quarter {
				k = 4
			}
			sr, sc, s1, s2 := rows, cols, d1, d2
			ok := true
			for i, q := range orbit[:k] {
				if i > 0 && q == orbit[0] {
					continue // the centre, its own image (the only square with a smaller orbit)
				}
				a, b, c, d := uint64(1)<<q[0], uint64(1)<<q[1], uint64(1)<<(q[0]-q[1]+m), uint64(1)<<(q[0]+q[1])
				if rows&a|cols&b|d1&c|d2&d != 0 {
					ok = false
					break
				}
				rows, cols, d1, d2 = rows|a, cols|b, d1|c, d2|d
			}
			if ok {
				total += rec()
			}
			rows, cols, d1, d2 = sr, sc, s1, s2
		}
		return total
	}
	total := rec()
	return total, ctx.Err()
}
