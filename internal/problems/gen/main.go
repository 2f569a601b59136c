// Command gen writes the example problem files of the repository in DLX format.
//
// Usage:
//
//	go run ./internal/problems/gen [-dir examples] [name ...]
//
// With no names it writes every file it knows; otherwise only the named ones (a name is the
// file name without ".dlx"). -list prints the names with their solution counts. For the
// benchmarks, -dominoes MxN and -two-per-row-col N write one problem to standard output.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
)

// A file is one example: its name, what it is, its number of solutions and how to build it.
type file struct {
	name  string
	about []string
	count uint64
	build func() *xcover.Problem
}

var files = []file{
	{"queens8", []string{"The eight queens problem: ranks and files primary, diagonals secondary."},
		92, func() *xcover.Problem { return problems.Queens(8) }},
	{"queens13", []string{"The 13 queens problem: ranks and files primary, diagonals secondary."},
		73712, func() *xcover.Problem { return problems.Queens(13) }},
	{"queens14", []string{"The 14 queens problem: ranks and files primary, diagonals secondary."},
		365596, func() *xcover.Problem { return problems.Queens(14) }},
	{"format-example", []string{
		"The example of the DLX format description: three items, two of them with bounds;",
		"two secondary items, one coloured. The solutions are the option sets {0, 2}, {0, 3}",
		"and {1, 2, 3}, counting options from 0. (Its colour names are longer than one",
		"character, so Knuth's programs will not read it.)"},
		3, problems.FormatExample},
	{"langford7", []string{"Langford pairs for n = 7: two copies of each of 1..7, i numbers between the",
		"two i's. A sequence and its reversal are both counted (26 up to reversal)."},
		52, func() *xcover.Problem { return problems.Langford(7) }},
	{"pentominoes-6x10", []string{"The twelve pentominoes in a 6 x 10 rectangle (cells xy, x < 10, y < 6),",
		"all orientations of every tiling counted (2339 essentially different)."},
		9356, func() *xcover.Problem { return problems.Pentominoes(10, 6) }},
	{"pentominoes-holed", []string{"The twelve pentominoes on an 8 x 8 board without its central 2 x 2 square",
		"(65 essentially different tilings)."},
		520, problems.PentominoesHoled},
	{"two-per-row-col-7", []string{"0/1 7 x 7 matrices with exactly two 1s in every row and column (OEIS A001499):",
		"items with multiplicity 2, one option per cell."},
		3110940, func() *xcover.Problem { return problems.TwoPerRowCol(7) }},
	{"double-queens6", []string{"12 queens on a 6 x 6 board, exactly two in every rank and file and at most two",
		"on every diagonal (OEIS A225623): items with multiplicities."},
		1097, func() *xcover.Problem { return problems.DoubleQueens(6) }},
	{"macmahon", []string{"MacMahon's 24 three-colour squares in a 6 x 4 rectangle whose border is all",
		"colour a; edges are secondary items coloured a, b or c. The square aaaa is kept in",
		"the top left 3 x 2 quarter, which leaves one solution of each orbit under the",
		"rectangle's symmetries (b and c may still be exchanged: 13328 essentially different)."},
		26656, problems.MacMahon},
	{"dominoes8", []string{"Domino tilings of the 8 x 8 board (OEIS A004003): cells primary, row by row. Counted",
		"solution by solution in seconds, by memoisation (count --memo) in milliseconds."},
		12988816, func() *xcover.Problem { return problems.Dominoes(8, 8) }},
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen: ")
	dir := flag.String("dir", "examples", "directory to write the files in")
	list := flag.Bool("list", false, "list the files and their counts instead of writing them")
	dominoes := flag.String("dominoes", "", "write the domino tilings of an `MxN` board to standard output (for benchmarks)")
	twoPer := flag.Int("two-per-row-col", 0, "write the 0/1 `N`xN matrices with two 1s in every row and column (A001499) to standard output (for benchmarks)")
	pairs := flag.String("pairs", "", "write a big file to standard output (for bench/bigfile.sh): `N,M,W[,stuck]` is N items i0..iN-1, the options {i2k i2k+1}, M random options of W items, and with stuck one more primary item with no option")
	flag.Parse()
	if *pairs != "" {
		if err := writePairs(os.Stdout, *pairs); err != nil {
			log.Fatalf("-pairs %q: %v", *pairs, err)
		}
		return
	}
	if *dominoes != "" {
		var m, n int
		if _, err := fmt.Sscanf(*dominoes, "%dx%d", &m, &n); err != nil || m < 1 || n < 1 || m*n > 1<<20 {
			log.Fatalf("-dominoes %q: want MxN", *dominoes)
		}
		writeOut(fmt.Sprintf("Domino tilings of the %d x %d board.", m, n), problems.Dominoes(m, n))
		return
	}
	if *twoPer != 0 {
		if *twoPer < 2 || *twoPer > 1<<10 {
			log.Fatalf("-two-per-row-col %d: want 2 to 1024", *twoPer)
		}
		writeOut(fmt.Sprintf("0/1 %d x %d matrices with two 1s in every row and column (OEIS A001499).", *twoPer, *twoPer),
			problems.TwoPerRowCol(*twoPer))
		return
	}
	want := map[string]bool{}
	for _, a := range flag.Args() {
		want[strings.TrimSuffix(a, ".dlx")] = true
	}
	if !*list {
		if err := os.MkdirAll(*dir, 0o755); err != nil {
			log.Fatal(err)
		}
	}
	found := 0
	for _, f := range files {
		if len(want) > 0 && !want[f.name] {
			continue
		}
		found++
		if *list {
			fmt.Printf("%s.dlx %d\n", f.name, f.count)
			continue
		}
		path := filepath.Join(*dir, f.name+".dlx")
		if err := write(path, f); err != nil {
			log.Fatal(err)
		}
	}
	if found < len(want) {
		log.Fatalf("unknown name among %v; try -list", flag.Args())
	}
}

