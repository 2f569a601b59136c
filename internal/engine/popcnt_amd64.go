//go:build amd64 && !purego

package engine

// cpuPOPCNT reports whether the processor has the POPCNT instruction (popcnt_amd64.s).
func cpuPOPCNT() bool

// minCount is choosePlain4's loop in assembly with POPCNT, for a processor that has it
// (popcnt_amd64.s): over the items in the nact words at act, the first whose options in
// a and in its row of mask (four words an item) are fewest, and their number; it stops at
// the first item with none. Only the first n words (2 to 4) of a and of each row are
// counted: the caller makes sure that the others would add nothing. It returns -1 and
// math.MaxInt32 when act has no item.
//
// A plain amd64 build (GOAMD64=v1) checks for POPCNT before each bits.OnesCount64 and
// keeps the loop's values on the stack around the call it falls back on; here neither
// (Langford pairs 12: 0.37 s against 0.29 as a GOAMD64=v2 build, medians of 9).
//
//go:noescape
func minCount(act *uint64, nact int, mask *uint64, a *[4]uint64, n int) (best, score int32)
