package sudoku

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover"
)

// This file holds what every front end does around SolveAll: reading the alphabet a user
// names, counting the results for a summary, writing puzzles as problems, and solving with
// another solver.

// ParseAlphabet reads an alphabet as front ends name it: "auto", "1" (also "1-9A-Z",
// "1-9A-G"), "0" (also "0-9A-Z", "0-F") or "numbers".
func ParseAlphabet(s string) (Alphabet, error) {
	switch s {
	case "auto":
		return Auto, nil
	case "1", "1-9A-Z", "1-9A-G":
		return OneBased, nil
	case "0", "0-9A-Z", "0-F":
		return ZeroBased, nil
	case "numbers":
		return Numbers, nil
	}
	return Auto, fmt.Errorf("sudoku: unknown alphabet %q: want auto, 1, 0 or numbers", s)
}

// A Tally counts the results of SolveAll for a summary. The zero Tally is empty.
type Tally struct {
	Puzzles    int // puzzles done, malformed ones included
	NoSolution int // puzzles without a solution
	NotUnique  int // puzzles with several solutions (not counted when counting)
	Malformed  int // malformed puzzles
}

// Add counts one result; counting says that the solutions were counted, so that several
// are not "not unique". A puzzle cut off (res.Err set) is not counted.
func (t *Tally) Add(res Result, counting bool) {
	switch {
	case res.Puzzle.Err != nil:
		t.Malformed++
	case res.Err != nil:
		return // cut off: not done
	case res.Count == 0:
		t.NoSolution++
	case res.Count > 1 && !counting:
		t.NotUnique++
	}
	t.Puzzles++
}

// Summary describes the tally after elapsed time in one line: "300 puzzles in 0.012 s:
// 25000 puzzles/s (2 without solution, 1 malformed)".
func (t *Tally) Summary(elapsed time.Duration) string {
	rate := float64(t.Puzzles) / elapsed.Seconds()
	noun := " puzzles"
	if t.Puzzles == 1 {
		noun = " puzzle"
	}
	s := fmt.Sprintf("%s%s in %.3f s: %.0f puzzles/s", strconv.Itoa(t.Puzzles), noun, elapsed.Seconds(), rate)
	var extra []string
	if t.NoSolution > 0 {
		extra = append(extra, fmt.Sprintf("%d without solution", t.NoSolution))
	}
	if t.NotUnique > 0 {
		extra = append(extra, fmt.Sprintf("%d not unique", t.NotUnique))
	}
	if t.Malformed > 0 {
		extra = append(extra, fmt.Sprintf("%d malformed", t.Malformed))
	}
	if len(extra) > 0 {
		s += " (" + strings.Join(extra, ", ") + ")"
	}
	return s
}

// WriteAllDLX writes every puzzle rd reads as an exact cover problem ([Board.WriteDLX]),
// a blank line between two, through a buffer of its own. A malformed puzzle is skipped
// and its error passed to malformed. It returns the number of malformed puzzles, and the
// first error of reading (rd.Err) or writing.
func (b *Board) WriteAllDLX(w io.Writer, rd *Reader, malformed func(error)) (int, error) {
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
		if err := b.WriteDLX(bw, p); err != nil {
			return bad, err
		}
	}
	if err := bw.Flush(); err != nil {
		return bad, err
	}
	return bad, rd.Err()
}

// SolveWith returns a solve function for [SolveOptions].Solve that poses each puzzle as
// an exact cover problem (the givens' options left out) and solves it with solveAll, an
// external solver say: solveAll returns at most limit solutions (0: all) of p, each the
// indices of its options. The solve function writes the first into sol and returns their
// number. SolveAll checks every solution, as it checks its own.
func (b *Board) SolveWith(solveAll func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error)) func(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
	return func(ctx context.Context, puzzle Grid, limit uint64, sol Grid) (uint64, error) {
		enc, err := b.Encode(puzzle, GivensOmit)
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
