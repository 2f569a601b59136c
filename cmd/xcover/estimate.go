package main

import (
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
)

// estimateFlags are the flags of the estimate command.
type estimateFlags struct {
	probes  int
	workers int
	seed    uint64
	initial []int
	sample  time.Duration
	json    bool
}

func newEstimateCmd() *cobra.Command {
	var f estimateFlags
	cmd := &cobra.Command{
		Use:   "estimate [FILE|-]",
		Short: "Estimate the size of a search before running it",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runEstimate(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.IntVar(&f.probes, "probes", 10000, "number of random probes `P`")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` of the probes")
	fs.IntSliceVar(&f.initial, "initial", nil, "force the options with these 0-based indices `i,j,...` into every solution")
	fs.IntVar(&f.workers, "workers", 0, "estimate the wall time on `N` workers (0: one per CPU)")
	fs.DurationVar(&f.sample, "sample", 500*time.Millisecond, "length `D` of the sample run that measures the speed")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	return cmd
}

func runEstimate(cmd *cobra.Command, f *estimateFlags, args []string) error {
	switch {
	case f.probes < 1:
		return usageErrorf("--probes must be at least 1, not %d", f.probes)
	case f.sample <= 0:
		return usageErrorf("--sample must be positive, not %v", f.sample)
	}
	file, err := readProblem(cmd, args, f.initial, false)
	if err != nil {
		return err
	}
	fc, err := xcover.ForecastCount(cmd.Context(), file.Problem, xcover.Config{Initial: f.initial, Probes: f.probes, Seed: f.seed, SampleRun: f.sample})
	interrupted := err != nil && cmd.Context().Err() != nil
	switch {
	case interrupted && fc.Probes == 0:
		return interruptedf("interrupted before the first probe")
	case err != nil && !interrupted:
		return err
	}
	out := present.ForecastOf(fc, f.seed, f.workers, interrupted)
	return printResult(cmd.OutOrStdout(), f.json, out, out.Text(), // err: an interruption (above)
		stopped(cmd, err, "interrupted: the estimate is from %d of %d probes", fc.Probes, f.probes))
}
