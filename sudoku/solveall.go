package sudoku

import (
	"context"
	"fmt"
	"iter"
	"sync"
	"time"

	"github.com/xcover/xcover"
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
	// SolveAll, if not nil and Solve is, solves each puzzle posed as an exact cover
	// problem (Board.Encode) in place of the Board's own solver: an external solver, say,
	// as queens.Options.SolveAll. It returns at most limit solutions (0: all) of p, each
	// the indices of its options; the first is decoded and checked as the Board's own.
	SolveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)
}

// SolveAll solves the puzzles rd reads on several goroutines and yields their results in
// the order of the input, each as soon as it and all before it are done, so that a stream
// of millions of puzzles flows through in bounded memory. Every solution is checked with
// Board.Check before it is yielded. Breaking out of the loop, or cancelling ctx, stops the
// workers; after the loop, rd.Err tells whether reading failed.
//
// The input is cut into blocks of whole puzzles, each sized to about a millisecond of
// solving from the blocks before it. The only serial work is the cutting, which the workers
// take in turns: copying a block's puzzle lines out of rd. Each worker then parses, solves
// and checks its whole block, and the calling goroutine yields finished blocks in input
// order. Memory is bounded: a block holds at most 4096 puzzles and stops taking more once
// its text reaches 256 KiB; each worker keeps one block's text; at most 4 blocks per
// worker are cut and not yet yielded (a worker waits before cutting another), and only
// their results are kept.
func (b *Board) SolveAll(ctx context.Context, rd *Reader, opt SolveOptions) iter.Seq[Result] {
	return b.solveAll(ctx, rd, opt, 0)
}

// solveAll is SolveAll; blocks of fixed puzzles each if fixed > 0 (for tests).
func (b *Board) solveAll(ctx context.Context, rd *Reader, opt SolveOptions, fixed int) iter.Seq[Result] {
	return func(yield func(Result) bool) {
		cut := &cutter{rd: rd, fixed: fixed}
		workers := max(1, opt.Workers)
		if workers == 1 {
			b.solveInline(ctx, cut, opt, yield)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		window := windowPerWorker * workers
		tokens := make(chan struct{}, window) // one per block cut and not yet yielded
		done := make(chan *block, window)     // never blocks: at most window blocks are out
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := b.newBlockWorker(cut, opt)
				for {
					select {
					case tokens <- struct{}{}:
					case <-ctx.Done():
						return
					}
					blk := w.next(ctx)
					if blk == nil {
						<-tokens
						return
					}
					done <- blk
				}
			}()
		}
		go func() {
			wg.Wait()
			close(done)
		}()
		// Blocks come back in any order; pending[seq%window] holds those not yet yielded.
		// Invariant: every block out has next <= seq < next+window, as each holds a token.
		pending := make([]*block, window)
		next := 0
		stopped := false
		for blk := range done {
			pending[blk.seq%window] = blk
			for pending[next%window] != nil {
				blk := pending[next%window]
				pending[next%window] = nil
				next++
				for _, r := range blk.results {
					if !stopped && !yield(r) {
						stopped = true
						cancel()
					}
				}
				<-tokens
			}
		}
	}
}

// Block sizes and the window of blocks in flight (see SolveAll).
const (
	blockTarget     = time.Millisecond // solving time aimed at for one block
	firstBlock      = 8                // puzzles in the first blocks, before any is timed
	maxBlockPuzzles = 4096
	maxBlockBytes   = 256 << 10
	windowPerWorker = 4
)

// A block is a run of consecutive puzzles of the input, solved.
type block struct {
	seq     int // number of the block in the input, from 0
	results []Result
}

// A cutText is the text of a block as cut from the input: the puzzles' lines (trimmed) one
// after another. Each worker has its own, reused from block to block: the results keep
// nothing of it.
type cutText struct {
	text  []byte // the lines
	ends  []int  // end of each line in text
	lines []int  // line number of each
	rows  int    // lines a puzzle: 1, or N in grid layout (the last puzzle may have fewer)
}

// A cutter cuts the input of SolveAll into blocks, for all workers in turn.
type cutter struct {
	mu     sync.Mutex
	rd     *Reader
	seq    int
	eof    bool
	perOne time.Duration // solving time of one puzzle, from the blocks done; 0 before any
	fixed  int           // if > 0, the puzzles of every block, not timed (for tests)
}

// next cuts the next block of the input into in and returns its number, or false at the
// end of the input or once ctx is done.
func (c *cutter) next(ctx context.Context, in *cutText) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.eof || ctx.Err() != nil {
		return 0, false
	}
	size := firstBlock
	switch {
	case c.fixed > 0:
		size = c.fixed
	case c.perOne > 0:
		size = int(min(max(1, blockTarget/c.perOne), maxBlockPuzzles))
	}
	if cap(in.text) > 2*maxBlockBytes {
		in.text = nil // grown by a long line: not kept for the rest of the input
	}
	in.text, in.ends, in.lines, in.rows = in.text[:0], in.ends[:0], in.lines[:0], 1
	if c.rd.opt.Grid {
		in.rows = c.rd.n
	}
	if !c.rd.cut(in, size) {
		c.eof = true
	}
	if len(in.lines) == 0 {
		return 0, false
	}
	c.seq++
	return c.seq - 1, true
}

