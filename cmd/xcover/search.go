package main

import (
	"bufio"
	"io"
	"os"
	"runtime/debug"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/formats"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/textio"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/reduce"
	"github.com/xcover/xcover/verify"
)

// searchFlags are the flags shared by solve and count.
type searchFlags struct {
	limit    uint64
	random   bool
	seed     uint64
	initial  []int
	workers  int
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
	fs.IntVar(&f.workers, "workers", 0, "number of searching goroutines `N` (0: one per CPU)")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	fs.BoolVar(&f.progress, "progress", false, "show live progress on stderr (default: when stderr is a terminal)")
	fs.BoolVar(&f.reduce, "reduce", false, "remove options that can be in no solution first (see xcover reduce); solutions keep the file's numbering")
}

// search is one search as the flags describe it: the parsed file, the problem and the
// configuration to search it with, and the progress display.
type search struct {
	file    *dlx.File
	reduced *reduce.Result // with --reduce: the reduction, else nil
	// pz is the problem searched, the file's or reduced, posed for the puzzle door that
	// counts and lists every puzzle (puzzle.Count, puzzle.Each); its solutions are written
	// in the file's numbering (original) by the file's writer.
	pz    puzzle.Puzzle
	cfg   xcover.Config // the solver's configuration
	out   *bufio.Writer // buffered stdout
	clear func()        // clears the progress line, if shown
	mu    sync.Mutex    // serialises output: solutions, progress lines
}

// newSearch reads the problem named by args (stdin if none or "-") and prepares its search
// as the flags say. If output is set, s.out buffers stdout; it is flushed before each
// progress line.
func (f *searchFlags) newSearch(cmd *cobra.Command, args []string, output bool) (*search, error) {
	// A count prints no option: the file may be mapped into memory, not read into a copy,
	// and its reader keeps no option text (textio.Mappable).
	file, err := readProblem(cmd, args, f.initial, !output)
	if err != nil {
		return nil, err
	}
	if !output {
		// A count prints no option: without the options' texts, the input they are pieces
		// of is garbage, and a big problem gives the memory of its reading back before the
		// search lays its arrays out. On issue 42's 87 MB file the peak went from 413 MB to
		// 300. (Where the texts stay, the collection made the peak higher: 305 MB, not 265-
		// 290, for the first solution of the 19 MB pairs file.)
		file.OptionText, file.OptionLine = nil, nil
		if file.Problem.NumEntries() >= bigEntries {
			debug.FreeOSMemory()
		}
	}
	p := file.Problem
	initial := f.initial
	if v := verify.Partial(p, initial); v != nil {
		// The search would find nothing (it printed nothing, exit 0, and no word why), or
		// an option given twice is forced once.
		warnf(cmd, "--initial: %s", present.Unfit(v[0]))
	}
	var red *reduce.Result
	if f.reduce {
		r, err := reduce.Reduce(p)
		if err != nil {
			return nil, err
		}
		notef(cmd, "--reduce: %d of %d options removed", file.Problem.NumOptions()-r.Problem.NumOptions(), file.Problem.NumOptions())
		// The forced options, renumbered. One that was removed is in no solution: then the
		// file's own problem is searched, which finds none.
		if renumbered, k, ok := r.Renumber(f.initial); ok {
			p, red, initial = r.Problem, r, renumbered
		} else {
			warnf(cmd, "--initial: option %d can be in no solution", k)
		}
	}
	randomSeed(cmd, f.random, &f.seed)
	show, clear := liveProgress(cmd, f.progress)
	s := &search{file: file, reduced: red, clear: clear, pz: puzzle.DLX(&dlx.File{Problem: p}, file.Name),
		cfg: xcover.Config{Limit: f.limit, Random: f.random, Seed: f.seed, Initial: initial, Workers: f.workers}}
	if show != nil {
		s.cfg.ProgressInterval = 500 * time.Millisecond
		s.cfg.Progress = func(pr xcover.Progress) {
			s.mu.Lock()
			defer s.mu.Unlock()
			if s.out != nil && s.out.Buffered() > 0 {
				clear()
				s.out.Flush()
			}
			show(pr)
		}
	}
	if output {
		w := cmd.OutOrStdout()
		if show != nil && isTerminal(w) {
			// Solutions and progress share the screen: erase the progress line
			// before writing solutions over it.
			w = &clearingWriter{w, clear}
		}
		s.out = bufio.NewWriterSize(w, 64<<10)
	}
	return s, nil
}

// bigEntries is the size of a problem, in entries, from which newSearch returns the memory
// its reading used to the operating system (a collection and a scan of the heap: a few
// milliseconds below this size, not worth it).
const bigEntries = 1 << 20

// readProblem parses the problem file named by args, or stdin, in the format that
// --input-format or its name says, and prints its warnings; it refuses --initial options
// (initial) that the file does not have. With mapped set, its caller keeps no option text
// (the File's OptionText and OptionLine may be nil), and a problem file may be mapped into
// memory instead of read (textio.Mappable): on issue 42's 87 MB big87, reading it into a
// buffer took 0.09-0.16 s of a core, mapping it 2-7 ms.
func readProblem(cmd *cobra.Command, args []string, initial []int, mapped bool) (*dlx.File, error) {
	name := "-"
	if len(args) > 0 {
		name = args[0]
	}
	format, err := formats.Choose(cmd.Flag("input-format").Value.String(), name)
	if err != nil {
		return nil, usageErrorf("--input-format: %v", err)
	}
	if name == "-" && format == formats.DLX && isTerminal(cmd.InOrStdin()) {
		// Without a file on a terminal the command waited silently.
		notef(cmd, "reading the problem from standard input (end it with ^D; give a FILE to read one)")
	}
	// What reading a DLX file allocates it keeps (the text, the names, the entries): on
	// big87 a collection in the middle found nothing to free in 170 MB, for 0.2 s of CPU.
	// (Where the collector is off already, it is left so.)
	if old := debug.SetGCPercent(-1); old >= 0 && format == formats.DLX {
		defer debug.SetGCPercent(old)
	} else {
		debug.SetGCPercent(old)
	}
	file, err := readInput(cmd, name, func(r io.Reader, name string) (*dlx.File, error) {
		if f, ok := r.(*os.File); ok && mapped && format == formats.DLX {
			r = textio.Mappable{File: f}
		}
		return formats.Read(r, name, format)
	})
	if err != nil {
		return nil, err
	}
	for _, w := range file.Warnings {
		warnf(cmd, "%v", w)
	}
	if err := file.CheckOptions(initial); err != nil {
		return nil, usageErrorf("--initial: %v", err)
	}
	return file, nil
}

// A clearingWriter erases the progress line before each write.
type clearingWriter struct {
	w     io.Writer
	clear func()
}

func (c *clearingWriter) Write(b []byte) (int, error) {
	c.clear()
	return c.w.Write(b)
}

// original turns a solution of the problem searched into the file's numbering.
func (s *search) original(sol []int) []int {
	if s.reduced == nil {
		return sol
	}
	return s.reduced.Map(sol)
}
