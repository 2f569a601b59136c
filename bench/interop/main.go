// Command interop times xcover's engine against external solvers (z3, CaDiCaL) on xcover's own
// exports of N-queens, a few tilings and a few Sudokus, and writes a Markdown table and an SVG
// plot.
//
// Usage, from the module root:
//
//	go run ./bench/interop [-timeout 60s] [-n 16,32,64,128,256,320,512] [-out bench/interop]
//
// It builds cmd/xcover into a temporary directory and runs everything as separate processes,
// timing wall clock: the engine as "xcover queens N --engine xc --random --seed 1" (restarts
// with growing node budgets) and "xcover solve --limit 1" (deterministic, first solution), the
// external solvers on the files "xcover export" writes. Export time is not included in a
// solver's time; it is shown in its own column. Every answer is checked: the engine checks its
// own, and each solver's model goes through "xcover import", which verifies it. A solver that
// times out at one N is not run at larger N. The solvers must be installed (Debian packages
// z3 and cadical); a missing one is reported and left out.
package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/sudoku"
)

// A method is one way of finding a solution of a problem file.
type method struct {
	name   string
	binary string // external program that must be installed; "" for xcover alone
	export string // format given to xcover export; "" for none
	smt    string // --smt-encoding
	queens bool   // queens only: the command takes N, not a file
}

var methods = []method{
	{name: "xcover xc --random", queens: true},
	{name: "xcover solve --limit 1"},
	{name: "z3 (smt2, pb)", binary: "z3", export: "smt2", smt: "pb"},
	{name: "z3 (smt2, int)", binary: "z3", export: "smt2", smt: "int"},
	{name: "cadical (dimacs)", binary: "cadical", export: "dimacs"},
}

// A result is the time of one method on one problem.
type result struct {
	secs    float64
	timeout bool
	skipped bool   // an earlier, smaller instance timed out
	err     string // failed
}

func (r result) String() string {
	switch {
	case r.skipped:
		return "—"
	case r.timeout:
		return fmt.Sprintf("> %.0f s", r.secs)
	case r.err != "":
		return "error"
	}
	return fmtSecs(r.secs)
}

func fmtSecs(s float64) string {
	switch {
	case s < 0.1:
		return fmt.Sprintf("%.3f s", s)
	case s < 10:
		return fmt.Sprintf("%.2f s", s)
	}
	return fmt.Sprintf("%.1f s", s)
}

type bench struct {
	xcover  string
	dir     string
	timeout time.Duration
}

