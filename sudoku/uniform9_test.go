package sudoku

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
)

const (
	bands9 = 948_109_639_680          // 9x9 bands (3 rows): 9! · 2,612,736
	grids9 = "6670903752021072936960" // 9x9 grids (Felgenhauer and Jarvis)
	fact9  = 362_880                  // 9!
)

// validTensors returns the packed keys of every 3x3x3 tensor of counts whose slices (fixed
// i, fixed j or fixed k) each sum to 3: the tensors of all column sets of a band.
func validTensors() []uint64 {
	// The 3x3 matrices of one slice i (sum 3), as 9 counts.
	var mats [][9]int
	for a := range 1 << 18 {
		var m [9]int
		s := 0
		for e := range 9 {
			m[e] = a >> (2 * e) & 3
			s += m[e]
		}
		if s == 3 {
			mats = append(mats, m)
		}
	}
	var out []uint64
	for _, m0 := range mats {
		for _, m1 := range mats {
			for _, m2 := range mats {
				ok := true
				for x := range 3 {
					sj, sk := 0, 0
					for y := range 3 {
						sj += m0[3*x+y] + m1[3*x+y] + m2[3*x+y]
						sk += m0[3*y+x] + m1[3*y+x] + m2[3*y+x]
					}
					if sj != 3 || sk != 3 {
						ok = false
					}
				}
				if !ok {
					continue
				}
				var key uint64
				for i, m := range [3][9]int{m0, m1, m2} {
					for e, c := range m {
						key |= uint64(c) << (2 * (9*i + e))
					}
				}
				out = append(out, key)
			}
		}
	}
	return out
}

// multiplicity returns 9!/Π n_ijk!, the number of column sets with the tensor key.
func multiplicity(key uint64) uint64 {
	m := uint64(fact9)
	for e := range 27 {
		for c := (key >> (2 * e)) & 3; c > 1; c-- {
			m /= c
		}
	}
	return m
}

// TestBandTensors enumerates every tensor: the largest F is fMax, and the column sets of
// all tensors, each counted by its F, make up all 948,109,639,680 bands.
func TestBandTensors(t *testing.T) {
	keys := validTensors()
	var total uint64
	most := 0
	for _, key := range keys {
		f := 6 * len(fillings(key, nil))
		most = max(most, f)
		total += multiplicity(key) * uint64(f)
	}
	t.Logf("%d tensors, F at most %d", len(keys), most)
	// The tables give every tensor its F, and a group element that maps its class's
	// representative, the least of the class, onto it.
	bt := newBandTables()
	for _, key := range keys {
		if got, want := bt.count(key), 6*len(fillings(key, nil)); got != want {
			t.Fatalf("tensor %x: F %d by its class, %d", key, got, want)
		}
		c, g := bt.entry(key)
		if m := g.entries(); act(&m, bt.classes[c].key) != key {
			t.Fatalf("tensor %x: group element %d maps %x elsewhere", key, g, bt.classes[c].key)
		}
	}
	for _, c := range bt.classes {
		if k := canonical(c.key); k != c.key {
			t.Errorf("class %x: %x is less", c.key, k)
		}
	}
	if most != fMax {
		t.Errorf("largest F %d, want fMax %d", most, fMax)
	}
	if total != bands9 {
		t.Errorf("%d bands, want %d", total, bands9)
	}
}