// writeOut writes p in DLX format to standard output, after a comment line about it.
func writeOut(about string, p *xcover.Problem) {
	w := bufio.NewWriter(os.Stdout)
	fmt.Fprintf(w, "| %s\n", about)
	if err := dlx.Write(w, p); err != nil {
		log.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
}

func write(path string, f file) error {
	data, err := f.text()
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, data, 0o644)
}

// text returns the contents of the file: the comment lines, then the problem in DLX format.
func (f file) text() ([]byte, error) {
	var buf bytes.Buffer
	for _, line := range f.about {
		fmt.Fprintf(&buf, "| %s\n", line)
	}
	fmt.Fprintf(&buf, "| Solutions: %d.\n", f.count)
	fmt.Fprintf(&buf, "| Generated by go run ./internal/problems/gen; do not edit.\n")
	if err := dlx.Write(&buf, f.build()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// writePairs writes the big files of issues 26 and 42 (spec "N,M,W[,stuck]"): N primary
// items i0..iN-1 (N even), the options {i2k i2k+1}, which tile the items at once, then M
// options of W distinct random items (a fixed seed); with stuck, a last primary item
// "stuck" that no option covers, so that a search ends as soon as it starts. It writes the
// text directly: 10^7 entries in a second, without building a Problem.
func writePairs(out *os.File, spec string) error {
	var n, m, width int
	parts := strings.Split(spec, ",")
	if len(parts) < 3 || len(parts) > 4 || (len(parts) == 4 && parts[3] != "stuck") {
		return fmt.Errorf("want N,M,W[,stuck]")
	}
	for i, v := range []*int{&n, &m, &width} {
		if _, err := fmt.Sscan(parts[i], v); err != nil {
			return fmt.Errorf("want N,M,W[,stuck]: %v", err)
		}
	}
	stuck := len(parts) == 4
	if n < 2 || n%2 != 0 || n > 1<<30 || m < 0 || width < 1 || width > n {
		return fmt.Errorf("want N even, at least 2, and 1 <= W <= N")
	}
	w := bufio.NewWriterSize(out, 1<<20)
	fmt.Fprintf(w, "| %d items, the pairs {i2k i2k+1}, %d random options of %d items", n, m, width)
	if stuck {
		fmt.Fprint(w, ", and an item no option covers")
	}
	w.WriteString(".\n| Generated by go run ./internal/problems/gen -pairs " + spec + "\n")
	var num []byte
	name := func(i int) {
		num = strconv.AppendInt(append(num[:0], 'i'), int64(i), 10)
		w.Write(num)
	}
	for i := range n {
		if i > 0 {
			w.WriteByte(' ')
		}
		name(i)
	}
	if stuck {
		w.WriteString(" stuck")
	}
	w.WriteByte('\n')
	for i := 0; i < n; i += 2 {
		name(i)
		w.WriteByte(' ')
		name(i + 1)
		w.WriteByte('\n')
	}
	rng := rand.New(rand.NewPCG(1, 2))
	pick := make([]int, 0, width)
	for range m {
		pick = pick[:0]
		for len(pick) < width {
			i := rng.IntN(n)
			if !slices.Contains(pick, i) {
				pick = append(pick, i)
			}
		}
		for j, i := range pick {
			if j > 0 {
				w.WriteByte(' ')
			}
			name(i)
		}
		w.WriteByte('\n')
	}
	return w.Flush()
}
