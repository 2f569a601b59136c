package sudoku_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/xcover/xcover/sudoku"
)

func ExampleBoard_Solve() {
	// One puzzle on one line: 81 characters make a 9x9 board with 3x3 boxes.
	b, p, _ := sudoku.ParsePuzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", sudoku.Variant{}, sudoku.Auto)
	n, sol, _ := b.Solve(context.Background(), p.Grid, 2) // limit 2: uniqueness check
	fmt.Println(n, sol.Format(p.Alphabet), b.Check(p.Grid, sol))
	// Output:
	// 1 534678912672195348198342567859761423426853791713924856961537284287419635345286179 <nil>
}

func ExampleBoard_WriteText() {
	b, p, _ := sudoku.ParsePuzzle("1.3.3.1.2.4.4.2.", sudoku.Variant{}, sudoku.Auto) // 4x4: 2x2 boxes
	_, sol, _ := b.Solve(context.Background(), p.Grid, 1)
	b.WriteText(os.Stdout, sol, p.Alphabet)
	// Output:
	// 1 2 | 3 4
	// 3 4 | 1 2
	// ----+----
	// 2 1 | 4 3
	// 4 3 | 2 1
}

// SolveAll solves a stream of puzzles on several goroutines and gives the results in the
// order of the input; a malformed line is reported and the rest go on.
func ExampleBoard_SolveAll() {
	b, _ := sudoku.NewBoard(sudoku.Variant{})
	input := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n" +
		"this line is not a puzzle\n" +
		"11...............................................................................\n" + // no solution
		".................................................................................\n" // many
	rd := sudoku.NewReader(strings.NewReader(input), b.N(), sudoku.ReadOptions{})
	for r := range b.SolveAll(context.Background(), rd, sudoku.SolveOptions{Limit: 2, Workers: 4}) {
		switch {
		case r.Puzzle.Err != nil:
			fmt.Printf("line %d: malformed\n", r.Puzzle.Line)
		case r.Count == 0:
			fmt.Printf("line %d: no solution\n", r.Puzzle.Line)
		case r.Count == 1:
			fmt.Printf("line %d: %s\n", r.Puzzle.Line, r.Solution.Format(r.Puzzle.Alphabet))
		default:
			fmt.Printf("line %d: not unique\n", r.Puzzle.Line)
		}
	}
	// Output:
	// line 1: 534678912672195348198342567859761423426853791713924856961537284287419635345286179
	// line 2: malformed
	// line 3: no solution
	// line 4: not unique
}

// ParsePuzzle reads one puzzle as a front end takes it from a form, and the board it
// implies: here a 6x6 grid, so 2x3 boxes.
func ExampleParsePuzzle() {
	text := `# a 6x6 Sudoku
1 . . | . . .
. . . | 4 . .
------+------
. 2 . | . . .
. . . | . 5 .
------+------
. . 3 | . . .
. . . | . . 6
`
	b, p, err := sudoku.ParsePuzzle(text, sudoku.Variant{}, sudoku.Auto)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b, "from line", p.Line, p.Grid.Givens(), "givens")

	_, _, err = sudoku.ParsePuzzle("# comment\n12345", sudoku.Variant{}, sudoku.Auto)
	fmt.Println(err)
	// Output:
	// 6x6 (2x3 boxes) from line 2 6 givens
	// sudoku: line 2: 5 characters is not a square number N*N
}

// Two 4x4 puzzles with givens symmetric under a half-turn, from uniformly drawn grids.
func ExampleBoard_Generate() {
	b, _ := sudoku.NewBoard(sudoku.Variant{BoxRows: 2, BoxCols: 2})
	gs, _ := b.Generate(context.Background(), 2, sudoku.GenerateOptions{Seed: 1, Symmetry: "180"})
	for _, g := range gs {
		fmt.Println(g.Puzzle.Format(sudoku.OneBased), g.Solution.Format(sudoku.OneBased), g.Puzzle.Givens(), g.Uniform)
	}
	// Output:
	// 2...41....23...1 2314413214233241 6 true
	// ..3..1....1..2.. 2431312443121243 4 true
}
