// Package engine holds xcover's search kernels and the planner that picks one per problem.
// Nothing outside this package touches the kernels' arrays.
//
// Three kernels walk the same search tree (see docs/engine.md):
//
//   - kernelB (bits.go): bitsets, for problems with up to 8192 options — Algorithms X, C
//     and M with colours as precomputed conflicts and a copy of the state per level.
//   - kernelX (x.go): Algorithm X with dancing links, for larger problems whose primary
//     items are all covered exactly once and that have no colours; 12 bytes per node.
//   - kernelM (m.go): Algorithm M with dancing links, bounds and colours; 16 bytes per node.
//
// All are iterative loops over flat arrays with explicit per-level state: a search never
// allocates after it has started.
package engine

import "math/rand/v2"

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
	// Kernel forces a kernel, for tests and benchmarks: "dlx" (dancing links: X when the
	// problem allows, else M), "bits" (bitsets, counts chosen by size), "bits-lazy" and
	// "bits-counts" (bitsets, counts by popcount or kept up to date); "" chooses by
	// problem. A kernel that cannot run the problem is replaced by the automatic choice.
	Kernel  string
	Random  bool
	Seed    uint64
	Initial []int32 // options forced into every solution, distinct
	// Visit, if not nil, receives each solution as the chosen option indices (in no
	// particular order; the slice is reused) and returns false to stop the search.
	Visit func(sol []int32) bool
	// Poll, if not nil, is called every few thousand nodes with the work so far and
	// Knuth's estimate of the fraction of the tree done; it returns false to stop the search.
	Poll func(st *Stats, fraction float64) bool
}

// Stats counts the work of a search.
type Stats struct {
	Solutions uint64
	Nodes     uint64
	Updates   uint64
}

// pollEvery is how many nodes pass between calls of Params.Poll (a power of two).
const pollEvery = 1 << 12

// kernel is a search positioned at a node of the search tree.
type kernel interface {
	// branches chooses the item to branch on at the current node and returns the number of
	// branches: 0 at a dead end, -1 at a solution.
	branches() int32
	// descend moves to branch b, 0 <= b < branches(), of the current node.
	descend(b int32)
	// ascend undoes the last descend.
	ascend()
	// search searches the subtree of the current node and reports whether it finished.
	search(p *Params, st *Stats) bool
	// clone returns a copy of the kernel, in the same state, for another worker; what no
	// search changes may be shared.
	clone() kernel
}

// newKernel sets up the kernel for sp and p, with the forced options applied; it returns
// nil when they contradict each other.
func newKernel(sp *Spec, p *Params) kernel {
	if !compatible(sp, p.Initial) {
		return nil
	}
	if choice := kernelName(sp, p); choice == "bits" {
		k := newKernelB(sp, p.Kernel)
		k.force(p.Initial)
		return k
	}
	var rng *rand.Rand
	if p.Random {
		rng = rand.New(rand.NewPCG(p.Seed, 0x9e3779b97f4a7c15))
	}
	// In random mode each level keeps its options in order in rbuf: the items branched on
	// along a path are distinct, so their lists, plus one end marker per level, fit in
	// the number of entries plus the depth.
	rbufCap := 0
	if rng != nil {
		rbufCap = len(sp.Item) + sp.NumOptions() + sp.NumPrimary + 1
	}
	if sp.exact() {
		k := newKernelX(sp)
		k.rng, k.rbuf = rng, make([]int32, 0, rbufCap)
		k.force(sp, p.Initial)
		return k
	}
	k := newKernelM(sp)
	k.rng, k.rbuf = rng, make([]int32, 0, rbufCap)
	k.force(sp, p.Initial)
	return k
}

// kernelName returns the kernel that runs sp with p: "bits", "X" or "M". The bitset kernel
// runs problems with few options whose per-level states fit in bitsMaxStateBytes, except
// in random mode (it has none); dancing links run the rest, kernel X when every primary
// item is covered exactly once without colours.
func kernelName(sp *Spec, p *Params) string {
	depth, sw := bitsLevels(sp)
	bitsOK := !p.Random && sp.NumOptions() <= bitsMaxOptions && sp.NumPrimary > 0 &&
		8*depth*sw <= bitsMaxStateBytes
	switch {
	case bitsOK && p.Kernel != "dlx":
		return "bits"
	case sp.exact():
		return "X"
	}
	return "M"
}

// Run searches the problem with one worker, choosing the kernel that fits it, accumulates
// into st, and reports whether it searched the whole tree (false when Visit, Poll or the
// Limit stopped it).
func Run(sp *Spec, p *Params, st *Stats) bool {
	if k := newKernel(sp, p); k != nil {
		return k.search(p, st)
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
func fraction(pos, cnt []int32, level int) float64 {
	f, scale := 0.0, 1.0
	for l := range level {
		if cnt[l] <= 0 {
			break
		}
		scale /= float64(cnt[l])
		f += float64(pos[l]) * scale
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
