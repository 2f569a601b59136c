package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/shard"
)

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
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: resuming from %s: %d of %d parts done\n", f.checkpoint, len(cp.Done), len(cp.Mine()))
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
