package engine

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestItemSet checks itemSet against a map on random adds and removes, across sizes that
// need one, two and three levels.
func TestItemSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 63, 64, 65, 4096, 4097, 300000} {
		s := newItemSet(n)
		in := map[int32]bool{}
		for range 5000 {
			i := rng.Int32N(int32(n))
			if rng.IntN(2) == 0 {
				if !in[i] {
					s.add(i)
					in[i] = true
				}
			} else if in[i] {
				s.remove(i)
				delete(in, i)
			}
			want := int32(-1)
			for j := range in {
				if want < 0 || j < want {
					want = j
				}
			}
			if got := s.first(); got != want {
				t.Fatalf("n = %d: first %d, want %d", n, got, want)
			}
		}
	}
}

// checkedX is kernel X whose every choice is checked against a scan of the active items:
// the item chosen has the fewest options, and is the first such in item order.
type checkedX struct {
	*kernelX
	t *testing.T
}

func (c checkedX) branches(l int) int32 {
	n := c.kernelX.branches(l)
	if n < 0 {
		return n
	}
	best, bestLen := int32(0), int32(1<<30)
	for j := c.rlink[0]; j != 0; j = c.rlink[j] {
		if c.nd[j].top < bestLen {
			best, bestLen = j, c.nd[j].top
		}
	}
	if got := c.item[l]; got != best || n != bestLen {
		c.t.Fatalf("depth %d: chose item %d with %d options; the first item of fewest options is %d with %d", l, got, n, best, bestLen)
	}
	return n
}

// TestBucketsChooseAsTheScan walks 300 random exact cover problems with kernel X keeping
// its short lists in buckets (as it does from bucketMinPrimary items on) and checks every
// choice against a scan (fewest options, the first such), and the nodes and solutions
// against kernel X without buckets: the same tree, found without scanning.
func TestBucketsChooseAsTheScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		sp := randomSpec(rng, 3+rng.IntN(12), rng.IntN(3), 5+rng.IntN(30), false, false)
		plain := newKernelX(sp, nil)
		wantNodes, wantSols := walk(plain, 0)
		k := newKernelX(sp, nil)
		k.useBuckets()
		nodes, sols := walk(checkedX{k, t}, 0)
		if nodes != wantNodes || sols != wantSols {
			t.Fatalf("trial %d: buckets %d nodes, %d solutions; scan %d, %d", trial, nodes, sols, wantNodes, wantSols)
		}
		// Left at the root as it was found: the buckets agree with the lists.
		for i := int32(1); i <= k.np; i++ {
			for b := range int32(numBuckets) {
				k.buckets[b].remove(i)
				if k.nd[i].top == b {
					k.buckets[b].add(i)
				}
			}
		}
	}
}

// checkedM is kernel M whose every choice is checked against its own scan.
type checkedM struct {
	*kernelM
	t *testing.T
}

func (c checkedM) branches(l int) int32 {
	n := c.kernelM.branches(l)
	if n < 0 {
		return n
	}
	buckets := c.buckets
	c.kernelM.buckets = nil // choose scans
	best, t := c.choose()
	c.kernelM.buckets = buckets
	if got := c.item[l]; got != best || n != max(t, 0) {
		c.t.Fatalf("depth %d: chose item %d with %d branches; the scan chooses %d with %d", l, got, n, best, t)
	}
	return n
}

