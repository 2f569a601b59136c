package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/reduce"
)

func newReduceCmd() *cobra.Command {
	var output string // the flag -o, the command's only one
	cmd := &cobra.Command{
		Use:   "reduce [FILE|-]",
		Short: "Remove options that can be in no solution",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runReduce(cmd, output, args) },
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "write to file `OUT` (atomically) instead of standard output")
	return cmd
}

// runReduce writes the problem in args[0] (stdin if none), reduced, to the file output
// (standard output if "").
func runReduce(cmd *cobra.Command, output string, args []string) error {
	file, err := readProblem(cmd, args, nil)
	if err != nil {
		return err
	}
	r, err := reduce.Reduce(file.Problem)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "xcover: %s\n", present.Reduction(r, file.Problem))
	if r.Empty != "" {
		warnf(cmd, "item %s has no option left: the problem has no solution", r.Empty)
	}
	return writeOutput(cmd, output, func(w io.Writer) error { return r.WriteDLX(w, file.Problem) })
}
