package formats

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/verify"
)

// roundTrip writes p in format f and reads it back.
func roundTrip(t *testing.T, p *xcover.Problem, f Format) *dlx.File {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, p, f); err != nil {
		t.Fatalf("%v: %v\n%s", f, err, randprob.Describe(p))
	}
	back, err := Read(bytes.NewReader(buf.Bytes()), "t", f)
	if err != nil {
		t.Fatalf("%v: %v\nwritten:\n%s", f, err, buf.String())
	}
	return back
}

// TestRoundTrips writes 500 random problems of every kind in each format that holds
// them (miniexact's: all; its DIMACS form: no bounds; matrices: primary items only)
// and reads them back: the solutions, by option number, are the brute-force solutions
// of the original, each verified against the problem read, and writing what was read in
// DLX text gives the original's DLX text where the names survive.
func TestRoundTrips(t *testing.T) {
	tested := map[Format]int{}
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(100) {
			p := randprob.New(seed, kind)
			want := brute.Solutions(p)
			formats := []Format{Miniexact}
			if !p.HasBounds() {
				formats = append(formats, MiniexactDIMACS)
			}
			if p.NumPrimary() == p.NumItems() && !p.HasBounds() && p.NumOptions() > 0 {
				formats = append(formats, Matrix, MatrixCSV)
			}
			for _, f := range formats {
				back := roundTrip(t, p, f)
				q := back.Problem
				got := brute.Solutions(q)
				if !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("%v %v %d: solutions %v, want %v\n%s", f, kind, seed, got, want, randprob.Describe(p))
				}
				if err := verify.All(q, got); err != nil {
					t.Fatal(err)
				}
				if q.NumOptions() != p.NumOptions() || len(back.OptionText) != p.NumOptions() || len(back.OptionLine) != p.NumOptions() {
					t.Fatalf("%v %v %d: %d options read, want %d", f, kind, seed, q.NumOptions(), p.NumOptions())
				}
				if f == Miniexact {
					var w1, w2 bytes.Buffer
					e1, e2 := dlx.Write(&w1, p), dlx.Write(&w2, q)
					if (e1 == nil) != (e2 == nil) || w1.String() != w2.String() {
						t.Fatalf("%v %d: DLX text changed:\n%s\nto\n%s", kind, seed, w1.String(), w2.String())
					}
				}
				tested[f]++
			}
		}
	}
	for _, f := range []Format{Miniexact, MiniexactDIMACS, Matrix, MatrixCSV} {
		if tested[f] < 50 {
			t.Errorf("%v: only %d problems", f, tested[f])
		}
	}
}

func mustRead(t *testing.T, src string, f Format) *dlx.File {
	t.Helper()
	file, err := Read(strings.NewReader(src), "t", f)
	if err != nil {
		t.Fatal(err)
	}
	return file
}

// TestAccept reads files as other tools write them and compares them with their DLX text.
func TestAccept(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		f         Format
		want      string // DLX text
	}{
		{"Knuth's exercise 49 in miniexact", "< p q r > [ x y ]\np q x y:1;\np r\nx:1 y;\np x:2;\nq x:1;\nr y:2;\n", Miniexact,
			"p q r | x y\np q x y:1\np r x:1 y\np x:2\nq x:1\nr y:2\n"},
		{"ranges and costs", "// comment\n< a:1;2 b c:3 >\na b $ 4;\n  // more\na $2 $3 ; c ;c;c", Miniexact,
			"1:2|a b 3|c\na b |4\na |5\nc\nc\nc\n"},
		{"last option without ';'", "<a b>a b", Miniexact, "a b\na b\n"},
		{"DIMACS xc", "c a comment\ncomment too\np xc 2 1\n1 3 0\n2\n0\n", MiniexactDIMACS, "1 2 | 3\n1 3\n2\n"},
		{"DIMACS xcc", "p xcc 1 2\n1 2 -1 3 0 2 -2 0\n", Miniexact, "1 | 2 3\n1 2:1 3\n2:2\n"},
		{"matrix", "0 1 1\n# comment\n1 0 0\n\n1 1 1\n", Matrix, "1 2 3\n2 3\n1\n1 2 3\n"},
		{"CSV", "0,1,1\r\n1,0,0\r\n", MatrixCSV, "1 2 3\n2 3\n1\n"},
		{"compact rows", "011\n100\n", Matrix, "1 2 3\n2 3\n1\n"},
	} {
		f := mustRead(t, tc.src, tc.f)
		var buf bytes.Buffer
		if err := dlx.Write(&buf, f.Problem); err != nil || buf.String() != tc.want {
			t.Errorf("%s: DLX text %q (%v), want %q", tc.name, buf.String(), err, tc.want)
		}
	}
}

