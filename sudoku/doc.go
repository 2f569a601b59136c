// Package sudoku solves, counts and draws Sudoku puzzles of any box size and common variants.
//
// A [Board] describes the geometry: the side N, the cells and the units (rows, columns, boxes
// or jigsaw regions, and the extra units of the X and windoku variants) that must each hold
// every symbol exactly once. A [Grid] holds one puzzle or solution as values 0 (blank) and
// 1..N. Puzzles are read one a line or as pictures over N lines by a [Reader], and written
// back in the alphabet they came in ([Alphabet]).
//
// Two solvers share the same exact cover model: [Board.Encode] builds the xcover problem
// (items: cell, row-digit, column-digit, region-digit and variant-digit; options: cell×digit)
// for the general engine, and [Board.Solve], [Board.Each] and [Board.SolveAll] use a
// dedicated kernel with candidate bitsets per cell, naked and hidden singles to a fixed
// point, and branching on the cell with fewest candidates. [Board.Check] verifies a
// solution independently of both.
package sudoku
