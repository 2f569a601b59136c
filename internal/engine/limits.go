package engine

// The bounds every front door shares: the library applies them, and the readers of problem
// files check them as they read, so that a file's error names its line.
const (
	// MaxCost bounds an option's cost, so that the cost of any solution (at most 2^22
	// options on a path) fits in an int64.
	MaxCost = 1 << 40
	// DefaultMemoBytes is the budget of a memoised count's cache when none is given.
	DefaultMemoBytes = 2 << 30
)
