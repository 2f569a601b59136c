package serve

import (
	"github.com/xcover/xcover/internal/present"

	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/verify"
)

// newHTTPServer serves s on loopback for the length of the test, closing both at its end.
func newHTTPServer(t *testing.T, s *Server) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(func() {
		s.Close()
		ts.Close()
	})
	return ts
}

// do makes a request and returns the response with its body read.
func do(t *testing.T, method, url, body string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// decode unmarshals b into a new T.
func decode[T any](t *testing.T, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("bad JSON %q: %v", b, err)
	}
	return v
}

// create starts a search and returns its id, failing the test unless it answers 201.
func create(t *testing.T, base, body string) string {
	t.Helper()
	resp, b := do(t, "POST", base+"/api/jobs", body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST %s: %s %s", body, resp.Status, b)
	}
	st := decode[present.Status](t, b)
	if st.ID == "" || resp.Header.Get("Location") != "/api/jobs/"+st.ID {
		t.Fatalf("POST %s: id %q, Location %q", body, st.ID, resp.Header.Get("Location"))
	}
	return st.ID
}

// wait waits for a search of s to end and returns its status.
func wait(t *testing.T, s *Server, id string) present.Status {
	t.Helper()
	s.mu.Lock()
	j := s.jobs[id]
	s.mu.Unlock()
	if j == nil {
		t.Fatalf("no job %s", id)
	}
	select {
	case <-j.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("job %s still running after 30 s", id)
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.status()
}

// status gets the status of a search through the API.
func status(t *testing.T, base, id string) present.Status {
	t.Helper()
	resp, b := do(t, "GET", base+"/api/jobs/"+id, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET status: %s %s", resp.Status, b)
	}
	return decode[present.Status](t, b)
}

// long is a search that takes far longer than any test waits: counting the 20-queens
// solutions.
const long = `{"puzzle":"queens","n":20,"mode":"count"}`

// checkSolutions fetches the problem searched and every kept solution, and checks each
// with package verify against the problem read back from its DLX download.
func checkSolutions(t *testing.T, base, id string) []present.Solution {
	t.Helper()
	resp, b := do(t, "GET", base+"/api/jobs/"+id+"/problem.dlx", "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("problem.dlx: %s %s", resp.Status, b)
	}
	f, err := dlx.Parse(strings.NewReader(string(b)), "problem.dlx")
	if err != nil {
		t.Fatalf("problem.dlx does not read back: %v", err)
	}
	var all []present.Solution
	for off := 0; ; {
		resp, b := do(t, "GET", fmt.Sprintf("%s/api/jobs/%s/solutions?offset=%d&count=100", base, id, off), "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("solutions: %s %s", resp.Status, b)
		}
		pg := decode[present.Page](t, b)
		for i, sol := range pg.Solutions {
			if sol.Index != off+i {
				t.Errorf("solution %d has index %d", off+i, sol.Index)
			}
			if v := verify.Check(f.Problem, sol.Options); len(v) > 0 {
				t.Errorf("solution %d %v is not a solution: %v", sol.Index, sol.Options, v[0])
			}
		}
		all = append(all, pg.Solutions...)
		off += len(pg.Solutions)
		if len(pg.Solutions) == 0 || off >= pg.Kept {
			break
		}
	}
	return all
}

const knuthExample = `| Knuth's example
A B C D E F G
C E F
A D G
B C F
A D
B G
D E G
`

// holed8x8 is the 8x8 board without its centre 2x2.
const holed8x8 = "########\n########\n########\n###..###\n###..###\n########\n########\n########\n"

func TestSearches(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	tests := []struct {
		name      string
		body      string
		solutions uint64
		total     uint64 // distinct mode
		kept      int
		limited   bool // stopped at the limit
		note      string
		check     func(t *testing.T, sols []present.Solution)
	}{
		{name: "queens 8", body: `{"puzzle":"queens","n":8}`, solutions: 92, kept: 92,
			check: func(t *testing.T, sols []present.Solution) {
				for _, sol := range sols {
					if err := queens.Check(queens.Decode(8, sol.Options), 1); err != nil {
						t.Errorf("%v: %v", sol.Options, err)
					}
					if n := strings.Count(sol.SVG, `class="queen"`); n != 8 {
						t.Errorf("%v: drawing has %d queens", sol.Options, n)
					}
				}
			}},
		{name: "queens 8 count", body: `{"puzzle":"queens","n":8,"mode":"count"}`, solutions: 92},
		{name: "queens 8 count limit", body: `{"puzzle":"queens","n":8,"mode":"count","limit":50}`, solutions: 50, limited: true},
		{name: "queens 8 distinct", body: `{"puzzle":"queens","n":8,"mode":"distinct"}`, solutions: 12, total: 92, kept: 12,
			check: func(t *testing.T, sols []present.Solution) {
				seen := map[string]bool{}
				for _, sol := range sols {
					cols := queens.Decode(8, sol.Options).Files()
					rep := fmt.Sprint(queens.Canonical(cols).Rep)
					if seen[rep] {
						t.Errorf("two solutions of the class of %s", rep)
					}
					seen[rep] = true
				}
			}},
		{name: "queens 10 solve limit", body: `{"puzzle":"queens","n":10,"limit":7}`, solutions: 7, kept: 7, limited: true},
		{name: "queens 4 two per line", body: `{"puzzle":"queens","n":4,"perLine":2,"mode":"solve"}`, solutions: 11, kept: 11,
			check: func(t *testing.T, sols []present.Solution) {
				for _, sol := range sols {
					if err := queens.Check(queens.Decode(4, sol.Options), 2); err != nil {
						t.Errorf("%v: %v", sol.Options, err)
					}
				}
			}},
		{name: "queens random", body: `{"puzzle":"queens","n":12,"mode":"random","seed":7}`, solutions: 1, kept: 1, limited: true},
		{name: "pentominoes holed distinct", body: `{"puzzle":"tiling","pieces":"pentominoes","region":` + jsonString(holed8x8) + `,"mode":"distinct"}`,
			solutions: 65, total: 520, kept: 65, note: "8 symmetries"},
		{name: "tetrominoes twice", body: `{"puzzle":"tiling","pieces":"tetrominoes:2","region":"5x8","limit":3}`, solutions: 3, kept: 3, limited: true,
			check: func(t *testing.T, sols []present.Solution) {
				for _, sol := range sols {
					if !strings.HasPrefix(sol.SVG, "<svg") || len(strings.Split(strings.TrimSpace(sol.Text), "\n")) != 8 {
						t.Errorf("tiling %v drawn as %.40q and %q", sol.Options, sol.SVG, sol.Text)
					}
				}
			}},
		{name: "pentominoes 8x8 impossible", body: `{"puzzle":"tiling","pieces":"pentominoes","region":"8x8","mode":"count"}`,
			note: "no tilings: the pieces have 60 cells and the region 64"},
		{name: "sudoku", body: `{"puzzle":"sudoku","grid":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"}`,
			solutions: 1, kept: 1,
			check: func(t *testing.T, sols []present.Solution) {
				if want := "534678912672195348198342567859761423426853791713924856961537284287419635345286179"; sols[0].Text != want {
					t.Errorf("sudoku solved as %s, want %s", sols[0].Text, want)
				}
				if !strings.HasPrefix(sols[0].SVG, "<svg") {
					t.Errorf("no drawing of the Sudoku (has sudoku.Board.WriteSVG changed?)")
				}
			}},
		{name: "dlx", body: `{"problem":` + jsonString(knuthExample) + `}`, solutions: 1, kept: 1,
			check: func(t *testing.T, sols []present.Solution) {
				if got := fmt.Sprint(sols[0].Options); got != "[0 3 4]" || sols[0].Text != "C E F\nA D\nB G" {
					t.Errorf("got %s %q", got, sols[0].Text)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			id := create(t, ts.URL, tc.body)
			st := wait(t, s, id)
			if st.State != present.StateDone || st.Error != "" {
				t.Fatalf("state %s (%s)", st.State, st.Error)
			}
			if st.Solutions != tc.solutions || st.Total != tc.total || st.Kept != tc.kept {
				t.Errorf("solutions %d, total %d, kept %d; want %d, %d, %d", st.Solutions, st.Total, st.Kept, tc.solutions, tc.total, tc.kept)
			}
			if st.LimitReached != tc.limited {
				t.Errorf("limitReached %v", st.LimitReached)
			}
			if !tc.limited && st.Fraction != 1 || st.ETA != 0 {
				t.Errorf("fraction %g, ETA %g at the end", st.Fraction, st.ETA)
			}
			if !strings.HasPrefix(st.Note, tc.note) {
				t.Errorf("note %q, want %q", st.Note, tc.note)
			}
			if got := status(t, ts.URL, id); got.State != present.StateDone || got.Solutions != tc.solutions {
				t.Errorf("GET status: %+v", got)
			}
			sols := checkSolutions(t, ts.URL, id)
			if len(sols) != tc.kept {
				t.Errorf("listed %d solutions, want %d", len(sols), tc.kept)
			}
			if tc.check != nil && len(sols) > 0 {
				tc.check(t, sols)
			}
		})
	}
}

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func TestRandomSeed(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	first := func(body string) present.Status {
		id := create(t, ts.URL, body)
		st := wait(t, s, id)
		if st.State != present.StateDone || st.Kept != 1 {
			t.Fatalf("%s: %+v", body, st)
		}
		checkSolutions(t, ts.URL, id)
		return st
	}
	a := first(`{"puzzle":"queens","n":30,"mode":"random","seed":12345}`)
	if a.Seed == nil || *a.Seed != 12345 {
		t.Errorf("seed %v, want 12345", a.Seed)
	}
	b := first(`{"puzzle":"queens","n":30,"mode":"random"}`)
	if b.Seed == nil {
		t.Errorf("no seed reported for a random search")
	}
}

func TestBadRequests(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	badDLX := "A B | X\nA X:red\nB C\n"
	_, dlxErr := dlx.Parse(strings.NewReader(badDLX), "mine.dlx")
	var de *dlx.Error
	if !errors.As(dlxErr, &de) || de.Line != 3 {
		t.Fatalf("dlx.Parse: %v", dlxErr)
	}
	tests := []struct {
		name, body string
		msg        string // the error, or a part of it
		line       int
	}{
		{"dlx", `{"problem":` + jsonString(badDLX) + `,"name":"mine.dlx"}`, de.Error(), 3},
		{"dlx default name", `{"problem":"A B\nA\nA C\n"}`, `problem:3: unknown item "C"`, 3},
		{"json", `{"puzzle":`, "bad request body", 0},
		{"unknown field", `{"puzzle":"queens","n":8,"size":3}`, `unknown field "size"`, 0},
		{"nothing", `{}`, "no problem", 0},
		{"both", `{"puzzle":"queens","problem":"A\nA\n"}`, "not both", 0},
		{"mode", `{"puzzle":"queens","n":8,"mode":"all"}`, `unknown mode "all"`, 0},
		{"puzzle", `{"puzzle":"kakuro"}`, `unknown puzzle "kakuro"`, 0},
		{"queens n", `{"puzzle":"queens","n":0}`, "queens: board side 0 out of range", 0},
		{"queens huge", `{"puzzle":"queens","n":100000}`, "out of range for this server's memory budget", 0},
		{"queens perLine", `{"puzzle":"queens","n":4,"perLine":5}`, "queens: 5 queens per line out of range", 0},
		{"queens perLine negative", `{"puzzle":"queens","n":4,"perLine":-1}`, "queens: -1 queens per line out of range", 0},
		{"queens count out of reach", `{"puzzle":"queens","n":40,"mode":"count"}`, "out of reach", 0},
		{"queens distinct", `{"puzzle":"queens","n":6,"perLine":2,"mode":"distinct"}`, "no distinct mode", 0},
		{"tiling pieces", `{"puzzle":"tiling","pieces":"heptominoes","region":"6x10"}`, "tiling: pieces:", 0},
		{"tiling no region", `{"puzzle":"tiling","pieces":"pentominoes"}`, "no region", 0},
		{"tiling many cells", `{"puzzle":"tiling","pieces":"domino","region":"70x70"}`, "more than the 4096", 0},
		{"tiling much work", `{"puzzle":"tiling","pieces":"hexominoes","region":"60x60"}`, "too large", 0},
		{"sudoku char", `{"puzzle":"sudoku","grid":"# a comment\n` + strings.Repeat(".", 40) + `x` + strings.Repeat(".", 40) + `"}`, "sudoku: line 2:", 2},
		{"sudoku length", `{"puzzle":"sudoku","grid":"123"}`, "not a square number", 1},
		{"sudoku box", `{"puzzle":"sudoku","grid":"` + strings.Repeat(".", 81) + `","boxRows":9,"boxCols":9}`, "sudoku: box 9x9", 0},
		{"sudoku distinct", `{"puzzle":"sudoku","mode":"distinct","grid":"` + strings.Repeat(".", 81) + `"}`, "no distinct mode", 0},
		{"dlx distinct", `{"mode":"distinct","problem":"A\nA\n"}`, "no distinct mode", 0},
		{"trailing garbage", `{"puzzle":"queens","n":8} garbage`, "after the JSON object", 0},
		{"two objects", `{"puzzle":"queens","n":8}{"puzzle":"queens","n":9}`, "after the JSON object", 0},
		{"queens count out of reach", `{"puzzle":"queens","n":256,"mode":"count"}`, "out of reach", 0},
		{"queens distinct out of reach", `{"puzzle":"queens","n":28,"mode":"distinct"}`, "out of reach", 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			resp, b := do(t, "POST", ts.URL+"/api/jobs", tc.body)
			if resp.StatusCode != http.StatusBadRequest {
				t.Fatalf("%s %s, want 400", resp.Status, b)
			}
			e := decode[apiError](t, b)
			if !strings.Contains(e.Error, tc.msg) || e.Line != tc.line || strings.Contains(e.Error, "sudoku: sudoku:") {
				t.Errorf("error %q line %d, want %q line %d", e.Error, e.Line, tc.msg, tc.line)
			}
		})
	}
	s.mu.Lock()
	n := len(s.jobs)
	s.mu.Unlock()
	if n != 0 {
		t.Errorf("%d jobs made by bad requests", n)
	}
}

func TestBodyLimit(t *testing.T) {
	if got := New(Options{}); got.opt.MaxBodyBytes != 16<<20 {
		got.Close()
		t.Fatalf("default body limit %d, want 16 MB", got.opt.MaxBodyBytes)
	} else {
		got.Close()
	}
	s := New(Options{MaxBodyBytes: 1000})
	ts := newHTTPServer(t, s)
	pad := func(n int) string {
		return `{"puzzle":"queens","n":5,"name":"` + strings.Repeat("x", n) + `"}`
	}
	resp, b := do(t, "POST", ts.URL+"/api/jobs", pad(2000))
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("big body: %s %s, want 413", resp.Status, b)
	}
	if resp, b := do(t, "POST", ts.URL+"/api/jobs", pad(900)); resp.StatusCode != http.StatusCreated {
		t.Errorf("body under the limit: %s %s, want 201", resp.Status, b)
	}
}

