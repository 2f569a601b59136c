package xcover_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
)

// benchCount counts the solutions of p once per iteration, reports the count as the metric
// "solutions", and fails on a count other than want. The problem is built before the timer
// starts; the solver's own set-up is timed, as a user's Count would be.
func benchCount(b *testing.B, p *xcover.Problem, cfg xcover.Config, want uint64) {
	b.Helper()
	ctx := context.Background()
	var n uint64
	for b.Loop() {
		res, err := xcover.Count(ctx, p, cfg)
		if err != nil {
			b.Fatal(err)
		}
		n = res.Solutions.Uint64()
		if n != want {
			b.Fatalf("%d solutions, want %d", n, want)
		}
	}
	b.ReportMetric(float64(n), "solutions")
}

func BenchmarkQueens12(b *testing.B) {
	benchCount(b, problems.Queens(12), xcover.Config{}, 14200)
}

func BenchmarkQueens13(b *testing.B) {
	benchCount(b, problems.Queens(13), xcover.Config{}, 73712)
}

func BenchmarkPentominoes6x10(b *testing.B) {
	benchCount(b, problems.Pentominoes(10, 6), xcover.Config{}, 9356)
}

func BenchmarkPentominoesHoled(b *testing.B) {
	benchCount(b, problems.PentominoesHoled(), xcover.Config{}, 520)
}

// BenchmarkColors counts MacMahon's squares (problems.MacMahon) with three squares placed in
// advance: aaaa in the corner cell 00, bbbb on cell 21 and cccc on cell 41. Knuth's DLX2
// finds the same 326 solutions in a file from which the other placements of those squares
// are deleted.
func BenchmarkColors(b *testing.B) {
	p := problems.MacMahon()
	var initial []int
	for _, prefix := range []string{"00 aaaa ", "21 bbbb ", "41 cccc "} {
		k := findOption(p, prefix)
		if k < 0 {
			b.Fatalf("no option starting %q", prefix)
		}
		initial = append(initial, k)
	}
	benchCount(b, p, xcover.Config{Initial: initial}, 326)
}

// findOption returns the first option of p whose DLX spelling starts with prefix, or -1.
func findOption(p *xcover.Problem, prefix string) int {
	for k := range p.NumOptions() {
		if strings.HasPrefix(p.OptionString(k), prefix) {
			return k
		}
	}
	return -1
}

// BenchmarkBounds counts the 0/1 6 x 6 matrices with two 1s in every row and column, items
// with multiplicity 2 (OEIS A001499).
func BenchmarkBounds(b *testing.B) {
	benchCount(b, problems.TwoPerRowCol(6), xcover.Config{}, 67950)
}

// BenchmarkMillionItems times issue 26's large case from nothing to a first solution, on
// one worker: a million items, the options {i2k, i2k+1} (so a solution is obvious) and
// 200,000 random options of two items, built through the Builder by name (the work of
// loading a file, less the reading of its text) and searched with Limit 1. Choosing the
// item to branch on by a scan of every active item made this take hours (the items with two
// options pile up at the front); kernel X's buckets make it linear.
func BenchmarkMillionItems(b *testing.B) {
	const n = 1_000_000
	names := make([]string, n)
	for i := range names {
		names[i] = "i" + strconv.Itoa(i)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	extra := make([][2]int, 200_000)
	for k := range extra {
		extra[k] = [2]int{rng.IntN(n), rng.IntN(n - 1)}
		if extra[k][1] >= extra[k][0] {
			extra[k][1]++
		}
	}
	for b.Loop() {
		bl := new(xcover.Builder)
		bl.GrowItems(n)
		for _, name := range names {
			bl.AddPrimary(name)
		}
		for i := 0; i < n; i += 2 {
			bl.AddOption(names[i], names[i+1])
		}
		for _, e := range extra {
			bl.AddOption(names[e[0]], names[e[1]])
		}
		p, err := bl.Build()
		if err != nil {
			b.Fatal(err)
		}
		res, err := xcover.Count(context.Background(), p, xcover.Config{Limit: 1, Workers: 1})
		if k := res.Solutions; err != nil || k.Int64() != 1 {
			b.Fatalf("%d solutions, %v", k, err)
		}
	}
}
