package serve

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/xcover/xcover"
	http "github.com/xcover/xcover/internal/httpshim"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/qmem"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/verify"
)

// A job is one search and what it has found.
type job struct {
	id   string
	task task
	mode string
	memo xcover.MemoMode // count mode: how to count
	// memoBytes bounds the cache of a memoised count: its share of the memory budget.
	memoBytes int64
	limit     uint64
	seed      uint64
	created   time.Time
	now       func() time.Time // the server's clock (Options.Time)
	cancel    context.CancelCauseFunc
	// bytes is the job's share of the memory budget, of which searching is given back
	// when the search ends; both guarded by the Server's mu.
	bytes, searching int64
	done             chan struct{} // closed when the search has ended

	mu       sync.Mutex
	state    string
	err      string
	found    uint64 // solutions found (classes in distinct mode)
	count    string // count mode, done: the exact count in decimal
	total    uint64 // distinct mode: solutions in the classes found
	prog     xcover.Progress
	sols     [][]int // kept solutions, at most Options.MaxSolutions
	classes  []int   // distinct mode: the size of each kept solution's class
	lastSeen time.Time
	streams  int       // event streams open
	finished time.Time // when the state left running
	changed  chan struct{}
}

// newID returns a random job identifier that other pages cannot guess.
func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// notify wakes the event streams; j.mu must be held.
func (j *job) notify() {
	close(j.changed)
	j.changed = make(chan struct{})
}

// status returns the job's status; j.mu must be held.
func (j *job) status() present.Status {
	about := j.task.About()
	st := present.Status{
		ID:        j.id,
		Kind:      about.Kind,
		Title:     about.Title,
		Mode:      j.mode,
		State:     j.state,
		Solutions: j.found,
		Count:     j.count,
		Total:     j.total,
		Kept:      len(j.sols),
		Nodes:     j.prog.Nodes,
		Fraction:  j.prog.Fraction,
		Elapsed:   j.prog.Elapsed.Seconds(),
		ETA:       -1,
		Error:     j.err,
		Note:      about.Note,
		Warnings:  about.Warnings,
		Drawable:  about.Draws,
		Items:     j.task.Problem().NumItems(),
		Options:   j.task.Problem().NumOptions(),
	}
	if j.mode == present.ModeRandom || j.mode == present.ModePuzzle {
		seed := j.seed
		st.Seed = &seed
	}
	if st.Elapsed == 0 && j.now != nil {
		// A search that reports no progress (the queens counter) ran for the wall time
		// since it started: the page showed 0.00 s through a whole count, and at its end.
		end := j.finished
		if j.state == present.StateRunning {
			end = j.now()
		}
		st.Elapsed = max(0, end.Sub(j.created).Seconds())
	}
	if st.Elapsed > 0 && st.Nodes > 0 {
		st.NodesPerSecond = float64(st.Nodes) / st.Elapsed
	}
	st.LimitReached = j.limit > 0 && j.found >= j.limit
	switch {
	case j.state != present.StateRunning:
		st.ETA = 0
		if j.state == present.StateDone && !st.LimitReached {
			st.Fraction = 1 // the estimate is of the whole tree
		}
	case st.Fraction > 0:
		st.ETA = st.Elapsed * (1 - st.Fraction) / st.Fraction
	}
	return st
}

