package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/atomicfile"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/interop"
)

// settleFlags checks the values of the flags that several commands share, before the
// command runs: an --emit format other than dlx, a --via solver that interop cannot run,
// or a negative number of --workers, is wrong usage; --workers 0 is made one goroutine per
// CPU, and --seed implies --random.
func settleFlags(cmd *cobra.Command) error {
	if random := cmd.Flags().Lookup("random"); random != nil && cmd.Flags().Changed("seed") {
		random.Value.Set("true")
	}
	if emit := cmd.Flags().Lookup("emit"); emit != nil && emit.Value.String() != "" && emit.Value.String() != "dlx" {
		return usageErrorf("unknown --emit %q: want dlx", emit.Value)
	}
	if via := cmd.Flags().Lookup("via"); via != nil && via.Value.String() != "" {
		if err := interop.CheckSolver(via.Value.String()); err != nil {
			return usageErrorf("--via: %v", err)
		}
	}
	fl := cmd.Flags().Lookup("workers")
	if fl == nil {
		return nil
	}
	switch n, _ := strconv.Atoi(fl.Value.String()); {
	case n < 0:
		return usageErrorf("invalid argument %q for \"--workers\" flag: want a whole number at least 0 (0: one per CPU)", fl.Value)
	case n == 0:
		return fl.Value.Set(strconv.Itoa(runtime.NumCPU()))
	}
	return nil
}

// printResult writes a command's result: v as one line of JSON when asJSON is set,
// otherwise text (which ends with its own newline). Then it returns cut, the interruption
// that left the result partial (see stopped), or nil.
func printResult(w io.Writer, asJSON bool, v any, text string, cut error) error {
	var err error
	if asJSON {
		err = json.NewEncoder(w).Encode(v) // in one write, as the text
	} else {
		_, err = io.WriteString(w, text)
	}
	if err != nil {
		return fmt.Errorf("writing the result: %w", err)
	}
	return cut
}

// jsonFormat returns the format a puzzle command writes in: JSON where --json is given (each
// command refuses --json with a --format other than its default), else --format's.
func jsonFormat(format string, asJSON bool) string {
	if asJSON {
		return present.FormatJSON
	}
	return format
}

// randomSeed gives a random run (random set) without --seed its seed from the clock, and
// says it on stderr, so that the run can be repeated. (--seed implies --random: see
// settleFlags.)
func randomSeed(cmd *cobra.Command, random bool, seed *uint64) {
	if random && !cmd.Flags().Changed("seed") {
		*seed = uint64(time.Now().UnixNano())
		notef(cmd, "seed %d", *seed)
	}
}

// writeOutput writes with write to the file path (-o), atomically: the file appears only
// when complete; or to standard output if path is "". The writers buffer their output.
func writeOutput(cmd *cobra.Command, path string, write func(io.Writer) error) error {
	if path == "" {
		return write(cmd.OutOrStdout())
	}
	return atomicfile.Write(path, write)
}

// writeSolutions writes solutions of file's problem to the command's output as solve prints
// them (as text lines or JSON, with asJSON), each with its cost if costs is not nil.
func writeSolutions(cmd *cobra.Command, file *dlx.File, sols [][]int, costs []int64, asJSON bool) error {
	sw := file.NewSolutionWriter(bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10), asJSON)
	for i, sol := range sols {
		if costs != nil {
			sw.WriteCost(sol, costs[i]) // an error stays in the buffer, for Flush
		} else {
			sw.Write(sol)
		}
	}
	return sw.Flush()
}
