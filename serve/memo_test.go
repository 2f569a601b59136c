package serve

import (
	"github.com/xcover/xcover/internal/present"

	"runtime"
	"testing"
	"time"
)

// TestMemoCountWithinBudget runs a memoised count in a server of 64 MiB: the count's cache
// must stay within the server's budget (it took the library's default of 2 GiB: 14 queens
// reached 2.3 GB under --memory 64), so the heap never grows far past it, and the count is
// still exact.
func TestMemoCountWithinBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("a memoised count of 12 queens")
	}
	const budget = 64 << 20
	s := New(Options{MaxMemoryBytes: budget})
	ts := newHTTPServer(t, s)
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	id := create(t, ts.URL, `{"puzzle":"queens","n":12,"mode":"count","memo":"on"}`)
	var peak uint64
	done := make(chan present.Status)
	go func() { done <- wait(t, s, id) }()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case st := <-done:
			if st.State != present.StateDone || st.Count != "14200" {
				t.Fatalf("12 queens memoised: state %s, count %q", st.State, st.Count)
			}
			if grew := int64(peak) - int64(base.HeapAlloc); grew > budget {
				t.Errorf("the heap grew by %d MiB during the count, past the server's %d MiB", grew>>20, budget>>20)
			}
			return
		case <-tick.C:
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapAlloc)
		}
	}
}
