package main

import (
	"bufio"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/verify"
)

// sampleFlags are the flags of the sample command.
type sampleFlags struct {
	uniform int
	seed    uint64
	initial []int
	json    bool
	memo    memoFlags
}

func newSampleCmd() *cobra.Command {
	var f sampleFlags
	cmd := &cobra.Command{
		Use:   "sample --uniform K [FILE|-]",
		Short: "Draw solutions uniformly at random",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSample(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.IntVar(&f.uniform, "uniform", 0, "draw `K` solutions uniformly at random")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S`; the same seed gives the same solutions")
	fs.IntSliceVar(&f.initial, "initial", nil, "force the options with these 0-based indices `i,j,...` into every solution")
	fs.BoolVar(&f.json, "json", false, `print one line {"options":[i,j,...]} per solution`)
	f.memo.register(cmd)
	fs.Lookup("memo").Hidden = true // always on here
	f.memo.memo = "on"
	return cmd
}

func runSample(cmd *cobra.Command, f *sampleFlags, args []string) error {
	if f.uniform < 1 {
		return usageErrorf("--uniform K: K must be at least 1 (how many solutions to draw)")
	}
	file, err := readProblem(cmd, args, f.initial, false)
	if err != nil {
		return err
	}
	opt := xcover.Config{Initial: f.initial, Seed: f.seed}
	if err := f.memo.apply(&opt); err != nil { // MemoBytes and Order (Sample always memoises)
		return err
	}
	randomSeed(cmd, true, &opt.Seed) // a sample is random: with no --seed, the clock's, said on stderr
	defer limitHeap(opt.MemoBytes)()
	sols, result := xcover.Sample(cmd.Context(), file.Problem, f.uniform, opt)
	sw := file.NewSolutionWriter(bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10), f.json)
	chk := verify.NewChecker(file.Problem) // every solution is checked before it is printed, as solve does
	for sol := range sols {
		if v := chk.Check(sol); len(v) > 0 {
			return fmt.Errorf("internal error: the sampler gave a non-solution: %v", v[0])
		}
		if err := sw.Write(sol); err != nil {
			return err
		}
	}
	if err := sw.Flush(); err != nil {
		return err
	}
	res, err := result()
	if err != nil {
		return stopped(cmd, err, "interrupted after %d of %d solutions", res.Drawn, f.uniform)
	}
	notef(cmd, "%s", present.Sample(res))
	return nil
}
