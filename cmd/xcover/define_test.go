package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
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

// TestSudokuGenerate makes puzzles as a user would and solves them back: each unique,
// with the solution printed; the same seed gives the same puzzles; QQWing, when
// installed, counts one solution each.
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
		boards := strings.Split(strings.TrimSpace(r.stdout), "\n\n")
		if r.code != 0 || len(boards) != 2 {
			t.Fatalf("queens --puzzle --seed %s: exit %d, %q, %q", seed, r.code, r.stdout, r.stderr)
		}
		pre, sol := make([]int, 8), make([]int, 8)
		for i, b := range boards {
			for rank, line := range strings.Split(b, "\n") {
				c := strings.Index(strings.ReplaceAll(line, " ", ""), "Q")
				if i == 0 {
					pre[rank] = c
				} else {
					sol[rank] = c
				}
			}
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
	r := runX(t, "", "tile", "--pieces", "pentominoes", "--region", "6x10", "--puzzle", "--seed", "3")
	pics := strings.Split(strings.TrimSpace(r.stdout), "\n\n")
	if r.code != 0 || len(pics) != 2 || len(pics[0]) != len(pics[1]) {
		t.Fatalf("tile --puzzle: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	placed := 0
	for i := range pics[0] {
		if c := pics[0][i]; c != '.' && c != '\n' {
			placed++
			if c != pics[1][i] {
				t.Fatalf("tile --puzzle: pre-placed pieces\n%s\nnot in the tiling\n%s", pics[0], pics[1])
			}
		}
	}
	if placed == 0 || placed%5 != 0 || strings.Contains(pics[1], ".") {
		t.Errorf("tile --puzzle: %d cells pre-placed", placed)
	}
	if r := runX(t, "", "queens", "8", "--puzzle", "--count"); r.code != exitUsage {
		t.Errorf("queens --puzzle --count: exit %d", r.code)
	}
}
