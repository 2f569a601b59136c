// Package brute counts exact cover solutions by brute force, for testing.
//
// It shares no code with the search engine or with package verify: it tries every set of
// options (skipping only sets that already cover a primary item too often) and checks each
// complete set against the definition of a solution with its own simple test. It is meant to
// be obviously correct, not fast: a problem of 18 options takes at most about a third of a
// second, each further option doubling that.
package brute

import (
	"slices"

	"github.com/xcover/xcover"
)

// Solutions returns every solution of p, each as ascending option indices, in lexicographic
// order. The empty set comes first when it is a solution.
func Solutions(p *xcover.Problem) [][]int {
	var sols [][]int
	search(p, func(sol []int) { sols = append(sols, slices.Clone(sol)) })
	slices.SortFunc(sols, slices.Compare)
	return sols
}

// Count returns the number of solutions of p.
func Count(p *xcover.Problem) uint64 {
	var n uint64
	search(p, func([]int) { n++ })
	return n
}

// search calls found for every solution of p.
func search(p *xcover.Problem, found func([]int)) {
	opts := make([][]xcover.Entry, p.NumOptions())
	for k := range opts {
		opts[k] = p.Option(k)
	}
	count := make([]int, p.NumItems()) // times each item is covered by the chosen options
	var chosen []int

	// try decides options k, k+1, ... in turn, each in or out of the set.
	var try func(k int)
	try = func(k int) {
		if k == len(opts) {
			if isSolution(p, opts, chosen) {
				found(chosen)
			}
			return
		}
		try(k + 1) // without option k
		if !hasPrimary(p, opts[k]) {
			return // such an option is never part of a solution
		}
		fits := true
		for _, e := range opts[k] {
			count[e.Item]++
			if it := p.Item(e.Item); !it.Secondary && count[e.Item] > it.Max {
				fits = false // too many already: adding options cannot help
			}
		}
		if fits {
			chosen = append(chosen, k)
			try(k + 1) // with option k
			chosen = chosen[:len(chosen)-1]
		}
		for _, e := range opts[k] {
			count[e.Item]--
		}
	}
	try(0)
}

func hasPrimary(p *xcover.Problem, opt []xcover.Entry) bool {
	for _, e := range opt {
		if !p.Item(e.Item).Secondary {
			return true
		}
	}
	return false
}

// isSolution applies the definition to the chosen options, from scratch.
func isSolution(p *xcover.Problem, opts [][]xcover.Entry, chosen []int) bool {
	for i := range p.NumItems() {
		var colors []string // the colour each chosen option gives item i
		for _, k := range chosen {
			for _, e := range opts[k] {
				if e.Item == i {
					colors = append(colors, e.Color)
				}
			}
		}
		it := p.Item(i)
		if !it.Secondary {
			if len(colors) < it.Min || len(colors) > it.Max {
				return false
			}
			continue
		}
		// Secondary: none, exactly one (coloured or not), or several all of one colour.
		if len(colors) > 1 {
			for _, c := range colors {
				if c == "" || c != colors[0] {
					return false
				}
			}
		}
	}
	return true
}

// QueensCompletions counts the N-queens solutions (N = len(pre)) holding the queens of
// pre, pre[r] the file of rank r's queen or -1 for a rank left free, by plain backtracking
// over the board: it knows no exact cover, for tests of what the engine makes of queens.
func QueensCompletions(pre []int) int {
	n := len(pre)
	files := make([]int, n)
	var rec func(r int) int
	rec = func(r int) int {
		if r == n {
			return 1
		}
		total := 0
		for c := range n {
			if pre[r] >= 0 && pre[r] != c {
				continue
			}
			ok := true
			for q := range r {
				if files[q] == c || files[q]-c == q-r || files[q]-c == r-q {
					ok = false
					break
				}
			}
			if ok {
				files[r] = c
				total += rec(r + 1)
			}
		}
		return total
	}
	return rec(0)
}
