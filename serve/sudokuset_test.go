package serve

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

// TestSudokuSet solves sets of Sudoku puzzles in one request (POST /api/sudoku) and checks
// every solution it answers with the verifier, on the exact cover problem of its puzzle
// (not with the sudoku package's own checker, which the server used), and every count and
// tally against what is known: the two example puzzles are unique, the empty 9x9 grid is
// not, two 5s in a row have no solution, the empty 4x4 grid has 288 solutions (72 with one
// given), the 6x6 example has 2 (the engine counts 2 too: xcover sudoku --emit dlx | xcover count).
func TestSudokuSet(t *testing.T) {
	const (
		ex1   = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
		ex2   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		empty = "................................................................................."
	)
	noSol := "55" + empty[2:]
	tests := []struct {
		name    string
		req     present.Request
		want    []uint64 // solutions of each result; ^0 for a malformed line
		summary string   // the summary's tally, after the time
	}{
		{"unique", present.Request{Grid: ex1 + "\n" + ex2 + "\n"}, []uint64{1, 1}, ""},
		{"mixed", present.Request{Puzzle: "sudoku", Mode: "solve", Grid: "# a set\n" + ex2 + "\n\n" + empty + "\n12345\n" + noSol + "\n" + ex1},
			[]uint64{1, 2, ^uint64(0), 0, 1}, " (1 without solution, 1 not unique, 1 malformed)"},
		{"count 4x4", present.Request{Mode: "count", Grid: "................\n1...............\n"}, []uint64{288, 72}, ""},
		{"6x6, count to 3", present.Request{Mode: "count", Limit: 3, Grid: "1.3.5..5.1....15.4..42....2.4..4.3.2\n....................................\n"}, []uint64{2, 3}, ""},
		{"x", present.Request{X: true, Grid: empty}, []uint64{2}, " (1 not unique)"},
	}
	ts := newHTTPServer(t, New(Options{Workers: 2}))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body, _ := json.Marshal(tc.req)
			resp, b := do(t, "POST", ts.URL+"/api/sudoku", string(body))
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("%s: %s", resp.Status, b)
			}
			set := decode[present.SudokuSet](t, b)
			if len(set.Results) != len(tc.want) || set.Puzzles != len(tc.want) {
				t.Fatalf("%d results of %d puzzles, want %d: %s", len(set.Results), set.Puzzles, len(tc.want), b)
			}
			if !strings.HasSuffix(set.Summary, "puzzles/s"+tc.summary) || !strings.HasPrefix(set.Summary, fmt.Sprintf("%d puzzle", len(tc.want))) {
				t.Errorf("summary %q, want it to end %q", set.Summary, tc.summary)
			}
			puzzles := map[int]string{}
			for i, line := range strings.Split(tc.req.Grid, "\n") {
				puzzles[i+1] = line
			}
			for i, r := range set.Results {
				if tc.want[i] == ^uint64(0) {
					if r.Error == "" || r.Solution != "" {
						t.Errorf("line %d: %+v, want a malformed line", r.Line, r)
					}
					continue
				}
				if r.Solutions != tc.want[i] || r.Error != "" || (r.Solution == "") != (r.Solutions == 0) {
					t.Errorf("line %d: %+v, want %d solutions", r.Line, r, tc.want[i])
					continue
				}
				if r.Solution != "" {
					checkSudokuSolution(t, tc.req, puzzles[r.Line], r.Solution)
				}
			}
		})
	}
}

// checkSudokuSolution fails the test unless sol solves puzzle, by the verifier on the
// puzzle's exact cover problem.
func checkSudokuSolution(t *testing.T, req present.Request, puzzle, sol string) {
	t.Helper()
	v := sudoku.Variant{BoxRows: req.BoxRows, BoxCols: req.BoxCols, X: req.X, Windoku: req.Windoku}
	b, p, err := sudoku.ParsePuzzle(puzzle, v, sudoku.Auto)
	if err != nil {
		t.Fatalf("%s: %v", puzzle, err)
	}
	_, s, err := sudoku.ParsePuzzle(sol, v, sudoku.Auto)
	if err != nil {
		t.Fatalf("solution %s: %v", sol, err)
	}
	enc, err := b.Encode(p.Grid)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := enc.Options(s.Grid)
	if err != nil {
		t.Fatalf("solution %s of %s: %v", sol, puzzle, err)
	}
	if vs := verify.Check(enc.Problem, opts); len(vs) > 0 {
		t.Errorf("solution %s of %s: %s", sol, puzzle, vs[0].Msg)
	}
}

// TestSudokuSetRefused checks the requests that POST /api/sudoku refuses, with 400.
func TestSudokuSetRefused(t *testing.T) {
	tests := []struct {
		name, body, want string
	}{
		{"random", `{"mode":"random","grid":"................"}`, "solved or counted"},
		{"queens", `{"puzzle":"queens","n":8}`, "Sudoku puzzles"},
		{"problem", `{"problem":"a\na\n"}`, "Sudoku puzzles"},
		{"not a square", `{"grid":"12345\n"}`, "N×N characters"},
		{"no puzzle", `{"grid":"# nothing\n"}`, "N×N characters"},
		{"windoku on 6x6", `{"windoku":true,"grid":"....................................\n"}`, "windoku"},
		{"unknown field", `{"grids":"x"}`, "bad request body"},
	}
	ts := newHTTPServer(t, New(Options{}))
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, b := do(t, "POST", ts.URL+"/api/sudoku", tc.body)
			if resp.StatusCode != http.StatusBadRequest || !strings.Contains(decode[apiError](t, b).Error, tc.want) {
				t.Errorf("%s: %s, want 400 saying %q", resp.Status, b, tc.want)
			}
		})
	}
}

// TestSudokuSetBusy checks that a set takes a running slot: with the one slot held by a
// search, a set gets 429 with Retry-After.
func TestSudokuSetBusy(t *testing.T) {
	s := New(Options{MaxRunning: 1})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, long)
	resp, b := do(t, "POST", ts.URL+"/api/sudoku", `{"grid":"................"}`)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Errorf("a set beside a running search: %s %s, want 429 with Retry-After", resp.Status, b)
	}
	do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
}