// start registers a job for the task and starts its search, or returns the HTTP status
// and message of a refusal.
func (s *Server) start(t task, req *present.Request, adm *admission) (*job, int, string) {
	now := s.opt.Time()
	keep, searching := taskBytes(t, req, s.opt.Workers)
	memo, _ := present.ParseMemoMode(req.Memo) // checked by newTask
	j := &job{
		id:       newID(),
		task:     t,
		mode:     req.Mode,
		memo:     memo,
		limit:    req.Limit,
		created:  now,
		now:      s.opt.Time,
		done:     make(chan struct{}),
		state:    present.StateRunning,
		lastSeen: now,
		changed:  make(chan struct{}),
	}
	if _, counter := t.(puzzle.Counter); j.mode == present.ModeCount && j.memo == xcover.MemoOff && j.limit == 0 &&
		counter && req.Puzzle == "queens" && req.PerLine <= 1 {
		// The queens counter's own memory: its quadrant table (61 MiB at n = 20, 526 MiB
		// at n = 22) and its goroutines' buffers were counted nowhere, so that two counts of
		// 22 queens took 1.1 GB under a budget of 64 MiB (issue 41, fault 10).
		searching += qmem.CountBytes(req.N, s.opt.Workers)
	}
	if j.mode == present.ModeCount && j.memo != xcover.MemoOff {
		// A memoised count's cache is a share of the memory budget, reserved with the
		// search and handed to it as the cache's bound: the cache stops growing there and
		// the count goes on without keeping more (it used to take the library's default,
		// 2 GiB, whatever the server's budget).
		j.memoBytes = s.opt.MaxMemoryBytes / int64(2*s.opt.MaxRunning)
		searching += j.memoBytes
	}
	if j.mode == present.ModeRandom || j.mode == present.ModePuzzle {
		j.seed = uint64(now.UnixNano())
		if req.Seed != nil {
			j.seed = *req.Seed
		}
		if j.limit == 0 || j.mode == present.ModePuzzle {
			j.limit = 1
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// The admission's slot and reservation become the job's.
	adm.used = true
	s.doneReading(adm)
	s.memory -= adm.reserve
	switch {
	case s.closed:
		return nil, http.StatusServiceUnavailable, "server shutting down"
	case s.running >= s.opt.MaxRunning:
		return nil, http.StatusTooManyRequests, fmt.Sprintf("%d searches running already; try again later", s.running)
	}
	if len(s.jobs) >= s.opt.MaxJobs && !s.forgetOldest() {
		return nil, http.StatusTooManyRequests, "too many searches kept; try again later"
	}
	if keep+searching > s.opt.MaxMemoryBytes {
		// It could never fit: "try again later" would never succeed.
		return nil, http.StatusRequestEntityTooLarge, fmt.Sprintf("this search needs about %d MiB, more than the server's memory budget (%d MiB)", (keep+searching+1<<20-1)>>20, s.opt.MaxMemoryBytes>>20)
	}
	if !s.makeRoom(keep + searching) {
		return nil, http.StatusTooManyRequests, fmt.Sprintf("this search (about %d MiB) does not fit in the server's memory budget (%d MiB) beside the searches running", (keep+searching)>>20, s.opt.MaxMemoryBytes>>20)
	}
	j.bytes, j.searching = keep+searching, searching
	s.memory += j.bytes
	ctx, cancel := context.WithCancelCause(s.ctx)
	ctx, stopTimer := context.WithTimeoutCause(ctx, s.opt.JobTimeout, fmt.Errorf("time limit of %v reached", s.opt.JobTimeout))
	j.cancel = cancel
	s.jobs[j.id] = j
	s.running++
	s.wg.Add(1)
	go s.run(ctx, j, stopTimer)
	return j, 0, ""
}

// forgetOldest forgets the finished job that ended first; s.mu must be held. It reports
// false if every job is running.
func (s *Server) forgetOldest() bool {
	var old *job
	for _, j := range s.jobs {
		j.mu.Lock()
		if j.state != present.StateRunning && (old == nil || j.finished.Before(old.finished)) {
			old = j
		}
		j.mu.Unlock()
	}
	if old == nil {
		return false
	}
	s.forget(old.id, old)
	return true
}

// forget drops a finished job and its share of the memory budget; s.mu must be held.
func (s *Server) forget(id string, j *job) {
	delete(s.jobs, id)
	s.memory -= j.bytes
}

// An admission is a request let in to be read and parsed: it holds a slot among
// MaxReading (not among MaxRunning: a slow body must not keep searches from starting) and
// a reservation of the memory budget until its search starts or it is refused. The
// reservation grows as the body arrives (grow), so that a request that only declares a
// large body, or sends one chunked, reserves what it has sent, not what it might send: it
// used to reserve 32 times the declared size (16 MiB x 32 for a chunked body) at once,
// forgetting finished searches to make room for bytes that never came.
type admission struct {
	s       *Server
	reserve int64
	used    bool // handed over to a job
	// While the body is read: when it began, and abort, which makes the read fail at
	// once. A reader holding its slot longer than readerGrace gives it up to a new
	// request when every slot is taken (evicted).
	reading bool
	started time.Time
	abort   func()
	evicted bool
}

// bytesPerBodyByte is the reservation made per byte of a request body while it is parsed:
// the body, its decoded string, the parsed problem and the parser's garbage (measured:
// about 20 bytes per byte of DLX text).
const bytesPerBodyByte = 32

// readerGrace is how long a request being read keeps its slot against newcomers: a body
// of the largest size arrives in far less on any link that can use the server, while a
// client that trickles (eight connections that sent one byte blocked every search for the
// body timeout, forever if reopened) loses its slot to the next request.
const readerGrace = time.Second

// errNeverFits and errNoRoom are what a body's reservation (grow) fails with: more than the
// whole budget, or more than the budget has room for beside the searches kept and running.
var (
	errNeverFits = errors.New("never fits")
	errNoRoom    = errors.New("no room")
)

// admit lets a request of the given declared body size (-1: unknown) in, or returns the
// HTTP status and message of a refusal. abort makes the request's body read fail (to take
// its slot from it). A declared size too large to parse within the whole memory budget is
// refused at once (413: it can never succeed); only the search's base is reserved here, and
// the body's share as it is read.
func (s *Server) admit(size int64, abort func()) (*admission, int, string) {
	reserve := int64(baseJobBytes)
	s.mu.Lock()
	defer s.mu.Unlock()
	if size > 0 && bytesPerBodyByte*size+reserve > s.opt.MaxMemoryBytes {
		return nil, http.StatusRequestEntityTooLarge, s.neverFits(size)
	}
	switch {
	case s.closed:
		return nil, http.StatusServiceUnavailable, "server shutting down"
	case s.running >= s.opt.MaxRunning:
		return nil, http.StatusTooManyRequests, fmt.Sprintf("%d searches running already; try again later", s.running)
	case s.pending >= s.opt.MaxReading && !s.evictSlowReader():
		return nil, http.StatusTooManyRequests, "too many requests being read; try again later"
	}
	if !s.makeRoom(reserve) {
		return nil, http.StatusTooManyRequests, fmt.Sprintf("the searches kept fill the server's memory budget (%d MiB); try again later", s.opt.MaxMemoryBytes>>20)
	}
	s.pending++
	s.memory += reserve
	a := &admission{s: s, reserve: reserve, reading: true, started: s.opt.Time(), abort: abort}
	s.readers = append(s.readers, a)
	return a, 0, ""
}

// neverFits says that a body of size bytes cannot be parsed within the memory budget.
func (s *Server) neverFits(size int64) string {
	return fmt.Sprintf("a request body of %d bytes needs about %d MiB to be parsed, more than the server's memory budget (%d MiB)", size, (bytesPerBodyByte*size+baseJobBytes)>>20, s.opt.MaxMemoryBytes>>20)
}

// evictSlowReader takes the slot of the request that has been read longest, if it has
// been read for longer than readerGrace, and reports whether it did; s.mu must be held.
func (s *Server) evictSlowReader() bool {
	var old *admission
	for _, a := range s.readers {
		if old == nil || a.started.Before(old.started) {
			old = a
		}
	}
	if old == nil || s.opt.Time().Sub(old.started) < readerGrace {
		return false
	}
	old.evicted = true
	s.doneReading(old)
	old.abort()
	return true
}

// doneReading ends a's reading: it leaves the readers and gives back its slot; s.mu must
// be held. Its reservation stays until release or start.
func (s *Server) doneReading(a *admission) {
	if !a.reading {
		return
	}
	a.reading = false
	s.pending--
	s.readers = slices.DeleteFunc(s.readers, func(b *admission) bool { return b == a })
}

// grow adds bytes to the reservation as the body arrives, forgetting finished searches to
// make room; it fails with errNeverFits past the whole budget, errNoRoom past what the
// searches kept and running leave.
func (a *admission) grow(bytes int64) error {
	s := a.s
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case a.reserve+bytes > s.opt.MaxMemoryBytes:
		return errNeverFits
	case !s.makeRoom(bytes):
		return errNoRoom
	}
	a.reserve += bytes
	s.memory += bytes
	return nil
}

// finishReading ends the reading of the body: the request can no longer be evicted. It
// reports whether it had been (its body read was cut short to give its slot to another).
func (a *admission) finishReading() (evicted bool) {
	a.s.mu.Lock()
	defer a.s.mu.Unlock()
	a.s.doneReading(a)
	return a.evicted
}

// A reservingReader reads a body, growing its admission's reservation by bytesPerBodyByte
// for each byte read.
type reservingReader struct {
	r   io.Reader
	adm *admission
}

func (rr *reservingReader) Read(p []byte) (int, error) {
	n, err := rr.r.Read(p)
	if n > 0 {
		if gerr := rr.adm.grow(bytesPerBodyByte * int64(n)); gerr != nil {
			return 0, gerr
		}
	}
	return n, err
}

// makeRoom forgets finished searches, oldest first, until bytes more fit in the budget,
// and reports whether they do; s.mu must be held.
func (s *Server) makeRoom(bytes int64) bool {
	for s.memory+bytes > s.opt.MaxMemoryBytes {
		if !s.forgetOldest() {
			return false
		}
	}
	return true
}

// release gives back an admission that did not become a search.
func (a *admission) release() {
	if a.used {
		return
	}
	a.used = true
	a.s.mu.Lock()
	a.s.doneReading(a)
	a.s.memory -= a.reserve
	a.s.mu.Unlock()
}

// baseJobBytes is the memory counted for any search beyond its problem: its kept
// solutions, progress and bookkeeping.
const baseJobBytes = 256 << 10

// taskBytes estimates the memory a task keeps (its problem, with the option lines of a DLX
// problem) and the extra memory its search takes while it runs (the kernels' nodes, one
// set per worker).
func taskBytes(t task, req *present.Request, workers int) (keep, searching int64) {
	keep = baseJobBytes + int64(len(req.Problem))
	if p := t.Problem(); p != nil {
		keep += 16*int64(p.NumEntries()) + 48*int64(p.NumOptions()) + 64*int64(p.NumItems())
		searching = int64(workers) * (16*int64(p.NumEntries()+p.NumOptions()) + 32*int64(p.NumItems()))
	}
	return keep, searching
}

// errShutdown is the cause of the searches stopped by Close.
var errShutdown = errors.New("server shutting down")

// run searches, then records how the search ended.
func (s *Server) run(ctx context.Context, j *job, stopTimer context.CancelFunc) {
	defer s.wg.Done()
	err := s.search(ctx, j)
	stopped, cause := ctx.Err() != nil, context.Cause(ctx)
	stopTimer()
	j.cancel(nil)
	j.mu.Lock()
	j.finished = s.opt.Time()
	switch {
	case err == nil:
		j.state = present.StateDone
	case stopped:
		j.state = present.StateCancelled
		if errors.Is(cause, context.Canceled) && s.ctx.Err() != nil {
			cause = errShutdown
		}
		j.err = cause.Error()
	default:
		j.state = present.StateFailed
		j.err = err.Error()
	}
	j.notify()
	j.mu.Unlock()
	// The slot is given back before done is closed: a client told the search has ended
	// (DELETE waits for done) may start another at once. (Given back after, a POST right
	// after a DELETE got 429 in about one try in ten.)
	s.mu.Lock()
	s.running--
	// A finished search keeps its problem and solutions, not its kernels.
	s.memory -= j.searching
	j.bytes -= j.searching
	s.mu.Unlock()
	close(j.done)
}

// search runs the job's search and keeps what it finds.
func (s *Server) search(ctx context.Context, j *job) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error: %v", r)
		}
	}()
	t := j.task
	if t.About().Impossible {
		// No solutions, and no search needed to say so; a count says 0, as the command does.
		if j.mode == present.ModeCount {
			j.mu.Lock()
			j.count = "0"
			j.mu.Unlock()
		}
		return nil
	}
	cfg := xcover.Config{
		Limit:            j.limit,
		Workers:          s.opt.Workers,
		ProgressInterval: s.opt.ProgressInterval,
		Progress:         j.progress,
	}
	if j.mode == present.ModeRandom {
		cfg.Random, cfg.Seed = true, j.seed
	}
	checker := verify.NewChecker(t.Problem())
	// keep checks a solution with the verifier and keeps it if there is room; class is the
	// size of its class of symmetric solutions in distinct mode.
	keep := func(sol []int, class int) error {
		if v := checker.Check(sol); len(v) > 0 {
			return fmt.Errorf("internal error: the search returned a non-solution: %s", v[0].Msg)
		}
		j.mu.Lock()
		defer j.mu.Unlock()
		j.found++
		j.total += uint64(class)
		if len(j.sols) < s.opt.MaxSolutions { // (the puzzle's own checker has seen it: Each)
			j.sols = append(j.sols, sol)
			if j.mode == present.ModeDistinct {
				j.classes = append(j.classes, class)
			}
		}
		return nil
	}
	// The puzzle chooses the engine — its own counter or solver where it has one, the
	// exact cover engine otherwise — as it does for the command.
	switch j.mode {
	case present.ModeCount:
		cfg.Memo, cfg.MemoBytes = j.memo, j.memoBytes
		res, _, err := puzzle.Count(ctx, t, cfg, false)
		n := res.Solutions
		j.mu.Lock()
		switch {
		case n == nil: // a memoised count stopped: no partial result
		case n.IsUint64():
			j.found, j.count = n.Uint64(), n.String()
		default:
			j.found, j.count = ^uint64(0), n.String()
		}
		if err != nil {
			j.count = "" // partial: only Solutions, which says so with the state
		}
		j.mu.Unlock()
		return err
	case present.ModePuzzle:
		return s.puzzle(ctx, j, cfg, keep)
	case present.ModeDistinct:
		var kerr error
		cfg.Limit = 0 // the limit counts classes, not solutions
		err := puzzle.Each(ctx, t, cfg, true, func(sol []int, class int) bool {
			kerr = keep(sol, class)
			return kerr == nil && (j.limit == 0 || j.found < j.limit)
		})
		return errors.Join(kerr, err)
	default: // solve, random
		var kerr error
		err := puzzle.Each(ctx, t, cfg, false, func(sol []int, _ int) bool {
			kerr = keep(sol, 0)
			return kerr == nil
		})
		return errors.Join(kerr, err)
	}
}

