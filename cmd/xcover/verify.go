package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

func newVerifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify PROBLEM SOLUTIONS",
		Short: "Check solutions of an exact cover problem",
		Args:  cobra.ExactArgs(2),
		RunE:  runVerify,
	}
}

// openInput opens the named input, "-" meaning standard input, and returns it with the
// name to give it in messages ("<stdin>") and the function that closes it.
func openInput(cmd *cobra.Command, name string) (r io.Reader, msgName string, closeInput func(), err error) {
	if name == "-" {
		return cmd.InOrStdin(), "<stdin>", func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, name, nil, err
	}
	return f, name, func() { f.Close() }, nil
}

// readSolutions reads the solutions file name ("-": stdin) in either form that solve prints,
// and returns them with the file's name in messages.
func readSolutions(cmd *cobra.Command, name string, file *dlx.File) ([][]int, string, error) {
	r, name, closeInput, err := openInput(cmd, name)
	if err != nil {
		return nil, name, err
	}
	defer closeInput()
	sols, err := file.ReadSolutions(r, name)
	return sols, name, err
}

// runVerify checks the solutions in args[1] against the problem in args[0].
func runVerify(cmd *cobra.Command, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("PROBLEM and SOLUTIONS cannot both be standard input")
	}
	file, err := readProblem(cmd, args[:1], nil)
	if err != nil {
		return err
	}
	sols, name, err := readSolutions(cmd, args[1], file)
	if err != nil {
		return err
	}
	if len(sols) == 0 {
		warnf(cmd, "%s holds no solution: nothing was checked (a problem without solutions, or a listing cut off before its first?)", name)
	}
	invalid, err := verify.Report(cmd.OutOrStdout(), file.Problem, sols)
	if err != nil {
		return err
	}
	if invalid > 0 {
		return &exitError{code: exitInput} // the report says it all
	}
	return nil
}
