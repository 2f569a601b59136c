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
		Long: `Export reads an exact cover problem in DLX format from FILE, or from standard input if
FILE is "-" or missing, and writes it for another kind of solver (--to):

  dimacs  CNF for SAT solvers (cadical, kissat, minisat, ...)
  smt2    SMT-LIB2 for SMT solvers; --smt-encoding pb (default) uses z3's
          pseudo-boolean constraints, --smt-encoding int sums over Int that every
          SMT solver reads (cvc5 needs it); the file ends with (check-sat) and
          (get-model), so "z3 FILE" prints a model
  opb     the pseudo-boolean competition format (clasp, z3, roundingsat, ...)

or for another exact cover tool:

  dlx               Knuth's DLX text, as xcover reads it (to convert a file read
                    with --input-format)
  miniexact         miniexact's "< a b:0;2 > [ x ] a x:red $ 3;" (all of it:
                    bounds, colours, costs)
  miniexact-dimacs  miniexact's "p xc NP NS" / "p xcc NP NS" (items and colours
                    numbered from 1; no bounds, no costs)
  matrix, csv       a 0/1 matrix, a row an option, a column an item (primary items
                    covered exactly once only), blanks or commas between entries

A problem the format cannot hold is refused, with nothing written.

Variable k+1 (x<k+1> in smt2 and opb) is true when option k, counted from 0, is in the
solution; comments give each option's text. Bounds on primary items and colours of
secondary items are encoded too, and an option without a primary item is false. In CNF,
at-most-one constraints are pairwise for up to 6 options and sequential counters for
more (--amo chooses), and other bounds use totalizers.

--block SOLUTIONS excludes the solutions in that file (as "xcover solve" prints them),
so that a solver's next answer is a new solution. Read a solver's answer back with
"xcover import". The output goes to standard output, or with -o to a file that appears
only when it is complete.`,
		Example: `  xcover export --to dimacs examples/queens8.dlx -o queens8.cnf
  cadical queens8.cnf > model.txt; xcover import --from dimacs examples/queens8.dlx model.txt
  xcover export --to smt2 examples/queens8.dlx > q8.smt2 && z3 q8.smt2
  xcover export --to smt2 --smt-encoding int examples/format-example.dlx | cvc5 --lang smt2
  xcover export --to opb examples/format-example.dlx -o ex.opb
  xcover export --to miniexact examples/format-example.dlx -o ex.xcc
  xcover export --to dlx --input-format csv - < matrix.txt
  xcover queens 64 --emit dlx | xcover export --to dimacs --amo commander -o q64.cnf`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runExport(cmd, &f, args)
		},
	}
	fs := cmd.Flags()
	fs.StringVar(&f.to, "to", "", "output `FORMAT`: dimacs, smt2 or opb; or dlx, miniexact, miniexact-dimacs, matrix or csv (required)")
	fs.StringVar(&f.smtEncoding, "smt-encoding", "pb", "cardinality constraints in smt2: `ENC` pb (z3) or int (any solver)")
	fs.StringVar(&f.amo, "amo", "auto", "at-most-one in dimacs: `ENC` auto, pairwise, sequential or commander")
	fs.StringVarP(&f.output, "output", "o", "", "write to file `OUT` (atomically) instead of standard output")
	fs.StringVar(&f.block, "block", "", "exclude the solutions in file `SOLUTIONS` (text or JSON, as solve prints them)")
	fs.BoolVar(&f.noComments, "no-comments", false, "leave out the comments naming each variable's option")
	cmd.MarkFlagRequired("to")
	return cmd
}

func runExport(cmd *cobra.Command, f *exportFlags, args []string) error {
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
	if f.block != "" && f.block == "-" && (len(args) == 0 || args[0] == "-") {
		return usageErrorf("the problem and --block cannot both be standard input")
	}
	file, err := readProblem(cmd, args, nil)
	if err != nil {
		return err
	}
	if f.block != "" {
		if opt.Block, _, err = readSolutions(cmd, f.block, file); err != nil {
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
	file, err := readProblem(cmd, args, nil)
	if err != nil {
		return err
	}
	// A problem the format refuses is refused before anything is written.
	return writeOutput(cmd, f.output, func(w io.Writer) error { return formats.Write(w, file.Problem, format) })
}
