package engine

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

// shuffled returns sp with its primary items renumbered at random.
func shuffled(rng *rand.Rand, sp *Spec) *Spec {
	pos := make([]int32, sp.NumPrimary)
	for i, k := range rng.Perm(sp.NumPrimary) {
		pos[i] = int32(k)
	}
	return sp.renumbered(pos)
}

// TestSweepOrder checks where the sweep is taken: a board listed along its long side (a
// frontier of a whole row) and a board listed in no order are swept across; a board listed
// along its short side, a square board and queens (no narrow order) keep the file's order.
func TestSweepOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		name        string
		sp          *Spec
		file        int // the file's order's width
		sweepAtMost int // the sweep's width; 0: the file's order is kept
	}{
		{"dominoes 4x40", dominoSpec(4, 40), 40, 5},
		{"dominoes 7x300", dominoSpec(7, 300), 300, 8},
		{"dominoes 40x4", dominoSpec(40, 4), 4, 0},
		{"dominoes 18x18", dominoSpec(18, 18), 18, 0},
		{"dominoes 10x10 shuffled", shuffled(rng, dominoSpec(10, 10)), -1, 12},
		{"queens 12", queensSpec(12, 1), 12, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if w := sweepWidth(tt.sp, nil); tt.file >= 0 && w != tt.file {
				t.Errorf("the file's order's width is %d, want %d", w, tt.file)
			}
			pos := sweepOrder(tt.sp)
			if tt.sweepAtMost == 0 {
				if pos != nil {
					t.Fatalf("swept to width %d; want the file's order", sweepWidth(tt.sp, pos))
				}
				return
			}
			if pos == nil {
				t.Fatal("kept the file's order; want a sweep")
			}
			seen := make([]bool, len(pos))
			for _, k := range pos {
				if seen[k] {
					t.Fatalf("position %d given twice", k)
				}
				seen[k] = true
			}
			if w := sweepWidth(tt.sp, pos); w > tt.sweepAtMost {
				t.Errorf("the sweep's width is %d, want at most %d", w, tt.sweepAtMost)
			}
		})
	}
}

// TestRenumberedSolutions checks that a problem with its primary items renumbered has the
// same solutions (options keep their numbers), with bounds and colours.
func TestRenumberedSolutions(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		bounds, colours := trial%3 == 1, trial%3 == 2
		sp := randomSpec(rng, 2+rng.IntN(10), rng.IntN(4), 4+rng.IntN(24), bounds, colours)
		r := shuffled(rng, sp)
		if a, b := solutionSet(sp), solutionSet(r); !slices.Equal(a, b) {
			t.Fatalf("trial %d: %d solutions, %d renumbered", trial, len(a), len(b))
		}
	}
}

// solutionSet returns the solutions of sp by plain search, each as its sorted options.
func solutionSet(sp *Spec) []string {
	var sols []string
	Run(sp, &Params{Visit: func(sol []int32) bool {
		s := slices.Sorted(slices.Values(sol))
		sols = append(sols, fmt.Sprint(s))
		return true
	}}, &Stats{})
	slices.Sort(sols)
	return sols
}

// TestMemoCountSwept counts problems that OrderAuto sweeps — boards listed along the long
// side or in no order, some with coloured secondary items or optional cells — against
// brute force and plain search, on one and two workers and in shares.
func TestMemoCountSwept(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	swept := 0
	for trial := range 40 {
		m, n := 2+rng.IntN(3), 8+rng.IntN(5)
		sp := dominoSpec(m, n)
		if trial%2 == 1 {
			sp = shuffled(rng, sp)
		}
		switch trial % 4 {
		case 2: // a coloured secondary item on some options
			sp = withColouredSecondary(rng, sp)
		case 3: // multiplicities: some cells may stay empty
			for i := range sp.NumPrimary {
				if rng.IntN(6) == 0 {
					sp.Lo[i] = 0
				}
			}
		}
		if sweepOrder(sp) != nil {
			swept++
		}
		var st Stats
		Run(sp, &Params{}, &st)
		want := new(big.Int).SetUint64(st.Solutions)
		if MemoSupported(sp) {
			if b := bruteSpec(sp); b != want.Uint64() {
				t.Fatalf("trial %d: brute force %d, search %v", trial, b, want)
			}
		}
		for _, workers := range []int{1, 2} {
			got, _, err := MemoCount(sp, &MemoParams{Order: OrderAuto, Workers: workers})
			if err != nil || got.Cmp(want) != 0 {
				t.Fatalf("trial %d (%dx%d), %d workers: %v, %v; want %v", trial, m, n, workers, got, err, want)
			}
		}
		if MemoSupported(sp) {
			sum := new(big.Int)
			for k := 1; k <= 3; k++ {
				got, _, err := MemoCount(sp, &MemoParams{Order: OrderAuto, Shard: k, Shards: 3})
				if err != nil {
					t.Fatalf("trial %d, share %d: %v", trial, k, err)
				}
				sum.Add(sum, got)
			}
			if sum.Cmp(want) != 0 {
				t.Fatalf("trial %d: shares add up to %v, want %v", trial, sum, want)
			}
		}
	}
	if swept < 20 {
		t.Errorf("only %d of 40 problems swept: the test does not test the sweep", swept)
	}
}

// withColouredSecondary returns sp with one secondary item added to every other option,
// coloured 1 or 2 at random (a few uncoloured).
func withColouredSecondary(rng *rand.Rand, sp *Spec) *Spec {
	r := &Spec{NumPrimary: sp.NumPrimary, NumItems: sp.NumItems + 1, Lo: sp.Lo, Hi: sp.Hi, Start: []int32{0}}
	sec := int32(sp.NumItems)
	for o := range sp.NumOptions() {
		for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
			r.Item, r.Color = append(r.Item, sp.Item[e]), append(r.Color, 0)
		}
		if o%2 == 0 {
			r.Item, r.Color = append(r.Item, sec), append(r.Color, rng.Int32N(3))
		}
		r.Start = append(r.Start, int32(len(r.Item)))
	}
	return r
}

// TestMemoSampleSwept draws from a swept problem: every draw is a solution.
func TestMemoSampleSwept(t *testing.T) {
	sp := dominoSpec(3, 30)
	if sweepOrder(sp) == nil {
		t.Fatal("3x30 not swept")
	}
	draws := 0
	total, _, err := MemoSample(sp, &MemoParams{Order: OrderAuto}, 50, 1, func(sol []int32) bool {
		draws++
		covered := make([]int, sp.NumPrimary)
		for _, o := range sol {
			for e := sp.Start[o]; e < sp.Start[o+1]; e++ {
				covered[sp.Item[e]]++
			}
		}
		for i, c := range covered {
			if c != 1 {
				t.Fatalf("draw %d covers cell %d %d times", draws, i, c)
			}
		}
		return true
	})
	// 3x2n boards: a(n) = 4a(n-1) - a(n-2), a(0) = 1, a(1) = 3.
	a, b := big.NewInt(1), big.NewInt(3)
	for range 14 {
		a, b = b, new(big.Int).Sub(new(big.Int).Mul(big.NewInt(4), b), a)
	}
	if err != nil || total.Cmp(b) != 0 || draws != 50 {
		t.Fatalf("%v, %v, %d draws; want %v, 50 draws", total, err, draws, b)
	}
}
