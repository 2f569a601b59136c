package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/interop"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/queens"
)

// Limits of the queens command.
const (
	queensCountWarnN = 21 // counting from here takes days or more
	queensMaxOrbitsN = 16 // --orbits lists every solution
)

// queensFlags are the flags of the queens command.
type queensFlags struct {
	count, distinct, orbits, json, random bool
	puzzle                                bool // queens to pre-place, then the solution
	progress                              bool
	perLine                               int
	workers                               int
	limit, seed                           uint64
	format, emit, engine, via             string
	split                                 shardFlags // --shard, --checkpoint, --checkpoint-every
}

func newQueensCmd() *cobra.Command {
	var f queensFlags
	cmd := &cobra.Command{
		Use:   "queens N",
		Short: "Count, list, construct and draw solutions of the N-queens problem",
		Args:  cobra.ExactArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runQueens(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.BoolVar(&f.count, "count", false, "print the number of solutions")
	fs.BoolVar(&f.distinct, "distinct", false, "also count the essentially different solutions (implies --count)")
	fs.BoolVar(&f.orbits, "orbits", false, "list one solution per orbit under the symmetries of the board, with Burnside's count")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	fs.BoolVar(&f.progress, "progress", false, "with --count: show live progress on stderr, the share of the counter's tasks done (default: when stderr is a terminal)")
	fs.IntVar(&f.perLine, "per-line", 1, "`K` queens on every rank and file, at most K on every diagonal")
	fs.Uint64Var(&f.limit, "limit", 0, "list at most `K` solutions (0: all; 1 with --random or --format html)")
	fs.BoolVar(&f.random, "random", false, "list random solutions")
	fs.BoolVar(&f.puzzle, "puzzle", false, "make a puzzle: the queens to pre-place so that one solution remains (a minimal set, of a random solution with --seed), then that solution")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` (implies --random)")
	fs.StringVar(&f.format, "format", "text", "output `FORMAT`: text, svg or html")
	fs.StringVar(&f.emit, "emit", "", "write the problem in `FORMAT` dlx instead of solving it")
	fs.StringVar(&f.engine, "engine", "auto", "`ENGINE`: auto, xc, bitboard or construct")
	fs.IntVar(&f.workers, "workers", 0, "number of goroutines `N` (0: one per CPU)")
	addViaFlag(cmd, &f.via, "lists 1 solution unless --limit")
	fs.StringVar(&f.split.shard, "shard", "", "with --count: count only shard `K/N` (auto/N from the cluster's index); xcover merge adds the shards' --json results")
	fs.StringVar(&f.split.checkpoint, "checkpoint", "", "with --count: save the finished tasks of the count in `FILE` and resume from it")
	fs.DurationVar(&f.split.every, "checkpoint-every", 5*time.Second, "time `D` between checkpoint saves")
	return cmd
}

// queensRun is one run of the queens command.
type queensRun struct {
	cmd *cobra.Command
	f   *queensFlags
	n   int
	opt queens.Options // the flags' options, for a listing or a count
	out *bufio.Writer
	lw  *present.QueensWriter // the listing's solutions
}

func runQueens(cmd *cobra.Command, f *queensFlags, args []string) error {
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return usageErrorf("board side %q is not a whole number", args[0])
	}
	if _, err := queens.Choose(n, false, queens.Options{}); err != nil {
		return usage(err) // a board side out of the library's range
	}
	if f.perLine < 1 || f.perLine > n {
		return usageErrorf("--per-line %d out of range: K must be between 1 and N = %d", f.perLine, n)
	}
	engine, err := queensEngine(f.engine)
	if err != nil {
		return err
	}
	f.count = f.count || f.distinct
	switch {
	case f.format != "text" && f.format != "svg" && f.format != "html":
		return usageErrorf("unknown --format %q: want text, svg or html", f.format)
	case f.count && f.format != "text":
		// A count is a line of text (or JSON): --format svg printed text silently.
		return usageErrorf("--format %s draws solutions: not with --count or --distinct", f.format)
	case f.puzzle && (f.count || f.orbits || f.json || f.via != "" || f.emit != "" || f.format == "html"):
		return usageErrorf("--puzzle: not with --count, --distinct, --orbits, --json, --via, --emit or --format html")
	}
	if f.puzzle || f.emit != "" { // the posed puzzle, written out or made a puzzle of
		pz, err := puzzle.Queens(n, f.perLine)
		if err != nil {
			return usage(err) // a board too large to encode
		}
		if f.emit != "" {
			return dlx.Write(cmd.OutOrStdout(), pz.Problem()) // --emit dlx, buffered by dlx.Write
		}
		randomSeed(cmd, f.random, &f.seed)
		return writePuzzle(cmd, pz, xcover.Config{Random: f.random, Seed: f.seed}, jsonFormat(f.format, f.json))
	}
	r := &queensRun{cmd: cmd, f: f, n: n, out: bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16),
		opt: queens.Options{PerLine: f.perLine, Engine: engine, Workers: f.workers, Random: f.random, Seed: f.seed}}
	r.lw, _ = present.NewQueensWriter(r.out, n, f.perLine, jsonFormat(f.format, f.json)) // the format is checked above
	switch {
	case f.via != "" && (f.count || f.orbits || f.random || cmd.Flags().Changed("engine")):
		return usageErrorf("--via lists solutions found by an external solver: not with --count, --orbits, --random or --engine")
	case f.count && f.orbits:
		return usageErrorf("--count and --orbits do not go together")
	case f.count:
		err = r.runCount()
	case f.orbits:
		err = r.runOrbits()
	default:
		err = r.runList()
	}
	if ferr := r.out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing output: %w", ferr)
	}
	return err
}

// queensEngine returns the engine --engine names, by the queens package's names of them
// (auto: the zero Engine, the package's choice).
func queensEngine(name string) (queens.Engine, error) {
	for e := queens.Engine(0); e <= queens.EngineConstruct; e++ {
		if e.String() == name {
			return e, nil
		}
	}
	return 0, usageErrorf("unknown --engine %q: want auto, xc, bitboard or construct", name)
}

// usage turns the queens package's refusal of a request into wrong usage (exit 2).
func usage(err error) error {
	if re, ok := errors.AsType[*queens.RequestError](err); ok {
		return usageErrorf("%s", re.Msg)
	}
	return err
}

func (r *queensRun) runOrbits() error {
	f, n := r.f, r.n
	switch {
	case f.perLine > 1:
		return usageErrorf("--orbits works with one queen per line only")
	case n > queensMaxOrbitsN:
		return usageErrorf("--orbits lists every solution: N must be at most %d", queensMaxOrbitsN)
	case f.engine == "xc" || f.engine == "construct":
		return usageErrorf("--orbits uses the bitboard engine")
	case f.format != "text":
		if _, err := r.listLimit(); err != nil {
			return err
		}
	}
	c, err := queens.TakeCensus(r.cmd.Context(), n, int(f.limit))
	if err != nil { // the board side is checked: only a signal stops the census
		return r.stopped(err)
	}
	return cmp.Or(r.lw.WriteCensus(c), c.Check()) // the first error: writing, else the census' own check
}

// listLimit checks the output format of a listing and returns the number of boards to
// list: --limit's, by default 1 for a random listing, one by --via or a page (html).
func (r *queensRun) listLimit() (uint64, error) {
	f, limit := r.f, r.f.limit
	if !r.cmd.Flags().Changed("limit") && (f.random || f.via != "" || f.format == "html") {
		limit = 1
	}
	switch {
	case f.format == "html" && limit != 1:
		return 0, usageErrorf("--format html draws one board: use --limit 1")
	case f.json && f.format != "text":
		return 0, usageErrorf("--json and --format %s do not go together", f.format)
	case f.format != "text" && r.n > 1000:
		return 0, usageErrorf("--format %s draws boards up to N = 1000", f.format)
	}
	return limit, nil
}

func (r *queensRun) runList() error {
	f, n := r.f, r.n
	limit, err := r.listLimit()
	if err != nil {
		return err
	}
	opt := r.opt
	randomSeed(r.cmd, opt.Random, &opt.Seed) // never with --via: refused with --random or --seed
	opt.Limit = limit
	if f.via != "" { // an external solver on the encoding, its solutions checked as the engine's
		opt.SolveAll = interop.Via(f.via)
	}
	engine, err := queens.Choose(n, false, opt)
	if err != nil {
		return usage(err)
	}
	if engine == queens.EngineConstruct && !f.random && limit != 1 && r.cmd.Flags().Changed("limit") {
		warnf(r.cmd, "the construction gives one solution")
	}
	for b, err := range queens.Solutions(r.cmd.Context(), n, opt) {
		if err != nil {
			return r.stopped(err)
		}
		if err := r.lw.Write(b); err != nil {
			return err
		}
	}
	if r.lw.Written() == 0 {
		notef(r.cmd, "%s", present.NoQueensSolution(n, f.perLine, opt.SolveAll != nil))
	}
	return r.lw.Flush()
}

// stopped returns the error that ended a listing; one cut off by a signal (see stopped)
// keeps what was written so far (runQueens flushes it).
func (r *queensRun) stopped(err error) error {
	r.lw.Flush() // a whole picture of the boards found so far
	return stopped(r.cmd, err, "interrupted after %d solutions", r.lw.Written())
}

// runCount prints the count, or with --shard one shard of it as count --shard does, for
// xcover merge (with --distinct every shard counts its orbits, which merge adds up).
func (r *queensRun) runCount() error {
	f, n := r.f, r.n
	opt := r.opt
	opt.Distinct = f.distinct
	if f.split.active() {
		k, shards, d, err := f.split.parse(r.cmd)
		if err != nil {
			return err
		}
		opt.Checkpoint = &d
		if f.split.shard != "" {
			opt.Shard, opt.Shards = k, shards
		}
	}
	if _, err := queens.Choose(n, true, opt); err != nil {
		return usage(err) // the bitboard engine that --shard and --checkpoint need among the rest
	}
	if f.split.shard == "" && n >= queensCountWarnN {
		warnf(r.cmd, "counting the solutions for N = %d takes days or more (N = 27 took a year on FPGAs)", n)
	}
	if opt.Checkpoint == nil {
		show, clear := liveProgress(r.cmd, f.progress)
		defer clear()
		opt.Progress = show
	}
	start := time.Now()
	c, cerr := queens.Count(r.cmd.Context(), n, opt)
	if cerr != nil && r.cmd.Context().Err() == nil || opt.Shards > 0 && c.Share == nil {
		return checkpointFlag(cerr) // nothing counted: a failure, or a checkpoint that cannot be used
	}
	if res := c.Share; res != nil {
		return printResult(r.out, f.json, res, present.ShardResult(res), stopped(r.cmd, cerr,
			"interrupted: the count %v of shard %d/%d is partial%s", res.Solutions, opt.Shard, opt.Shards, resumeHint(f.split.checkpoint, "tasks")))
	}
	res := present.QueensCount{N: n, Solutions: c.Solutions, Engine: c.Engine.String(),
		Seconds: time.Since(start).Seconds(), Partial: cerr != nil}
	if f.perLine > 1 {
		res.PerLine = f.perLine
	}
	if f.distinct {
		res.Distinct = &c.Distinct
	}
	return printResult(r.out, f.json, res, res.Text(),
		stopped(r.cmd, cerr, "interrupted: the count %d is partial%s", res.Solutions, resumeHint(f.split.checkpoint, "tasks")))
}
