package interop_test

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/interop"
)

// FuzzReadModel checks that no solver output makes the model reader panic.
func FuzzReadModel(f *testing.F) {
	f.Add("s SATISFIABLE\nv 1 -2 3 0\n", uint8(0))
	f.Add("SAT\n1 -2 3 0\n", uint8(0))
	f.Add("UNSAT\n", uint8(0))
	f.Add("sat\n(\n  (define-fun x1 () Bool true)\n  (define-fun x2 () Bool false)\n)\n", uint8(1))
	f.Add("sat\n(model (define-fun x3 () Bool true))\n", uint8(1))
	f.Add("s OPTIMUM FOUND\nv x1 -x2\n", uint8(2))
	formats := []interop.Format{interop.DIMACS, interop.SMT2, interop.OPB}
	f.Fuzz(func(t *testing.T, out string, format uint8) {
		interop.ReadModel(strings.NewReader(out), formats[int(format)%len(formats)])
	})
}
