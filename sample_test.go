package xcover_test

import (
	"context"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// chiSquareCritical returns an upper bound on the chi-square quantile for probability
// 1-10^-6 with df degrees of freedom (Wilson and Hilferty's approximation, z = 4.9): a
// uniform sampler exceeds it once in a million runs, and the seeds are fixed, so the test
// is deterministic.
func chiSquareCritical(df int) float64 {
	d := float64(df)
	z := 4.9
	x := 1 - 2/(9*d) + z*math.Sqrt(2/(9*d))
	return d * x * x * x
}

// TestSampleUniform draws solutions of small problems — random ones of every kind (with
// multiplicities and colours too), 6-queens, 4×4 dominoes, and the 90 0/1 matrices of side
// 4 with two 1s in every row and column — and checks with a chi-square test that
// every solution is equally likely, against brute force's list; every drawn solution must
// pass verify.
func TestSampleUniform(t *testing.T) {
	type tc struct {
		name string
		p    *xcover.Problem
	}
	var cases []tc
	for _, kind := range randprob.Kinds() {
		found := 0
		for seed := uint64(0); seed < 400 && found < 6; seed++ {
			p := randprob.New(seed, kind)
			if n := brute.Count(p); n >= 3 && n <= 60 {
				cases = append(cases, tc{fmt.Sprintf("randprob.New(%d, %v)", seed, kind), p})
				found++
			}
		}
	}
	cases = append(cases, tc{"queens 6", problems.Queens(6)}, tc{"dominoes 4x4", problems.Dominoes(4, 4)},
		tc{"two per row and column 4x4", problems.TwoPerRowCol(4)})
	ctx := context.Background()
	for ci, c := range cases {
		sols := brute.Solutions(c.p)
		index := map[string]int{}
		for i, s := range sols {
			slices.Sort(s)
			index[fmt.Sprint(s)] = i
		}
		draws := 200 * len(sols)
		samples, result := xcover.Sample(ctx, c.p, draws, xcover.Config{Seed: uint64(ci) + 1})
		seen := make([]int, len(sols))
		got := 0
		chk := verify.NewChecker(c.p)
		for sol := range samples {
			if v := chk.Check(sol); len(v) > 0 {
				t.Fatalf("%s: drawn %v: %v", c.name, sol, v[0])
			}
			i, ok := index[fmt.Sprint(sol)]
			if !ok {
				t.Fatalf("%s: drawn %v is not among brute force's solutions", c.name, sol)
			}
			seen[i]++
			got++
		}
		if res, err := result(); err != nil || got != draws || res.Drawn != draws || res.Total.Int64() != int64(len(sols)) {
			t.Fatalf("%s: %d of %d drawn, %+v, err %v", c.name, got, draws, res, err)
		}
		chi := 0.0
		e := float64(draws) / float64(len(sols))
		for _, o := range seen {
			chi += (float64(o) - e) * (float64(o) - e) / e
		}
		if crit := chiSquareCritical(len(sols) - 1); chi > crit {
			t.Errorf("%s: chi-square %.1f over %d solutions, above %.1f: not uniform (%v)", c.name, chi, len(sols), crit, seen)
		}
	}
	// A sampler that favours one solution is caught: the test can fail.
	skewed := []int{300, 200, 200, 200, 100}
	chi := 0.0
	for _, o := range skewed {
		chi += (float64(o) - 200) * (float64(o) - 200) / 200
	}
	if chi <= chiSquareCritical(4) {
		t.Errorf("the test would not notice a skewed sampler (chi-square %.1f)", chi)
	}
}

// TestSampleHuge draws from the 2.4·10^30 domino tilings of the 16×16 board: each drawn
// tiling is checked, and two seeds give different tilings.
func TestSampleHuge(t *testing.T) {
	if testing.Short() {
		t.Skip("counts the 16x16 board")
	}
	p := problems.Dominoes(16, 16)
	var first [][]int
	for _, seed := range []uint64{1, 2} {
		samples, result := xcover.Sample(context.Background(), p, 3, xcover.Config{Seed: seed})
		var got [][]int
		for sol := range samples {
			if v := verify.Check(p, sol); len(v) > 0 {
				t.Fatal(v[0])
			}
			got = append(got, sol)
		}
		if res, _ := result(); len(got) != 3 || res.Total.String() != "2444888770250892795802079170816" {
			t.Fatalf("seed %d: %d drawn of %v", seed, len(got), res.Total)
		}
		if first == nil {
			first = got
		} else if slices.EqualFunc(first, got, slices.Equal) {
			t.Errorf("seeds 1 and 2 drew the same tilings")
		}
	}
}

// TestSampleResultSummary: the line that ends a sample, as a front end prints it; and
// Drawn counts the solutions yielded, also when the iteration stops early.
func TestSampleResultSummary(t *testing.T) {
	for _, tc := range []struct {
		r    xcover.SampleResult
		want string
	}{
		{xcover.SampleResult{Total: big.NewInt(92), Drawn: 3}, "drew 3 solutions uniformly from 92"},
		{xcover.SampleResult{Total: big.NewInt(92), Drawn: 1}, "drew 1 solution uniformly from 92"},
		{xcover.SampleResult{Total: new(big.Int).Lsh(big.NewInt(1), 100), Drawn: 0}, "drew 0 solutions uniformly from 1267650600228229401496703205376"},
		{xcover.SampleResult{Total: new(big.Int)}, "no solution to draw from"},
		{xcover.SampleResult{}, "no solution to draw from"},
	} {
		if got := present.Sample(tc.r); got != tc.want {
			t.Errorf("%+v: Summary() = %q, want %q", tc.r, got, tc.want)
		}
	}
	samples, result := xcover.Sample(context.Background(), problems.Queens(6), 5, xcover.Config{Seed: 1})
	for range samples {
		break
	}
	if res, err := result(); err != nil || res.Drawn != 1 || res.Total.Int64() != 4 {
		t.Errorf("stopped after one draw: %+v, %v; want 1 drawn from 4", res, err)
	}
}
