package main

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/shard"
)

// countFlags are the flags of the count command.
type countFlags struct {
	search searchFlags
	shard  shardFlags
	memo   memoFlags
}

func newCountCmd() *cobra.Command {
	var f countFlags
	cmd := &cobra.Command{
		Use:   "count [FILE|-]",
		Short: "Count the solutions of an exact cover problem",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runCount(cmd, &f, args) },
	}
	f.search.register(cmd)
	f.shard.register(cmd)
	f.memo.register(cmd)
	cmd.Flags().Lookup("json").Usage = `print {"solutions":N,"nodes":N,"updates":N,"seconds":F}`
	return cmd
}

func runCount(cmd *cobra.Command, f *countFlags, args []string) error {
	s, err := f.search.newSearch(cmd, args, false)
	if err != nil {
		return err
	}
	opt := s.cfg // Count ignores Seed; shard.Count refuses Random before it looks at Seed
	if err := f.memo.apply(&opt); err != nil {
		return err
	}
	if f.shard.active() {
		// shard.Count holds the rules of a split or checkpointed count (no limit, no random
		// order, memoised only in shares and only when asked, never with a checkpoint).
		return f.shard.count(cmd, &f.search, s, opt)
	}
	return countAll(cmd, &f.search, s, opt)
}

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
	err := printResult(cmd.OutOrStdout(), f.json, res, res.Text(),
		stopped(cmd, cerr, "interrupted: the count %v is partial%s", c.Solutions, note))
	if c.Memo.Full {
		warnf(cmd, "the cache reached --memo-mem after %d entries; the rest was counted without keeping more (a larger budget may be faster)", c.Memo.Entries)
	}
	return err
}

// shardFlags are count's flags for counts split over machines or sessions.
type shardFlags struct {
	shard      string        // "K/N", "auto/N" or ""
	checkpoint string        // checkpoint file or ""
	every      time.Duration // time between checkpoint saves
}

func (f *shardFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.StringVar(&f.shard, "shard", "", "count only shard `K/N` of the search tree (K = 1..N); auto/N takes K from JOB_COMPLETION_INDEX+1 or SLURM_ARRAY_TASK_ID")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "save finished parts of the count in `FILE` and resume from it")
	fs.DurationVar(&f.every, "checkpoint-every", 5*time.Second, "time `D` between checkpoint saves")
}

// parse returns the share the flags ask for (k of n; 1 of 1 without --shard) and the shard
// driver's options for --checkpoint FILE (none for ""): resume from the file if it exists
// (refusing one of another count), saying so on stderr, and save the finished parts every
// --checkpoint-every and at the end. A bad --shard or --checkpoint-every is wrong usage.
func (f *shardFlags) parse(cmd *cobra.Command) (k, n int, d shard.DriveOptions, err error) {
	if f.checkpoint != "" && f.every <= 0 {
		return 0, 0, d, usageErrorf("--checkpoint-every must be positive, not %v", f.every)
	}
	k, n = 1, 1
	if f.shard != "" {
		if k, n, err = shard.Parse(f.shard, os.LookupEnv); err != nil {
			return 0, 0, d, usageErrorf("--%v", err)
		}
	}
	d = shard.DriveOptions{File: f.checkpoint, SaveEvery: f.every, Resumed: func(cp *shard.Checkpoint) {
		notef(cmd, "resuming from %s: %d of %d parts done", f.checkpoint, len(cp.Done), len(cp.Mine()))
	}}
	return k, n, d, nil
}

// resumeHint is what an interrupted count says about resuming from its checkpoint (none:
// nothing); what names the finished pieces it holds.
func resumeHint(checkpoint, what string) string {
	if checkpoint == "" {
		return ""
	}
	return fmt.Sprintf("; %s holds the finished %s: run the same command to resume", checkpoint, what)
}

// active reports whether the count is to be split into parts.
func (f *shardFlags) active() bool { return f.shard != "" || f.checkpoint != "" }

// count runs count for a shard, or with a checkpoint, through shard.Count: the tree cut
// into parts, the shard's parts counted, finished parts saved to the checkpoint; or, with
// --memo=on, a share of a memoised count.
func (f *shardFlags) count(cmd *cobra.Command, sf *searchFlags, s *search, opt xcover.Config) error {
	k, n, d, err := f.parse(cmd)
	if err != nil {
		return err
	}
	if opt.Memo == xcover.MemoOn {
		defer limitHeap(opt.MemoBytes)()
	}
	// SIGTERM, as a cluster's scheduler sends it, stops the count like ^C (runContext
	// cancels every command's context on both): the finished parts are saved.
	ctx := cmd.Context()
	res, cerr := shard.Count(ctx, s.pz.Problem(), k, n, opt, d)
	_, badFile := errors.AsType[*shard.CheckpointError](cerr)
	switch {
	case res == nil && ctx.Err() != nil && opt.Memo == xcover.MemoOn:
		return interruptedf("interrupted: a memoised count has no partial result")
	case res == nil && ctx.Err() == nil && !badFile:
		return usageErrorf("%v", cerr) // a count shard.Count refuses: flags that do not go together
	case res == nil:
		return checkpointFlag(cerr)
	}
	s.mu.Lock()
	s.clear()
	s.mu.Unlock()
	if errors.Is(cerr, context.Canceled) { // else nil, or a checkpoint that could not be saved
		cerr = interruptedf("interrupted: the count %v is partial%s", res.Solutions, resumeHint(f.checkpoint, "parts"))
	}
	return printResult(cmd.OutOrStdout(), sf.json, res, present.ShardResult(res), cerr)
}

// checkpointFlag names --checkpoint in the error of a checkpoint file that cannot be used.
func checkpointFlag(err error) error {
	if _, ok := errors.AsType[*shard.CheckpointError](err); ok {
		return fmt.Errorf("--checkpoint: %w", err)
	}
	return err
}
