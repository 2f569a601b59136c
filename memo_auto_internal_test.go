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

// TestMemoAutoSpeedRunCounts checks that a speed run which finishes the count is the
// answer: a small board (with the tree-size threshold lowered so that it gets that far)
// comes out right, counted plainly, its progress reported done once.
func TestMemoAutoSpeedRunCounts(t *testing.T) {
	dones := 0
	s, err := NewSolver(dominoBoard(t, 4, 5), Config{Workers: 1, Progress: func(p Progress) {
		if p.Done {
			dones++
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	s.cfg.Memo, s.cfg.autoNodes = MemoAuto, 1
	n, err := s.countExact(context.Background(), 0, 0)
	if err != nil || n.Int64() != 95 { // A099390: 4x5 board
		t.Fatalf("4x5 dominoes: %v, %v; want 95", n, err)
	}
	if s.memo.Used || s.Stats().Solutions != 95 || s.Stats().Nodes == 0 || dones != 1 {
		t.Errorf("memoised %v, stats %+v, %d progress reports done; want a plain count of 95, reported done once", s.memo.Used, s.Stats(), dones)
	}
}