// TestZeroRow: an all-zero row is an option with no item, kept with a warning, so that
// option numbers stay the matrix's rows.
func TestZeroRow(t *testing.T) {
	f := mustRead(t, "1 0\n0 0\n0 1\n", Matrix)
	if f.Problem.NumOptions() != 3 || len(f.Warnings) != 1 || f.Warnings[0].Line != 2 {
		t.Fatalf("%d options, warnings %v", f.Problem.NumOptions(), f.Warnings)
	}
	if got := brute.Solutions(f.Problem); !slices.EqualFunc(got, [][]int{{0, 2}}, slices.Equal) {
		t.Errorf("solutions %v", got)
	}
	var buf bytes.Buffer
	if err := Write(&buf, f.Problem, Matrix); err != nil || buf.String() != "1 0\n0 0\n0 1\n" {
		t.Errorf("written %q, %v", buf.String(), err)
	}
}

// TestErrors: every malformed file is a *dlx.Error naming the file, the line and the
// problem.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		f         Format
		line      int
		msg       string
	}{
		{"empty", "", Miniexact, 0, "no problem"},
		{"no header", "a b;\n", Miniexact, 1, "want \"< primary items >\""},
		{"unterminated items", "< a b\n", Miniexact, 1, "unexpected end"},
		{"bad range", "< a:x >\n", Miniexact, 1, "want a number of times"},
		{"bad range end", "< a:1;y >\n", Miniexact, 1, "want the most times"},
		{"range upside down", "\n< a:3;1 >\n", Miniexact, 2, ""},
		{"duplicate item", "< a a >\n", Miniexact, 1, "duplicate"},
		{"unknown item", "< a >\na;\nb;\n", Miniexact, 3, "unknown item"},
		{"twice", "< a >\n\na a;\n", Miniexact, 3, "item twice"},
		{"colour on primary", "< a >\na:red;\n", Miniexact, 2, "colour on primary"},
		{"bad cost", "< a >\na $ x;\n", Miniexact, 2, "want a cost"},
		{"empty option", "< a >\na;;\n", Miniexact, 2, "option with no item"},
		{"missing colour", "< a > [ x ]\na x:;\n", Miniexact, 2, "want colour"},
		{"DIMACS kind", "p cnf 1 0\n", MiniexactDIMACS, 1, "want \"p xc NP NS\""},
		{"DIMACS header", "p xc 1\n1 0\n", MiniexactDIMACS, 2, "want the numbers"},
		{"DIMACS item out of range", "p xc 2 0\n1 0\n3 0\n", MiniexactDIMACS, 3, "want an item from 1 to 2"},
		{"DIMACS colour in xc", "p xc 1 1\n1 2 -1 0\n", MiniexactDIMACS, 2, "colours need"},
		{"DIMACS colour after primary", "p xcc 1 1\n1 -1 0\n", MiniexactDIMACS, 2, "must follow a secondary item"},
		{"DIMACS no final 0", "p xc 1 0\n1 0\n1\n", MiniexactDIMACS, 3, "does not end with 0"},
		{"DIMACS twice", "p xc 2 0\n1 2 1 0\n", MiniexactDIMACS, 2, "item twice"},
		{"matrix ragged", "0 1\n1 0 1\n", Matrix, 2, "a row of 3 entries; the first row has 2"},
		{"matrix entry", "0 1\n1 2\n", Matrix, 2, "column 2: want 0 or 1"},
		{"matrix empty", "# nothing\n", Matrix, 0, "no row"},
		{"binary", "0 1\n\x00\x01\n", Matrix, 2, ""},
	} {
		_, err := Read(strings.NewReader(tc.src), "t.x", tc.f)
		var e *dlx.Error
		if !errors.As(err, &e) || e.File != "t.x" || e.Line != tc.line || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%s: %v; want line %d and %q", tc.name, err, tc.line, tc.msg)
		}
	}
}

