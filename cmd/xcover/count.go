package main

import (
	"github.com/spf13/cobra"
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
