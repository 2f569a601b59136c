package queens

import (
	"context"
	"testing"
)

// TestCensusCheck: a census whose fixed points do not give its orbits by Burnside's lemma,
// or whose representative is no solution, fails its check.
func TestCensusCheck(t *testing.T) {
	c, err := TakeCensus(context.Background(), 8, 0)
	if err != nil || c.Check() != nil {
		t.Fatalf("census of 8: %v, %v", err, c.Check())
	}
	c.Fixed[0]--
	if c.Check() == nil {
		t.Errorf("a census one fixed point short passed")
	}
	c.Fixed[0]++
	c.Reps[0].Rep = []int{0, 1, 2, 3, 4, 5, 6, 7}
	if c.Check() == nil {
		t.Error("a census with a non-solution representative passed")
	}
}