func TestTooManyAndCancel(t *testing.T) {
	s := New(Options{MaxRunning: 1})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, long)
	resp, b := do(t, "POST", ts.URL+"/api/jobs", `{"puzzle":"queens","n":6}`)
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("second search: %s Retry-After %q %s, want 429 with Retry-After", resp.Status, resp.Header.Get("Retry-After"), b)
	}
	resp, b = do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("DELETE: %s %s", resp.Status, b)
	}
	st := decode[present.Status](t, b)
	if st.State != present.StateCancelled || st.Error != "cancelled by request" || st.Fraction >= 1 {
		t.Errorf("after DELETE: state %s, error %q, fraction %g", st.State, st.Error, st.Fraction)
	}
	if st := status(t, ts.URL, id); st.State != present.StateCancelled {
		t.Errorf("GET after DELETE: state %s", st.State)
	}
	id = create(t, ts.URL, `{"puzzle":"queens","n":6}`) // there is room again
	if st := wait(t, s, id); st.Solutions != 4 {
		t.Errorf("6 queens: %d solutions", st.Solutions)
	}
	if resp, _ := do(t, "DELETE", ts.URL+"/api/jobs/"+id, ""); resp.StatusCode != http.StatusOK {
		t.Errorf("DELETE of a finished search: %s", resp.Status)
	}
	if st := status(t, ts.URL, id); st.State != present.StateDone {
		t.Errorf("DELETE changed a finished search to %s", st.State)
	}
	if resp, _ := do(t, "GET", ts.URL+"/api/jobs/nosuchjob", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown job: %s, want 404", resp.Status)
	}
}

