package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/reduce"
	"github.com/xcover/xcover/verify"
)

// searchFlags are the flags shared by solve and count.
type searchFlags struct {
	limit    uint64
	random   bool
	seed     uint64
	initial  []int
	workers  workers
	json     bool
	progress bool
	reduce   bool
}

func (f *searchFlags) register(cmd *cobra.Command) {
	fs := cmd.Flags()
	fs.Uint64Var(&f.limit, "limit", 0, "stop after `K` solutions (0: no limit)")
	fs.BoolVar(&f.random, "random", false, "make every branching choice at random")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` (implies --random); the same seed gives the same output")
	fs.IntSliceVar(&f.initial, "initial", nil, "force the options with these 0-based indices `i,j,...` into every solution")
	addWorkersFlag(fs, &f.workers, "number of searching goroutines `N` (0: one per CPU)")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	fs.BoolVar(&f.progress, "progress", false, "show live progress on stderr (default: when stderr is a terminal)")
	fs.BoolVar(&f.reduce, "reduce", false, "remove options that can be in no solution first (see xcover reduce); solutions keep the file's numbering")
}

// search is one search as the flags describe it: the parsed file, the solver, and the
// progress display.
type search struct {
	file     *dlx.File
	solver   *xcover.Solver
	orig     []int           // with --reduce: the file's index of each option searched
	problem  *xcover.Problem // the problem searched: the file's, or reduced
	cfg      xcover.Config   // the solver's configuration
	out      *bufio.Writer   // buffered stdout
	progress *progressLine   // nil if off
	mu       sync.Mutex      // serialises output: solutions, progress lines
}

// newSearch reads the problem named by args (stdin if none or "-") and prepares a solver
// as the flags say. If output is set, s.out buffers stdout; it is flushed before each
// progress line.
func (f *searchFlags) newSearch(cmd *cobra.Command, args []string, output bool) (*search, error) {
	file, err := readProblem(cmd, args)
	if err != nil {
		return nil, err
	}
	p := file.Problem
	if err := checkInitial(file, f.initial); err != nil {
		return nil, err
	}
	initial := f.initial
	var orig []int
	if f.reduce {
		r, err := reduce.Reduce(p)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: --reduce: %d of %d options removed\n", file.Problem.NumOptions()-r.Problem.NumOptions(), file.Problem.NumOptions())
		// The forced options, renumbered. One that was removed is in no solution: then the
		// file's own problem is searched, which finds none.
		var renumbered []int
		for _, k := range f.initial {
			i, found := slices.BinarySearch(r.Original, k)
			if !found {
				warnf(cmd, "--initial: option %d can be in no solution", k)
				renumbered = nil
				break
			}
			renumbered = append(renumbered, i)
		}
		if len(renumbered) == len(f.initial) {
			p, orig, initial = r.Problem, r.Original, renumbered
		}
	}
	cfg := xcover.Config{
		Limit:   f.limit,
		Random:  f.random || cmd.Flags().Changed("seed"),
		Seed:    f.seed,
		Initial: initial,
		Workers: f.workers.n(),
	}
	if cfg.Random && !cmd.Flags().Changed("seed") {
		cfg.Seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: seed %d\n", cfg.Seed)
	}
	s := &search{file: file, orig: orig}
	show := f.progress
	if !cmd.Flags().Changed("progress") {
		show = isTerminal(cmd.ErrOrStderr())
	}
	if show {
		s.progress = &progressLine{w: cmd.ErrOrStderr()}
		cfg.ProgressInterval = 500 * time.Millisecond
		cfg.Progress = func(pr xcover.Progress) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.out != nil && s.out.Buffered() > 0 {
				s.progress.clear()
				s.out.Flush()
			}
			s.progress.show(pr)
		}
	}
	if output {
		w := cmd.OutOrStdout()
		if show && isTerminal(w) {
			// Solutions and progress share the screen: erase the progress line
			// before writing solutions over it.
			w = &clearingWriter{w, s.progress}
		}
		s.out = bufio.NewWriterSize(w, 64<<10)
	}
	s.cfg = cfg
	s.problem = p
	s.solver, err = xcover.NewSolver(p, cfg)
	if err != nil {
		return nil, usageErrorf("%v", err)
	}
	return s, nil
}

// countOptions returns the options of a count as the flags describe it.
func (s *search) countOptions() xcover.CountOptions {
	return xcover.CountOptions{Initial: s.cfg.Initial, Workers: s.cfg.Workers, Limit: s.cfg.Limit,
		Progress: s.cfg.Progress, ProgressInterval: s.cfg.ProgressInterval}
}

// readProblem parses the DLX file named by args, or stdin, and prints its warnings.
func readProblem(cmd *cobra.Command, args []string) (*dlx.File, error) {
	var (
		file *dlx.File
		err  error
	)
	if len(args) == 0 || args[0] == "-" {
		file, err = dlx.Parse(cmd.InOrStdin(), "<stdin>")
	} else {
		file, err = dlx.ParseFile(args[0])
	}
	if err != nil {
		return nil, err
	}
	for _, w := range file.Warnings {
		warnf(cmd, "%v", w)
	}
	return file, nil
}

// solveFlags are the flags of the solve command.
type solveFlags struct {
	search  searchFlags
	minCost bool
	best    int
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve [FILE|-]",
		Short: "Print the solutions of an exact cover problem",
		Long: `Solve reads an exact cover problem in DLX format from FILE, or from standard input
if FILE is "-" or missing, and prints every solution: its options, one a line, as
the file spells them, in the order of the file, then a blank line. With --json it
prints one line per solution instead: {"options":[i,j,...]}, the 0-based indices
of its options in ascending order.

With --min-cost it finds a cheapest solution, the options' costs being the |n entries
of their lines (as in Knuth's DLX5; several add up; none is 0), by branch and bound; each
solution better than those before is printed as it is found, preceded by a line
"| cost N" (a comment in the file format; --json adds "cost" instead), so that a long
search gives useful answers early: the last printed is the optimum, said on stderr.
--best K keeps the K cheapest: every solution entering them is printed as found, and
their costs are summed up on stderr at the end.

With several workers (--workers, default every core) the solutions come in no fixed
order, but the set is always the same. With --limit K the search runs on one worker,
so the K solutions listed are always the first K in the engine's order: the same on
every run and every machine.

On ^C or SIGTERM it stops, keeps what it wrote, says on stderr that the listing is
incomplete, and exits with status 130.`,
		Example: `  xcover solve examples/format-example.dlx
  xcover solve --limit 1 examples/queens8.dlx
  xcover solve --random --seed 42 --limit 3 examples/queens8.dlx
  xcover solve --json examples/queens8.dlx > sols.json
  xcover solve --initial 0 examples/format-example.dlx
  cat examples/queens8.dlx | xcover solve -
  xcover solve --min-cost --best 3 examples/costs.dlx`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error { return runSolve(cmd, &f, args) },
	}
	f.search.register(cmd)
	cmd.Flags().Lookup("json").Usage = `print one line {"options":[i,j,...]} per solution`
	cmd.Flags().BoolVar(&f.minCost, "min-cost", false, "find a cheapest solution (options cost |n in the file), printing each better one as it is found")
	cmd.Flags().IntVar(&f.best, "best", 1, "with --min-cost: the `K` cheapest solutions")
	return cmd
}

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

// A clearingWriter erases the progress line before each write.
type clearingWriter struct {
	w io.Writer
	l *progressLine
}

func (c *clearingWriter) Write(b []byte) (int, error) {
	c.l.clear()
	return c.w.Write(b)
}

// original turns a solution of the problem searched into the file's numbering.
func (s *search) original(sol []int) []int {
	if s.orig == nil {
		return sol
	}
	for i, k := range sol {
		sol[i] = s.orig[k]
	}
	return sol // orig is increasing: still ascending
}

// checkInitial refuses --initial options that the file does not have.
func checkInitial(file *dlx.File, initial []int) error {
	for _, k := range initial {
		if k < 0 || k >= file.Problem.NumOptions() {
			return usageErrorf("--initial: no option %d in %s (options are numbered 0 to %d)", k, file.Name, file.Problem.NumOptions()-1)
		}
	}
	return nil
}

// solveMinCost runs solve --min-cost: each solution entering the k best is printed as it is
// found, the summary on stderr.
func solveMinCost(cmd *cobra.Command, f *searchFlags, s *search, k int) error {
	switch {
	case k < 1:
		return usageErrorf("--best must be at least 1, not %d", k)
	case f.limit > 0 || s.cfg.Random:
		return usageErrorf("--min-cost searches for the cheapest: not with --limit, --random or --seed")
	case !s.problem.HasCosts():
		warnf(cmd, "%s gives no option a cost (|n): every solution costs 0", s.file.Name)
	}
	var werr error
	var line []byte
	opt := xcover.MinCostOptions{Initial: s.cfg.Initial, Best: k, Improved: func(cs xcover.CostSolution) {
		sol := s.original(cs.Options)
		if f.json {
			line = dlx.AppendJSONSolution(line[:0], sol)
			line = append(line[:len(line)-2], fmt.Sprintf(`,"cost":%d}`+"\n", cs.Cost)...)
		} else {
			line = fmt.Appendf(line[:0], "| cost %d\n", cs.Cost)
			line = s.file.AppendSolution(line, sol, false)
		}
		s.mu.Lock()
		if werr == nil {
			if _, werr = s.out.Write(line); werr == nil {
				werr = s.out.Flush() // a long search: show it now
			}
		}
		s.mu.Unlock()
	}}
	res, err := xcover.MinCost(cmd.Context(), s.problem, opt)
	found := res.Solutions
	if werr != nil {
		return fmt.Errorf("writing solutions: %w", werr)
	}
	if err := s.out.Flush(); err != nil {
		return fmt.Errorf("writing solutions: %w", err)
	}
	costs := make([]string, len(found))
	for i, cs := range found {
		costs[i] = strconv.FormatInt(cs.Cost, 10)
	}
	if err != nil {
		if cmd.Context().Err() != nil {
			return interruptedf("interrupted: the best found so far cost %s; not proved optimal", strings.Join(costs, ", "))
		}
		return err
	}
	switch {
	case len(found) == 0:
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: no solution\n")
	case k == 1:
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: optimum: cost %d (%d nodes)\n", found[0].Cost, res.Stats.Nodes)
	default:
		fmt.Fprintf(cmd.ErrOrStderr(), "xcover: the %d cheapest solutions cost %s (%d nodes)\n", len(found), strings.Join(costs, ", "), res.Stats.Nodes)
	}
	return nil
}

func runSolve(cmd *cobra.Command, f *solveFlags, args []string) error {
	if cmd.Flags().Changed("best") && !f.minCost {
		return usageErrorf("--best needs --min-cost")
	}
	s, err := f.search.newSearch(cmd, args, true)
	if err != nil {
		return err
	}
	if f.minCost {
		return solveMinCost(cmd, &f.search, s, f.best)
	}
	var line []byte
	var werr error
	written := 0
	chk := verify.NewChecker(s.file.Problem) // every solution is checked before it is printed
	for sol := range s.solver.Solutions(cmd.Context()) {
		sol = s.original(sol)
		if v := chk.Check(sol); len(v) > 0 {
			s.out.Flush()
			return fmt.Errorf("internal error: the engine gave a non-solution: %v", v[0])
		}
		line = s.file.AppendSolution(line[:0], sol, f.search.json)
		s.mu.Lock()
		_, werr = s.out.Write(line)
		s.mu.Unlock()
		if werr != nil {
			break
		}
		written++
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if werr == nil {
		werr = s.out.Flush()
	}
	if werr != nil {
		return fmt.Errorf("writing solutions: %w", werr)
	}
	if err := s.solver.Err(); err != nil {
		return interruptedf("interrupted after %d solutions: the list is incomplete", written)
	}
	return nil
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
