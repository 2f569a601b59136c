package queens

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// quadAll counts every task of the quadrant counter for n, with the join broken on key bit
// drop if drop >= 0.
func quadAll(t *testing.T, n, workers, drop int) uint64 {
	t.Helper()
	p := newQuadPlan(n)
	all := make([]int, len(p.tasks))
	for i := range all {
		all[i] = i
	}
	c, err := countQuad(context.Background(), p, all, workers, nil, drop)
	if err != nil {
		t.Fatal(err)
	}
	return c.Solutions
}

func TestQuadCounts(t *testing.T) {
	for n := 4; n <= 14; n++ {
		if got := quadAll(t, n, 1, -1); got != a000170[n] {
			t.Errorf("n=%d: %d, want %d", n, got, a000170[n])
		}
	}
}

func TestCompleteOEIS(t *testing.T) {
	for n := 1; n <= 17; n++ {
		c, err := Complete(context.Background(), n, a000170[n])
		if n == 2 || n == 3 {
			continue
		}
		if err != nil || c.Distinct != a002562[n] || c.Solutions != a000170[n] {
			t.Errorf("n=%d: %+v %v, want distinct %d", n, c, err, a002562[n])
		}
	}
}

func TestQuadTime(t *testing.T) {
	long(t)
	for _, n := range quadTimeNs() {
		start := time.Now()
		got := quadAll(t, n, 1, -1)
		t.Logf("n=%d: %d in %v", n, got, time.Since(start))
	}
}

func quadTimeNs() []int {
	var ns []int
	for _, f := range strings.Fields(os.Getenv("QUAD_N")) {
		n, _ := strconv.Atoi(f)
		ns = append(ns, n)
	}
	return ns
}
