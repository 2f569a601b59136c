package engine

// The node layout shared by the kernels, after Knuth's DLX1:
//
//   - node 0 is unused (the root of the active item list lives in the prev/next arrays);
//   - nodes 1..N are the item headers, item i at node i+1: up and down are the last and
//     first node of the item's vertical list, top is the list's length;
//   - node N+1 is a spacer, and every option is a run of nodes followed by a spacer.
//
// An option node has top = its item's header. A spacer has top <= 0: the spacer before
// option k has top = -k, up = the first node of the option before it and down = the last
// node of the option after it, so that a walk along an option wraps around without tests
// other than top <= 0.

// mnode is a node with a colour: 0 none, > 0 a colour, -1 a node whose secondary item has
// been purified to this node's colour (it stays in its list until unpurified).
type mnode struct {
	up, down, top, color int32
}

// buildNodes lays out sp's items and options as nodes with colours.
func buildNodes(sp *Spec) []mnode {
	n := int32(sp.NumItems)
	nd := make([]mnode, int(n)+2+len(sp.Item)+sp.NumOptions())
	for i := int32(1); i <= n; i++ {
		nd[i].up, nd[i].down = i, i
	}
	s := n + 1 // the spacer before the current option
	q := s + 1
	for k := range sp.NumOptions() {
		first := q
		for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
			i := sp.Item[e] + 1
			nd[q].top = i
			if sp.Color != nil {
				nd[q].color = sp.Color[e]
			}
			last := nd[i].up
			nd[q].up, nd[q].down = last, i
			nd[last].down, nd[i].up = q, q
			nd[i].top++
			q++
		}
		nd[s].down = q - 1
		nd[q].top = -int32(k + 1)
		nd[q].up = first
		s, q = q, q+1
	}
	return nd
}

// firstNode returns the node of option k's first entry.
func firstNode(sp *Spec, k int32) int32 {
	return int32(sp.NumItems) + 2 + sp.Start[k] + k
}

// activeList returns the prev/next arrays of the list of active primary items, over the
// header nodes with 0 as the root; secondary items point to themselves, so that unlinking
// one from the list changes nothing.
func activeList(sp *Spec) (prev, next []int32) {
	n := int32(sp.NumItems)
	np := int32(sp.NumPrimary)
	prev = make([]int32, n+1)
	next = make([]int32, n+1)
	for i := int32(0); i <= np; i++ {
		prev[i], next[i] = i-1, i+1
	}
	prev[0], next[np] = np, 0
	for i := np + 1; i <= n; i++ {
		prev[i], next[i] = i, i
	}
	return prev, next
}
