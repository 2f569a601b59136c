package xcover_test

import (
	"context"
	"fmt"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/queens"
)

// Forecast says how long a count would take before it runs; on a small problem its sample
// run simply finishes the search.
func ExampleSolver_Forecast() {
	p, _ := queens.Problem(8, 1)
	s, _ := xcover.NewSolver(p, xcover.Config{Seed: 1})
	f, err := s.Forecast(context.Background(), 1000, 10*time.Second)
	fmt.Println(f.Exact, f.ExactSolutions, err)
	// Output: true 92 <nil>
}
