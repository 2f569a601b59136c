// Package problems generates standard exact cover problems for tests and benchmarks.
//
// Each generator returns a [xcover.Problem] whose item and option order is fixed (and, where
// a classic generator exists, close to the order of Knuth's DLX generators), so that counts
// and running times can be compared with other programs reading the same file. Names are
// short enough for Knuth's programs (at most 8 characters, one-character colours).
//
// The generators panic on arguments outside their documented range: they are meant for tests
// and benchmarks, where such an argument is a programming error.
package problems

import (
	"fmt"
	"strconv"

	"github.com/xcover/xcover"
)

// builder wraps xcover.Builder, turning a construction error (a bug in this package) into a
// panic.
type builder struct{ b *xcover.Builder }

func newBuilder() builder { return builder{new(xcover.Builder)} }

func (b builder) primary(name string)            { b.b.AddPrimary(name) }
func (b builder) bounds(name string, lo, hi int) { b.b.AddPrimaryBounds(name, lo, hi) }
func (b builder) secondary(name string)          { b.b.AddSecondary(name) }
func (b builder) option(names ...string)         { b.b.AddOption(names...) }

func (b builder) build(what string) *xcover.Problem {
	p, err := b.b.Build()
	if err != nil {
		panic(fmt.Sprintf("problems: building %s: %v", what, err))
	}
	return p
}

// digit62 returns x as one extended hexadecimal digit 0-9, a-z, A-Z (x < 62), the spelling of
// coordinates in Knuth's generators.
func digit62(x int) string {
	switch {
	case x < 10:
		return string(rune('0' + x))
	case x < 36:
		return string(rune('a' + x - 10))
	default:
		return string(rune('A' + x - 36))
	}
}

// coord returns a function naming the numbers 0..max: one extended hexadecimal digit each
// when max < 62, as Knuth's generators do, and decimal otherwise.
func coord(max int) func(int) string {
	if max < 62 {
		return digit62
	}
	return strconv.Itoa
}

// Queens returns the n-queens problem (n >= 1): place n queens on an n x n board, none
// attacking another. Its solutions are counted by OEIS A000170 (92 for n = 8).
//
// Ranks rJ and files cK are primary, listed from the middle outwards (the organ-pipe order of
// Knuth's queens-dlx generator, so that a search tends to branch near the centre first); the
// diagonals aT (J+K = T) and bT (n-1-J+K = T) are secondary, the two one-cell diagonals at
// each end left out. There is one option per square, row by row: "rJ cK aT bU".
func Queens(n int) *xcover.Problem {
	if n < 1 {
		panic(fmt.Sprintf("problems: Queens(%d): n must be at least 1", n))
	}
	name := coord(max(n-1, 2*n-3)) // the largest rank, file or diagonal number used
	last := 2*n - 2                // diagonals 0 and last hold one square each
	b := newBuilder()
	for j := 0; j < n; j++ {
		// middle first: for even n this visits n/2, n/2-1, n/2+1, ...; for odd n the centre
		// (n-1)/2 first.
		var t int
		if j%2 == 0 {
			t = (n + j) / 2
		} else {
			t = (n - 1 - j) / 2
		}
		b.primary("r" + name(t))
		b.primary("c" + name(t))
	}
	for t := 1; t < last; t++ {
		b.secondary("a" + name(t))
		b.secondary("b" + name(t))
	}
	squareOptions(b, n, name)
	return b.build("queens")
}

// squareOptions adds one option per square of the n x n board, row by row: its rank rJ, its
// file cK and the diagonals aT and bT through it, except the diagonals of a single square
// (corner squares), which are not items.
func squareOptions(b builder, n int, name func(int) string) {
	last := 2*n - 2
	opt := make([]string, 0, 4)
	for j := 0; j < n; j++ {
		for k := 0; k < n; k++ {
			opt = append(opt[:0], "r"+name(j), "c"+name(k))
			if t := j + k; t > 0 && t < last {
				opt = append(opt, "a"+name(t))
			}
			if t := n - 1 - j + k; t > 0 && t < last {
				opt = append(opt, "b"+name(t))
			}
			b.option(opt...)
		}
	}
}

