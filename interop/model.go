package interop

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/textio"
	"github.com/xcover/xcover/verify"
)

// A status is a solver's answer.
type status int

const (
	// statusUnknown means that the solver gave no answer (it gave up, or ran out of time).
	statusUnknown status = iota
	// satisfiable means that the solver found a model.
	satisfiable
	// unsatisfiable means that the solver proved there is no model.
	unsatisfiable
)

// String returns "unknown", "sat" or "unsat".
func (s status) String() string {
	switch s {
	case satisfiable:
		return "sat"
	case unsatisfiable:
		return "unsat"
	}
	return "unknown"
}

// ErrNoSolution is returned by [Model.Solution] when the solver proved that the problem has
// no solution.
var ErrNoSolution = errors.New("no solution")

// A model is what a solver answered: its status and, if satisfiable, the variables it set
// true, numbered as in the export (variable k+1 is option k).
type model struct {
	Status status
	True   []int // ascending
	// Max is the largest variable the model gives a value, true or false (0: none).
	Max int
}

// CheckVariables reports an error if the model gives a value to a variable beyond n, the
// number of variables of the export it answers (see [NumVariables]): such a model answers
// another problem.
func (m *model) CheckVariables(n int) error {
	if m.Max > n {
		return fmt.Errorf("the model sets variable %d, beyond the %d variables of this problem's export: it answers another problem", m.Max, n)
	}
	return nil
}

// NumVariables returns the number of variables of p exported in format f with opt: the
// option and colour variables, and the auxiliary ones of the encoding.
func numVariables(p *xcover.Problem, f Format, opt *Options) (int, error) {
	opt = opt.orDefault()
	pl, err := newPlan(p, opt.Block)
	if err != nil {
		return 0, fmt.Errorf("interop: %w", err)
	}
	switch f {
	case DIMACS:
		c := &cnf{pl: pl, amo: opt.AtMostOne, o: &out{}, nvars: pl.nvars}
		c.encode()
		return c.nvars, nil
	case OPB:
		if pl.unsat {
			return pl.nvars + 1, nil // a variable that must be both true and false
		}
	}
	return pl.nvars, nil
}

// Options returns the options that m chooses: k for every true variable k+1 <= numOptions.
func (m *model) Options(numOptions int) []int {
	var opts []int
	for _, v := range m.True {
		if v >= 1 && v <= numOptions {
			opts = append(opts, v-1)
		}
	}
	return opts
}

// Solution returns the options that m chooses in p, after checking with verify.Check that
// they are a solution of p. It returns ErrNoSolution if the solver answered unsat, and an
// error if it gave no answer or its model is not a solution.
func (m *model) Solution(p *xcover.Problem) ([]int, error) {
	switch m.Status {
	case unsatisfiable:
		return nil, ErrNoSolution
	case satisfiable:
	default:
		return nil, errors.New("the solver gave no answer (status unknown)")
	}
	sol := m.Options(p.NumOptions())
	if vs := verify.Check(p, sol); len(vs) > 0 {
		msgs := make([]string, 0, 3)
		for i, v := range vs {
			if i == 3 {
				msgs = append(msgs, fmt.Sprintf("and %d more", len(vs)-3))
				break
			}
			msgs = append(msgs, v.String())
		}
		return nil, fmt.Errorf("the model is not a solution: %s", strings.Join(msgs, "; "))
	}
	return sol, nil
}

// ReadModel reads a solver's answer in the given format:
//
//   - DIMACS: the SAT competition output ("s SATISFIABLE" or "s UNSATISFIABLE", then "v"
//     lines of literals ending with 0), as printed by CaDiCaL, Kissat or z3 -dimacs; or
//     MiniSat's result file ("SAT" and a line of literals, or "UNSAT").
//   - SMT2: "sat" or "unsat" and the model of (get-model), either z3's and cvc5's list of
//     (define-fun x17 () Bool true) or the older (model ...); errors printed after unsat
//     (there is no model to get) are ignored.
//   - OPB: "s" and "v" lines of a pseudo-boolean solver ("v x1 -x2 ..."), or what z3 -model
//     prints for an OPB file.
//
// Comments ("c" lines, ";" in SMT-LIB) are skipped. Variables the model leaves out are false.
func readModel(r io.Reader, f Format) (*model, error) {
	switch f {
	case DIMACS:
		return readLines(bufio.NewReaderSize(r, 64<<10))
	case SMT2:
		return readSMT(bufio.NewReaderSize(r, 64<<10))
	case OPB:
		br := bufio.NewReaderSize(r, 64<<10)
		// z3 answers an OPB file like an SMT-LIB one; PB solvers with "s" and "v" lines.
		if looksLikeSMT(br) {
			return readSMT(br)
		}
		return readLines(br)
	}
	return nil, fmt.Errorf("interop: unknown model format %v", f)
}

// looksLikeSMT reports whether the first word of br (after blanks) is sat, unsat or unknown,
// or begins with "(".
func looksLikeSMT(br *bufio.Reader) bool {
	head, _ := br.Peek(br.Size())
	head = bytes.TrimLeft(head, " \t\r\n")
	word, _, _ := bytes.Cut(head, []byte("\n"))
	word = bytes.TrimSpace(word)
	switch string(word) {
	case "sat", "unsat", "unknown":
		return true
	}
	return len(word) > 0 && word[0] == '('
}

