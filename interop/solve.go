package interop

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/xcover/xcover"
)

// A solverSpec says how to run one external solver.
type solverSpec struct {
	name    string
	binary  string
	pkg     string // Debian package that installs binary
	format  Format
	smt     SMTEncoding
	args    func(in, result string) []string
	toFile  bool // the solver writes its answer to the result file, not to stdout
	comment string
}

// solverSpecs returns the solvers Solve knows, in the order Solvers lists them.
func solverSpecs() []solverSpec {
	return []solverSpec{
		{name: "z3", binary: "z3", pkg: "z3", format: SMT2, smt: PB,
			args:    func(in, _ string) []string { return []string{in} },
			comment: "SMT-LIB2 with pseudo-boolean constraints"},
		{name: "z3-int", binary: "z3", pkg: "z3", format: SMT2, smt: Int,
			args:    func(in, _ string) []string { return []string{in} },
			comment: "SMT-LIB2 with sums over Int"},
		{name: "z3-sat", binary: "z3", pkg: "z3", format: DIMACS,
			args:    func(in, _ string) []string { return []string{"-dimacs", in} },
			comment: "z3's SAT solver on the CNF"},
		{name: "z3-opb", binary: "z3", pkg: "z3", format: OPB,
			args:    func(in, _ string) []string { return []string{"-model", in} /* z3 knows OPB by the .opb suffix */ },
			comment: "z3 on the OPB file"},
		{name: "cadical", binary: "cadical", pkg: "cadical", format: DIMACS,
			args:    func(in, _ string) []string { return []string{"-q", in} },
			comment: "CaDiCaL on the CNF"},
		{name: "minisat", binary: "minisat", pkg: "minisat", format: DIMACS, toFile: true,
			args:    func(in, res string) []string { return []string{"-verb=0", in, res} },
			comment: "MiniSat on the CNF"},
		{name: "clasp", binary: "clasp", pkg: "clasp", format: OPB,
			args:    func(in, _ string) []string { return []string{in} },
			comment: "clasp on the OPB file"},
		{name: "cvc5", binary: "cvc5", pkg: "cvc5", format: SMT2, smt: Int,
			args:    func(in, _ string) []string { return []string{in} },
			comment: "cvc5 on SMT-LIB2 with sums over Int"},
	}
}

// CheckSolver reports an error naming the solvers there are if Solve cannot run the solver
// called name. It does not look for the solver's program (Solve reports a
// MissingSolverError).
func CheckSolver(name string) error {
	_, err := lookupSolver(name)
	return err
}

// SolverNames lists the solvers Solve can run as a phrase: "z3, z3-int, … or cvc5".
func SolverNames() string {
	var names []string
	for _, s := range solverSpecs() {
		names = append(names, s.name)
	}
	last := len(names) - 1
	return strings.Join(names[:last], ", ") + " or " + names[last]
}

func lookupSolver(name string) (solverSpec, error) {
	for _, s := range solverSpecs() {
		if s.name == name {
			return s, nil
		}
	}
	return solverSpec{}, fmt.Errorf("unknown solver %q: want %s", name, SolverNames())
}

// A MissingSolverError reports that a solver's program is not installed.
type MissingSolverError struct {
	Solver  string // as given to Solve
	Binary  string // the program looked for in $PATH
	Package string // the Debian package that provides it
}

// Error says which solver is missing and how to install it.
func (e *MissingSolverError) Error() string {
	return fmt.Sprintf("solver %s is not installed (no %q in $PATH): install the Debian package %q, e.g. with \"sudo apt-get install %s\"",
		e.Solver, e.Binary, e.Package, e.Package)
}

// solveOne runs the external solver on p and returns its solution, or no solutions if the
// solver proves there is none (see solveAll).
func solveOne(ctx context.Context, p *xcover.Problem, solver string) ([][]int, error) {
	return solveAll(ctx, p, solver, 1)
}

