package dlx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover/internal/textio"
)

// The solutions of a problem are written in one of two forms, and read back in either:
//
//   - text: the lines of the solution's options as the problem file spells them, then a
//     blank line; lines starting with "| " or "//" (such as "| cost 12") are comments;
//   - JSON: one line {"options":[i,j,...]} a solution, the options' 0-based indices.

// appendSolution appends a solution in text form, the lines of its options as f spells
// them and a blank line, or, with asJSON, one line {"options":[i,j,...]}.
func (f *File) appendSolution(b []byte, sol []int, asJSON bool) []byte {
	if asJSON {
		return appendJSONSolution(b, sol)
	}
	// Room for the whole solution at once: grown by append, the 7.9 MB of a solution of
	// 500,000 options left 30 MB behind it, at the peak of the search's memory.
	n := 1
	for _, k := range sol {
		n += len(f.OptionText[k]) + 1
	}
	b = slices.Grow(b, n)
	for _, k := range sol {
		b = append(b, f.OptionText[k]...)
		b = append(b, '\n')
	}
	return append(b, '\n')
}

// appendCostSolution appends a solution with its cost, as a minimum-cost search prints
// it: in text form after a comment line "| cost N", or, with asJSON, one line
// {"options":[i,j,...],"cost":N}. Both read back as the solution alone.
func (f *File) appendCostSolution(b []byte, sol []int, cost int64, asJSON bool) []byte {
	if asJSON {
		b = appendJSONSolution(b, sol)
		b = append(b[:len(b)-2], `,"cost":`...) // in place of the closing "}\n"
		b = strconv.AppendInt(b, cost, 10)
		return append(b, "}\n"...)
	}
	b = append(b, "| cost "...)
	b = strconv.AppendInt(b, cost, 10)
	return f.appendSolution(append(b, '\n'), sol, false)
}

// appendJSONSolution appends {"options":[i,j,...]} and a newline.
func appendJSONSolution(b []byte, sol []int) []byte {
	b = append(b, `{"options":[`...)
	for i, k := range sol {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(k), 10)
	}
	return append(b, "]}\n"...)
}

// A SolutionWriter writes solutions of a file's problem one after another, in the form
// appendSolution writes (or appendCostSolution), and counts them. Its errors are those of
// the writer under it, wrapped: "writing solutions: ...".
type SolutionWriter struct {
	f       *File
	w       io.Writer
	asJSON  bool
	line    []byte
	written int
}

// NewSolutionWriter returns a SolutionWriter of f's solutions to w, in JSON form with asJSON.
func (f *File) NewSolutionWriter(w io.Writer, asJSON bool) *SolutionWriter {
	return &SolutionWriter{f: f, w: w, asJSON: asJSON}
}

// Write writes one solution.
func (sw *SolutionWriter) Write(sol []int) error {
	sw.line = sw.f.appendSolution(sw.line[:0], sol, sw.asJSON)
	return sw.write()
}

// WriteCost writes one solution with its cost, as a minimum-cost search prints it.
func (sw *SolutionWriter) WriteCost(sol []int, cost int64) error {
	sw.line = sw.f.appendCostSolution(sw.line[:0], sol, cost, sw.asJSON)
	return sw.write()
}

// write writes the line and counts the solution.
func (sw *SolutionWriter) write() error {
	if _, err := sw.w.Write(sw.line); err != nil {
		return fmt.Errorf("writing solutions: %w", err)
	}
	sw.written++
	return nil
}

// Flush flushes the writer under sw if it buffers (a *bufio.Writer, say: a Flush() error
// method); otherwise it does nothing.
func (sw *SolutionWriter) Flush() error {
	if fl, ok := sw.w.(interface{ Flush() error }); ok {
		if err := fl.Flush(); err != nil {
			return fmt.Errorf("writing solutions: %w", err)
		}
	}
	return nil
}

// Written returns the number of solutions written.
func (sw *SolutionWriter) Written() int { return sw.written }

// ReadSolutions reads solutions of f from r, named name in error messages, in either form
// (JSON if the first non-blank line starts with '{'). Text lines are matched to options by
// their items, so that spacing does not matter; a line that is no option of f, a JSON
// line that is not a solution object, or an option out of range is an *Error naming the
// line. Input is read through xcover's bounded line reader, so that a runaway line or binary
// input is refused in bounded memory.
func (f *File) ReadSolutions(r io.Reader, name string) ([][]int, error) {
	var lines []string
	lr := textio.NewLineReader(r, name)
	for {
		line, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, readError(err)
		}
		lines = append(lines, string(line))
	}
	for _, l := range lines {
		if l = strings.TrimSpace(l); l != "" {
			if l[0] == '{' {
				return jsonSolutions(name, lines, f.Problem.NumOptions())
			}
			break
		}
	}
	return textSolutions(name, lines, f.OptionText)
}

// jsonSolutions reads one {"options":[...]} a line; blank lines are skipped.
func jsonSolutions(name string, lines []string, numOptions int) ([][]int, error) {
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
			return nil, &Error{File: name, Line: i + 1, Msg: fmt.Sprintf("bad JSON solution %q: %v", clip(l), err)}
		}
		for _, k := range *v.Options {
			if k < 0 || k >= numOptions {
				return nil, &Error{File: name, Line: i + 1, Msg: fmt.Sprintf("no option %d (options are numbered 0 to %d)", k, numOptions-1)}
			}
		}
		sols = append(sols, *v.Options)
	}
	return sols, nil
}

// textSolutions reads blocks of option lines, each ended by a blank line (or the end of
// the input), matching each line to an option by its normalised text.
func textSolutions(name string, lines []string, optionText []string) ([][]int, error) {
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
		if strings.HasPrefix(t, "| ") || t == "|" || strings.HasPrefix(t, "//") {
			continue // a comment line, such as solve --min-cost's "| cost N"
		}
		open = true
		ks, ok := byText[t]
		if !ok {
			return nil, &Error{File: name, Line: i + 1, Msg: fmt.Sprintf("no option %q in the problem", clip(t))}
		}
		k := ks[0] // if all are used already, repeat the first: a checker reports the overlap
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
