package engine

import (
	"cmp"
	"slices"
)

// Sweeping the items. A memoised count in OrderFirst branches on the first uncovered
// primary item, so its sub-problems are bounded by the order of the items: every covered
// item past the first uncovered one f was covered by an option that also holds an item
// before f. On a board listed row by row those items are one row: a board of 4 rows of 40
// cells listed row by row has a frontier of 40 cells and some 2^40 sub-problems, listed
// column by column one of 4. The file's order is the user's choice, often not the best:
// OrderAuto renumbers the primary items in a sweep (sweepOrder) when the file's order is
// far from one, and counts the renumbered problem — a count does not depend on the names
// of the items, and options keep their numbers, so solutions read the same.
//
// The measure of an order is its frontier: after the items at positions 0..k, the items
// past k that share an option with one of them. Its largest size over k (the order's
// vertex separation) bounds the primary items' states at each level by 2^width.
//
// The sweep is the Cuthill-McKee order of the items' graph (two primary items adjacent
// when an option holds both): breadth first from an item at the end of a longest shortest
// path (George and Liu's pseudo-peripheral item), each item's new neighbours taken fewest
// options first. On a board it sweeps along the long side, by antidiagonals.

// A sweep is taken when its frontier is narrower than the file's order's by at least a
// quarter and by at least sweepMarginItems items. Between orders of about the same width
// the frontier's size says little of which counts faster (on a square board, rows and
// antidiagonals), so the file's order is kept.
const sweepMarginItems = 4

// sweepWidth returns the largest frontier of the primary items of sp in the order where
// item i is at position pos[i] (nil: the file's order).
func sweepWidth(sp *Spec, pos []int32) int {
	np := sp.NumPrimary
	at := func(i int32) int32 {
		if pos == nil {
			return i
		}
		return pos[i]
	}
	// reach[j]: the first position of an item sharing an option with the item at
	// position j; the item is in the frontier after positions reach[j]..j-1.
	reach := make([]int32, np)
	for j := range reach {
		reach[j] = int32(j)
	}
	for o := range sp.NumOptions() {
		first := int32(np)
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				first = min(first, at(i))
			}
		}
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				reach[at(i)] = min(reach[at(i)], first)
			}
		}
	}
	// The frontier after position k: the items j > k with reach[j] <= k.
	delta := make([]int32, np+1)
	for j, r := range reach {
		delta[r]++
		delta[j]--
	}
	width, size := 0, int32(0)
	for k := range np {
		size += delta[k]
		width = max(width, int(size))
	}
	return width
}

// sweepOrder returns the position of each primary item of sp in a sweep (see above), or
// nil when the file's order is as narrow, or nearly.
func sweepOrder(sp *Spec) []int32 {
	np := sp.NumPrimary
	if np < 2*sweepMarginItems {
		return nil
	}
	// The items' graph, through the options: an item's options, an option's primary items.
	itemOpts := make([][]int32, np)
	for o := range int32(sp.NumOptions()) {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			if i := sp.Item[e]; int(i) < np {
				itemOpts[i] = append(itemOpts[i], o)
			}
		}
	}
	fewer := func(a, b int32) int { return cmp.Compare(len(itemOpts[a]), len(itemOpts[b])) }
	order := make([]int32, 0, np)
	level := make([]int32, np) // breadth-first distance from the start, -1: not reached
	optSeen := make([]int32, sp.NumOptions())
	stamp := int32(0)
	// bfs orders the items reachable from start, breadth first, appending them to out,
	// each item's new neighbours by degree; it returns the items of the last level.
	bfs := func(start int32, out []int32) ([]int32, []int32) {
		stamp++
		from := len(out)
		out = append(out, start)
		level[start] = 0
		for q := from; q < len(out); q++ {
			i := out[q]
			fresh := len(out)
			for _, o := range itemOpts[i] {
				if optSeen[o] == stamp {
					continue
				}
				optSeen[o] = stamp
				for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
					if j := sp.Item[e]; int(j) < np && level[j] < 0 {
						level[j] = level[i] + 1
						out = append(out, j)
					}
				}
			}
			slices.SortStableFunc(out[fresh:], fewer)
		}
		last := len(out) - 1
		for last > from && level[out[last-1]] == level[out[len(out)-1]] {
			last--
		}
		return out, out[last:]
	}
	reset := func(items []int32) {
		for _, i := range items {
			level[i] = -1
		}
	}
	for i := range level {
		level[i] = -1
	}
	var scratch []int32
	for first := range int32(np) {
		if level[first] >= 0 {
			continue // in a component already ordered
		}
		// George and Liu: from an item of the component, go to an item of fewest options
		// in the last level, as long as the depth grows.
		start := first
		var comp, last []int32
		comp, last = bfs(start, scratch[:0])
		for range 8 {
			next := slices.MinFunc(last, fewer)
			depth := level[comp[len(comp)-1]]
			reset(comp)
			comp, last = bfs(next, comp[:0])
			if level[comp[len(comp)-1]] <= depth {
				reset(comp)
				comp, _ = bfs(start, comp[:0])
				break
			}
			start = next
		}
		order = append(order, comp...)
		scratch = comp
	}
	pos := make([]int32, np)
	for k, i := range order {
		pos[i] = int32(k)
	}
	file, sweep := sweepWidth(sp, nil), sweepWidth(sp, pos)
	if sweep+sweepMarginItems > file || 4*sweep > 3*file {
		return nil
	}
	return pos
}

// renumbered returns sp with primary item i renumbered pos[i]: the same options, in the
// same order, with the same secondary items.
func (sp *Spec) renumbered(pos []int32) *Spec {
	np := sp.NumPrimary
	r := *sp
	r.Item = slices.Clone(sp.Item)
	for e, i := range r.Item {
		if int(i) < np {
			r.Item[e] = pos[i]
		}
	}
	r.Lo, r.Hi = slices.Clone(sp.Lo), slices.Clone(sp.Hi)
	for i := range np {
		r.Lo[pos[i]], r.Hi[pos[i]] = sp.Lo[i], sp.Hi[i]
	}
	return &r
}

// swept returns sp renumbered in a sweep (see sweepOrder) and true, or sp itself and
// false: with OrderAuto only (the other orders keep the problem's).
func swept(sp *Spec, order Order) (*Spec, bool) {
	if order != OrderAuto {
		return sp, false
	}
	if pos := sweepOrder(sp); pos != nil {
		return sp.renumbered(pos), true
	}
	return sp, false
}
