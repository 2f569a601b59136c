package serve

import (
	"github.com/xcover/xcover/internal/present"

	"bufio"
	"fmt"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
)

// bigDLX returns a DLX problem of about the given size in bytes that is searched at once:
// its primary item z is in no option, so the search ends at the root, but the whole
// problem is parsed and kept.
func bigDLX(bytes int) string {
	var b strings.Builder
	b.WriteString("z")
	for i := range 1000 {
		fmt.Fprintf(&b, " i%d", i)
	}
	b.WriteString("\n")
	for k := 0; b.Len() < bytes; k++ {
		fmt.Fprintf(&b, "i%d i%d i%d i%d\n", k%1000, (k+1)%1000, (k+7)%1000, (k+31)%1000)
	}
	return b.String()
}

// TestMemoryBudget posts many big problems one after another: the server used to keep
// every one (twelve 15 MB problems took it to 4.4 GB). With a budget it forgets finished
// searches, oldest first, to stay within it; the heap after the posts is measured.
func TestMemoryBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("parses about 100 MB of problems")
	}
	// Kept without a budget, the 24 problems take about 400 MiB of heap.
	const budget, posts = 256 << 20, 24
	s := New(Options{MaxMemoryBytes: budget, MaxRunning: 2})
	ts := newHTTPServer(t, s)
	body := `{"mode":"count","problem":` + jsonString(bigDLX(4<<20)) + `}`
	var kept int
	for i := range posts {
		resp, b := do(t, "POST", ts.URL+"/api/jobs", body)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("post %d: %s %.200s", i, resp.Status, b)
		}
		id := decode[present.Status](t, b).ID
		if st := wait(t, s, id); st.State != present.StateDone || st.Solutions != 0 {
			t.Fatalf("post %d: %+v", i, st)
		}
		s.mu.Lock()
		mem, n := s.memory, len(s.jobs)
		s.mu.Unlock()
		if mem > budget {
			t.Fatalf("post %d: %d bytes counted against a budget of %d", i, mem, budget)
		}
		kept = n
	}
	if kept >= posts || kept < 1 {
		t.Errorf("%d searches kept of %d: the budget forgot none, or all", kept, posts)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	t.Logf("%d of %d searches kept; heap %d MiB, budget %d MiB", kept, posts, ms.HeapAlloc>>20, budget>>20)
	// The budget, plus the test's own body string and a margin for the runtime.
	if limit := uint64(budget + 64<<20); ms.HeapAlloc > limit {
		t.Errorf("heap %d MiB after %d posts of 4 MiB problems, want at most %d MiB", ms.HeapAlloc>>20, posts, limit>>20)
	}
	// A problem too big for the whole budget is refused, and says why.
	small := New(Options{MaxMemoryBytes: 64 << 20})
	ts2 := newHTTPServer(t, small)
	resp, b := do(t, "POST", ts2.URL+"/api/jobs", body)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(b), "memory budget") {
		t.Errorf("problem over the budget: %s %.200s, want 429 naming the memory budget", resp.Status, b)
	}
}

// TestTooLargeBeforeReading declares a body over the cap and sends only its start: the
// server must answer 413 at once, without waiting for (or reading) the rest, and close the
// connection.
func TestTooLargeBeforeReading(t *testing.T) {
	s := New(Options{MaxBodyBytes: 1 << 20})
	ts := newHTTPServer(t, s)
	conn, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	fmt.Fprintf(conn, "POST /api/jobs HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n{\"problem\":\"", 100<<20)
	conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("no answer while the body is unsent: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || !resp.Close {
		t.Errorf("%s, close %v; want 413 and the connection closed", resp.Status, resp.Close)
	}
}

// TestParseUnderTheCap posts more big problems at once than MaxRunning: those beyond it
// get 429 before their body is read, not after parsing it.
func TestParseUnderTheCap(t *testing.T) {
	s := New(Options{MaxRunning: 1})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, long) // holds the only slot
	resp, b := do(t, "POST", ts.URL+"/api/jobs", `{"mode":"count","problem":`+jsonString(bigDLX(1<<20))+`}`)
	if resp.StatusCode != http.StatusTooManyRequests {
		t.Errorf("second post: %s %.200s, want 429", resp.Status, b)
	}
	s.mu.Lock()
	pending := s.pending
	s.mu.Unlock()
	if pending != 0 {
		t.Errorf("%d admissions left pending", pending)
	}
	do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
}

// TestExactCount counts by memoisation through the API: the exact count comes as a decimal
// string beside the number (which a JavaScript client would round, and which stops at
// 2^64-1).
func TestExactCount(t *testing.T) {
	s := New(Options{})
	ts := newHTTPServer(t, s)
	var d16 strings.Builder
	dlx.Write(&d16, problems.Dominoes(16, 16))
	id := create(t, ts.URL, `{"mode":"count","memo":"on","problem":`+jsonString(d16.String())+`}`)
	st := wait(t, s, id)
	if st.State != present.StateDone || st.Count != "2444888770250892795802079170816" || st.Solutions != 1<<64-1 {
		t.Errorf("16x16 dominoes: state %s, count %q, solutions %d", st.State, st.Count, st.Solutions)
	}
	id = create(t, ts.URL, `{"mode":"count","memo":"auto","puzzle":"queens","n":8}`)
	if st := wait(t, s, id); st.Count != "92" || st.Solutions != 92 {
		t.Errorf("8 queens, memo auto: count %q, solutions %d", st.Count, st.Solutions)
	}
	for _, body := range []string{`{"mode":"count","memo":"always","puzzle":"queens","n":8}`, `{"mode":"solve","memo":"on","puzzle":"queens","n":8}`} {
		if resp, b := do(t, "POST", ts.URL+"/api/jobs", body); resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: %s %s, want 400", body, resp.Status, b)
		}
	}
}
