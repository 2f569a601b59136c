package engine

import (
	"math"
	"math/rand/v2"
	"time"
)

// An Estimate is Knuth's estimate of the size of a search tree from random probes: each
// probe walks from the root to a leaf taking branches at random, and the products of the
// branch counts along the way estimate the number of nodes and solutions without bias.
// It has the shape of the root package's Estimate, which converts from it.
type Estimate struct {
	Probes       int
	Nodes        float64 // mean estimate of the number of nodes
	NodesErr     float64 // its standard error
	Solutions    float64 // mean estimate of the number of solutions
	SolutionsErr float64
	Elapsed      time.Duration // the time the probes took
}

// EstimateTree runs the given number of random probes of sp's tree. stop, if not nil, is
// asked before each probe; when it says yes the estimate is of the probes made so far.
// keep, if not nil, receives the kernel, at its root, for a Run after it (see Keep).
func EstimateTree(sp *Spec, initial []int32, probes int, seed uint64, stop func() bool, keep *Keep) (e Estimate) {
	start := time.Now()
	defer func() { e.Elapsed = time.Since(start) }()
	e.Probes = probes
	k := newKernel(sp, &Params{Initial: initial})
	if k == nil || probes <= 0 {
		return e
	}
	if keep != nil {
		defer keep.put(sp, initial, k, updatesOf(k)) // after the probes, which leave k at its root
	}
	return estimate(k, probes, seed, stop)
}

// estimate is EstimateTree on kernel k, at its root, where it leaves it.
func estimate(k kernel, probes int, seed uint64, stop func() bool) (e Estimate) {
	e.Probes = probes
	rng := rand.New(rand.NewPCG(seed, 0x2545f4914f6cdd1d))
	var sumN, sumN2, sumS, sumS2 float64
	for i := range probes {
		if stop != nil && stop() {
			probes = i
			e.Probes = i
			break
		}
		nodes, sols, depth := 1.0, 0.0, 0
		weight := 1.0
		for {
			n := k.branches(depth)
			if n < 0 {
				sols = weight
				break
			}
			if n == 0 {
				break
			}
			weight *= float64(n)
			nodes += weight
			descend(k, depth, rng.Int32N(n))
			depth++
		}
		for l := depth - 1; l >= 0; l-- {
			k.close(l)
		}
		sumN += nodes
		sumN2 += nodes * nodes
		sumS += sols
		sumS2 += sols * sols
	}
	if probes == 0 {
		return e
	}
	m := float64(probes)
	e.Nodes, e.Solutions = sumN/m, sumS/m
	if probes > 1 {
		e.NodesErr = math.Sqrt(math.Max(sumN2/m-e.Nodes*e.Nodes, 0) / (m - 1))
		e.SolutionsErr = math.Sqrt(math.Max(sumS2/m-e.Solutions*e.Solutions, 0) / (m - 1))
	}
	return e
}
