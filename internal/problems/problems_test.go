package problems

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/verify"
)

// solve runs the engine on p and returns the number of solutions, failing the test on any
// solution that the independent verifier rejects, on a solution seen twice, or on one that
// the domain check (if not nil) rejects.
func solve(t *testing.T, p *xcover.Problem, domain func(sol []int) error) uint64 {
	t.Helper()
	s, err := xcover.NewSolver(p, xcover.Config{})
	if err != nil {
		t.Fatal(err)
	}
	c := verify.NewChecker(p)
	seen := make(map[string]bool)
	var n uint64
	for sol := range s.Solutions(context.Background()) {
		n++
		if vs := c.Check(sol); len(vs) > 0 {
			t.Fatalf("solution %d %v is invalid: %v", n, sol, vs)
		}
		key := fmt.Sprint(sol)
		if seen[key] {
			t.Fatalf("solution %v found twice", sol)
		}
		seen[key] = true
		if domain != nil {
			if err := domain(sol); err != nil {
				t.Fatalf("solution %v: %v", sol, err)
			}
		}
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

func long(t *testing.T) {
	t.Helper()
	if os.Getenv("XCOVER_LONG") == "" {
		t.Skip("long; set XCOVER_LONG=1")
	}
}

// queensCheck checks that the options of sol, numbered row by row, place n queens of which
// none attacks another, and at most per of them on any rank, file or diagonal.
func queensCheck(n, want, per int) func([]int) error {
	return func(sol []int) error {
		if len(sol) != want {
			return fmt.Errorf("%d queens, want %d", len(sol), want)
		}
		rank, file := make([]int, n), make([]int, n)
		diag, anti := make([]int, 2*n), make([]int, 2*n)
		for _, k := range sol {
			r, c := k/n, k%n
			rank[r]++
			file[c]++
			diag[r+c]++
			anti[n-1-r+c]++
			if rank[r] > per || file[c] > per || diag[r+c] > per || anti[n-1-r+c] > per {
				return fmt.Errorf("too many queens in line with (%d, %d)", r, c)
			}
		}
		return nil
	}
}

func TestQueens(t *testing.T) {
	// OEIS A000170
	want := []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200}
	for i, w := range want {
		n := i + 1
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := Queens(n)
			if p.NumPrimary() != 2*n || p.NumOptions() != n*n {
				t.Fatalf("%d primary items and %d options, want %d and %d",
					p.NumPrimary(), p.NumOptions(), 2*n, n*n)
			}
			if got := solve(t, p, queensCheck(n, n, 1)); got != w {
				t.Errorf("Queens(%d): %d solutions, want %d", n, got, w)
			}
		})
	}
}

func TestQueensOrder(t *testing.T) {
	// The organ-pipe order of the ranks and files, and the diagonals left out at the corners.
	tests := []struct {
		n     int
		items string
		opt0  string
	}{
		{1, "r0 c0", "r0 c0"},
		{4, "r2 c2 r1 c1 r3 c3 r0 c0 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5", "r0 c0 b3"},
		{7, "r3 c3 r2 c2 r4 c4 r1 c1 r5 c5 r0 c0 r6 c6 | a1 b1 a2 b2 a3 b3 a4 b4 a5 b5 a6 b6 a7 b7 a8 b8 a9 b9 aa ba ab bb", "r0 c0 b6"},
	}
	for _, tt := range tests {
		p := Queens(tt.n)
		if got := itemLine(p); got != tt.items {
			t.Errorf("Queens(%d) items:\n%s\nwant\n%s", tt.n, got, tt.items)
		}
		if got := p.OptionString(0); got != tt.opt0 {
			t.Errorf("Queens(%d) option 0: %q, want %q", tt.n, got, tt.opt0)
		}
	}
	// Up to 32, one digit per number as in Knuth's generator; beyond, decimal.
	if _, ok := Queens(32).ItemIndex("bZ"); !ok {
		t.Error(`Queens(32) has no item "bZ"`)
	}
	if p := Queens(40); p.NumItems() != 80+2*77 {
		t.Errorf("Queens(40) has %d items, want %d", p.NumItems(), 80+2*77)
	}
}

// itemLine spells the items of p as the item line of a DLX file (without bounds).
func itemLine(p *xcover.Problem) string {
	var prim, sec []string
	for i := range p.NumItems() {
		if it := p.Item(i); it.Secondary {
			sec = append(sec, it.Name)
		} else {
			prim = append(prim, it.Name)
		}
	}
	s := strings.Join(prim, " ")
	if len(sec) > 0 {
		s += " | " + strings.Join(sec, " ")
	}
	return s
}