// bruteBand counts the bands (3 rows of 9 distinct digits) whose column 3·st+c holds the
// digits d with s[st][d] == c, by trying the 6 orders of each column in turn: code that
// shares nothing with fillings.
func bruteBand(s *layout) int {
	var cols [9][]uint8
	for st := range 3 {
		for d, c := range s[st] {
			cols[3*st+int(c)] = append(cols[3*st+int(c)], uint8(d))
		}
	}
	var rows [3]uint16
	var rec func(col int) int
	rec = func(col int) int {
		if col == 9 {
			return 1
		}
		n := 0
		for _, p := range perm3 {
			ok := true
			for r := range 3 {
				if rows[r]&(1<<cols[col][p[r]]) != 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
			for r := range 3 {
				rows[r] |= 1 << cols[col][p[r]]
			}
			n += rec(col + 1)
			for r := range 3 {
				rows[r] &^= 1 << cols[col][p[r]]
			}
		}
		return n
	}
	return rec(0)
}

// TestBandCount compares F from fillings with bruteBand on the layouts of band 0 and of
// the bands below it as the sampler draws them, and checks that fill writes valid bands
// of those layouts, every filling equally often.
func TestBandCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	u := newUniform9(rng, newBandTables())
	id := [9]uint8{0, 1, 2, 3, 4, 5, 6, 7, 8}
	for _, c := range []struct {
		name  string
		band0 uint64
		s     int
	}{
		{"first", 0, 0},
		{"pure", 0, sChoices - 1},
		{"mixed", 123_456, 99_999},
		{"last", band0Choices - 1, 56 * 56 * 30},
		{"random", rng.Uint64N(band0Choices), rng.IntN(sChoices)},
		{"random2", rng.Uint64N(band0Choices), rng.IntN(sChoices)},
	} {
		tp := band0(c.band0)
		tt := columns(&tp)
		s, sc := split(&tp, c.s)
		for _, b := range []struct {
			name string
			l    *layout
		}{{"band 0", &tt}, {"S", &s}, {"S^c", &sc}} {
			checkLayout(t, c.name+" "+b.name, b.l)
			want := bruteBand(b.l)
			cl, ge := u.entry(tensorKey(b.l))
			if got := 6 * len(u.classes[cl].fills); got != want {
				t.Errorf("%s %s: F %d, bruteBand %d", c.name, b.name, got, want)
				continue
			}
			// Draw 20 fillings per filling: all appear, valid, chi-square bound.
			seen := map[string]int{}
			g := make(Grid, 27)
			for range 20 * want {
				u.fill(g, b.l, cl, ge, &id)
				if err := checkBand(g, b.l); err != "" {
					t.Fatalf("%s %s: %s", c.name, b.name, err)
				}
				seen[string(g)]++
			}
			chi := 0.0
			for _, k := range seen {
				chi += float64((k-20)*(k-20)) / 20
			}
			// Degrees of freedom want-1; mean plus 6 standard deviations is far out.
			if df := float64(want - 1); len(seen) != want || chi > df+6*math.Sqrt(2*df) {
				t.Errorf("%s %s: %d fillings seen of %d, chi-square %.1f", c.name, b.name, len(seen), want, chi)
			}
		}
		// Band 0's rows: each a permutation, box by box as laid out.
		g := make(Grid, 27)
		for st := range 3 {
			for d, p := range tp[st] {
				g[int(p%3)*9+3*st+int(p/3)] = uint8(d) + 1
			}
		}
		for r := range 3 {
			var m uint16
			for col := range 9 {
				m |= 1 << g[9*r+col]
			}
			if m != 0x3fe {
				t.Errorf("%s: band 0 row %d repeats a digit: %v", c.name, r, g[9*r:9*r+9])
			}
		}
		for st := range 3 {
			for d := range 9 {
				if c0, c1, c2 := tt[st][d], s[st][d], sc[st][d]; c0 == c1 || c0 == c2 || c1 == c2 {
					t.Errorf("%s: digit %d in stack %d in columns %d, %d, %d", c.name, d, st, c0, c1, c2)
				}
			}
		}
	}
}

// checkLayout fails unless each column of the layout holds 3 digits.
func checkLayout(t *testing.T, label string, s *layout) {
	t.Helper()
	for st := range 3 {
		var n [3]int
		for _, c := range s[st] {
			if c > 2 {
				t.Fatalf("%s: stack %d: column %d", label, st, c)
			}
			n[c]++
		}
		if n != [3]int{3, 3, 3} {
			t.Fatalf("%s: stack %d's columns hold %v digits", label, st, n)
		}
	}
}

// checkBand says what is wrong with the band b (27 cells, digits 0..8): a row that repeats
// a digit, a digit out of its column of the layout s.
func checkBand(b []uint8, s *layout) string {
	for r := range 3 {
		var m uint16
		for c := range 9 {
			m |= 1 << b[9*r+c]
			if d := b[9*r+c]; d > 8 || int(s[c/3][d]) != c%3 {
				return "a digit out of its column"
			}
		}
		if m != 0x1ff {
			return "a row repeats a digit"
		}
	}
	return ""
}

// checkGrid9 says what is wrong with the 9x9 grid g (digits 1..9): a row, column or box
// that is not a permutation.
func checkGrid9(g Grid) string {
	for u := range 9 {
		var rm, cm, bm uint16
		for i := range 9 {
			rm |= 1 << g[9*u+i]
			cm |= 1 << g[9*i+u]
			bm |= 1 << g[9*(3*(u/3)+i/3)+3*(u%3)+i%3]
		}
		if rm != 0x3fe || cm != 0x3fe || bm != 0x3fe {
			return "a unit repeats a digit"
		}
	}
	return ""
}

