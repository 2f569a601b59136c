package engine

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// chainSpec has n primary items with one option each: a search tree that is one path of
// n forced moves.
func chainSpec(n int) *Spec {
	sp := &Spec{NumPrimary: n, NumItems: n, Start: []int32{0}}
	for i := range n {
		sp.Lo = append(sp.Lo, 1)
		sp.Hi = append(sp.Hi, 1)
		sp.Item = append(sp.Item, int32(i))
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	return sp
}

// intervalSpec has n primary items in a line and an option for every run of w consecutive
// items: about n*w entries. Its first solution is n/w forced moves deep, each found at the
// front of the item list.
func intervalSpec(n, w int) *Spec {
	sp := &Spec{NumPrimary: n, NumItems: n, Start: make([]int32, 1, n-w+2)}
	sp.Lo, sp.Hi = make([]int32, n), make([]int32, n)
	for i := range n {
		sp.Lo[i], sp.Hi[i] = 1, 1
	}
	sp.Item = make([]int32, 0, (n-w+1)*w)
	for s := 0; s+w <= n; s++ {
		for i := s; i < s+w; i++ {
			sp.Item = append(sp.Item, int32(i))
		}
		sp.Start = append(sp.Start, int32(len(sp.Item)))
	}
	return sp
}

// stepCounter counts the branches a kernel takes.
type stepCounter struct {
	kernel
	descents int
}

func (c *stepCounter) next(l int) bool {
	ok := c.kernel.next(l)
	if ok {
		c.descents++
	}
	return ok
}

// TestCutDescendsOnce checks that cutting a tree made of a long chain of forced moves costs
// a number of steps linear in its length, not one walk from the root per level: it was
// quadratic (3,000 items took 13 s and 240 MB on two workers).
func TestCutDescendsOnce(t *testing.T) {
	for _, n := range []int{1000, 20000} {
		for _, kname := range []string{"bits", "dlx"} {
			sp := chainSpec(n)
			p := &Params{Kernel: bitsKernel(kname)}
			if kname == "bits" && sp.NumOptions() > bitsMaxOptions {
				continue
			}
			c := &stepCounter{kernel: newKernel(sp, p)}
			parts, above := cutTree(c, 128, nil)
			if len(parts) != 1 || len(parts[0].Path) != n || above != uint64(n) {
				t.Errorf("%s, chain of %d: %d parts, path %d, %d nodes above; want 1 solution part at depth %d, %d above",
					kname, n, len(parts), len(parts[0].Path), above, n, n)
			}
			if c.descents > 2*n {
				t.Errorf("%s, chain of %d: the cut took %d steps down, want at most %d", kname, n, c.descents, 2*n)
			}
		}
	}
	// Chains between branching nodes: queens with extra forced items.
	sp := queensSpec(8, 1)
	extra := 2000
	sp2 := &Spec{NumPrimary: sp.NumPrimary + extra, NumItems: sp.NumItems + extra}
	for range sp.NumPrimary {
		sp2.Lo, sp2.Hi = append(sp2.Lo, 1), append(sp2.Hi, 1)
	}
	for range extra {
		sp2.Lo, sp2.Hi = append(sp2.Lo, 1), append(sp2.Hi, 1)
	}
	// Items: primary 0..2n-1, then the extra primary items, then the diagonals.
	sp2.Start = []int32{0}
	for k := range sp.NumOptions() {
		for e := sp.Start[k]; e < sp.Start[k+1]; e++ {
			i := sp.Item[e]
			if int(i) >= sp.NumPrimary {
				i += int32(extra)
			}
			sp2.Item = append(sp2.Item, i)
		}
		sp2.Start = append(sp2.Start, int32(len(sp2.Item)))
	}
	for x := range extra {
		sp2.Item = append(sp2.Item, int32(sp.NumPrimary+x))
		sp2.Start = append(sp2.Start, int32(len(sp2.Item)))
	}
	c := &stepCounter{kernel: newKernel(sp2, &Params{})}
	parts, _ := cutTree(c, 128, nil)
	var want int
	for _, q := range parts {
		want += len(q.Path)
	}
	// Each depth tried walks the tree above the parts once; the depths tried are few.
	if c.descents > 8*want {
		t.Errorf("queens 8 with %d forced items: %d parts of total depth %d took %d steps down", extra, len(parts), want, c.descents)
	}
	var st Stats
	if RunParts(sp2, &Params{}, parts, 2, &st, nil); st.Solutions != 92 {
		t.Errorf("queens 8 with %d forced items: %d solutions in the parts, want 92", extra, st.Solutions)
	}
}

// TestMillionItems finds the first solution of a problem with a million primary items and
// ten million entries, 100,000 forced moves deep. Scanning every item at every node takes
// about 5*10^10 steps (89 s here before the choice learned to stop at the first item with
// one option); now it takes about a second. The deadline, 30 times that, catches the
// regression without depending on the machine's speed.
func TestMillionItems(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a problem of 10 million entries")
	}
	sp := intervalSpec(1_000_000, 10)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var sol []int32
	p := &Params{
		Limit: 1,
		Visit: func(s []int32) bool { sol = append(sol[:0], s...); return true },
		Poll:  func(*Stats, float64) bool { return ctx.Err() == nil },
	}
	var st Stats
	Run(sp, p, &st)
	if ctx.Err() != nil {
		t.Fatalf("no first solution within the deadline (%d nodes): the item choice costs more than linear", st.Nodes)
	}
	if st.Solutions != 1 || len(sol) != 100_000 || st.Nodes != 100_001 {
		t.Fatalf("%d solutions, %d options, %d nodes; want 1, 100000, 100001", st.Solutions, len(sol), st.Nodes)
	}
	for i, o := range sol {
		if o%10 != 0 || (i > 0 && o <= sol[i-1]) {
			t.Fatalf("option %d of the solution is %d: not the tiling by runs from 0", i, o)
		}
	}
}

// TestChainMemory searches a chain of 8000 forced moves with two workers: kernelB's
// per-level states (levels × state, both growing with the items) took 1.1 GB here. The
// bytes allocated by the whole search are measured.
func TestChainMemory(t *testing.T) {
	sp := chainSpec(8000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	parts, above := Cut(sp, nil, 128, nil)
	st := Stats{Nodes: above}
	RunParts(sp, &Params{}, parts, 2, &st, nil)
	runtime.ReadMemStats(&after)
	if st.Solutions != 1 || st.Nodes != 8001 {
		t.Errorf("%d solutions, %d nodes; want 1, 8001", st.Solutions, st.Nodes)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("the search allocated %d MiB, want at most 32 MiB", alloc>>20)
	}
}

// TestCutStops gives Cut a stop that reports true after a few nodes: the cut is given up at
// once with no parts (an interrupted search used to wait for the whole cut: seconds on
// hexominoes 14x15, a minute under the race detector), and a stop that never fires
// changes nothing.
func TestCutStops(t *testing.T) {
	sp := chainSpec(3000)
	want, wantAbove := Cut(sp, nil, 128, nil)
	got, gotAbove := Cut(sp, nil, 128, func() bool { return false })
	if len(got) != len(want) || gotAbove != wantAbove {
		t.Errorf("a stop that never fires: %d parts, %d above; want %d, %d", len(got), gotAbove, len(want), wantAbove)
	}
	asked := 0
	parts, above := Cut(sp, nil, 128, func() bool { asked++; return asked > 10 })
	if parts != nil || above != 0 || asked > 11 {
		t.Errorf("stopped after 10 nodes: %d parts, %d above, stop asked %d times; want none, asked 11 times", len(parts), above, asked)
	}
}
