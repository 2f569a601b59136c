package sudoku

import (
	"context"
	"fmt"
	"iter"
)

// A Result is what SolveAll found for one puzzle.
type Result struct {
	Puzzle Puzzle
	// Count is the number of solutions found, at most the limit; Solution the first
	// (checked with Board.Check), nil if there is none or the puzzle is malformed.
	Count    uint64
	Solution Grid
	// Err says why the puzzle could not be solved: ctx's error if it was cut off (Count is
	// then what was found so far), or the solve function's. A malformed line is
	// Puzzle.Err, not Err.
	Err error
}

// SolveOptions controls SolveAll.
type SolveOptions struct {
	// Limit stops counting a puzzle's solutions at this many: 1 to find one, 2 to check
	// uniqueness; 0 counts them all.
	Limit uint64
	// Workers is the number of goroutines solving; 0 or 1 means one (pass runtime.NumCPU()
	// for every core).
	Workers int
	// Solve, if not nil, replaces the Board's own solver (an external solver, say): it
	// writes the first solution into sol and returns the number found, at most limit.
	Solve func(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error)
}

// solveChunk is the number of puzzles a worker takes at a time: enough to keep the
// hand-over cheap, few enough to keep the workers busy to the end.
const solveChunk = 32

// SolveAll solves the puzzles rd reads on several goroutines and yields their results in
// the order of the input, each as soon as it and all before it are done, so that a stream
// of millions of puzzles flows through in bounded memory. Every solution is checked with
// Board.Check before it is yielded. Breaking out of the loop, or cancelling ctx, stops the
// workers; after the loop, rd.Err tells whether reading failed.
func (b *Board) SolveAll(ctx context.Context, rd *Reader, opt SolveOptions) iter.Seq[Result] {
	return func(yield func(Result) bool) {
		workers := max(1, opt.Workers)
		if workers == 1 {
			b.solveInline(ctx, rd, opt, yield)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		type chunk struct {
			results []Result
			done    chan struct{}
		}
		// The reader hands chunks to the workers and, in the same order, to this loop.
		jobs := make(chan *chunk, workers)
		ordered := make(chan *chunk, 2*workers)
		go func() {
			defer close(ordered)
			defer close(jobs)
			for {
				c := &chunk{done: make(chan struct{})}
				for len(c.results) < solveChunk {
					p, ok := rd.Next()
					if !ok {
						break
					}
					c.results = append(c.results, Result{Puzzle: p})
				}
				if len(c.results) == 0 {
					return
				}
				select {
				case jobs <- c:
				case <-ctx.Done():
					return
				}
				ordered <- c
			}
		}()
		for range workers {
			go func() {
				s := b.NewSolver()
				solve := opt.Solve
				if solve == nil {
					solve = s.Solve
				}
				for c := range jobs {
					b.solveChunk(ctx, c.results, opt.Limit, solve)
					close(c.done)
				}
			}()
		}
		stopped := false
		for c := range ordered {
			<-c.done
			for _, r := range c.results {
				if !stopped && !yield(r) {
					stopped = true
					cancel()
				}
			}
		}
	}
}

// solveChunk solves the puzzles of rs in place and checks every solution.
func (b *Board) solveChunk(ctx context.Context, rs []Result, limit uint64, solve func(context.Context, Grid, uint64, Grid) (uint64, error)) {
	cells := b.Cells()
	sols := make([]uint8, len(rs)*cells)
	for i := range rs {
		r := &rs[i]
		if r.Puzzle.Err != nil {
			continue
		}
		if err := ctx.Err(); err != nil {
			r.Err = err
			continue
		}
		sol := Grid(sols[i*cells : (i+1)*cells])
		r.Count, r.Err = solve(ctx, r.Puzzle.Grid, limit, sol)
		if r.Err == nil && r.Count > 0 {
			if err := b.Check(r.Puzzle.Grid, sol); err != nil {
				r.Err = fmt.Errorf("line %d: internal error: the solver's answer fails the check: %v", r.Puzzle.Line, err)
			} else {
				r.Solution = sol
			}
		}
	}
}

// solveInline is SolveAll with one worker: reading, solving and yielding on the calling
// goroutine, a chunk at a time, with nothing handed between goroutines.
func (b *Board) solveInline(ctx context.Context, rd *Reader, opt SolveOptions, yield func(Result) bool) {
	s := b.NewSolver()
	solve := opt.Solve
	if solve == nil {
		solve = s.Solve
	}
	rs := make([]Result, 0, solveChunk)
	for {
		rs = rs[:0]
		for len(rs) < solveChunk {
			p, ok := rd.Next()
			if !ok {
				break
			}
			rs = append(rs, Result{Puzzle: p})
		}
		if len(rs) == 0 {
			return
		}
		b.solveChunk(ctx, rs, opt.Limit, solve)
		for _, r := range rs {
			if !yield(r) {
				return
			}
		}
		if ctx.Err() != nil {
			return // as the reader of the workers stops
		}
	}
}
