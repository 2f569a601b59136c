package xcover

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"time"
)

// A defining set of a solution is a subset of its options that, forced as initial
// options, leaves that solution and no other: the givens of a puzzle whose answer is the
// solution. It is minimal when no option of it can be dropped, smallest when no defining
// set has fewer options. Forcing more options of a solution never adds solutions, so a
// superset (within the solution) of a defining set is one too; that makes one pass of
// removals give a minimal set, and makes the smallest one a minimum hitting set of the
// differences sol \ T over the other solutions T.

// DefineOptions controls [Define].
type DefineOptions struct {
	// Seed orders the options tried for removal when looking for a minimal set: the same
	// Seed gives the same set.
	Seed uint64
	// Smallest asks for a smallest defining set, by an exhaustive search with pruning,
	// instead of a minimal one; it is meant for small problems.
	Smallest bool
	// MaxNodes stops the search for a smallest set once its tree has about this many
	// nodes; the error is then ErrNodeLimit. 0 means no limit.
	MaxNodes uint64
	// Find asks Define to find the solution to define itself, in place of sol (which must
	// then be nil): the first the engine finds or, with Uniform, one drawn uniformly at
	// random from all solutions (as Sample draws, seeded by Seed).
	Find, Uniform bool
	// Progress, if not nil, is called about every ProgressInterval (default one second)
	// while a search for a smallest set runs, with what is known so far, and once at its
	// end (Done set).
	Progress         func(DefineResult)
	ProgressInterval time.Duration
}

// A DefineResult is the result of [Define].
type DefineResult struct {
	// Solution is the solution defined: the one given, or the one found or drawn; nil if
	// there is none (or the search for it was stopped).
	Solution []int
	// Options is the defining set, ascending option indices; nil while a search for the
	// smallest one runs or when it was stopped.
	Options []int
	// LowerBound is the size below which there is no defining set: len(Options) once a
	// search for a smallest set has ended, 0 for a minimal set.
	LowerBound int
	// Nodes counts the nodes of the search for a smallest set (subsets of the solution
	// tried); Checks counts the runs of the engine (uniqueness checks and searches for
	// other solutions); Differences counts the sets of options, each in the solution and
	// not in another solution, that the smallest set must meet.
	Nodes, Checks uint64
	Differences   int
	// Elapsed is the time taken so far; Done says that Options holds the answer.
	Elapsed time.Duration
	Done    bool
}

// Define returns a defining set of sol, a solution of p given as option indices: a
// minimal one (no option can be dropped), found by trying to drop each option once in an
// order drawn from opt.Seed and keeping the drop when the engine still finds exactly one
// solution (a count with limit 2), or with opt.Smallest a smallest one. It fails if sol is
// not a solution of p, or if sol is not the only solution containing all its options (an
// option of secondary items only could be added to it; such a solution has no defining
// set). With opt.Find it defines a solution it finds itself; if p has none, the result's
// Solution is nil and the error nil. The error is ctx's if cancelled, ErrNodeLimit at
// MaxNodes.
func Define(ctx context.Context, p *Problem, sol []int, opt DefineOptions) (DefineResult, error) {
	if opt.Find {
		if sol != nil {
			return DefineResult{}, errors.New("xcover: define: a solution given, and Find")
		}
		var err error
		if sol, err = someSolution(ctx, p, opt); sol == nil || err != nil {
			return DefineResult{}, err
		}
	}
	d := &definer{ctx: ctx, p: p, start: time.Now(), given: sol}
	s := slices.Clone(sol)
	slices.Sort(s)
	s = slices.Compact(s)
	d.sol = s
	for _, k := range s {
		if k < 0 || k >= p.NumOptions() {
			return DefineResult{}, fmt.Errorf("xcover: define: option %d out of range [0, %d)", k, p.NumOptions())
		}
	}
	d.in = make(map[int]int, len(s))
	for i, k := range s {
		d.in[k] = i
	}
	others, err := d.others(s, 2)
	switch {
	case err != nil:
		return d.result(nil), err
	case d.found == 0:
		return d.result(nil), fmt.Errorf("xcover: define: options %v are not a solution", sol)
	case len(others) > 0:
		return d.result(nil), fmt.Errorf("xcover: define: options %v are not a solution, or not the only one containing them all", sol)
	}
	if !opt.Smallest {
		set, err := d.minimal(opt.Seed)
		return d.result(set), err
	}
	set, err := d.smallest(opt)
	return d.result(set), err
}

