package dlx_test

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
)

func ExampleParse() {
	const src = `| three items, two of them with bounds; two secondary items, one coloured
A 2|B 0:2|C | X Y
A B X:red
A C X:red Y
B C
B
C X:blue
`
	f, err := dlx.Parse(strings.NewReader(src), "example.dlx")
	if err != nil {
		log.Fatal(err)
	}
	p := f.Problem
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			fmt.Printf("item %s: secondary\n", it.Name)
		} else {
			fmt.Printf("item %s: covered %d to %d times\n", it.Name, it.Min, it.Max)
		}
	}
	for k := range p.NumOptions() {
		fmt.Printf("option %d, line %d: %s\n", k, f.OptionLine[k], p.OptionString(k))
	}

	_, err = dlx.Parse(strings.NewReader("A B\nA C\n"), "bad.dlx")
	fmt.Println(err)
	// Output:
	// item A: covered 1 to 1 times
	// item B: covered 2 to 2 times
	// item C: covered 0 to 2 times
	// item X: secondary
	// item Y: secondary
	// option 0, line 3: A B X:red
	// option 1, line 4: A C X:red Y
	// option 2, line 5: B C
	// option 3, line 6: B
	// option 4, line 7: C X:blue
	// bad.dlx:2: unknown item "C"
}

func ExampleWrite() {
	b := new(xcover.Builder)
	b.AddPrimary("a")
	b.AddPrimaryBounds("b", 0, 2)
	b.AddSecondary("x")
	b.AddOption("a", "x:red")
	b.AddOption("b", "x:red")
	b.AddOption("a", "b")
	p, err := b.Build()
	if err != nil {
		log.Fatal(err)
	}
	if err := dlx.Write(os.Stdout, p); err != nil {
		log.Fatal(err)
	}
	// Output:
	// a 0:2|b | x
	// a x:red
	// b x:red
	// a b
}

// A SolutionWriter writes solutions as "xcover solve" prints them, here to a buffered
// standard output that Flush empties.
func ExampleSolutionWriter() {
	f, err := dlx.Parse(strings.NewReader("a b c\na b\nc\na\nb c\n"), "abc.dlx")
	if err != nil {
		log.Fatal(err)
	}
	for _, asJSON := range []bool{false, true} {
		sw := f.NewSolutionWriter(bufio.NewWriter(os.Stdout), asJSON)
		sw.Write([]int{0, 1})
		sw.WriteCost([]int{2, 3}, 7)
		if err := sw.Flush(); err != nil {
			log.Fatal(err)
		}
		fmt.Println(sw.Written(), "solutions")
	}
	// Output:
	// a b
	// c
	//
	// | cost 7
	// a
	// b c
	//
	// 2 solutions
	// {"options":[0,1]}
	// {"options":[2,3],"cost":7}
	// 2 solutions
}