// DoubleQueens returns the 2n-queens problem with multiplicities (n >= 1): place 2n queens on
// an n x n board, exactly two in every rank and every file and at most two on every diagonal.
// Its solutions are counted by OEIS A225623 (92 for n = 5, 1097 for n = 6).
//
// Items: 2|rJ, 2|cK, and 0:2|aT, 0:2|bT for the diagonals of two or more squares (all
// primary); one option per square, row by row.
func DoubleQueens(n int) *xcover.Problem {
	if n < 1 {
		panic(fmt.Sprintf("problems: DoubleQueens(%d): n must be at least 1", n))
	}
	name := coord(max(n-1, 2*n-3)) // the largest rank, file or diagonal number used
	last := 2*n - 2
	b := newBuilder()
	for j := 0; j < n; j++ {
		b.bounds("r"+name(j), 2, 2)
	}
	for k := 0; k < n; k++ {
		b.bounds("c"+name(k), 2, 2)
	}
	for t := 1; t < last; t++ {
		b.bounds("a"+name(t), 0, 2)
		b.bounds("b"+name(t), 0, 2)
	}
	squareOptions(b, n, name)
	return b.build("double queens")
}

// Langford returns the problem of Langford pairs (n >= 1): arrange two copies of each of
// 1..n in a row of 2n places so that the two copies of i have exactly i numbers between them.
// A sequence and its reversal are both counted, so there are twice as many solutions as the
// usual count up to reversal (OEIS A014552): 2 for n = 3 and 4, 52 for n = 7, 300 for n = 8,
// and none unless n mod 4 is 0 or 3.
//
// Items: the values "1".."n", then the places s0..s(2n-1), all primary; option "i sJ sK" puts
// the copies of i in places J and K = J+i+1.
func Langford(n int) *xcover.Problem {
	if n < 1 {
		panic(fmt.Sprintf("problems: Langford(%d): n must be at least 1", n))
	}
	place := coord(2*n - 1)
	b := newBuilder()
	for i := 1; i <= n; i++ {
		b.primary(strconv.Itoa(i))
	}
	for j := 0; j < 2*n; j++ {
		b.primary("s" + place(j))
	}
	for i := 1; i <= n; i++ {
		for j := 0; j+i+1 < 2*n; j++ {
			b.option(strconv.Itoa(i), "s"+place(j), "s"+place(j+i+1))
		}
	}
	return b.build("langford")
}

// TwoPerRowCol returns the problem whose solutions are the 0/1 n x n matrices with exactly two
// 1s in every row and every column (n >= 2), counted by OEIS A001499 (90 for n = 4, 3110940
// for n = 7).
//
// Items: 2|r0..2|r(n-1) and 2|c0..2|c(n-1), all primary with multiplicity 2; one option
// "rI cJ" per cell, row by row.
func TwoPerRowCol(n int) *xcover.Problem {
	if n < 2 {
		panic(fmt.Sprintf("problems: TwoPerRowCol(%d): n must be at least 2", n))
	}
	name := coord(n - 1)
	b := newBuilder()
	for i := 0; i < n; i++ {
		b.bounds("r"+name(i), 2, 2)
	}
	for j := 0; j < n; j++ {
		b.bounds("c"+name(j), 2, 2)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			b.option("r"+name(i), "c"+name(j))
		}
	}
	return b.build("two per row and column")
}

// FormatExample is the example of the format description: item B covered exactly twice, C
// at most twice, and options that agree on the colour of X. Its solutions are options
// {0, 2}, {0, 3} and {1, 2, 3}.
func FormatExample() *xcover.Problem {
	b := newBuilder()
	b.primary("A")
	b.bounds("B", 2, 2)
	b.bounds("C", 0, 2)
	b.secondary("X")
	b.secondary("Y")
	b.option("A", "B", "X:red")
	b.option("A", "C", "X:red", "Y")
	b.option("B", "C")
	b.option("B")
	b.option("C", "X:blue")
	return b.build("the format example")
}

// Dominoes is the tiling of an m×n board (m rows, n columns) by dominoes: the cells are
// the primary items, listed row by row ("r.c"), and each domino on two adjacent cells is
// an option. Knuth's DLX6 and the DXZ paper measure memoised counting on it: the number of
// tilings grows as 1.34^(mn) (Kasteleyn).
func Dominoes(m, n int) *xcover.Problem {
	b := newBuilder()
	cell := func(r, c int) string { return fmt.Sprintf("%d.%d", r, c) }
	for r := range m {
		for c := range n {
			b.primary(cell(r, c))
		}
	}
	for r := range m {
		for c := range n {
			if c+1 < n {
				b.option(cell(r, c), cell(r, c+1))
			}
			if r+1 < m {
				b.option(cell(r, c), cell(r+1, c))
			}
		}
	}
	return b.build("dominoes")
}
