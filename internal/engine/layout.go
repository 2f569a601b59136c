package engine

import (
	"runtime"
	"slices"
	"sync"
	"unsafe"
)

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
//
// Two passes over the nodes in order: the up links forward, then the down links backward,
// with each item's last (then first) node so far in an array of 4 bytes an item. Knuth's
// order, which sets the down link of the node above at once, writes at random all over the
// nodes, and reading the 12-byte headers at random instead was slower still: on 10^7
// entries of 10^6 items the layout took 3.7-4.7 s, then 0.4-0.95 s on one core (this
// machine, loaded). Each pass runs on up to GOMAXPROCS goroutines, one a run of options
// (parts of at least layoutPart entries): a part links its own nodes, with 0 for the
// node above its first one of an item; the headers are set in between, by runs of items,
// and each part's backward pass then links its first node of an item to the node above
// it, the last of that item in an earlier part or the header (layoutNodes).
func layout[N any](sp *Spec, nd []N, at func(*N) *links) {
	// A part's arrays take 8 bytes an item, the nodes 12 an entry: parts are only worth
	// their memory where the entries are many for the items (on 10^6 items and 1.4·10^6
	// entries, two parts would take 16 MB beside 49 MB of nodes).
	procs := min(runtime.GOMAXPROCS(0), max(1, len(sp.Item)/(4*max(1, sp.NumItems))))
	layoutIn(sp, nd, at, procs, layoutPart)
}

// layoutIn is layout on at most procs goroutines, with parts of at least minPart entries.
func layoutIn[N any](sp *Spec, nd []N, at func(*N) *links, procs, minPart int) {
	if len(nd) < numNodes(sp) {
		panic("engine: layout: too few nodes")
	}
	// The passes reach a node's links at its address, a multiple of the node's size
	// past the first node's links, not through at, a call a node that the compiler
	// does not inline in generic code: the layout of 10^7 entries on 10^6 items took
	// 0.25-0.55 s of CPU against 0.66-1.2 through at (BenchmarkLayout's problem, on one
	// part and two, 3 runs each, loaded machine).
	layoutNodes(sp, nodeArray{unsafe.Pointer(at(&nd[0])), unsafe.Sizeof(nd[0])}, procs, minPart)
}

// A nodeArray is an array of nodes whose links are at base, base+stride, base+2*stride...
type nodeArray struct {
	base   unsafe.Pointer
	stride uintptr
}

// at returns the links of node q.
func (a nodeArray) at(q int32) *links { return (*links)(unsafe.Add(a.base, uintptr(q)*a.stride)) }

// endOption ends option k, whose nodes are start to q-1, with the spacer at q; s is the
// spacer before it, whose down link is the option's last node. It returns the new spacer
// and the next option's first node.
func (a nodeArray) endOption(s, q, k, start int32) (int32, int32) {
	a.at(s).down = q - 1
	spacer := a.at(q)
	spacer.top = -(k + 1)
	spacer.up = start
	return q, q + 1
}

