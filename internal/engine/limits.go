package engine

import "math"

// The bounds every front door shares: the library applies them, and the readers of problem
// files check them as they read, so that a file's error names its line.
const (
	// MaxCost bounds an option's cost, so that the cost of any solution (at most 2^22
	// options on a path) fits in an int64.
	MaxCost = 1 << 40
	// DefaultMemoBytes is the budget of a memoised count's cache when none is given.
	DefaultMemoBytes = 2 << 30
)

// MemoHeapLimit returns the soft memory limit (runtime/debug.SetMemoryLimit) under which a
// process that holds held bytes runs a memoised count or sample whose cache has the given
// budget (0: DefaultMemoBytes), or 0 where the budget is too large for a limit. Go's
// collector lets the heap grow to twice what is live before it collects (GOGC=100), so a
// count holding a full 2 GiB cache would take 4 GiB; the engine keeps its tables within the
// budget, a table's growth included, so a limit of held, the budget, a tenth more and
// memoHeapBase (the search's own stacks and buffers, and the runtime's) makes the collector
// run more often as the process nears it instead. (A quarter more and 64 MiB let
// `--memo-mem 1000MiB` reach 1.36 GB, issue 41.)
func MemoHeapLimit(held, budget int64) int64 {
	if budget <= 0 {
		budget = DefaultMemoBytes
	}
	if budget > math.MaxInt64/4 {
		return 0
	}
	return held + budget + budget/10 + memoHeapBase
}

// memoHeapBase is the room MemoHeapLimit leaves beyond the budget and its tenth.
const memoHeapBase = 16 << 20