// TestBucketsChooseAsTheScanM is TestBucketsChooseAsTheScan for kernel M on problems with
// colours (every primary item exactly once, where kernel M keeps buckets): every choice
// against M's scan, the nodes and solutions against M without buckets, and the buckets
// back as they began at the root.
func TestBucketsChooseAsTheScanM(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 300 {
		sp := randomSpec(rng, 3+rng.IntN(12), rng.IntN(4), 5+rng.IntN(30), false, true)
		wantNodes, wantSols := walk(newKernelM(sp, nil), 0)
		k := newKernelM(sp, nil)
		k.useBuckets()
		nodes, sols := walk(checkedM{k, t}, 0)
		if nodes != wantNodes || sols != wantSols {
			t.Fatalf("trial %d: buckets %d nodes, %d solutions; scan %d, %d", trial, nodes, sols, wantNodes, wantSols)
		}
		for i := int32(1); i <= k.np; i++ {
			for b := range int32(numBuckets) {
				if in := k.buckets[b].levels[0][i>>6]&(1<<(i&63)) != 0; in != (k.nd[i].top == b) {
					t.Fatalf("trial %d: at the root item %d with %d options is in bucket %d: %v", trial, i, k.nd[i].top, b, in)
				}
			}
		}
	}
}

// TestItemSetNext checks itemSet.next against a sorted walk of a map, across sizes that
// need one, two and three levels.
func TestItemSetNext(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 64, 65, 4097, 300000} {
		s := newItemSet(n)
		in := make([]bool, n)
		for range min(n, 3000) {
			i := rng.Int32N(int32(n))
			if !in[i] {
				s.add(i)
				in[i] = true
			}
		}
		want := int32(-1)
		for i := int32(n) - 1; i >= -1; i-- { // next(i) for every i, from the top down
			if got := s.next(i); got != want {
				t.Fatalf("n = %d: next(%d) = %d, want %d", n, i, got, want)
			}
			if i >= 0 && in[i] {
				want = i
			}
		}
	}
}

// TestBucketsChooseAsTheScanMBounds is TestBucketsChooseAsTheScanM on problems with
// bounds (0 to 4 a primary item), with and without colours, where kernel M keeps items in
// the sets of their branching degree: every choice against the scan, the nodes and
// solutions of the walk and of search against kernel M without buckets, and the sets back
// as they began at the root.
func TestBucketsChooseAsTheScanMBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 300 {
		sp := randomSpec(rng, 3+rng.IntN(12), rng.IntN(4), 5+rng.IntN(30), true, rng.IntN(2) == 0)
		for i := range sp.Hi {
			sp.Hi[i] = 1 + rng.Int32N(4)
			sp.Lo[i] = rng.Int32N(sp.Hi[i] + 1)
		}
		wantNodes, wantSols := walk(newKernelM(sp, nil), 0)
		k := newKernelM(sp, nil)
		k.useBuckets()
		ones := slices.Repeat([]int32{1}, sp.NumPrimary)
		if exact := slices.Equal(sp.Lo, ones) && slices.Equal(sp.Hi, ones); k.bucket == nil && !exact {
			t.Fatalf("trial %d: bounds, but the buckets are those of exact problems", trial)
		}
		nodes, sols := walk(checkedM{k, t}, 0)
		if nodes != wantNodes || sols != wantSols {
			t.Fatalf("trial %d: buckets %d nodes, %d solutions; scan %d, %d", trial, nodes, sols, wantNodes, wantSols)
		}
		root := newKernelM(sp, nil)
		root.useBuckets()
		for b := range k.buckets {
			if !slices.Equal(k.buckets[b].levels[0], root.buckets[b].levels[0]) {
				t.Fatalf("trial %d: bucket %d not as it was at the root", trial, b)
			}
		}
		if !slices.Equal(k.bucket, root.bucket) {
			t.Fatalf("trial %d: the items' buckets not as they were at the root", trial)
		}
		var plain, bucketed Stats
		newKernelM(sp, nil).search(0, &Params{}, &plain)
		k.search(0, &Params{}, &bucketed)
		if plain.Nodes != bucketed.Nodes || plain.Solutions != bucketed.Solutions || plain.Nodes != wantNodes {
			t.Fatalf("trial %d: search: buckets %d nodes, %d solutions; scan %d, %d (walk %d)", trial,
				bucketed.Nodes, bucketed.Solutions, plain.Nodes, plain.Solutions, wantNodes)
		}
	}
}
