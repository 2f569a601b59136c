package sudoku

import (
	"fmt"
	"strconv"

	"github.com/xcover/xcover"
)

// givens says how [Board.encode] expresses the filled cells of a puzzle.
type givens uint8

const (
	// givensInitial keeps every cell×value option and lists the givens' options in
	// Encoding.initial, to be passed as [xcover.Config].Initial.
	givensInitial givens = iota
	// givensOmit leaves out every option that contradicts a given (another value in a
	// given cell, or a given's value in one of its peers), so the problem stands alone.
	givensOmit
)

// An Encoding is a Sudoku puzzle as an exact cover problem, with what is needed to decode
// its solutions.
//
// Items, all primary and covered exactly once: one a cell ("r3c4": the cell holds a value),
// and one a unit and value ("r3=5", "c4=5", "b2=5" for rows, columns and regions, "x1=5" and
// "x2=5" for the diagonals, "w1=5" ... for windows: the unit holds the value). Options: one a
// cell and value, naming the cell item and the unit-value item of each unit of the cell.
type Encoding struct {
	Problem *xcover.Problem
	initial []int // the options of the givens (givensInitial), or nil (givensOmit)
	board   *Board
	cell    []int32 // cell of each option
	value   []uint8 // value of each option
}

// Encode returns puzzle as an exact cover problem that stands alone: the givens are
// expressed by leaving out every option that contradicts one (another value in a given
// cell, or a given's value in one of its peers).
func (b *Board) Encode(puzzle Grid) (*Encoding, error) { return b.encode(puzzle, givensOmit) }

// encode returns puzzle as an exact cover problem, its givens expressed as mode says.
func (b *Board) encode(puzzle Grid, mode givens) (*Encoding, error) {
	n := b.n
	if len(puzzle) != n*n {
		return nil, fmt.Errorf("sudoku: puzzle has %d cells, want %d", len(puzzle), n*n)
	}
	bld := new(xcover.Builder)
	for i := 0; i < n*n; i++ {
		bld.AddPrimary("r" + strconv.Itoa(i/n+1) + "c" + strconv.Itoa(i%n+1))
	}
	unitItem := make([]int, len(b.units)) // item of unit u, value 1
	for u, name := range b.unitNames {
		unitItem[u] = n*n + u*n
		for v := 1; v <= n; v++ {
			bld.AddPrimary(name + "=" + strconv.Itoa(v))
		}
	}
	e := &Encoding{board: b}
	entries := make([]xcover.Entry, 0, 8)
	for i := 0; i < n*n; i++ {
		for v := 1; v <= n; v++ {
			if mode == givensOmit && b.contradicts(puzzle, i, uint8(v)) {
				continue
			}
			entries = append(entries[:0], xcover.Entry{Item: i})
			for _, u := range b.cellUnits[i] {
				entries = append(entries, xcover.Entry{Item: unitItem[u] + v - 1})
			}
			if mode == givensInitial && puzzle[i] == uint8(v) {
				e.initial = append(e.initial, len(e.cell))
			}
			bld.AddOptionEntries(entries...)
			e.cell = append(e.cell, int32(i))
			e.value = append(e.value, uint8(v))
		}
	}
	p, err := bld.Build()
	if err != nil {
		return nil, fmt.Errorf("sudoku: encoding: %w", err)
	}
	e.Problem = p
	return e, nil
}

// contradicts reports whether value v in cell i contradicts a given of the puzzle.
func (b *Board) contradicts(puzzle Grid, i int, v uint8) bool {
	if puzzle[i] != 0 && puzzle[i] != v {
		return true
	}
	for _, p := range b.peers[i] {
		if puzzle[p] == v {
			return true
		}
	}
	return false
}

// option returns the cell and the value of option k.
func (e *Encoding) option(k int) (cell int, value uint8) { return int(e.cell[k]), e.value[k] }

// Decode returns the grid filled by the options of a solution.
func (e *Encoding) Decode(sol []int) (Grid, error) {
	g := make(Grid, e.board.Cells())
	for _, k := range sol {
		if k < 0 || k >= len(e.cell) {
			return nil, fmt.Errorf("sudoku: option %d out of range", k)
		}
		c := e.cell[k]
		if g[c] != 0 {
			return nil, fmt.Errorf("sudoku: cell r%dc%d filled twice", int(c)/e.board.n+1, int(c)%e.board.n+1)
		}
		g[c] = e.value[k]
	}
	return g, nil
}
