// Package queens encodes, counts, constructs and draws solutions of the N-queens problem and
// its relatives.
//
// A solution of the classic problem places n queens on an n×n board so that no two share a
// rank (row), a file (column) or a diagonal. It is written as a slice of n files, the 0-based
// file of the queen on each rank. The variant with perLine = K puts K queens on every rank
// and file and at most K on every diagonal; its solutions are lists of [Square]s.
//
// The package offers several ways to the same answers:
//
//   - [Problem] encodes the problem as an exact cover [xcover.Problem] for the general engine,
//     and [Decode] and [Columns] read its solutions back;
//   - [Count] is a dedicated bitboard counter that also counts the essentially different
//     solutions, those distinct under the 8 symmetries of the square, on several goroutines;
//   - [All] lists every solution quickly with the same bitboard technique;
//   - [Construct] builds one solution for any n >= 4 in linear time, and [MinConflicts] finds
//     a random one by local search;
//   - [Symmetry] and [Orbit] relate solutions that are images of each other;
//   - [Check] and [CheckSquares] verify solutions independently of all of the above;
//   - [WriteText], [WriteSVG] and [WriteHTML] draw boards.
package queens
