package queens

import (
	"context"
	"os"
	"strings"
	"testing"
)

// The census of the 6-queens problem: one orbit of four solutions, fixed by the half turn.
func ExampleCensus_WriteText() {
	c, err := TakeCensus(context.Background(), 6, 0)
	if err != nil {
		panic(err)
	}
	c.WriteText(os.Stdout)
	// Output:
	// 1 3 5 0 2 4  orbit size 4, fixed by identity rot180
	// 4 solutions in 1 orbits; Burnside: (4 + 0 + 4 + 0 + 0 + 0 + 0 + 0)/8 = 1
}

// TestCensusCheck: a census whose fixed points do not give its orbits by Burnside's lemma,
// or whose representative is no solution, fails its check and says MISMATCH.
func TestCensusCheck(t *testing.T) {
	c, err := TakeCensus(context.Background(), 8, 0)
	if err != nil || c.Check() != nil {
		t.Fatalf("census of 8: %v, %v", err, c.Check())
	}
	c.Fixed[0]--
	var b strings.Builder
	c.WriteText(&b)
	if c.Check() == nil || !strings.Contains(b.String(), "MISMATCH") {
		t.Errorf("a census one fixed point short passed: %v\n%s", c.Check(), b.String())
	}
	c.Fixed[0]++
	c.Reps[0].Rep = []int{0, 1, 2, 3, 4, 5, 6, 7}
	if c.Check() == nil {
		t.Error("a census with a non-solution representative passed")
	}
}
