// Command spin keeps goroutines busy with arithmetic alone, for bench/memo.sh: its speed-up
// on two goroutines against one is the most that the machine gives any program, so that a
// count's speed-up can be read against it.
//
// Usage:
//
//	spin [-workers N] [-steps K] [-chase M | -wide]
//
// It runs K steps of a 64-bit random number generator in all (default 2^30), split evenly
// over N goroutines (default 1), touching no memory beyond registers and sharing nothing,
// and prints a number that depends on every step (so that no step can be left out). On a
// machine whose cores are its own the time on two goroutines is half that on one; on a
// virtual machine that shares its cores, or whose cores slow down when both run, it is more.
//
// With -wide each step is ten independent adds at once, more arithmetic than one core
// can issue in a cycle: where a virtual machine's processor shares its core with another
// (simultaneous multithreading, its sibling ours or another guest's), the sibling's work
// takes issue slots from it, and the speed-up on two goroutines falls below 2 — or one
// goroutine alone runs faster whenever its core's sibling is idle. Plain spin, one chain of
// dependent steps, leaves slots free and does not see it.
//
// With -chase M each goroutine instead walks a random cycle through M MiB of memory of its
// own, one cache line a step, each step's address read in the step before — the reads of a
// hash table far larger than the caches, as the memoised counts make them. Its speed-up is
// the most that the machine's memory gives such a program at the time: on a virtual machine
// whose memory is shared with others, two cores' reads may each wait longer than one's.
//
// With -pingpong two goroutines (on two cores, where the machine has them) pass a counter
// back and forth through one cache line, K trips in all, and it prints the time a trip
// takes: how long data written by one core takes to reach another, as the memoised counts'
// workers read the entries, keys and boxes that another worker wrote. Where two cores share
// their last-level cache this is tens of nanoseconds; where they do not (two chiplets or
// sockets, or two virtual processors placed apart) it is a read from memory or more.
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

func main() {
	workers := flag.Int("workers", 1, "goroutines `N`")
	steps := flag.Uint64("steps", 1<<30, "steps `K` in all")
	mib := flag.Int("chase", 0, "walk `M` MiB of memory a goroutine instead (0: arithmetic)")
	wide := flag.Bool("wide", false, "ten independent chains of arithmetic a step, filling a core")
	ping := flag.Bool("pingpong", false, "pass a counter between two goroutines, K trips, and print a trip's time")
	flag.Parse()
	if *ping {
		start := time.Now()
		n := pingpong(*steps)
		fmt.Printf("%d trips, %.1f ns a trip\n", n, float64(time.Since(start).Nanoseconds())/float64(max(n, 1)))
		return
	}
	if *wide {
		fmt.Println(spread(max(1, *workers), *steps, runWide))
		return
	}
	if *mib > 0 {
		fmt.Println(spread(max(1, *workers), *steps, func(seed, n uint64) uint64 { return chase(seed, *mib, n) }))
		return
	}
	fmt.Println(spin(max(1, *workers), *steps))
}

// spin runs steps steps split over workers goroutines and returns the xor of their last
// states.
func spin(workers int, steps uint64) uint64 { return spread(workers, steps, run) }

// spread runs steps steps of walk split over workers goroutines, walk(seed, n) on each with
// seeds 1, 2, ..., and returns the xor of their results.
func spread(workers int, steps uint64, walk func(seed, n uint64) uint64) uint64 {
	results := make([]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		n := steps / uint64(workers)
		if uint64(w) < steps%uint64(workers) {
			n++
		}
		wg.Go(func() { results[w] = walk(uint64(w)+1, n) })
	}
	wg.Wait()
	var x uint64
	for _, r := range results {
		x ^= r
	}
	return x
}

// run returns the state of a generator seeded with seed after n steps.
func run(seed, n uint64) uint64 {
	s := seed
	for range n {
		s = s*6364136223846793005 + 1442695040888963407
		s ^= s >> 29
	}
	return s
}

// runWide returns the xor of ten counters started from seed after n steps each, the ten
// advanced side by side by odd amounts: each step is ten adds, none dependent on another,
// more than a core issues in a cycle.
func runWide(seed, n uint64) uint64 {
	a := seed*0x9e3779b97f4a7c15 | 1
	x0, x1, x2, x3, x4 := seed, seed+1, seed+2, seed+3, seed+4
	x5, x6, x7, x8, x9 := seed+5, seed+6, seed+7, seed+8, seed+9
	for range n {
		x0 += a
		x1 += a
		x2 += a
		x3 += a
		x4 += a
		x5 += a
		x6 += a
		x7 += a
		x8 += a
		x9 += a
	}
	return x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7 ^ x8 ^ x9
}

// lineWords is the number of words in a cache line: a chase reads one word of each line.
const lineWords = 8

// chase walks n steps through mib MiB of its own: a random cycle through the buffer's
// cache lines (the cycle drawn with seed), each line holding the index of the next. It
// returns the index it stops at.
func chase(seed uint64, mib int, n uint64) uint64 {
	next := cycle(seed, mib<<20/(8*lineWords))
	i := uint64(0)
	for range n {
		i = next[i]
	}
	return i
}

// cycle returns a buffer of lines cache lines whose first words link them into one random
// cycle: the word at line a's start is the index of the next line's start.
func cycle(seed uint64, lines int) []uint64 {
	rng := rand.New(rand.NewPCG(seed, 0))
	order := rng.Perm(lines) // order[k] is the k-th line of the cycle
	next := make([]uint64, lines*lineWords)
	for k, a := range order {
		next[a*lineWords] = uint64(order[(k+1)%lines] * lineWords)
	}
	return next
}

// pingpong passes a counter between two goroutines through one word until it reaches
// trips: the first moves it from even to odd, the second from odd to even, each waiting
// (spinning) for the other's move, or yielding where the goroutines share one processor
// (GOMAXPROCS=1). It returns the counter's last value, trips.
func pingpong(trips uint64) uint64 {
	yield := runtime.GOMAXPROCS(0) < 2
	var line struct {
		_ [64]byte // the counter alone in its cache line
		n atomic.Uint64
		_ [64]byte
	}
	pass := func(parity uint64) {
		for {
			n := line.n.Load()
			if n >= trips {
				return
			}
			if n&1 == parity {
				line.n.Store(n + 1)
			} else if yield {
				runtime.Gosched()
			}
		}
	}
	var wg sync.WaitGroup
	wg.Go(func() { pass(1) })
	pass(0)
	wg.Wait()
	return line.n.Load()
}
