package zdd_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/zdd"
)

// The diagram of the format's example: its three solutions in five nodes, and its
// cheapest solution when option k costs k.
func ExampleBuild() {
	f, err := dlx.Parse(strings.NewReader("A 2|B 0:2|C | X Y\nA B X:red\nA C X:red Y\nB C\nB\nC X:blue\n"), "example.dlx")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := zdd.Build(context.Background(), f.Problem, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	zdd.Write(os.Stdout, d)
	fmt.Println("solutions:", d.Count())
	sol, cost, _ := d.MinCost(func(option int) int64 { return int64(option) })
	fmt.Println("cheapest:", sol, "at", cost)
	// Output:
	// zdd 5 6
	// 2 3 0 1
	// 3 2 0 2
	// 4 1 0 3
	// 5 2 2 1
	// 6 0 4 5
	// solutions: 3
	// cheapest: [0 2] at 2
}
