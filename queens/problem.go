package queens

import (
	"fmt"
	"strconv"

	"github.com/xcover/xcover"
)

// maxProblemN is the largest board side [Problem] encodes: the encoding has n² options.
const maxProblemN = 4096

// tooLarge refuses a board side beyond maxProblemN.
func tooLarge(n int) error {
	return requestErrorf("board side %d too large to encode: at most %d", n, maxProblemN)
}

// A Square is a cell of the board, given by its 0-based rank (row) and file (column).
type Square struct {
	Rank, File int
}

// Problem returns the exact cover encoding of placing perLine queens on every rank and
// every file of an n×n board with at most perLine queens on every diagonal.
//
// Option r*n+f places a queen on rank r, file f; [Decode] reads a solution back. Ranks and files are
// primary items named r<i> and f<i>, listed from the middle of the board outwards, ranks and
// files alternating, so that a solver that breaks ties by item order starts where the
// choices are fewest. Diagonals are named a<r+f> and d<r-f+n-1>. For perLine = 1 they are
// secondary items; for perLine = K > 1 they are primary items with bounds 0..K, ranks and files
// exactly K. Diagonals with at most perLine squares can never be overfull and are left out.
// A board side beyond 4096 is a *RequestError, as front ends report it.
func Problem(n, perLine int) (*xcover.Problem, error) {
	if n > maxProblemN {
		return nil, tooLarge(n)
	}
	if n < 1 {
		return nil, fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxProblemN)
	}
	if perLine < 1 || perLine > n {
		return nil, fmt.Errorf("queens: %d queens per line out of range [1, %d]", perLine, n)
	}
	b := new(xcover.Builder)
	rank := make([]int, n) // item index of each rank
	file := make([]int, n)
	for _, i := range middleOut(n) {
		rank[i], _ = b.AddPrimaryBounds("r"+strconv.Itoa(i), perLine, perLine)
		file[i], _ = b.AddPrimaryBounds("f"+strconv.Itoa(i), perLine, perLine)
	}
	// Diagonal k (a: r+f = k; d: r-f+n-1 = k) has min(k, 2n-2-k)+1 squares.
	diagLen := func(k int) int { return min(k, 2*n-2-k) + 1 }
	anti := make([]int, 2*n-1) // item index of each diagonal, or -1 when left out
	diag := make([]int, 2*n-1)
	for _, set := range []struct {
		prefix string
		idx    []int
	}{{"a", anti}, {"d", diag}} {
		for k := range set.idx {
			set.idx[k] = -1
			if diagLen(k) <= perLine {
				continue
			}
			name := set.prefix + strconv.Itoa(k)
			if perLine == 1 {
				set.idx[k], _ = b.AddSecondary(name)
			} else {
				set.idx[k], _ = b.AddPrimaryBounds(name, 0, perLine)
			}
		}
	}
	if err := b.Err(); err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	entries := make([]xcover.Entry, 0, 4)
	for r := range n {
		for f := range n {
			entries = append(entries[:0], xcover.Entry{Item: rank[r]}, xcover.Entry{Item: file[f]})
			if a := anti[r+f]; a >= 0 {
				entries = append(entries, xcover.Entry{Item: a})
			}
			if d := diag[r-f+n-1]; d >= 0 {
				entries = append(entries, xcover.Entry{Item: d})
			}
			b.AddOptionEntries(entries...)
		}
	}
	p, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("queens: %w", err)
	}
	return p, nil
}

// middleOut returns 0..n-1 from the middle outwards: for n = 8, 4 3 5 2 6 1 7 0.
func middleOut(n int) []int {
	out := make([]int, 0, n)
	lo, hi := n/2-1, n/2
	if n%2 == 1 {
		out = append(out, n/2)
		hi = n/2 + 1
	}
	for lo >= 0 {
		out = append(out, hi, lo)
		lo--
		hi++
	}
	return out
}

// squareOf returns the square on which option k of Problem(n, ·) places its queen.
func squareOf(n, k int) Square { return Square{Rank: k / n, File: k % n} }

// Decode returns the board of a solution of Problem(n, ·), given as option indices: its
// queens in the order of the options. [Board.Files] gives the file of the queen on each
// rank of a solution with one queen per line.
func Decode(n int, sol []int) Board {
	out := make([]Square, len(sol))
	for i, k := range sol {
		out[i] = squareOf(n, k)
	}
	return Board{N: n, Queens: out}
}

// columns returns the file of the queen on each rank of a solution of Problem(n, 1), given as
// option indices. It fails unless the options put exactly one queen on every rank.
func columns(n int, sol []int) ([]int, error) {
	if len(sol) != n {
		return nil, fmt.Errorf("queens: %d options for %d ranks", len(sol), n)
	}
	cols := make([]int, n)
	for i := range cols {
		cols[i] = -1
	}
	for _, k := range sol {
		if k < 0 || k >= n*n {
			return nil, fmt.Errorf("queens: option %d out of range [0, %d)", k, n*n)
		}
		sq := squareOf(n, k)
		if cols[sq.Rank] >= 0 {
			return nil, fmt.Errorf("queens: two queens on rank %d", sq.Rank)
		}
		cols[sq.Rank] = sq.File
	}
	return cols, nil
}