func TestDoubleQueens(t *testing.T) {
	// OEIS A225623
	want := []uint64{0, 1, 2, 11, 92, 1097}
	for i, w := range want {
		n := i + 1
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			if got := solve(t, DoubleQueens(n), queensCheck(n, 2*n, 2)); got != w {
				t.Errorf("DoubleQueens(%d): %d solutions, want %d", n, got, w)
			}
		})
	}
}

func TestLangford(t *testing.T) {
	tests := []struct {
		n    int
		want uint64
	}{{1, 0}, {2, 0}, {3, 2}, {4, 2}, {5, 0}, {7, 52}, {8, 300}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.n), func(t *testing.T) {
			p := Langford(tt.n)
			check := func(sol []int) error {
				seq := make([]int, 2*tt.n)
				for _, k := range sol {
					o := p.Option(k)
					i := o[0].Item + 1 // items "1".."n" come first
					a := o[1].Item - tt.n
					b := o[2].Item - tt.n
					if seq[a] != 0 || seq[b] != 0 || b-a != i+1 {
						return fmt.Errorf("bad pair %d at %d and %d in %v", i, a, b, seq)
					}
					seq[a], seq[b] = i, i
				}
				if slices.Contains(seq, 0) {
					return fmt.Errorf("empty place in %v", seq)
				}
				return nil
			}
			if got := solve(t, p, check); got != tt.want {
				t.Errorf("Langford(%d): %d solutions, want %d", tt.n, got, tt.want)
			}
		})
	}
}

func TestTwoPerRowCol(t *testing.T) {
	// OEIS A001499
	want := []uint64{1, 6, 90, 2040, 67950}
	for i, w := range want {
		n := i + 2
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			p := TwoPerRowCol(n)
			if !p.HasBounds() || p.HasColors() {
				t.Fatalf("TwoPerRowCol(%d): HasBounds %v, HasColors %v", n, p.HasBounds(), p.HasColors())
			}
			check := func(sol []int) error {
				row, col := make([]int, n), make([]int, n)
				for _, k := range sol {
					row[k/n]++
					col[k%n]++
				}
				for i := range n {
					if row[i] != 2 || col[i] != 2 {
						return fmt.Errorf("rows %v, columns %v", row, col)
					}
				}
				return nil
			}
			if got := solve(t, p, check); got != w {
				t.Errorf("TwoPerRowCol(%d): %d solutions, want %d", n, got, w)
			}
		})
	}
}

func TestOrientations(t *testing.T) {
	want := map[string]int{"O": 2, "P": 8, "Q": 8, "R": 8, "S": 8, "T": 4, "U": 4, "V": 4,
		"W": 4, "X": 1, "Y": 8, "Z": 4}
	for _, pc := range pentominoes {
		s := parseShape(pc.pic)
		if len(s) != 5 {
			t.Errorf("%s has %d cells", pc.name, len(s))
		}
		if got := len(s.orientations()); got != want[pc.name] {
			t.Errorf("%s has %d orientations, want %d", pc.name, got, want[pc.name])
		}
	}
}

func TestPentominoesShape(t *testing.T) {
	tests := []struct {
		p             *xcover.Problem
		items, option int
		first         string
	}{
		{Pentominoes(10, 6), 72, 2056, "O 00 10 20 30 40"},
		{Pentominoes(6, 10), 72, 2056, "O 00 10 20 30 40"},
		{PentominoesHoled(), 72, 1568, "O 00 10 20 30 40"},
	}
	for _, tt := range tests {
		if tt.p.NumItems() != tt.items || tt.p.NumOptions() != tt.option {
			t.Errorf("%d items and %d options, want %d and %d",
				tt.p.NumItems(), tt.p.NumOptions(), tt.items, tt.option)
		}
		if got := tt.p.OptionString(0); got != tt.first {
			t.Errorf("first option %q, want %q", got, tt.first)
		}
	}
}

// tilingCheck checks that each option of sol is a piece and five cells forming one of its
// orientations, and that no cell is covered twice.
func tilingCheck(p *xcover.Problem) func([]int) error {
	shapes := map[string][]shape{}
	for _, pc := range pentominoes {
		shapes[pc.name] = parseShape(pc.pic).orientations()
	}
	return func(sol []int) error {
		used := map[string]bool{}
		for _, k := range sol {
			o := p.Option(k)
			name := p.Item(o[0].Item).Name
			var s shape
			for _, e := range o[1:] {
				c := p.Item(e.Item).Name
				if used[c] {
					return fmt.Errorf("cell %s covered twice", c)
				}
				used[c] = true
				s = append(s, cell{strings.IndexByte(digits, c[0]), strings.IndexByte(digits, c[1])})
			}
			s = s.normalize()
			if !slices.ContainsFunc(shapes[name], func(u shape) bool { return slices.Equal(u, s) }) {
				return fmt.Errorf("option %q is not a placement of %s", p.OptionString(k), name)
			}
		}
		return nil
	}
}

