// Command timeit runs one program on one problem file and prints its wall time and the
// number of solutions it reported, for bench/anchors.sh.
//
// Usage:
//
//	timeit [-stdin FILE] [-cpu] [-stderr FILE] [-nocount] -- PROGRAM [ARG ...]
//	timeit -count FILE
//
// The first form runs PROGRAM, with FILE on its standard input if -stdin is given, and prints
// one line "SECONDS COUNT": the wall time from start to exit (with -cpu, the user and system
// CPU time of the program instead, for a loaded machine), and the count read from the
// program's output (with -nocount, 0: none is looked for). -stderr writes the program's
// standard error to FILE. The count is taken from "Altogether N solutions" on standard error (the
// report of Knuth's DLX and SS programs) or from standard output: {"solutions":N,...} as
// written by "xcover count --json", or a first line holding just N as written by
// "xcover count". A program that exits with an error, or reports no count, makes timeit fail.
//
// The second form counts the solutions of a DLX file with the xcover library in this process
// (one worker) and prints just the count; anchors.sh uses it when the xcover command cannot
// be built.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("timeit: ")
	stdin := flag.String("stdin", "", "file to give the program on standard input")
	count := flag.String("count", "", "count the solutions of this DLX file with the library")
	cpu := flag.Bool("cpu", false, "print the program's user+system CPU seconds instead of wall seconds")
	errFile := flag.String("stderr", "", "write the program's standard error to this file")
	noCount := flag.Bool("nocount", false, "do not look for a count (print 0)")
	flag.Parse()
	if *count != "" {
		n, err := libraryCount(*count)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(n)
		return
	}
	if flag.NArg() == 0 {
		log.Fatal("usage: timeit [-stdin FILE] [-cpu] [-stderr FILE] [-nocount] -- PROGRAM [ARG ...] | timeit -count FILE")
	}
	secs, n, err := run(*stdin, flag.Args(), runOptions{cpu: *cpu, stderr: *errFile, noCount: *noCount})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%.6f %d\n", secs, n)
}

func libraryCount(path string) (uint64, error) {
	f, err := dlx.ParseFile(path)
	if err != nil {
		return 0, err
	}
	res, err := xcover.Count(context.Background(), f.Problem, xcover.Config{Workers: 1})
	if err != nil {
		return 0, err
	}
	return res.Solutions.Uint64(), nil
}

// runOptions are run's flags: CPU time instead of wall time, a file for the program's
// standard error, and no count to find.
type runOptions struct {
	cpu     bool
	stderr  string
	noCount bool
}

// run runs the command and returns its wall time (or CPU time) in seconds and the count it
// reported.
func run(stdin string, args []string, opt runOptions) (float64, uint64, error) {
	cmd := exec.Command(args[0], args[1:]...)
	if stdin != "" {
		f, err := os.Open(stdin)
		if err != nil {
			return 0, 0, err
		}
		defer f.Close()
		cmd.Stdin = f
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	secs := time.Since(start).Seconds()
	if opt.cpu && cmd.ProcessState != nil {
		secs = (cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()).Seconds()
	}
	if opt.stderr != "" {
		if werr := os.WriteFile(opt.stderr, stderr.Bytes(), 0o644); werr != nil {
			return 0, 0, werr
		}
	}
	if err != nil {
		return 0, 0, fmt.Errorf("%s: %v\n%s", args[0], err, tail(stderr.Bytes()))
	}
	if opt.noCount {
		return secs, 0, nil
	}
	n, ok := parseCount(stdout.Bytes(), stderr.Bytes())
	if !ok {
		return 0, 0, fmt.Errorf("%s: no solution count in its output:\n%s%s", args[0],
			tail(stdout.Bytes()), tail(stderr.Bytes()))
	}
	return secs, n, nil
}

var altogether = regexp.MustCompile(`Altogether ([0-9]+) solutions?`)

// parseCount finds the number of solutions in a program's output.
func parseCount(stdout, stderr []byte) (uint64, bool) {
	if m := altogether.FindSubmatch(stderr); m != nil {
		n, err := strconv.ParseUint(string(m[1]), 10, 64)
		return n, err == nil
	}
	out := bytes.TrimSpace(stdout)
	var js struct {
		Solutions *uint64 `json:"solutions"`
	}
	if json.Unmarshal(out, &js) == nil && js.Solutions != nil {
		return *js.Solutions, true
	}
	first, _, _ := bytes.Cut(out, []byte("\n"))
	n, err := strconv.ParseUint(string(bytes.TrimSpace(first)), 10, 64)
	return n, err == nil
}

// tail returns at most the last 1000 bytes of b, for error messages.
func tail(b []byte) []byte {
	if len(b) > 1000 {
		return b[len(b)-1000:]
	}
	return b
}
