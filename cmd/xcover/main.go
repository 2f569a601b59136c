// Command xcover solves exact cover problems and the puzzles built on them.
//
// Usage:
//
//	xcover solve [FILE|-]               print the solutions of a DLX file
//	xcover count [FILE|-]               count them (--memo: by memoisation, exact at any size)
//	xcover sample --uniform K [FILE|-]  draw K solutions uniformly at random
//	xcover define [FILE|-]              the few options of a solution that force it (givens)
//	xcover verify PROBLEM SOLUTIONS     check solutions against a problem
//	xcover merge FILE...                add up the counts of the shards of a count
//	xcover estimate [FILE|-]            estimate the size of a search before running it
//	xcover reduce [FILE|-]              remove options that can be in no solution
//	xcover queens N                     count, list, construct and draw N-queens solutions
//	xcover tile                         count, list and draw polyomino and polycube tilings
//	xcover sudoku [FILE|-]              solve Sudoku of any size, one puzzle a line
//	xcover export --to FORMAT [FILE|-]  write a problem for SAT, SMT or PB solvers
//	xcover import --from FORMAT P M     read a solver's model back as a solution
//	xcover serve                        a local web page for all of the above
//	xcover site DIR                     that page as a static site, searching in the browser
//	xcover version                      print the version
//
// Run "xcover help COMMAND" for the flags of each command.
//
// Exit status: 0 on success (finding no solution is a success), 1 for bad input (a malformed
// problem file, an invalid solution, an I/O error), 2 for wrong usage (an unknown flag, a
// wrong number of arguments, a bad flag value), 130 when interrupted.
package main

// Conventions for the subcommands in this folder: each file adds one constructor
// newXxxCmd() *cobra.Command to the AddCommand call in newRootCmd. A command reads
// cmd.InOrStdin(), writes cmd.OutOrStdout() and cmd.ErrOrStderr(), and searches under
// cmd.Context() (cancelled on SIGINT). An error returned from RunE is printed by run as
// one line "xcover: MESSAGE" and exits 1; wrap it with usageErrorf (exit 2) for a bad flag
// value. Other lines on stderr go through notef, warnings through warnf.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK          = 0
	exitInput       = 1
	exitUsage       = 2
	exitInternal    = 70 // a bug: a panic caught by run
	exitInterrupted = 130
)

// run executes the command line args and returns the exit code. SIGINT or SIGTERM cancels
// the search, and the command ends with exit 130 saying what it had done; a second signal
// kills the process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	context.AfterFunc(ctx, stop) // restore the default action, so that a second ^C ends the process
	return runContext(ctx, args, stdin, stdout, stderr)
}

// runContext is run with the context that the commands search under.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "xcover: internal error (please report): %v\n", r)
			code = exitInternal
		}
	}()
	root := newRootCmd()
	ran := false // the command's RunE was reached: cobra found the command line well formed
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		ran = true
		return settleFlags(cmd)
	}
	root.SetArgs(joinOptionalValues(args))
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	cmd, err := root.ExecuteContextC(ctx)
	if err == nil {
		return exitOK
	}
	var ee *exitError
	if !errors.As(err, &ee) {
		// A command's errors are bad input unless they say otherwise; those made by cobra
		// itself (unknown command or flag, wrong argument count) are wrong usage.
		ee = &exitError{code: exitUsage, err: err}
		if ran {
			ee.code = exitInput
		}
	}
	if ctx.Err() != nil && ee.code != exitInterrupted && errors.Is(err, ctx.Err()) {
		// A command that let the cancellation through as an error: it was interrupted,
		// not given bad input.
		ee = &exitError{code: exitInterrupted, err: errors.New("interrupted")}
	}
	if errors.Is(ee.err, syscall.EPIPE) {
		return exitOK // the reader went away (xcover solve big.dlx | head): not our failure
	}
	if ee.err != nil {
		msg := oneLine(ee.err.Error())
		if ee.code == exitUsage && cmd != nil {
			msg += fmt.Sprintf(" (see '%s --help')", cmd.CommandPath())
		}
		fmt.Fprintf(stderr, "xcover: %s\n", msg)
	}
	return ee.code
}