func main() {
	timeout := flag.Duration("timeout", 60*time.Second, "time limit of each run")
	nlist := flag.String("n", "16,32,64,128,256,320,512", "board sides N for the queens")
	outDir := flag.String("out", "bench/interop", "directory for results.md and queens.svg")
	puzzles := flag.Bool("puzzles", true, "also time the tilings and Sudokus")
	flag.Parse()
	var ns []int
	for _, s := range strings.Split(*nlist, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 4 {
			fatalf("bad -n entry %q", s)
		}
		ns = append(ns, n)
	}
	dir, err := os.MkdirTemp("", "xcover-interop-bench-")
	if err != nil {
		fatalf("%v", err)
	}
	defer os.RemoveAll(dir)
	b := &bench{xcover: filepath.Join(dir, "xcover"), dir: dir, timeout: *timeout}
	if out, err := exec.Command("go", "build", "-o", b.xcover, "./cmd/xcover").CombinedOutput(); err != nil {
		fatalf("building xcover (run from the module root): %v\n%s", err, out)
	}
	var ms []method
	for _, m := range methods {
		if m.binary != "" {
			if _, err := exec.LookPath(m.binary); err != nil {
				fmt.Fprintf(os.Stderr, "leaving out %s: %s is not installed (Debian package %s)\n", m.name, m.binary, m.binary)
				continue
			}
		}
		ms = append(ms, m)
	}

	var md bytes.Buffer
	fmt.Fprintf(&md, "Wall time to find one solution, each run limited to %v (%d CPUs, %s/%s). ", *timeout, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH)
	fmt.Fprintf(&md, "Solver times exclude the export; every answer was verified. \"—\": not run after a timeout at a smaller N.\n\n")
	fmt.Fprintf(&md, "%s\n\n", versions(ms))

	// Queens.
	qres := make([][]result, len(ms)) // by method, by N
	exportSecs := map[string][]float64{}
	sizes := make([]string, len(ns))
	for i := range ms {
		qres[i] = make([]result, len(ns))
	}
	for j, n := range ns {
		dlx := filepath.Join(dir, fmt.Sprintf("queens%d.dlx", n))
		if err := b.shell(dlx, b.xcover, "queens", strconv.Itoa(n), "--emit", "dlx"); err != nil {
			fatalf("queens %d: %v", n, err)
		}
		files, secs, size := b.exports(dlx, ms)
		for k, v := range secs {
			exportSecs[k] = append(exportSecs[k], v)
		}
		sizes[j] = size
		for i, m := range ms {
			if j > 0 && (qres[i][j-1].timeout || qres[i][j-1].skipped) {
				qres[i][j] = result{skipped: true}
				continue
			}
			qres[i][j] = b.run(m, dlx, files, n)
			fmt.Fprintf(os.Stderr, "queens %d, %s: %v %s\n", n, m.name, qres[i][j], qres[i][j].err)
		}
	}
	fmt.Fprintf(&md, "### N-queens, one solution\n\n| N | options | %s | export dimacs / smt2 | CNF size |\n|---|---|", names(ms))
	for range ms {
		md.WriteString("---|")
	}
	md.WriteString("---|---|\n")
	for j, n := range ns {
		fmt.Fprintf(&md, "| %d | %d |", n, n*n)
		for i := range ms {
			fmt.Fprintf(&md, " %v |", qres[i][j])
		}
		fmt.Fprintf(&md, " %s / %s | %s |\n", fmtSecs(exportSecs["dimacs"][j]), fmtSecs(exportSecs["smt2/pb"][j]), sizes[j])
	}
	svg := plot(ns, ms, qres, *timeout)
	if err := os.WriteFile(filepath.Join(*outDir, "queens.svg"), svg, 0o644); err != nil {
		fatalf("%v", err)
	}

	if *puzzles {
		md.WriteString("\n### Tilings and Sudokus, one solution (and the engine's time to count all)\n\n")
		fmt.Fprintf(&md, "| problem | options | solutions | xcover count | %s |\n|---|---|---|---|", names(ms[1:]))
		for range ms[1:] {
			md.WriteString("---|")
		}
		md.WriteString("\n")
		for _, pz := range b.puzzles() {
			files, _, _ := b.exports(pz.dlx, ms)
			cnt := b.count(pz.dlx)
			fmt.Fprintf(&md, "| %s | %d | %s | %v |", pz.name, pz.options, cnt.n, cnt.res)
			for _, m := range ms[1:] {
				if m.smt == "int" {
					md.WriteString(" not run |") // far slower than pb on every problem
					continue
				}
				r := b.run(m, pz.dlx, files, 0)
				fmt.Fprintf(os.Stderr, "%s, %s: %v %s\n", pz.name, m.name, r, r.err)
				fmt.Fprintf(&md, " %v |", r)
			}
			md.WriteString("\n")
		}
	}
	if err := os.WriteFile(filepath.Join(*outDir, "results.md"), md.Bytes(), 0o644); err != nil {
		fatalf("%v", err)
	}
	os.Stdout.Write(md.Bytes())
}

func names(ms []method) string {
	var s []string
	for _, m := range ms {
		s = append(s, m.name)
	}
	return strings.Join(s, " | ")
}

// versions describes the external solvers.
func versions(ms []method) string {
	seen := map[string]bool{}
	var parts []string
	for _, m := range ms {
		if m.binary == "" || seen[m.binary] {
			continue
		}
		seen[m.binary] = true
		out, _ := exec.Command(m.binary, "--version").CombinedOutput()
		v, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
		parts = append(parts, fmt.Sprintf("%s: %s", m.binary, v))
	}
	return "Solvers: " + strings.Join(parts, "; ") + "."
}