// classBands returns the number of bands of each class, by canonical key: the sum over
// the class's tensors n of 9!/Π n! · F(n).
func classBands(u *uniform9) map[uint64]uint64 {
	out := map[uint64]uint64{}
	for _, key := range validTensors() {
		c, _ := u.entry(key)
		out[u.classes[c].key] += multiplicity(key) * uint64(u.count(key))
	}
	return out
}

// TestUniform9Grids checks drawn grids with checkGrid9 and that a seed gives the same
// grids, and compares with their exact values, within 5 standard deviations: the rate at
// which band 0 is kept, grids / (bands · cMax), about 90%; the mean number of trials for
// S a grid, 56³ · Σ (bands of a class · its M) / grids, about 11.4; and the frequency
// of each class of the first band of the grids drawn, bands of the class · its C / grids
// (chi-square over the classes, those expected fewer than 10 times pooled).
func TestUniform9Grids(t *testing.T) {
	n := 200_000
	if testing.Short() {
		n = 20_000
	}
	bt := newBandTables()
	draw := func(seed uint64, n int) ([]Grid, []uint64, *uniform9) {
		u := newUniform9(rand.New(rand.NewPCG(seed, 0)), bt)
		out := make([]Grid, n)
		splits := make([]uint64, n)
		for i := range out {
			before := u.splitTrials
			out[i] = u.draw()
			splits[i] = u.splitTrials - before
		}
		return out, splits, u
	}
	gs, splits, u := draw(5, n)
	again, _, _ := draw(5, 1000)
	other, _, _ := draw(6, 1000)
	same := 0
	for i, g := range gs {
		if e := checkGrid9(g); e != "" {
			t.Fatalf("grid %d %s: %s", i, g.Format(0), e)
		}
		if i >= 1000 {
			continue
		}
		if !slices.Equal(g, again[i]) {
			t.Fatalf("grid %d differs with the same seed", i)
		}
		if slices.Equal(g, other[i]) {
			same++
		}
	}
	if same > 0 {
		t.Errorf("%d grids the same with seeds 5 and 6", same)
	}
	grids, _ := new(big.Float).SetString(grids9)
	ratio := func(x float64) float64 { // x / grids
		r, _ := new(big.Float).Quo(big.NewFloat(x), grids).Float64()
		return r
	}

	p := 1 / ratio(float64(bands9)*cMax)
	got := float64(u.accepted) / float64(u.bandTrials)
	sd := math.Sqrt(p * (1 - p) / float64(u.bandTrials))
	t.Logf("band 0 kept %d of %d times: %.5f, exact %.5f (%.1f sd)", u.accepted, u.bandTrials, got, p, (got-p)/sd)
	if u.accepted != uint64(n) || math.Abs(got-p) > 5*sd {
		t.Errorf("band 0 kept %d of %d times: %.5f, want %.5f ± %.5f", u.accepted, u.bandTrials, got, p, 5*sd)
	}

	bands := classBands(u)
	var bm float64
	for _, bc := range bandClasses {
		bm += float64(bands[bc.key]) * float64(bc.most)
	}
	want := ratio(sChoices * bm)
	var sum, sq float64
	for _, k := range splits {
		sum += float64(k)
		sq += float64(k) * float64(k)
	}
	mean := sum / float64(n)
	sd = math.Sqrt((sq/float64(n) - mean*mean) / float64(n))
	t.Logf("trials for S: %.3f a grid, exact %.3f (%.1f sd)", mean, want, (mean-want)/sd)
	if math.Abs(mean-want) > 5*sd {
		t.Errorf("trials for S: %.3f a grid, want %.3f ± %.3f", mean, want, 5*sd)
	}

	seen := map[uint64]int{}
	for _, g := range gs {
		var l layout
		for r := range 3 {
			for col := range 9 {
				l[col/3][g[9*r+col]-1] = uint8(col % 3)
			}
		}
		c, _ := u.entry(tensorKey(&l))
		seen[u.classes[c].key]++
	}
	chi, df := 0.0, -1
	var poolWant, poolGot float64
	for _, bc := range bandClasses {
		e := ratio(float64(bands[bc.key])*float64(bc.c)) * float64(n)
		if e < 10 {
			poolWant += e
			poolGot += float64(seen[bc.key])
			continue
		}
		chi += (float64(seen[bc.key]) - e) * (float64(seen[bc.key]) - e) / e
		df++
	}
	if poolWant > 0 {
		chi += (poolGot - poolWant) * (poolGot - poolWant) / poolWant
		df++
	}
	limit := float64(df) + 6*math.Sqrt(2*float64(df))
	t.Logf("classes of band 0: chi-square %.1f, %d degrees of freedom (limit %.1f)", chi, df, limit)
	if chi > limit {
		t.Errorf("classes of band 0: chi-square %.1f above %.1f (%d degrees of freedom)", chi, limit, df)
	}
}

