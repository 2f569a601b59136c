package xcover

import (
	"context"

	"github.com/xcover/xcover/internal/engine"
)

// EstimateTree gives the tests of package xcover_test the probes of ForecastCount alone
// (the sample run before them would finish the small searches the tests check).
func EstimateTree(ctx context.Context, p *Problem, probes int) (engine.Estimate, error) {
	s, err := NewSolver(p, Config{})
	if err != nil {
		return engine.Estimate{}, err
	}
	return s.estimate(ctx, probes)
}
