package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/verify"
	"github.com/xcover/xcover/zdd"
)

// zddFlags are the flags of the zdd command.
type zddFlags struct {
	output, from, mem string
	count, minCost    bool
	sample            int
	seed              uint64
	json              bool
}

func newZDDCmd() *cobra.Command {
	var f zddFlags
	cmd := &cobra.Command{
		Use:   "zdd [FILE|-]",
		Short: "Write all solutions as a zero-suppressed decision diagram, or count, sample and optimise from one",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runZDD(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.StringVarP(&f.output, "output", "o", "", "write the diagram to file `OUT` (atomically) instead of standard output")
	fs.StringVar(&f.from, "from", "", "read the diagram from file `ZDD` (as this command writes it) instead of building it")
	fs.StringVar(&f.mem, "zdd-mem", "2GiB", "the diagram's memory budget `SIZE` (KiB, MiB, GiB)")
	fs.BoolVar(&f.count, "count", false, "print the number of solutions instead of the diagram")
	fs.IntVar(&f.sample, "sample", 0, "print `K` solutions drawn uniformly at random instead of the diagram")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` of --sample; the same seed gives the same solutions")
	fs.BoolVar(&f.minCost, "min-cost", false, "print a cheapest solution instead of the diagram")
	fs.BoolVar(&f.json, "json", false, `with --count, {"solutions":N,"nodes":M}; with --sample and --min-cost, one line {"options":[i,j,...]} a solution`)
	return cmd
}

func runZDD(cmd *cobra.Command, f *zddFlags, args []string) error {
	mode := f.count || f.sample != 0 || f.minCost // what the diagram holds, not the diagram
	switch {
	case f.count && (f.sample != 0 || f.minCost) || f.sample != 0 && f.minCost:
		return usageErrorf("--count, --sample and --min-cost exclude each other")
	case f.sample < 0:
		return usageErrorf("--sample K: K must be at least 1")
	case mode && f.output != "":
		return usageErrorf("-o writes the diagram: it excludes --count, --sample and --min-cost")
	case f.from != "" && !mode:
		return usageErrorf("--from reads a diagram: say what to do with it (--count, --sample K or --min-cost)")
	case f.from == "-" && (len(args) == 0 || args[0] == "-"):
		return usageErrorf("the problem and --from cannot both be standard input")
	}
	budget, err := present.ParseSize(f.mem)
	if err != nil {
		return usageErrorf("--zdd-mem %q: %v", f.mem, err)
	}
	file, err := readProblem(cmd, args, nil, false)
	if err != nil {
		return err
	}
	d, err := diagram(cmd, f, file, budget)
	if err != nil {
		return err
	}
	switch {
	case f.count:
		c := present.ZDDCountOf(d)
		return printResult(cmd.OutOrStdout(), f.json, c, c.Text(), nil)
	case f.sample > 0:
		randomSeed(cmd, true, &f.seed)
		sols := d.Sample(rand.New(rand.NewPCG(f.seed, 0)), f.sample)
		if sols == nil {
			notef(cmd, "no solution")
		}
		return writeChecked(cmd, file, sols, nil, f.json)
	case f.minCost:
		sol, cost, ok := d.MinCost(file.Problem.Cost)
		if !ok {
			notef(cmd, "no solution")
			return nil
		}
		return writeChecked(cmd, file, [][]int{sol}, []int64{cost}, f.json)
	}
	return writeOutput(cmd, f.output, func(w io.Writer) error { return zdd.Write(w, d) })
}

// diagram builds the diagram of file's problem, or reads it from --from.
func diagram(cmd *cobra.Command, f *zddFlags, file *dlx.File, budget int64) (*zdd.Diagram, error) {
	if f.from == "" {
		start := time.Now()
		d, err := zdd.Build(cmd.Context(), file.Problem, budget)
		if err != nil {
			return nil, stopped(cmd, err, "interrupted")
		}
		notef(cmd, "%d nodes, built in %.3f s", len(d.Nodes)-2, time.Since(start).Seconds())
		return d, nil
	}
	return readInput(cmd, f.from, func(r io.Reader, name string) (*zdd.Diagram, error) { return zdd.Read(r, name, file.Problem) })
}

// writeChecked checks each solution with the verifier and writes them as solve does,
// each with its cost if costs is not nil.
func writeChecked(cmd *cobra.Command, file *dlx.File, sols [][]int, costs []int64, asJSON bool) error {
	c := verify.NewChecker(file.Problem)
	for _, sol := range sols {
		if v := c.Check(sol); v != nil {
			return fmt.Errorf("the diagram holds a set that is no solution: %v: %s", sol, v[0])
		}
	}
	return writeSolutions(cmd, file, sols, costs, asJSON)
}
