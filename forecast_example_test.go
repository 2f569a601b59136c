package xcover_test

import (
	"context"
	"fmt"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/queens"
)

// ForecastCount says how long a count would take before it runs; on a small problem its
// sample run simply finishes the search.
func ExampleForecastCount() {
	p, _ := queens.Problem(8, 1)
	f, err := xcover.ForecastCount(context.Background(), p, xcover.Config{Seed: 1, SampleRun: 10 * time.Second})
	fmt.Println(f.Exact, f.ExactSolutions, err)
	// Output: true 92 <nil>
}