// shell runs a command with stdout to a file.
func (b *bench) shell(stdout string, name string, args ...string) error {
	f, err := os.Create(stdout)
	if err != nil {
		return err
	}
	defer f.Close()
	cmd := exec.Command(name, args...)
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %v: %v: %s", name, args, err, stderr.String())
	}
	return nil
}

// exports writes the files the methods need; it returns them by "format/encoding", the time
// of each export, and the size of the CNF.
func (b *bench) exports(dlx string, ms []method) (map[string]string, map[string]float64, string) {
	files := map[string]string{}
	secs := map[string]float64{}
	size := ""
	for _, m := range ms {
		if m.export == "" {
			continue
		}
		key := m.export
		ext := ".cnf"
		if m.export == "smt2" {
			key += "/" + m.smt
			ext = "." + m.smt + ".smt2"
		}
		if _, ok := files[key]; ok {
			continue
		}
		out := strings.TrimSuffix(dlx, ".dlx") + ext
		t0 := time.Now()
		args := []string{"export", "--to", m.export, "-o", out, dlx}
		if m.smt != "" {
			args = append(args, "--smt-encoding", m.smt)
		}
		if o, err := exec.Command(b.xcover, args...).CombinedOutput(); err != nil {
			fatalf("export %v: %v\n%s", args, err, o)
		}
		secs[key] = time.Since(t0).Seconds()
		files[key] = out
		if m.export == "dimacs" {
			size = cnfSize(out)
		}
	}
	if _, ok := secs["smt2/pb"]; !ok {
		secs["smt2/pb"] = math.NaN()
	}
	if _, ok := secs["dimacs"]; !ok {
		secs["dimacs"] = math.NaN()
	}
	return files, secs, size
}

// cnfSize reads the "p cnf V C" line of a CNF file.
func cnfSize(name string) string {
	f, err := os.Open(name)
	if err != nil {
		return "?"
	}
	defer f.Close()
	sc := bufio.NewScanner(f) // the header follows one comment line per option
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "p cnf "); ok {
			var v, c int
			fmt.Sscanf(rest, "%d %d", &v, &c)
			return fmt.Sprintf("%d vars, %d clauses", v, c)
		}
	}
	return "?"
}

// run times one method on one problem file (or queens N).
func (b *bench) run(m method, dlx string, files map[string]string, n int) result {
	ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
	defer cancel()
	out := filepath.Join(b.dir, "answer.txt")
	var cmd *exec.Cmd
	switch {
	case m.queens:
		cmd = exec.CommandContext(ctx, b.xcover, "queens", strconv.Itoa(n), "--engine", "xc", "--random", "--seed", "1", "--json")
	case m.export == "":
		cmd = exec.CommandContext(ctx, b.xcover, "solve", "--limit", "1", "--json", "--workers", "1", dlx)
	case m.binary == "z3":
		cmd = exec.CommandContext(ctx, "z3", files["smt2/"+m.smt])
	case m.binary == "cadical":
		cmd = exec.CommandContext(ctx, "cadical", "-q", files["dimacs"])
	}
	f, err := os.Create(out)
	if err != nil {
		return result{err: err.Error()}
	}
	cmd.Stdout = f
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cmd.WaitDelay = time.Second
	t0 := time.Now()
	runErr := cmd.Run()
	secs := time.Since(t0).Seconds()
	f.Close()
	if ctx.Err() != nil {
		return result{secs: b.timeout.Seconds(), timeout: true}
	}
	// z3 exits 1 after unsat + (get-model); cadical exits 10 (sat) or 20 (unsat).
	var ee *exec.ExitError
	if runErr != nil && !(errors.As(runErr, &ee) && m.binary != "") {
		return result{err: fmt.Sprintf("%v: %s", runErr, stderr.String())}
	}
	if m.export != "" {
		format := m.export
		o, err := exec.Command(b.xcover, "import", "--from", format, "--json", dlx, out).CombinedOutput()
		if err != nil || !bytes.HasPrefix(o, []byte(`{"options":[`)) {
			return result{err: fmt.Sprintf("import: %v: %s", err, o)}
		}
	} else if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		return result{err: "no solution printed"}
	}
	return result{secs: secs}
}