const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

func TestPentominoes(t *testing.T) {
	tests := []struct {
		name string
		long bool
		p    func() *xcover.Problem
		want uint64
	}{
		{"20x3", false, func() *xcover.Problem { return Pentominoes(20, 3) }, 8},
		{"holed", false, PentominoesHoled, 520},
		{"15x4", true, func() *xcover.Problem { return Pentominoes(15, 4) }, 1472},
		{"12x5", true, func() *xcover.Problem { return Pentominoes(12, 5) }, 4040},
		{"10x6", false, func() *xcover.Problem { return Pentominoes(10, 6) }, 9356},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long {
				long(t)
			}
			p := tt.p()
			if got := solve(t, p, tilingCheck(p)); got != tt.want {
				t.Errorf("%d solutions, want %d", got, tt.want)
			}
		})
	}
}

func TestColorSquares(t *testing.T) {
	// n(n+1)(n^2-n+2)/4 squares for n colours
	for k, want := range []int{0, 1, 6, 24, 70} {
		sq := colorSquares(k)
		if len(sq) != want {
			t.Errorf("colorSquares(%d): %d squares, want %d", k, len(sq), want)
		}
		for i, s := range sq {
			if len(rotations(s)) != 1 && len(rotations(s)) != 2 && len(rotations(s)) != 4 {
				t.Errorf("square %s has %d rotations", s, len(rotations(s)))
			}
			if i > 0 && sq[i-1] >= s {
				t.Errorf("squares out of order: %s, %s", sq[i-1], s)
			}
		}
	}
}

// edgeCheck checks that the squares of sol, decoded from the option names alone, fill the
// w x h board, each once, with matching edges (and the border all 'a' if border is set).
func edgeCheck(p *xcover.Problem, w, h int, border bool) func([]int) error {
	return func(sol []int) error {
		board := make([]string, w*h) // edge colours N E S W of the square at (x, y)
		used := map[string]bool{}
		for _, k := range sol {
			o := p.Option(k)
			c := p.Item(o[0].Item).Name
			sq := p.Item(o[1].Item).Name
			if used[sq] {
				return fmt.Errorf("square %s used twice", sq)
			}
			used[sq] = true
			x, y := strings.IndexByte(digits, c[0]), strings.IndexByte(digits, c[1])
			// the colours the option shows on its edges give the turn of the square
			colors := []byte{'?', '?', '?', '?'}
			for _, e := range o[2:] {
				n := p.Item(e.Item).Name
				ex, ey := strings.IndexByte(digits, n[1]), strings.IndexByte(digits, n[2])
				switch {
				case n[0] == 'h' && ex == x && ey == y-1:
					colors[0] = e.Color[0]
				case n[0] == 'v' && ex == x && ey == y:
					colors[1] = e.Color[0]
				case n[0] == 'h' && ex == x && ey == y:
					colors[2] = e.Color[0]
				case n[0] == 'v' && ex == x-1 && ey == y:
					colors[3] = e.Color[0]
				default:
					return fmt.Errorf("option %q names an edge not around its cell", p.OptionString(k))
				}
			}
			board[x*h+y] = string(colors)
			if !fits(string(colors), sq, x, y, w, h, border) {
				return fmt.Errorf("option %q shows colours %s: no turn of %s fits", p.OptionString(k), colors, sq)
			}
		}
		for x := range w {
			for y := range h {
				s := board[x*h+y]
				if s == "" {
					return fmt.Errorf("cell (%d, %d) empty", x, y)
				}
				if x+1 < w && s[1] != board[(x+1)*h+y][3] {
					return fmt.Errorf("mismatch east of (%d, %d)", x, y)
				}
				if y+1 < h && s[2] != board[x*h+y+1][0] {
					return fmt.Errorf("mismatch south of (%d, %d)", x, y)
				}
			}
		}
		return nil
	}
}

