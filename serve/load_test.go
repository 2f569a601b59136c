package serve

import (
	"github.com/xcover/xcover/internal/present"

	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestLoad sends 200 requests at once, of every kind, and checks that every one gets a
// proper answer, that the server goes on answering, and that once it is closed no
// goroutine is left behind.
func TestLoad(t *testing.T) {
	http.DefaultClient.CloseIdleConnections()
	before := runtime.NumGoroutine()
	load(t)
	http.DefaultClient.CloseIdleConnections()
	after := runtime.NumGoroutine()
	for i := 0; i < 300 && after > before; i++ { // goroutines take a moment to exit
		time.Sleep(10 * time.Millisecond)
		after = runtime.NumGoroutine()
	}
	if after > before {
		pprof.Lookup("goroutine").WriteTo(os.Stderr, 1)
		t.Errorf("%d goroutines before the load test, %d after", before, after)
	}
}

func load(t *testing.T) {
	s := New(Options{MaxRunning: 4, ProgressInterval: time.Millisecond})
	ts := httptest.NewServer(s)
	defer ts.Close()
	defer s.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()

	finished := create(t, ts.URL, `{"puzzle":"queens","n":8}`)
	wait(t, s, finished)

	type call struct {
		method, path, body string
		codes              []int // the answers allowed
	}
	calls := []call{
		{"GET", "/", "", []int{200}},
		{"POST", "/api/jobs", `{"puzzle":"queens","n":7}`, []int{201, 429}},
		{"POST", "/api/jobs", `{"puzzle":"tiling","pieces":"tetrominoes:2","region":"5x8","mode":"count"}`, []int{201, 429}},
		{"GET", "/api/jobs/" + finished, "", []int{200}},
		{"GET", "/api/jobs/" + finished + "/solutions?offset=10&count=20", "", []int{200}},
		{"GET", "/api/jobs/" + finished + "/events", "", []int{200}},
		{"GET", "/api/jobs/" + finished + "/solutions.svg?count=20", "", []int{200}},
		{"POST", "/api/jobs", `{"problem":"A B\nA C\n"}`, []int{400, 429}},
		{"GET", "/api/jobs/nosuchjob", "", []int{404}},
	}
	const n = 200
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		created []string
		codes   = map[int]int{}
	)
	for i := range n {
		c := calls[i%len(calls)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, err := http.NewRequest(c.method, ts.URL+c.path, strings.NewReader(c.body))
			if err != nil {
				t.Error(err)
				return
			}
			resp, err := client.Do(req)
			if err != nil {
				t.Errorf("%s %s: %v", c.method, c.path, err)
				return
			}
			defer resp.Body.Close()
			b, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Errorf("%s %s: reading the answer: %v", c.method, c.path, err)
			}
			mu.Lock()
			codes[resp.StatusCode]++
			mu.Unlock()
			ok := false
			for _, code := range c.codes {
				ok = ok || resp.StatusCode == code
			}
			switch {
			case !ok:
				t.Errorf("%s %s: %s %.200s", c.method, c.path, resp.Status, b)
			case resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("Retry-After") == "":
				t.Errorf("429 without Retry-After")
			case resp.StatusCode == http.StatusCreated:
				st := decode[present.Status](t, b)
				mu.Lock()
				created = append(created, st.ID)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	t.Logf("answers: %v", codes)
	if codes[http.StatusCreated] == 0 {
		t.Errorf("no search started under load")
	}

	// Every search started under load ends properly, and the server still answers.
	for _, id := range created {
		if st := wait(t, s, id); st.State != present.StateDone {
			t.Errorf("search %s: %s %s", id, st.State, st.Error)
		}
	}
	id := create(t, ts.URL, `{"puzzle":"queens","n":8}`)
	resp, err := client.Get(ts.URL + "/api/jobs/" + id + "/events")
	if err != nil {
		t.Fatal(err)
	}
	var last string
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "data: ") {
			last = sc.Text()
		}
	}
	resp.Body.Close()
	if !strings.Contains(last, `"state":"done"`) || !strings.Contains(last, `"solutions":92,`) {
		t.Errorf("after the load, 8 queens ends with %s", last)
	}
}
