package engine

import "slices"

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
//
// stop, if not nil, is asked at every node the cut enters; once it reports true, Cut gives
// up and returns no parts (a cut can take seconds on a large tree, more under the race
// detector, and an interrupted search must not wait for it).
func Cut(sp *Spec, initial []int32, min int, stop func() bool) (parts []Part, above uint64) {
	k := newKernel(sp, &Params{Initial: initial})
	if k == nil {
		return nil, 0
	}
	return cutTree(k, min, stop)
}

// cutTree is Cut on the tree below k's node at depth 0.
func cutTree(k kernel, min int, stop func() bool) (parts []Part, above uint64) {
	c := cutter{k: k, stop: stop}
	for depth := 0; ; depth++ {
		c.parts, c.above, c.path = c.parts[:0], 0, c.path[:0]
		deeper := c.cut(depth, 1)
		if c.stopped {
			return nil, 0
		}
		if len(c.parts) >= min || !deeper {
			return c.parts, c.above
		}
	}
}

// A cutter walks the top of a search tree to cut it (see Cut).
type cutter struct {
	k     kernel
	path  []int32 // branches from the root to the current node; its length is the depth
	parts []Part
	above uint64

	stop    func() bool // nil: never
	stopped bool        // stop reported true: the cut is given up
}

// cut appends the parts below the current node down to the given branching depth (counted
// from the current node), counts the nodes above them, and reports whether any node was
// cut at that depth (so that a deeper cut could give more parts).
func (c *cutter) cut(depth int, w float64) bool {
	if depth == 0 {
		c.parts = append(c.parts, Part{Path: slices.Clone(c.path), Weight: w})
		return true
	}
	// Walk down the chain of forced moves below the current node, and back up at the end.
	base := len(c.path)
	defer func() {
		for l := len(c.path) - 1; l >= base; l-- {
			c.k.close(l)
		}
		c.path = c.path[:base]
	}()
	for {
		if c.stop != nil && (c.stopped || c.stop()) {
			c.stopped = true
			return false
		}
		l := len(c.path)
		n := c.k.branches(l)
		switch {
		case n < 0: // a solution above the cut depth is a part of its own
			c.parts = append(c.parts, Part{Path: slices.Clone(c.path), Weight: w})
			return false
		case n == 0: // a dead end above the parts
			c.above++
			return false
		case n == 1:
			c.above++
			descend(c.k, l, 0)
			c.path = append(c.path, 0)
			continue
		}
		c.above++ // an inner node above the parts
		deeper := false
		c.k.open(l)
		for b := int32(0); c.k.next(l); b++ {
			c.path = append(c.path, b)
			if c.cut(depth-1, w/float64(n)) {
				deeper = true
			}
			c.path = c.path[:l]
		}
		return deeper
	}
}