// layoutNodes is layoutIn on the nodes of nd, which has numNodes(sp) nodes.
func layoutNodes(sp *Spec, nd nodeArray, procs, minPart int) {
	n := int32(sp.NumItems)
	// The links no pass writes: the first spacer's up and top, the last one's down.
	*nd.at(n + 1) = links{}
	nd.at(firstNode(sp, int32(sp.NumOptions())) - 1).down = 0
	ks := layoutParts(sp, procs, minPart)
	if len(ks) == 2 {
		layoutOne(sp, nd)
		return
	}
	// Each part keeps, by item + 1 (the item's header), in arrays of 4 bytes an item: in
	// last, its last node of the item so far (part 0 starting from the header, the others
	// from 0), then the node below its last one, where its backward pass starts (0 where
	// that node is in a later part, linked last), then its first node of the item; in
	// count, its number of nodes of the item, then (parts after 0) the node above its
	// first one. Each pass reads at random one array of 4 bytes an item, not 8 or 12: on
	// 10^6 items, arrays of 4 MB, in reach of the TLB (2048 pages of 4 KiB on this
	// machine's cores); a pass over 5·10^6 entries took 2-4 ns an entry on such an array,
	// 12-26 on one of 8 or 12 bytes an item (a throwaway harness, medians of 15 rounds,
	// load 3 on 2 cores). (A part's last node and count in one array of 8 bytes an item
	// took 16-22 ns an entry; in two arrays read in one pass, 9-13; the count in a pass of
	// its own, 2.) Part 0 counts in the headers' memory (nodes without colours), which no
	// pass writes before the counts are read (into part 1's), seen as an array of 4 bytes
	// an item: two parts' arrays then take 12 bytes an item (12 MB on big87), as the
	// layout before this one's did.
	last := make([][]int32, len(ks)-1)
	count := make([][]int32, len(ks)-1)
	each := func(f func(r int)) {
		var wg sync.WaitGroup
		for r := range last {
			wg.Go(func() { f(r) })
		}
		wg.Wait()
	}
	each(func(r int) {
		// Written first, in order: the pass reads an item's entry before it writes it,
		// and a fresh page read first is mapped to the system's page of zeros, then copied
		// at the write, with the other cores told to drop the mapping (a TLB shoot-down:
		// an interrupt to the core running the other part). A part has at least 4
		// entries an item (layout), so that its pages are all written anyway.
		l, c := make([]int32, n+1), headerCounts(nd, n)
		if r == 0 {
			for i := range l {
				l[i] = int32(i)
			}
		} else {
			clear(l)
			c = make([]int32, n+1)
		}
		clear(c)
		last[r], count[r] = l, c
		k := int32(ks[r])
		s := firstNode(sp, k) - 1 // the spacer before the current option
		q := s + 1
		// The arrays in locals: the writes through unsafe pointers made the compiler load
		// sp's fields again at each entry.
		items, starts := sp.Item, sp.Start[:ks[r+1]+1]
		for ; k < int32(ks[r+1]); k++ {
			start := q
			for _, i := range items[starts[k]:starts[k+1]] {
				i++
				x := nd.at(q)
				x.top = i
				x.up = l[i]
				l[i] = q
				q++
			}
			s, q = nd.endOption(s, q, k, start)
		}
		for _, i := range items[starts[ks[r]]:starts[ks[r+1]]] {
			c[i+1]++
		}
	})
	// Part 0's counts added to part 1's, before the headers are written over them.
	each(func(r int) {
		c0, c1 := count[0], count[1]
		for i := n*int32(r)/int32(len(last)) + 1; i <= n*int32(r+1)/int32(len(last)); i++ {
			c1[i] += c0[i]
		}
	})
	// The headers, by runs of items; each part's count becomes the node above its first
	// node of the item (the last in the parts before it, or the header), and its last
	// node the one below it (the header if no later part has the item, else 0).
	each(func(r int) {
		for i := n*int32(r)/int32(len(last)) + 1; i <= n*int32(r+1)/int32(len(last)); i++ {
			above, cnt := last[0][i], int32(0) // part 0's last node of the item, or the header
			for p := 1; p < len(last); p++ {
				c := count[p][i]
				count[p][i] = above
				if l := last[p][i]; l != 0 {
					above = l
				}
				cnt += c
			}
			h := nd.at(i)
			h.up, h.top = above, cnt
			below := i
			for p := len(last) - 1; p >= 0; p-- {
				l := last[p][i]
				last[p][i] = below
				if l > n { // a node: part p has the item
					below = 0
				}
			}
		}
	})
	// The down links, backward, each part's last array becoming by item its first node
	// of the item (where it has one, a node: above n).
	each(func(r int) {
		lo := firstNode(sp, int32(ks[r]))
		hi := firstNode(sp, int32(ks[r+1])) - 2
		cur := last[r]
		for q := hi; q >= lo; q-- {
			x := nd.at(q)
			if x.top <= 0 {
				continue // a spacer: its down link is set
			}
			if d := cur[x.top]; d != 0 {
				x.down = d
			}
			cur[x.top] = q
		}
	})
	// By runs of items: each part's first node of the item is linked to the node above it
	// (the last of the item in an earlier part, or the header), and that node to it; an
	// item in no option is its header's only node. (Done in the backward passes, these
	// links fell on the parts after the first, which left part 0's core idle: big87's
	// backward passes took 130-230 ms, not 55-100.)
	each(func(r int) {
		for i := n*int32(r)/int32(len(last)) + 1; i <= n*int32(r+1)/int32(len(last)); i++ {
			if f := last[0][i]; f != 0 { // part 0's first node, or the header (no option)
				nd.at(i).down = f
			}
			for p := 1; p < len(last); p++ {
				f := last[p][i]
				if f <= n {
					continue // part p has no node of the item
				}
				a := count[p][i]
				nd.at(f).up = a
				if a > n {
					nd.at(a).down = f
				} else {
					nd.at(i).down = f
				}
			}
		}
	})
}

// headerCounts returns the memory of nd's headers (nodes 1 to n) as an array of n+1
// counts, which fits in it, where a node is its links only (12 bytes), all of which the
// layout writes; elsewhere (nodes with colours) an array of its own.
func headerCounts(nd nodeArray, n int32) []int32 {
	if n == 0 || nd.stride != unsafe.Sizeof(links{}) {
		return make([]int32, n+1)
	}
	return unsafe.Slice((*int32)(unsafe.Pointer(nd.at(1))), n+1)
}

// layoutOne is layoutNodes on one goroutine. It keeps each item's last node so far, their
// number and its first node in the item's header (up, top and down), as Knuth's layout
// does, and takes no memory of its own.
func layoutOne(sp *Spec, nd nodeArray) {
	n := int32(sp.NumItems)
	for i := int32(1); i <= n; i++ {
		*nd.at(i) = links{}
	}
	s := n + 1 // the spacer before the current option
	q := s + 1
	items := sp.Item
	for k := range int32(sp.NumOptions()) {
		start := q
		for _, i := range items[sp.Start[k]:sp.Start[k+1]] {
			i++
			x, h := nd.at(q), nd.at(i)
			x.top = i
			x.up = h.up
			if h.up == 0 {
				h.down = q
			}
			h.up = q
			h.top++
			q++
		}
		s, q = nd.endOption(s, q, k, start)
	}
	for i := int32(1); i <= n; i++ {
		h := nd.at(i)
		if f := h.down; f != 0 {
			nd.at(f).up = i
		} else {
			h.up = i
		}
		h.down = i
	}
	for q := firstNode(sp, int32(sp.NumOptions())) - 2; q > n+1; q-- {
		x := nd.at(q)
		if x.top <= 0 {
			continue // a spacer: its down link is set
		}
		h := nd.at(x.top)
		x.down = h.down
		h.down = q
	}
}

// layoutPart is the least number of entries of a part of the layout.
const layoutPart = 1 << 20

// layoutParts cuts sp's options into at most procs runs of about equal entries, at least
// minPart each: options ks[r] to ks[r+1]-1 are run r.
func layoutParts(sp *Spec, procs, minPart int) []int {
	m := int(sp.Start[len(sp.Start)-1])
	p := max(1, min(procs, m/minPart))
	ks := make([]int, 0, p+1)
	ks = append(ks, 0)
	for r := 1; r < p; r++ {
		k, _ := slices.BinarySearch(sp.Start, int32(m/p*r))
		ks = append(ks, max(k, ks[len(ks)-1]))
	}
	return append(ks, sp.NumOptions())
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
