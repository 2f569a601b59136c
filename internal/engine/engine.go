package engine

import (
	"math/rand/v2"
	"slices"
	"time"
)

// Spec is a problem laid out for the engine: items 0..NumPrimary-1 are primary, the rest
// secondary; option k's entries are Item[Start[k]:Start[k+1]] (with colours Color[...], or
// Color == nil when no option has a colour).
type Spec struct {
	NumPrimary int
	NumItems   int
	Lo, Hi     []int32 // bounds of each primary item
	Start      []int32
	Item       []int32
	Color      []int32
}

// NumOptions returns the number of options.
func (sp *Spec) NumOptions() int { return len(sp.Start) - 1 }

// exact reports whether every primary item is covered exactly once and no entry has a colour.
func (sp *Spec) exact() bool {
	for i := range sp.NumPrimary {
		if sp.Lo[i] != 1 || sp.Hi[i] != 1 {
			return false
		}
	}
	for _, c := range sp.Color {
		if c != 0 {
			return false
		}
	}
	return true
}

// Params controls one search.
type Params struct {
	Limit uint64 // stop after this many solutions; 0 = none
	// Kernel forces a kernel, for tests and benchmarks (see Kernel); KernelAuto chooses by
	// problem. A kernel that cannot run the problem is replaced by the automatic choice.
	Kernel  Kernel
	Random  bool
	Seed    uint64
	Initial []int32 // options forced into every solution, distinct
	// Visit, if not nil, receives each solution as the chosen option indices (in no
	// particular order; the slice is reused) and returns false to stop the search.
	Visit func(sol []int32) bool
	// Poll, if not nil, is called every few thousand nodes with the work so far and
	// Knuth's estimate of the fraction of the tree done; it returns false to stop the search.
	Poll func(st *Stats, fraction float64) bool
	// Keep, if not nil, may hold the kernel of an earlier EstimateTree on the same problem,
	// which Run then takes instead of laying the problem out again.
	Keep *Keep
}

// A Keep passes the kernel of EstimateTree, left at its root, to the Run after it: on 10^7
// entries the layout is about a second, as long as the rest of the reading together. It
// holds at most one kernel, of the problem and initial options given, in the linked
// kernels (X, M) only, not random; Run takes it (the Keep is empty afterwards) where it
// would build the same kind of kernel. Clear drops it.
type Keep struct {
	sp      *Spec
	initial []int32
	k       kernel
}

// Clear drops the kernel kept, if any, so that its memory can be freed.
func (c *Keep) Clear() { *c = Keep{} }

// put keeps k, at its root, for a later Run of sp with the initial options, with the
// count of updates that Run adds to its statistics set back to updates (those of forcing
// the initial options, not the probes').
func (c *Keep) put(sp *Spec, initial []int32, k kernel, updates uint64) {
	switch k := k.(type) {
	case *kernelX:
		k.updates = updates
	case *kernelM:
		k.updates = updates
	default:
		return
	}
	*c = Keep{sp: sp, initial: initial, k: k}
}

// updatesOf returns the count of updates of a linked kernel not yet added to statistics.
func updatesOf(k kernel) uint64 {
	switch k := k.(type) {
	case *kernelX:
		return k.updates
	case *kernelM:
		return k.updates
	}
	return 0
}

// take returns the kept kernel, if it is one that newKernel(sp, p) would build, and empties
// the Keep; else nil.
func (c *Keep) take(sp *Spec, p *Params) kernel {
	if c == nil || c.k == nil {
		return nil
	}
	k := c.k
	ok := c.sp == sp && slices.Equal(c.initial, p.Initial) && !p.Random
	c.Clear()
	if !ok {
		return nil
	}
	switch kind := makePlan(sp, p).kind; k.(type) {
	case *kernelX:
		ok = kind == kindX
	case *kernelM:
		ok = kind == kindM
	}
	if !ok {
		return nil
	}
	return k
}

// Stats counts the work of a search. It has the shape of the root package's Stats, which
// converts from it: the engine counts, and leaves Elapsed to the caller, which times the
// search (the cut and the workers' start included).
type Stats struct {
	Solutions uint64
	Nodes     uint64
	Updates   uint64
	Elapsed   time.Duration
}

// pollEvery is how many nodes pass between calls of Params.Poll (a power of two).
const pollEvery = 1 << 12

