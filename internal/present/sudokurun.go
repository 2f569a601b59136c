package present

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/sudoku"
)

// The sudoku command's loops over its input: the results of Board.SolveAll written one
// after another, and the puzzles written as exact cover problems (--emit dlx).

// SudokuWriteOptions controls SudokuWriter.WriteAll: what to tell the caller on the way.
type SudokuWriteOptions struct {
	// Malformed, if not nil, is called with the error of each malformed puzzle, whose
	// line is written too.
	Malformed func(error)
	// Progress, if not nil, is called with the tally so far after a puzzle is written, at
	// most once every ProgressInterval (default 1 s).
	Progress         func(SudokuTally)
	ProgressInterval time.Duration
	// ReadErr, if not nil, returns the error of reading the input, asked once the results
	// are done (Reader.Err).
	ReadErr func() error
}

// WriteAll writes every result of results (Board.SolveAll's) in order, then flushes rw.
// It returns the tally of the puzzles written (malformed ones included) and the first
// error: of solving or writing, opt.ReadErr's, or, when ctx is cancelled, a
// *SudokuInterrupted saying what was done (a count cut off is written by WritePartial
// first). Malformed puzzles are no error: the tally counts them.
func (rw *SudokuWriter) WriteAll(ctx context.Context, results iter.Seq[sudoku.Result], opt SudokuWriteOptions) (SudokuTally, error) {
	var t SudokuTally
	err := rw.writeResults(results, opt, &t)
	if err == nil && opt.ReadErr != nil {
		err = opt.ReadErr()
	}
	if err == nil && ctx.Err() != nil {
		err = &SudokuInterrupted{Puzzles: t.Puzzles, Err: ctx.Err()}
	}
	if ferr := rw.Flush(); err == nil {
		err = ferr
	}
	return t, err
}

// writeResults is WriteAll's loop over the results, counting them in t.
func (rw *SudokuWriter) writeResults(results iter.Seq[sudoku.Result], opt SudokuWriteOptions, t *SudokuTally) error {
	every := opt.ProgressInterval
	if every <= 0 {
		every = time.Second
	}
	nextReport := time.Now().Add(every)
	for res := range results {
		t.Add(res, rw.count)
		switch {
		case res.Puzzle.Err != nil && opt.Malformed != nil:
			opt.Malformed(res.Puzzle.Err)
		case res.Err != nil:
			if !errors.Is(res.Err, context.Canceled) && !errors.Is(res.Err, context.DeadlineExceeded) {
				return res.Err
			}
			cut := &SudokuInterrupted{Puzzles: t.Puzzles, Err: res.Err}
			if rw.count {
				cut.Line, cut.Count = res.Puzzle.Line, res.Count
				rw.WritePartial(res) // the interruption is the error to report
			}
			return cut
		}
		if err := rw.Write(res); err != nil {
			return err
		}
		if opt.Progress != nil && time.Now().After(nextReport) {
			nextReport = time.Now().Add(every)
			opt.Progress(*t)
		}
	}
	return nil
}

// WriteSudokuDLX writes every puzzle rd reads as an exact cover problem in DLX format (the
// givens' options left out), each after a comment line "| line L: BOARD PUZZLE" and a
// blank line between two, through a buffer of its own. A malformed puzzle is skipped and
// its error passed to malformed. It returns the number of malformed puzzles, and the
// first error of reading (rd.Err) or writing.
func WriteSudokuDLX(w io.Writer, b *sudoku.Board, rd *sudoku.Reader, malformed func(error)) (int, error) {
	bw := bufio.NewWriterSize(w, 64<<10) // the size of dlx.Write's buffer, so that it takes this one
	bad, first := 0, true
	for p, ok := rd.Next(); ok; p, ok = rd.Next() {
		if p.Err != nil {
			bad++
			malformed(p.Err)
			continue
		}
		if !first {
			bw.WriteString("\n") // an error stays in bw, for the next write
		}
		first = false
		if err := writeSudokuDLX(bw, b, p); err != nil {
			return bad, err
		}
	}
	if err := bw.Flush(); err != nil {
		return bad, err
	}
	return bad, rd.Err()
}

// writeSudokuDLX writes puzzle p on board b as an exact cover problem in DLX format,
// after its comment line.
func writeSudokuDLX(w io.Writer, b *sudoku.Board, p sudoku.Puzzle) error {
	e, err := b.Encode(p.Grid)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "| line %d: %s %s\n", p.Line, b, p.Grid.Format(p.Alphabet)); err != nil {
		return err
	}
	return dlx.Write(w, e.Problem)
}

// WriteSudokuGenerated writes a puzzle that Board.Generate made as sudoku --generate
// prints it: its line, or with asJSON one line {"puzzle":...,"solution":...,"givens":k,
// "guesses":g}. An error stays in w, for its Flush.
func WriteSudokuGenerated(w *bufio.Writer, g sudoku.Generated, asJSON bool) {
	if asJSON {
		fmt.Fprintf(w, "{\"puzzle\":%q,\"solution\":%q,\"givens\":%d,\"guesses\":%d}\n",
			g.Puzzle.Format(0), g.Solution.Format(0), g.Puzzle.Givens(), g.Guesses)
		return
	}
	w.WriteString(g.Puzzle.Format(0))
	w.WriteByte('\n')
}

// SudokuGenerateSummary describes a run of sudoku --generate in one line: made puzzles
// with givens givens in all, from uniform grids or not, in elapsed time.
func SudokuGenerateSummary(made, givens int, uniform bool, elapsed time.Duration) string {
	how := "random (not uniform) grids"
	if uniform {
		how = "uniform grids"
	}
	return fmt.Sprintf("sudoku: generated %d minimal puzzles from %s in %.3f s (%.3g/s), %.1f givens on average",
		made, how, elapsed.Seconds(), float64(made)/elapsed.Seconds(), float64(givens)/float64(made))
}

// maxMalformedShown is the number of malformed puzzles a SudokuMalformed names; the rest
// are counted.
const maxMalformedShown = 20

// A SudokuMalformed tells of the malformed puzzles of one input on W, as the sudoku
// command does: "xcover: NAME: ERROR" for each of the first 20, then one line saying that
// more are not shown. (A grid file read without --grid gave one message per line, without
// the file's name.)
type SudokuMalformed struct {
	W     io.Writer
	Name  string // the input's name
	shown int
}

// Report tells of one malformed puzzle.
func (m *SudokuMalformed) Report(err error) {
	if m.shown++; m.shown <= maxMalformedShown {
		fmt.Fprintf(m.W, "xcover: %s: %v\n", m.Name, err)
	} else if m.shown == maxMalformedShown+1 {
		fmt.Fprintln(m.W, "xcover: more malformed puzzles: not shown")
	}
}

// Hint suggests --grid when every one of the puzzles read was malformed.
func (m *SudokuMalformed) Hint(malformed, puzzles int) {
	if malformed > 0 && malformed == puzzles {
		fmt.Fprintf(m.W, "xcover: hint: no line of %s is a puzzle; if it holds a grid laid out over N lines, give --grid\n", m.Name)
	}
}
