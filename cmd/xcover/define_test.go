package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/brute"
)

// TestDefineCommand finds minimal and smallest defining sets as a user would and checks
// them: the set's options, forced, leave one solution (count), and the same seed gives
// the same set; bad input exits 1, bad flags 2.
func TestDefineCommand(t *testing.T) {
	q8 := filepath.Join("..", "..", "examples", "queens8.dlx")
	for _, args := range [][]string{
		{"define", "--uniform", "--seed", "3", "--json", q8},
		{"define", "--smallest", "--json", q8},
		{"define", "--smallest", "--json", "--solution", "3,14,20,26,32,45,55,57", q8},
	} {
		r := runX(t, "", args...)
		var set struct{ Options []int }
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &set) != nil || len(set.Options) == 0 {
			t.Fatalf("%v: exit %d, %q, %q", args, r.code, r.stdout, r.stderr)
		}
		if !strings.Contains(r.stderr, "defining set: ") {
			t.Errorf("%v: stderr %q", args, r.stderr)
		}
		var init []string
		for _, k := range set.Options {
			init = append(init, itoa(k))
		}
		c := runX(t, "", "count", "--initial", strings.Join(init, ","), q8)
		if c.code != 0 || strings.TrimSpace(c.stdout) != "1" {
			t.Errorf("%v: set %v leaves %q solutions", args, set.Options, c.stdout)
		}
		if again := runX(t, "", args...); again.stdout != r.stdout {
			t.Errorf("%v: another set the second time", args)
		}
	}
	if r := runX(t, "", "define", "--solution", "1,2", q8); r.code != exitInput || !strings.Contains(r.stderr, "not a solution") {
		t.Errorf("not a solution: exit %d, %q", r.code, r.stderr)
	}
	if r := runX(t, "", "define", "--solution", "1,99999", q8); r.code != exitUsage {
		t.Errorf("option out of range: exit %d, %q", r.code, r.stderr)
	}
	if r := runX(t, "", "define", "--uniform", "--solution", "1", q8); r.code != exitUsage {
		t.Errorf("--uniform --solution: exit %d", r.code)
	}
}

// checkSudokuPuzzles checks puzzles (one a line, '.' empty, values 1-9 then A, B, ...) on
// a board of box (RxC) with brute.SudokuCount, which shares no code with the kernels:
// each unique, and each with the givens of any one orbit of sym (none, 180, 90, mirror)
// taken out not.
func checkSudokuPuzzles(t *testing.T, label, box, sym, text string) {
	t.Helper()
	var r, c int
	fmt.Sscanf(box, "%dx%d", &r, &c)
	n := r * c
	units := brute.SudokuUnits(n, r, c)
	turn := map[string]func(r, c int) (int, int){
		"none":   func(r, c int) (int, int) { return r, c },
		"180":    func(r, c int) (int, int) { return n - 1 - r, n - 1 - c },
		"90":     func(r, c int) (int, int) { return c, n - 1 - r },
		"mirror": func(r, c int) (int, int) { return r, n - 1 - c },
	}[sym]
	for _, line := range strings.Fields(text) {
		pz := make([]uint8, n*n)
		for i := range min(len(line), n*n) {
			switch ch := line[i]; {
			case ch >= '1' && ch <= '9':
				pz[i] = ch - '0'
			case ch >= 'A' && ch <= 'Z':
				pz[i] = ch - 'A' + 10
			}
		}
		if len(line) != n*n || brute.SudokuCount(n, units, pz, 2) != 1 {
			t.Fatalf("%s: puzzle %s is not unique", label, line)
		}
		for i, v := range pz {
			if v == 0 {
				continue
			}
			less := slices.Clone(pz)
			for r, c := turn(i/n, i%n); ; r, c = turn(r, c) {
				less[r*n+c] = 0
				if r*n+c == i {
					break
				}
			}
			if brute.SudokuCount(n, units, less, 2) != 2 {
				t.Fatalf("%s: puzzle %s: the givens of the orbit of cell %d can go", label, line, i)
			}
		}
	}
}

