package main

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"

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
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runDefine(cmd, &f, args) },
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
	file, err := readProblem(cmd, args, nil, false)
	if err != nil {
		return err
	}
	if err := file.CheckOptions(f.solution); err != nil {
		return usageErrorf("--solution: %v", err)
	}
	ctx := cmd.Context()
	shown := f.solution != nil // the solution found or drawn is said on stderr, once
	showSolution := func(r xcover.DefineResult) {
		if !shown && r.Solution != nil {
			notef(cmd, "solution %s", intList(r.Solution))
			shown = true
		}
	}
	opt := xcover.DefineOptions{Seed: f.seed, Find: f.solution == nil, Uniform: f.uniform, Smallest: f.smallest, MaxNodes: f.maxNodes}
	if f.progress {
		opt.Progress = func(r xcover.DefineResult) {
			showSolution(r)
			if !r.Done {
				notef(cmd, "%s", present.DefineProgress(r))
			}
		}
	}
	res, err := xcover.Define(ctx, file.Problem, f.solution, opt)
	showSolution(res)
	switch {
	case err != nil && ctx.Err() != nil && res.Solution == nil && f.uniform:
		return interruptedf("interrupted while drawing a solution")
	case err != nil && ctx.Err() != nil && res.Solution == nil:
		return interruptedf("interrupted while finding a solution")
	case err != nil && ctx.Err() != nil:
		return interruptedf("interrupted: at least %d options (%d nodes, %d checks)", res.LowerBound, res.Nodes, res.Checks)
	case errors.Is(err, xcover.ErrNodeLimit):
		return fmt.Errorf("stopped at --max-nodes: at least %d options (%d nodes, %d checks)", res.LowerBound, res.Nodes, res.Checks)
	case err != nil:
		return errors.New(strings.TrimPrefix(err.Error(), "xcover: ")) // bad input, exit 1
	case res.Solution == nil:
		notef(cmd, "no solution to define")
		return nil
	}
	if err := writeSolutions(cmd, file, [][]int{res.Options}, nil, f.json); err != nil {
		return err
	}
	notef(cmd, "%s", present.Define(res, f.smallest))
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
// drawn alone), then the solution with them marked, in format (text, svg or JSON: see
// present.WritePuzzle), and a line on stderr saying how many placements are given. With
// cfg.Random the solution and the order of removals come from cfg.Seed.
func writePuzzle(cmd *cobra.Command, pz puzzle.Puzzle, cfg xcover.Config, format string) error {
	givens, sol, err := puzzle.Make(cmd.Context(), pz, cfg)
	switch {
	case err != nil:
		return stopped(cmd, err, "interrupted while making the puzzle")
	case sol == nil:
		notef(cmd, "no solution")
		return nil
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	if err := present.WritePuzzle(out, pz, format, givens, sol); err != nil {
		return err
	}
	if err := out.Flush(); err != nil {
		return err
	}
	notef(cmd, "puzzle: %d of the solution's %d placements, pre-placed, leave it alone (first picture; then the solution)",
		len(givens), len(sol))
	return nil
}
