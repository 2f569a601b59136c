package xcover

import (
	"fmt"

	"github.com/xcover/xcover/internal/engine"
)

// WithKernel returns cfg forcing one of the engine's kernels, for tests and benchmarks that
// compare them: "dlx" (dancing links: X when the problem allows, else M), "bits" (bitsets),
// "bits-lazy" or "bits-counts" (bitsets, with counts of options found by popcounts or kept
// up to date). A kernel that cannot run the problem is replaced by the engine's choice.
// It panics on any other name, so that a typo cannot silently test the wrong kernel.
func WithKernel(cfg Config, kernel string) Config {
	k, err := engine.ParseKernel(kernel)
	if err != nil || k == engine.KernelAuto {
		panic(fmt.Sprintf("xcover: unknown kernel %q", kernel))
	}
	cfg.kernel = k
	return cfg
}
