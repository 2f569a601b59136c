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

// WithoutMemoDeadline returns cfg with MemoAuto's deadline (memoAutoShare of the plain
// count's predicted time) put out of reach, so that a test of auto's choice does not
// depend on the clock: a memo of milliseconds preempted for longer on a loaded machine
// was given up. TestMemoAutoGivesUp tests the deadline itself.
func WithoutMemoDeadline(cfg Config) Config {
	cfg.autoShare = 1e12
	return cfg
}
