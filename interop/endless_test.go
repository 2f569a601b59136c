package interop

import (
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/endless"
)

// TestEndlessModel reads models that never end (/dev/zero, and one endless token) in every
// format: each is refused after a bounded read, where the readers used to hold it all.
func TestEndlessModel(t *testing.T) {
	const bound = 64<<20 + 1<<20
	for _, f := range []Format{DIMACS, SMT2, OPB} {
		for _, src := range []io.Reader{&endless.Reader{C: 0}, io.MultiReader(strings.NewReader("sat\n(x"), &endless.Reader{C: '1'})} {
			_, err := readModel(src, f)
			read := 0
			if e, ok := src.(*endless.Reader); ok {
				read = e.N
			}
			if err == nil || read > bound {
				t.Errorf("%v: error %v after %d bytes", f, err, read)
			}
		}
	}
}

// TestModelBeyondProblem reads models that set a variable the problem's export does not
// have: CheckVariables refuses them (import accepted them, keeping the options it knew).
func TestModelBeyondProblem(t *testing.T) {
	p := formatExample(t)
	for _, f := range []Format{DIMACS, SMT2, OPB} {
		n, err := numVariables(p, f, nil)
		if err != nil || n < p.NumOptions() {
			t.Fatalf("%v: %d variables (%v) for %d options", f, n, err, p.NumOptions())
		}
		for _, tt := range []struct {
			text string
			ok   bool
		}{
			{"s SATISFIABLE\nv 2 -" + strconv.Itoa(n) + " 0\n", true},
			{"s SATISFIABLE\nv 2 " + strconv.Itoa(n+1) + " 0\n", false},
			{"s SATISFIABLE\nv 2 -" + strconv.Itoa(n+1) + " 0\n", false},
		} {
			m, err := readModel(strings.NewReader(tt.text), DIMACS)
			if err != nil {
				t.Fatal(err)
			}
			if err := m.CheckVariables(n); (err == nil) != tt.ok {
				t.Errorf("%v, %d variables: model %q: %v", f, n, tt.text, err)
			}
		}
	}
}
