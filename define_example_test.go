package xcover_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover"
)

// A solution {a, b, c} shares c with the solution {a b, c} and a with {a, b c}: forcing
// option b alone leaves it alone, and b is its smallest defining set.
func ExampleDefine() {
	b := new(xcover.Builder)
	for _, it := range []string{"a", "b", "c"} {
		b.AddPrimary(it)
	}
	for _, o := range [][]string{{"a", "b"}, {"c"}, {"a"}, {"b", "c"}, {"b"}} {
		b.AddOption(o...)
	}
	p, _ := b.Build()
	sol := []int{2, 4, 1} // a, b, c
	r, err := xcover.Define(context.Background(), p, sol, xcover.DefineOptions{Smallest: true})
	if err != nil {
		panic(err)
	}
	for _, k := range r.Options {
		fmt.Println(p.OptionString(k))
	}
	fmt.Println("smallest:", r.LowerBound)
	// Output:
	// b
	// smallest: 1
}
