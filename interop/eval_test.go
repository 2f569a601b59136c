package interop

import (
	"bufio"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/brute"
)

// The OPB and SMT-LIB2 exports are checked by reading them back into linear constraints over
// literals and trying every assignment of the option variables. The colour variables are set
// to their least values allowed by the implications "option -> colour" (true exactly when an
// option giving that colour is chosen): they occur elsewhere only in at-most-one constraints,
// which larger values can only violate, so an assignment of the options extends to a model
// exactly when it extends with these values.

// A lin is the constraint sum(terms) op rhs, each term a coefficient and a literal (a
// negative literal -v stands for 1 - x_v).
type lin struct {
	coef []int
	lit  []int
	op   string // ">=", "<=", "="
	rhs  int
}

func (c lin) holds(val []bool) bool {
	s := 0
	for i, l := range c.lit {
		x := 0
		if l > 0 && val[l] || l < 0 && !val[-l] {
			x = 1
		}
		s += c.coef[i] * x
	}
	switch c.op {
	case ">=":
		return s >= c.rhs
	case "<=":
		return s <= c.rhs
	}
	return s == c.rhs
}

// A linSystem is a problem read back from OPB or SMT-LIB2.
type linSystem struct {
	nvars int
	cons  []lin
}

// models tries every assignment of the option variables 1..nopt.
func (s linSystem) models(t testing.TB, nopt int) [][]int {
	var imps [][2]int // option -> colour variable
	for _, c := range s.cons {
		if len(c.lit) == 2 && c.op == ">=" && c.rhs == 0 && c.coef[0] == -1 && c.coef[1] == 1 &&
			c.lit[0] > 0 && c.lit[0] <= nopt && c.lit[1] > nopt {
			imps = append(imps, [2]int{c.lit[0], c.lit[1]})
		}
	}
	val := make([]bool, s.nvars+1)
	var out [][]int
	for mask := 0; mask < 1<<nopt; mask++ {
		clear(val)
		for v := 1; v <= nopt; v++ {
			val[v] = mask&(1<<(v-1)) != 0
		}
		for _, im := range imps {
			val[im[1]] = val[im[1]] || val[im[0]]
		}
		ok := true
		for _, c := range s.cons {
			if !c.holds(val) {
				ok = false
				break
			}
		}
		if ok {
			var sol []int
			for v := 1; v <= nopt; v++ {
				if val[v] {
					sol = append(sol, v-1)
				}
			}
			out = append(out, sol)
		}
	}
	slices.SortFunc(out, slices.Compare)
	return out
}

func parseOPB(t testing.TB, text string) linSystem {
	t.Helper()
	var s linSystem
	var ncons int
	for i, line := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		if i == 0 {
			if _, err := fmt.Sscanf(line, "* #variable= %d #constraint= %d", &s.nvars, &ncons); err != nil {
				t.Fatalf("OPB header %q: %v", line, err)
			}
			continue
		}
		if strings.HasPrefix(line, "*") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 || f[len(f)-1] != ";" {
			t.Fatalf("OPB line %q", line)
		}
		var c lin
		c.op = f[len(f)-3]
		c.rhs, _ = strconv.Atoi(f[len(f)-2])
		terms := f[:len(f)-3]
		if len(terms)%2 != 0 {
			t.Fatalf("OPB line %q: odd terms", line)
		}
		for j := 0; j < len(terms); j += 2 {
			k, err1 := strconv.Atoi(terms[j])
			v, err2 := strconv.Atoi(strings.TrimPrefix(terms[j+1], "x"))
			if err1 != nil || err2 != nil || !strings.HasPrefix(terms[j+1], "x") || v < 1 || v > s.nvars {
				t.Fatalf("OPB line %q: bad term %s %s", line, terms[j], terms[j+1])
			}
			c.coef = append(c.coef, k)
			c.lit = append(c.lit, v)
		}
		s.cons = append(s.cons, c)
	}
	if len(s.cons) != ncons {
		t.Errorf("OPB header says %d constraints, file has %d", ncons, len(s.cons))
	}
	return s
}