// kernel is a search's state, positioned at a node of the search tree. The kernel keeps
// no depth of its own: the caller says at which depth l the node is (0 at the root, below
// any forced options). Every kernel walks its tree with the same steps, which its own
// search loop uses too:
//
//	n := k.branches(l) // at the node: -1 a solution, 0 a dead end, else n branches
//	k.open(l)          // prepare the node's branches (when n > 0)
//	for k.next(l) {    // leave the branch taken, if any, and take the next one
//		...            // the subtree at depth l+1, left as it was found
//	}                  // next returned false: no branch left, the node is closed
//
// close(l) leaves the branch taken, if any, and closes the node before its last branch.
// Each branch costs the loop one call.
type kernel interface {
	// branches chooses the item to branch on at the node at depth l and returns the
	// number of branches: 0 at a dead end, -1 at a solution.
	branches(l int) int32
	// open prepares the branches of the node at depth l, on which branches was called.
	open(l int)
	// next comes back from the branch taken at depth l, if any, then goes down the next
	// one and reports true, or closes the node and reports false when none is left.
	next(l int) bool
	// close comes back from the branch taken at depth l, if any, and closes the node.
	close(l int)
	// search searches the subtree of the node at depth l and reports whether it finished
	// it; if it did, the kernel is left at that node as it was.
	search(l int, p *Params, st *Stats) bool
	// fraction returns Knuth's estimate of the part of the tree done when the search is at
	// depth l (see fraction).
	fraction(l int) float64
	// clone returns a copy of the kernel, in the same state, for another worker; what no
	// search changes may be shared.
	clone() kernel
}

// descend takes branch b of the node at depth l, on which branches was called: the
// earlier branches are taken and left, as the search would.
func descend(k kernel, l int, b int32) {
	k.open(l)
	if s, ok := k.(seeker); ok {
		b = s.seek(l, b)
	}
	for range b + 1 {
		k.next(l)
	}
}

// A seeker is a kernel that can step over branches that leave nothing behind. seek, on an
// open node at depth l, passes over up to b of its first branches without taking them,
// where taking and leaving them would change nothing the later branches see, and returns
// how many of the b are left to take. Knuth's estimate and the parts of a split descend
// to a random or given branch: without seek each earlier branch is applied and undone
// (word rectangles 4x5: 1000 probes took 1 s, longer than a third of the count).
type seeker interface {
	seek(l int, b int32) int32
}

// levels is what every kernel records per level of the search: the item branched on, the
// position of the branch taken among the cnt branches of the node (-1 before the first;
// for the progress estimate, see fraction).
type levels struct {
	item, pos, cnt []int32
}

func newLevels(depth int) levels {
	return levels{item: make([]int32, depth), pos: make([]int32, depth), cnt: make([]int32, depth)}
}

// clone returns a copy with arrays of its own.
func (v levels) clone() levels {
	return levels{item: slices.Clone(v.item), pos: slices.Clone(v.pos), cnt: slices.Clone(v.cnt)}
}

// fraction returns the progress estimate at depth l.
func (v *levels) fraction(l int) float64 { return fraction(v.pos, v.cnt, l) }

// A randomOrder holds, in random mode, each level's options in the order they are tried:
// level l's are buf[base[l]:], closed by the item's header node as an end marker. Levels
// push theirs when they open and release them when they close, so buf is a stack; its
// capacity, set up front, is the number of entries plus one marker per level.
type randomOrder struct {
	rng  *rand.Rand
	buf  []int32
	base []int32
}

func newRandomOrder(rng *rand.Rand, entries, depth int) randomOrder {
	if rng == nil {
		return randomOrder{}
	}
	return randomOrder{rng: rng, buf: make([]int32, 0, entries+depth), base: make([]int32, depth)}
}

// clone returns an empty order for another worker, with the same generator (workers run no
// random searches) and buffers of its own.
func (r randomOrder) clone() randomOrder {
	return randomOrder{rng: r.rng, buf: make([]int32, 0, cap(r.buf)), base: slices.Clone(r.base)}
}

// begin starts level l's order; add appends its options and end shuffles them, closes the
// order with header and returns the first option.
func (r *randomOrder) begin(l int) { r.base[l] = int32(len(r.buf)) }

func (r *randomOrder) add(x int32) { r.buf = append(r.buf, x) }

func (r *randomOrder) end(l int, header int32) int32 {
	b := r.base[l]
	shuffle(r.rng, r.buf[b:])
	r.buf = append(r.buf, header)
	return r.buf[b]
}