// timed records that solving k puzzles took d.
func (c *cutter) timed(k int, d time.Duration) {
	if k == 0 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	one := d / time.Duration(k)
	if c.perOne == 0 {
		c.perOne = max(1, one)
	} else {
		c.perOne = max(1, (3*c.perOne+one)/4)
	}
}

// cut copies the lines of up to size puzzles into in (a puzzle is in.rows lines), fewer if
// the text reaches maxBlockBytes first. It returns false at the end of the input.
func (r *Reader) cut(in *cutText, size int) bool {
	for range size {
		for range in.rows {
			t, ok := r.nextLine()
			if !ok {
				return false
			}
			in.text = append(in.text, t...)
			in.ends = append(in.ends, len(in.text))
			in.lines = append(in.lines, r.line)
		}
		if len(in.text) >= maxBlockBytes {
			break
		}
	}
	return true
}

// A blockWorker cuts, parses, solves and checks blocks, with its own solver.
type blockWorker struct {
	b       *Board
	cut     *cutter
	limit   uint64
	solve   func(context.Context, Grid, uint64, Grid) (uint64, error)
	in      cutText
	rows    [][]byte
	scratch []byte
}

func (b *Board) newBlockWorker(cut *cutter, opt SolveOptions) *blockWorker {
	w := &blockWorker{b: b, cut: cut, limit: opt.Limit, solve: opt.Solve}
	if cut.rd.opt.Grid {
		w.scratch = make([]byte, 0, 4*b.Cells()) // room for the cells, even as numbers
	}
	switch {
	case w.solve != nil:
	case opt.SolveAll != nil:
		w.solve = b.solveWith(opt.SolveAll)
	default:
		w.solve = b.newSolver().solve
	}
	return w
}

// solveWith returns a solve function that poses each puzzle as an exact cover problem
// (the givens' options left out) and solves it with solveAll (SolveOptions.SolveAll):
// it writes the first solution into sol and returns their number.
func (b *Board) solveWith(solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)) func(context.Context, Grid, uint64, Grid) (uint64, error) {
	return func(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
		enc, err := b.Encode(puzzle)
		if err != nil {
			return 0, err
		}
		sols, err := solveAll(ctx, enc.Problem, int(limit))
		if err != nil {
			return 0, err
		}
		if len(sols) > 0 {
			g, err := enc.Decode(sols[0])
			if err != nil {
				return 0, err
			}
			copy(sol, g)
		}
		return uint64(len(sols)), nil
	}
}

// next cuts the next block of the input and solves it; nil at the end of the input or once
// ctx is done.
func (w *blockWorker) next(ctx context.Context) *block {
	seq, ok := w.cut.next(ctx, &w.in)
	if !ok {
		return nil
	}
	start := time.Now()
	blk := &block{seq: seq, results: w.parse()}
	w.b.solveChunk(ctx, blk.results, w.limit, w.solve)
	w.cut.timed(len(blk.results), time.Since(start))
	return blk
}

// parse parses the puzzles of w.in.
func (w *blockWorker) parse() []Result {
	in, rd := &w.in, w.cut.rd // only rd's settings are read
	n := len(in.lines)
	puzzles := (n + in.rows - 1) / in.rows
	cells := w.b.Cells()
	grids := make([]uint8, puzzles*cells)
	results := make([]Result, puzzles)
	start := 0
	for i := range puzzles {
		g := Grid(grids[i*cells : (i+1)*cells : (i+1)*cells])
		lo, hi := i*in.rows, min(n, (i+1)*in.rows)
		if in.rows == 1 {
			results[i].Puzzle = rd.parseLine(in.text[start:in.ends[lo]], in.lines[lo], g)
		} else {
			w.rows = w.rows[:0]
			for j := lo; j < hi; j++ {
				w.rows = append(w.rows, in.text[start:in.ends[j]])
				start = in.ends[j]
			}
			results[i].Puzzle = rd.parseGrid(w.rows, in.lines[lo:hi], g, w.scratch)
		}
		start = in.ends[hi-1]
	}
	return results
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

// solveInline is SolveAll with one worker: cutting, solving and yielding on the calling
// goroutine, a block at a time, with nothing handed between goroutines.
func (b *Board) solveInline(ctx context.Context, cut *cutter, opt SolveOptions, yield func(Result) bool) {
	w := b.newBlockWorker(cut, opt)
	for {
		blk := w.next(ctx)
		if blk == nil {
			return
		}
		for _, r := range blk.results {
			if !yield(r) {
				return
			}
		}
	}
}
