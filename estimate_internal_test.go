package xcover

import (
	"testing"
	"time"
)

// TestMedianSpeed checks the speed run's measure: the setup before the first poll and a
// slow moment between two polls do not count; too few polls give none.
func TestMedianSpeed(t *testing.T) {
	ms := time.Millisecond
	for _, tt := range []struct {
		name  string
		polls []Stats
		want  float64
	}{
		{"steady after a long setup", []Stats{{Nodes: 4096, Elapsed: 40 * ms}, {Nodes: 8192, Elapsed: 41 * ms},
			{Nodes: 12288, Elapsed: 42 * ms}, {Nodes: 16384, Elapsed: 43 * ms}}, 4096e3},
		{"one slow interval", []Stats{{Nodes: 0, Elapsed: 0}, {Nodes: 1000, Elapsed: ms},
			{Nodes: 2000, Elapsed: 9 * ms}, {Nodes: 3000, Elapsed: 10 * ms}, {Nodes: 4000, Elapsed: 11 * ms}}, 1e6},
		{"one interval", []Stats{{Nodes: 0}, {Nodes: 1000, Elapsed: ms}}, 0},
		{"no time between polls", []Stats{{Nodes: 0}, {Nodes: 1000}, {Nodes: 2000}}, 0},
	} {
		if got := medianSpeed(tt.polls); got != tt.want {
			t.Errorf("%s: %g nodes/s, want %g", tt.name, got, tt.want)
		}
	}
}
