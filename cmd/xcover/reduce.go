package main

import (
	"io"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/reduce"
)

// reduceFlags are the flags of the reduce command.
type reduceFlags struct {
	output string
}

func newReduceCmd() *cobra.Command {
	var f reduceFlags
	cmd := &cobra.Command{
		Use:   "reduce [FILE|-]",
		Short: "Remove options that can be in no solution",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runReduce(cmd, &f, args) },
	}
	cmd.Flags().StringVarP(&f.output, "output", "o", "", "write to file `OUT` (atomically) instead of standard output")
	return cmd
}

func runReduce(cmd *cobra.Command, f *reduceFlags, args []string) error {
	file, err := readProblem(cmd, args, nil, false)
	if err != nil {
		return err
	}
	r, err := reduce.Reduce(file.Problem)
	if err != nil {
		return err
	}
	notef(cmd, "%s", present.Reduction(r, file.Problem))
	if r.Empty != "" {
		warnf(cmd, "item %s has no option left: the problem has no solution", r.Empty)
	}
	return writeOutput(cmd, f.output, func(w io.Writer) error { return r.WriteDLX(w, file.Problem) })
}
