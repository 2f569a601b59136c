package main

import (
	"cmp"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/verify"
)

// solveFlags are the flags of the solve command.
type solveFlags struct {
	search  searchFlags
	minCost bool
	best    int
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve [FILE|-]",
		Short: "Print the solutions of an exact cover problem",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSolve(cmd, &f, args) },
	}
	f.search.register(cmd)
	cmd.Flags().Lookup("json").Usage = `print one line {"options":[i,j,...]} per solution`
	cmd.Flags().BoolVar(&f.minCost, "min-cost", false, "find a cheapest solution (options cost |n in the file), printing each better one as it is found")
	cmd.Flags().IntVar(&f.best, "best", 1, "with --min-cost: the `K` cheapest solutions")
	return cmd
}

// solveMinCost runs solve --min-cost: each solution entering the k best is printed as it is
// found, the summary on stderr.
func solveMinCost(cmd *cobra.Command, f *searchFlags, s *search, k int) error {
	switch {
	case k < 1:
		return usageErrorf("--best must be at least 1, not %d", k)
	case f.limit > 0 || s.cfg.Random:
		return usageErrorf("--min-cost searches for the cheapest: not with --limit, --random or --seed")
	case !s.pz.Problem().HasCosts():
		warnf(cmd, "%s gives no option a cost (|n): every solution costs 0", s.file.Name)
	}
	sw := s.file.NewSolutionWriter(s.out, f.json) // s.out, a bufio.Writer, keeps its first error for the last Flush
	opt := xcover.Config{Initial: s.cfg.Initial, Best: k, Improved: func(cs xcover.CostSolution) {
		s.mu.Lock()
		defer s.mu.Unlock()
		sw.WriteCost(s.original(cs.Options), cs.Cost)
		sw.Flush() // a long search: show it now
	}}
	res, err := xcover.MinCost(cmd.Context(), s.pz.Problem(), opt)
	if werr := sw.Flush(); werr != nil {
		return werr
	}
	if err != nil {
		return stopped(cmd, err, "interrupted: the best found so far cost %s; not proved optimal", present.Costs(res))
	}
	notef(cmd, "%s", present.MinCost(res))
	return nil
}

func runSolve(cmd *cobra.Command, f *solveFlags, args []string) error {
	if cmd.Flags().Changed("best") && !f.minCost {
		return usageErrorf("--best needs --min-cost")
	}
	s, err := f.search.newSearch(cmd, args, true)
	if err != nil {
		return err
	}
	if f.minCost {
		return solveMinCost(cmd, &f.search, s, f.best)
	}
	sw := s.file.NewSolutionWriter(s.out, f.search.json)
	var werr error
	chk := verify.NewChecker(s.file.Problem) // every solution is checked before it is printed
	// The puzzle door lists the problem as it lists every puzzle (the engine, here).
	err = puzzle.Each(cmd.Context(), s.pz, s.cfg, false, func(sol []int, _ int) bool {
		sol = s.original(sol)
		s.mu.Lock()
		defer s.mu.Unlock()
		if v := chk.Check(sol); len(v) > 0 {
			s.out.Flush()
			werr = fmt.Errorf("internal error: the engine gave a non-solution: %v", v[0])
			return false
		}
		werr = sw.Write(sol)
		return werr == nil
	})
	s.mu.Lock()
	defer s.mu.Unlock()
	werr = cmp.Or(werr, sw.Flush()) // the first error: the listing's, else the last write's
	switch {
	case werr != nil:
		return werr
	case err != nil && cmd.Context().Err() != nil:
		return interruptedf("interrupted after %d solutions: the list is incomplete", sw.Written())
	case err != nil:
		return usageErrorf("%v", err) // a search the engine refuses
	}
	return nil
}
