// Package engine holds xcover's searches, on flat integer arrays and nothing else: no item
// names, files or puzzles. Nothing outside this package touches the kernels' arrays; the
// root package lays a problem out as a Spec and calls the entry points below.
//
// Enumeration and counting, one tree walked by three kernels (see docs/engine.md):
//
//   - kernelB (bits.go): bitsets — Algorithms X, C and M with colours as precomputed
//     conflicts (or, past 8192 options, a row per entry) and a copy of the state per level.
//   - kernelX (x.go): Algorithm X with dancing links, for problems whose primary items are
//     all covered exactly once and that have no colours; 12 bytes per node.
//   - kernelM (m.go): Algorithm M with dancing links, bounds and colours; 16 bytes per node.
//
// makePlan (plan.go) chooses one per problem, once; a Kernel forces one in tests. Every
// kernel takes the same steps (branches, open, next, close; engine.go), on which the
// search loops, the cut of the tree into parts for workers and shards (cut.go, parts.go)
// and Knuth's estimate (estimate.go) are built. Run, RunParts, Cut and EstimateTree are the
// entry points.
//
// Counting by memoisation (MemoCount, MemoSample; see docs/memo.md): a forward count level
// by level over the frontier of sub-problems (frontier.go, memotable.go; on workers that
// own sub-problems by the bits a child shares with its parent, frontierowner.go) for exact
// covers, a depth-first memo with a bounded cache for the rest and for what outgrows the budget
// (memo.go, memocache.go), multiplicities (memobounds.go), and the choice of the branching
// order by a trial of both (memoorder.go, memomrv.go).
//
// Minimum cost (MinCost; mincost.go): branch and bound with taxes on the items so that every
// item has a zero-cost option and options sorted by net cost, on bitsets where they fit
// (mincostbits.go), else on dancing links (mincostdl.go); problems with multiplicities
// take a branch and bound of their own (minCostBounds).
//
// The kernels' searches (bits.go, x.go, m.go) and the minimum-cost searches on bitsets and
// dancing links are iterative loops over arrays set up before they start: they never
// allocate while they run (tested). The others are recursive, their depth bounded by the
// number of items (each level settles at least one), their per-level state in the
// recursion's frames: the memoised counts and samples (memo.count, memoBounds.count) and
// the two branch and bound searches over the memo's state (minCostMemo and minCostBounds
// in mincost.go). What workers write at every node is kept apart from other workers'
// memory (apart.go).
package engine
