package symmetry

import (
	"fmt"
	"slices"
	"testing"
)

// square returns the symmetry group of a square with corners 0, 1, 2, 3 in cyclic order.
func square(t *testing.T) *Group {
	t.Helper()
	g, err := Generate(4, Perm{1, 2, 3, 0}, Perm{3, 2, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestGenerate(t *testing.T) {
	tests := []struct {
		name  string
		n     int
		gens  []Perm
		order int
	}{
		{"trivial", 3, nil, 1},
		{"swap", 2, []Perm{{1, 0}}, 2},
		{"square", 4, []Perm{{1, 2, 3, 0}, {3, 2, 1, 0}}, 8},
		{"S4", 4, []Perm{{1, 0, 2, 3}, {1, 2, 3, 0}}, 24},
		{"S5", 5, []Perm{{1, 0, 2, 3, 4}, {1, 2, 3, 4, 0}}, 120},
	}
	for _, tt := range tests {
		g, err := Generate(tt.n, tt.gens...)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if g.Order() != tt.order {
			t.Errorf("%s: order %d, want %d", tt.name, g.Order(), tt.order)
		}
		if !g.Elements()[0].isIdentity() {
			t.Errorf("%s: first element not the identity", tt.name)
		}
		// Closure: every product is an element.
		seen := map[string]bool{}
		for _, p := range g.Elements() {
			seen[key(p)] = true
		}
		for _, p := range g.Elements() {
			for _, q := range g.Elements() {
				if !seen[key(p.Then(q))] {
					t.Fatalf("%s: not closed", tt.name)
				}
			}
			if !seen[key(p.Inverse())] || !p.Then(p.Inverse()).isIdentity() {
				t.Fatalf("%s: bad inverse of %v", tt.name, p)
			}
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := Generate(3, Perm{0, 1}); err == nil {
		t.Error("wrong degree accepted")
	}
	if _, err := Generate(2, Perm{0, 0}); err == nil {
		t.Error("non-permutation accepted")
	}
}

// TestBurnside checks canonical forms and orbit sizes against Burnside's lemma: the number of
// canonical k-subsets equals the average number of k-subsets fixed by an element, and the orbit
// sizes of the canonical ones add up to all k-subsets.
func TestBurnside(t *testing.T) {
	// The 8 symmetries of a 3x3 board acting on its 9 cells.
	rot := Perm{6, 3, 0, 7, 4, 1, 8, 5, 2}
	flip := Perm{2, 1, 0, 5, 4, 3, 8, 7, 6}
	g, err := Generate(9, rot, flip)
	if err != nil {
		t.Fatal(err)
	}
	if g.Order() != 8 {
		t.Fatalf("order %d", g.Order())
	}
	for k := 0; k <= 9; k++ {
		var canon, total, sumOrbits, fixed int
		for mask := 0; mask < 1<<9; mask++ {
			var s []int
			for i := range 9 {
				if mask>>i&1 == 1 {
					s = append(s, i)
				}
			}
			if len(s) != k {
				continue
			}
			total++
			c, orbit := g.Canonical(s)
			if slices.Equal(c, s) {
				canon++
				sumOrbits += orbit
			}
			fixed += g.Stabilizer(s)
		}
		if fixed%8 != 0 || canon != fixed/8 {
			t.Errorf("k=%d: %d canonical sets, Burnside says %d/8", k, canon, fixed)
		}
		if sumOrbits != total {
			t.Errorf("k=%d: orbit sizes add up to %d, want %d", k, sumOrbits, total)
		}
	}
}

func TestCanonicalIn(t *testing.T) {
	g := square(t)
	// Accept only sets containing point 2: the least such image of the edge {0,1} is {1,2}.
	c, orbit := g.CanonicalIn([]int{2, 3}, func(s []int) bool { return slices.Contains(s, 2) })
	if !slices.Equal(c, []int{1, 2}) || orbit != 4 {
		t.Errorf("got %v, orbit %d; want [1 2], 4", c, orbit)
	}
}

func TestOrbits(t *testing.T) {
	g, err := Generate(5, Perm{1, 0, 2, 4, 3})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(g.Orbits())
	if want := "[[0 1] [2] [3 4]]"; got != want {
		t.Errorf("orbits %s, want %s", got, want)
	}
}

func ExampleGroup_Canonical() {
	// The symmetries of a square with corners 0, 1, 2, 3 in cyclic order.
	g, _ := Generate(4, Perm{1, 2, 3, 0}, Perm{3, 2, 1, 0})
	for _, s := range [][]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}} {
		c, orbit := g.Canonical(s)
		fmt.Println(s, "->", c, "orbit", orbit)
	}
	// Output:
	// [0 1] -> [0 1] orbit 4
	// [2 3] -> [0 1] orbit 4
	// [0 2] -> [0 2] orbit 2
	// [1 3] -> [0 2] orbit 2
}
