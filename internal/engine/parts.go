package engine

import (
	"sync"
	"sync/atomic"
)

// RunParts searches the given parts of sp's tree with the given number of workers, each
// with its own kernel; a worker that finishes a part takes the next one not yet taken.
// Statistics accumulate into st. done, if not nil, is called after each part that was
// searched to the end, with the part's index and its own statistics; calls of done, Visit
// and Poll never overlap. Poll sees the statistics of all workers together and the sum of
// the weights of the parts done plus the progress inside the parts under way. With
// p.Limit, exactly min(Limit, solutions) solutions are counted and visited. RunParts reports
// whether it searched every part to the end.
func RunParts(sp *Spec, p *Params, parts []Part, workers int, st *Stats, done func(i int, st Stats)) bool {
	if len(parts) == 0 {
		return true
	}
	workers = max(1, min(workers, len(parts)))
	r := &runner{p: p, parts: parts, done: done, partial: make([]float64, workers)}
	r.total = *st
	first := newKernel(sp, &Params{Initial: p.Initial, Kernel: p.Kernel})
	if first == nil {
		return true
	}
	kernels := []kernel{first} // cloned before any worker starts changing first
	for range workers - 1 {
		kernels = append(kernels, first.clone())
	}
	var wg sync.WaitGroup
	for w, k := range kernels {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r.work(w, k)
		}()
	}
	wg.Wait()
	*st = r.total
	if p.Limit > 0 {
		st.Solutions = min(st.Solutions, p.Limit)
	}
	return !r.stop.Load()
}

// runner is the state the workers of RunParts share.
type runner struct {
	p     *Params
	parts []Part
	done  func(int, Stats)
	next  atomic.Int64 // the next part to hand out
	stop  atomic.Bool
	found atomic.Uint64 // solutions so far, for the limit

	mu      sync.Mutex // guards what follows, and serialises Visit, Poll and done
	total   Stats
	doneW   float64   // weight of the parts finished
	partial []float64 // per worker: progress inside its current part, in tree weight
}

func (r *runner) work(w int, k kernel) {
	p := r.p
	var st, reported Stats // this worker's statistics, and the part of them added to total
	flush := func() {      // adds st - reported to the total; r.mu held
		r.total.Nodes += st.Nodes - reported.Nodes
		r.total.Updates += st.Updates - reported.Updates
		r.total.Solutions += st.Solutions - reported.Solutions
		reported = st
	}
	var start float64 // the fraction at the root of the current part
	wp := &Params{
		Poll: func(wst *Stats, f float64) bool {
			if r.stop.Load() {
				return false
			}
			r.mu.Lock()
			defer r.mu.Unlock()
			flush()
			r.partial[w] = f - start
			if p.Poll != nil {
				frac := r.doneW
				for _, x := range r.partial {
					frac += x
				}
				if !p.Poll(&r.total, frac) {
					r.stop.Store(true)
					return false
				}
			}
			return true
		},
	}
	if p.Visit != nil || p.Limit > 0 {
		wp.Visit = func(sol []int32) bool {
			n := r.found.Add(1)
			if p.Limit > 0 && n > p.Limit {
				r.stop.Store(true)
				return false
			}
			if p.Visit != nil {
				r.mu.Lock()
				ok := p.Visit(sol)
				r.mu.Unlock()
				if !ok {
					r.stop.Store(true)
					return false
				}
			}
			if p.Limit > 0 && n == p.Limit {
				r.stop.Store(true)
				return false
			}
			return !r.stop.Load()
		}
	}
	for !r.stop.Load() {
		i := int(r.next.Add(1) - 1)
		if i >= len(r.parts) {
			break
		}
		// Polled between parts too: a part of a few nodes may cost far more to reach
		// than to search (one primary item and 40,000 colours: each part purifies
		// every colour on its way down), and the search polls only every pollEvery nodes.
		start = 0
		if !wp.Poll(&st, 0) {
			break
		}
		path := r.parts[i].Path
		for l, b := range path {
			k.branches(l)
			descend(k, l, b)
		}
		start = k.fraction(len(path))
		before := st
		if !k.search(len(path), wp, &st) {
			break // stopped: the kernel is left mid-tree, and this worker is done
		}
		for l := len(path) - 1; l >= 0; l-- {
			k.close(l)
		}
		r.mu.Lock()
		flush()
		r.partial[w] = 0
		r.doneW += r.parts[i].Weight
		if r.done != nil {
			r.done(i, Stats{
				Solutions: st.Solutions - before.Solutions,
				Nodes:     st.Nodes - before.Nodes,
				Updates:   st.Updates - before.Updates,
			})
		}
		r.mu.Unlock()
	}
	r.mu.Lock()
	flush()
	r.mu.Unlock()
}
