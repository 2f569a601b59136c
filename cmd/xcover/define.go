package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
)

// defineFlags are the flags of the define command.
type defineFlags struct {
	solution []int
	uniform  bool
	smallest bool
	seed     uint64
	maxNodes uint64
	json     bool
	progress bool
}

func newDefineCmd() *cobra.Command {
	var f defineFlags
	cmd := &cobra.Command{
		Use:   "define [FILE|-]",
		Short: "Find the few options of a solution that force it: a puzzle's givens",
		Long: `Define reads an exact cover problem in DLX format and prints a defining set of one of
its solutions: options of the solution which, forced into every solution, leave that
solution alone. They are the givens of a puzzle whose answer is the solution.

The solution is --solution i,j,... (0-based option indices), or with --uniform one drawn
uniformly at random from all solutions (as sample --uniform does), or else the first
solution found. The set printed is minimal: dropping any of its options leaves more than
one solution. It is found by trying to drop each option once, in an order drawn from
--seed, each drop checked by a count up to 2. With --smallest it is a smallest one, by an
exhaustive search with pruning (a minimum set meeting the differences between the
solution and the others, found as needed): meant for small problems, with --progress
lines on stderr and --max-nodes to bound it.

Output: the options of the set as the file spells them and a blank line (with --json one
line {"options":[i,j,...]}); on stderr the solution's options when they were drawn or
found, and a line with the size of the set, the checks and the nodes.`,
		Example: `  xcover define --uniform --seed 3 examples/queens8.dlx
  xcover define --smallest --solution 0,7,12 problem.dlx`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runDefine(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.IntSliceVar(&f.solution, "solution", nil, "the solution: 0-based option indices `i,j,...`")
	fs.BoolVar(&f.uniform, "uniform", false, "define a solution drawn uniformly at random")
	fs.BoolVar(&f.smallest, "smallest", false, "a smallest defining set, by exhaustive search (small problems)")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` for the order of removals and the draw")
	fs.Uint64Var(&f.maxNodes, "max-nodes", 0, "with --smallest, stop after about `K` nodes (0: no limit)")
	fs.BoolVar(&f.json, "json", false, `print one line {"options":[i,j,...]}`)
	fs.BoolVar(&f.progress, "progress", false, "with --smallest, a line on stderr every second")
	return cmd
}

func runDefine(cmd *cobra.Command, f *defineFlags, args []string) error {
	if f.uniform && f.solution != nil {
		return usageErrorf("--uniform and --solution exclude each other")
	}
	file, err := readProblem(cmd, args, nil)
	if err != nil {
		return err
	}
	if err := file.CheckOptions(f.solution); err != nil {
		return usageErrorf("--solution: %v", err)
	}
	ctx, p := cmd.Context(), file.Problem
	sol := f.solution
	if sol == nil {
		if f.uniform {
			sols, done := xcover.Sample(ctx, p, 1, xcover.Config{Seed: f.seed})
			for s := range sols {
				sol = s
			}
			if _, err := done(); err != nil {
				if ctx.Err() != nil {
					return interruptedf("interrupted while drawing a solution")
				}
				return err
			}
		} else {
			s, err := xcover.NewSolver(p, xcover.Config{Limit: 1})
			if err != nil {
				return err
			}
			for x := range s.Solutions(ctx) {
				sol = x
			}
			if s.Err() != nil {
				if ctx.Err() != nil {
					return interruptedf("interrupted while finding a solution")
				}
				return s.Err()
			}
		}
		if sol == nil {
			fmt.Fprintln(cmd.ErrOrStderr(), "xcover: no solution to define")
			return nil
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: solution %s\n", intList(sol))
	}
	opt := xcover.DefineOptions{Seed: f.seed, Smallest: f.smallest, MaxNodes: f.maxNodes}
	if f.progress {
		opt.Progress = func(r xcover.DefineResult) {
			if !r.Done {
				fmt.Fprintf(cmd.ErrOrStderr(), "xcover: define: at least %d options, %d nodes, %d checks, %d differences, %.1f s\n",
					r.LowerBound, r.Nodes, r.Checks, r.Differences, r.Elapsed.Seconds())
			}
		}
	}
	res, err := xcover.Define(ctx, p, sol, opt)
	switch {
	case err != nil && ctx.Err() != nil:
		return interruptedf("interrupted: at least %d options (%d nodes, %d checks)", res.LowerBound, res.Nodes, res.Checks)
	case errors.Is(err, xcover.ErrNodeLimit):
		return fmt.Errorf("stopped at --max-nodes: at least %d options (%d nodes, %d checks)", res.LowerBound, res.Nodes, res.Checks)
	case err != nil:
		return &exitError{code: exitInput, err: errors.New(strings.TrimPrefix(err.Error(), "xcover: "))}
	}
	sw := file.NewSolutionWriter(bufio.NewWriter(cmd.OutOrStdout()), f.json)
	if err := sw.Write(res.Options); err != nil {
		return err
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	kind := "minimal"
	if f.smallest {
		kind = "smallest"
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "xcover: %s defining set: %d of %d options (%d checks, %d nodes, %s)\n",
		kind, len(res.Options), len(sol), res.Checks, res.Nodes, res.Elapsed.Round(time.Millisecond))
	return nil
}

// intList writes ints as "i,j,k", the form --solution and --initial read.
func intList(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// writePuzzle makes a puzzle of pz: its first solution in cfg's order (checked by the
// puzzle's own rules), a minimal defining set of it (the pieces or queens to pre-place,
// drawn alone), then the solution, in format (text, svg, or JSON with asJSON). In svg,
// drawSVG, if not nil, draws the set and the solution instead, the set marked in the
// solution's picture. With cfg.Random the solution and the order of removals come from
// cfg.Seed.
func writePuzzle(cmd *cobra.Command, pz puzzle.Puzzle, cfg xcover.Config, format string, asJSON bool, drawSVG func(w io.Writer, set, sol []int) error) error {
	ctx := cmd.Context()
	if pz.About().Impossible {
		return nil
	}
	givens, sol, err := puzzle.Make(ctx, pz, cfg)
	if err == nil && sol != nil {
		if asJSON && format == present.FormatText {
			format = present.FormatJSON
		}
		out := bufio.NewWriter(cmd.OutOrStdout())
		if format == present.FormatSVG && drawSVG != nil {
			if err := drawSVG(out, givens, sol); err != nil {
				return err
			}
			return out.Flush()
		}
		if format == present.FormatText { // the solution with the pre-placed part marked
			if err := present.WritePuzzleText(out, pz, givens, sol); err != nil {
				return err
			}
		} else {
			lw, err := present.NewListWriter(out, pz, format)
			if err != nil {
				return err
			}
			if err := lw.Write(givens, 0); err != nil {
				return err
			}
			if err := lw.Write(sol, 0); err != nil {
				return err
			}
			if err := lw.Flush(); err != nil {
				return err
			}
		}
		if err := out.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: puzzle: %d of the solution's %d placements, pre-placed, leave it alone (first picture; then the solution)\n",
			len(givens), len(sol))
		return nil
	}
	switch {
	case err != nil && ctx.Err() != nil:
		return interruptedf("interrupted while making the puzzle")
	case err != nil:
		return err
	}
	fmt.Fprintln(cmd.ErrOrStderr(), "xcover: no solution")
	return nil
}