// someSolution returns the first solution of p the engine finds or, with opt.Uniform, one
// drawn uniformly at random; nil if p has none.
func someSolution(ctx context.Context, p *Problem, opt DefineOptions) ([]int, error) {
	var sol []int
	if opt.Uniform {
		sols, done := Sample(ctx, p, 1, Config{Seed: opt.Seed})
		for s := range sols {
			sol = s
		}
		_, err := done()
		return sol, err
	}
	s, err := NewSolver(p, Config{Limit: 1})
	if err != nil {
		return nil, err
	}
	for x := range s.Solutions(ctx) {
		sol = x
	}
	return sol, s.Err()
}

// definer holds one call of Define.
type definer struct {
	ctx    context.Context
	p      *Problem
	given  []int       // the solution as given or found
	sol    []int       // the solution, ascending
	in     map[int]int // position in sol of each of its options
	start  time.Time
	nodes  uint64
	checks uint64
	diffs  int
	lb     int
	found  int // solutions found by the last call of others, sol included
}

func (d *definer) result(set []int) DefineResult {
	r := DefineResult{Solution: d.given, Options: set, Nodes: d.nodes, Checks: d.checks, Differences: d.diffs,
		Elapsed: time.Since(d.start), Done: set != nil}
	if set != nil {
		slices.Sort(set)
	}
	r.LowerBound = d.lb
	return r
}

// others runs the engine with the options of forced as initial options and returns, as
// positions in sol, the differences sol \ T of at most limit-1 solutions T other than sol.
func (d *definer) others(forced []int, limit uint64) ([][]int, error) {
	d.checks++
	s, err := NewSolver(d.p, Config{Initial: forced, Limit: limit})
	if err != nil {
		return nil, err
	}
	var diffs [][]int
	d.found = 0
	for t := range s.Solutions(d.ctx) {
		d.found++
		inT := make(map[int]bool, len(t))
		for _, k := range t {
			inT[k] = true
		}
		var diff []int
		for i, k := range d.sol {
			if !inT[k] {
				diff = append(diff, i)
			}
		}
		if len(diff) > 0 || len(t) != len(d.sol) {
			diffs = append(diffs, diff)
		}
	}
	return diffs, s.Err()
}

// unique reports whether the options of sol at the positions of set leave sol alone.
func (d *definer) unique(set []int) (bool, error) {
	o, err := d.others(d.options(set), 2)
	return len(o) == 0, err
}

func (d *definer) options(pos []int) []int {
	out := make([]int, len(pos))
	for i, j := range pos {
		out[i] = d.sol[j]
	}
	return out
}

// minimal drops the options of the solution one by one, in a random order.
func (d *definer) minimal(seed uint64) ([]int, error) {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	keep := make([]bool, len(d.sol))
	for i := range keep {
		keep[i] = true
	}
	for _, i := range rng.Perm(len(d.sol)) {
		keep[i] = false
		var set []int
		for j, k := range keep {
			if k {
				set = append(set, j)
			}
		}
		ok, err := d.unique(set)
		if err != nil {
			return nil, err
		}
		keep[i] = !ok
	}
	set := []int{}
	for j, k := range keep {
		if k {
			set = append(set, d.sol[j])
		}
	}
	return set, nil
}

// A bitset over the positions of the solution.
type posSet []uint64

func (s posSet) set(i int)   { s[i>>6] |= 1 << (i & 63) }
func (s posSet) clear(i int) { s[i>>6] &^= 1 << (i & 63) }