func TestTimeLimit(t *testing.T) {
	s := New(Options{JobTimeout: time.Millisecond})
	ts := newHTTPServer(t, s)
	st := wait(t, s, create(t, ts.URL, long))
	if st.State != present.StateCancelled || !strings.Contains(st.Error, "time limit") {
		t.Errorf("state %s, error %q; want cancelled by the time limit", st.State, st.Error)
	}
}

// events reads a stream of Server-Sent Events, sending each on the channel, until the
// stream ends.
func events(t *testing.T, ctx context.Context, url string, out chan<- [2]string) {
	defer close(out)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Error(err)
		return
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Errorf("events: Content-Type %q", ct)
	}
	var ev [2]string
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			ev[0] = line[len("event: "):]
		case strings.HasPrefix(line, "data: "):
			ev[1] = line[len("data: "):]
		case line == "" && ev[0] != "":
			out <- ev
			ev = [2]string{}
		}
	}
}

func TestEvents(t *testing.T) {
	s := New(Options{ProgressInterval: time.Millisecond})
	ts := newHTTPServer(t, s)

	// A search that ends: the stream ends with its final status.
	id := create(t, ts.URL, `{"puzzle":"queens","n":9,"mode":"count"}`)
	ch := make(chan [2]string)
	go events(t, context.Background(), ts.URL+"/api/jobs/"+id+"/events", ch)
	var last [2]string
	for ev := range ch {
		if last[0] == "end" {
			t.Errorf("event %q after the end", ev[0])
		}
		if ev[0] != "progress" && ev[0] != "end" {
			t.Errorf("unknown event %q", ev[0])
		}
		last = ev
	}
	st := decode[present.Status](t, []byte(last[1]))
	if last[0] != "end" || st.State != present.StateDone || st.Solutions != 352 {
		t.Errorf("last event %s: %+v", last[0], st)
	}

	// A search cancelled while streamed: the stream sees progress, then the end.
	id = create(t, ts.URL, long)
	ch = make(chan [2]string)
	go events(t, context.Background(), ts.URL+"/api/jobs/"+id+"/events", ch)
	ev := <-ch
	if ev[0] != "progress" || decode[present.Status](t, []byte(ev[1])).State != present.StateRunning {
		t.Errorf("first event %v", ev)
	}
	do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
	for e := range ch {
		ev = e
	}
	if st := decode[present.Status](t, []byte(ev[1])); ev[0] != "end" || st.State != present.StateCancelled {
		t.Errorf("last event after DELETE: %s %+v", ev[0], st)
	}
}

