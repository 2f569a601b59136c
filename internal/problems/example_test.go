package problems_test

import (
	"context"
	"fmt"
	"github.com/xcover/xcover"

	"github.com/xcover/xcover/internal/problems"
)

func ExampleQueens() {
	p := problems.Queens(8)
	fmt.Println(p.NumPrimary(), "primary items,", p.NumItems()-p.NumPrimary(), "secondary")
	fmt.Println("first option:", p.OptionString(0))
	res, err := xcover.Count(context.Background(), p, xcover.Config{})
	fmt.Println(res.Solutions, "solutions", err)
	// Output:
	// 16 primary items, 26 secondary
	// first option: r0 c0 b7
	// 92 solutions <nil>
}

func ExampleTwoPerRowCol() {
	for n := 2; n <= 5; n++ {
		res, _ := xcover.Count(context.Background(), problems.TwoPerRowCol(n), xcover.Config{})
		fmt.Print(res.Solutions, " ")
	}
	fmt.Println()
	// Output: 1 6 90 2040
}

func ExampleEdgeMatching() {
	p := problems.EdgeMatching(2, 3, 2, false)
	fmt.Println(p.OptionString(0))
	res, _ := xcover.Count(context.Background(), p, xcover.Config{})
	fmt.Println(res.Solutions, "solutions")
	// Output:
	// 00 aaaa v00:a h00:a
	// 416 solutions
}
