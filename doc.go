// Package xcover solves exact cover problems: given items and options (sets of items), it
// finds the sets of options that cover every primary item exactly once — or, with
// multiplicities, between a lower and an upper bound number of times — and every secondary
// item at most once, or only by options that agree on its colour.
//
// One engine implements Knuth's Algorithms X (dancing links), C (colours) and M
// (multiplicities); it picks the cheapest code path for each problem, so plain exact cover
// pays nothing for colours or bounds.
//
// Build a problem with a [Builder], or read one in Knuth's DLX text format with the
// [github.com/xcover/xcover/dlx] package, then search it with a [Solver]:
//
//	s, err := xcover.NewSolver(p, xcover.Config{Limit: 10})
//	for sol := range s.Solutions(ctx) {
//		fmt.Println(sol) // chosen option indices, ascending
//	}
//	if err := s.Err(); err != nil { ... } // cancelled
package xcover