// clock is a settable time for tests of expiry and abandonment.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestAbandoned(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	s := New(Options{Time: c.Now, IdleTimeout: 30 * time.Second})
	ts := newHTTPServer(t, s)

	// Watched by polling: alive while polled.
	polled := create(t, ts.URL, long)
	c.Add(20 * time.Second)
	status(t, ts.URL, polled)
	c.Add(20 * time.Second)
	s.sweep()
	if st := status(t, ts.URL, polled); st.State != present.StateRunning {
		t.Fatalf("a polled search was stopped: %+v", st)
	}

	// Watched by an event stream: alive while the stream is open, however long.
	streamed := create(t, ts.URL, long)
	ctx, closeStream := context.WithCancel(context.Background())
	ch := make(chan [2]string)
	go events(t, ctx, ts.URL+"/api/jobs/"+streamed+"/events", ch)
	<-ch
	c.Add(time.Hour)
	s.sweep()
	if st := status(t, ts.URL, streamed); st.State != present.StateRunning {
		t.Fatalf("a streamed search was stopped: %+v", st)
	}
	if st := wait(t, s, polled); st.State != present.StateCancelled || !strings.Contains(st.Error, "abandoned") {
		t.Errorf("search left alone for an hour: state %s, error %q", st.State, st.Error)
	}

	// The stream closes: the search is abandoned IdleTimeout later.
	closeStream()
	for range ch {
	}
	s.mu.Lock()
	j := s.jobs[streamed]
	s.mu.Unlock()
	for i := 0; ; i++ { // the handler notices the closed stream on its own
		j.mu.Lock()
		n := j.streams
		j.mu.Unlock()
		if n == 0 {
			break
		}
		if i == 1000 {
			t.Fatal("the event stream handler did not end")
		}
		time.Sleep(5 * time.Millisecond)
	}
	c.Add(29 * time.Second)
	s.sweep()
	if st := status(t, ts.URL, streamed); st.State != present.StateRunning {
		t.Fatalf("stopped before IdleTimeout: %+v", st)
	}
	c.Add(31 * time.Second)
	s.sweep()
	if st := wait(t, s, streamed); st.State != present.StateCancelled || !strings.Contains(st.Error, "abandoned") {
		t.Errorf("search whose stream closed: state %s, error %q", st.State, st.Error)
	}
}