// A countResult is the engine's count of all solutions.
type countResult struct {
	n   string
	res result
}

func (b *bench) count(dlx string) countResult {
	ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, b.xcover, "count", dlx)
	t0 := time.Now()
	out, err := cmd.Output()
	secs := time.Since(t0).Seconds()
	if ctx.Err() != nil {
		return countResult{"?", result{secs: b.timeout.Seconds(), timeout: true}}
	}
	if err != nil {
		return countResult{"?", result{err: err.Error()}}
	}
	return countResult{strings.TrimSpace(string(out)), result{secs: secs}}
}

// A puzzle is a problem file for the second table.
type puzzle struct {
	name    string
	dlx     string
	options int
}

func (b *bench) puzzles() []puzzle {
	var out []puzzle
	add := func(name, file string) {
		f, err := os.ReadFile(file)
		if err != nil {
			fatalf("%v", err)
		}
		opts := 0
		first := true
		for line := range strings.Lines(string(f)) {
			t := strings.TrimSpace(line)
			if t == "" || t[0] == '|' {
				continue
			}
			if first {
				first = false
				continue
			}
			opts++
		}
		out = append(out, puzzle{name, file, opts})
	}
	for _, t := range []struct{ name, pieces, region string }{
		{"pentominoes 6x10", "pentominoes", "6x10"},
		{"pentominoes 3x20", "pentominoes", "3x20"},
		{"tetrominoes ×2, 5x8", "tetrominoes:2", "5x8"},
	} {
		file := filepath.Join(b.dir, strings.NewReplacer(" ", "_", "×", "x", ",", "").Replace(t.name)+".dlx")
		if err := b.shell(file, b.xcover, "tile", "--pieces", t.pieces, "--region", t.region, "--emit", "dlx"); err != nil {
			fatalf("%v", err)
		}
		add(t.name, file)
	}
	for seed := uint64(1); seed <= 2; seed++ {
		line, clues := minimalSudoku(seed)
		in := filepath.Join(b.dir, fmt.Sprintf("sudoku%d.txt", seed))
		os.WriteFile(in, []byte(line+"\n"), 0o644)
		file := filepath.Join(b.dir, fmt.Sprintf("sudoku%d.dlx", seed))
		if err := b.shell(file, b.xcover, "sudoku", "--emit", "dlx", in); err != nil {
			fatalf("%v", err)
		}
		add(fmt.Sprintf("Sudoku, %d clues (minimal, seed %d)", clues, seed), file)
	}
	return out
}

// minimalSudoku makes a Sudoku puzzle with one solution from which no clue can be removed:
// a shuffled grid, its clues removed in random order while the solution stays unique.
func minimalSudoku(seed uint64) (string, int) {
	r := rand.New(rand.NewPCG(seed, 7))
	board, err := sudoku.NewBoard(sudoku.Variant{})
	if err != nil {
		fatalf("%v", err)
	}
	digits := r.Perm(9)
	// Rows and columns shuffled within bands and stacks keep the grid valid.
	rowOf := func(perm func(int) []int) []int {
		var idx []int
		bands := perm(3)
		for _, bnd := range bands {
			for _, k := range perm(3) {
				idx = append(idx, bnd*3+k)
			}
		}
		return idx
	}
	rows, cols := rowOf(r.Perm), rowOf(r.Perm)
	grid := make(sudoku.Grid, 81)
	for i := range grid {
		rr, cc := rows[i/9], cols[i%9]
		grid[i] = uint8(digits[(rr*3+rr/3+cc)%9] + 1)
	}
	unique := func(g sudoku.Grid) bool {
		enc, err := board.Encode(g)
		if err != nil {
			return false
		}
		res, err := xcover.Count(context.Background(), enc.Problem, xcover.Config{Limit: 2, Workers: 1})
		return err == nil && res.Solutions.Int64() == 1
	}
	clues := 81
	for _, i := range r.Perm(81) {
		v := grid[i]
		grid[i] = 0
		if unique(grid) {
			clues--
		} else {
			grid[i] = v
		}
	}
	return grid.Format(sudoku.OneBased), clues
}

