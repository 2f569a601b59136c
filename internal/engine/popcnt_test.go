package engine

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestAndNotCount checks the assembly of applyPlainLazy against its Go loop on random
// words, of every length from 1 to 9 (minCount is checked through choose, in
// TestBitsChooseFastPaths).
func TestAndNotCount(t *testing.T) {
	if !cpuPOPCNT() {
		t.Skip("no assembly for this processor")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for w := 1; w <= 9; w++ {
		for range 100 {
			a, conf := make([]uint64, w+1), make([]uint64, w)
			for t := range w {
				a[t], conf[t] = rng.Uint64()&rng.Uint64(), rng.Uint64()&rng.Uint64()
			}
			a[w] = rng.Uint64() // past w: must stay as it is
			want, n := slices.Clone(a), 0
			for t := range w {
				n += bits.OnesCount64(want[t] & conf[t])
				want[t] &^= conf[t]
			}
			if got := andNotCount(&a[0], &conf[0], w); got != n || !slices.Equal(a, want) {
				t.Fatalf("w %d: %d and %x, want %d and %x", w, got, a, n, want)
			}
		}
	}
}