// A node is an s-expression.
type node struct {
	atom string
	kids []node
	list bool
}

func parseSexps(t testing.TB, text string) []node {
	t.Helper()
	var toks []string
	for _, line := range strings.Split(text, "\n") {
		if i := strings.IndexByte(line, ';'); i >= 0 {
			line = line[:i]
		}
		line = strings.ReplaceAll(strings.ReplaceAll(line, "(", " ( "), ")", " ) ")
		toks = append(toks, strings.Fields(line)...)
	}
	var parse func() node
	pos := 0
	parse = func() node {
		tok := toks[pos]
		pos++
		if tok != "(" {
			return node{atom: tok}
		}
		n := node{list: true}
		for toks[pos] != ")" {
			n.kids = append(n.kids, parse())
		}
		pos++
		return n
	}
	var out []node
	for pos < len(toks) {
		out = append(out, parse())
	}
	return out
}

// parseSMT2 reads back the subset of SMT-LIB2 that WriteSMT2 uses.
func parseSMT2(t testing.TB, text string, nopt int) linSystem {
	t.Helper()
	var s linSystem
	vars := map[string]int{}
	lit := func(n node) int {
		neg := false
		if n.list && len(n.kids) == 2 && n.kids[0].atom == "not" {
			neg, n = true, n.kids[1]
		}
		v, ok := vars[n.atom]
		if n.list || !ok {
			t.Fatalf("not a declared literal: %v", n)
		}
		if neg {
			return -v
		}
		return v
	}
	ones := func(lits []node) lin {
		var c lin
		for _, l := range lits {
			c.coef = append(c.coef, 1)
			c.lit = append(c.lit, lit(l))
		}
		return c
	}
	// sum reads (+ (ite x 1 0) ...) or a lone (ite x 1 0).
	sum := func(n node) lin {
		terms := []node{n}
		if n.kids[0].atom == "+" {
			terms = n.kids[1:]
		}
		var lits []node
		for _, tm := range terms {
			if len(tm.kids) != 4 || tm.kids[0].atom != "ite" || tm.kids[2].atom != "1" || tm.kids[3].atom != "0" {
				t.Fatalf("not an (ite x 1 0) term: %v", tm)
			}
			lits = append(lits, tm.kids[1])
		}
		return ones(lits)
	}
	num := func(n node) int {
		k, err := strconv.Atoi(n.atom)
		if err != nil {
			t.Fatalf("not a numeral: %v", n)
		}
		return k
	}
	checkSat, getModel := false, false
	for _, cmd := range parseSexps(t, text) {
		if getModel {
			t.Fatalf("command after (get-model): %v", cmd)
		}
		switch cmd.kids[0].atom {
		case "set-option", "set-logic":
		case "declare-const":
			if cmd.kids[2].atom != "Bool" {
				t.Fatalf("declaration %v", cmd)
			}
			s.nvars++
			name := cmd.kids[1].atom
			if v, ok := varNumber(name); !ok || v != s.nvars || (name[0] == 'x') != (v <= nopt) {
				t.Fatalf("variable %d named %s", s.nvars, name)
			}
			vars[name] = s.nvars
		case "check-sat":
			checkSat = true
		case "get-model":
			if !checkSat {
				t.Fatal("(get-model) before (check-sat)")
			}
			getModel = true
		case "assert":
			e := cmd.kids[1]
			var c lin
			switch {
			case !e.list && e.atom == "false":
				c = lin{op: ">=", rhs: 1}
			case !e.list || e.kids[0].atom == "not":
				c = ones([]node{e})
				c.op, c.rhs = ">=", 1
			case e.kids[0].atom == "or":
				var lits []node
				for _, k := range e.kids[1:] {
					if k.atom != "false" {
						lits = append(lits, k)
					}
				}
				c = ones(lits)
				c.op, c.rhs = ">=", 1
			case e.kids[0].atom == "=>":
				c = ones(e.kids[1:])
				c.lit[0] = -c.lit[0]
				c.op, c.rhs = ">=", 1
			case e.kids[0].list: // ((_ at-most k) ...), ((_ pbeq k 1 ...) ...)
				f := e.kids[0].kids
				c = ones(e.kids[1:])
				c.rhs = num(f[2])
				switch f[1].atom {
				case "at-most":
					c.op = "<="
				case "at-least":
					c.op = ">="
				case "pbeq":
					c.op = "="
					if len(f) != 3+len(c.lit) {
						t.Fatalf("pbeq with %d coefficients for %d terms", len(f)-3, len(c.lit))
					}
				default:
					t.Fatalf("assertion %v", e)
				}
			default: // (op sum k)
				c = sum(e.kids[1])
				c.op, c.rhs = e.kids[0].atom, num(e.kids[2])
			}
			s.cons = append(s.cons, c)
		default:
			t.Fatalf("unexpected command %v", cmd)
		}
	}
	if !getModel {
		t.Fatal("no (get-model)")
	}
	// Implications become -x + y >= 0, the form models looks for.
	for i, c := range s.cons {
		if len(c.lit) == 2 && c.op == ">=" && c.rhs == 1 && c.lit[0] < 0 && c.lit[1] > nopt {
			s.cons[i] = lin{coef: []int{-1, 1}, lit: []int{-c.lit[0], c.lit[1]}, op: ">=", rhs: 0}
		}
	}
	return s
}

