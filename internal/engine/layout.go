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

// links are the three links of a node.
type links struct {
	up, down, top int32
}

// xnode is a node without a colour.
type xnode = links

// mnode is a node with a colour: 0 none, > 0 a colour, -1 a node whose secondary item has
// been purified to this node's colour (it stays in its list until unpurified).
type mnode struct {
	links
	color int32
}

// numNodes returns the number of nodes of sp's layout.
func numNodes(sp *Spec) int { return sp.NumItems + 2 + len(sp.Item) + sp.NumOptions() }

// layout fills nd (of numNodes(sp) nodes) with sp's items and options; at gives a node's
// links.
func layout[N any](sp *Spec, nd []N, at func(*N) *links) {
	n := int32(sp.NumItems)
	// Two passes over the nodes in order: the up links forward, then the down links
	// backward, with each item's last (then first) node so far in cur and its length in
	// cnt, arrays of 4 bytes an item. Knuth's order, which sets the down link of the node
	// above at once, writes at random all over the nodes, and reading the 12-byte headers
	// at random instead of cur was slower still: on 10^7 entries of 10^6 items the layout
	// took 3.7-4.7 s, now 0.4-0.95 s (this machine, loaded).
	cur := make([]int32, n+1)
	cnt := make([]int32, n+1)
	for i := range cur {
		cur[i] = int32(i)
	}
	s := n + 1 // the spacer before the current option
	q := s + 1
	for k := range sp.NumOptions() {
		first := q
		for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
			i := sp.Item[e] + 1
			x := at(&nd[q])
			x.top = i
			x.up = cur[i]
			cur[i] = q
			cnt[i]++
			q++
		}
		at(&nd[s]).down = q - 1
		sp := at(&nd[q])
		sp.top = -int32(k + 1)
		sp.up = first
		s, q = q, q+1
	}
	for i := int32(1); i <= n; i++ {
		h := at(&nd[i])
		h.up, h.top = cur[i], cnt[i] // the last node, or the header itself
		cur[i] = i
	}
	for q--; q > n+1; q-- {
		x := at(&nd[q])
		if x.top <= 0 {
			continue // a spacer: its down link is set
		}
		x.down = cur[x.top]
		cur[x.top] = q
	}
	for i := int32(1); i <= n; i++ {
		at(&nd[i]).down = cur[i] // the first node, or the header itself
	}
}

// buildNodes lays out sp's items and options as nodes with colours.
func buildNodes(sp *Spec) []mnode {
	nd := make([]mnode, numNodes(sp))
	layout(sp, nd, func(x *mnode) *links { return &x.links })
	if sp.Color != nil {
		for k := range sp.NumOptions() {
			q := firstNode(sp, int32(k))
			for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
				nd[q].color = sp.Color[e]
				q++
			}
		}
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