// fits reports whether some turn of sq shows the known colours ('?' for unknown), all known
// exactly on the inner edges of cell (x, y), and, if border is set, 'a' on its border edges.
func fits(known, sq string, x, y, w, h int, border bool) bool {
	onBorder := [4]bool{y == 0, x == w-1, y == h-1, x == 0}
	for _, r := range rotations(sq) {
		ok := true
		for i := range 4 {
			switch {
			case onBorder[i] != (known[i] == '?'):
				ok = false
			case onBorder[i] && border && r[i] != 'a':
				ok = false
			case !onBorder[i] && known[i] != r[i]:
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// bruteEdgeMatching counts the solutions of EdgeMatching(k, w, h, border) by trying every
// arrangement of every turn of every square, sharing no code with the generator beyond the
// list of squares.
func bruteEdgeMatching(k, w, h int, border bool) int {
	squares := colorSquares(k)
	board := make([]string, w*h) // in (x, y) order, x major
	used := make([]bool, len(squares))
	var place func(i int) int
	place = func(i int) int {
		if i == w*h {
			return 1
		}
		x, y := i/h, i%h
		n := 0
		for j, sq := range squares {
			if used[j] {
				continue
			}
			used[j] = true
			for _, r := range rotations(sq) {
				if border && ((y == 0 && r[0] != 'a') || (x == w-1 && r[1] != 'a') ||
					(y == h-1 && r[2] != 'a') || (x == 0 && r[3] != 'a')) {
					continue
				}
				if x > 0 && board[(x-1)*h+y][1] != r[3] {
					continue
				}
				if y > 0 && board[x*h+y-1][2] != r[0] {
					continue
				}
				board[i] = r
				n += place(i + 1)
			}
			used[j] = false
		}
		return n
	}
	return place(0)
}

func TestEdgeMatching(t *testing.T) {
	tests := []struct {
		k, w, h int
		border  bool
		want    uint64
	}{
		{1, 1, 1, true, 1},
		{2, 3, 2, false, 416},
		{2, 2, 3, false, 416},
		{2, 6, 1, false, 1920},
		{2, 3, 2, true, 0},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%d-%dx%d-%v", tt.k, tt.w, tt.h, tt.border), func(t *testing.T) {
			if b := bruteEdgeMatching(tt.k, tt.w, tt.h, tt.border); uint64(b) != tt.want {
				t.Fatalf("brute force: %d solutions, want %d", b, tt.want)
			}
			p := EdgeMatching(tt.k, tt.w, tt.h, tt.border)
			if tt.k > 1 && !p.HasColors() {
				t.Fatal("no colours")
			}
			if got := solve(t, p, edgeCheck(p, tt.w, tt.h, tt.border)); got != tt.want {
				t.Errorf("%d solutions, want %d", got, tt.want)
			}
		})
	}
}

func TestMacMahon(t *testing.T) {
	p := MacMahon()
	if p.NumPrimary() != 48 || p.NumItems() != 48+38 {
		t.Fatalf("%d primary items of %d, want 48 of 86", p.NumPrimary(), p.NumItems())
	}
	long(t)
	if got := solve(t, p, edgeCheck(p, 6, 4, true)); got != 26656 {
		t.Errorf("%d solutions, want 26656", got)
	}
}

// TestKnuthNames checks that every problem keeps to the limits of Knuth's programs: names of
// at most 8 characters, colours of one.
func TestKnuthNames(t *testing.T) {
	for _, p := range []*xcover.Problem{Queens(32), DoubleQueens(32), Langford(31), TwoPerRowCol(62),
		Pentominoes(10, 6), PentominoesHoled(), MacMahon(), EdgeMatching(2, 3, 2, false)} {
		for i := range p.NumItems() {
			if n := p.Item(i).Name; len(n) > 8 {
				t.Errorf("item name %q too long", n)
			}
		}
		for k := range p.NumOptions() {
			for _, e := range p.Option(k) {
				if len(e.Color) > 1 {
					t.Errorf("colour %q too long", e.Color)
				}
			}
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"Queens(0)":             func() { Queens(0) },
		"Langford(0)":           func() { Langford(0) },
		"TwoPerRowCol(1)":       func() { TwoPerRowCol(1) },
		"DoubleQueens(0)":       func() { DoubleQueens(0) },
		"Pentominoes(7, 8)":     func() { Pentominoes(7, 8) },
		"EdgeMatching(3, 5, 5)": func() { EdgeMatching(3, 5, 5, true) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s did not panic", name)
				}
			}()
			f()
		}()
	}
}

func TestSolveAll(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		ctx   context.Context
		limit int
		want  int
		err   bool
	}{
		{context.Background(), 0, 4, false}, {context.Background(), 3, 3, false}, {cancelled, 0, 0, true},
	} {
		p := Queens(6)
		sols, err := SolveAll(tc.ctx, p, tc.limit)
		if len(sols) != tc.want || (err != nil) != tc.err {
			t.Errorf("limit %d: %d solutions, %v; want %d", tc.limit, len(sols), err, tc.want)
		}
		for _, sol := range sols {
			if v := verify.Check(p, sol); len(v) > 0 {
				t.Errorf("limit %d: %v", tc.limit, v[0])
			}
		}
	}
}