// evalModels exports p in format f and returns the option sets that its models choose.
func evalModels(t testing.TB, p *xcover.Problem, f Format, opt *Options) [][]int {
	t.Helper()
	text := exportString(t, p, f, opt)
	switch f {
	case OPB:
		return parseOPB(t, text).models(t, p.NumOptions())
	case SMT2:
		return parseSMT2(t, text, p.NumOptions()).models(t, p.NumOptions())
	}
	t.Fatalf("evalModels: format %v", f)
	return nil
}

func TestOPBAndSMT2ModelsAreSolutions(t *testing.T) {
	for _, np := range testProblems(t, 40) {
		if np.p.NumOptions() > 14 {
			continue
		}
		want := solutionsString(brute.Solutions(np.p))
		for _, tc := range []struct {
			f   Format
			enc SMTEncoding
		}{{OPB, PB}, {SMT2, PB}, {SMT2, Int}} {
			got := solutionsString(evalModels(t, np.p, tc.f, &Options{SMT: tc.enc}))
			if got != want {
				t.Errorf("%s, %v %v: models %s, solutions %s\n%s", np.name, tc.f, tc.enc, got, want,
					exportString(t, np.p, tc.f, &Options{SMT: tc.enc}))
			}
		}
	}
}

// Every comment line names its variable's option as the problem spells it.
func TestComments(t *testing.T) {
	p := formatExample(t)
	for _, tc := range []struct {
		f      Format
		prefix string
	}{{DIMACS, "c var "}, {SMT2, "; x"}, {OPB, "* x"}} {
		text := exportString(t, p, tc.f, nil)
		sc := bufio.NewScanner(strings.NewReader(text))
		found := 0
		for sc.Scan() {
			line, ok := strings.CutPrefix(sc.Text(), tc.prefix)
			if !ok {
				continue
			}
			var v, k int
			if n, _ := fmt.Sscanf(line, "%d = option %d:", &v, &k); n != 2 {
				continue
			}
			found++
			if v != k+1 || !strings.HasSuffix(line, ": "+p.OptionString(k)) {
				t.Errorf("%v: comment %q", tc.f, sc.Text())
			}
		}
		if found != p.NumOptions() {
			t.Errorf("%v: %d option comments, want %d", tc.f, found, p.NumOptions())
		}
		if bare := exportString(t, p, tc.f, &Options{NoComments: true}); strings.Contains(bare, "option 0") {
			t.Errorf("%v: NoComments output has comments:\n%s", tc.f, bare)
		}
	}
}
