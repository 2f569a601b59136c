package xcover_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
)

// FuzzCrossCheck builds a small problem from the fuzzer's bytes (fuzzProblem) and checks
// it as TestCrossCheckRandom checks random ones — every search option against brute force,
// every solution with the verifier — and its memoised counts, on one to three workers and
// in two shares, against brute force's count. The fuzzer steers the problems' shapes
// (bounds, colours, repeated options, items with many options) towards code not yet run.
func FuzzCrossCheck(f *testing.F) {
	for _, seed := range [][]byte{
		{2, 0, 3, 0, 0, 4, 0, 0, 6, 0, 0}, // plain: {p0 p1} {p2} {p1 p2}
		// Colours: {p0 s0:red} {p1 s0:red} {p2 p3 s1:red} {p0 p1} {p2 s1} {p3 s1:red}.
		{3 + 7*2, 2, 17, 0, 1, 18, 0, 1, 44, 0, 4, 3, 0, 0, 36, 0, 0, 40, 0, 4},
		// Bounds 1:3, 2:3, 0:3, 0:2: {p0 p1} twice, {p2 p3}, {p1 p2}.
		{3, 1, 5, 8, 2, 1, 3, 0, 0, 3, 0, 0, 12, 0, 0, 6, 0, 0},
		{0, 1, 7, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, // p0 2:2, a run of 5 options
		// Bounds 1:2 on three items with eight options each of one to three of them.
		{2, 1, 4, 4, 4, 3, 0, 0, 5, 0, 0, 6, 0, 0, 1, 0, 0, 2, 0, 0, 4, 0, 0, 7, 0, 0, 1, 0, 0},
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := fuzzProblem(data)
		if p == nil {
			return
		}
		if !crossCheck(t, fmt.Sprintf("fuzzProblem(%q)", data), 1, p, nil) {
			return
		}
		want := new(big.Int).SetUint64(brute.Count(p))
		if err := checkMemoCounts(p, want, []int{1, 2, 3}, []int{2}); err != nil {
			t.Fatalf("fuzzProblem(%q), memoised: %v", data, err)
		}
	})
}

// fuzzProblem returns the problem that data describes, or nil where data is too short or
// describes no valid problem. Byte 0: 1 + b%7 primary items and b/7%5 secondary ones; byte
// 1: bounds (bit 0), colours (bit 1) and 1 + b>>2%3 colour names; with bounds, a byte per
// primary item: hi = 1 + b%3 and lo = b/3 % (hi+1). Then at most 16 options of 3 bytes:
// the first two say which items (bit j, item j: the primary ones first), the third a
// colour (0 for none) in two bits per secondary item. Bytes past the end read as 0.
func fuzzProblem(data []byte) *xcover.Problem {
	if len(data) < 2 {
		return nil
	}
	at := 0
	next := func() int {
		if at >= len(data) {
			return 0
		}
		at++
		return int(data[at-1])
	}
	b0, flags := next(), next()
	np, ns := 1+b0%7, b0/7%5
	bounds, colors, ncolors := flags&1 != 0, flags&2 != 0, 1+flags>>2%3
	var b xcover.Builder
	for i := range np {
		lo, hi := 1, 1
		if bounds {
			c := next()
			hi = 1 + c%3
			lo = c / 3 % (hi + 1)
		}
		b.AddPrimaryBounds(fmt.Sprintf("p%d", i), lo, hi)
	}
	for i := range ns {
		b.AddSecondary(fmt.Sprintf("s%d", i))
	}
	for n := 0; n < 16 && at < len(data); n++ {
		mask, color := next()|next()<<8, next()
		var opt []xcover.Entry
		for j := range np + ns {
			if mask>>j&1 == 0 {
				continue
			}
			e := xcover.Entry{Item: j}
			if j >= np && colors {
				if c := color >> (2 * (j - np)) & 3; c > 0 && c <= ncolors {
					e.Color = []string{"red", "green", "blue"}[c-1]
				}
			}
			opt = append(opt, e)
		}
		if len(opt) > 0 {
			b.AddOptionEntries(opt...)
		}
	}
	p, err := b.Build()
	if err != nil {
		return nil
	}
	return p
}
