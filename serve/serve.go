// Package serve is xcover's local web page and JSON API.
//
// A [Server] is an http.Handler. Its page, at "/", lets a user pose a puzzle (N-queens,
// a tiling, a Sudoku) or paste an exact cover problem in DLX format, watch the search run
// and page through drawings of the solutions. The page is one self-contained HTML file
// embedded in the binary: it needs no network beyond the server itself.
//
// The page uses a JSON API that other programs may use too:
//
//	POST   /api/jobs                      start a search: a [Request] → 201 {"id": ...}
//	GET    /api/jobs/{id}                 its [Status]
//	GET    /api/jobs/{id}/events          its Status as Server-Sent Events, until it ends
//	GET    /api/jobs/{id}/solutions       a [Page] of solutions (?offset=&count=)
//	GET    /api/jobs/{id}/solutions.svg   a drawing of those solutions (download)
//	GET    /api/jobs/{id}/solutions.json  every kept solution (download)
//	GET    /api/jobs/{id}/problem.dlx     the problem searched, in DLX format (download)
//	DELETE /api/jobs/{id}                 cancel the search
//	POST   /api/sudoku                    solve a set of Sudoku puzzles, one a line, at once
//
// Errors are JSON objects {"error": "..."}; a malformed DLX problem gets 400 with the
// line-numbered message of the command line (a *dlx.Error), and its "line".
//
// A Server is meant for one machine: it reads and writes no files, caps request bodies,
// runs a bounded number of searches at once (429 beyond, with Retry-After), stops each
// search after a time limit, cancels a search nobody watches any more, and forgets
// finished searches after a while. See [Options].
package serve

import (
	"github.com/xcover/xcover/internal/present"

	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"strings"
	"sync"
	"time"

	http "github.com/xcover/xcover/internal/httpshim"
)

// Options configure a [Server]. The zero value of every field means its default.
type Options struct {
	// MaxBodyBytes caps the size of a request body; larger ones get 413. Default 16 MB.
	MaxBodyBytes int64
	// MaxRunning is the number of searches that may run at once; more get 429. Default 2.
	MaxRunning int
	// MaxReading is the number of requests whose body may be read at once; beyond, the
	// one read longest gives its slot up (answered 408) if it has been read for over a
	// second, and otherwise the new one gets 429 before its body is read. A request being
	// read holds no running slot, so slow clients cannot keep searches from starting.
	// Default 4 × MaxRunning.
	MaxReading int
	// BodyTimeout bounds the time a client may take to send a request body; a slower
	// one gets an error and its reservation is given back. Default 10 seconds.
	BodyTimeout time.Duration
	// MaxMemoryBytes bounds the memory that the searches kept (running or finished) may
	// take, by an estimate made from each problem's size, and, while a search runs, of its
	// kernels, a memoised count's cache or the queens counter's tables; a request is
	// reserved 32 bytes per byte of its body as the body arrives, and one that declares a
	// body that could never fit gets 413. When a new search does not fit, the oldest
	// finished searches are forgotten; if it still does not fit it gets 429, or 413 if it
	// could never fit. Default 1 GiB.
	MaxMemoryBytes int64
	// MaxJobs is the number of searches remembered, running or finished; when it is
	// reached, the oldest finished one is forgotten. Default 256.
	MaxJobs int
	// JobTimeout stops a search that has run this long. Default 10 minutes.
	JobTimeout time.Duration
	// IdleTimeout cancels a running search whose status nobody has asked for, and whose
	// event stream nobody has listened to, for this long. Default 30 seconds.
	IdleTimeout time.Duration
	// Expiry forgets a finished search this long after it ended, or after it was last
	// asked about if that is later. Default 15 minutes.
	Expiry time.Duration
	// MaxSolutions is the number of solutions kept per search for listing; the search
	// goes on counting beyond it. Default 1000.
	MaxSolutions int
	// MaxPage is the largest number of solutions one request lists or draws. Default 100.
	MaxPage int
	// ProgressInterval is the time between progress reports of a search. Default 250 ms.
	ProgressInterval time.Duration
	// Workers is the number of goroutines each search uses. Default 1.
	Workers int
	// Hosts lists the host names (without port) that requests may name in their Host
	// header, against DNS rebinding. Nil allows "localhost" and loopback addresses only;
	// a list holding "*" allows every host.
	Hosts []string
	// Time returns the current time, for expiry and idleness; default time.Now.
	Time func() time.Time
}

func (o Options) withDefaults() Options {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = 16 << 20
	}
	def(&o.MaxRunning, 2)
	def(&o.MaxReading, 4*o.MaxRunning)
	defDur(&o.BodyTimeout, 10*time.Second)
	if o.MaxMemoryBytes <= 0 {
		o.MaxMemoryBytes = 1 << 30
	}
	def(&o.MaxJobs, 256)
	def(&o.MaxSolutions, 1000)
	def(&o.MaxPage, 100)
	def(&o.Workers, 1)
	defDur(&o.JobTimeout, 10*time.Minute)
	defDur(&o.IdleTimeout, 30*time.Second)
	defDur(&o.Expiry, 15*time.Minute)
	defDur(&o.ProgressInterval, 250*time.Millisecond)
	if o.Time == nil {
		o.Time = time.Now
	}
	return o
}

