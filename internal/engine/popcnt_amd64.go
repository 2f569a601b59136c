//go:build amd64 && !purego

package engine

import "golang.org/x/sys/cpu"

// hasAVX2 reports whether the processor and the system give AVX2, which minByte then
// uses (32-byte steps where SSE2 has 16).
var hasAVX2 = cpu.X86.HasAVX2

// cpuPOPCNT reports whether the processor has the POPCNT instruction (popcnt_amd64.s).
func cpuPOPCNT() bool

// minCount is choosePlain4's loop in assembly with POPCNT, for a processor that has it
// (popcnt_amd64.s): a is a state's first word, A's w words (2 to 4) and then the nact
// words of the unsettled items; over those items, the first whose options in A and in
// its row of mask (four words an item, zero past w) are fewest, and their number; it
// stops at the first item with none. It returns -1 and math.MaxInt32 when no item is
// unsettled. first is that item's first option in A (-1 when it has none, or no item is
// unsettled): a forced move's one option, without a pass of its own. The state must have
// at least 4 words.
//
// A plain amd64 build (GOAMD64=v1) checks for POPCNT before each bits.OnesCount64 and
// keeps the loop's values on the stack around the call it falls back on; here neither
// (Langford pairs 12: 0.37 s against 0.29 as a GOAMD64=v2 build, medians of 9).
//
//go:noescape
func minCount(a *uint64, w, nact int, mask *uint64) (best, score, first int32)

// takeLazy writes into dst the state src with option o taken, in an exact problem whose
// counts are found by popcounts, and returns how many options left A: A's w words less
// conf's (o's conflicts) and less o, then the wp words of the unsettled items less own
// (o's primary items). dst may be src. It is applyPlainLazy and the copy before it in one
// call, in assembly with POPCNT (popcnt_amd64.s), for the reasons given at minCount; w and
// wp are at least 1. (takeLazyGo is the same in Go.)
//
//go:noescape
func takeLazy(dst, src, conf, own *uint64, w, wp, o int) int

// minByte returns the least of the n*32 bytes at c (n >= 1) and the index of the first
// that has it: choosePlainCounts in short mode, in AVX2 vector steps where the processor
// has them (hasAVX2), else in SSE2 ones, which every amd64 processor has
// (popcnt_amd64.s).
//
//go:noescape
func minByte(c *uint8, n int) (best, score int32)

// andCount returns the population of a & m over w words (w >= 0), with POPCNT: the
// processor must have it (cpuPOPCNT). choosePlainLazy counts an item's options so; in Go
// a plain amd64 build checks for POPCNT before every word's count, and the loop's speed
// then hung on where the linker put it (pentominoes 6x10 0.84 s in one build, 0.95 in
// the next, the code unchanged).
//
//go:noescape
func andCount(a, m *uint64, w int) int

// prefetch asks the processor to bring the line at p into its caches.
//
//go:noescape
func prefetch(p *byte)
