package queens

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
)

// errNoSolution is returned for the boards with no solution: n = 2 and n = 3.
var errNoSolution = errors.New("queens: no solution for n = 2 or 3")

// maxN is the largest board side the package takes (the construction's, and the
// min-conflicts search's, in linear time and memory). It is 2^21: such a board is built
// and written in under a second and 120 MB; at 10^8 a listing took 64 s and 4.7 GB, deaf to
// signals while it built and wrote the board (issue 41).
const maxN = 1 << 21

func checkSide(n int) error {
	switch {
	case n < 1 || n > maxN:
		return fmt.Errorf("queens: board side %d out of range [1, %d]", n, maxN)
	case n == 2 || n == 3:
		return errNoSolution
	}
	return nil
}

// Construct returns a solution of the n-queens problem, the file of the queen on each rank,
// by the explicit construction of Hoffman, Loessi and Moore (1969), in linear time.
//
// In 1-based terms: the files are the even numbers in increasing order followed by the odd
// ones, except that when n mod 6 = 2 the odd files run 3, 1, 7, 9, ..., 5 (1 and 3 swapped and 5
// moved to the end), and when n mod 6 = 3 the even files run 4, 6, ..., 2 and the odd ones
// 5, 7, ..., 1, 3.
func construction(n int) ([]int, error) {
	if err := checkSide(n); err != nil {
		return nil, err
	}
	cols := make([]int, 0, n)
	// add appends the 1-based files from to to (inclusive) by steps of 2, as 0-based files.
	add := func(from, to int) {
		for f := from; f <= to; f += 2 {
			cols = append(cols, f-1)
		}
	}
	switch n % 6 {
	case 2:
		add(2, n)
		cols = append(cols, 3-1, 1-1)
		add(7, n)
		if n >= 5 {
			cols = append(cols, 5-1)
		}
	case 3:
		add(4, n)
		cols = append(cols, 2-1)
		add(5, n)
		cols = append(cols, 1-1, 3-1)
	default:
		add(2, n)
		add(1, n)
	}
	return cols, nil
}

// minConflicts returns a random solution of the n-queens problem found by local search: the
// files start as a permutation built greedily at random, then two queens in conflict swap
// files whenever that lowers the number of conflicts on the diagonals, and the search starts
// afresh when it stalls. The same seed gives the same solution. It takes about linear time for
// large n, and fails only when ctx is done.
func minConflicts(ctx context.Context, n int, seed uint64) ([]int, error) {
	if err := checkSide(n); err != nil {
		return nil, err
	}
	if n == 1 {
		return []int{0}, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	s := &localSearch{
		n:    n,
		cols: make([]int, n),
		up:   make([]int32, 2*n-1),
		down: make([]int32, 2*n-1),
		rng:  rng,
	}
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if s.try(ctx) {
			return s.cols, nil
		}
	}
}

// A localSearch holds the state of minConflicts.
type localSearch struct {
	n        int
	cols     []int
	up, down []int32 // queens on each anti-diagonal r+f and diagonal r-f+n-1
	rng      *rand.Rand
}

// conflicts returns the number of conflicts: sum over diagonals of (queens-1) where positive.
func (s *localSearch) conflicts() int {
	c := 0
	for k := range s.up {
		c += max(int(s.up[k])-1, 0) + max(int(s.down[k])-1, 0)
	}
	return c
}

// remove takes the queen of rank r off its diagonals and returns the change in conflicts.
func (s *localSearch) remove(r int) int {
	f := s.cols[r]
	d := 0
	if s.up[r+f]--; s.up[r+f] >= 1 {
		d--
	}
	if s.down[r-f+s.n-1]--; s.down[r-f+s.n-1] >= 1 {
		d--
	}
	return d
}

// put sets the queen of rank r on file f and returns the change in conflicts.
func (s *localSearch) put(r, f int) int {
	s.cols[r] = f
	d := 0
	if s.up[r+f]++; s.up[r+f] > 1 {
		d++
	}
	if s.down[r-f+s.n-1]++; s.down[r-f+s.n-1] > 1 {
		d++
	}
	return d
}

func (s *localSearch) attacked(r int) bool {
	f := s.cols[r]
	return s.up[r+f] > 1 || s.down[r-f+s.n-1] > 1
}

// try makes one attempt from a fresh start and reports whether it found a solution.
func (s *localSearch) try(ctx context.Context) bool {
	n := s.n
	clear(s.up)
	clear(s.down)
	for i := range s.cols {
		s.cols[i] = i
	}
	// Greedy start: give each rank in turn a random unused file on free diagonals, trying a
	// bounded number of times; the last ranks take what is left.
	for r := range n {
		pick := r
		for range 64 {
			j := r + s.rng.IntN(n-r)
			f := s.cols[j]
			if s.up[r+f] == 0 && s.down[r-f+n-1] == 0 {
				pick = j
				break
			}
			pick = j
		}
		s.cols[r], s.cols[pick] = s.cols[pick], s.cols[r]
		f := s.cols[r]
		s.up[r+f]++
		s.down[r-f+n-1]++
	}
	total := s.conflicts()
	// Repair: swap files of an attacked queen with a random other queen when it helps.
	budget := 20*n + 10000
	for pass := 0; total > 0; pass++ {
		if pass%64 == 63 && ctx.Err() != nil {
			return false
		}
		improved := false
		for r := 0; r < n && total > 0; r++ {
			if !s.attacked(r) {
				continue
			}
			for range 4 {
				budget--
				j := s.rng.IntN(n)
				if j == r {
					continue
				}
				fr, fj := s.cols[r], s.cols[j]
				d := s.remove(r) + s.remove(j)
				d += s.put(r, fj) + s.put(j, fr)
				if d < 0 {
					total += d
					improved = true
					break
				}
				s.remove(r)
				s.remove(j)
				s.put(r, fr)
				s.put(j, fj)
			}
		}
		if budget < 0 || (!improved && pass > 10) {
			return false
		}
	}
	return true
}
