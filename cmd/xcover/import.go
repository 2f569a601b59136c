package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/interop"
	"github.com/xcover/xcover/puzzle"
)

// importFlags are the flags of the import command.
type importFlags struct {
	from, via  string
	all, count bool
	limit      int
	json       bool
}

func newImportCmd() *cobra.Command {
	var f importFlags
	cmd := &cobra.Command{
		Use:   "import (--from FORMAT PROBLEM MODEL | --via SOLVER PROBLEM)",
		Short: "Read a SAT, SMT or pseudo-boolean solver's answer back as a solution",
		Args:  cobra.RangeArgs(1, 2),
		RunE:  func(cmd *cobra.Command, args []string) error { return runImport(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.StringVar(&f.from, "from", "", "read the answer in file MODEL, written in `FORMAT` dimacs, smt2 or opb")
	fs.StringVar(&f.via, "via", "", "run the installed `SOLVER` instead: z3, z3-int, z3-sat, z3-opb, cadical, minisat, clasp or cvc5")
	fs.BoolVar(&f.all, "all", false, "with --via, find every solution, excluding each one found")
	fs.IntVar(&f.limit, "limit", 0, "with --via, find at most `K` solutions that way (default 1, or all with --all)")
	fs.BoolVar(&f.count, "count", false, "with --via, print the number of solutions found instead of them")
	fs.BoolVar(&f.json, "json", false, `print one line {"options":[i,j,...]} per solution`)
	return cmd
}

func runImport(cmd *cobra.Command, f *importFlags, args []string) error {
	switch {
	case f.from == "" && f.via == "":
		return usageErrorf("say where the answer comes from: --from FORMAT PROBLEM MODEL, or --via SOLVER PROBLEM")
	case f.from != "" && f.via != "":
		return usageErrorf("--from and --via exclude each other")
	case f.from != "" && len(args) != 2:
		return usageErrorf("--from needs two arguments, PROBLEM and MODEL")
	case f.via != "" && len(args) != 1:
		return usageErrorf("--via needs one argument, PROBLEM")
	case f.from != "" && (f.all || f.count || cmd.Flags().Changed("limit")):
		return usageErrorf("--all, --limit and --count need --via")
	case f.limit < 0:
		return usageErrorf("--limit must be at least 0, not %d", f.limit)
	case f.all && f.limit > 0:
		return usageErrorf("--all and --limit exclude each other")
	case len(args) == 2 && args[0] == "-" && args[1] == "-":
		return usageErrorf("PROBLEM and MODEL cannot both be standard input")
	}
	file, err := readProblem(cmd, args[:1], nil, false)
	if err != nil {
		return err
	}
	var sols [][]int
	if f.from != "" {
		format, err := interop.ParseFormat(f.from)
		if err != nil {
			return usageErrorf("--from: %v", err)
		}
		if sols, err = readModel(cmd, args[1], format, file); err != nil {
			return err
		}
	} else {
		limit := f.limit // 0 with --all: every solution
		if limit == 0 && !f.all {
			limit = 1
		}
		// The problem as a puzzle listed by the solver, as the puzzle commands' --via.
		pz := puzzle.Via(puzzle.DLX(file, file.Name), interop.Via(f.via))
		err := puzzle.Each(cmd.Context(), pz, xcover.Config{Limit: uint64(limit)}, false, func(sol []int, _ int) bool {
			sols = append(sols, sol)
			return true
		})
		if err != nil {
			return stopped(cmd, err, "interrupted after %d solutions", len(sols))
		}
	}
	if f.count {
		return printResult(cmd.OutOrStdout(), false, nil, fmt.Sprintf("%d\n", len(sols)), nil)
	}
	if len(sols) == 0 {
		notef(cmd, "no solution")
	}
	return writeSolutions(cmd, file, sols, nil, f.json)
}

// readModel reads a solver's answer from name ("-": stdin) and returns the verified
// solution, alone in the list, or none if the answer is unsat.
func readModel(cmd *cobra.Command, name string, format interop.Format, file *dlx.File) ([][]int, error) {
	return readInput(cmd, name, func(r io.Reader, name string) ([][]int, error) {
		sol, found, err := interop.ReadSolution(r, format, file.Problem)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w", name, err)
		case !found:
			return nil, nil
		}
		return [][]int{sol}, nil
	})
}

// addViaFlag registers the --via flag of the puzzle commands (queens, tile, sudoku); note
// says how many solutions the command then asks for.
func addViaFlag(cmd *cobra.Command, solver *string, note string) {
	cmd.Flags().StringVar(solver, "via", "", "solve with the installed external `SOLVER` instead: "+interop.SolverNames()+
		" (see xcover import --help); "+note)
}
