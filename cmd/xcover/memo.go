package main

import (
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
)

// memoFlags are count's flags for memoised counting.
type memoFlags struct {
	memo  string // "", "on", "off" or "auto"
	mem   string // cache budget, such as "2GiB"
	order string // "first" or "mrv"
}

func (f *memoFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.memo, "memo", "auto", "count by memoisation: `MODE` on (also --memo alone), off, or auto (on only where a trial shows the cache pays; off with --limit, --checkpoint or --shard)")
	fs.Lookup("memo").NoOptDefVal = "on"
	fs.StringVar(&f.mem, "memo-mem", "2GiB", "the cache's memory budget `SIZE` (KiB, MiB, GiB); past it the count goes on without keeping more")
	fs.StringVar(&f.order, "order", "auto", "the item a memoised count branches on: `auto` (chosen from the problem by a short trial of both), first uncovered in the file's order, or mrv (fewest options)")
}

// apply sets the configuration's memo fields from the flags.
func (f *memoFlags) apply(cfg *xcover.Config) error {
	var err error
	if cfg.Memo, err = present.ParseMemoMode(f.memo); err != nil {
		return usageErrorf("--memo: %v", err)
	}
	if cfg.Order, err = present.ParseOrder(f.order); err != nil {
		return usageErrorf("--order: %v", err)
	}
	if cfg.MemoBytes, err = present.ParseSize(f.mem); err != nil {
		return usageErrorf("--memo-mem %q: %v", f.mem, err)
	}
	return nil
}

// limitHeap keeps the process near a memoised count's budget while it runs (see
// engine.MemoHeapLimit: Go's collector would let a 2 GiB cache take 4 GiB), and returns the
// function that lifts the limit again. A GOMEMLIMIT in the environment is the user's and
// is kept.
func limitHeap(budget int64) (restore func()) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	limit := engine.MemoHeapLimit(int64(ms.Sys-ms.HeapReleased), budget)
	if limit == 0 || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	old := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(old) }
}

// countAll counts every solution through the puzzle door, by memoisation where the flags
// ask for it (and, by default, where a trial shows it pays), and prints the exact count.
func countAll(cmd *cobra.Command, f *searchFlags, s *search, opt xcover.Config) error {
	if opt.Memo != xcover.MemoOff {
		defer limitHeap(opt.MemoBytes)()
	}
	c, _, cerr := puzzle.Count(cmd.Context(), s.pz, opt, false)
	note := ""
	interrupted := cerr != nil && cmd.Context().Err() != nil
	switch {
	case c.Solutions == nil && interrupted && opt.Memo == xcover.MemoAuto:
		// Cut off in a memoised count that auto chose (or in its trial): nothing counted
		// solution by solution, and the memo keeps no partial result.
		c.Solutions, note = new(big.Int), " (a memoised count keeps none)"
	case c.Solutions == nil && interrupted:
		return interruptedf("interrupted: a memoised count has no partial result")
	case c.Solutions == nil:
		return usageErrorf("%s", strings.TrimPrefix(cerr.Error(), "xcover: ")) // a count Count refuses
	}
	res := present.CountOf(c, cerr != nil)
	err := printResult(cmd.OutOrStdout(), f.json, res, res.Text(), partial(cerr, "interrupted: the count %v is partial%s", c.Solutions, note))
	if c.Memo.Full {
		warnf(cmd, "the cache reached --memo-mem after %d entries; the rest was counted without keeping more (a larger budget may be faster)", c.Memo.Entries)
	}
	return err
}
