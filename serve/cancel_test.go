package serve

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/problems"
)

// TestCancelEveryKind starts a search of every kind and mode that runs far longer than the
// test, cancels it with DELETE, and checks that it stopped: DELETE answers once the search
// has ended (or after 5 s), so a loop that does not look at its context leaves the state
// running. The slot must then be free for another search at once.
func TestCancelEveryKind(t *testing.T) {
	if testing.Short() {
		t.Skip("starts about 20 long searches")
	}
	dlxText := func(w func(*bytes.Buffer)) string {
		var b bytes.Buffer
		w(&b)
		s, _ := json.Marshal(b.String())
		return string(s)
	}
	q20 := dlxText(func(b *bytes.Buffer) { dlx.Write(b, problems.Queens(20)) })
	d32 := dlxText(func(b *bytes.Buffer) { dlx.Write(b, problems.Dominoes(32, 32)) })
	empty := func(n int) string { return strings.Repeat(".", n*n) }
	hexo := `"puzzle":"tiling","pieces":"hexominoes","region":"14x15"`
	for _, tc := range []struct{ name, req string }{
		{"queens count", `{"puzzle":"queens","n":20,"mode":"count"}`},
		{"queens solve", `{"puzzle":"queens","n":28}`},
		{"queens random", `{"puzzle":"queens","n":40,"mode":"random","limit":100000000}`},
		{"queens distinct", `{"puzzle":"queens","n":20,"mode":"distinct"}`},
		{"queens two per line", `{"puzzle":"queens","n":14,"perLine":2,"mode":"count"}`},
		{"queens puzzle", `{"puzzle":"queens","n":256,"mode":"puzzle","seed":1}`},
		{"sudoku count", `{"puzzle":"sudoku","grid":"` + empty(16) + `","mode":"count"}`},
		{"sudoku solve", `{"puzzle":"sudoku","grid":"` + empty(16) + `"}`},
		{"sudoku random", `{"puzzle":"sudoku","grid":"` + empty(25) + `","mode":"random","limit":100000000}`},
		{"sudoku puzzle", `{"puzzle":"sudoku","grid":"` + empty(25) + `","mode":"puzzle","seed":1}`},
		{"tiling count", `{` + hexo + `,"mode":"count"}`},
		{"tiling count memo", `{"puzzle":"tiling","pieces":"domino:200","region":"20x20","mode":"count","memo":"on"}`},
		{"tiling solve", `{` + hexo + `}`},
		{"tiling random", `{` + hexo + `,"mode":"random","limit":100000000}`},
		{"tiling distinct", `{` + hexo + `,"mode":"distinct"}`},
		{"tiling puzzle", `{"puzzle":"tiling","pieces":"pentominoes:5","region":"15x20","mode":"puzzle","seed":1}`},
		{"dlx count", `{"problem":` + q20 + `,"mode":"count"}`},
		{"dlx count memo", `{"problem":` + d32 + `,"mode":"count","memo":"on"}`},
		{"dlx solve", `{"problem":` + q20 + `}`},
		{"dlx random", `{"problem":` + q20 + `,"mode":"random","limit":100000000}`},
		{"dlx puzzle", `{"problem":` + d32 + `,"mode":"puzzle","seed":1}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := New(Options{MaxRunning: 1})
			ts := newHTTPServer(t, s)
			id := create(t, ts.URL, tc.req)
			time.Sleep(300 * time.Millisecond) // into the search's loops, past its set-up
			if st := status(t, ts.URL, id); st.State != present.StateRunning {
				t.Fatalf("the search ended before it was cancelled (%s, %s): make it longer", st.State, st.Error)
			}
			resp, b := do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
			if resp.StatusCode != http.StatusOK {
				t.Fatalf("DELETE: %s %s", resp.Status, b)
			}
			if st := decode[present.Status](t, b); st.State != present.StateCancelled {
				t.Fatalf("5 s after DELETE: state %s, want cancelled", st.State)
			}
			if resp, b := do(t, "POST", ts.URL+"/api/jobs", `{"puzzle":"queens","n":6}`); resp.StatusCode != http.StatusCreated {
				t.Errorf("POST after the cancel: %s %s", resp.Status, b)
			}
		})
	}
}
