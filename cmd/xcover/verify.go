package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

func newVerifyCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "verify PROBLEM SOLUTIONS",
		Short: "Check solutions of an exact cover problem",
		Long: `Verify checks every solution in the file SOLUTIONS (standard input if "-") against
the exact cover problem in the DLX file PROBLEM. SOLUTIONS is what "xcover solve"
prints, in either form:

  - JSON: one line per solution, {"options":[i,j,...]} with 0-based option indices;
  - text: the option lines of each solution, each solution ended by a blank line.
    A line is matched to the option with the same items in the same order
    (blanks do not matter); of several such options, to the first one not yet
    used in that solution.

It prints each violation, as "solution 3: item r3: covered 2 times, allowed 1..1"
with solutions numbered from 1, then a summary line. The exit status is 0 if every
solution is valid and 1 otherwise.`,
		Example: `  xcover solve examples/queens8.dlx | xcover verify examples/queens8.dlx -
  xcover solve --json examples/format-example.dlx | xcover verify examples/format-example.dlx -`,
		Args: cobra.ExactArgs(2),
		RunE: runVerify,
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

// solutionsName names the solutions file in messages.
func solutionsName(arg string) string {
	if arg == "-" {
		return "<stdin>"
	}
	return arg
}

// readSolutions reads the solutions file name ("-": stdin) in either form that solve prints.
func readSolutions(cmd *cobra.Command, name string, file *dlx.File) ([][]int, error) {
	r, name, closeInput, err := openInput(cmd, name)
	if err != nil {
		return nil, err
	}
	defer closeInput()
	var lines []string
	lr := dlx.NewLineReader(r, name)
	for {
		line, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		lines = append(lines, string(line))
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			if l[0] == '{' {
				return parseJSONSolutions(name, lines, file.Problem.NumOptions())
			}
			break
		}
	}
	return parseTextSolutions(name, lines, file.OptionText)
}

// A solutionsError is a line of a solutions file that makes no sense.
type solutionsError struct {
	file string
	line int
	msg  string
}

func (e *solutionsError) Error() string { return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg) }

// parseJSONSolutions reads one {"options":[...]} a line; blank lines are skipped.
func parseJSONSolutions(name string, lines []string, numOptions int) ([][]int, error) {
	var sols [][]int
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var v struct {
			Options *[]int `json:"options"`
		}
		dec := json.NewDecoder(strings.NewReader(l))
		err := dec.Decode(&v)
		if err == nil && dec.More() {
			err = errors.New("text after the object")
		}
		if err == nil && v.Options == nil {
			err = errors.New(`no "options" list`)
		}
		if err != nil {
			return nil, &solutionsError{name, i + 1, fmt.Sprintf("bad JSON solution %q: %v", clip(l), err)}
		}
		for _, k := range *v.Options {
			if k < 0 || k >= numOptions {
				return nil, &solutionsError{name, i + 1, fmt.Sprintf("no option %d (options are numbered 0 to %d)", k, numOptions-1)}
			}
		}
		sols = append(sols, *v.Options)
	}
	return sols, nil
}

// parseTextSolutions reads blocks of option lines, each ended by a blank line (or the end
// of the file), matching each line to an option by its normalised text.
func parseTextSolutions(name string, lines []string, optionText []string) ([][]int, error) {
	byText := make(map[string][]int, len(optionText))
	for k, t := range optionText {
		t = normalise(t)
		byText[t] = append(byText[t], k)
	}
	var sols [][]int
	var sol []int
	open := false // sol has lines not yet ended by a blank line
	for i, l := range lines {
		t := normalise(l)
		if t == "" {
			sols = append(sols, sol)
			sol, open = nil, false
			continue
		}
		if strings.HasPrefix(t, "| ") || t == "|" {
			continue // a comment line, such as solve --min-cost's "| cost N"
		}
		open = true
		ks, ok := byText[t]
		if !ok {
			return nil, &solutionsError{name, i + 1, fmt.Sprintf("no option %q in the problem", clip(t))}
		}
		k := ks[0] // if all are used already, repeat the first: verify reports the overlap
		for _, j := range ks {
			if !slices.Contains(sol, j) {
				k = j
				break
			}
		}
		sol = append(sol, k)
	}
	if open {
		sols = append(sols, sol)
	}
	return sols, nil
}

// normalise splits s on blanks (spaces and tabs, as in the DLX format) and joins the
// fields with one space.
func normalise(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\t' }), " ")
}

// clip shortens s for an error message.
func clip(s string) string {
	const max = 60
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "..."
	}
	return s
}

// runVerify checks the solutions in args[1] against the problem in args[0].
func runVerify(cmd *cobra.Command, args []string) error {
	if args[0] == "-" && args[1] == "-" {
		return usageErrorf("PROBLEM and SOLUTIONS cannot both be standard input")
	}
	file, err := readProblem(cmd, args[:1])
	if err != nil {
		return err
	}
	sols, err := readSolutions(cmd, args[1], file)
	if err != nil {
		return err
	}
	out := bufio.NewWriter(cmd.OutOrStdout())
	invalid := 0
	for i, sol := range sols {
		vs := verify.Check(file.Problem, sol)
		if len(vs) > 0 {
			invalid++
		}
		for _, v := range vs {
			fmt.Fprintf(out, "solution %d: %v\n", i+1, v)
		}
		if len(vs) == 0 && file.Problem.HasCosts() {
			var c int64
			for _, k := range sol {
				c += file.Problem.Cost(k)
			}
			fmt.Fprintf(out, "solution %d: cost %d\n", i+1, c)
		}
	}
	if len(sols) == 0 {
		warnf(cmd, "%s holds no solution: nothing was checked (a problem without solutions, or a listing cut off before its first?)", solutionsName(args[1]))
	}
	fmt.Fprintf(out, "%s checked, %d invalid\n", plural(len(sols), "solution"), invalid)
	if err := out.Flush(); err != nil {
		return err
	}
	if invalid > 0 {
		return &exitError{code: exitInput} // the report says it all
	}
	return nil
}