func TestExpiry(t *testing.T) {
	c := &clock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	s := New(Options{Time: c.Now, Expiry: 10 * time.Minute, MaxJobs: 3})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, `{"puzzle":"queens","n":6}`)
	wait(t, s, id)
	c.Add(9 * time.Minute)
	s.sweep()
	if st := status(t, ts.URL, id); st.State != present.StateDone { // seen: kept Expiry longer
		t.Fatalf("before expiry: %+v", st)
	}
	c.Add(9 * time.Minute)
	s.sweep()
	s.mu.Lock()
	kept := s.jobs[id] != nil
	s.mu.Unlock()
	if !kept {
		t.Fatalf("forgotten less than Expiry after it was last seen")
	}
	c.Add(2 * time.Minute)
	s.sweep()
	for _, path := range []string{"", "/solutions", "/events", "/problem.dlx"} {
		if resp, _ := do(t, "GET", ts.URL+"/api/jobs/"+id+path, ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s after expiry: %s, want 404", path, resp.Status)
		}
	}

	// With MaxJobs kept, a new search makes the server forget the oldest finished one.
	var ids []string
	for i := range 4 {
		ids = append(ids, create(t, ts.URL, `{"puzzle":"queens","n":5}`))
		wait(t, s, ids[i])
		c.Add(time.Second)
	}
	if resp, _ := do(t, "GET", ts.URL+"/api/jobs/"+ids[0], ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("oldest of 4 searches with MaxJobs 3: %s, want 404", resp.Status)
	}
	for _, id := range ids[1:] {
		status(t, ts.URL, id)
	}
}