// readLines reads SAT competition or MiniSat output.
func readLines(br *bufio.Reader) (*model, error) {
	m := &model{}
	statusLine := 0
	setStatus := func(line int, s status) error {
		if statusLine != 0 {
			return fmt.Errorf("line %d: a second answer (the first is on line %d)", line, statusLine)
		}
		m.Status, statusLine = s, line
		return nil
	}
	truth := map[int]bool{}
	done := false // a 0 ended the literals
	lr := textio.NewLineReader(br, "")
	for {
		b, err := lr.ReadLine()
		if err != nil && err != io.EOF {
			return nil, fmt.Errorf("reading model: %w", err)
		}
		line, text := lr.Line(), string(b)
		fields := strings.Fields(text)
		if len(fields) > 0 {
			var lits []string
			switch head := fields[0]; head {
			case "c", "*", "o", "d": // comment, PB comment, objective value, DRAT deletion
			case "s":
				s, ok := parseStatus(strings.Join(fields[1:], " "))
				if !ok {
					return nil, fmt.Errorf("line %d: unknown answer %q", line, strings.TrimSpace(text))
				}
				if err := setStatus(line, s); err != nil {
					return nil, err
				}
			case "v":
				lits = fields[1:]
			default:
				if s, ok := parseStatus(strings.Join(fields, " ")); ok {
					if err := setStatus(line, s); err != nil {
						return nil, err
					}
					break
				}
				if statusLine == 0 || !isLiteral(head) {
					return nil, fmt.Errorf("line %d: unexpected %q", line, clip(strings.TrimSpace(text)))
				}
				lits = fields // MiniSat's line of literals
			}
			for _, l := range lits {
				if done {
					return nil, fmt.Errorf("line %d: literal %q after the terminating 0", line, l)
				}
				v, val, ok := parseLiteral(l)
				if !ok {
					return nil, fmt.Errorf("line %d: bad literal %q", line, l)
				}
				if v == 0 {
					done = true
					continue
				}
				if old, seen := truth[v]; seen && old != val {
					return nil, fmt.Errorf("line %d: variable %d both true and false", line, v)
				}
				truth[v] = val
			}
		}
		if err == io.EOF {
			break
		}
	}
	if m.Status != satisfiable && len(truth) > 0 {
		return nil, fmt.Errorf("literals given with answer %v", m.Status)
	}
	for v, val := range truth {
		if val {
			m.True = append(m.True, v)
		}
		m.Max = max(m.Max, v)
	}
	slices.Sort(m.True)
	return m, nil
}

// parseStatus recognises an answer: SAT competition, MiniSat and SMT-LIB spellings.
func parseStatus(s string) (status, bool) {
	switch s {
	case "SATISFIABLE", "SAT", "sat", "OPTIMUM FOUND":
		return satisfiable, true
	case "UNSATISFIABLE", "UNSAT", "unsat":
		return unsatisfiable, true
	case "UNKNOWN", "INDET", "INDETERMINATE", "unknown":
		return statusUnknown, true
	}
	return statusUnknown, false
}

func isLiteral(s string) bool {
	_, _, ok := parseLiteral(s)
	return ok
}

// parseLiteral parses "17", "-17", "x17", "-x17" or "~x17": variable and value. "0" gives
// variable 0 (the end of a clause or model).
func parseLiteral(s string) (v int, val bool, ok bool) {
	val = true
	if s != "" && (s[0] == '-' || s[0] == '~') {
		val, s = false, s[1:]
	}
	s = strings.TrimPrefix(s, "x")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return 0, false, false
	}
	return n, val, true
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// ReadSolution reads a solver's answer for p, exported in format, and returns the solution
// it gives, checked: the model may set no variable beyond the export's (for CNF, the most
// that any at-most-one encoding makes) and must satisfy the problem. found is false when
// the answer is that there is none (unsat).
func ReadSolution(r io.Reader, format Format, p *xcover.Problem) (sol []int, found bool, err error) {
	m, err := readModel(r, format)
	if err != nil {
		return nil, false, err
	}
	encodings := []AMOEncoding{AMOAuto}
	if format == DIMACS {
		encodings = append(encodings, AMOSequential, AMOCommander)
	}
	nvars, first := 0, 0
	for i, amo := range encodings {
		n, err := numVariables(p, format, &Options{AtMostOne: amo})
		if err != nil {
			return nil, false, err
		}
		if i == 0 {
			first = n
		}
		nvars = max(nvars, n)
	}
	if err := m.CheckVariables(nvars); err != nil {
		if nvars != first {
			// Name the count the default export's header shows ("p cnf 214"), not only
			// the largest of any encoding (274), which the user never saw.
			return nil, false, fmt.Errorf("the model sets variable %d, beyond the %d variables of this problem's export (p cnf %d; %d with the largest at-most-one encoding): it answers another problem", m.Max, first, first, nvars)
		}
		return nil, false, err
	}
	sol, err = m.Solution(p)
	if errors.Is(err, ErrNoSolution) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	return sol, true, nil
}
