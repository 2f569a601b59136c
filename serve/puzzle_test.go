package serve

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/present"
)

// TestPuzzleMode makes queens puzzles through the API: two kept, the pre-placed queens
// (options r*8+c) inside the solution, which they alone leave (counted by plain
// backtracking), none of them removable, both drawn; the same seed, the same puzzle.
func TestPuzzleMode(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	var first []int
	for _, seed := range []int{3, 3, 8} {
		id := create(t, ts.URL, fmt.Sprintf(`{"puzzle":"queens","n":8,"mode":"puzzle","seed":%d}`, seed))
		if st := wait(t, s, id); st.State != present.StateDone || st.Kept != 2 || st.Solutions != 1 || st.Seed == nil || *st.Seed != uint64(seed) {
			t.Fatalf("seed %d: status %+v", seed, st)
		}
		resp, b := do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions?offset=0&count=2", "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("solutions: %s %s", resp.Status, b)
		}
		page := decode[present.Page](t, b)
		if len(page.Solutions) != 2 {
			t.Fatalf("seed %d: %d kept", seed, len(page.Solutions))
		}
		set, sol := page.Solutions[0].Options, page.Solutions[1].Options
		if page.Solutions[0].SVG == "" || page.Solutions[1].SVG == "" {
			t.Errorf("seed %d: not drawn", seed)
		}
		pre, full := []int{-1, -1, -1, -1, -1, -1, -1, -1}, make([]int, 8)
		for _, k := range set {
			if !slices.Contains(sol, k) {
				t.Fatalf("seed %d: pre-placed %v not in %v", seed, set, sol)
			}
			pre[k/8] = k % 8
		}
		for _, k := range sol {
			full[k/8] = k % 8
		}
		if len(sol) != 8 || brute.QueensCompletions(full) != 1 || brute.QueensCompletions(pre) != 1 {
			t.Fatalf("seed %d: solution %v, pre-placed %v: not a solution, or not its only one", seed, sol, set)
		}
		for r := range pre {
			if pre[r] >= 0 {
				less := slices.Clone(pre)
				less[r] = -1
				if brute.QueensCompletions(less) < 2 {
					t.Errorf("seed %d: the queen on rank %d of %v can go", seed, r, pre)
				}
			}
		}
		if first == nil {
			first = set
		} else if seed == 3 && !slices.Equal(first, set) {
			t.Errorf("seed 3 twice: %v and %v", first, set)
		}
	}
}
