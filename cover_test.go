package xcover_test

import (
	"context"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// TestCoverRandom poses random problems (with secondary items and bounds) again through a
// Cover — choices the option numbers, constraints the item names — and compares every
// solution with brute force's on the original problem.
func TestCoverRandom(t *testing.T) {
	for _, kind := range []randprob.Kind{randprob.Plain, randprob.Secondary, randprob.Bounds} {
		for seed := range uint64(150) {
			p := randprob.New(seed, kind)
			var c xcover.Cover[int, string]
			for k := range p.NumOptions() {
				var names []string
				for _, e := range p.Option(k) {
					names = append(names, p.Item(e.Item).Name)
				}
				c.Add(k, names...)
			}
			var must []string
			for i := range p.NumItems() {
				it := p.Item(i)
				if !it.Secondary {
					must = append(must, it.Name)
					if it.Min != 1 || it.Max != 1 {
						c.Multiplicity(it.Name, it.Min, it.Max)
					}
				}
			}
			c.Satisfy(must...)
			var got [][]int
			s, err := c.Solver(xcover.Config{})
			if err != nil {
				if p.NumOptions() == 0 || strings.Contains(err.Error(), "primary") {
					continue // a problem a Cover cannot pose: no choices, or an option with only optional constraints
				}
				t.Fatalf("randprob.New(%d, %v): %v", seed, kind, err)
			}
			for opts := range s.Solutions(context.Background()) {
				sol := c.Choices(opts)
				if v := verify.Check(p, sol); len(v) > 0 {
					t.Fatalf("randprob.New(%d, %v): %v: %v", seed, kind, sol, v[0])
				}
				got = append(got, sol)
			}
			if err := s.Err(); err != nil {
				t.Fatalf("randprob.New(%d, %v): %v", seed, kind, err)
			}
			if want := brute.Count(p); uint64(len(got)) != want {
				t.Fatalf("randprob.New(%d, %v): %d solutions through a Cover, brute force %d\n%s", seed, kind, len(got), want, randprob.Describe(p))
			}
		}
	}
}

// TestCoverErrors: a Cover keeps its first error, and says what it was.
func TestCoverErrors(t *testing.T) {
	for _, tt := range []struct {
		name  string
		build func(c *xcover.Cover[string, int])
		want  string
	}{
		{"twice", func(c *xcover.Cover[string, int]) { c.Add("A", 1); c.Add("A", 2) }, "choice A added twice"},
		{"empty", func(c *xcover.Cover[string, int]) { c.Add("A") }, "satisfies no constraint"},
		{"count", func(c *xcover.Cover[string, int]) { c.Add("A", 1); c.Multiplicity(1, 2, 1) }, "multiplicity 2..1"},
		{"initial", func(c *xcover.Cover[string, int]) { c.Add("A", 1); c.Initial("Z") }, "initial choice Z"},
		{"none", func(c *xcover.Cover[string, int]) {}, "without choices"},
		{"first error kept", func(c *xcover.Cover[string, int]) { c.Add("A"); c.Add("B", 1); c.Add("B", 1) }, "satisfies no constraint"},
	} {
		var c xcover.Cover[string, int]
		tt.build(&c)
		_, err := c.Solver(xcover.Config{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}
