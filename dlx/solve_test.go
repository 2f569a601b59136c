package dlx_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

// TestExampleSolutions reads the example of dlx-format.md, solves it and checks the
// solutions the format document states, each also checked by the independent verifier.
func TestExampleSolutions(t *testing.T) {
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
		t.Fatal(err)
	}
	s, err := xcover.NewSolver(f.Problem, xcover.Config{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for sol := range s.Solutions(context.Background()) {
		if v := verify.Check(f.Problem, sol); len(v) > 0 {
			t.Errorf("solution %v is invalid: %v", sol, v)
		}
		got = append(got, fmt.Sprint(sol))
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	want := []string{"[0 2]", "[0 3]", "[1 2 3]"}
	if !slices.Equal(got, want) {
		t.Errorf("solutions %v, want %v", got, want)
	}
}
