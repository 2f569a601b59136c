package engine

import (
	"math"
	"math/rand/v2"
)

// An Estimate is Knuth's estimate of the size of a search tree from random probes: each
// probe walks from the root to a leaf taking branches at random, and the products of the
// branch counts along the way estimate the number of nodes and solutions without bias.
type Estimate struct {
	Probes          int
	Nodes           float64 // mean estimate of the number of nodes
	NodesErr        float64 // its standard error
	Solutions       float64 // mean estimate of the number of solutions
	SolutionsErr    float64
	MaxNodes        float64 // the largest single probe's estimate of the nodes
	SolutionsProbes int     // probes that ended at a solution
}

// EstimateTree runs the given number of random probes of sp's tree. stop, if not nil, is
// asked before each probe; when it says yes the estimate is of the probes made so far.
func EstimateTree(sp *Spec, initial []int32, probes int, seed uint64, stop func() bool) Estimate {
	e := Estimate{Probes: probes}
	k := newKernel(sp, &Params{Initial: initial})
	if k == nil || probes <= 0 {
		return e
	}
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
				e.SolutionsProbes++
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
		e.MaxNodes = math.Max(e.MaxNodes, nodes)
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