// newRootCmd builds a fresh command tree.
func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "xcover",
		Short:         "Solve exact cover problems and the puzzles built on them",
		Version:       xcover.Version(),
		SilenceErrors: true,
		SilenceUsage:  true,
	}
	root.SetVersionTemplate("xcover {{.Version}}\n")
	root.PersistentFlags().String("input-format", "", "read the problem FILE in `FORMAT` dlx, miniexact (either of its forms), matrix or csv (a 0/1 matrix); "+
		"by default the one its extension says (.xc, .xcc, .ccxc: miniexact; .csv, .mat: matrix), else dlx")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error {
		// "-5" reads as a flag to cobra; say what it is.
		if _, arg, ok := strings.Cut(err.Error(), "unknown shorthand flag: "); ok {
			if _, num, ok := strings.Cut(arg, " in -"); ok && num != "" && strings.Trim(num, "0123456789") == "" {
				return usageErrorf("-%s is a negative number: the arguments must be positive", num)
			}
		}
		return &exitError{code: exitUsage, err: err}
	})
	root.AddCommand(
		newSolveCmd(),
		newCountCmd(),
		newSampleCmd(),
		newDefineCmd(),
		newMergeCmd(),
		newEstimateCmd(),
		newReduceCmd(),
		newZDDCmd(),
		newVerifyCmd(),
		newVersionCmd(),
		newQueensCmd(),
		newTileCmd(),
		newSudokuCmd(),
		newServeCmd(),
		newSiteCmd(),
		newExportCmd(),
		newImportCmd(),
	)
	loadHelp(root)
	return root
}

// An exitError ends the command with an exit code; a nil err prints nothing.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit status %d", e.code)
	}
	return e.err.Error()
}

func (e *exitError) Unwrap() error { return e.err }

// usageErrorf reports wrong usage, such as a bad flag value: exit 2.
func usageErrorf(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// interruptedf ends a command cut off by ^C or SIGTERM: exit 130, with a message that
// says what was done and what is partial.
func interruptedf(format string, args ...any) error {
	return &exitError{code: exitInterrupted, err: fmt.Errorf(format, args...)}
}

// stopped returns err, unless it ends a search cut off by ^C or SIGTERM (the command's
// context is done): then the interruption that format and args describe (see interruptedf).
func stopped(cmd *cobra.Command, err error, format string, args ...any) error {
	if err != nil && cmd.Context().Err() != nil {
		return interruptedf(format, args...)
	}
	return err
}

// notef prints a line on stderr, after "xcover: ": a note beside the output, such as a
// summary or "no solution".
func notef(cmd *cobra.Command, format string, args ...any) {
	fmt.Fprintf(cmd.ErrOrStderr(), "xcover: "+format+"\n", args...)
}

// warnf prints a warning line on stderr.
func warnf(cmd *cobra.Command, format string, args ...any) { notef(cmd, "warning: "+format, args...) }

// oneLine joins the non-blank lines of s with spaces.
func oneLine(s string) string {
	var parts []string
	for line := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		if line = strings.TrimSpace(line); line != "" {
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, " ")
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "version",
		Short:   "Print the version of xcover",
		Example: "  xcover version\n  xcover --version",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "xcover %s\n", xcover.Version())
			return err
		},
	}
}

// joinOptionalValues returns args with "--memo on", "--memo off" and "--memo auto" written
// "--memo=on" and so on. --memo alone means on, so its value must be joined to it with
// "=", and "count --memo off FILE" failed with "accepts at most 1 arg(s)"; a file named
// on, off or auto after --memo is written ./off. The slice returned is never nil: cobra
// reads os.Args for a nil one.
func joinOptionalValues(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(out, args[i:]...)
		}
		if a == "--memo" && i+1 < len(args) {
			switch v := args[i+1]; v {
			case "on", "off", "auto":
				out = append(out, a+"="+v)
				i++
				continue
			}
		}
		out = append(out, a)
	}
	return out
}
