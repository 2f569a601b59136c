package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
)

// countJSON is what count --json prints.
type countJSON struct {
	Solutions uint64  `json:"solutions"`
	Nodes     uint64  `json:"nodes"`
	Updates   uint64  `json:"updates"`
	Seconds   float64 `json:"seconds"`
	Partial   bool    `json:"partial,omitempty"` // interrupted: the count so far
}

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
		Long: `Count reads an exact cover problem in DLX format from FILE, or from standard input
if FILE is "-" or missing, and prints the number of its solutions. With --json it
prints {"solutions":N,"nodes":N,"updates":N,"seconds":F}: the solutions, the search
tree nodes entered, the link updates made, and the wall time.

On an interrupt (^C) it prints the number counted so far, says on stderr that the
count is partial, and exits with status 130.

With --shard K/N it counts only the K-th of N disjoint shares of the search tree,
the same on every machine, and --json adds what merge needs to add the shares up:
"shard", "shards", "problem" (a hash), "parts", "cut" (see "xcover merge").
With --checkpoint FILE it saves the finished parts of the count in FILE every few
seconds and on ^C or SIGTERM, and a run with the same FILE resumes from it.

With --memo it counts by memoisation: the count of each sub-problem (the items still to
cover, and the colours fixed on secondary items) is kept and added whenever the search
meets it again, so that counts far beyond what one could enumerate come out exact (domino
tilings of 16x16, about 2.4e30, in seconds). It pays where sub-problems repeat — tilings
listed row by row — and not on problems like N-queens; --memo=auto samples the problem
and counts solution by solution when the cache does not pay. --order first (the default)
branches on the first uncovered item of the file, mrv on the item with fewest options;
--memo-mem bounds the cache. --json adds "memo": hits, misses, entries, bytes. Problems
with multiplicities are memoised depth first (workers share one cache; shards work).`,
		Example: `  xcover count examples/queens8.dlx
  xcover count --json examples/format-example.dlx
  xcover count --progress --workers 2 examples/queens8.dlx
  xcover count --initial 0 examples/format-example.dlx
  xcover count --shard 3/8 --json examples/queens14.dlx > shard-3.json
  xcover count --shard auto/8 --json examples/queens14.dlx   # K from the cluster
  xcover count --checkpoint q14.ckpt examples/queens14.dlx
  xcover count --memo examples/dominoes8.dlx
  xcover count --memo=auto --json examples/pentominoes-6x10.dlx`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runCount(cmd, &f, args) },
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
	if f.memo.active() {
		if f.shard.checkpoint != "" {
			return usageErrorf("--memo cannot be used with --checkpoint: a memoised count keeps no partial result (use --shard to split it)")
		}
		if f.shard.shard != "" && f.memo.memo != "on" {
			return usageErrorf("--shard with --memo needs --memo=on: every shard must count the same way")
		}
		if f.search.limit > 0 || s.cfg.Random {
			return usageErrorf("--memo counts every solution: not with --limit, --random or --seed")
		}
		opt := s.countOptions()
		if err := f.memo.apply(&opt); err != nil {
			return err
		}
		if f.shard.shard != "" {
			return countMemoShard(cmd, &f.search, s, opt, f.shard.shard)
		}
		return countMemo(cmd, &f.search, s, opt)
	}
	if f.shard.active() {
		return f.shard.countParts(cmd, &f.search, s)
	}
	c, cerr := xcover.Count(cmd.Context(), s.problem, s.countOptions())
	n, st := c.Solutions.Uint64(), c.Stats
	res := countJSON{n, st.Nodes, st.Updates, st.Elapsed.Seconds(), cerr != nil}
	if err := printResult(cmd.OutOrStdout(), f.search.json, res, fmt.Sprintf("%d\n", n), "count"); err != nil {
		return err
	}
	if cerr != nil {
		return interruptedf("interrupted: the count %d is partial", n)
	}
	return nil
}
