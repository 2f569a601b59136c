package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/shard"
	"github.com/xcover/xcover/verify"
)

// Limits of the queens command.
const (
	queensMaxN         = 100_000_000 // beyond this a board is absurd
	queensCountWarnN   = 21          // counting from here takes days or more
	queensMaxOrbitsN   = 16          // --orbits lists every solution
	queensTextBoardMax = 100         // larger boards print as a line of files
)

// queensFlags are the flags of the queens command.
type queensFlags struct {
	count, distinct, orbits, json, random bool
	perLine, workers                      int
	limit, seed                           uint64
	format, emit, engine, via             string
	shard, checkpoint                     string
	every                                 time.Duration
}

func newQueensCmd() *cobra.Command {
	var f queensFlags
	cmd := &cobra.Command{
		Use:   "queens N",
		Short: "Count, list, construct and draw solutions of the N-queens problem",
		Long: `Queens places N queens on an N×N board so that no two share a rank, a file or a
diagonal, and prints the solutions (all of them unless --limit), their number (--count),
or the number of essentially different ones under the 8 symmetries of the board
(--distinct). With --per-line K it places K queens on every rank and file, at most K on
every diagonal.

Engines (--engine): xc is the general exact cover engine on the encoding (ranks and files
primary, diagonals secondary), whose one solution (--limit 1) comes from its plain search
within 2^16 nodes, else from randomised restarts with doubling node budgets: well under a
second for every N up to 200, the same on every run; bitboard a dedicated counter that also counts distinct
solutions cheaply, on --workers goroutines; construct an explicit construction of one
solution for any N >= 4 (with --random, min-conflicts local search instead). auto picks
the fastest one that can do the job, and --json reports it.

Output: text boards (one line per rank, "Q" a queen; for N > 100 one line of the 0-based
files, rank by rank), --format svg (all listed boards in a grid), --format html (a page
with the board and a check table of the queens on every line), or --json: one line
{"queens":[f0,f1,...]} per solution, the 0-based file of the queen on each rank (for K > 1
a list of [rank,file] pairs). Counts print as {"solutions":N,"distinct":N,"engine":E}.
--orbits lists one representative per orbit (the least image) with its orbit size and the
symmetries that fix it, then the number of orbits and Burnside's count as a cross-check.
Every solution is checked before it is printed.`,
		Example: `  xcover queens 8
  xcover queens 16 --count --distinct --json
  xcover queens 8 --orbits
  xcover queens 8 --per-line 2 --count
  xcover queens 1000000 --engine construct --json > q.json
  xcover queens 100000 --random --seed 1 --json
  xcover queens 8 --format svg > all92.svg
  xcover queens 8 --emit dlx > queens8.dlx`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			n, err := strconv.Atoi(args[0])
			if err != nil {
				return usageErrorf("board side %q is not a whole number", args[0])
			}
			return runQueens(cmd, &f, n)
		},
	}
	fs := cmd.Flags()
	fs.BoolVar(&f.count, "count", false, "print the number of solutions")
	fs.BoolVar(&f.distinct, "distinct", false, "also count the essentially different solutions (implies --count)")
	fs.BoolVar(&f.orbits, "orbits", false, "list one solution per orbit under the symmetries of the board, with Burnside's count")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	fs.IntVar(&f.perLine, "per-line", 1, "`K` queens on every rank and file, at most K on every diagonal")
	fs.Uint64Var(&f.limit, "limit", 0, "list at most `K` solutions (0: all; 1 with --random or --format html)")
	fs.BoolVar(&f.random, "random", false, "list random solutions")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` (implies --random)")
	fs.StringVar(&f.format, "format", "text", "output `FORMAT`: text, svg or html")
	fs.StringVar(&f.emit, "emit", "", "write the problem in `FORMAT` dlx instead of solving it")
	fs.StringVar(&f.engine, "engine", "auto", "`ENGINE`: auto, xc, bitboard or construct")
	fs.IntVar(&f.workers, "workers", 0, "number of goroutines `N` (0: one per CPU)")
	addViaFlag(cmd, &f.via, "lists 1 solution unless --limit")
	fs.StringVar(&f.shard, "shard", "", "with --count: count only shard `K/N` (auto/N from the cluster's index); xcover merge adds the shards' --json results")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "with --count: save the finished tasks of the count in `FILE` and resume from it")
	fs.DurationVar(&f.every, "checkpoint-every", 5*time.Second, "time `D` between checkpoint saves")
	return cmd
}

// queensRun is one run of the queens command.
type queensRun struct {
	cmd  *cobra.Command
	f    *queensFlags
	n    int
	ctx  context.Context
	out  *bufio.Writer
	sols int // solutions written
	svg  []queens.Board
}

func runQueens(cmd *cobra.Command, f *queensFlags, n int) error {
	if n < 1 || n > queensMaxN {
		return usageErrorf("board side %d out of range: N must be between 1 and %d", n, queensMaxN)
	}
	if f.perLine < 1 || f.perLine > n {
		return usageErrorf("--per-line %d out of range: K must be between 1 and N = %d", f.perLine, n)
	}
	if f.workers < 0 {
		return usageErrorf("--workers must be at least 0, not %d", f.workers)
	}
	if f.workers == 0 {
		f.workers = runtime.NumCPU()
	}
	switch f.engine {
	case "auto", "xc", "bitboard", "construct":
	default:
		return usageErrorf("unknown --engine %q: want auto, xc, bitboard or construct", f.engine)
	}
	switch f.format {
	case "text", "svg", "html":
	default:
		return usageErrorf("unknown --format %q: want text, svg or html", f.format)
	}
	if cmd.Flags().Changed("seed") {
		f.random = true
	}
	f.count = f.count || f.distinct
	if f.emit != "" {
		if f.emit != "dlx" {
			return usageErrorf("unknown --emit %q: want dlx", f.emit)
		}
		if n > queens.MaxProblemN {
			return usageErrorf("board side %d too large to encode: at most %d", n, queens.MaxProblemN)
		}
		p, err := queens.Problem(n, f.perLine)
		if err != nil {
			return err
		}
		w := bufio.NewWriter(cmd.OutOrStdout())
		if err := dlx.Write(w, p); err != nil {
			return err
		}
		return w.Flush()
	}
	r := &queensRun{cmd: cmd, f: f, n: n, ctx: cmd.Context(),
		out: bufio.NewWriterSize(cmd.OutOrStdout(), 1<<16)}
	var err error
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

// queensCountJSON is what --count --json prints.
type queensCountJSON struct {
	N         int     `json:"n"`
	PerLine   int     `json:"per_line,omitempty"`
	Solutions uint64  `json:"solutions"`
	Distinct  *uint64 `json:"distinct,omitempty"`
	Engine    string  `json:"engine"`
	Seconds   float64 `json:"seconds"`
	Partial   bool    `json:"partial,omitempty"` // interrupted: the counts so far
}

func (r *queensRun) runCount() error {
	f, n := r.f, r.n
	engine := f.engine
	if engine == "auto" {
		engine = queens.CountEngine(f.perLine)
	}
	switch {
	case engine == "construct":
		return usageErrorf("--engine construct builds one solution; it cannot count")
	case engine == "bitboard" && f.perLine > 1:
		return usageErrorf("--engine bitboard counts one queen per line only; use --engine xc with --per-line")
	case engine == "xc" && n > queens.MaxProblemN:
		return usageErrorf("board side %d too large to encode: at most %d", n, queens.MaxProblemN)
	case f.distinct && f.perLine > 1:
		return usageErrorf("--distinct counts one queen per line only")
	}
	if n > queens.MaxKnownCountN && f.perLine == 1 {
		return usageErrorf("counting N = %d is out of reach: the largest count known, N = 27, took a year on FPGAs", n)
	}
	if f.shard != "" || f.checkpoint != "" {
		if engine != "bitboard" {
			return usageErrorf("--shard and --checkpoint count with the bitboard engine, one queen per line")
		}
		if f.checkpoint != "" && f.every <= 0 {
			return usageErrorf("--checkpoint-every must be positive, not %v", f.every)
		}
	}
	if f.shard != "" {
		return r.countShard()
	}
	if n >= queensCountWarnN {
		warnf(r.cmd, "counting the solutions for N = %d takes days or more (N = 27 took a year on FPGAs)", n)
	}
	start := time.Now()
	var res queensCountJSON
	res.N, res.Engine = n, engine
	if f.perLine > 1 {
		res.PerLine = f.perLine
	}
	var cerr error
	switch engine {
	case "bitboard":
		var cp *shard.Checkpoint
		cp, cerr = r.countBitboard(1, 1)
		if cerr != nil && (cp == nil || r.ctx.Err() == nil) {
			return cerr // not an interruption: a checkpoint that cannot be used
		}
		res.Solutions = cp.Solutions().Uint64()
		if f.distinct {
			d := cp.Distinct().Uint64()
			res.Distinct = &d
		}
	case "xc":
		p, err := queens.Problem(n, f.perLine)
		if err != nil {
			return err
		}
		s, err := xcover.NewSolver(p, xcover.Config{Workers: f.workers})
		if err != nil {
			return err
		}
		res.Solutions, cerr = s.Count(r.ctx)
		if f.distinct && cerr == nil {
			// The engine cannot see symmetry: take the census of all solutions.
			c, err := queens.TakeCensus(r.ctx, n, 1)
			if err != nil {
				cerr = err
			} else {
				if c.Solutions != res.Solutions {
					return fmt.Errorf("internal disagreement: the engine counts %d solutions, the census %d", res.Solutions, c.Solutions)
				}
				res.Distinct = &c.Orbits
			}
		}
	}
	res.Seconds = time.Since(start).Seconds()
	res.Partial = cerr != nil
	if f.json {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		r.out.Write(append(b, '\n'))
	} else if res.Distinct != nil {
		fmt.Fprintf(r.out, "%d solutions, %d essentially different\n", res.Solutions, *res.Distinct)
	} else {
		fmt.Fprintf(r.out, "%d\n", res.Solutions)
	}
	if cerr != nil {
		return &exitError{code: exitInterrupted, err: fmt.Errorf("interrupted: the count %d is partial%s", res.Solutions, r.resumeHint())}
	}
	return nil
}

// resumeHint is what an interrupted count with a checkpoint says about resuming.
func (r *queensRun) resumeHint() string {
	if r.f.checkpoint == "" {
		return ""
	}
	return fmt.Sprintf("; %s holds the finished tasks: run the same command to resume", r.f.checkpoint)
}

// countBitboard counts shard k of shards with the bitboard counter through the shard
// driver: with --checkpoint it resumes from the file if it exists (refusing one of another
// count), saves the finished tasks every --checkpoint-every and at the end. It returns the
// checkpoint as the count ended: every finished task, those of earlier sessions included.
func (r *queensRun) countBitboard(k, shards int) (*shard.Checkpoint, error) {
	job := queens.CountJob{N: r.n, Workers: r.f.workers}
	return driveJob(r.cmd, job, shard.NewJobCheckpoint(job.Identity(), k, shards), r.f.checkpoint, r.f.every)
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
		if _, err := r.listFormat(); err != nil {
			return err
		}
	}
	c, err := queens.TakeCensus(r.ctx, n, int(f.limit))
	if err != nil {
		return r.interrupted()
	}
	for _, o := range c.Reps {
		if err := queens.Check(o.Rep); err != nil {
			return fmt.Errorf("internal error: orbit representative %v: %w", o.Rep, err)
		}
		if f.format == "svg" {
			r.svg = append(r.svg, queens.BoardOf(o.Rep))
			continue
		}
		if f.json {
			fixers := make([]string, len(o.Fixers))
			for i, g := range o.Fixers {
				fixers[i] = g.String()
			}
			b, _ := json.Marshal(struct {
				Queens []int    `json:"queens"`
				Size   int      `json:"size"`
				Fixers []string `json:"fixed_by"`
			}{o.Rep, o.Size, fixers})
			r.out.Write(append(b, '\n'))
			continue
		}
		fmt.Fprintf(r.out, "%s  orbit size %d, fixed by", intsText(o.Rep), o.Size)
		for _, g := range o.Fixers {
			fmt.Fprintf(r.out, " %v", g)
		}
		r.out.WriteByte('\n')
	}
	if f.format == "svg" {
		return queens.WriteSVG(r.out, r.svg, 0)
	}
	fixed := make(map[string]uint64)
	sum := uint64(0)
	for _, g := range queens.Symmetries {
		fixed[g.String()] = c.Fixed[g]
		sum += c.Fixed[g]
	}
	if f.json {
		b, _ := json.Marshal(struct {
			Solutions uint64            `json:"solutions"`
			Orbits    uint64            `json:"orbits"`
			Burnside  uint64            `json:"burnside"`
			Fixed     map[string]uint64 `json:"fixed"`
		}{c.Solutions, c.Orbits, c.Burnside(), fixed})
		r.out.Write(append(b, '\n'))
	} else {
		fmt.Fprintf(r.out, "%d solutions in %d orbits; Burnside: (", c.Solutions, c.Orbits)
		for i, g := range queens.Symmetries {
			if i > 0 {
				r.out.WriteString(" + ")
			}
			fmt.Fprintf(r.out, "%d", c.Fixed[g])
		}
		fmt.Fprintf(r.out, ")/8 = %d", c.Burnside())
		if sum%8 != 0 || c.Burnside() != c.Orbits {
			r.out.WriteString("  MISMATCH")
		}
		r.out.WriteByte('\n')
	}
	if sum%8 != 0 || c.Burnside() != c.Orbits {
		return fmt.Errorf("internal error: %d orbits found but Burnside's count is %d/8", c.Orbits, sum)
	}
	return nil
}

// listFormat checks the output format and returns the default limit for it.
func (r *queensRun) listFormat() (limit uint64, err error) {
	f := r.f
	limit = f.limit
	changed := r.cmd.Flags().Changed("limit")
	if !changed && (f.random || f.format == "html") {
		limit = 1
	}
	if f.format == "html" && limit != 1 {
		return 0, usageErrorf("--format html draws one board: use --limit 1")
	}
	if f.json && f.format != "text" {
		return 0, usageErrorf("--json and --format %s do not go together", f.format)
	}
	if f.format != "text" && r.n > 1000 {
		return 0, usageErrorf("--format %s draws boards up to N = 1000", f.format)
	}
	return limit, nil
}

func (r *queensRun) runList() error {
	f, n := r.f, r.n
	limit, err := r.listFormat()
	if err != nil {
		return err
	}
	engine := f.engine
	if f.via != "" {
		engine = "xc" // listXC hands the problem to the solver
		if !r.cmd.Flags().Changed("limit") {
			limit = 1
		}
	}
	if engine == "auto" {
		engine = queens.ListEngine(n, f.perLine, f.random)
	}
	if f.random && !r.cmd.Flags().Changed("seed") {
		f.seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(r.cmd.ErrOrStderr(), "xcover: seed %d\n", f.seed)
	}
	switch engine {
	case "bitboard":
		switch {
		case f.perLine > 1:
			return usageErrorf("--engine bitboard lists one queen per line only")
		case f.random:
			return usageErrorf("--engine bitboard lists in order; use --engine xc or construct with --random")
		case n > queens.MaxCountN:
			return usageErrorf("--engine bitboard lists boards up to N = %d", queens.MaxCountN)
		}
		for cols := range queens.All(n) {
			if err := r.emitCols(cols); err != nil {
				return err
			}
			if r.full(limit) {
				break
			}
			if r.sols&1023 == 0 && r.ctx.Err() != nil {
				return r.interrupted()
			}
		}
	case "construct":
		if f.perLine > 1 {
			return usageErrorf("--engine construct places one queen per line only")
		}
		if !f.random && limit != 1 && r.cmd.Flags().Changed("limit") {
			warnf(r.cmd, "the construction gives one solution")
		}
		for i := uint64(0); ; i++ {
			var cols []int
			var err error
			if f.random {
				cols, err = queens.MinConflicts(r.ctx, n, f.seed+i)
			} else {
				cols, err = queens.Construct(n)
			}
			if errors.Is(err, queens.ErrNoSolution) {
				break
			}
			if err != nil {
				return r.interrupted()
			}
			if err := r.emitCols(cols); err != nil {
				return err
			}
			if !f.random || r.full(limit) || (limit == 0 && r.sols > 0) {
				break
			}
		}
	case "xc":
		if n > queens.MaxProblemN {
			return usageErrorf("board side %d too large to encode: at most %d", n, queens.MaxProblemN)
		}
		if err := r.listXC(limit); err != nil {
			return err
		}
	}
	if r.sols == 0 {
		fmt.Fprintf(r.cmd.ErrOrStderr(), "xcover: no solution: %s\n", r.noSolution())
	}
	if f.format == "svg" {
		return queens.WriteSVG(r.out, r.svg, 0)
	}
	return nil
}

// noSolution says why a listing found nothing.
func (r *queensRun) noSolution() string {
	if r.f.perLine > 1 {
		return fmt.Sprintf("%d queens per line do not fit on a %dx%d board", r.f.perLine, r.n, r.n)
	}
	return fmt.Sprintf("N = %d has none (every N from 4 up has some)", r.n)
}

// interrupted ends a listing cut off by a signal, with what was written so far.
func (r *queensRun) interrupted() error {
	if r.f.format == "svg" {
		queens.WriteSVG(r.out, r.svg, 0) // a whole picture of the boards found so far
	}
	r.out.Flush()
	return interruptedf("interrupted after %d solutions", r.sols)
}

// full reports whether limit solutions have been written.
func (r *queensRun) full(limit uint64) bool { return limit > 0 && uint64(r.sols) >= limit }

func (r *queensRun) listXC(limit uint64) error {
	f, n := r.f, r.n
	p, err := queens.Problem(n, f.perLine)
	if err != nil {
		return err
	}
	chk := verify.NewChecker(p)
	emit := func(sol []int) error {
		if v := chk.Check(sol); len(v) > 0 {
			return fmt.Errorf("internal error: the engine's solution fails verification: %v", v[0])
		}
		if f.perLine == 1 {
			cols, err := queens.Columns(n, sol)
			if err != nil {
				return err
			}
			return r.emitCols(cols)
		}
		return r.emitSquares(queens.Decode(n, sol))
	}
	if f.via != "" {
		return solveVia(r.cmd, p, f.via, limit, emit)
	}
	if limit == 1 {
		// One solution: restarts keep the engine out of hopeless subtrees (see FirstXC).
		var sol []int
		var err error
		if f.random {
			sol, _, err = queens.RandomXC(r.ctx, p, f.seed)
		} else {
			sol, err = queens.FirstXC(r.ctx, p)
		}
		if err != nil {
			if r.ctx.Err() != nil {
				return r.interrupted()
			}
			return nil // no solution
		}
		return emit(sol)
	}
	s, err := xcover.NewSolver(p, xcover.Config{Limit: limit, Random: f.random, Seed: f.seed})
	if err != nil {
		return err
	}
	for sol := range s.Solutions(r.ctx) {
		if err := emit(sol); err != nil {
			return err
		}
	}
	if s.Err() != nil {
		return r.interrupted()
	}
	return nil
}

// emitCols checks and writes one solution given as files.
func (r *queensRun) emitCols(cols []int) error {
	if err := queens.Check(cols); err != nil {
		return fmt.Errorf("internal error: not a solution: %w", err)
	}
	r.sols++
	switch {
	case r.f.format == "svg":
		r.svg = append(r.svg, queens.BoardOf(cols))
	case r.f.format == "html":
		return queens.WriteHTML(r.out, queens.BoardOf(cols), 1, fmt.Sprintf("%d queens", r.n))
	case r.f.json:
		b := make([]byte, 0, 8*len(cols)+16)
		b = append(b, `{"queens":[`...)
		for i, c := range cols {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(c), 10)
		}
		r.out.Write(append(b, "]}\n"...))
	case r.n > queensTextBoardMax:
		r.out.WriteString(intsText(cols))
		r.out.WriteByte('\n')
	default:
		if r.sols > 1 {
			r.out.WriteByte('\n')
		}
		return queens.WriteText(r.out, queens.BoardOf(cols))
	}
	return nil
}

// emitSquares checks and writes one solution of the K-per-line problem.
func (r *queensRun) emitSquares(sq []queens.Square) error {
	if err := queens.CheckSquares(r.n, r.f.perLine, sq); err != nil {
		return fmt.Errorf("internal error: not a solution: %w", err)
	}
	r.sols++
	b := queens.Board{N: r.n, Queens: sq}
	switch {
	case r.f.format == "svg":
		r.svg = append(r.svg, b)
	case r.f.format == "html":
		return queens.WriteHTML(r.out, b, r.f.perLine, fmt.Sprintf("%d queens, %d per line", r.n, r.f.perLine))
	case r.f.json:
		pairs := make([][2]int, len(sq))
		for i, s := range sq {
			pairs[i] = [2]int{s.Rank, s.File}
		}
		out, _ := json.Marshal(struct {
			Queens [][2]int `json:"queens"`
		}{pairs})
		r.out.Write(append(out, '\n'))
	default:
		if r.sols > 1 {
			r.out.WriteByte('\n')
		}
		return queens.WriteText(r.out, b)
	}
	return nil
}

// intsText returns the numbers separated by spaces.
func intsText(xs []int) string {
	b := make([]byte, 0, 8*len(xs))
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}

// countShard counts one shard of the bitboard count and prints it as count --shard does,
// for xcover merge.
func (r *queensRun) countShard() error {
	f := r.f
	k, shards, err := parseShard(f.shard, os.LookupEnv)
	if err != nil {
		return err
	}
	cp, cerr := r.countBitboard(k, shards)
	if cerr != nil && (cp == nil || r.ctx.Err() == nil) {
		return cerr // not an interruption: a checkpoint that cannot be used
	}
	res := cp.Result(version())
	if f.distinct {
		res.Distinct = cp.Distinct()
	}
	if f.json {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		r.out.Write(append(b, '\n'))
	} else if f.distinct {
		fmt.Fprintf(r.out, "%v solutions, %v essentially different (shard %d/%d)\n", res.Solutions, res.Distinct, k, shards)
	} else {
		fmt.Fprintf(r.out, "%v\n", res.Solutions)
	}
	if cerr != nil {
		return interruptedf("interrupted: the count %v of shard %d/%d is partial%s", res.Solutions, k, shards, r.resumeHint())
	}
	return nil
}
