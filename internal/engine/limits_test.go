package engine

import (
	"math"
	"testing"
)

// TestMemoHeapLimit checks the soft limit of a memoised count: what is held, the budget, a
// tenth more and 16 MiB; the default budget for 0; none for a budget beyond any limit.
func TestMemoHeapLimit(t *testing.T) {
	for _, tt := range []struct {
		held, budget, want int64
	}{
		{0, 1 << 30, 1<<30 + 1<<30/10 + 16<<20},
		{5 << 20, 1000 << 20, 5<<20 + 1000<<20 + 100<<20 + 16<<20},
		{0, 0, DefaultMemoBytes + DefaultMemoBytes/10 + 16<<20},
		{0, math.MaxInt64 / 2, 0},
	} {
		if got := MemoHeapLimit(tt.held, tt.budget); got != tt.want {
			t.Errorf("MemoHeapLimit(%d, %d) = %d, want %d", tt.held, tt.budget, got, tt.want)
		}
	}
}
