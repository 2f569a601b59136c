package sudoku_test

import (
	"context"
	"fmt"
	"os"

	"github.com/xcover/xcover/sudoku"
)

func ExampleSolver() {
	b, _ := sudoku.NewBoard(sudoku.Spec{}) // 9x9, 3x3 boxes
	puzzle, alpha, _ := sudoku.ParseLine("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", b.N(), sudoku.Auto)
	sol := make(sudoku.Grid, b.Cells())
	n, _ := b.NewSolver().Solve(context.Background(), puzzle, 2, sol) // limit 2: uniqueness check
	fmt.Println(n, sol.Format(alpha), b.Check(puzzle, sol))
	// Output:
	// 1 534678912672195348198342567859761423426853791713924856961537284287419635345286179 <nil>
}

func ExampleBoard_WriteText() {
	b, _ := sudoku.NewBoard(sudoku.Spec{BoxRows: 2, BoxCols: 2})
	g, _, _ := sudoku.ParseLine("1.3.3.1.2.4.4.2.", 4, sudoku.Auto)
	b.NewSolver().Solve(context.Background(), g, 1, g)
	b.WriteText(os.Stdout, g, sudoku.OneBased)
	// Output:
	// 1 2 | 3 4
	// 3 4 | 1 2
	// ----+----
	// 2 1 | 4 3
	// 4 3 | 2 1
}
