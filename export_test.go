package xcover

import "fmt"

// WithKernel returns cfg forcing one of the engine's kernels, for tests and benchmarks that
// compare them: "dlx" (dancing links: X when the problem allows, else M), "bits" (bitsets),
// "bits-lazy" or "bits-counts" (bitsets, with counts of options found by popcounts or kept
// up to date). A kernel that cannot run the problem is replaced by the engine's choice.
// It panics on any other name, so that a typo cannot silently test the wrong kernel.
func WithKernel(cfg Config, kernel string) Config {
	switch kernel {
	case "dlx", "bits", "bits-lazy", "bits-counts":
	default:
		panic(fmt.Sprintf("xcover: unknown kernel %q", kernel))
	}
	cfg.kernel = kernel
	return cfg
}
