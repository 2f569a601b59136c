// Package qmem says how much memory a count by the queens package's bitboard engine takes,
// so that a server can reserve it in its memory budget before the count starts.
//
// The figures are the package's own (its tests check them against the tables and buffers
// the counter builds): a server sees only the request, an n and a number of goroutines.
package qmem

// tableBytes[h] is the size of the quadrant counter's table of the h×h quadrant (the
// counter of 14 <= n <= 23, h = n/2): 8 bytes for each placement of queens on the
// quadrant and 4 for each set of ranks and files.
var tableBytes = [...]int64{7: 200_500, 8: 1_213_900, 9: 8_372_116, 10: 64_477_260, 11: 551_235_092}

// workerBytes[h] bounds the buffers of one goroutine of the quadrant counter (its half
// boards, their keys and the matcher built from them): twice the most seen over a pass
// of its tasks.
var workerBytes = [...]int64{7: 1 << 20, 8: 2 << 20, 9: 4 << 20, 10: 16 << 20, 11: 64 << 20}

// Quadrant bounds of the counter, as the queens package sets them.
const (
	minQuadN = 14
	maxQuadN = 23
)

// TableBytes returns the size of the quadrant table of the n×n board, 0 where the quadrant
// counter does not count it.
func TableBytes(n int) int64 {
	if n < minQuadN || n > maxQuadN {
		return 0
	}
	return tableBytes[n/2]
}

// CountBytes returns about the most memory that the bitboard engine takes to count the
// n×n board with one queen per line on the given number of goroutines (0 means 1): the
// quadrant table and each goroutine's buffers for 14 <= n <= 23, its list of tasks
// (under 5 MiB at n = 27) and a stack a goroutine otherwise.
func CountBytes(n, workers int) int64 {
	workers = max(1, workers)
	switch {
	case n < minQuadN:
		return 64 << 10
	case n <= maxQuadN:
		return tableBytes[n/2] + int64(workers)*workerBytes[n/2]
	}
	return 8<<20 + int64(workers)*(64<<10)
}
