package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSignalEveryCommand starts each long-running command in a separate process, sends it
// SIGINT (or SIGTERM) while it works, and checks that it ends as count does: exit 130, a
// note on stderr that says the run was cut off, and on stdout only whole lines — for the
// counting commands, the partial count — having taken at most 200 MB.
func TestSignalEveryCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes that run until interrupted")
	}
	// n²/2 dominoes on n×n as one item of multiplicity n²/2. On 8x8 the default count's memo
	// split settled it without reading the context (issue 41, fault 4: 728 s, deaf to
	// signals); on 20x20 a memoised count walked the subsets of the item's options without
	// reading it (issue 40's every-loop check). Since the piece item is settled last
	// (issue 42), 8x8 counts in milliseconds: both cases take 20x20.
	dominoes := func(n int) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%d|D", n*n/2)
		for r := range n {
			for c := range n {
				fmt.Fprintf(&b, " %d,%d", r, c)
			}
		}
		b.WriteString("\n")
		for r := range n {
			for c := range n {
				if c < n-1 {
					fmt.Fprintf(&b, "D %d,%d %d,%d\n", r, c, r, c+1)
				}
				if r < n-1 {
					fmt.Fprintf(&b, "D %d,%d %d,%d\n", r, c, r+1, c)
				}
			}
		}
		return b.String()
	}
	dir := writeFiles(t, map[string]string{
		"dom200.dlx":  dominoes(20),
		"q16.dlx":     queensDLX(16),
		"q40.dlx":     queensDLX(40),
		"empty.txt":   strings.Repeat(".", 81) + "\n",
		"empty16.txt": strings.Repeat(".", 256) + "\n",
	})
	q16 := filepath.Join(dir, "q16.dlx")
	// hexominoes tile no rectangle, but the search takes far longer than any test.
	hexo := []string{"tile", "--pieces", "hexominoes", "--region", "14x15"}
	isCount := func(out string) error {
		out = strings.TrimSpace(out)
		if _, err := strconv.ParseUint(out, 10, 64); err != nil {
			return errors.New("stdout is not one count")
		}
		return nil
	}
	jsonLines := func(out string) error {
		for line := range strings.SplitSeq(strings.TrimSuffix(out, "\n"), "\n") {
			if line == "" {
				continue
			}
			if !json.Valid([]byte(line)) {
				return errors.New("a line of stdout is not whole JSON: " + clip(line))
			}
		}
		return nil
	}
	anything := func(string) error { return nil }
	nothing := func(out string) error {
		if out != "" {
			return errors.New("stdout is not empty")
		}
		return nil
	}
	tests := []struct {
		name   string
		args   []string
		sig    syscall.Signal
		stdout func(string) error
	}{
		{"solve parallel", []string{"solve", "--json", "--workers", "2", q16}, syscall.SIGINT, jsonLines},
		{"solve one worker", []string{"solve", "--json", "--workers", "1", q16}, syscall.SIGINT, jsonLines},
		{"solve SIGTERM", []string{"solve", "--json", "--workers", "2", q16}, syscall.SIGTERM, jsonLines},
		{"count", []string{"count", "--workers", "2", q16}, syscall.SIGINT, isCount},
		{"zdd", []string{"zdd", "--count", q16}, syscall.SIGINT, nothing},
		{"sample uniform", []string{"sample", "--uniform", "100000000", filepath.Join("..", "..", "examples", "dominoes8.dlx")}, syscall.SIGTERM, anything},
		// The two memoised counts within a budget of 64 MiB: their cache may take 2 GiB by
		// default, and how much of it they fill before the signal is the machine's speed
		// (on a host twice as fast as round twenty-one's, 280 MB in 0.8 s in one run of 25
		// where auto's random estimate chose the memo, and 166 MB with --memo=on).
		{"count memo split", []string{"count", "--workers", "2", "--memo-mem", "64MiB", filepath.Join(dir, "dom200.dlx")}, syscall.SIGTERM, isCount},
		{"count memo multiplicity", []string{"count", "--memo=on", "--workers", "1", "--memo-mem", "64MiB", filepath.Join(dir, "dom200.dlx")}, syscall.SIGTERM, anything},
		{"estimate", []string{"estimate", "--probes", "2000000000", "--sample", "10ms", q16}, syscall.SIGINT, anything},
		{"queens list", []string{"queens", "16", "--limit", "100000000"}, syscall.SIGINT, anything},
		{"queens json", []string{"queens", "17", "--json"}, syscall.SIGINT, jsonLines},
		{"queens count", []string{"queens", "19", "--count"}, syscall.SIGINT, isCount},
		{"queens count 27 shard", []string{"queens", "27", "--count", "--shard", "1/10000", "--json"}, syscall.SIGTERM, jsonLines},
		{"serve", []string{"serve", "--addr", "127.0.0.1:0"}, syscall.SIGINT, anything},
		{"queens xc", []string{"queens", "16", "--engine", "xc", "--count"}, syscall.SIGINT, isCount},
		{"tile count", append(hexo, "--count"), syscall.SIGINT, isCount},
		{"tile list", hexo, syscall.SIGINT, anything},
		{"tile distinct", append(hexo, "--count", "--distinct", "--json"), syscall.SIGINT, jsonLines},
		{"sudoku count", []string{"sudoku", "--count", filepath.Join(dir, "empty.txt")}, syscall.SIGINT, nothing},
		{"sudoku generate", []string{"sudoku", "--generate", "100000", "--box", "4x4", "--seed", "1"}, syscall.SIGINT, anything},
		{"define smallest", []string{"define", "--smallest", filepath.Join(dir, "q40.dlx")}, syscall.SIGINT, nothing},
		{"sudoku count 16", []string{"sudoku", "--count", "--json", "--box", "4x4", filepath.Join(dir, "empty16.txt")}, syscall.SIGINT, jsonLines},
	}
	for _, tt := range tests {
		// One at a time: started together, a dozen busy processes on two cores could be slow
		// enough to get the signal before they have set up their handler.
		t.Run(tt.name, func(t *testing.T) {
			cmd := xcoverProcess(t, nil, tt.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			watched, hwm := make(chan struct{}), make(chan int64, 1)
			go func() { hwm <- watchPeak(cmd.Process.Pid, watched) }()
			// Long enough for the process to have set up its signal handler and started.
			time.Sleep(800 * time.Millisecond)
			cmd.Process.Signal(tt.sig)
			signalled := time.Now()
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			var err error
			select {
			case err = <-done:
			case <-time.After(60 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("still running 60 s after %v; stderr %q", tt.sig, clip(stderr.String()))
			}
			// Each fault of issue 41 within 200 MB: the process's peak resident memory, as
			// the kernel counts it (VmHWM), read while it ran (the exit status's Maxrss
			// would count the test process's own memory, shared until exec).
			stopped := time.Since(signalled).Round(time.Millisecond)
			close(watched)
			peak := <-hwm
			t.Logf("stopped %v after %v, peak %d MB", tt.sig, stopped, peak/1e6)
			if peak > 200e6 {
				t.Errorf("peak resident memory %d MB, want at most 200", peak/1e6)
			}
			code := 0
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				code = ee.ExitCode()
			}
			if code != exitInterrupted {
				t.Fatalf("exit %d (%v), want %d; stderr %q", code, err, exitInterrupted, clip(stderr.String()))
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("stderr %q does not say the run was interrupted", clip(stderr.String()))
			}
			if err := tt.stdout(stdout.String()); err != nil {
				t.Errorf("%v; stdout %q", err, clip(stdout.String()))
			}
		})
	}
}

// watchPeak returns the most that process pid's peak resident memory (VmHWM, in bytes)
// was seen to be, read every 10 ms until done is closed or the process has gone; 0 where
// /proc has no such figure.
func watchPeak(pid int, done <-chan struct{}) int64 {
	var peak int64
	path := fmt.Sprintf("/proc/%d/status", pid)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		if b, err := os.ReadFile(path); err == nil {
			for line := range strings.Lines(string(b)) {
				if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
					if kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64); err == nil {
						peak = max(peak, kb<<10)
					}
				}
			}
		}
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
	}
}
