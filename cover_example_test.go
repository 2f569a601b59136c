package xcover_test

import (
	"context"
	"fmt"
	"slices"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/tiling"
)

// The six choices A to F over the constraints 1 to 7 (Knuth's example): exactly one
// solution.
func ExampleCover() {
	var c xcover.Cover[string, int]
	c.Add("A", 1, 4, 7)
	c.Add("B", 1, 4)
	c.Add("C", 4, 5, 7)
	c.Add("D", 3, 5, 6)
	c.Add("E", 2, 3, 6, 7)
	c.Add("F", 2, 7)
	s, err := c.Solver(xcover.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for sol := range s.Solutions(context.Background()) {
		fmt.Println(c.Choices(sol))
	}
	fmt.Println(s.Err())
	// Output:
	// [B D F]
	// <nil>
}

// Initial forces a choice into every solution.
func ExampleCover_Initial() {
	var c xcover.Cover[string, int]
	for _, ch := range []struct {
		name string
		set  []int
	}{{"A", []int{1, 4, 7}}, {"B", []int{1, 4}}, {"C", []int{4, 5, 7}}, {"D", []int{3, 5, 6}}, {"E", []int{2, 3, 6, 7}}, {"F", []int{2, 7}}} {
		c.Add(ch.name, ch.set...)
	}
	c.Initial("B")
	s, _ := c.Solver(xcover.Config{})
	for sol := range s.Solutions(context.Background()) {
		fmt.Println(c.Choices(sol))
	}
	// Output: [B D F]
}

// A queen is a choice [row, col]; its constraints are its row, column and two diagonals,
// tagged by kind. Rows and columns must be satisfied, the diagonals are optional (at most
// one queen each): the 92 solutions of 8 queens.
func ExampleCover_Satisfy() {
	type line struct {
		kind byte // 'r', 'c', 'a' (r+c), 'b' (r-c)
		n    int
	}
	const n = 8
	var c xcover.Cover[[2]int, line]
	for r := range n {
		for col := range n {
			c.Add([2]int{r, col}, line{'r', r}, line{'c', col}, line{'a', r + col}, line{'b', r - col})
		}
	}
	for i := range n {
		c.Satisfy(line{'r', i}, line{'c', i})
	}
	p, _ := c.Problem()
	res, _ := xcover.Count(context.Background(), p, xcover.Config{})
	count := res.Solutions
	first, _ := c.Solver(xcover.Config{Limit: 1})
	for sol := range first.Solutions(context.Background()) {
		fmt.Println(c.Choices(sol))
	}
	fmt.Println(count)
	// Output:
	// [[0 0] [1 6] [2 4] [3 7] [4 1] [5 3] [6 5] [7 2]]
	// 92
}

// Counts: 2n queens on an n×n board, two in every row and column and at most two on every
// diagonal (OEIS A225623 from n = 2: 1, 2, 11, 92, 1097).
func ExampleCover_Multiplicity() {
	type line struct {
		kind byte
		n    int
	}
	for n := 2; n <= 6; n++ {
		var c xcover.Cover[[2]int, line]
		for r := range n {
			for col := range n {
				c.Add([2]int{r, col}, line{'r', r}, line{'c', col}, line{'a', r + col}, line{'b', r - col})
			}
		}
		for i := range n {
			c.Satisfy(line{'r', i}, line{'c', i})
			c.Multiplicity(line{'r', i}, 2, 2)
			c.Multiplicity(line{'c', i}, 2, 2)
		}
		for d := -n; d <= 2*n; d++ {
			c.Multiplicity(line{'a', d}, 0, 2)
			c.Multiplicity(line{'b', d}, 0, 2)
		}
		p, err := c.Problem()
		if err != nil {
			fmt.Println(err)
			return
		}
		res, _ := xcover.Count(context.Background(), p, xcover.Config{})
		fmt.Print(res.Solutions, " ")
	}
	fmt.Println()
	// Output: 1 2 11 92 1097
}

// Constraints of mixed kinds, as the articles' tuples: a piece's name (a string) and a
// cell ([2]int), in one interface type. The 12 pentominoes on the 8×8 board without its
// centre: 520 tilings, 65 essentially different under the board's 8 symmetries.
func ExampleCover_pentominoes() {
	type placement struct {
		piece string
		cells [5][2]int
	}
	centre := func(x, y int) bool { return (x == 3 || x == 4) && (y == 3 || y == 4) }
	var c xcover.Cover[placement, any]
	pieces, _ := tiling.Set("pentominoes")
	for _, pc := range pieces {
		for _, shape := range pc.Shape.Orientations(2, true) {
			for dx := range 8 {
				for dy := range 8 {
					var pl placement
					pl.piece = pc.Name
					keys := []any{pc.Name}
					fits := true
					for i, q := range shape {
						x, y := q.X+dx, q.Y+dy
						if x >= 8 || y >= 8 || centre(x, y) {
							fits = false
							break
						}
						pl.cells[i] = [2]int{x, y}
						keys = append(keys, [2]int{x, y})
					}
					if fits {
						c.Add(pl, keys...)
					}
				}
			}
		}
	}
	s, err := c.Solver(xcover.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	// A tiling as the piece on each cell; its class is the least of its 8 images.
	board := func(sol []placement, f func(x, y int) (int, int)) string {
		var b [64]byte
		for _, pl := range sol {
			for _, q := range pl.cells {
				x, y := f(q[0], q[1])
				b[8*y+x] = pl.piece[0]
			}
		}
		return string(b[:])
	}
	symmetries := []func(x, y int) (int, int){
		func(x, y int) (int, int) { return x, y }, func(x, y int) (int, int) { return 7 - x, y },
		func(x, y int) (int, int) { return x, 7 - y }, func(x, y int) (int, int) { return 7 - x, 7 - y },
		func(x, y int) (int, int) { return y, x }, func(x, y int) (int, int) { return 7 - y, x },
		func(x, y int) (int, int) { return y, 7 - x }, func(x, y int) (int, int) { return 7 - y, 7 - x },
	}
	total, classes := 0, map[string]bool{}
	for opts := range s.Solutions(context.Background()) {
		sol := c.Choices(opts)
		total++
		var images []string
		for _, f := range symmetries {
			images = append(images, board(sol, f))
		}
		classes[slices.Min(images)] = true
	}
	fmt.Println(total, len(classes), s.Err())
	// Output: 520 65 <nil>
}
