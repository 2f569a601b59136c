package xcover

import (
	"context"
	"fmt"
	"testing"
)

// dominoBoard returns the domino tilings of an m×n board, cells row by row.
func dominoBoard(t *testing.T, m, n int) *Problem {
	b := new(Builder)
	cell := func(r, c int) string { return fmt.Sprintf("%d.%d", r, c) }
	for r := range m {
		for c := range n {
			b.AddPrimary(cell(r, c))
		}
	}
	for r := range m {
		for c := range n {
			if c+1 < n {
				b.AddOption(cell(r, c), cell(r, c+1))
			}
			if r+1 < m {
				b.AddOption(cell(r, c), cell(r+1, c))
			}
		}
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// langford returns the Langford pairs of order n: each of 1..n placed twice in 2n slots,
// with k slots between the two k's.
func langford(t *testing.T, n int) *Problem {
	b := new(Builder)
	for k := 1; k <= n; k++ {
		b.AddPrimary(fmt.Sprint(k))
	}
	for i := range 2 * n {
		b.AddPrimary(fmt.Sprintf("s%d", i))
	}
	for k := 1; k <= n; k++ {
		for i := 0; i+k+1 < 2*n; i++ {
			b.AddOption(fmt.Sprint(k), fmt.Sprintf("s%d", i), fmt.Sprintf("s%d", i+k+1))
		}
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestMemoAutoGivesUp checks MemoAuto's deadline: a memoised count given no time gives up
// for the plain count, with the same answer, and one given all the time it needs is kept.
// (The tree-size threshold is lowered so that small problems get that far; each takes
// longer to count plainly than the speed run, and the memo of Langford pairs more than a
// poll's nodes.)
func TestMemoAutoGivesUp(t *testing.T) {
	for _, tt := range []struct {
		name     string
		p        *Problem
		want     int64
		share    float64
		memoised bool
	}{
		{"Langford pairs 12", langford(t, 12), 2 * 108144, 1e-12, false}, // A014552
		{"dominoes 7x8", dominoBoard(t, 7, 8), 1292697, 1e12, true},
	} {
		p := tt.p
		s, err := NewSolver(p, Config{Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		s.cfg.Memo, s.cfg.autoNodes, s.cfg.autoShare = MemoAuto, 1, tt.share
		n, err := s.countExact(context.Background(), 0, 0)
		if err != nil || n.Int64() != tt.want {
			t.Fatalf("%s: %v, %v; want %d", tt.name, n, err, tt.want)
		}
		if s.memo.Used != tt.memoised {
			t.Errorf("%s, share %g: memoised %v, want %v (%+v)", tt.name, tt.share, s.memo.Used, tt.memoised, s.memo)
		}
	}
}

// TestMemoAutoSmallCounts checks the answers that come before the memo's count (with the
// tree-size threshold lowered so that small problems get that far): a sample that
// finishes the count (4x5 dominoes: memoised), and a speed run that does (two 1s in each
// row and column of a 4x4 matrix: multiplicities, which the samples before the speed run
// leave to the count, so counted plainly); each comes out right, its progress reported
// done once.
func TestMemoAutoSmallCounts(t *testing.T) {
	twoPerLine := func(n int) *Problem {
		b := new(Builder)
		for i := range n {
			b.AddPrimaryBounds(fmt.Sprintf("r%d", i), 2, 2)
		}
		for j := range n {
			b.AddPrimaryBounds(fmt.Sprintf("c%d", j), 2, 2)
		}
		for i := range n {
			for j := range n {
				b.AddOption(fmt.Sprintf("r%d", i), fmt.Sprintf("c%d", j))
			}
		}
		p, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct {
		name     string
		p        *Problem
		want     int64
		memoised bool
	}{
		{"4x5 dominoes", dominoBoard(t, 4, 5), 95, true}, // A099390
		{"A001499(4)", twoPerLine(4), 90, false},         // A001499
	} {
		dones := 0
		s, err := NewSolver(tt.p, Config{Workers: 1, Progress: func(p Progress) {
			if p.Done {
				dones++
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		s.cfg.Memo, s.cfg.autoNodes = MemoAuto, 1
		n, err := s.countExact(context.Background(), 0, 0)
		if err != nil || n.Int64() != tt.want {
			t.Fatalf("%s: %v, %v; want %d", tt.name, n, err, tt.want)
		}
		if s.memo.Used != tt.memoised || s.Stats().Solutions != uint64(tt.want) || s.Stats().Nodes == 0 || dones != 1 {
			t.Errorf("%s: memoised %v, stats %+v, %d progress reports done; want memoised %v, %d solutions, reported done once",
				tt.name, s.memo.Used, s.Stats(), dones, tt.memoised, tt.want)
		}
	}
}
