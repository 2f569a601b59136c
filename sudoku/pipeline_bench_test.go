package sudoku

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time of the process, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadRepeated returns the benchmark set's lines repeated until at least minp puzzles.
func loadRepeated(b testing.TB, name string, minp int) []byte {
	data, err := os.ReadFile(benchDir + name)
	if err != nil {
		b.Skipf("benchmark set: %v", err)
	}
	n := bytes.Count(data, []byte{'\n'})
	return bytes.Repeat(data, (minp+n-1)/n)
}

// BenchmarkPipeline runs SolveAll as the command does (read, solve with a uniqueness check,
// write lines to a discarded buffered writer) on each set repeated to 100,000 puzzles or
// more, on one and on two workers, and reports the process's CPU time per run beside the
// wall time (on a shared machine, CPU time of two workers over one is the work inflation
// that can still be measured). PIPE_SET=17_clue.txt and PIPE_W=2 pick one set and one
// worker count, for profiles.
func BenchmarkPipeline(b *testing.B) {
	sets := []string{"17_clue.txt", "top1465.txt", "hardest_1106.txt"}
	if s := os.Getenv("PIPE_SET"); s != "" {
		sets = []string{s}
	}
	ws := []int{1, 2}
	if s := os.Getenv("PIPE_W"); s != "" {
		w, _ := strconv.Atoi(s)
		ws = []int{w}
	}
	bd, _ := NewBoard(Variant{})
	for _, name := range sets {
		data := loadRepeated(b, name, 100000)
		for _, w := range ws {
			b.Run(name+"/w"+strconv.Itoa(w), func(b *testing.B) {
				cpu0 := processCPU()
				for b.Loop() {
					rd := NewReader(bytes.NewReader(data), 9, ReadOptions{})
					out := bufio.NewWriterSize(io.Discard, 64<<10)
					var line []byte
					for r := range bd.SolveAll(context.Background(), rd, SolveOptions{Limit: 2, Workers: w}) {
						// As the command writes a solution line.
						line = append(r.Solution.AppendFormat(line[:0], r.Puzzle.Alphabet), '\n')
						if _, err := out.Write(line); err != nil {
							b.Fatal(err)
						}
					}
					out.Flush()
				}
				b.ReportMetric(float64(processCPU()-cpu0)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}