// at returns level l's option at position pos (its header after the last).
func (r *randomOrder) at(l int, pos int32) int32 { return r.buf[r.base[l]+pos] }

// release drops level l's order.
func (r *randomOrder) release(l int) { r.buf = r.buf[:r.base[l]] }

// newKernel sets up the kernel for sp and p, with the forced options applied; it returns
// nil when they contradict each other.
func newKernel(sp *Spec, p *Params) kernel {
	if !compatible(sp, p.Initial) {
		return nil
	}
	pl := makePlan(sp, p)
	if pl.kind == kindBits {
		k := newKernelB(sp, pl)
		k.force(p.Initial)
		return k
	}
	var rng *rand.Rand
	if p.Random {
		rng = rand.New(rand.NewPCG(p.Seed, 0x9e3779b97f4a7c15))
	}
	if pl.kind == kindX {
		k := newKernelX(sp, rng)
		k.force(sp, p.Initial)
		return k
	}
	k := newKernelM(sp, rng)
	k.force(sp, p.Initial)
	return k
}

// Run searches the problem with one worker, choosing the kernel that fits it, accumulates
// into st, and reports whether it searched the whole tree (false when Visit, Poll or the
// Limit stopped it).
func Run(sp *Spec, p *Params, st *Stats) bool {
	k := p.Keep.take(sp, p)
	if k == nil {
		k = newKernel(sp, p)
	}
	if k != nil {
		return k.search(0, p, st)
	}
	return true
}

// compatible reports whether the forced options can all be in one solution: none lacks a
// primary item, no primary item is covered more than its upper bound, and every secondary
// item is used either by one uncoloured option or by options that agree on its colour.
func compatible(sp *Spec, forced []int32) bool {
	count := make(map[int32]int32)
	color := make(map[int32]int32) // secondary item -> colour, or -1 if taken uncoloured
	for _, k := range forced {
		hasPrimary := false
		for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
			i := sp.Item[e]
			if int(i) < sp.NumPrimary {
				hasPrimary = true
				count[i]++
				if count[i] > sp.Hi[i] {
					return false
				}
				continue
			}
			c := int32(0)
			if sp.Color != nil {
				c = sp.Color[e]
			}
			old, used := color[i]
			switch {
			case !used && c == 0:
				color[i] = -1
			case !used:
				color[i] = c
			case old == -1 || c == 0 || c != old:
				return false
			}
		}
		if !hasPrimary {
			return false
		}
	}
	return true
}

// fraction is Knuth's estimate of the part of a search tree done: the current node's
// position among its siblings at every level, pos[l] of cnt[l], weighted by the size of the
// subtree it stands for if the tree were uniform. It never decreases as the search goes on.
//
// It is called every pollEvery nodes over every level, and a problem of 10^6 items can be
// 5·10^5 levels deep, most of them forced: a level of one option changes nothing and costs
// no division, and once the scale is under 2^-64 the deeper levels, which add less than
// the scale in all, are left out. Leaving them out keeps the estimate from decreasing: two
// nodes share the levels above the first where they differ, so they stop at the same level
// if that one is deeper, and otherwise the later node's larger position there outweighs
// all that the earlier one adds below it.
func fraction(pos, cnt []int32, level int) float64 {
	f, scale := 0.0, 1.0
	for l := range level {
		c := cnt[l]
		if c <= 0 {
			break
		}
		if c == 1 && pos[l] == 0 {
			continue // a forced level: the scale and the sum as they were
		}
		scale /= float64(c)
		f += float64(pos[l]) * scale
		if scale < 0x1p-64 {
			break
		}
	}
	return f
}

// polled adds a kernel's pending updates to st and asks p.Poll, with Knuth's estimate of the
// fraction done, whether to go on. The kernels call it every pollEvery nodes.
func polled(p *Params, st *Stats, updates *uint64, pos, cnt []int32, level int) bool {
	st.Updates += *updates
	*updates = 0
	return p.Poll == nil || p.Poll(st, fraction(pos, cnt, level))
}

// shuffle puts a in random order (Fisher and Yates).
func shuffle(rng *rand.Rand, a []int32) {
	for i := len(a) - 1; i > 0; i-- {
		j := rng.Int32N(int32(i + 1))
		a[i], a[j] = a[j], a[i]
	}
}