// TestSudokuGenerate makes puzzles as a user would and solves them back: each unique,
// with the solution printed, and minimal (checkSudokuPuzzles); the same seed gives the
// same puzzles; QQWing, when installed, counts one solution each.
func TestSudokuGenerate(t *testing.T) {
	for _, args := range [][]string{
		{"sudoku", "--generate", "5", "--seed", "1", "--symmetry", "180"},
		{"sudoku", "--generate", "3", "--box", "2x3", "--seed", "2", "--symmetry", "90"},
		{"sudoku", "--generate", "2", "--box", "4x4", "--seed", "3", "--symmetry", "mirror"},
	} {
		r := runX(t, "", args...)
		if r.code != 0 || !strings.Contains(r.stderr, "generated") {
			t.Fatalf("%v: exit %d, %q", args, r.code, r.stderr)
		}
		box := "3x3"
		for i, a := range args {
			if a == "--box" {
				box = args[i+1]
			}
		}
		checkSudokuPuzzles(t, fmt.Sprint(args), box, args[len(args)-1], r.stdout)
		s := runX(t, r.stdout, "sudoku", "--count", "--limit", "2", "--box", box)
		if s.code != 0 || strings.Trim(s.stdout, "1\n") != "" {
			t.Errorf("%v: counts %q, %q", args, s.stdout, s.stderr)
		}
		if again := runX(t, "", args...); again.stdout != r.stdout {
			t.Errorf("%v: other puzzles the second time", args)
		}
		if qq, err := exec.LookPath("qqwing"); err == nil && box == "3x3" {
			cmd := exec.Command(qq, "--solve", "--count-solutions", "--nosolution")
			cmd.Stdin = strings.NewReader(r.stdout)
			out, err := cmd.Output()
			if n := strings.Count(string(out), "is unique."); err != nil || n != 5 {
				t.Errorf("qqwing: %d unique, %v", n, err)
			}
		}
	}
	for _, args := range [][]string{
		{"sudoku", "--generate", "2", "--symmetry", "45"},
		{"sudoku", "--generate", "0"},
		{"sudoku", "--seed", "3"},
		{"sudoku", "--generate", "2", "--count"},
	} {
		if r := runX(t, "", args...); r.code != exitUsage || r.stdout != "" {
			t.Errorf("%v: exit %d, stdout %q", args, r.code, r.stdout)
		}
	}
}

