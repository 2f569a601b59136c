package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"
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

// readInput returns what read makes of the named input, "-" meaning standard input: read
// is given the input and its name in messages (see openInput), and the input is closed
// after it.
func readInput[T any](cmd *cobra.Command, name string, read func(r io.Reader, msgName string) (T, error)) (T, error) {
	r, name, closeInput, err := openInput(cmd, name)
	if err != nil {
		var zero T
		return zero, err
	}
	defer closeInput()
	return read(r, name)
}

// runVerify checks the solutions in args[1] against the problem in args[0].
func runVerify(cmd *cobra.Command, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("PROBLEM and SOLUTIONS cannot both be standard input")
	}
	file, err := readProblem(cmd, args[:1], nil, false)
	if err != nil {
		return err
	}
	var name string // of the solutions, in messages
	sols, err := readInput(cmd, args[1], func(r io.Reader, msgName string) ([][]int, error) {
		name = msgName
		return file.ReadSolutions(r, msgName) // either form that solve prints
	})
	if err != nil {
		return err
	}
	if len(sols) == 0 {
		warnf(cmd, "%s holds no solution: nothing was checked (a problem without solutions, or a listing cut off before its first?)", name)
	}
	invalid, err := verify.Report(cmd.OutOrStdout(), file.Problem, sols)
	if err == nil && invalid > 0 {
		err = &exitError{code: exitInput} // the report says it all
	}
	return err
}
