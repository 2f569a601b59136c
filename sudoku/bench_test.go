package sudoku

import (
	"context"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

const benchDir = "/work/shared/bench/sudoku/"

func loadSet(t testing.TB, name string) []Grid {
	f, err := os.Open(benchDir + name)
	if err != nil {
		t.Skipf("benchmark set: %v", err)
	}
	defer f.Close()
	r := NewReader(f, 9, ReadOptions{})
	var out []Grid
	for {
		p, ok := r.Next()
		if !ok {
			break
		}
		if p.Err != nil {
			t.Fatalf("%s: %v", name, p.Err)
		}
		out = append(out, p.Grid)
	}
	return out
}

// TestBenchSets solves every benchmark puzzle with a uniqueness check and verifies each
// solution. Long: set XCOVER_LONG=1.
func TestBenchSets(t *testing.T) {
	if os.Getenv("XCOVER_LONG") == "" {
		t.Skip("long; set XCOVER_LONG=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b, _ := NewBoard(Variant{})
	s := b.newSolver()
	sol := make(Grid, 81)
	for _, name := range []string{"17_clue.txt", "top1465.txt", "hardest_1106.txt"} {
		set := loadSet(t, name)
		start := time.Now()
		cpu0 := threadCPU()
		var nodes uint64
		notUnique, solved := 0, 0
		// Whole passes over the set until a second of CPU time, for a steadier rate.
		for pass := 0; pass == 0 || threadCPU()-cpu0 < time.Second; pass++ {
			for i, g := range set {
				n, err := s.solve(context.Background(), g, 2, sol)
				if err != nil || n == 0 {
					t.Fatalf("%s #%d: %d solutions, %v", name, i, n, err)
				}
				if n > 1 && pass == 0 {
					notUnique++
				}
				nodes += s.nodes()
				if err := b.Check(g, sol); err != nil {
					t.Fatalf("%s #%d: %v", name, i, err)
				}
			}
			solved += len(set)
		}
		el := time.Since(start)
		cpu := threadCPU() - cpu0
		t.Logf("%s: %d puzzles (%d solved), %d not unique, %.1f guesses/puzzle, wall %v, thread CPU %v: %.0f/s CPU (one thread, with checks)", name, len(set), solved, notUnique,
			float64(nodes)/float64(solved), el, cpu, float64(solved)/cpu.Seconds())
	}
}

func benchSet(b *testing.B, name string) {
	bd, _ := NewBoard(Variant{})
	s := bd.newSolver()
	set := loadSet(b, name)
	sol := make(Grid, 81)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s.solve(context.Background(), set[i%len(set)], 2, sol)
	}
}

func Benchmark17Clue(b *testing.B)  { benchSet(b, "17_clue.txt") }
func BenchmarkTop1465(b *testing.B) { benchSet(b, "top1465.txt") }
func BenchmarkHardest(b *testing.B) { benchSet(b, "hardest_1106.txt") }

// threadCPU returns the CPU time of the calling OS thread (lock it first): on a shared
// machine, wall time says little.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