func TestClose(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, long)
	s.Close()
	if st := wait(t, s, id); st.State != present.StateCancelled || st.Error != "server shutting down" {
		t.Errorf("after Close: state %s, error %q", st.State, st.Error)
	}
	if resp, b := do(t, "POST", ts.URL+"/api/jobs", `{"puzzle":"queens","n":6}`); resp.StatusCode != http.StatusServiceUnavailable {
		t.Errorf("POST after Close: %s %s, want 503", resp.Status, b)
	}
	s.Close() // twice is fine
}

func TestPaging(t *testing.T) {
	s := New(Options{MaxPage: 10, MaxSolutions: 50})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, `{"puzzle":"queens","n":8}`)
	if st := wait(t, s, id); st.Solutions != 92 || st.Kept != 50 {
		t.Fatalf("solutions %d, kept %d; want 92, 50", st.Solutions, st.Kept)
	}
	page := func(query string) present.Page {
		resp, b := do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions"+query, "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("%s: %s %s", query, resp.Status, b)
		}
		return decode[present.Page](t, b)
	}
	tests := []struct {
		query string
		first int
		n     int
	}{
		{"", 0, 10},
		{"?count=3", 0, 3},
		{"?offset=45&count=10", 45, 5},
		{"?offset=20&count=1000", 20, 10},
		{"?offset=60", 50, 0},
	}
	for _, tc := range tests {
		pg := page(tc.query)
		if pg.Offset != tc.first || len(pg.Solutions) != tc.n || pg.Kept != 50 {
			t.Errorf("%s: offset %d, %d solutions, kept %d; want %d, %d, 50", tc.query, pg.Offset, len(pg.Solutions), pg.Kept, tc.first, tc.n)
		}
	}
	for _, q := range []string{"?offset=-1", "?count=x"} {
		if resp, _ := do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions"+q, ""); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %s, want 400", q, resp.Status)
		}
	}
	resp, b := do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions.svg?offset=2&count=3", "")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "image/svg+xml" || strings.Count(string(b), `class="queen"`) != 24 {
		t.Errorf("solutions.svg: %s %s, %d queens", resp.Status, resp.Header.Get("Content-Type"), strings.Count(string(b), `class="queen"`))
	}
	resp, b = do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions.json", "")
	var all struct {
		Found     uint64
		Solutions []struct{ Options []int }
	}
	if err := json.Unmarshal(b, &all); err != nil || resp.StatusCode != http.StatusOK || all.Found != 92 || len(all.Solutions) != 50 {
		t.Errorf("solutions.json: %s, found %d, %d solutions, %v", resp.Status, all.Found, len(all.Solutions), err)
	}
	if !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") {
		t.Errorf("solutions.json is not a download")
	}

	// A raw problem has no drawings.
	id = create(t, ts.URL, `{"problem":`+jsonString(knuthExample)+`}`)
	wait(t, s, id)
	if resp, _ := do(t, "GET", ts.URL+"/api/jobs/"+id+"/solutions.svg", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("solutions.svg of a DLX problem: %s, want 404", resp.Status)
	}
}