// BenchmarkUniform9 draws uniform 9x9 grids.
func BenchmarkUniform9(b *testing.B) {
	u := newUniform9(rand.New(rand.NewPCG(1, 0)), newBandTables())
	b.ResetTimer()
	for range b.N {
		u.draw()
	}
}

// canonical returns the least key among the tensors that permuting the columns within
// stacks and the stacks make of the tensor key: F and the completions of a band are the
// same on all of them.
func canonical(key uint64) uint64 {
	best := key
	for g := range groupElem(1296) {
		m := g.entries()
		best = min(best, act(&m, key))
	}
	return best
}

// layoutOf returns a layout with the tensor key: digit v (in the order of fillings) in
// column i of stack 0, j of stack 1, k of stack 2 for its entry 9i+3j+k.
func layoutOf(key uint64) layout {
	var s layout
	v := 0
	for e := range 27 {
		for range (key >> (2 * e)) & 3 {
			s[0][v], s[1][v], s[2][v] = uint8(e/9), uint8(e/3%3), uint8(e%3)
			v++
		}
	}
	return s
}

// columns returns the layout of the places t: each digit's column.
func columns(t *layout) (l layout) {
	for st := range 3 {
		for d, p := range t[st] {
			l[st][d] = p / 3
		}
	}
	return l
}

// places returns the places (3·column + i) of the layout l, digit d the i-th of its
// column by increasing digit.
func places(l *layout) (t layout) {
	for st := range 3 {
		var n [3]uint8
		for d, c := range l[st] {
			t[st][d] = 3*c + n[c]
			n[c]++
		}
	}
	return t
}

// TestGridCount9 counts the 9x9 grids band by band: the sum over tensors n of 9!/Π n! ·
// F(n) · C(n), C(n) being the sum of F(S)·F(S^c) over the 56³ column sets S of the second
// band, must be Felgenhauer and Jarvis's 6,670,903,752,021,072,936,960. It also finds the
// largest F(S)·F(S^c), and checks bandClasses: the classes, C and M of each.
func TestGridCount9(t *testing.T) {
	if testing.Short() {
		t.Skip("counts all 9x9 grids (about 15 s)")
	}
	keys := validTensors()
	f := map[uint64]uint64{}
	class := map[uint64][]uint64{}
	for _, key := range keys {
		f[key] = uint64(6 * len(fillings(key, nil)))
		c := canonical(key)
		class[c] = append(class[c], key)
	}
	total := new(big.Int)
	var most uint64
	table := map[uint64][2]uint64{}
	for _, bc := range bandClasses {
		table[bc.key] = [2]uint64{bc.c, uint64(bc.most)}
	}
	if len(table) != len(class) {
		t.Errorf("%d classes in bandClasses, %d found", len(table), len(class))
	}
	for c, members := range class {
		l := layoutOf(c)
		if tensorKey(&l) != c {
			t.Fatalf("layoutOf(%x) has the tensor %x", c, tensorKey(&l))
		}
		tt := places(&l)
		var sum, cmost uint64
		for k := range sChoices {
			s, sc := split(&tt, k)
			ff := f[tensorKey(&s)] * f[tensorKey(&sc)]
			sum += ff
			cmost = max(cmost, ff)
		}
		most = max(most, cmost)
		if w := table[c]; w != [2]uint64{sum, cmost} {
			t.Errorf("class %#x: C %d, M %d; bandClasses says %d, %d", c, sum, cmost, w[0], w[1])
		}
		for _, key := range members {
			var x big.Int
			x.SetUint64(multiplicity(key) * f[key])
			x.Mul(&x, new(big.Int).SetUint64(sum))
			total.Add(total, &x)
		}
	}
	t.Logf("%d tensors in %d classes; %s grids; largest F(S)·F(S^c) %d", len(keys), len(class), total, most)
	if total.String() != grids9 {
		t.Errorf("%s grids, want %s", total, grids9)
	}
}

// BenchmarkBandTables builds the tables a Board keeps for drawing uniform 9x9 grids.
func BenchmarkBandTables(b *testing.B) {
	for range b.N {
		newBandTables()
	}
}
