package engine

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestTakeLazy checks the assembly of takeLazy against its Go version, takeLazyGo, on
// random words, of every length from 1 to 9 and 1 to 3 words of items, in place and into
// another state (minCount is checked through choose, in TestBitsChooseFastPaths), and
// takeLazyGo against a plain loop.
func TestTakeLazy(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for w := 1; w <= 9; w++ {
		for wp := 1; wp <= 3; wp++ {
			for n := range 100 {
				src, conf, own := make([]uint64, w+wp+1), make([]uint64, w), make([]uint64, wp)
				for i := range src {
					src[i] = rng.Uint64() & rng.Uint64()
				}
				for i := range conf {
					conf[i] = rng.Uint64() & rng.Uint64()
				}
				for i := range own {
					own[i] = rng.Uint64()
				}
				o := rng.IntN(64 * w)
				if n%2 == 0 { // o in A and in its own conflicts, as an option with primary items
					src[o>>6] |= 1 << (o & 63)
					conf[o>>6] |= 1 << (o & 63)
				}
				want, upd := slices.Clone(src), 0
				for i := range w {
					upd += bits.OnesCount64(want[i] & conf[i])
					want[i] &^= conf[i]
				}
				if want[o>>6]&(1<<(o&63)) != 0 {
					want[o>>6] &^= 1 << (o & 63)
					upd++
				}
				for i := range wp {
					want[w+i] &^= own[i]
				}
				// want[w+wp] is past the state: it must stay as it is.
				for _, inPlace := range []bool{true, false} {
					for _, asm := range []bool{false, true} {
						if asm && !cpuPOPCNT() {
							continue
						}
						dst := slices.Clone(src)
						from := dst
						if !inPlace {
							from = slices.Clone(src)
							dst = make([]uint64, len(src))
							dst[w+wp] = src[w+wp]
						}
						var got int
						if asm {
							got = takeLazy(&dst[0], &from[0], &conf[0], &own[0], w, wp, o)
						} else {
							got = takeLazyGo(unsafe.Pointer(&dst[0]), unsafe.Pointer(&from[0]), unsafe.Pointer(&conf[0]), unsafe.Pointer(&own[0]), w, wp, int32(o))
						}
						if got != upd || !slices.Equal(dst, want) {
							t.Fatalf("w %d wp %d o %d in place %v assembly %v: %d and %x, want %d and %x", w, wp, o, inPlace, asm, got, dst, upd, want)
						}
					}
				}
			}
		}
	}
}

// TestMinByte checks minByte (in AVX2 or SSE2 steps, or in Go) against a plain loop on
// random bytes, 1 to 12 blocks of 32, the least placed anywhere, once or many times (a
// least of 1, a 0 among 1s, and larger), and the SSE2 steps too where the processor has
// AVX2.
func TestMinByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	check := func(name string) {
		for n := 1; n <= 12; n++ {
			for trial := range 300 {
				c := make([]uint8, 32*n+32) // one block more: minByte must not read it
				for i := range c {
					switch trial % 3 {
					case 0:
						c[i] = uint8(rng.IntN(256))
					case 1:
						c[i] = 2 + uint8(rng.IntN(8)) // Sudoku's counts: the least met again and again
					case 2: // a forced move's 1s, settled items' 255s
						c[i] = []uint8{1, 2, 3, 255}[rng.IntN(4)]
					}
				}
				if trial%3 == 2 && trial%2 == 0 { // one 0 among the 1s: a dead end
					c[rng.IntN(32*n)] = 0
				}
				if trial%5 == 0 { // a least the block past the end would beat
					c[32*n+rng.IntN(32)] = 0
				}
				want, wantScore := 0, c[0]
				for i, v := range c[:32*n] {
					if v < wantScore {
						want, wantScore = i, v
					}
				}
				best, score := minByte(&c[0], n)
				if int(best) != want || score != int32(wantScore) {
					t.Fatalf("%s: n=%d trial %d: minByte = (%d, %d), want (%d, %d)", name, n, trial, best, score, want, wantScore)
				}
			}
		}
	}
	check("minByte")
	if hasAVX2 {
		hasAVX2 = false
		defer func() { hasAVX2 = true }()
		check("minByte without AVX2")
	}
}

// TestAndCount checks andCount, where the processor has POPCNT, against a plain loop on
// random words, 0 to 41 of them.
func TestAndCount(t *testing.T) {
	if !cpuPOPCNT() {
		t.Skip("no POPCNT: andCount is not used")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	for w := range 42 {
		for range 50 {
			a, m := make([]uint64, w+1), make([]uint64, w+1)
			for i := range a {
				a[i], m[i] = rng.Uint64(), rng.Uint64()&rng.Uint64()
			}
			want := 0
			for i := range w {
				want += bits.OnesCount64(a[i] & m[i])
			}
			if got := andCount(&a[0], &m[0], w); got != want {
				t.Fatalf("w=%d: andCount = %d, want %d", w, got, want)
			}
		}
	}
}
