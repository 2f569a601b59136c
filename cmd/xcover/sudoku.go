package main

import (
	"bufio"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/sudokutext"
	"github.com/xcover/xcover/interop"
	"github.com/xcover/xcover/sudoku"
)

// sudokuFlags are the flags of the sudoku command.
type sudokuFlags struct {
	box, jigsaw, alphabet, emit, format string
	via                                 string
	grid, x, windoku, count, first      bool
	json, progress                      bool
	limit                               uint64
	workers                             int
	generate                            int    // puzzles to make instead of solving
	symmetry                            string // of the givens of generated puzzles
	seed                                uint64
}

func newSudokuCmd() *cobra.Command {
	var f sudokuFlags
	cmd := &cobra.Command{
		Use:   "sudoku [FILE|-]",
		Short: "Solve, count and draw Sudoku puzzles of any size, in bulk",
		Args:  cobra.MaximumNArgs(1),
		RunE:  func(cmd *cobra.Command, args []string) error { return runSudoku(cmd, &f, args) },
	}
	fs := cmd.Flags()
	fs.StringVar(&f.box, "box", "", "box shape `RxC`: side N = R*C (2x2, 2x3, 3x3, 4x4, 5x5, ...); without it, taken from the first puzzle (3x3 for 81 cells)")
	fs.BoolVar(&f.grid, "grid", false, "read each puzzle as a grid over N lines")
	fs.StringVar(&f.alphabet, "alphabet", "auto", "symbols `SET`: auto, 1 (1-9A-Z), 0 (0-9A-Z) or numbers (decimal, separated by spaces; auto's choice beyond 36 values)")
	fs.BoolVar(&f.x, "x", false, "X-Sudoku: the two main diagonals are units too")
	fs.BoolVar(&f.windoku, "windoku", false, "windoku: the extra windows are units too")
	fs.StringVar(&f.jigsaw, "jigsaw", "", "jigsaw regions from a picture `FILE` of region letters")
	fs.BoolVar(&f.count, "count", false, "print the number of solutions of each puzzle")
	fs.Uint64Var(&f.limit, "limit", 0, "with --count, stop counting at `K` solutions (0: all; 2: uniqueness)")
	fs.BoolVar(&f.first, "first", false, "stop at the first solution: no uniqueness check")
	fs.BoolVar(&f.json, "json", false, "one JSON object a line")
	fs.StringVar(&f.format, "format", "line", "output `FORMAT`: line, text or svg")
	fs.StringVar(&f.emit, "emit", "", "write each puzzle as a problem in `FORMAT` instead: dlx")
	fs.IntVar(&f.workers, "workers", 0, "number of goroutines `N` (0: one per CPU)")
	fs.BoolVar(&f.progress, "progress", false, "report puzzles solved every second, and a summary at the end, on stderr (the summary alone by default on a terminal)")
	fs.IntVar(&f.generate, "generate", 0, "make `N` minimal puzzles instead of solving")
	fs.StringVar(&f.symmetry, "symmetry", "none", "with --generate, the `SYMMETRY` of the givens: none, 180, 90 or mirror")
	fs.Uint64Var(&f.seed, "seed", 0, "with --generate, random seed `S` (default: from the clock, printed)")
	addViaFlag(cmd, &f.via, "one run per solution: two per puzzle to check uniqueness unless --first")
	return cmd
}

// sudokuBoard builds the board the flags describe; side, if not 0, is the side the input
// implies, whose default box shape is taken when --box is not given (as the web page does).
func sudokuBoard(cmd *cobra.Command, f *sudokuFlags, side int) (*sudoku.Board, error) {
	spec := sudoku.Variant{X: f.x, Windoku: f.windoku}
	var err error
	switch {
	case f.jigsaw != "" && cmd.Flags().Changed("box"):
		return nil, usageErrorf("--box and --jigsaw exclude each other: the picture gives the size")
	case f.jigsaw != "":
		text, err := readPicture(cmd, f.jigsaw)
		if err != nil {
			return nil, err
		}
		if spec.Regions, err = sudoku.ParseRegions(strings.NewReader(text)); err != nil {
			return nil, fmt.Errorf("%s: %w", f.jigsaw, err)
		}
	case cmd.Flags().Changed("box"):
		if spec.BoxRows, spec.BoxCols, err = parseSudokuBox(f.box); err != nil {
			return nil, usageErrorf("--box: %v", strings.TrimPrefix(err.Error(), "sudoku: "))
		}
	}
	b, err := sudoku.NewBoardFor(spec, side)
	if err != nil {
		if f.jigsaw != "" { // the picture is wrong: bad input, as for its other faults
			return nil, fmt.Errorf("%s: %w", f.jigsaw, err)
		}
		return nil, usageErrorf("--box: %v", strings.TrimPrefix(err.Error(), "sudoku: "))
	}
	return b, nil
}

// parseSudokuBox reads a box shape "RxC" (such as "3x3" or "2x3"): R rows and C columns.
func parseSudokuBox(s string) (rows, cols int, err error) {
	r, c, ok := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || rows < 1 || cols < 1 {
		return 0, 0, fmt.Errorf("sudoku: box %q: want RxC, e.g. 3x3 or 2x3", s)
	}
	return rows, cols, nil
}

