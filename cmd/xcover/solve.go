package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
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
		Long: `Solve reads an exact cover problem in DLX format from FILE, or from standard input
if FILE is "-" or missing, and prints every solution: its options, one a line, as
the file spells them, in the order of the file, then a blank line. With --json it
prints one line per solution instead: {"options":[i,j,...]}, the 0-based indices
of its options in ascending order.

With --min-cost it finds a cheapest solution, the options' costs being the |n entries
of their lines (as in Knuth's DLX5; several add up; none is 0), by branch and bound; each
solution better than those before is printed as it is found, preceded by a line
"| cost N" (a comment in the file format; --json adds "cost" instead), so that a long
search gives useful answers early: the last printed is the optimum, said on stderr.
--best K keeps the K cheapest: every solution entering them is printed as found, and
their costs are summed up on stderr at the end.

With several workers (--workers, default every core) the solutions come in no fixed
order, but the set is always the same. With --limit K the search runs on one worker,
so the K solutions listed are always the first K in the engine's order: the same on
every run and every machine.

On ^C or SIGTERM it stops, keeps what it wrote, says on stderr that the listing is
incomplete, and exits with status 130.`,
		Example: `  xcover solve examples/format-example.dlx
  xcover solve --limit 1 examples/queens8.dlx
  xcover solve --random --seed 42 --limit 3 examples/queens8.dlx
  xcover solve --json examples/queens8.dlx > sols.json
  xcover solve --initial 0 examples/format-example.dlx
  cat examples/queens8.dlx | xcover solve -
  xcover solve --min-cost --best 3 examples/costs.dlx`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runSolve(cmd, &f, args) },
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
	case !s.problem.HasCosts():
		warnf(cmd, "%s gives no option a cost (|n): every solution costs 0", s.file.Name)
	}
	sw := s.file.NewSolutionWriter(s.out, f.json)
	var werr error
	opt := xcover.Config{Initial: s.cfg.Initial, Best: k, Improved: func(cs xcover.CostSolution) {
		s.mu.Lock()
		if werr == nil {
			if werr = sw.WriteCost(s.original(cs.Options), cs.Cost); werr == nil {
				werr = sw.Flush() // a long search: show it now
			}
		}
		s.mu.Unlock()
	}}
	res, err := xcover.MinCost(cmd.Context(), s.problem, opt)
	if werr == nil {
		werr = sw.Flush()
	}
	if werr != nil {
		return werr
	}
	if err != nil {
		if cmd.Context().Err() != nil {
			return interruptedf("interrupted: the best found so far cost %s; not proved optimal", present.Costs(res))
		}
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "xcover: %s\n", present.MinCost(res))
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
	for sol := range s.solver.Solutions(cmd.Context()) {
		sol = s.original(sol)
		if v := chk.Check(sol); len(v) > 0 {
			s.out.Flush()
			return fmt.Errorf("internal error: the engine gave a non-solution: %v", v[0])
		}
		s.mu.Lock()
		werr = sw.Write(sol)
		s.mu.Unlock()
		if werr != nil {
			break
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if werr == nil {
		werr = sw.Flush()
	}
	if werr != nil {
		return werr
	}
	if err := s.solver.Err(); err != nil {
		return interruptedf("interrupted after %d solutions: the list is incomplete", sw.Written())
	}
	return nil
}