// TestWriteRefuses: a problem a format cannot hold is refused, nothing written.
func TestWriteRefuses(t *testing.T) {
	bounds := mustRead(t, "< a:0;2 b >\na b;\n", Miniexact).Problem
	sec := mustRead(t, "< a > [ x ]\na x;\n", Miniexact).Problem
	cost := mustRead(t, "< a >\na $ 3;\n", Miniexact).Problem
	b := new(xcover.Builder)
	b.AddPrimary("a<b")
	b.AddOption("a<b")
	odd, _ := b.Build()
	for _, tc := range []struct {
		p   *xcover.Problem
		f   Format
		msg string
	}{
		{bounds, MiniexactDIMACS, "multiplicities"},
		{cost, MiniexactDIMACS, "no costs"},
		{bounds, Matrix, "multiplicities"},
		{sec, MatrixCSV, "secondary"},
		{cost, Matrix, "costs"},
		{odd, Miniexact, `item "a<b"`},
	} {
		var buf bytes.Buffer
		err := Write(&buf, tc.p, tc.f)
		if err == nil || !strings.Contains(err.Error(), tc.msg) || buf.Len() != 0 {
			t.Errorf("%v: %v, wrote %q; want an error with %q", tc.f, err, buf.String(), tc.msg)
		}
	}
}

func TestByExtension(t *testing.T) {
	for _, tc := range []struct {
		path string
		f    Format
		ok   bool
	}{
		{"a.xcc", Miniexact, true}, {"b.XC", Miniexact, true}, {"dir/c.csv", MatrixCSV, true},
		{"m.mat", Matrix, true}, {"q.dlx", DLX, true}, {"x.txt", DLX, false}, {"d.x/file", DLX, false}, {"-", DLX, false},
	} {
		if f, ok := ByExtension(tc.path); f != tc.f || ok != tc.ok {
			t.Errorf("ByExtension(%q) = %v, %v", tc.path, f, ok)
		}
	}
}

// TestChoose checks the choice of a problem file's format: the one named, else its
// extension's, else DLX; a bad name is an error.
func TestChoose(t *testing.T) {
	for _, tc := range []struct {
		named, path string
		f           Format
		err         bool
	}{
		{"", "a.xcc", Miniexact, false}, {"", "-", DLX, false}, {"", "x.txt", DLX, false},
		{"csv", "a.xcc", MatrixCSV, false}, {"dlx", "m.mat", DLX, false}, {"nonsense", "q.dlx", 0, true},
	} {
		if f, err := Choose(tc.named, tc.path); (err != nil) != tc.err || !tc.err && f != tc.f {
			t.Errorf("Choose(%q, %q) = %v, %v", tc.named, tc.path, f, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"< p q r > [ x y ]\np q x y:1;\np r\nx:1 y;\n", "< a:1;2 b >\na b $ 4;\n", "p xcc 1 2\n1 2 -1 3 0\n",
		"p xc 2 0\n1 0\n2 0\n", "0 1\n1 0\n", "011\n100\n", "0,1\n1,1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, format := range []Format{Miniexact, Matrix} {
			file, err := Read(bytes.NewReader(data), "f", format)
			if err != nil {
				var e *dlx.Error
				if !errors.As(err, &e) || e.File != "f" {
					t.Fatalf("%v: error %v is not a *dlx.Error naming the file", format, err)
				}
				continue
			}
			if len(file.OptionText) != file.Problem.NumOptions() || len(file.OptionLine) != file.Problem.NumOptions() {
				t.Fatalf("%v: option texts and lines do not match the options", format)
			}
			var buf bytes.Buffer
			if Write(&buf, file.Problem, format) == nil {
				back, err := Read(&buf, "again", format)
				if err != nil {
					t.Fatalf("%v: written text does not read back: %v\n%s", format, err, buf.String())
				}
				if back.Problem.NumOptions() != file.Problem.NumOptions() {
					t.Fatalf("%v: round trip changed the options", format)
				}
			}
		}
	})
}
