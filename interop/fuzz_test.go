package interop

import (
	"strings"
	"testing"
)

// FuzzReadModel checks that no solver output makes the model reader panic.
func FuzzReadModel(f *testing.F) {
	f.Add("s SATISFIABLE\nv 1 -2 3 0\n", uint8(0))
	f.Add("SAT\n1 -2 3 0\n", uint8(0))
	f.Add("UNSAT\n", uint8(0))
	f.Add("sat\n(\n  (define-fun x1 () Bool true)\n  (define-fun x2 () Bool false)\n)\n", uint8(1))
	f.Add("sat\n(model (define-fun x3 () Bool true))\n", uint8(1))
	f.Add("s OPTIMUM FOUND\nv x1 -x2\n", uint8(2))
	formats := []Format{DIMACS, SMT2, OPB}
	f.Fuzz(func(t *testing.T, out string, format uint8) {
		readModel(strings.NewReader(out), formats[int(format)%len(formats)])
	})
}
