package sudoku

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

const (
	classic    = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	classicSol = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func mustBoard(t testing.TB, s Variant) *Board {
	t.Helper()
	b, err := NewBoard(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustParse(t testing.TB, s string, n int) Grid {
	t.Helper()
	g, _, err := parseOneLine(s, n, Auto)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// count solves with the kernel, checking the first solution found.
func count(t testing.TB, b *Board, g Grid, limit uint64) uint64 {
	t.Helper()
	sol := make(Grid, len(g))
	k, err := b.newSolver().solve(context.Background(), g, limit, sol)
	if err != nil {
		t.Fatal(err)
	}
	if k > 0 {
		if err := b.Check(g, sol); err != nil {
			t.Fatalf("kernel solution %s: %v", sol.Format(OneBased), err)
		}
	}
	return k
}

// engineCount solves with the general engine, checking every solution with package verify
// and with Board.Check.
func engineCount(t testing.TB, b *Board, g Grid, limit uint64) uint64 {
	t.Helper()
	e, err := b.encode(g, givensInitial)
	if err != nil {
		t.Fatal(err)
	}
	s, err := xcover.NewSolver(e.Problem, xcover.Config{Limit: limit, Initial: e.initial})
	if err != nil {
		t.Fatal(err)
	}
	var k uint64
	for sol := range s.Solutions(context.Background()) {
		if v := verify.Check(e.Problem, sol); len(v) > 0 {
			t.Fatalf("engine solution %v: %v", sol, v)
		}
		d, err := e.Decode(sol)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Check(g, d); err != nil {
			t.Fatalf("engine solution %s: %v", d.Format(OneBased), err)
		}
		k++
	}
	return k
}

func TestParseLine(t *testing.T) {
	tests := []struct {
		in      string
		n       int
		want    string // formatted back; "" for an error
		alpha   Alphabet
		errPart string
	}{
		{classic, 9, classic, OneBased, ""},
		{strings.ReplaceAll(classic, ".", "0"), 9, classic, OneBased, ""},
		{"  " + classic + "\t", 9, classic, OneBased, ""},
		{classic[:80], 9, "", OneBased, "80 characters, want 81"},
		{classic[:80] + "x", 9, "", OneBased, "row 9 column 9"},
		{"1.3.....4..1...2", 4, "1.3.....4..1...2", OneBased, ""},
		{"1.5.....4..1...2", 4, "", OneBased, `'5'`},
		{"G" + strings.Repeat(".", 255), 16, "G" + strings.Repeat(".", 255), OneBased, ""},
		{"0F" + strings.Repeat(".", 254), 16, "0F" + strings.Repeat(".", 254), ZeroBased, ""},
		{"1F" + strings.Repeat("0", 254), 16, "1F" + strings.Repeat(".", 254), OneBased, ""},
		{"gabc" + strings.Repeat(".", 252), 16, "GABC" + strings.Repeat(".", 252), OneBased, ""}, // either case
		{"0fe." + strings.Repeat(".", 252), 16, "0FE." + strings.Repeat(".", 252), ZeroBased, ""},
		{"h" + strings.Repeat(".", 255), 16, "", OneBased, `'h'`},
		{"[" + strings.Repeat(".", 255), 16, "", OneBased, `'['`},
	}
	for _, tt := range tests {
		g, a, err := parseOneLine(tt.in, tt.n, Auto)
		if tt.want == "" {
			if err == nil || !strings.Contains(err.Error(), tt.errPart) {
				t.Errorf("parseOneLine(%.20q...): error %v, want one containing %q", tt.in, err, tt.errPart)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseOneLine(%.20q...): %v", tt.in, err)
			continue
		}
		if a != tt.alpha || g.Format(a) != tt.want {
			t.Errorf("parseOneLine(%.20q...) = %.20q... in %v, want %.20q... in %v", tt.in, g.Format(a), a, tt.want, tt.alpha)
		}
	}
	// The two 16x16 alphabets name the same values.
	g1 := mustParse(t, "G"+strings.Repeat(".", 255), 16)
	g0, _, _ := parseOneLine("F"+strings.Repeat(".", 255), 16, ZeroBased)
	if g1[0] != 16 || g0[0] != 16 {
		t.Errorf("G in 1-9A-G = %d, F in 0-F = %d; want 16", g1[0], g0[0])
	}
}

func TestReader(t *testing.T) {
	in := "# comment\n\n" + classic + "\n" + classic[:70] + "\n   # indented comment\n" + classicSol + "\n" + strings.Replace(classic, "5", "?", 1) + "\n"
	r := NewReader(strings.NewReader(in), 9, ReadOptions{})
	var lines []int
	var bad []int
	for {
		p, ok := r.Next()
		if !ok {
			break
		}
		lines = append(lines, p.Line)
		if p.Err != nil {
			var le *LineError
			if !errors.As(p.Err, &le) || le.Line != p.Line {
				t.Errorf("error %v does not name line %d", p.Err, p.Line)
			}
			bad = append(bad, p.Line)
		}
	}
	if got, want := lines, []int{3, 4, 6, 7}; !equalInts(got, want) {
		t.Errorf("puzzle lines %v, want %v", got, want)
	}
	if got, want := bad, []int{4, 7}; !equalInts(got, want) {
		t.Errorf("malformed lines %v, want %v", got, want)
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestGridRoundTrip(t *testing.T) {
	for _, s := range []Variant{{}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 4, BoxCols: 4}} {
		b := mustBoard(t, s)
		g := make(Grid, b.Cells())
		if k := count(t, b, g, 1); k != 1 {
			t.Fatalf("%v: empty grid has no solution", b)
		}
		sol := make(Grid, b.Cells())
		b.newSolver().solve(context.Background(), g, 1, sol)
		for i := range sol {
			if i%3 == 0 {
				sol[i] = 0
			}
		}
		var buf bytes.Buffer
		if err := b.WriteText(&buf, sol, OneBased); err != nil {
			t.Fatal(err)
		}
		text := buf.String()
		p, ok := NewReader(&buf, b.N(), ReadOptions{Grid: true}).Next()
		if !ok || p.Err != nil || p.Grid.Format(OneBased) != sol.Format(OneBased) {
			t.Errorf("%v: text grid does not read back (%v):\n%s", b, p.Err, text)
		}
	}
}

// deadly returns the classic solution with four cells blanked that can swap their values:
// exactly two solutions.
func deadly(t *testing.T) Grid {
	g := mustParse(t, classicSol, 9)
	for r1 := 0; r1 < 9; r1++ {
		for r2 := r1 + 1; r2 < 9 && r2/3 == r1/3; r2++ {
			for c1 := 0; c1 < 9; c1++ {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if c1/3 != c2/3 && g[r1*9+c1] == g[r2*9+c2] && g[r1*9+c2] == g[r2*9+c1] {
						for _, i := range []int{r1*9 + c1, r1*9 + c2, r2*9 + c1, r2*9 + c2} {
							g[i] = 0
						}
						return g
					}
				}
			}
		}
	}
	t.Fatal("no deadly rectangle")
	return nil
}

func TestCounts(t *testing.T) {
	b9 := mustBoard(t, Variant{})
	b4 := mustBoard(t, Variant{BoxRows: 2, BoxCols: 2})
	band := mustParse(t, classicSol[:54]+strings.Repeat(".", 27), 9)
	tests := []struct {
		name  string
		b     *Board
		g     Grid
		limit uint64
		want  uint64
	}{
		{"conflicting givens", b9, mustParse(t, "55"+strings.Repeat(".", 79), 9), 0, 0},
		{"no place for 9", b9, mustParse(t, "12345678."+strings.Repeat(".", 8)+"9"+strings.Repeat(".", 63), 9), 0, 0},
		{"unique", b9, mustParse(t, classic, 9), 0, 1},
		{"solved", b9, mustParse(t, classicSol, 9), 0, 1},
		{"deadly rectangle", b9, deadly(t), 0, 2},
		{"deadly rectangle, limit 1", b9, deadly(t), 1, 1},
		{"empty 4x4", b4, make(Grid, 16), 0, 288},
		{"empty 4x4, limit 2", b4, make(Grid, 16), 2, 2},
	}
	for _, tt := range tests {
		if got := count(t, tt.b, tt.g, tt.limit); got != tt.want {
			t.Errorf("%s: kernel counts %d, want %d", tt.name, got, tt.want)
		}
		if got := engineCount(t, tt.b, tt.g, tt.limit); got != tt.want {
			t.Errorf("%s: engine counts %d, want %d", tt.name, got, tt.want)
		}
	}
	// Many: the last band free; kernel and engine agree.
	k, e := count(t, b9, band, 0), engineCount(t, b9, band, 0)
	if k != e || k < 2 {
		t.Errorf("last band free: kernel %d, engine %d solutions", k, e)
	}
}

// variantBoards covers every size and variant.
func variantBoards(t testing.TB) []*Board {
	// Boxes with two pairs of cells swapped between neighbouring boxes.
	jig := "AAAABBCCC\nAABBBBCCC\nAAABBBCCC\nDDDDEEFFF\nDDEEEEFFF\nDDDEEEFFF\nGGGHHHIII\nGGGHHHIII\nGGGHHHIII\n"
	regions, err := ParseRegions(strings.NewReader(jig))
	if err != nil {
		t.Fatal(err)
	}
	specs := []Variant{
		{BoxRows: 1, BoxCols: 1}, {BoxRows: 2, BoxCols: 2}, {BoxRows: 2, BoxCols: 3}, {BoxRows: 2, BoxCols: 4},
		{}, {BoxRows: 3, BoxCols: 4}, {BoxRows: 4, BoxCols: 4}, {BoxRows: 5, BoxCols: 5},
		{X: true}, {Windoku: true}, {X: true, Windoku: true}, {BoxRows: 2, BoxCols: 2, Windoku: true}, {BoxRows: 4, BoxCols: 4, X: true},
		{BoxRows: 2, BoxCols: 2, X: true}, {Regions: regions}, {Regions: regions, X: true},
	}
	var out []*Board
	for _, s := range specs {
		out = append(out, mustBoard(t, s))
	}
	return out
}

// TestSizesAndVariants fills each empty board, blanks cells at random and checks that the
// kernel and the engine agree on the number of solutions (up to 3).
func TestSizesAndVariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, b := range variantBoards(t) {
		full := make(Grid, b.Cells())
		if k := count(t, b, make(Grid, b.Cells()), 1); k != 1 {
			t.Fatalf("%v: empty board unsolved", b)
		}
		b.newSolver().solve(context.Background(), make(Grid, b.Cells()), 1, full)
		if err := b.Check(nil, full); err != nil {
			t.Fatalf("%v: %v", b, err)
		}
		tries := 6
		if b.N() >= 16 {
			tries = 2
		}
		for try := 0; try < tries; try++ {
			g := append(Grid(nil), full...)
			keep := 0.3 + 0.1*float64(try)
			if b.N() >= 16 {
				keep = 0.6
			}
			for i := range g {
				if rng.Float64() > keep {
					g[i] = 0
				}
			}
			k := count(t, b, g, 3)
			if b.N() > 16 && k > 0 {
				continue // the general engine is slow on big open grids
			}
			if e := engineCount(t, b, g, 3); k != e {
				t.Errorf("%v %s: kernel %d, engine %d solutions", b, g.Format(OneBased), k, e)
			}
		}
	}
}

// TestKernelVsEngine compares the kernel and the general engine on about 2000 puzzles:
// benchmark puzzles (unique) and the same with givens removed (several solutions).
func TestKernelVsEngine(t *testing.T) {
	b := mustBoard(t, Variant{})
	var set []Grid
	set = append(set, loadSet(t, "top1465.txt")...)
	set = append(set, loadSet(t, "hardest_1106.txt")[:100]...)
	clue := loadSet(t, "17_clue.txt")
	for i := 0; i < 300; i++ {
		set = append(set, clue[i*len(clue)/300])
	}
	for i := 0; i < 200; i++ {
		g := append(Grid(nil), set[i]...)
		removed := 0
		for c := range g {
			if g[c] != 0 && removed < 1+i%3 {
				g[c] = 0
				removed++
			}
		}
		set = append(set, g)
	}
	if testing.Short() {
		set = set[:200]
	}
	counts := map[uint64]int{}
	for i, g := range set {
		k := count(t, b, g, 5)
		if e := engineCount(t, b, g, 5); k != e {
			t.Fatalf("puzzle %d %s: kernel %d, engine %d solutions", i, g.Format(OneBased), k, e)
		}
		counts[k]++
	}
	t.Logf("%d puzzles; solutions (limit 5): %v", len(set), counts)
}

func TestEncodeOmit(t *testing.T) {
	b := mustBoard(t, Variant{X: true})
	g := make(Grid, 81)
	b.newSolver().solve(context.Background(), g, 1, g)
	for i := range g {
		if i%3 != 1 {
			g[i] = 0
		}
	}
	e, err := b.Encode(g)
	if err != nil {
		t.Fatal(err)
	}
	var n uint64
	sv, _ := xcover.NewSolver(e.Problem, xcover.Config{})
	for sol := range sv.Solutions(context.Background()) {
		d, err := e.Decode(sol)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Check(g, d); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if k := count(t, b, g, 0); n != k {
		t.Errorf("omitted givens: engine %d, kernel %d solutions", n, k)
	}
}

func TestSVG(t *testing.T) {
	for _, b := range variantBoards(t) {
		sol := make(Grid, b.Cells())
		b.newSolver().solve(context.Background(), make(Grid, b.Cells()), 1, sol)
		puzzle := append(Grid(nil), sol...)
		for i := range puzzle {
			if i%2 == 0 {
				puzzle[i] = 0
			}
		}
		var buf bytes.Buffer
		if err := b.WriteSVG(&buf, puzzle, sol, OneBased); err != nil {
			t.Fatal(err)
		}
		d := xml.NewDecoder(&buf)
		texts, bold := 0, 0
		for {
			tok, err := d.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%v: SVG does not parse: %v", b, err)
			}
			if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
				texts++
				for _, a := range se.Attr {
					if a.Name.Local == "font-weight" {
						bold++
					}
				}
			}
		}
		if texts != b.Cells() || bold != puzzle.Givens() {
			t.Errorf("%v: %d symbols (%d bold), want %d (%d)", b, texts, bold, b.Cells(), puzzle.Givens())
		}
	}
}

func TestBadBoards(t *testing.T) {
	for _, s := range []Variant{{BoxRows: 0, BoxCols: 3}, {BoxRows: 9, BoxCols: 9}, {BoxRows: 2, BoxCols: 3, Windoku: true}, {Regions: []int{0, 0, 1}}, {Regions: []int{0, 0, 0, 1}}} {
		if _, err := NewBoard(s); err == nil {
			t.Errorf("NewBoard(%+v) accepted", s)
		}
	}
}

func TestCheck(t *testing.T) {
	b := mustBoard(t, Variant{})
	bx := mustBoard(t, Variant{X: true})
	sol := mustParse(t, classicSol, 9)
	puzzle := mustParse(t, classic, 9)
	swap := func(g Grid, i, j int) Grid {
		g = append(Grid(nil), g...)
		g[i], g[j] = g[j], g[i]
		return g
	}
	set := func(g Grid, i int, v uint8) Grid {
		g = append(Grid(nil), g...)
		g[i] = v
		return g
	}
	tests := []struct {
		name    string
		b       *Board
		puzzle  Grid
		sol     Grid
		wantErr string // "" for a valid solution
	}{
		{"valid", b, puzzle, sol, ""},
		{"valid, no puzzle", b, nil, sol, ""},
		{"short", b, nil, sol[:80], "80 cells"},
		{"blank cell", b, nil, set(sol, 40, 0), "holds 0"},
		{"value above 9", b, nil, set(sol, 40, 10), "holds 10"},
		{"given changed", b, set(puzzle, 2, 9), sol, "given 9"},
		{"columns swapped in a row", b, nil, swap(sol, 0, 1), "twice"},
		{"rows swapped in a column", b, nil, swap(sol, 0, 9), "twice"},
		{"not an X-Sudoku", bx, nil, sol, "twice"},
	}
	for _, tt := range tests {
		err := tt.b.Check(tt.puzzle, tt.sol)
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.wantErr)
		}
	}
	// Swapping two whole rows of different bands keeps rows and columns but breaks boxes.
	g := append(Grid(nil), sol...)
	for c := 0; c < 9; c++ {
		g[c], g[27+c] = g[27+c], g[c]
	}
	if err := b.Check(nil, g); err == nil || !strings.Contains(err.Error(), "unit b") {
		t.Errorf("rows of two bands swapped: error %v, want a box holding a value twice", err)
	}
}

// TestKernel9VsKernel compares the 9x9 kernel with the general kernel on the same board, on
// puzzles with givens removed at random: full solution counts (up to 1000) and the first
// solution of each.
func TestKernel9VsKernel(t *testing.T) {
	b := mustBoard(t, Variant{})
	k9, kg := newKernel9(b), newKernel[uint16](b)
	rng := rand.New(rand.NewPCG(3, 4))
	set := loadSet(t, "top1465.txt")
	clue := loadSet(t, "17_clue.txt")
	sol9, solg := make(Grid, 81), make(Grid, 81)
	counts := map[bool]int{}
	n := 400
	if testing.Short() {
		n = 100
	}
	for i := 0; i < n; i++ {
		var g Grid
		if i%2 == 0 {
			g = append(g, set[rng.IntN(len(set))]...)
		} else {
			g = append(g, clue[rng.IntN(len(clue))]...)
		}
		// Remove up to 4 givens; now and then add a wrong one (often no solution).
		for r := rng.IntN(5); r > 0; r-- {
			g[rng.IntN(81)] = 0
		}
		if i%7 == 0 {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		}
		c9, err9 := k9.solve(context.Background(), g, 1000, sol9)
		cg, errg := kg.solve(context.Background(), g, 1000, solg)
		if err9 != nil || errg != nil || c9 != cg {
			t.Fatalf("%s: kernel9 %d (%v), kernel %d (%v)", g.Format(OneBased), c9, err9, cg, errg)
		}
		if c9 > 0 {
			if err := b.Check(g, sol9); err != nil {
				t.Fatalf("%s: kernel9 solution %s: %v", g.Format(OneBased), sol9.Format(OneBased), err)
			}
		}
		counts[c9 > 1]++
	}
	if counts[true] == 0 || counts[false] == 0 {
		t.Errorf("want puzzles with one and with several solutions: %v", counts)
	}
}

// TestCheckClassicVsGeneral compares Check's quick test for 9x9 with its general loop over
// the units on solutions spoiled at random: cells set to any byte, cells swapped, givens
// changed, set to values out of range or blanked; both must accept exactly the same.
func TestCheckClassicVsGeneral(t *testing.T) {
	b := mustBoard(t, Variant{})
	general := mustBoard(t, Variant{Regions: b.region}) // the same units, checked one by one
	sol := mustParse(t, classicSol, 9)
	puzzle := mustParse(t, classic, 9)
	rng := rand.New(rand.NewPCG(9, 9))
	accepted := 0
	for i := range 20000 {
		g, p := append(Grid(nil), sol...), append(Grid(nil), puzzle...)
		for range rng.IntN(3) {
			switch rng.IntN(4) {
			case 0:
				g[rng.IntN(81)] = uint8(rng.IntN(256))
			case 1:
				x, y := rng.IntN(81), rng.IntN(81)
				g[x], g[y] = g[y], g[x]
			case 2:
				p[rng.IntN(81)] = uint8(rng.IntN(12))
			case 3:
				g[rng.IntN(81)] = uint8(rng.IntN(11))
			}
		}
		if i%3 == 0 {
			p = nil
		}
		quick := checkClassic(p, g)
		slow := general.Check(p, g) == nil
		if quick != slow {
			t.Fatalf("puzzle %v, grid %v: quick test %v, unit by unit %v", p, g, quick, slow)
		}
		if quick {
			accepted++
		}
	}
	if accepted < 1000 || accepted > 19000 {
		t.Fatalf("%d of 20000 accepted: the cases do not test both ways", accepted)
	}
}