// smallest finds a smallest defining set as a minimum hitting set of the differences
// sol \ T, found lazily: the search looks for a set of size k meeting every difference
// known so far (k from the largest size proven too small), the engine checks it, and each
// other solution it finds adds its difference, shrunk to a minimal one.
func (d *definer) smallest(opt DefineOptions) ([]int, error) {
	n := len(d.sol)
	words := (n + 63) / 64
	var diffs []posSet
	interval := opt.ProgressInterval
	if interval <= 0 {
		interval = time.Second
	}
	last := time.Now()
	progress := func(done bool, set []int) {
		if opt.Progress != nil && (done || time.Since(last) >= interval) {
			last = time.Now()
			opt.Progress(d.result(set))
		}
	}
	k := 0
	for {
		if err := d.ctx.Err(); err != nil {
			return nil, err
		}
		h := &hitter{diffs: diffs, k: k, words: words, d: d, maxNodes: opt.MaxNodes, progress: progress}
		set, ok, err := h.find()
		if err != nil {
			return nil, err
		}
		if !ok {
			k++
			d.lb = k
			progress(false, nil)
			continue
		}
		o, err := d.others(d.options(set), 2)
		if err != nil {
			return nil, err
		}
		if len(o) == 0 {
			d.lb = len(set)
			out := append([]int{}, d.options(set)...)
			progress(true, out)
			return out, nil
		}
		diff, err := d.shrink(o[0])
		if err != nil {
			return nil, err
		}
		ps := make(posSet, words)
		for _, i := range diff {
			ps.set(i)
		}
		diffs = append(diffs, ps)
		d.diffs = len(diffs)
		progress(false, nil)
	}
}

// shrink makes a difference minimal: while some other solution differs from sol in a
// proper subset of diff, it takes that solution's difference instead.
func (d *definer) shrink(diff []int) ([]int, error) {
	if len(diff) == 0 {
		return nil, fmt.Errorf("xcover: define: empty difference")
	}
	for i := 0; i < len(diff); {
		// Force every option outside diff and diff[i]: another solution meeting that
		// differs from sol inside diff without diff[i].
		var forced []int
		in := make(map[int]bool, len(diff))
		for _, j := range diff {
			in[j] = true
		}
		for j := range d.sol {
			if !in[j] || j == diff[i] {
				forced = append(forced, d.sol[j])
			}
		}
		o, err := d.others(forced, 2)
		if err != nil {
			return nil, err
		}
		if len(o) > 0 {
			diff = o[0]
			i = 0
			continue
		}
		i++
	}
	return diff, nil
}

// hitter searches for a set of at most k positions meeting every difference.
type hitter struct {
	diffs    []posSet
	k        int
	words    int
	d        *definer
	maxNodes uint64
	progress func(bool, []int)
	chosen   []int
	err      error
}

func (h *hitter) find() ([]int, bool, error) {
	taken := make(posSet, h.words)
	banned := make(posSet, h.words)
	if h.search(taken, banned) {
		return slices.Clone(h.chosen), true, nil
	}
	return nil, false, h.err
}

// search extends chosen (the positions in taken) without the positions in banned.
func (h *hitter) search(taken, banned posSet) bool {
	h.d.nodes++
	if h.maxNodes > 0 && h.d.nodes > h.maxNodes {
		h.err = ErrNodeLimit
		return false
	}
	if h.d.nodes&1023 == 0 {
		if err := h.d.ctx.Err(); err != nil {
			h.err = err
			return false
		}
		h.progress(false, nil)
	}
	// The unmet difference with fewest allowed positions, and a lower bound: unmet
	// differences with no allowed position in common, taken greedily in order.
	best, bestN := -1, 0
	used := make(posSet, h.words)
	need := 0
	for i, s := range h.diffs {
		met := false
		for w := range h.words {
			if s[w]&taken[w] != 0 {
				met = true
				break
			}
		}
		if met {
			continue
		}
		c, overlap := 0, false
		for w := range h.words {
			a := s[w] &^ banned[w]
			c += bits.OnesCount64(a)
			if a&used[w] != 0 {
				overlap = true
			}
		}
		if c == 0 {
			return false
		}
		if !overlap {
			need++
			for w := range h.words {
				used[w] |= s[w] &^ banned[w]
			}
		}
		if best < 0 || c < bestN {
			best, bestN = i, c
		}
	}
	if best < 0 {
		return true
	}
	if len(h.chosen)+need > h.k {
		return false
	}
	s := h.diffs[best]
	var tried []int
	defer func() {
		for _, j := range tried {
			banned.clear(j)
		}
	}()
	for w := range h.words {
		for a := s[w] &^ banned[w]; a != 0; a &= a - 1 {
			j := w*64 + bits.TrailingZeros64(a)
			taken.set(j)
			h.chosen = append(h.chosen, j)
			if h.search(taken, banned) {
				return true
			}
			h.chosen = h.chosen[:len(h.chosen)-1]
			taken.clear(j)
			if h.err != nil {
				return false
			}
			banned.set(j)
			tried = append(tried, j)
		}
	}
	return false
}
