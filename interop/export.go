package interop

import (
	"fmt"
	"io"

	"github.com/xcover/xcover"
)

// A Format is a file format that solvers read or write.
type Format int

const (
	// DIMACS is the CNF format of SAT solvers; for models, the SAT competition's "s" and "v"
	// lines or MiniSat's result file.
	DIMACS Format = iota
	// SMT2 is SMT-LIB version 2; for models, the output of (check-sat) and (get-model).
	SMT2
	// OPB is the pseudo-boolean competition format; for models, "s" and "v" lines, or the
	// model z3 prints for an OPB file with -model.
	OPB
)

// String returns the format's name as ParseFormat accepts it: "dimacs", "smt2" or "opb".
func (f Format) String() string {
	switch f {
	case DIMACS:
		return "dimacs"
	case SMT2:
		return "smt2"
	case OPB:
		return "opb"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// ParseFormat returns the format with the given name: "dimacs" (or "cnf"), "smt2" (or
// "smt", "smtlib") or "opb".
func ParseFormat(name string) (Format, error) {
	switch name {
	case "dimacs", "cnf":
		return DIMACS, nil
	case "smt2", "smt", "smtlib":
		return SMT2, nil
	case "opb":
		return OPB, nil
	}
	return 0, fmt.Errorf("unknown format %q: want dimacs, smt2 or opb", name)
}

// An SMTEncoding says how SMT-LIB2 output states how many of a list of Booleans are true.
type SMTEncoding int

const (
	// PB uses z3's pseudo-boolean functions: ((_ at-most k) ...), ((_ at-least k) ...) and
	// ((_ pbeq k 1 ... 1) ...). z3 reads them; cvc5 does not.
	PB SMTEncoding = iota
	// Int sums (ite x 1 0) terms over Int and compares the sum: standard QF_LIA, read by
	// every SMT solver, but much slower to solve.
	Int
)

// String returns "pb" or "int".
func (e SMTEncoding) String() string {
	switch e {
	case PB:
		return "pb"
	case Int:
		return "int"
	}
	return fmt.Sprintf("SMTEncoding(%d)", int(e))
}

// ParseSMTEncoding returns the encoding named "pb" or "int".
func ParseSMTEncoding(name string) (SMTEncoding, error) {
	switch name {
	case "pb":
		return PB, nil
	case "int":
		return Int, nil
	}
	return 0, fmt.Errorf("unknown SMT encoding %q: want pb or int", name)
}

// An AMOEncoding says how CNF output states that at most one of a list of variables is true.
type AMOEncoding int

const (
	// AMOAuto uses pairwise clauses for lists of at most 6 and a sequential counter for
	// longer ones.
	AMOAuto AMOEncoding = iota
	// AMOPairwise forbids every pair: n(n-1)/2 clauses, no new variables.
	AMOPairwise
	// AMOSequential is Sinz's sequential counter: 3n-4 clauses and n-1 new variables.
	AMOSequential
	// AMOCommander is Klieber and Kwon's commander encoding with groups of three: about 3.5n
	// clauses and n/2 new variables.
	AMOCommander
)

// String returns "auto", "pairwise", "sequential" or "commander".
func (e AMOEncoding) String() string {
	switch e {
	case AMOAuto:
		return "auto"
	case AMOPairwise:
		return "pairwise"
	case AMOSequential:
		return "sequential"
	case AMOCommander:
		return "commander"
	}
	return fmt.Sprintf("AMOEncoding(%d)", int(e))
}

// ParseAMOEncoding returns the encoding with the given name, as String spells it.
func ParseAMOEncoding(name string) (AMOEncoding, error) {
	for _, e := range []AMOEncoding{AMOAuto, AMOPairwise, AMOSequential, AMOCommander} {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, fmt.Errorf("unknown at-most-one encoding %q: want auto, pairwise, sequential or commander", name)
}

// Options adjust an export. The zero value (and a nil *Options) is the default.
type Options struct {
	// SMT is the encoding of cardinality constraints in SMT-LIB2 output.
	SMT SMTEncoding
	// AtMostOne is the encoding of at-most-one constraints in CNF output.
	AtMostOne AMOEncoding
	// Block lists solutions, as option indices, that the exported problem excludes: a
	// solver's next model is a different solution. This is how Via enumerates. Each
	// must be a solution (checked by package verify; the export refuses one that is not),
	// and one listed twice is blocked once.
	Block [][]int
	// NoComments leaves out the comments that name each variable's option.
	NoComments bool
}

func (o *Options) orDefault() *Options {
	if o == nil {
		return &Options{}
	}
	return o
}

// Export writes p to w in format f. The writers buffer their output: w need not.
func Export(w io.Writer, p *xcover.Problem, f Format, opt *Options) error {
	switch f {
	case DIMACS:
		return writeDIMACS(w, p, opt)
	case SMT2:
		return writeSMT2(w, p, opt)
	case OPB:
		return writeOPB(w, p, opt)
	}
	return fmt.Errorf("interop: unknown format %v", f)
}
