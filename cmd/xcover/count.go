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

By default (--memo=auto) it counts by memoisation where a short trial shows that it pays:
the count of each sub-problem (the items still to cover, and the colours fixed on
secondary items) is kept and added whenever the search meets it again, so that counts far
beyond what one could enumerate come out exact (domino tilings of 16x16, about 2.4e30, in
seconds). It pays where sub-problems repeat — tilings listed row by row — and not on
problems like N-queens, which are counted solution by solution. --memo (=on) always
memoises, --memo=off never; --limit, --checkpoint and --shard count solution by
solution unless --memo=on is given. --order auto (the default) chooses the item to branch
on by a trial (and renumbers the items in a sweep when the file lists them along a board's
long side or in no order), first takes the first uncovered item of the file, mrv the item
with fewest options; --memo-mem bounds the cache. --json adds "memo" (hits, misses,
entries, bytes) when the count was memoised; an interrupted memoised count has no partial result. Problems
with multiplicities are memoised depth first (workers share one cache; shards work).`,
		Example: `  xcover count examples/queens8.dlx
  xcover count --json examples/format-example.dlx
  xcover count --progress --workers 2 examples/queens8.dlx
  xcover count --initial 0 examples/format-example.dlx
  xcover count --shard 3/8 --json examples/queens14.dlx > shard-3.json
  xcover count --shard auto/8 --json examples/queens14.dlx   # K from the cluster
  xcover count --checkpoint q14.ckpt examples/queens14.dlx
  xcover count examples/dominoes8.dlx                # memoised: the trial shows it pays
  xcover count --memo=off --json examples/dominoes8.dlx`,
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
	opt := s.countOptions()
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