func runSudoku(cmd *cobra.Command, f *sudokuFlags, args []string) error {
	if cmd.Flags().Changed("generate") || cmd.Flags().Changed("symmetry") || cmd.Flags().Changed("seed") {
		return runSudokuGenerate(cmd, f, args)
	}
	switch {
	case f.format != "line" && f.format != "text" && f.format != "svg":
		return usageErrorf("--format %q: want line, text or svg", f.format)
	case f.limit > 0 && !f.count:
		return usageErrorf("--limit needs --count")
	case f.json && f.format != "line":
		return usageErrorf("--json and --format %s exclude each other", f.format)
	}
	alpha, err := sudoku.ParseAlphabet(f.alphabet)
	if err != nil {
		return usageErrorf("--alphabet %q: want auto, 1, 0 or numbers", f.alphabet)
	}
	name := "-"
	if len(args) == 1 {
		name = args[0]
	}
	in, name, closeInput, err := openInput(cmd, name)
	if err != nil {
		return err
	}
	defer closeInput()
	br := bufio.NewReaderSize(in, 1<<20)
	b, err := sudokuBoard(cmd, f, sudokutext.PeekSide(br, f.grid))
	if err != nil {
		return err
	}
	rd := sudoku.NewReader(br, b.N(), sudoku.ReadOptions{Grid: f.grid, Alphabet: alpha, Name: name})
	bad := &present.SudokuMalformed{W: cmd.ErrOrStderr(), Name: name}
	if f.emit != "" { // dlx (see settleFlags); the writers buffer their output, here and below
		n, err := present.WriteSudokuDLX(cmd.OutOrStdout(), b, rd, bad.Report)
		if err == nil && n > 0 {
			err = fmt.Errorf("%d malformed puzzle(s)", n)
		}
		return err
	}

	start := time.Now()
	solve := sudoku.SolveOptions{Limit: 2, Workers: f.workers} // 2: the solution's uniqueness is checked
	switch {
	case f.count:
		solve.Limit = f.limit
	case f.first:
		solve.Limit = 1
	}
	if f.via != "" {
		solve.SolveAll = interop.Via(f.via)
	}
	summary := func(st present.SudokuTally) {
		notef(cmd, "sudoku: %s", st.Summary(time.Since(start)))
	}
	opt := present.SudokuWriteOptions{Malformed: bad.Report, ReadErr: rd.Err}
	if f.progress {
		opt.Progress = summary
	}
	rw, err := present.NewSudokuWriter(cmd.OutOrStdout(), b, jsonFormat(f.format, f.json), f.count)
	if err != nil {
		return err
	}
	st, err := rw.WriteAll(cmd.Context(), b.SolveAll(cmd.Context(), rd, solve), opt)
	// The summary, with its rate, only where someone reads it: on a terminal, with
	// --progress, or when something went wrong (every run printed it).
	if f.progress || isTerminal(cmd.ErrOrStderr()) || err != nil || st.Malformed > 0 {
		summary(st)
	}
	switch cut, ok := errors.AsType[*present.SudokuInterrupted](err); {
	case ok:
		return interruptedf("%s", strings.TrimPrefix(cut.Error(), "sudoku: "))
	case err != nil || st.Malformed == 0:
		return err
	case !f.grid:
		bad.Hint(st.Malformed, st.Puzzles)
	}
	return fmt.Errorf("%d malformed puzzle(s)", st.Malformed) // bad input, exit 1
}

// runSudokuGenerate writes f.generate new puzzles, in chunks (each its own seed, so that
// the first puzzles of a run do not depend on how many are asked).
func runSudokuGenerate(cmd *cobra.Command, f *sudokuFlags, args []string) error {
	switch {
	case f.generate < 1:
		return usageErrorf("--generate N: N must be at least 1 (--symmetry and --seed need it)")
	case len(args) > 0:
		return usageErrorf("--generate reads no FILE")
	case f.count || f.first || f.emit != "" || f.via != "" || f.format != "line" || f.grid:
		return usageErrorf("--generate writes puzzles a line: no --count, --first, --emit, --via, --format or --grid")
	}
	b, err := sudokuBoard(cmd, f, 0)
	if err != nil {
		return err
	}
	if _, err := b.Generate(cmd.Context(), 0, sudoku.GenerateOptions{Symmetry: f.symmetry}); err != nil {
		return usageErrorf("--symmetry: %v", strings.TrimPrefix(err.Error(), "sudoku: "))
	}
	randomSeed(cmd, true, &f.seed)
	start := time.Now()
	w := bufio.NewWriterSize(cmd.OutOrStdout(), 64<<10)
	const chunk = 64
	made, givens, uniform := 0, 0, false
	for i := 0; made < f.generate; i++ {
		opt := sudoku.GenerateOptions{Seed: f.seed + uint64(i)*0x9e3779b97f4a7c15, Symmetry: f.symmetry}
		gs, err := b.Generate(cmd.Context(), min(chunk, f.generate-made), opt)
		if err != nil {
			w.Flush() // the puzzles made so far
			return stopped(cmd, err, "interrupted after %d puzzles", made)
		}
		for _, g := range gs {
			made++
			givens += g.Puzzle.Givens()
			uniform = g.Uniform
			present.WriteSudokuGenerated(w, g, f.json)
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	notef(cmd, "%s", present.SudokuGenerateSummary(made, givens, uniform, time.Since(start)))
	return nil
}