// TestPuzzleQueensTile makes queens and tiling puzzles as a user would: the pre-placed
// queens are in the solution, leave it alone (counted by plain backtracking) and none can
// go; the pre-placed pieces are the solution's own.
func TestPuzzleQueensTile(t *testing.T) {
	for _, seed := range []string{"1", "5", "9"} {
		r := runX(t, "", "queens", "8", "--puzzle", "--seed", seed)
		out, legend, _ := strings.Cut(r.stdout, "G: a pre-placed queen\n")
		boards := strings.Split(strings.TrimSpace(out), "\n\n")
		if r.code != 0 || len(boards) != 2 || legend != "" {
			t.Fatalf("queens --puzzle --seed %s: exit %d, %q, %q", seed, r.code, r.stdout, r.stderr)
		}
		pre, sol := make([]int, 8), make([]int, 8)
		for i, b := range boards {
			for rank, line := range strings.Split(b, "\n") {
				line = strings.ReplaceAll(line, " ", "")
				c := strings.IndexAny(line, "QG")
				if i == 0 {
					pre[rank] = c
				} else {
					sol[rank] = c
					// The solution's board marks the pre-placed queens G, and only them.
					if g := strings.Index(line, "G"); g != pre[rank] || strings.Count(line, "G")+strings.Count(line, "Q") != 1 {
						t.Errorf("queens --puzzle --seed %s: rank %d %q, pre-placed at %d", seed, rank, line, pre[rank])
					}
				}
			}
		}
		svg := runX(t, "", "queens", "8", "--puzzle", "--seed", seed, "--format", "svg").stdout
		marked := 0
		for rank := range pre {
			if pre[rank] >= 0 {
				marked++
				// The pre-placed queen, marked in the solution's picture (the second).
				at := fmt.Sprintf(`class="queen given" x="%d" y="%d"`, pre[rank]*20+10, rank*20+10)
				if strings.Count(svg, at) != 2 {
					t.Errorf("queens --puzzle --seed %s --format svg: %s not in both pictures", seed, at)
				}
			}
		}
		if strings.Count(svg, "<g ") != 2 || strings.Count(svg, `class="queen given"`) != 2*marked ||
			strings.Count(svg, "&#9819;") != marked+8 {
			t.Errorf("queens --puzzle --seed %s --format svg: want 2 boards, %d queens marked twice:\n%s", seed, marked, svg)
		}
		if brute.QueensCompletions(sol) != 1 || brute.QueensCompletions(pre) != 1 {
			t.Fatalf("seed %s: solution %v, pre-placed %v: not a solution, or not unique", seed, sol, pre)
		}
		for rank := range pre {
			if pre[rank] >= 0 && pre[rank] != sol[rank] {
				t.Fatalf("seed %s: pre-placed %v not in %v", seed, pre, sol)
			}
			if pre[rank] >= 0 {
				less := append([]int(nil), pre...)
				less[rank] = -1
				if brute.QueensCompletions(less) < 2 {
					t.Errorf("seed %s: the queen on rank %d of %v can go", seed, rank, pre)
				}
			}
		}
	}
	for _, seed := range []string{"3", "4", "5"} {
		r := runX(t, "", "tile", "--pieces", "pentominoes", "--region", "6x10", "--puzzle", "--seed", seed)
		out, legend, _ := strings.Cut(r.stdout, "#: a cell of a pre-placed piece")
		pics := strings.Split(strings.TrimSpace(out), "\n\n")
		if r.code != 0 || len(pics) != 2 || !strings.HasPrefix(legend, " (right") {
			t.Fatalf("tile --puzzle --seed %s: exit %d, %q, %q", seed, r.code, r.stdout, r.stderr)
		}
		// The tiling, and beside it a # on each pre-placed cell, a . on the others.
		var left, right []string
		for _, l := range strings.Split(pics[1], "\n") {
			a, b, _ := strings.Cut(l, "   ")
			left, right = append(left, a), append(right, b)
		}
		pics[1] = strings.Join(left, "\n")
		marks := strings.Map(func(r rune) rune {
			if r != '.' && r != '\n' {
				return '#'
			}
			return r
		}, pics[0])
		if len(pics[0]) != len(pics[1]) || strings.Join(right, "\n") != marks {
			t.Fatalf("tile --puzzle --seed %s: %q: marks %q, want %q", seed, r.stdout, strings.Join(right, "\n"), marks)
		}
		checkTilePuzzle(t, "tile --puzzle --seed "+seed, pics[0], pics[1])
		// In SVG, the pre-placed cells are marked in both pictures: the puzzle and the tiling.
		svg := runX(t, "", "tile", "--pieces", "pentominoes", "--region", "6x10", "--puzzle", "--seed", seed, "--format", "svg").stdout
		placed := 60 - strings.Count(pics[0], ".")
		if strings.Count(svg, "<g>") != 2 || strings.Count(svg, `class="given"`) != 2*placed {
			t.Errorf("tile --puzzle --seed %s --format svg: want 2 tilings, %d cells marked twice:\n%s", seed, placed, svg)
		}
	}
	if r := runX(t, "", "queens", "8", "--puzzle", "--count"); r.code != exitUsage {
		t.Errorf("queens --puzzle --count: exit %d", r.code)
	}
}

// checkTilePuzzle checks a pentomino puzzle (pre-placed pieces by letter, '.' elsewhere) and
// its solution with pentominoTilings: the solution is the puzzle's one tiling, and taking
// out any pre-placed piece leaves at least two.
func checkTilePuzzle(t *testing.T, label, pre, sol string) {
	t.Helper()
	n, first := pentominoTilings(pre, 2)
	if n != 1 || first != sol+"\n" {
		t.Fatalf("%s: puzzle\n%s\nhas %d tilings, the first\n%s\nwant one:\n%s", label, pre, n, first, sol)
	}
	for l := range pentominoes {
		if strings.IndexByte(pre, l) < 0 {
			continue
		}
		less := strings.ReplaceAll(pre, string(l), ".")
		if n, _ := pentominoTilings(less, 2); n < 2 {
			t.Errorf("%s: the pre-placed %c of\n%s\ncan go: %d tilings without it", label, l, pre, n)
		}
	}
}

// TestPuzzleTileChecks shows that checkTilePuzzle's counts can fail: seed 3's puzzle with
// the solution's L pre-placed too still has one tiling, and the L can go.
func TestPuzzleTileChecks(t *testing.T) {
	pre := "IIIII.\nLL....\nL.....\nL..F..\nL.FF..\nW..FF.\nWW....\n.WW...\n......\n......"
	sol := "IIIIIT\nLLXTTT\nLXXXPT\nLNXFPP\nLNFFPP\nWNNFFZ\nWWNZZZ\nVWWZUU\nVYYYYU\nVVVYUU\n"
	if n, first := pentominoTilings(pre, 2); n != 1 || first != sol {
		t.Fatalf("%d tilings, the first\n%s", n, first)
	}
	if n, _ := pentominoTilings(strings.ReplaceAll(pre, "L", "."), 2); n != 1 {
		t.Errorf("without the L: %d tilings, want 1", n)
	}
}