// Via returns the installed solver called name (one of [SolverNames]; [CheckSolver] checks
// the name) as a function that solves a problem end to end: it returns up to limit
// solutions (all if limit is 0) and the error that stopped it, if any, with the solutions
// found before. The problem is exported to a temporary directory in the solver's format,
// the solver run there under ctx, its answer read back and checked with package verify;
// then the solver is run again with every solution found so far excluded (Options.Block),
// until it finds no more. Each run rewrites the whole problem: a slow cross-check, for
// small problems. A solver that is not installed gives a *MissingSolverError naming the
// Debian package to install. Via is the form the puzzle packages take an external solver
// in (queens.Options.SolveAll, sudoku.SolveOptions.SolveAll, puzzle.Via).
func Via(name string) func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
	return func(ctx context.Context, p *xcover.Problem, limit int) ([][]int, error) {
		return solveAll(ctx, p, name, limit)
	}
}

// solveAll returns up to limit solutions of p found by the solver (see Via).
func solveAll(ctx context.Context, p *xcover.Problem, solver string, limit int) ([][]int, error) {
	spec, err := lookupSolver(solver)
	if err != nil {
		return nil, err
	}
	bin, err := exec.LookPath(spec.binary)
	if err != nil {
		return nil, &MissingSolverError{Solver: spec.name, Binary: spec.binary, Package: spec.pkg}
	}
	dir, err := os.MkdirTemp("", "xcover-"+spec.name+"-")
	if err != nil {
		return nil, fmt.Errorf("interop: %w", err)
	}
	defer os.RemoveAll(dir)

	var sols [][]int
	seen := map[string]bool{}
	for limit <= 0 || len(sols) < limit {
		opt := &Options{SMT: spec.smt, Block: sols, NoComments: true}
		m, err := runSolver(ctx, spec, bin, dir, p, opt)
		if err != nil {
			return sols, err
		}
		sol, err := m.Solution(p)
		if errors.Is(err, ErrNoSolution) {
			break
		}
		if err != nil {
			return sols, fmt.Errorf("%s: %w", spec.name, err)
		}
		key := fmt.Sprint(sol)
		if seen[key] {
			return sols, fmt.Errorf("%s: returned the excluded solution %v again", spec.name, sol)
		}
		seen[key] = true
		sols = append(sols, sol)
	}
	return sols, nil
}

// runSolver exports p to dir, runs the solver on it and reads its answer.
func runSolver(ctx context.Context, spec solverSpec, bin, dir string, p *xcover.Problem, opt *Options) (*model, error) {
	in := filepath.Join(dir, "problem."+map[Format]string{DIMACS: "cnf", SMT2: "smt2", OPB: "opb"}[spec.format])
	res := filepath.Join(dir, "answer.txt")
	if err := writeFile(in, func(w *bufio.Writer) error { return Export(w, p, spec.format, opt) }); err != nil {
		return nil, err
	}
	os.Remove(res)
	cmd := exec.CommandContext(ctx, bin, spec.args(in, res)...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = 2 * time.Second
	var stdout *os.File
	if !spec.toFile {
		f, err := os.Create(res)
		if err != nil {
			return nil, fmt.Errorf("interop: %w", err)
		}
		stdout = f
		cmd.Stdout = f
	}
	runErr := cmd.Run()
	if stdout != nil {
		stdout.Close()
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", spec.name, err)
	}
	f, err := os.Open(res)
	var m *model
	if err == nil {
		m, err = readModel(f, spec.format)
		f.Close()
	}
	if err != nil || m.Status == statusUnknown {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 300 {
			msg = msg[:300] + "..."
		}
		if err == nil {
			err = errors.New("answered unknown")
		}
		if runErr != nil {
			return nil, fmt.Errorf("%s: %v (%v) %s", spec.name, err, runErr, msg)
		}
		return nil, fmt.Errorf("%s: %v %s", spec.name, err, msg)
	}
	return m, nil
}

// writeFile writes a file through a buffered writer.
func writeFile(name string, write func(*bufio.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("interop: %w", err)
	}
	w := bufio.NewWriterSize(f, 256<<10)
	err = write(w)
	if err == nil {
		err = w.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("interop: writing %s: %w", name, err)
	}
	return nil
}
