package queens

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

func TestSymmetryGroup(t *testing.T) {
	// Every symmetry maps solutions to solutions, the 8 images of an asymmetric square are
	// distinct, and Apply agrees with Square.
	n := 7
	seen := make(map[Square]bool)
	for _, g := range symmetries {
		seen[g.mapSquare(n, Square{0, 2})] = true
	}
	if len(seen) != 8 {
		t.Errorf("images of (0, 2): %v", seen)
	}
	sol := []int{0, 2, 4, 6, 1, 3, 5}
	for _, g := range symmetries {
		img := g.apply(sol)
		if err := checkFiles(img); err != nil {
			t.Errorf("%v: %v", g, err)
		}
		im := newImage(sol)
		for r := range n {
			if im.at(g, r) != img[r] {
				t.Fatalf("%v: image rank %d: %d, want %d", g, r, im.at(g, r), img[r])
			}
		}
	}
	// The rotations compose as they should.
	if got := rot90.apply(rot90.apply(sol)); !slices.Equal(got, rot180.apply(sol)) {
		t.Error("rot90 twice is not rot180")
	}
	if got := rot90.apply(rot180.apply(sol)); !slices.Equal(got, rot270.apply(sol)) {
		t.Error("rot90 after rot180 is not rot270")
	}
	if got := mirrorFiles.apply(rot90.apply(sol)); !slices.Equal(got, transpose.apply(sol)) &&
		!slices.Equal(got, antiTranspose.apply(sol)) {
		t.Error("a mirror after a quarter turn is not a diagonal reflection")
	}
	if rot90.String() != "rot90" || Symmetry(9).String() != "Symmetry(9)" {
		t.Error("String")
	}
}

func TestCensus(t *testing.T) {
	for n := 1; n <= 11; n++ {
		c, err := TakeCensus(context.Background(), n, 0)
		if err != nil {
			t.Fatal(err)
		}
		if c.Solutions != a000170[n] || c.Orbits != a002562[n] || c.Burnside() != a002562[n] {
			t.Errorf("n=%d: %d solutions, %d orbits, Burnside %d; want %d, %d", n,
				c.Solutions, c.Orbits, c.Burnside(), a000170[n], a002562[n])
		}
		if uint64(len(c.Reps)) != c.Orbits {
			t.Fatalf("n=%d: %d reps", n, len(c.Reps))
		}
		var total uint64
		for _, o := range c.Reps {
			if err := checkFiles(o.Rep); err != nil {
				t.Fatal(err)
			}
			can := Canonical(o.Rep)
			if !slices.Equal(can.Rep, o.Rep) || can.Size != o.Size || !slices.Equal(can.Fixers, o.Fixers) {
				t.Errorf("n=%d: census %+v, Canonical %+v", n, o, can)
			}
			// The orbit has Size distinct images.
			imgs := make(map[string]bool)
			for _, g := range symmetries {
				imgs[fmt.Sprint(g.apply(o.Rep))] = true
			}
			if len(imgs) != o.Size || len(o.Fixers)*o.Size != 8 {
				t.Errorf("n=%d: %v: %d images, size %d, fixers %v", n, o.Rep, len(imgs), o.Size, o.Fixers)
			}
			total += uint64(o.Size)
		}
		if n > 1 && total != c.Solutions {
			t.Errorf("n=%d: orbit sizes sum to %d, want %d", n, total, c.Solutions)
		}
		// The orbit sizes agree with those of Count.
		cnt, _ := countBoard(context.Background(), n, 1)
		var by [9]uint64
		for _, o := range c.Reps {
			by[o.Size]++
		}
		if n > 1 && (by[8] != cnt.Orbit8 || by[4] != cnt.Orbit4 || by[2] != cnt.Orbit2) {
			t.Errorf("n=%d: census sizes %v, Count %+v", n, by, cnt)
		}
	}
	c, _ := TakeCensus(context.Background(), 8, 3)
	if len(c.Reps) != 3 || c.Orbits != 12 {
		t.Errorf("limit 3: %d reps, %d orbits", len(c.Reps), c.Orbits)
	}
}

func ExampleTakeCensus() {
	c, _ := TakeCensus(context.Background(), 6, 0)
	for _, o := range c.Reps {
		fmt.Println(o.Rep, o.Size, o.Fixers)
	}
	fmt.Println(c.Orbits, c.Burnside())
	// Output:
	// [1 3 5 0 2 4] 4 [identity rot180]
	// 1 1
}
