// Command spin keeps goroutines busy with arithmetic alone, for bench/memo.sh: its speed-up
// on two goroutines against one is the most that the machine gives any program, so that a
// count's speed-up can be read against it.
//
// Usage:
//
//	spin [-workers N] [-steps K]
//
// It runs K steps of a 64-bit random number generator in all (default 2^30), split evenly
// over N goroutines (default 1), touching no memory beyond registers and sharing nothing,
// and prints a number that depends on every step (so that no step can be left out). On a
// machine whose cores are its own the time on two goroutines is half that on one; on a
// virtual machine that shares its cores, or whose cores slow down when both run, it is more.
package main

import (
	"flag"
	"fmt"
	"sync"
)

func main() {
	workers := flag.Int("workers", 1, "goroutines `N`")
	steps := flag.Uint64("steps", 1<<30, "steps `K` in all")
	flag.Parse()
	fmt.Println(spin(max(1, *workers), *steps))
}

// spin runs steps steps split over workers goroutines and returns the xor of their last
// states.
func spin(workers int, steps uint64) uint64 {
	results := make([]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		n := steps / uint64(workers)
		if uint64(w) < steps%uint64(workers) {
			n++
		}
		wg.Go(func() { results[w] = run(uint64(w)+1, n) })
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
