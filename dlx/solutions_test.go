package dlx

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestSolutionsRoundTrip writes solutions in both forms and reads them back, with the
// spacing of text lines changed and comment lines added.
func TestSolutionsRoundTrip(t *testing.T) {
	f, err := Parse(strings.NewReader("A B C | X\nA B X:red\nC\nA\nB C\nA B X:red\n"), "p.dlx")
	if err != nil {
		t.Fatal(err)
	}
	sols := [][]int{{0, 1}, {2, 3}, {4, 1}, {0, 1}}
	for _, asJSON := range []bool{false, true} {
		var b []byte
		for _, sol := range sols {
			b = f.appendSolution(b, sol, asJSON)
		}
		text := string(b)
		if !asJSON {
			text = "| cost 3\n" + strings.ReplaceAll(text, "A B", "A \t B  ")
		}
		got, err := f.ReadSolutions(strings.NewReader(text), "sols")
		if err != nil {
			t.Fatalf("json %v: %v", asJSON, err)
		}
		// Two options of the same text: the first one unused in the solution is taken.
		want := slices.Clone(sols)
		if !asJSON {
			want[2] = []int{0, 1}
		}
		if !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("json %v: read %v, want %v", asJSON, got, want)
		}
	}
}

// TestCostSolutions writes solutions with their costs in both forms: the lines as a
// minimum-cost search prints them, read back as the solutions alone.
func TestCostSolutions(t *testing.T) {
	f, err := Parse(strings.NewReader("A B C\nA B |2\nC |1\nA C\nB\n"), "p.dlx")
	if err != nil {
		t.Fatal(err)
	}
	sols, costs := [][]int{{0, 1}, {2, 3}}, []int64{3, -12}
	for _, tt := range []struct {
		asJSON bool
		want   string
	}{
		{false, "| cost 3\nA B |2\nC |1\n\n| cost -12\nA C\nB\n\n"},
		{true, `{"options":[0,1],"cost":3}` + "\n" + `{"options":[2,3],"cost":-12}` + "\n"},
	} {
		var b []byte
		for i, sol := range sols {
			b = f.appendCostSolution(b, sol, costs[i], tt.asJSON)
		}
		if string(b) != tt.want {
			t.Errorf("json %v: %q, want %q", tt.asJSON, b, tt.want)
		}
		got, err := f.ReadSolutions(strings.NewReader(string(b)), "sols")
		if err != nil || !slices.EqualFunc(got, sols, slices.Equal) {
			t.Errorf("json %v: read back %v, %v; want %v", tt.asJSON, got, err, sols)
		}
	}
}

// TestSolutionsErrors: every malformed line is an *Error naming the file and line.
func TestSolutionsErrors(t *testing.T) {
	f, err := Parse(strings.NewReader("A B\nA\nB\n"), "p.dlx")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct{ in, want string }{
		{"A\nC\n", `sols:2: no option "C" in the problem`},
		{`{"options":[0]}` + "\n" + `{"options":[2]}`, "sols:2: no option 2 (options are numbered 0 to 1)"},
		{`{"options":[0]} x`, "sols:1: bad JSON solution"},
		{`{"opts":[0]}`, `sols:1: bad JSON solution "{\"opts\":[0]}": no "options" list`},
		{"{\n", "sols:1: bad JSON solution"},
	}
	for _, tc := range cases {
		_, err := f.ReadSolutions(strings.NewReader(tc.in), "sols")
		var de *Error
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an *Error %q", tc.in, err, tc.want)
		}
	}
}

// FuzzReadSolutions: no input crashes the reader, and whatever it accepts names only
// options of the problem.
func FuzzReadSolutions(fz *testing.F) {
	for _, s := range []string{"A B\n\nA\nB\n", `{"options":[0,1]}`, "| c\nB\n", "{", "\xff\n"} {
		fz.Add(s)
	}
	f, err := Parse(strings.NewReader("A B\nA B\nA\nB\n"), "p.dlx")
	if err != nil {
		fz.Fatal(err)
	}
	fz.Fuzz(func(t *testing.T, in string) {
		sols, err := f.ReadSolutions(strings.NewReader(in), "fuzz")
		if err != nil {
			return
		}
		for _, sol := range sols {
			for _, k := range sol {
				if k < 0 || k >= f.Problem.NumOptions() {
					t.Fatalf("option %d read from %q", k, in)
				}
			}
		}
	})
}

// failWriter fails every write and flush with err.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }
func (w failWriter) Flush() error              { return w.err }

// TestSolutionWriterErrors: a writer's error is wrapped as "writing solutions: ...", and a
// solution that was not written is not counted; Flush on a writer that does not buffer
// does nothing.
func TestSolutionWriterErrors(t *testing.T) {
	f, err := Parse(strings.NewReader("a\na\n"), "a.dlx")
	if err != nil {
		t.Fatal(err)
	}
	broken := errors.New("broken pipe")
	for _, tc := range []struct {
		name  string
		write func(sw *SolutionWriter) error
	}{
		{"Write", func(sw *SolutionWriter) error { return sw.Write([]int{0}) }},
		{"WriteCost", func(sw *SolutionWriter) error { return sw.WriteCost([]int{0}, 3) }},
		{"Flush", func(sw *SolutionWriter) error { return sw.Flush() }},
	} {
		sw := f.NewSolutionWriter(failWriter{broken}, false)
		err := tc.write(sw)
		if !errors.Is(err, broken) || err.Error() != "writing solutions: broken pipe" || sw.Written() != 0 {
			t.Errorf("%s: %v, %d written; want writing solutions: broken pipe, 0", tc.name, err, sw.Written())
		}
	}
	var b strings.Builder
	sw := f.NewSolutionWriter(&b, true)
	if err := sw.Write([]int{1}); err != nil || sw.Flush() != nil || b.String() != "{\"options\":[1]}\n" || sw.Written() != 1 {
		t.Errorf("to a strings.Builder: %q, %d written, %v", b.String(), sw.Written(), err)
	}
}

// TestSolutionsSlashComments: "//" lines in a solution file are comments, as in problems.
func TestSolutionsSlashComments(t *testing.T) {
	f, err := Parse(strings.NewReader("A B C\nA B\nC\nA C\nB\n"), "p.dlx")
	if err != nil {
		t.Fatal(err)
	}
	got, err := f.ReadSolutions(strings.NewReader("// from another tool\nA B\n  // the second option\nC\n\n"), "sols")
	if want := [][]int{{0, 1}}; err != nil || !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("ReadSolutions = %v, %v; want %v", got, err, want)
	}
}
