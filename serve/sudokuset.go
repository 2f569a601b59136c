package serve

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	http "github.com/xcover/xcover/internal/httpshim"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/sudokutext"
	"github.com/xcover/xcover/sudoku"
)

// handleSudokuSet answers POST /api/sudoku: a set of Sudoku puzzles, one a line (the
// Request's Grid), solved in this one request by the sudoku package's batch solver, as the
// command's sudoku solves a file, and answered when done with a [present.SudokuSet]. A
// search per puzzle (POST /api/jobs) poses the puzzle as an exact cover problem, checks its
// solution with the verifier and is polled for: dearer than the solving itself, most of all
// in the browser. The set holds a running slot while it is solved, within JobTimeout; the
// memory reserved for its body (32 bytes a byte) holds its results.
func (s *Server) handleSudokuSet(w http.ResponseWriter, r *http.Request) {
	req, adm := s.readRequest(w, r)
	if adm == nil {
		return
	}
	defer adm.release()
	limit := uint64(2) // a solution, and whether it is unique
	switch {
	case req.Problem != "" || (req.Puzzle != "" && req.Puzzle != "sudoku"):
		writeError(w, http.StatusBadRequest, `a set is of Sudoku puzzles: give "grid", one puzzle a line`)
		return
	case req.Mode == present.ModeCount:
		limit = req.Limit
	case req.Mode != "" && req.Mode != present.ModeSolve:
		writeError(w, http.StatusBadRequest, fmt.Sprintf("mode %q: a Sudoku set is solved or counted", req.Mode))
		return
	}
	side := sudokutext.PeekSide(bufio.NewReaderSize(strings.NewReader(req.Grid), 1<<16), false)
	if side == 0 {
		writeError(w, http.StatusBadRequest, "sudoku set: the first puzzle line is not N×N characters (one puzzle a line)")
		return
	}
	b, err := sudoku.NewBoardFor(sudoku.Variant{BoxRows: req.BoxRows, BoxCols: req.BoxCols, X: req.X, Windoku: req.Windoku}, side)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	if b.N() != side {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("sudoku set: puzzles of side %d on a board of side %d", side, b.N()))
		return
	}
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		writeError(w, http.StatusServiceUnavailable, "server shutting down")
		return
	case s.running >= s.opt.MaxRunning:
		s.mu.Unlock()
		w.Header().Set("Retry-After", retryAfter)
		writeError(w, http.StatusTooManyRequests, fmt.Sprintf("%d searches running already; try again later", s.running))
		return
	}
	s.running++
	s.wg.Add(1)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.running--
		s.mu.Unlock()
		s.wg.Done()
	}()
	ctx, cancel := context.WithTimeoutCause(r.Context(), s.opt.JobTimeout, fmt.Errorf("time limit of %v reached", s.opt.JobTimeout))
	defer cancel()
	defer context.AfterFunc(s.ctx, cancel)() // Close stops it

	set := present.SudokuSet{Results: []present.SudokuResult{}}
	rd := sudoku.NewReader(strings.NewReader(req.Grid), side, sudoku.ReadOptions{Alphabet: sudoku.Auto, Name: "grid"})
	start := time.Now()
	for res := range b.SolveAll(ctx, rd, sudoku.SolveOptions{Limit: limit, Workers: s.opt.Workers}) {
		p := res.Puzzle
		if p.Err == nil && res.Err != nil {
			cause := context.Cause(ctx)
			if cause == nil || s.ctx.Err() != nil {
				cause = errors.New("server shutting down")
			}
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("sudoku set: stopped after %d puzzles: %v", set.Puzzles, cause))
			return
		}
		set.Add(res, req.Mode == present.ModeCount)
		out := present.SudokuResult{Line: p.Line, Solutions: res.Count}
		switch {
		case p.Err != nil:
			var le *sudoku.LineError
			if errors.As(p.Err, &le) {
				out.Error = le.Err.Error()
			} else {
				out.Error = p.Err.Error()
			}
		case res.Count > 0:
			// SolveAll has checked it by the rules (Board.Check), not trusting the kernel.
			out.Solution = res.Solution.Format(p.Alphabet)
		}
		set.Results = append(set.Results, out)
	}
	elapsed := time.Since(start)
	set.Elapsed = elapsed.Seconds()
	if err := rd.Err(); err != nil {
		writeError(w, http.StatusBadRequest, "sudoku set: "+err.Error())
		return
	}
	set.Summary = set.SudokuTally.Summary(elapsed)
	writeJSON(w, http.StatusOK, set)
}
