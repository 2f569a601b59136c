package main

import (
	"github.com/spf13/cobra"
	"github.com/xcover/xcover/shard"
)

func newMergeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "merge FILE...",
		Short: "Add up the counts of the shards of a count",
		Args:  cobra.MinimumNArgs(1),
		RunE:  runMerge,
	}
}

// runMerge reads the shards' results named by args and prints their total.
func runMerge(cmd *cobra.Command, args []string) error {
	var all []*shard.Result
	stdin := false
	for _, name := range args {
		if name == "-" && stdin {
			return usageErrorf("standard input (-) named twice")
		}
		stdin = stdin || name == "-"
		rs, err := readInput(cmd, name, shard.Decode)
		if err != nil {
			return err
		}
		all = append(all, rs...)
	}
	merged, warnings, err := shard.Merge(all)
	for _, w := range warnings {
		warnf(cmd, "%s", w)
	}
	if err != nil {
		return err
	}
	return printResult(cmd.OutOrStdout(), true, merged, "", nil)
}
