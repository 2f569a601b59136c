package main

import (
	"io"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/internal/formats"
	"github.com/xcover/xcover/interop"
)

// exportFlags are the flags of the export command.
type exportFlags struct {
	to, smtEncoding, amo, output, block string
	noComments                          bool
}

func newExportCmd() *cobra.Command {
	var f exportFlags
	cmd := &cobra.Command{
		Use:   "export --to FORMAT [FILE|-]",
		Short: "Write an exact cover problem for a SAT, SMT or pseudo-boolean solver, or another exact cover tool",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runExport(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.StringVar(&f.to, "to", "", "output `FORMAT`: dimacs, smt2 or opb; or dlx, miniexact, miniexact-dimacs, matrix or csv (required)")
	fs.StringVar(&f.smtEncoding, "smt-encoding", "pb", "cardinality constraints in smt2: `ENC` pb (z3) or int (any solver)")
	fs.StringVar(&f.amo, "amo", "auto", "at-most-one in dimacs: `ENC` auto, pairwise, sequential or commander")
	fs.StringVarP(&f.output, "output", "o", "", "write to file `OUT` (atomically) instead of standard output")
	fs.StringVar(&f.block, "block", "", "exclude the solutions in file `SOLUTIONS` (text or JSON, as solve prints them)")
	fs.BoolVar(&f.noComments, "no-comments", false, "leave out the comments naming each variable's option")
	return cmd
}

func runExport(cmd *cobra.Command, f *exportFlags, args []string) error {
	if f.to == "" {
		return usageErrorf(`required flag(s) "to" not set`) // cobra's words for a required flag
	}
	if pf, err := formats.ParseFormat(f.to); err == nil {
		return exportProblem(cmd, f, args, pf)
	}
	format, err := interop.ParseFormat(f.to)
	if err != nil {
		return usageErrorf("--to: %v (or one of the problem formats dlx, miniexact, miniexact-dimacs, matrix, csv)", err)
	}
	opt := &interop.Options{NoComments: f.noComments}
	if opt.SMT, err = interop.ParseSMTEncoding(f.smtEncoding); err != nil {
		return usageErrorf("--smt-encoding: %v", err)
	}
	if opt.AtMostOne, err = interop.ParseAMOEncoding(f.amo); err != nil {
		return usageErrorf("--amo: %v", err)
	}
	if f.block == "-" && (len(args) == 0 || args[0] == "-") {
		return usageErrorf("the problem and --block cannot both be standard input")
	}
	file, err := readProblem(cmd, args, nil, false)
	if err != nil {
		return err
	}
	if f.block != "" {
		if opt.Block, err = readInput(cmd, f.block, file.ReadSolutions); err != nil {
			return err
		}
	}
	return writeOutput(cmd, f.output, func(w io.Writer) error { return interop.Export(w, file.Problem, format, opt) })
}

// exportProblem writes the problem in another exact cover tool's format (or DLX).
func exportProblem(cmd *cobra.Command, f *exportFlags, args []string, format formats.Format) error {
	if f.block != "" {
		return usageErrorf("--block needs a solver's format (dimacs, smt2 or opb)")
	}
	file, err := readProblem(cmd, args, nil, false)
	if err != nil {
		return err
	}
	// A problem the format refuses is refused before anything is written.
	return writeOutput(cmd, f.output, func(w io.Writer) error { return formats.Write(w, file.Problem, format) })
}
