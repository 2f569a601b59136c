package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
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

// active reports whether the count is to be split into parts.
func (f *shardFlags) active() bool { return f.shard != "" || f.checkpoint != "" }

// parseShard reads --shard's value: "K/N", or "auto/N" with K from the environment as a
// Kubernetes Indexed Job or a Slurm job array sets it.
func parseShard(v string, getenv func(string) (string, bool)) (k, n int, err error) {
	ks, ns, ok := strings.Cut(v, "/")
	if !ok {
		return 0, 0, usageErrorf("--shard %q: want K/N or auto/N, such as 3/8", v)
	}
	n, err = strconv.Atoi(ns)
	if err != nil || n < 1 || n > shard.MaxShards {
		return 0, 0, usageErrorf("--shard %q: N must be a whole number from 1 to %d (every shard holds the whole cut, %d parts per shard)", v, shard.MaxShards, shard.PartsPerShard)
	}
	if ks != "auto" {
		k, err = strconv.Atoi(ks)
		if err != nil || k < 1 || k > n {
			return 0, 0, usageErrorf("--shard %q: K must be auto or a whole number from 1 to %d", v, n)
		}
		return k, n, nil
	}
	if s, ok := getenv("JOB_COMPLETION_INDEX"); ok {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= n {
			return 0, 0, usageErrorf("--shard %s: JOB_COMPLETION_INDEX=%q is not an index from 0 to %d", v, s, n-1)
		}
		return i + 1, n, nil
	}
	if s, ok := getenv("SLURM_ARRAY_TASK_ID"); ok {
		i, err := strconv.Atoi(s)
		if err != nil || i < 1 || i > n {
			return 0, 0, usageErrorf("--shard %s: SLURM_ARRAY_TASK_ID=%q is not a task id from 1 to %d (declare the array as --array=1-%d)", v, s, n, n)
		}
		return i, n, nil
	}
	return 0, 0, usageErrorf("--shard %s: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set; give K/N instead", v)
}

// countParts runs count for a shard, or with a checkpoint: the tree cut into parts, the
// shard's parts counted, finished parts saved to the checkpoint.
func (f *shardFlags) countParts(cmd *cobra.Command, sf *searchFlags, s *search) error {
	if sf.limit > 0 {
		return usageErrorf("--limit cannot be used with --shard or --checkpoint")
	}
	if s.cfg.Random {
		return usageErrorf("--random and --seed cannot be used with --shard or --checkpoint")
	}
	if f.checkpoint != "" && f.every <= 0 {
		return usageErrorf("--checkpoint-every must be positive, not %v", f.every)
	}
	k, n := 1, 1
	if f.shard != "" {
		var err error
		if k, n, err = parseShard(f.shard, os.LookupEnv); err != nil {
			return err
		}
	}
	plan, err := shard.NewPlan(s.problem, s.cfg.Initial, k, n)
	if err != nil {
		return err
	}
	opt := shard.CountOptions{Config: s.cfg, Version: version()}
	if f.checkpoint != "" {
		cp, err := openCheckpoint(cmd, f.checkpoint, shard.NewCheckpoint(plan))
		if err != nil {
			return err
		}
		opt.Checkpoint = cp
		opt.Save = func(c *shard.Checkpoint) error { return c.WriteFile(f.checkpoint) }
		opt.SaveEvery = f.every
	}

	// SIGTERM, as a cluster's scheduler sends it, stops the count like ^C (runContext
	// cancels every command's context on both): the finished parts are saved.
	res, cerr := plan.Count(cmd.Context(), opt)
	if res == nil {
		return cerr
	}
	s.mu.Lock()
	if s.progress != nil {
		s.progress.clear()
	}
	s.mu.Unlock()
	if err := printResult(cmd.OutOrStdout(), sf.json, res, fmt.Sprintf("%v\n", res.Solutions), "count"); err != nil {
		return err
	}
	if cerr != nil && errors.Is(cerr, context.Canceled) {
		msg := fmt.Sprintf("interrupted: the count %v is partial", res.Solutions)
		if f.checkpoint != "" {
			msg += fmt.Sprintf("; %s holds the finished parts: run the same command to resume", f.checkpoint)
		}
		return &exitError{code: exitInterrupted, err: errors.New(msg)}
	}
	return cerr
}

// openCheckpoint returns the checkpoint saved in path (--checkpoint), saying on stderr
// that the count resumes from it, or fresh if there is none; a checkpoint of another count
// is refused.
func openCheckpoint(cmd *cobra.Command, path string, fresh *shard.Checkpoint) (*shard.Checkpoint, error) {
	cp, resumed, err := shard.OpenCheckpoint(path, fresh)
	if err != nil {
		return nil, fmt.Errorf("--checkpoint: %w", err)
	}
	if resumed {
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: resuming from %s: %d of %d parts done\n", path, len(cp.Done), len(cp.Mine()))
	}
	return cp, nil
}

// driveJob counts the checkpoint's shard of a dedicated counter's job (the queens counter,
// the memoised count's shares) with the shard driver; with a --checkpoint path it resumes
// from the file and saves to it every every.
func driveJob(cmd *cobra.Command, job shard.Job, fresh *shard.Checkpoint, path string, every time.Duration) (*shard.Checkpoint, error) {
	var opt shard.DriveOptions
	cp := fresh
	if path != "" {
		var err error
		if cp, err = openCheckpoint(cmd, path, fresh); err != nil {
			return nil, err
		}
		opt.Save = func(c *shard.Checkpoint) error { return c.WriteFile(path) }
		opt.SaveEvery = every
	}
	return shard.Drive(cmd.Context(), job, cp, opt)
}