func TestPageAndGuards(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	resp, b := do(t, "GET", ts.URL+"/", "")
	csp := resp.Header.Get("Content-Security-Policy")
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(string(b), `id="btn-count"`) || !strings.Contains(csp, "script-src 'sha256-") {
		t.Errorf("GET /: %s %s, CSP %q", resp.Status, resp.Header.Get("Content-Type"), csp)
	}
	// The page loads nothing from elsewhere; a link that the visitor may follow (to the
	// command's README, from the static site's note) is no resource of the page.
	rest := regexp.MustCompile(`<a href="https://[^"<>]*">`).ReplaceAllString(string(b), "")
	if strings.Contains(rest, "http://") || strings.Contains(rest, "https://") {
		t.Errorf("the page refers to another site")
	}
	if resp, _ := do(t, "GET", ts.URL+"/index.php", ""); resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /index.php: %s, want 404", resp.Status)
	}
	if resp, _ := do(t, "GET", ts.URL+"/", "", "Host", "evil.example"); resp.StatusCode != http.StatusMisdirectedRequest {
		t.Errorf("foreign Host: %s, want 421", resp.Status)
	}
	if resp, _ := do(t, "POST", ts.URL+"/api/jobs", `{"puzzle":"queens","n":6}`, "Origin", "http://evil.example"); resp.StatusCode != http.StatusForbidden {
		t.Errorf("cross-origin POST: %s, want 403", resp.Status)
	}
	if resp, _ := do(t, "POST", ts.URL+"/api/jobs", `{"puzzle":"queens","n":6}`, "Origin", ts.URL); resp.StatusCode != http.StatusCreated {
		t.Errorf("same-origin POST: %s, want 201", resp.Status)
	}
	if resp, _ := do(t, "PUT", ts.URL+"/api/jobs", `{}`); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("PUT: %s, want 405", resp.Status)
	}
	open := New(Options{Hosts: []string{"*"}})
	defer open.Close()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "http://xcover.example/", nil)
	open.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf(`Hosts ["*"]: %d, want 200`, rec.Code)
	}
}

func TestIsLoopback(t *testing.T) {
	for _, tc := range []struct {
		host string
		want bool
	}{
		{"localhost", true}, {"LocalHost", true}, {"127.0.0.1", true}, {"127.3.2.1", true}, {"::1", true},
		{"", false}, {"0.0.0.0", false}, {"::", false}, {"192.168.1.2", false}, {"example.com", false},
		{"localhost.example.com", false}, {"[::1]", false}, {"127.0.0.1:80", false},
	} {
		if got := IsLoopback(tc.host); got != tc.want {
			t.Errorf("IsLoopback(%q) = %v, want %v", tc.host, got, tc.want)
		}
	}
}