// pentominoes are the twelve pentominoes by their usual letters, drawn here for
// pentominoTilings (not taken from package tiling).
var pentominoes = map[byte][]string{
	'F': {".##", "##.", ".#."}, 'I': {"#####"}, 'L': {"####", "#..."}, 'N': {"##..", ".###"},
	'P': {"##", "##", "#."}, 'T': {"###", ".#.", ".#."}, 'U': {"#.#", "###"}, 'V': {"#..", "#..", "###"},
	'W': {"#..", "##.", ".##"}, 'X': {".#.", "###", ".#."}, 'Y': {"####", ".#.."}, 'Z': {"##.", ".#.", ".##"},
}

// pentominoTilings counts, up to limit, the tilings of the picture's '.' cells (lines of
// equal length) by the pentominoes whose letters are not in the picture, each once, turned
// and flipped: a plain backtracking that fills the first empty cell in reading order,
// sharing nothing with package tiling or the exact cover engine. It returns the count and
// the first tiling found, as a picture.
func pentominoTilings(picture string, limit int) (int, string) {
	rows := strings.Split(picture, "\n")
	h, w := len(rows), len(rows[0])
	grid := make([][]byte, h)
	free := map[byte]bool{}
	for l := range pentominoes {
		free[l] = true
	}
	for y, row := range rows {
		grid[y] = []byte(row)
		for _, c := range grid[y] {
			delete(free, c)
		}
	}
	// The orientations of each piece: its cells as offsets from its first cell in
	// reading order, every turn and flip, repeats removed.
	type cell struct{ y, x int }
	shapes := map[byte][][]cell{}
	for l, pic := range pentominoes {
		var cells []cell
		for y, row := range pic {
			for x := range row {
				if row[x] == '#' {
					cells = append(cells, cell{y, x})
				}
			}
		}
		seen := map[string]bool{}
		for turn := range 8 {
			var o []cell
			for _, c := range cells {
				y, x := c.y, c.x
				for range turn % 4 {
					y, x = x, -y
				}
				if turn >= 4 {
					x = -x
				}
				o = append(o, cell{y, x})
			}
			slices.SortFunc(o, func(a, b cell) int { return cmp.Or(a.y-b.y, a.x-b.x) })
			for i := len(o) - 1; i >= 0; i-- {
				o[i] = cell{o[i].y - o[0].y, o[i].x - o[0].x}
			}
			if key := fmt.Sprint(o); !seen[key] {
				seen[key] = true
				shapes[l] = append(shapes[l], o)
			}
		}
	}
	count, first := 0, ""
	var rec func()
	rec = func() {
		y0, x0 := -1, -1
		for y := 0; y < h && y0 < 0; y++ {
			if x := strings.IndexByte(string(grid[y]), '.'); x >= 0 {
				y0, x0 = y, x
			}
		}
		if y0 < 0 {
			if count++; count == 1 {
				var sb strings.Builder
				for _, row := range grid {
					sb.WriteString(string(row) + "\n")
				}
				first = sb.String()
			}
			return
		}
		for l := range free {
			if !free[l] {
				continue
			}
			for _, o := range shapes[l] {
				fits := true
				for _, c := range o {
					y, x := y0+c.y, x0+c.x
					if y < 0 || y >= h || x < 0 || x >= w || grid[y][x] != '.' {
						fits = false
						break
					}
				}
				if !fits {
					continue
				}
				for _, c := range o {
					grid[y0+c.y][x0+c.x] = l
				}
				free[l] = false
				rec()
				free[l] = true
				for _, c := range o {
					grid[y0+c.y][x0+c.x] = '.'
				}
				if count >= limit {
					return
				}
			}
		}
	}
	rec()
	return count, first
}

// TestPentominoTilings checks the test's own counter against published counts: 20 rows of 3
// have 2 tilings up to symmetry (8 in all), 15 rows of 4 have 368 (1472). (It fills rows
// in reading order: long rows would take it far longer.)
func TestPentominoTilings(t *testing.T) {
	for _, c := range []struct{ h, w, want int }{{20, 3, 8}, {15, 4, 1472}} {
		if testing.Short() && c.want > 8 {
			continue
		}
		pic := strings.TrimSuffix(strings.Repeat(strings.Repeat(".", c.w)+"\n", c.h), "\n")
		if got, _ := pentominoTilings(pic, 1<<30); got != c.want {
			t.Errorf("%dx%d: %d tilings, want %d", c.h, c.w, got, c.want)
		}
	}
}
