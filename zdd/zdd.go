// Package zdd builds, writes and reads the family of all solutions of an exact cover
// problem as a zero-suppressed decision diagram (ZDD), as Knuth's DLX6 and the DXZ
// algorithm of Nishino et al. ("Dancing with Decision Diagrams", AAAI 2017) make it, and
// counts, samples and finds a cheapest solution from it.
//
// A diagram is a table of nodes. Node 0 is the terminal ⊥ (the empty family: no
// solution), node 1 the terminal ⊤ (the family holding only the empty set). Every other
// node names an option and two earlier nodes: LO, the solutions without the option, and
// HI, the solutions with it (each of HI's sets plus the option). The solutions of the
// problem are the sets of the root: one for each path from the root to ⊤, made of the
// options of the nodes left by their HI edge. No node has HI = 0, and no two nodes are
// equal (the diagram is reduced), so its size is a measure of the family's structure.
//
// [Build] orders the options by their first primary item in the problem's order of items,
// then by number; along every path the options increase in that order, so two diagrams
// built from one problem can be combined node by node.
//
// The text form ([Write], [Read]) is one header line "zdd NODES ROOT", NODES the number
// of nodes besides the terminals, then one line "ID OPTION LO HI" a node, IDs 2, 3, …
// in order, every child an earlier ID; lines starting with '|' or "//" are comments:
//
//	| the solutions {0, 2}, {0, 3} and {1, 2, 3} of the dlx package's example
//	zdd 5 6
//	2 3 0 1
//	3 2 0 2
//	4 1 0 3
//	5 2 2 1
//	6 0 4 5
package zdd

import (
	"math/big"
	"math/rand/v2"
)

// A Diagram is a ZDD of a family of sets of options: the node table and its root.
type Diagram struct {
	// Nodes[0] and Nodes[1] are the terminals ⊥ and ⊤ (their fields zero); every other
	// node's children come before it.
	Nodes []Node
	// Root is the index of the root: 0 when there is no solution, 1 when the empty set
	// is the only one.
	Root int
}

// A Node is an inner node of a Diagram: an option (0-based, as numbered in the problem
// file) and the indices of its LO and HI children.
type Node struct {
	Option int
	Lo, Hi int
}

// Count returns the number of sets in the diagram's family: the number of solutions.
func (d *Diagram) Count() *big.Int {
	return d.counts()[d.Root]
}

// counts returns the number of sets below each node.
func (d *Diagram) counts() []*big.Int {
	c := make([]*big.Int, len(d.Nodes))
	c[0], c[1] = new(big.Int), big.NewInt(1)
	for i := 2; i < len(d.Nodes); i++ {
		n := d.Nodes[i]
		if c[n.Lo] == c[0] { // share the children's values where one is zero
			c[i] = c[n.Hi]
			continue
		}
		c[i] = new(big.Int).Add(c[n.Lo], c[n.Hi])
	}
	return c
}

// Sample draws k sets of the family independently and uniformly at random using r, each
// as its options in the order met from the root. It returns nil if the family is empty.
func (d *Diagram) Sample(r *rand.Rand, k int) [][]int {
	c := d.counts()
	total := c[d.Root]
	if total.Sign() == 0 {
		return nil
	}
	sols := make([][]int, 0, k)
	x := new(big.Int)
	for range k {
		randBelow(r, total, x)
		sol := []int{}
		for n := d.Root; n > 1; {
			nd := d.Nodes[n]
			if x.Cmp(c[nd.Lo]) < 0 {
				n = nd.Lo
				continue
			}
			x.Sub(x, c[nd.Lo])
			sol = append(sol, nd.Option)
			n = nd.Hi
		}
		sols = append(sols, sol)
	}
	return sols
}

// randBelow sets x to a number drawn uniformly from 0 to n-1 (n > 0) using r.
func randBelow(r *rand.Rand, n, x *big.Int) {
	if n.IsUint64() {
		x.SetUint64(r.Uint64N(n.Uint64()))
		return
	}
	bits := n.BitLen()
	buf := make([]byte, (bits+7)/8)
	for {
		for i := range buf {
			buf[i] = byte(r.Uint32())
		}
		buf[0] &= byte(0xff >> (8*len(buf) - bits)) // keep bits bits: at most two tries on average
		x.SetBytes(buf)
		if x.Cmp(n) < 0 {
			return
		}
	}
}

// MinCost returns a cheapest set of the family, the options in the order met from the
// root, and its cost, the sum of cost(option) over its options; ok is false if the
// family is empty. Costs must be at least 0 and each at most 2^40, as in a
// problem file, so that no sum overflows.
func (d *Diagram) MinCost(cost func(option int) int64) (sol []int, total int64, ok bool) {
	const none = -1
	best := make([]int64, len(d.Nodes))
	best[0], best[1] = none, 0
	for i := 2; i < len(d.Nodes); i++ {
		n := d.Nodes[i]
		best[i] = best[n.Lo]
		if h := best[n.Hi]; h != none && (best[i] == none || h+cost(n.Option) < best[i]) {
			best[i] = h + cost(n.Option)
		}
	}
	if best[d.Root] == none {
		return nil, 0, false
	}
	sol = []int{}
	for n := d.Root; n > 1; {
		nd := d.Nodes[n]
		if best[nd.Lo] == best[n] {
			n = nd.Lo
			continue
		}
		sol = append(sol, nd.Option)
		n = nd.Hi
	}
	return sol, best[d.Root], true
}
