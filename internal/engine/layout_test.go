package engine

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// knuthLayout lays sp out as Knuth's DLX1 does, one node after the other, each linked at
// once below the last node of its item: the reference for layout.
func knuthLayout(sp *Spec) []xnode {
	n := int32(sp.NumItems)
	nd := make([]xnode, numNodes(sp))
	for i := int32(1); i <= n; i++ {
		nd[i] = xnode{up: i, down: i}
	}
	s := n + 1
	q := s + 1
	for k := range sp.NumOptions() {
		first := q
		for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
			i := sp.Item[e] + 1
			nd[q] = xnode{up: nd[i].up, down: i, top: i}
			nd[nd[i].up].down = q
			nd[i].up = q
			nd[i].top++
			q++
		}
		nd[s].down = q - 1
		nd[q].top, nd[q].up = -int32(k+1), first
		s, q = q, q+1
	}
	return nd
}

// TestLayoutParts lays random problems out on one goroutine and in parts of a few entries
// on up to five, over fresh nodes and over nodes left dirty: every node must be Knuth's,
// and the problems include options of one item, items in no option and runs of options on
// one item.
func TestLayoutParts(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 1))
	for trial := range 200 {
		n := 1 + rng.IntN(40)
		sp := &Spec{NumItems: n, NumPrimary: n, Start: []int32{0}}
		for range rng.IntN(60) {
			size := 1 + rng.IntN(min(n, 6))
			if trial%5 == 0 {
				size = 1 // one item an option, often the same
			}
			for _, i := range rng.Perm(n)[:size] {
				if trial%5 == 0 {
					i %= 3
				}
				sp.Item = append(sp.Item, int32(i))
			}
			sp.Start = append(sp.Start, int32(len(sp.Item)))
		}
		want := knuthLayout(sp)
		for _, procs := range []int{1, 2, 5} {
			for _, part := range []int{1, 3, layoutPart} {
				got := make([]xnode, numNodes(sp))
				if part == 3 { // every node written: none is read before (node 0 is unused)
					for q := range got[1:] {
						got[q+1] = xnode{-7, -7, -7}
					}
				}
				layoutIn(sp, got, func(x *xnode) *links { return x }, procs, part)
				if !slices.Equal(got, want) {
					t.Fatalf("trial %d, %d goroutines, parts of %d: nodes %v, want %v", trial, procs, part, got, want)
				}
				// Nodes with colours: 16 bytes, not 12 (the colours are not the layout's).
				gotM := make([]mnode, numNodes(sp))
				for q := range gotM {
					gotM[q].color = int32(q)
				}
				layoutIn(sp, gotM, func(x *mnode) *links { return &x.links }, procs, part)
				for q, x := range gotM {
					if x.links != want[q] || x.color != int32(q) {
						t.Fatalf("trial %d, %d goroutines, parts of %d, nodes with colours: node %d is %v, want %v and colour %d", trial, procs, part, q, x, want[q], q)
					}
				}
			}
		}
	}
}

// BenchmarkLayout lays out 10^7 entries on 10^6 items, options of ten random items, as
// bench/bigfile.sh's big87 case does, on one goroutine and on GOMAXPROCS.
func BenchmarkLayout(b *testing.B) {
	const n, m, size = 1_000_000, 1_000_000, 10
	rng := rand.New(rand.NewPCG(1, 2))
	sp := &Spec{NumItems: n, NumPrimary: n, Start: make([]int32, 0, m+1), Item: make([]int32, 0, m*size)}
	sp.Start = append(sp.Start, 0)
	for range m {
		for range size {
			sp.Item = append(sp.Item, int32(rng.IntN(n)))
		}
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	nd := make([]xnode, numNodes(sp))
	for _, procs := range []int{1, runtime.GOMAXPROCS(0)} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			for b.Loop() {
				layoutIn(sp, nd, func(x *xnode) *links { return x }, procs, layoutPart)
			}
		})
	}
}
