package queens

import (
	"context"
	"errors"
	"math/rand/v2"
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
	return quadAllWith(t, n, workers, quadOptions{drop: drop})
}

// quadAllWith counts every task of the quadrant counter for n with the given options.
func quadAllWith(t *testing.T, n, workers int, o quadOptions) uint64 {
	t.Helper()
	p := newQuadPlan(n)
	all := make([]int, len(p.tasks))
	for i := range all {
		all[i] = i
	}
	c, err := countQuad(context.Background(), p, all, workers, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	return c.Solutions
}

// TestQuadCounts runs the quadrant counter on every n from 4 (below the sizes Count gives
// it) to 15, 17 with XCOVER_LONG: A000170, and the orbits of Complete against A002562
// and, for n <= 12, against the bitboard counter's orbit by orbit.
func TestQuadCounts(t *testing.T) {
	maxN := 15
	if os.Getenv("XCOVER_LONG") != "" {
		maxN = 17
	}
	ctx := context.Background()
	for n := 4; n <= maxN; n++ {
		got := quadAll(t, n, 2, -1)
		if got != a000170[n] {
			t.Errorf("n=%d: %d solutions, want %d", n, got, a000170[n])
			continue
		}
		c, err := complete(ctx, n, got)
		if err != nil || c.Distinct != a002562[n] {
			t.Errorf("n=%d: Complete = %+v, %v; want %d distinct", n, c, err, a002562[n])
		}
		if n <= 12 {
			b, err := countTasks(ctx, makeTasks(n), 1, nil)
			if err != nil || b != c {
				t.Errorf("n=%d: bitboard %+v, %v; quadrants %+v", n, b, err, c)
			}
		}
	}
}

// TestQuadSieve counts n = 10..15 with buckets of 16 keys or more, so that every E with
// 64 stored keys or more is cut into 4 to 16 buckets: A000170 each time.
func TestQuadSieve(t *testing.T) {
	for n := 10; n <= 15; n++ {
		if got := quadAllWith(t, n, 2, quadOptions{drop: -1, minBucket: 16}); got != a000170[n] {
			t.Errorf("n=%d: %d solutions with the sieve, want %d", n, got, a000170[n])
		}
	}
}

// TestQuadBrokenJoin breaks the join on purpose, dropping one bit of every key: each bit
// must change the count of n = 12 and of n = 13 (each bit is a diagonal both halves
// reach; dropping it lets pairs that share it through).
func TestQuadBrokenJoin(t *testing.T) {
	for _, n := range []int{12, 13} {
		bits := 2 * (2*(n/2) - 1)
		for b := range bits {
			if got := quadAll(t, n, 1, b); got == a000170[n] {
				t.Errorf("n=%d: dropping key bit %d leaves the count right", n, b)
			}
		}
	}
}

// TestCompleteOEIS completes the published totals into A002562 (to n = 17, 20 with
// XCOVER_LONG), and refuses totals that cannot be split into orbits.
func TestCompleteOEIS(t *testing.T) {
	ctx := context.Background()
	maxN := 17
	if os.Getenv("XCOVER_LONG") != "" {
		maxN = 20
	}
	for n := 1; n <= maxN; n++ {
		if n == 2 || n == 3 {
			continue
		}
		c, err := complete(ctx, n, a000170[n])
		if err != nil || c.Distinct != a002562[n] || c.Solutions != a000170[n] ||
			n > 1 && c.Solutions != 8*c.Orbit8+4*c.Orbit4+2*c.Orbit2 {
			t.Errorf("n=%d: %+v %v, want distinct %d", n, c, err, a002562[n])
		}
	}
	for _, bad := range []uint64{91, 93, 94} {
		if _, err := complete(ctx, 8, bad); err == nil {
			t.Errorf("complete(8, %d): no error", bad)
		}
	}
	if _, err := complete(ctx, 0, 1); err == nil {
		t.Error("complete(0): no error")
	}
}

// TestQuadTasksAddUp checks that the tasks of the quadrant counter for n = 16 (n = 18 with
// XCOVER_LONG), each reported once, add up to A000170, on 2 goroutines.
func TestQuadTasksAddUp(t *testing.T) {
	n := 15
	if os.Getenv("XCOVER_LONG") != "" {
		n = 18
	}
	seen := map[int]bool{}
	var sum uint64
	c, tasks, err := countShardTasks(context.Background(), n, 2, 1, 1, nil, func(i int, c Counts) {
		if seen[i] {
			t.Errorf("task %d reported twice", i)
		}
		seen[i] = true
		sum += c.Solutions
	})
	if err != nil || len(seen) != tasks || tasks != numTasks(n) {
		t.Fatalf("%v; %d of %d tasks reported (NumTasks %d)", err, len(seen), tasks, numTasks(n))
	}
	if sum != a000170[n] || c.Solutions != sum || c.Distinct != a002562[n] {
		t.Errorf("tasks add up to %d; returned %+v; want %d, %d distinct", sum, c, a000170[n], a002562[n])
	}
}

// TestQuadStopsWithinATask cancels a quadrant count of n = 19 after 0.2 s: it must return
// the context's error soon, and report no task given up.
func TestQuadStopsWithinATask(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	var sum uint64
	reported := 0
	_, _, err := countShardTasks(ctx, 19, 2, 1, 1, nil, func(_ int, c Counts) { reported++; sum += c.Solutions })
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("returned after %v", d)
	}
	if reported >= numTasks(19) || sum >= a000170[19] {
		t.Errorf("%d tasks, %d solutions reported in 0.2 s", reported, sum)
	}
}

