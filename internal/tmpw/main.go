package main

import (
	"context"
	"fmt"
	"time"

	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

func main() {
	ctx := context.Background()
	for _, n := range []int{10, 11, 12} {
		t0 := time.Now()
		p, _ := puzzle.Queens(n, 1)
		t1 := time.Now()
		c, err := p.Count(ctx, 0, 1)
		fmt.Println("queens", n, c, err, "pose", t1.Sub(t0), "count", time.Since(t1))
	}
	g := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	var tot [4]time.Duration
	for i := 0; i < 300; i++ {
		t0 := time.Now()
		board, pz, err := sudoku.ParsePuzzle(g, sudoku.Spec{}, sudoku.Auto)
		t1 := time.Now()
		tk, err2 := puzzle.Sudoku(board, pz.Grid, pz.Alphabet)
		t2 := time.Now()
		var sols [][]int
		err3 := tk.Solve(ctx, 2, func(s []int) bool { sols = append(sols, s); return true })
		t3 := time.Now()
		ch := verify.NewChecker(tk.Problem)
		for _, s := range sols {
			ch.Check(s)
			tk.Check(s)
		}
		t4 := time.Now()
		_, _, _ = err, err2, err3
		if i >= 100 {
			tot[0] += t1.Sub(t0)
			tot[1] += t2.Sub(t1)
			tot[2] += t3.Sub(t2)
			tot[3] += t4.Sub(t3)
		}
	}
	fmt.Println("sudoku per puzzle (last 200): parse, pose, solve, check", tot[0]/200, tot[1]/200, tot[2]/200, tot[3]/200)
}
