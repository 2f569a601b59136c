package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
)

// A Part is a subtree of the search tree, named by the branch taken at each level on the
// way down from the root. Parts from one Cut are disjoint and together hold every solution.
type Part struct {
	Path []int32
	// Weight is the subtree's share of the tree if the tree were uniform: the product of
	// 1/branches along the path (Knuth's measure of progress).
	Weight float64
}

// Cut cuts the search tree of sp, with the forced options, into at least min parts where the
// tree allows it: every node at the shallowest branching depth at which there are that
// many, plus the solutions met above that depth. The branching depth of a node counts only
// the nodes above it with two branches or more: a chain of forced moves (nodes with one
// branch) is walked through, not cut, so a long chain costs its length once per depth
// tried, and the depths tried are at most about log2(min). Dead ends are left out. The cut
// depends only on the problem, the forced options and min, so it is the same on every
// machine. above is the number of search nodes above the parts (the parts' own nodes are
// theirs), so that the parts' node counts plus above make the whole tree's. Cut returns no
// parts when the forced options contradict each other.
func Cut(sp *Spec, initial []int32, min int) (parts []Part, above uint64) {
	k := newKernel(sp, &Params{Initial: initial})
	if k == nil {
		return nil, 0
	}
	return cutTree(k, min)
}

// cutTree is Cut on the tree below k's current node.
func cutTree(k kernel, min int) (parts []Part, above uint64) {
	c := cutter{k: k}
	for depth := 0; ; depth++ {
		c.parts, c.above, c.path = c.parts[:0], 0, c.path[:0]
		deeper := c.cut(depth, 1)
		if len(c.parts) >= min || !deeper {
			return c.parts, c.above
		}
	}
}

// A cutter walks the top of a search tree to cut it (see Cut).
type cutter struct {
	k     kernel
	path  []int32 // branches from the root to the current node
	parts []Part
	above uint64
}

// cut appends the parts below the current node down to the given branching depth (counted
// from the current node), counts the nodes above them, and reports whether any node was
// cut at that depth (so that a deeper cut could give more parts).
func (c *cutter) cut(depth int, w float64) bool {
	// Walk down the chain of forced moves below the current node.
	base := len(c.path)
	defer func() {
		for range len(c.path) - base {
			c.k.ascend()
		}
		c.path = c.path[:base]
	}()
	if depth == 0 {
		c.parts = append(c.parts, Part{Path: slices.Clone(c.path), Weight: w})
		return true
	}
	for {
		n := c.k.branches()
		switch {
		case n < 0: // a solution above the cut depth is a part of its own
			c.parts = append(c.parts, Part{Path: slices.Clone(c.path), Weight: w})
			return false
		case n == 0: // a dead end above the parts
			c.above++
			return false
		case n == 1:
			c.above++
			c.k.descend(0)
			c.path = append(c.path, 0)
			continue
		}
		c.above++ // an inner node above the parts
		deeper := false
		for b := range n {
			c.k.descend(b)
			c.path = append(c.path, b)
			if c.cut(depth-1, w/float64(n)) {
				deeper = true
			}
			c.path = c.path[:len(c.path)-1]
			c.k.ascend()
		}
		return deeper
	}
}

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
		path := r.parts[i].Path
		for _, b := range path {
			k.branches()
			k.descend(b)
		}
		start = fractionAt(k)
		before := st
		if !k.search(wp, &st) {
			break // stopped: the kernel is left mid-tree, and this worker is done
		}
		for range path {
			k.ascend()
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

// fractionAt returns the progress fraction at the kernel's current node.
func fractionAt(k kernel) float64 {
	switch k := k.(type) {
	case *kernelX:
		return fraction(k.pos, k.cnt, k.level)
	case *kernelM:
		return fraction(k.pos, k.cnt, k.level)
	case *kernelB:
		return fraction(k.pos, k.cnt, k.level)
	}
	return 0
}

// An Estimate is Knuth's estimate of the size of a search tree from random probes: each
// probe walks from the root to a leaf taking branches at random, and the products of the
// branch counts along the way estimate the number of nodes and solutions without bias.
type Estimate struct {
	Probes          int
	Nodes           float64 // mean estimate of the number of nodes
	NodesErr        float64 // its standard error
	Solutions       float64 // mean estimate of the number of solutions
	SolutionsErr    float64
	MaxNodes        float64 // the largest single probe's estimate of the nodes
	SolutionsProbes int     // probes that ended at a solution
}

// EstimateTree runs the given number of random probes of sp's tree. stop, if not nil, is
// asked before each probe; when it says yes the estimate is of the probes made so far.
func EstimateTree(sp *Spec, initial []int32, probes int, seed uint64, stop func() bool) Estimate {
	e := Estimate{Probes: probes}
	k := newKernel(sp, &Params{Initial: initial})
	if k == nil || probes <= 0 {
		return e
	}
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	var sumN, sumN2, sumS, sumS2 float64
	for i := range probes {
		if stop != nil && stop() {
			probes = i
			e.Probes = i
			break
		}
		nodes, sols, depth := 1.0, 0.0, 0
		weight := 1.0
		for {
			n := k.branches()
			if n < 0 {
				sols = weight
				e.SolutionsProbes++
				break
			}
			if n == 0 {
				break
			}
			weight *= float64(n)
			nodes += weight
			k.descend(rng.Int32N(n))
			depth++
		}
		for range depth {
			k.ascend()
		}
		sumN += nodes
		sumN2 += nodes * nodes
		sumS += sols
		sumS2 += sols * sols
		e.MaxNodes = math.Max(e.MaxNodes, nodes)
	}
	if probes == 0 {
		return e
	}
	m := float64(probes)
	e.Nodes, e.Solutions = sumN/m, sumS/m
	if probes > 1 {
		e.NodesErr = math.Sqrt(math.Max(sumN2/m-e.Nodes*e.Nodes, 0) / (m - 1))
		e.SolutionsErr = math.Sqrt(math.Max(sumS2/m-e.Solutions*e.Solutions, 0) / (m - 1))
	}
	return e
}
