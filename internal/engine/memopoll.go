package engine

import (
	"sync"
	"sync/atomic"
	"time"
)

// memoPolls is how the workers of a depth-first memoised count (depthFirst) poll: each
// worker's tally calls poll every memoPollEvery sub-problems or steps of a choice, and
// poll asks MemoParams.Poll at most once per memoPollInterval for all of them.
//
// Until 2026-11-26 every poll of every worker took the count's lock and, under it, summed
// the cache's figures over all its shards (written by the other workers' puts) before
// calling Poll: A001499(12) polls some 25,000 times a second per worker (its choices take
// about 90 steps a sub-problem), so on sixteen cores the lock was held longer than there
// was time, the workers queued on it, and the count stalled past four workers
// (A001499(13) 6.1x on sixteen at 2.36 times one worker's CPU; the domino tiling with a
// piece item 0.61x at 14 times). Under the mutex profile of sixteen workers on this
// machine, 30% of the time waited was the poll's. Now a poll writes three counters on
// the worker's own cache line and reads one shared word that changes once per interval.
type memoPolls struct {
	p     *MemoParams
	cache *memoCache
	mu    *sync.Mutex // held while Poll is called and by done
	st    *MemoStats  // the statistics of the workers that are done, and the split's (under mu)
	stop  *atomic.Bool
	start time.Time
	_     apartPad
	// due is when Poll is next asked, in nanoseconds from start: read at every poll,
	// written once per interval.
	due     atomic.Int64
	_       apartPad
	workers []memoWorkerStats
}

// memoPollInterval is the least time between two calls of MemoParams.Poll by the
// workers of a depth-first count: the deadlines they serve (MemoAuto's, a signal's) are
// milliseconds and more.
const memoPollInterval = int64(time.Millisecond)

// memoWorkerStats is what a worker has counted so far, as its last poll saw it, on a
// cache line of its own: Poll reads them all.
type memoWorkerStats struct {
	_                   apartPad
	nodes, hits, misses atomic.Uint64
	_                   apartPad
}

// newMemoPolls returns the polls of a count on the given number of workers; st holds the
// statistics of the split, and done adds each worker's to them.
func newMemoPolls(p *MemoParams, workers int, cache *memoCache, st *MemoStats, mu *sync.Mutex, stop *atomic.Bool) *memoPolls {
	return &memoPolls{p: p, cache: cache, mu: mu, st: st, stop: stop, start: time.Now(), workers: make([]memoWorkerStats, workers)}
}

// poll is worker w's poll with its statistics ws: it reports false once the count is
// stopped, by another worker's error or by Poll.
func (s *memoPolls) poll(w int, ws *MemoStats) bool {
	if s.p.lockstep != nil {
		s.p.lockstep(w, false)
	}
	if s.stop.Load() {
		return false
	}
	me := &s.workers[w]
	me.nodes.Store(ws.Nodes)
	me.hits.Store(ws.Hits)
	me.misses.Store(ws.Misses)
	if s.p.Poll == nil {
		return true
	}
	now := int64(time.Since(s.start))
	if due := s.due.Load(); now < due || !s.due.CompareAndSwap(due, now+memoPollInterval) {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	agg := *s.st
	for i := range s.workers {
		agg.Nodes += s.workers[i].nodes.Load()
		agg.Hits += s.workers[i].hits.Load()
		agg.Misses += s.workers[i].misses.Load()
	}
	s.cache.stats(&agg)
	return s.p.Poll(&agg)
}

// done adds the statistics ws of worker w, which has stopped counting, to the count's.
func (s *memoPolls) done(w int, ws *MemoStats) {
	if s.p.lockstep != nil {
		s.p.lockstep(w, true)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.Nodes += ws.Nodes
	s.st.Hits += ws.Hits
	s.st.Misses += ws.Misses
	me := &s.workers[w]
	me.nodes.Store(0)
	me.hits.Store(0)
	me.misses.Store(0)
}
