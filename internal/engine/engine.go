// Package engine holds xcover's search kernels and the planner that picks one per problem.
// Nothing outside this package touches the kernels' arrays.
package engine

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

// Params controls one search.
type Params struct {
	Limit   uint64 // stop after this many solutions; 0 = none
	Random  bool
	Seed    uint64
	Initial []int32 // options forced into every solution
	// Visit, if not nil, receives each solution as the chosen option indices (in no
	// particular order; the slice is reused) and returns false to stop the search.
	Visit func(sol []int32) bool
	// Poll, if not nil, is called every few thousand nodes; it returns false to stop the
	// search. fraction computes Knuth's estimate of the part of the tree done.
	Poll func(st *Stats, fraction func() float64) bool
}

// Stats counts the work of a search.
type Stats struct {
	Solutions uint64
	Nodes     uint64
	Updates   uint64
}

// pollEvery is how many nodes pass between calls of Params.Poll (a power of two).
const pollEvery = 1 << 12

// Run searches the problem, choosing the kernel that fits it, and accumulates into st.
func Run(sp *Spec, p *Params, st *Stats) {
	panic("not yet")
}
