package tiling

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/verify"
)

const holed8x8 = `
########
########
########
###..###
###..###
########
########
########
`

func mustRegion(t testing.TB, spec string) *Region {
	t.Helper()
	var r *Region
	var err error
	if strings.ContainsAny(spec, "#\n") {
		r, err = ParseRegion(spec)
	} else {
		r, err = parseSize(spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func mustPieces(t testing.TB, spec string) ([]Piece, []int) {
	t.Helper()
	ps, copies, err := parsePieceList(spec)
	if err != nil {
		t.Fatal(err)
	}
	return ps, copies
}

type countCase struct {
	name            string
	region, pieces  string
	reflect         bool
	atMost, partial bool
	mirrors         bool // identify mirror images
	total, distinct uint64
	brute           bool // also count by brute force
	long            bool
}

var countCases = []countCase{
	{name: "dominoes 2x3", region: "2x3", pieces: "domino:3", reflect: true, total: 3, distinct: 2, brute: true},
	{name: "dominoes 2x4", region: "2x4", pieces: "domino:4", reflect: true, total: 5, distinct: 4, brute: true},
	{name: "dominoes 2x2x2", region: "2x2x2", pieces: "domino:4", total: 9, distinct: 2, brute: true},
	{name: "trominoes 3x3", region: "3x3", pieces: "trominoes.L:3", reflect: true, total: 0, distinct: 0, brute: true},
	{name: "trominoes 2x3", region: "2x3", pieces: "trominoes.L:2", reflect: true, total: 2, distinct: 1, brute: true},
	{name: "L one-sided 2x3", region: "2x3", pieces: "trominoes.L:2", total: 2, distinct: 2, brute: true},
	{name: "tetrominoes 4x5", region: "4x5", pieces: "tetrominoes", reflect: true},
	{name: "at most 2x5", region: "2x5", pieces: "pentominoes", reflect: true, atMost: true, brute: true},
	{name: "at most 2x3", region: "2x3", pieces: "trominoes,domino:2", reflect: true, atMost: true, brute: true},
	{name: "at most 3x5", region: "3x5", pieces: "pentominoes", reflect: true, atMost: true},
	{name: "partial", region: "2x3", pieces: "domino:2", reflect: true, partial: true, brute: true},
	{name: "packings", region: "1x3", pieces: "monomino:2", atMost: true, partial: true, total: 7, distinct: 5, brute: true},
	{name: "holed ring", region: "###\n#.#\n###", pieces: "domino:4", reflect: true, total: 2, distinct: 1, brute: true},
	{name: "pentominoes 3x20", region: "3x20", pieces: "pentominoes", reflect: true, total: 8, distinct: 2},
	{name: "pentominoes 8x8 holed", region: holed8x8, pieces: "pentominoes", reflect: true, total: 520, distinct: 65},
	{name: "pentominoes 4x15", region: "4x15", pieces: "pentominoes", reflect: true, total: 1472, distinct: 368, long: true},
	{name: "pentominoes 5x12", region: "5x12", pieces: "pentominoes", reflect: true, total: 4040, distinct: 1010, long: true},
	{name: "pentominoes 6x10", region: "6x10", pieces: "pentominoes", reflect: true, total: 9356, distinct: 2339, long: true},
	{name: "soma", region: "3x3x3", pieces: "soma", total: 11520, distinct: 480, long: true},
	{name: "soma mirrors", region: "3x3x3", pieces: "soma", mirrors: true, total: 11520, distinct: 240, long: true},
}

// TestCounts counts every puzzle fully and through the reduced search, checking every
// solution with Check and verify.Check, and every class of the reduced search against the
// classes of the full list under the symmetry group.
func TestCounts(t *testing.T) {
	long := os.Getenv("XCOVER_LONG") != ""
	for _, tc := range countCases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.long && !long {
				t.Skip("long; set XCOVER_LONG=1")
			}
			ps, copies := mustPieces(t, tc.pieces)
			pz := &Puzzle{Region: mustRegion(t, tc.region), Pieces: ps, Copies: copies,
				Reflect: tc.reflect, AtMost: tc.atMost, Partial: tc.partial}
			e, err := pz.Encode()
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			var all [][]int
			sv, _ := xcover.NewSolver(e.Problem, xcover.Config{})
			for sol := range sv.Solutions(context.Background()) {
				checkSolution(t, pz, e, sol)
				all = append(all, sol)
			}
			total := uint64(len(all))
			if tc.brute {
				if b := brute.Count(e.Problem); b != total {
					t.Fatalf("engine %d solutions, brute force %d", total, b)
				}
			}
			if (tc.total != 0 || tc.distinct != 0) && total != tc.total {
				t.Errorf("%d solutions, want %d", total, tc.total)
			}
			if h := pz.Impossible(); h != "" && total != 0 {
				t.Errorf("hint %q but %d solutions", h, total)
			}
			sym, err := e.symmetry(tc.mirrors)
			if err != nil {
				t.Fatal(err)
			}
			red, err := sym.reduce()
			if err != nil {
				t.Fatal(err)
			}
			classes := map[string]bool{}
			for _, sol := range all {
				c, _ := sym.Group.Canonical(sol)
				classes[intsKey(c)] = true
			}
			var distinct, sum uint64
			var reps [][]int
			err = red.Search(ctx, xcover.Config{}, func(sol []int, orbit int) bool {
				checkSolution(t, pz, e, sol)
				distinct++
				sum += uint64(orbit)
				reps = append(reps, sol)
				return true
			})
			if err != nil {
				t.Fatal(err)
			}
			if sum != total {
				t.Errorf("class sizes add up to %d, want %d", sum, total)
			}
			if distinct != uint64(len(classes)) {
				t.Errorf("reduced search: %d classes, full list: %d", distinct, len(classes))
			}
			if (tc.total != 0 || tc.distinct != 0) && distinct != tc.distinct {
				t.Errorf("%d distinct, want %d", distinct, tc.distinct)
			}
			for _, r := range reps {
				c, _ := sym.Group.Canonical(r)
				if !classes[intsKey(c)] {
					t.Errorf("representative %v is no solution's class", r)
				}
				delete(classes, intsKey(c)) // each class once
			}
			t.Logf("%d solutions, %d distinct, group order %d, cut piece %d, %d parts", total, distinct, sym.order(), red.Piece, len(red.parts))
		})
	}
}

func intsKey(s []int) string { return fmt.Sprint(s) }

func checkSolution(t *testing.T, pz *Puzzle, e *Encoding, sol []int) {
	t.Helper()
	if v := verify.Check(e.Problem, sol); len(v) > 0 {
		t.Fatalf("solution %v: %v", sol, v)
	}
	if err := Check(pz, e.Tiling(sol)); err != nil {
		t.Fatalf("solution %v: %v", sol, err)
	}
}
