// Package tiling encodes polyomino and polycube tiling puzzles as exact cover problems and
// draws their solutions.
//
// A puzzle is a [Region] (a set of cells in the plane or in space) and a list of [Piece]s,
// each to be used a given number of times. [Puzzle.Encode] turns it into an
// [xcover.Problem] with one primary item per cell and one per piece, and one option per
// placement of a piece in one of its allowed orientations. [Encoding.Tiling] turns a solution
// back into pieces on cells, [Check] verifies a tiling without the encoder's help, and
// [Tiling.String] and [WriteSVG] draw tilings. A front end states a puzzle as a [Spec]
// (pieces by name or in a picture, the region by its size or in a picture) and
// [Spec.Puzzle] reads it.
//
// Essentially different solutions are counted through [Encoding.Reduce], which finds the
// symmetries of the region that the allowed orientations respect and makes a [Reduced]
// search: smaller problems that visit only part of every orbit of solutions.
package tiling
