package problems

import (
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/sudoku"
)

// EscargotLess5 returns Arto Inkala's Sudoku "Escargot" without its last five givens, as
// package sudoku encodes it: 855,376 completions, a search tree of 12.4 million nodes
// nearly all of which are forced moves, whose sub-problems seldom repeat.
func EscargotLess5() *xcover.Problem {
	b, pz, err := sudoku.ParsePuzzle(strings.Join([]string{
		"1....7.9.", ".3..2...8", "..96..5..", "..53..9..", ".1..8...2", "6....4...",
		"3........", ".........", "........."}, ""), sudoku.Variant{}, sudoku.OneBased)
	if err != nil {
		panic(err)
	}
	enc, err := b.Encode(pz.Grid)
	if err != nil {
		panic(err)
	}
	return enc.Problem
}
