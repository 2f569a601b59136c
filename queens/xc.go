package queens

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/xcover/xcover"
)

// A Restart describes one attempt of [RandomXC].
type Restart struct {
	Seed   uint64
	Budget uint64 // the node budget of the attempt
	Nodes  uint64 // the nodes it used
}

// RandomXC finds one random solution of p, an encoding made by [Problem], with the general
// engine making random choices. An attempt that has visited more search nodes than its budget
// is abandoned, and the search starts again with the next seed and twice the budget, so that
// one unlucky early choice cannot trap it in a hopeless subtree. It returns the solution as
// option indices, and the attempts made (the last one successful).
func RandomXC(ctx context.Context, p *xcover.Problem, seed uint64) ([]int, []Restart, error) {
	budget := uint64(4*p.NumPrimary() + 1000)
	var tries []Restart
	for {
		if err := ctx.Err(); err != nil {
			return nil, tries, err
		}
		actx, cancel := context.WithCancel(ctx)
		try := Restart{Seed: seed, Budget: budget}
		s, err := xcover.NewSolver(p, xcover.Config{
			Limit: 1, Random: true, Seed: seed,
			ProgressInterval: time.Millisecond,
			Progress: func(pr xcover.Progress) {
				if pr.Nodes > budget {
					cancel()
				}
			},
		})
		if err != nil {
			cancel()
			return nil, tries, fmt.Errorf("queens: %w", err)
		}
		var sol []int
		for x := range s.Solutions(actx) {
			sol = x
		}
		cancel()
		try.Nodes = s.Stats().Nodes
		tries = append(tries, try)
		if sol != nil {
			return sol, tries, nil
		}
		if s.Err() == nil {
			return nil, tries, errors.New("queens: no solution")
		}
		seed++
		budget *= 2
	}
}