// plot draws the queens times on log scales: N along x, seconds along y, one line per
// method; a timeout is a cross on the time limit.
func plot(ns []int, ms []method, res [][]result, timeout time.Duration) []byte {
	const (
		w, h                     = 760, 460
		left, right, top, bottom = 70, 230, 30, 50
	)
	colors := []string{"#1b9e77", "#66a61e", "#d95f02", "#7570b3", "#e7298a", "#e6ab02"}
	ymin, ymax := 0.001, math.Pow(10, math.Ceil(math.Log10(timeout.Seconds())))
	xmin, xmax := math.Log2(float64(ns[0])), math.Log2(float64(ns[len(ns)-1]))
	if xmax == xmin {
		xmax = xmin + 1
	}
	px := func(n int) float64 {
		return left + (math.Log2(float64(n))-xmin)/(xmax-xmin)*float64(w-left-right)
	}
	py := func(s float64) float64 {
		s = math.Max(s, ymin)
		return top + (math.Log10(ymax)-math.Log10(s))/(math.Log10(ymax)-math.Log10(ymin))*float64(h-top-bottom)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", w, h, w, h)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", w, h)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14">N-queens, one solution: wall time (log scale)</text>`+"\n", left)
	for e := math.Log10(ymin); e <= math.Log10(ymax)+1e-9; e++ {
		y := py(math.Pow(10, e))
		fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>`+"\n", left, y, w-right, y)
		label := strconv.FormatFloat(math.Pow(10, e), 'g', -1, 64) + " s"
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, y+4, label)
	}
	yt := py(timeout.Seconds())
	fmt.Fprintf(&b, `<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#c00" stroke-dasharray="4 3"/>`+"\n", left, yt, w-right, yt)
	fmt.Fprintf(&b, `<text x="%d" y="%.1f" fill="#c00">time limit</text>`+"\n", left+4, yt-4)
	for _, n := range ns {
		x := px(n)
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#eee"/>`+"\n", x, top, x, h-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x, h-bottom+16, n)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">N (board side)</text>`+"\n", (left+w-right)/2, h-12)
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", left, top, w-left-right, h-top-bottom)
	for i, m := range ms {
		c := colors[i%len(colors)]
		var pts []string
		for j, n := range ns {
			r := res[i][j]
			if r.skipped || r.err != "" {
				continue
			}
			x, y := px(n), py(r.secs)
			if r.timeout {
				fmt.Fprintf(&b, `<path d="M%.1f %.1fl8 8m0 -8l-8 8" stroke="%s" stroke-width="2"/>`+"\n", x-4, y-4, c)
				continue
			}
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="%s"><title>%s, N = %d: %s</title></circle>`+"\n", x, y, c, m.name, n, r)
		}
		if len(pts) > 1 {
			fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`+"\n", strings.Join(pts, " "), c)
		}
		ly := top + 20 + 22*i
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="%s" stroke-width="3"/>`+"\n", w-right+14, ly, w-right+38, ly, c)
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", w-right+44, ly+4, m.name)
	}
	ly := top + 20 + 22*len(ms)
	fmt.Fprintf(&b, `<path d="M%d %dl8 8m0 -8l-8 8" stroke="#444" stroke-width="2"/>`+"\n", w-right+22, ly-4)
	fmt.Fprintf(&b, `<text x="%d" y="%d">timed out</text>`+"\n", w-right+44, ly+4)
	b.WriteString("</svg>\n")
	return b.Bytes()
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "interop bench: "+format+"\n", args...)
	os.Exit(1)
}
