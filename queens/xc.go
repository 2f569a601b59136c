package queens

import (
	"context"
	"errors"
	"fmt"

	"github.com/xcover/xcover"
)

// A restart describes one attempt of [randomXC].
type restart struct {
	Seed   uint64
	Budget uint64 // the node budget of the attempt
	Nodes  uint64 // the nodes it used
}

// randomXC finds one random solution of p, an encoding made by [Problem], with the general
// engine making random choices. An attempt that has visited more search nodes than its budget
// (Config.MaxNodes) is abandoned, and the search starts again with the next seed and twice
// the budget, so that one unlucky early choice cannot trap it in a hopeless subtree. Budgets
// are counted in nodes, not time, so the same seed gives the same solution on every machine.
// It returns the solution as option indices, and the attempts made (the last one
// successful).
func randomXC(ctx context.Context, p *xcover.Problem, seed uint64) ([]int, []restart, error) {
	budget := uint64(4*p.NumPrimary() + 1000)
	var tries []restart
	for {
		if err := ctx.Err(); err != nil {
			return nil, tries, err
		}
		try := restart{Seed: seed, Budget: budget}
		s, err := xcover.NewSolver(p, xcover.Config{Limit: 1, Random: true, Seed: seed, MaxNodes: budget})
		if err != nil {
			return nil, tries, fmt.Errorf("queens: %w", err)
		}
		var sol []int
		for x := range s.Solutions(ctx) {
			sol = x
		}
		try.Nodes = s.Stats().Nodes
		tries = append(tries, try)
		switch err := s.Err(); {
		case sol != nil:
			return sol, tries, nil
		case err == nil:
			return nil, tries, errors.New("queens: no solution")
		case !errors.Is(err, xcover.ErrNodeLimit):
			return nil, tries, err
		}
		seed++
		budget *= 2
	}
}

// firstXCBudget is the node budget of the plain search in firstXC: about 10 ms. (Measured:
// with it, the slowest board up to N = 200 took 0.14 s, process start included.)
const firstXCBudget = 1 << 16

// firstXC finds one solution of p, an encoding made by [Problem], with the general engine:
// the first solution of its plain search if that comes within firstXCBudget nodes, and
// otherwise the solution of randomXC with seed 1 (randomised restarts with doubling node
// budgets). Both are counted in nodes, so the answer is the same on every run and machine.
// The plain search's first solution sinks into hopeless subtrees on large boards (64 queens
// ran past a minute); the restarts find one for every N up to 200 in well under a second.
func firstXC(ctx context.Context, p *xcover.Problem) ([]int, error) {
	s, err := xcover.NewSolver(p, xcover.Config{Limit: 1, MaxNodes: firstXCBudget})
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	for sol := range s.Solutions(ctx) {
		return sol, nil
	}
	switch err := s.Err(); {
	case err == nil:
		return nil, errors.New("queens: no solution")
	case !errors.Is(err, xcover.ErrNodeLimit):
		return nil, err
	}
	sol, _, err := randomXC(ctx, p, 1)
	return sol, err
}
