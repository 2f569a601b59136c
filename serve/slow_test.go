package serve

import (
	"github.com/xcover/xcover/internal/present"

	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestSlowBodies opens two connections that declare a body of 1000 bytes and send 10: new
// searches must still start (a body being read held a running slot, so every POST got 429
// for as long as the slow clients cared to wait), and a body that never comes is given up
// after BodyTimeout, handing its reservation back.
func TestSlowBodies(t *testing.T) {
	s := New(Options{MaxRunning: 2, BodyTimeout: 500 * time.Millisecond})
	ts := newHTTPServer(t, s)
	addr := strings.TrimPrefix(ts.URL, "http://")
	var conns []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprintf(c, "POST /api/jobs HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"puzzle\":", addr)
		conns = append(conns, c)
	}
	time.Sleep(100 * time.Millisecond) // both are being read now
	id := create(t, ts.URL, `{"puzzle":"queens","n":6}`)
	if st := wait(t, s, id); st.Solutions != 4 {
		t.Errorf("6 queens beside two slow bodies: %d solutions", st.Solutions)
	}
	// The slow clients get an answer (or a closed connection) once BodyTimeout has passed.
	for i, c := range conns {
		c.SetReadDeadline(time.Now().Add(10 * time.Second))
		buf := make([]byte, 512)
		n, _ := c.Read(buf)
		if n > 0 && !strings.Contains(string(buf[:n]), "400") {
			t.Errorf("slow client %d: answer %q, want 400 or a closed connection", i, buf[:n])
		}
	}
	s.mu.Lock()
	pending := s.pending
	s.mu.Unlock()
	if pending != 0 {
		t.Errorf("%d requests still being read after their clients timed out", pending)
	}
}

// TestDeleteThenPost cancels a running search and starts another at once, 30 times, with
// room for one search: the slot must be free as soon as DELETE answers (it was given back
// just after, so about one POST in ten got 429). The search is a count of 20 queens, which
// spends its first 2 s of CPU on its quadrant table: the build did not look at its context,
// so that under heavy load DELETE gave up waiting after 5 s with the search still running,
// and the POST got 429 (issue 41). DELETE's answer must say the search stopped; with the
// cancel ignored it says running, and the POST gets 429.
func TestDeleteThenPost(t *testing.T) {
	s := New(Options{MaxRunning: 1})
	ts := newHTTPServer(t, s)
	id := create(t, ts.URL, long)
	for i := range 30 {
		resp, b := do(t, "DELETE", ts.URL+"/api/jobs/"+id, "")
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("try %d: DELETE: %s %s", i, resp.Status, b)
		}
		if st := decode[present.Status](t, b); st.State != present.StateCancelled {
			t.Fatalf("try %d: DELETE answered state %q, want %q", i, st.State, present.StateCancelled)
		}
		resp, b = do(t, "POST", ts.URL+"/api/jobs", long)
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("try %d: POST right after DELETE: %s %s", i, resp.Status, b)
		}
		id = decode[present.Status](t, b).ID
	}
}
