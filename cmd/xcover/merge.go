package main

import (
	"github.com/spf13/cobra"
	"github.com/xcover/xcover/shard"
)

func newMergeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "merge FILE...",
		Short: "Add up the counts of the shards of a count",
		Long: `Merge reads the results of "xcover count --shard K/N --json" from the FILEs ("-" is
standard input; a file may hold several results, one a line) and prints the same JSON
object with "solutions" the exact total, and nodes, updates and seconds summed.

It checks that the results are of the same problem, cut into the same N shards, that
none was interrupted, and that every shard from 1 to N is there, and names the missing
ones. A shard given twice with the same count is counted once, with a warning; with
different counts it is an error.`,
		Example: `  for k in 1 2 3 4; do xcover count --shard $k/4 --json examples/queens13.dlx > shard-$k.json; done
  xcover merge shard-*.json
  cat shard-*.json | xcover merge -`,
		Args: cobra.MinimumNArgs(1),
		RunE: runMerge,
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
		r, name, closeInput, err := openInput(cmd, name)
		if err != nil {
			return err
		}
		rs, err := shard.Decode(r, name)
		closeInput()
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
	return printResult(cmd.OutOrStdout(), true, merged, "", "the total")
}
