package xcover_test

import (
	"context"
	"math/big"
	"os"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
)

// TestMemoRandom counts random problems of every kind (plain, secondary items, colours,
// bounds, bounds with colours) with and without memoisation, in both orders, with and
// without a forced option and with a cache too small to hold everything, and compares
// every count with brute force's.
func TestMemoRandom(t *testing.T) {
	seeds := uint64(300)
	if os.Getenv("XCOVER_LONG") != "" {
		seeds = 5000
	}
	ctx := context.Background()
	configs := []xcover.Config{
		{Memo: xcover.MemoOn},
		{Memo: xcover.MemoOn, Order: xcover.OrderMRV},
		{Memo: xcover.MemoAuto},
		{Memo: xcover.MemoOn, MemoBytes: 200}, // room for two or three entries
	}
	memoised := 0
	for _, kind := range randprob.Kinds() {
		for seed := range seeds {
			p := randprob.New(seed, kind)
			want := brute.Count(p)
			for ci, cfg := range configs {
				for _, initial := range [][]int{nil, {0}} {
					if initial != nil && p.NumOptions() == 0 {
						continue
					}
					cfg.Initial = initial
					wantHere := want
					if initial != nil {
						wantHere = bruteWith(p, initial[0])
					}
					s, err := xcover.NewSolver(p, cfg)
					if err != nil {
						t.Fatal(err)
					}
					n, err := s.CountExact(ctx)
					if err != nil || n.Cmp(new(big.Int).SetUint64(wantHere)) != 0 {
						var text = new(stringWriter)
						dlx.Write(text, p)
						t.Fatalf("randprob.New(%d, %v), config %d, initial %v: CountExact = %v, %v; brute force %d\n%s",
							seed, kind, ci, initial, n, err, wantHere, text)
					}
					if s.MemoStats().Used {
						memoised++
					}
				}
			}
		}
	}
	if memoised == 0 {
		t.Fatal("no count was memoised")
	}
}

// bruteWith counts the solutions of p that contain option k, by brute force.
func bruteWith(p *xcover.Problem, k int) uint64 {
	n := uint64(0)
	for _, sol := range brute.Solutions(p) {
		for _, o := range sol {
			if o == k {
				n++
				break
			}
		}
	}
	return n
}

type stringWriter struct{ b []byte }

func (w *stringWriter) Write(p []byte) (int, error) { w.b = append(w.b, p...); return len(p), nil }
func (w *stringWriter) String() string              { return string(w.b) }