// progress records a progress report of the job's search, then lets the host run (see
// yieldToHost: in a browser, the requests that arrived meanwhile are answered there).
func (j *job) progress(p xcover.Progress) {
	j.record(p)
	yieldToHost()
}

// record records a progress report of the job's search.
func (j *job) record(p xcover.Progress) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if p.Done {
		// The final report says 1 even for a search cancelled or stopped at its limit:
		// keep the last estimate; status says 1 for a search that ran to its end.
		p.Fraction = j.prog.Fraction
	}
	if j.mode == present.ModeCount {
		j.found = p.Solutions
	}
	j.prog = p
	j.notify()
}

// given returns the options a puzzle job pre-places (its first kept), which its pictures
// mark; nil for other jobs and before they are known.
func (j *job) given() []int {
	if j.mode != present.ModePuzzle {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if len(j.sols) == 0 {
		return nil
	}
	return j.sols[0]
}

// puzzle makes a puzzle of the job's problem: a random solution (checked by keep, as
// every solution), and its minimal defining set, kept before it but not counted among
// the solutions: the options to pre-place, drawn with the solution, both marked.
func (s *Server) puzzle(ctx context.Context, j *job, cfg xcover.Config, keep func([]int, int) error) error {
	cfg.Random, cfg.Seed = true, j.seed
	givens, sol, err := puzzle.Make(ctx, j.task, cfg)
	if err != nil || sol == nil {
		return err
	}
	j.mu.Lock()
	j.sols = append(j.sols, givens)
	j.mu.Unlock()
	return keep(sol, 0)
}
