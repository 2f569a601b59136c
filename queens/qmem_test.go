package queens

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/xcover/xcover/internal/qmem"
)

// quadWorkerBytes returns the bytes held by the buffers of w.
func quadWorkerBytes(w *quadWorker) int64 {
	words := cap(w.keys) + cap(w.west) + cap(w.byWeight)
	for _, sc := range w.south {
		words += cap(sc.ent) + cap(sc.off)/2
	}
	for i := range w.m.m {
		words += cap(w.m.m[i].tab)
	}
	for i := range w.m.buckets {
		words += cap(w.m.buckets[i])
	}
	for i := range w.m.groups {
		words += cap(w.m.groups[i])
	}
	return 8 * int64(words)
}

// TestCountBytes checks the memory a server reserves for a count (internal/qmem) against
// what the counter builds: the quadrant table exactly, for the boards that use one and no
// other (n = 22 and 23, whose table takes 30 s to build, only with XCOVER_LONG set; 20 and 21 not
// with -short); the
// buffers of a goroutine over a sample of tasks; and the list of tasks of the larger boards.
func TestCountBytes(t *testing.T) {
	for n := 4; n <= maxKnownCountN; n++ {
		got := qmem.TableBytes(n)
		switch {
		case useQuadrants(n) != (got > 0):
			t.Errorf("n = %d: table of %d bytes; quadrant counter %v", n, got, useQuadrants(n))
		case !useQuadrants(n):
			tasks := int64(len(makeTasks(n))) * int64(unsafe.Sizeof(task{}))
			if want := qmem.CountBytes(n, 1); tasks > want {
				t.Errorf("n = %d: %d bytes of tasks, %d reserved", n, tasks, want)
			}
		case n/2 >= 11 && os.Getenv("XCOVER_LONG") == "", n/2 == 10 && testing.Short():
		default:
			var stop atomic.Bool
			tb := newQuadTable(n/2, 2, &stop)
			if size := 4*int64(len(tb.start)) + 8*int64(len(tb.diags)); size != got {
				t.Errorf("n = %d: table of %d bytes, %d reserved", n, size, got)
			}
			// One goroutine's buffers over a few of the first E of every 16th task.
			p := newQuadPlan(n)
			w := newQuadWorker(p, tb, &stop)
			var most int64
			for i := 0; i < len(p.tasks); i += 16 {
				tk := p.tasks[i]
				s := &p.starts[tk.start]
				idx := unrankE(s.m, s.k, tk.lo)
				for e := tk.lo; e < min(tk.hi, tk.lo+4); e++ {
					w.countE(s, spread(idx, s.rows))
					idx = nextSubset(idx)
				}
				most = max(most, quadWorkerBytes(w))
			}
			if room := qmem.CountBytes(n, 1) - got; most > room {
				t.Errorf("n = %d: a goroutine's buffers took %d bytes, %d reserved", n, most, room)
			}
			t.Logf("n = %d: table %d MiB, a goroutine's buffers %d KiB (%d KiB reserved)", n, got>>20, most>>10, (qmem.CountBytes(n, 1)-got)>>10)
		}
	}
}

// TestQuadStopsWhileBuilding cancels a count of 22 queens while its quadrant table is
// built: the build (30 s) did not look at the context, so that a server's DELETE of a
// count of 20 queens (2 s) waited for it, past 5 s under load (issue 41). The build gives
// up at once when its stop flag is set, and the count returns soon.
func TestQuadStopsWhileBuilding(t *testing.T) {
	var stop atomic.Bool
	stop.Store(true)
	if tb := newQuadTable(11, 1, &stop); tb != nil {
		t.Errorf("the table was built with stop set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Count(ctx, 22, Options{Workers: 2})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("returned after %v", d)
	}
}
