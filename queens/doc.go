// Package queens poses, counts, lists, checks and draws solutions of the N-queens problem
// and its relatives.
//
// A solution of the classic problem places n queens on an n×n board so that no two share a
// rank (row), a file (column) or a diagonal. The variant with Options.PerLine = K puts K
// queens on every rank and file and at most K on every diagonal. A solution is a [Board],
// its queens as [Square]s; [Board.Files] gives the file of the queen on each rank when
// there is one queen per line.
//
// The package's doors:
//
//   - [Count] counts the solutions, and the essentially different ones (those distinct
//     under the 8 symmetries of the square), with the fastest engine for the board: a
//     dedicated bitboard counter on several goroutines for one queen per line;
//   - [Job] is the same count cut into tasks, as a [shard.Job], to split it over machines
//     and checkpoint it;
//   - [Solutions] lists solutions, all of them, the first few, or random ones, and builds
//     one for boards far too large to list (an explicit construction in linear time);
//   - [Problem] encodes the problem as an exact cover [xcover.Problem] for the general
//     engine, and [Decode] reads its solutions back;
//   - [TakeCensus] and [Canonical] group solutions into orbits under the symmetries;
//   - [Check] verifies a solution independently of all of the above;
//   - [WriteText], [WriteSVG] and [WriteHTML] draw boards.
//
// Every door checks its request first: one that cannot be served (a board too large for
// the engine asked, a count out of reach) is a [*RequestError], and [Choose] says so, and
// which engine would serve the request, before anything starts. Every solution listed is
// checked before it is handed on.
package queens