// TestQuadTime times the quadrant counter on the boards of QUAD_N (every QUAD_STEP-th task
// only if set; QUAD_BUCKET sets the sieve's bucket size): a tool for tuning, run by hand.
func TestQuadTime(t *testing.T) {
	long(t)
	step, _ := strconv.Atoi(os.Getenv("QUAD_STEP"))
	bucket, _ := strconv.Atoi(os.Getenv("QUAD_BUCKET"))
	for _, n := range quadTimeNs() {
		start := time.Now()
		p := newQuadPlan(n)
		var tasks []int
		for i := 0; i < len(p.tasks); i += max(1, step) {
			tasks = append(tasks, i)
		}
		c, err := countQuad(context.Background(), p, tasks, 1, nil, quadOptions{drop: -1, minBucket: bucket})
		t.Logf("n=%d: %d (%d of %d tasks), %v in %v", n, c.Solutions, len(tasks), len(p.tasks), err, time.Since(start))
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

// BenchmarkCount times Count on one goroutine for boards on both sides of the switch to
// the quadrant counter (n = 16 takes about a third of a second).
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{9, 12, 14, 16} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				c, err := countBoard(context.Background(), n, 1)
				if err != nil || c.Solutions != a000170[n] || c.Distinct != a002562[n] {
					b.Fatalf("%+v, %v", c, err)
				}
			}
		})
	}
}

// TestMatcher checks the matcher, with the AVX-512 and AVX2 kernels where the processor has
// them and with its Go loop, against plain pair tests on random keys: every number of keys
// from 0 to 1100 in steps (narrow, full and several pieces, a rest matched key by key),
// chunks of 5 to 7 bits, joins of 0 to 300 probes and single counts.
func TestMatcher(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, nk := range []int{0, 1, 15, 16, 63, 64, 65, 200, 511, 512, 513, 530, 1024, 1100} {
		for _, probes := range []int{10, 1024} {
			keys := make([]uint64, nk)
			for i := range keys {
				keys[i] = rng.Uint64() & rng.Uint64() & rng.Uint64() & (1<<34 - 1)
			}
			var fast, mid, slow matcher
			mid.noAVX512 = true
			slow.goOnly = true
			fast.build(keys, 34, probes)
			mid.build(keys, 34, probes)
			slow.build(keys, 34, probes)
			probeKeys := make([]uint64, 300)
			want := make([]uint64, len(probeKeys))
			for i := range probeKeys {
				probeKeys[i] = rng.Uint64() & rng.Uint64() & (1<<34 - 1)
				for _, k := range keys {
					if k&probeKeys[i] == 0 {
						want[i]++
					}
				}
			}
			for i, w := range probeKeys[:50] {
				if s := slow.count(w); s != want[i] {
					t.Fatalf("%d keys, probe %x: count %d, want %d", nk, w, s, want[i])
				}
			}
			for _, np := range []int{0, 1, 7, 300} {
				var sum uint64
				for _, c := range want[:np] {
					sum += c
				}
				if f, m, s := fast.join(probeKeys[:np]), mid.join(probeKeys[:np]), slow.join(probeKeys[:np]); f != sum || m != sum || s != sum {
					t.Fatalf("%d keys, %d probes: joins %d (AVX-512 %v), %d (AVX2 %v), %d (Go); want %d",
						nk, np, f, fast.avx512, m, mid.asm, s, sum)
				}
			}
		}
	}
}

// TestSieveJoin checks the sieve's join, with 0 to 4 cut bits, against plain pair tests.
func TestSieveJoin(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, nk := range []int{0, 100, 600, 3000, 9000} {
		keys := make([]uint64, nk)
		for i := range keys {
			keys[i] = rng.Uint64() & rng.Uint64() & rng.Uint64() & (1<<34 - 1)
		}
		probes := make([]uint64, 500)
		var want uint64
		for i := range probes {
			probes[i] = rng.Uint64() & rng.Uint64() & (1<<34 - 1)
			for _, k := range keys {
				if k&probes[i] == 0 {
					want++
				}
			}
		}
		var s sieve
		s.build(keys, probes, 34, 512)
		if got := s.join(probes); got != want {
			t.Errorf("%d keys, %d cut bits: %d, want %d", nk, len(s.cut), got, want)
		}
	}
}

// TestTranspose64 checks transpose64 against the definition on random matrices.
func TestTranspose64(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20 {
		var a, b [64]uint64
		for i := range a {
			a[i] = rng.Uint64()
		}
		b = a
		transpose64(&b)
		for i := range 64 {
			for j := range 64 {
				if a[i]>>j&1 != b[j]>>i&1 {
					t.Fatalf("bit %d of row %d is %d, transposed %d", j, i, a[i]>>j&1, b[j]>>i&1)
				}
			}
		}
	}
}
