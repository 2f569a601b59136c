// Package reduce removes from an exact cover problem options that can be in no solution,
// before a long search (Knuth's preprocessing, as in his DLX-PRE), so that the search starts
// from a smaller problem with exactly the same solutions.
//
// Two rules are applied until neither removes anything:
//
//  1. An option that leaves some primary item no other option to cover it — every option
//     of that item shares an item with it — is in no solution.
//  2. If every option of a primary item i contains an item j, whichever option covers i
//     covers j, so an option that contains j but not i is in no solution.
//
// Both reason about options sharing items. With colours two options may share a secondary
// item, and with multiplicities a primary item may be covered more than once, so an option
// with a coloured entry, or containing an item whose bounds are not 1..1, is never removed
// and never taken to block another; the rules apply to the rest.
package reduce

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
)

// A Result is a reduced problem and how to get back to the original.
type Result struct {
	// Problem has the same items as the original, and the options kept, in their order.
	Problem *xcover.Problem
	// Original[k] is the index in the original problem of option k of Problem.
	Original []int
	// Removed counts the options removed by each rule.
	Removed [2]int
	// Rounds is the number of passes over the options until nothing changed.
	Rounds int
	// Empty names a primary item left without options, if any: the problem has no
	// solution.
	Empty string
}

// Map turns a solution of the reduced problem into one of the original: option indices
// in the original numbering, ascending.
func (r *Result) Map(sol []int) []int {
	out := make([]int, len(sol))
	for i, k := range sol {
		out[i] = r.Original[k]
	}
	return out // Original is increasing, so the order is kept
}

// Renumber turns options of the original problem (forced options, say) into the reduced
// numbering. It reports false, with the first option removed, if one was removed: it can
// be in no solution.
func (r *Result) Renumber(opts []int) (renumbered []int, removed int, ok bool) {
	renumbered = make([]int, len(opts))
	for i, k := range opts {
		j, found := slices.BinarySearch(r.Original, k)
		if !found {
			return nil, k, false
		}
		renumbered[i] = j
	}
	return renumbered, 0, true
}

// comment describes the reduction in a few lines, for the head of a reduced file.
func (r *Result) comment(orig *xcover.Problem) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Reduced by xcover reduce: %d of %d options removed in %d rounds (%d by rule 1, an option that leaves a primary item no option; %d by rule 2, an option with an item that every option of another item contains, without that item).\n",
		r.Removed[0]+r.Removed[1], orig.NumOptions(), r.Rounds, r.Removed[0], r.Removed[1])
	if r.Empty != "" {
		fmt.Fprintf(&b, "Item %s has no option left: the problem has no solution.\n", r.Empty)
	}
	b.WriteString("Original option numbers (0-based) of the options below, in order:")
	for _, k := range r.Original {
		fmt.Fprintf(&b, " %d", k)
	}
	b.WriteString("\n")
	return b.String()
}

// WriteDLX writes the reduced problem in DLX format, as "xcover reduce" does: the lines of
// a comment saying what was removed ("| ..."), then the problem. It buffers its writes, as
// [dlx.Write] does: w need not.
func (r *Result) WriteDLX(w io.Writer, orig *xcover.Problem) error {
	bw := bufio.NewWriterSize(w, 64<<10) // the size of dlx.Write's buffer, so that it takes this one
	for line := range strings.Lines(r.comment(orig)) {
		bw.WriteString("| ")
		bw.WriteString(line) // an error stays in bw, for the writes after
	}
	if err := dlx.Write(bw, r.Problem); err != nil {
		return err
	}
	return bw.Flush()
}

// Reduce applies the rules to p until nothing changes and returns the reduced problem.
func Reduce(p *xcover.Problem) (*Result, error) {
	n, nopt := p.NumItems(), p.NumOptions()
	opts := make([][]int, nopt) // items of each option
	lists := make([][]int, n)   // options of each item
	fixed := make([]bool, nopt) // options the rules leave alone
	for k := range nopt {
		for _, e := range p.Option(k) {
			opts[k] = append(opts[k], e.Item)
			lists[e.Item] = append(lists[e.Item], k)
			it := p.Item(e.Item)
			if e.Color != "" || !it.Secondary && (it.Min != 1 || it.Max != 1) {
				fixed[k] = true
			}
		}
	}
	plainItem := func(i int) bool {
		it := p.Item(i)
		return it.Secondary || it.Min == 1 && it.Max == 1
	}
	alive := make([]bool, nopt)
	for k := range alive {
		alive[k] = true
	}
	res := &Result{}
	// Scratch: marks of options and counts per item, reset after each use.
	mark := make([]int, nopt)
	stamp := 0
	cnt := make([]int, n)
	var touched []int
	live := make([]int, n) // live options of each item
	for i := range n {
		live[i] = len(lists[i])
	}
	remove := func(o int, rule int) {
		alive[o] = false
		for _, i := range opts[o] {
			live[i]--
		}
		res.Removed[rule]++
	}
	for changed := true; changed; {
		changed = false
		res.Rounds++
		// Rule 1: for each option o, count per item the live options that conflict with o.
		for o := range nopt {
			if !alive[o] || fixed[o] {
				continue
			}
			stamp++
			touched = touched[:0]
			for _, j := range opts[o] {
				for _, q := range lists[j] {
					if !alive[q] || mark[q] == stamp || fixed[q] {
						continue
					}
					mark[q] = stamp
					for _, i := range opts[q] {
						if cnt[i] == 0 {
							touched = append(touched, i)
						}
						cnt[i]++
					}
				}
			}
			dead := false
			for _, i := range touched {
				if !dead && !p.Item(i).Secondary && plainItem(i) && !slices.Contains(opts[o], i) && cnt[i] == live[i] {
					dead = true
				}
				cnt[i] = 0
			}
			if dead {
				remove(o, 0)
				changed = true
			}
		}
		// Rule 2: items common to every live option of a primary item i.
		for i := range n {
			if p.Item(i).Secondary || !plainItem(i) {
				continue
			}
			li := 0
			touched = touched[:0]
			anyFixed := false
			for _, q := range lists[i] {
				if !alive[q] {
					continue
				}
				anyFixed = anyFixed || fixed[q]
				li++
				for _, j := range opts[q] {
					if cnt[j] == 0 {
						touched = append(touched, j)
					}
					cnt[j]++
				}
			}
			var common []int
			for _, j := range touched {
				if j != i && cnt[j] == li && li > 0 && plainItem(j) {
					common = append(common, j)
				}
				cnt[j] = 0
			}
			if anyFixed {
				continue
			}
			for _, j := range common {
				for _, q := range lists[j] {
					if alive[q] && !fixed[q] && !slices.Contains(opts[q], i) {
						remove(q, 1)
						changed = true
					}
				}
			}
		}
	}
	for i := range n {
		if !p.Item(i).Secondary && p.Item(i).Min > 0 && live[i] == 0 {
			res.Empty = p.Item(i).Name
			break
		}
	}
	// The reduced problem: the same items, the options kept (with their costs).
	res.Problem, res.Original = p.Restrict(func(k int) bool { return alive[k] })
	return res, nil
}
