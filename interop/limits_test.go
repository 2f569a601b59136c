package interop

import (
	"strings"
	"testing"
)

// TestDeepModel reads an SMT model of two million "(": it took 1 GB of memory, one stack
// frame per level; now it is refused at maxNesting with the line.
func TestDeepModel(t *testing.T) {
	_, err := readModel(strings.NewReader(strings.Repeat("(", 2_000_000)), SMT2)
	if err == nil || !strings.Contains(err.Error(), "nested more than 1000 deep") {
		t.Errorf("2,000,000 ( : error %v, want a nesting error", err)
	}
	// Solvers' own nesting is far below the bound.
	ok := "sat\n(model\n  (define-fun x1 () Bool true)\n  (define-fun x2 () Bool (not (and true (or false false))))\n)\n"
	if _, err := readModel(strings.NewReader(ok), SMT2); err != nil {
		t.Errorf("a model nesting 4 deep: %v", err)
	}
}