// retryAfter is the Retry-After, in seconds, of a 429 answer.
const retryAfter = "5"

// A Server serves the page and the API. Create it with [New]; it runs a goroutine that
// watches its searches until [Server.Close].
type Server struct {
	opt  Options
	mux  *http.ServeMux
	ctx  context.Context // cancelled by Close: ends searches and event streams
	stop context.CancelFunc

	mu      sync.Mutex
	jobs    map[string]*job
	running int          // searches running
	pending int          // requests admitted, being read
	readers []*admission // those requests, whose slot may be taken (evictSlowReader)
	memory  int64        // estimated bytes of the jobs kept and the pending reservations
	closed  bool
	wg      sync.WaitGroup // searches and the janitor
}

// New returns a Server with the given options.
func New(opt Options) *Server {
	s := &Server{opt: opt.withDefaults(), jobs: make(map[string]*job)}
	s.ctx, s.stop = context.WithCancel(context.Background())
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /{$}", s.handlePage)
	s.mux.HandleFunc("POST /api/jobs", s.handleCreate)
	s.mux.HandleFunc("GET /api/jobs/{id}", s.handleStatus)
	s.mux.HandleFunc("DELETE /api/jobs/{id}", s.handleCancel)
	s.mux.HandleFunc("GET /api/jobs/{id}/events", s.handleEvents)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions", s.handleSolutions)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions.svg", s.handleSolutionsSVG)
	s.mux.HandleFunc("GET /api/jobs/{id}/solutions.json", s.handleSolutionsJSON)
	s.mux.HandleFunc("GET /api/jobs/{id}/problem.dlx", s.handleProblem)
	s.mux.HandleFunc("POST /api/sudoku", s.handleSudokuSet)
	s.wg.Add(1)
	go s.janitor()
	return s
}

// ServeHTTP answers a request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	if !s.hostAllowed(r.Host) {
		writeError(w, http.StatusMisdirectedRequest, fmt.Sprintf("host %q not served (see Options.Hosts)", r.Host))
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		// Refuse requests that another site's page makes the browser send.
		if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
			writeError(w, http.StatusForbidden, "cross-origin request refused")
			return
		}
	}
	s.mux.ServeHTTP(w, r)
}

// hostAllowed reports whether a request naming host may be answered.
func (s *Server) hostAllowed(host string) bool {
	name := host
	if h, _, err := net.SplitHostPort(host); err == nil {
		name = h
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	if s.opt.Hosts == nil {
		return IsLoopback(name)
	}
	for _, h := range s.opt.Hosts {
		if h == "*" || strings.EqualFold(h, name) {
			return true
		}
	}
	return false
}

// IsLoopback reports whether host (a name or address, without port) names this machine's
// loopback interface: "localhost" in any case, or a loopback address ("127.0.0.1", "::1").
// A server listening there is reached from this machine only.
func IsLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether the Origin header o names the host the request was sent to.
func sameOrigin(o, host string) bool {
	_, rest, ok := strings.Cut(o, "://")
	return ok && strings.EqualFold(rest, host)
}

// Close cancels every search, ends the event streams and waits for the searches to stop.
// Requests made afterwards to start a search get 503. Close is safe to call more than once.
func (s *Server) Close() error {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.stop()
	s.wg.Wait()
	return nil
}

// janitor cancels abandoned searches and forgets expired ones, until Close.
func (s *Server) janitor() {
	defer s.wg.Done()
	every := min(s.opt.IdleTimeout, s.opt.Expiry) / 4
	every = max(every, 10*time.Millisecond)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.sweep()
		}
	}
}

// errAbandoned is the cause of cancelling a search nobody watches.
var errAbandoned = errors.New("abandoned: nobody asked for it")

// sweep cancels the running searches nobody has asked about for IdleTimeout and forgets
// the searches that ended, and were last asked about, more than Expiry ago.
func (s *Server) sweep() {
	now := s.opt.Time()
	s.mu.Lock()
	defer s.mu.Unlock()
	for id, j := range s.jobs {
		j.mu.Lock()
		switch {
		case j.state == present.StateRunning && j.streams == 0 && now.Sub(j.lastSeen) > s.opt.IdleTimeout:
			j.cancel(fmt.Errorf("%w for %v", errAbandoned, s.opt.IdleTimeout))
		case j.state != present.StateRunning && now.Sub(j.finished) > s.opt.Expiry && now.Sub(j.lastSeen) > s.opt.Expiry:
			s.forget(id, j)
		}
		j.mu.Unlock()
	}
}

// job returns the job named in the request's path and marks it seen, or answers 404.
func (s *Server) job(w http.ResponseWriter, r *http.Request) *job {
	id := r.PathValue("id")
	s.mu.Lock()
	j := s.jobs[id]
	s.mu.Unlock()
	if j == nil {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no job %q (finished jobs expire)", id))
		return nil
	}
	j.mu.Lock()
	j.lastSeen = s.opt.Time()
	j.mu.Unlock()
	return j
}

// writeJSON writes v as the JSON body of a response with the given status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // drawings stay readable; the type is application/json
	if err := enc.Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(buf.Bytes())
}

// An apiError is the body of an error response.
type apiError struct {
	Error string `json:"error"`
	Line  int    `json:"line,omitempty"` // line of a malformed problem or puzzle
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, apiError{Error: msg})
}
