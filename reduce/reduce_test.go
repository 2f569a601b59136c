package reduce_test

import (
	"fmt"
	"github.com/xcover/xcover"
	"slices"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/brute"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/internal/randprob"
	"github.com/xcover/xcover/internal/writes"
	"github.com/xcover/xcover/reduce"
)

// key writes a list of solutions canonically, for comparing.
func key(sols [][]int) string {
	var ss []string
	for _, s := range sols {
		s = slices.Clone(s)
		slices.Sort(s)
		ss = append(ss, fmt.Sprint(s))
	}
	slices.Sort(ss)
	return strings.Join(ss, "\n")
}

// TestReduceRandom checks on random problems of every kind that the reduced problem has
// exactly the original's solutions (mapped back), by brute force on both; and that the
// rules remove something often enough for the test to mean something.
func TestReduceRandom(t *testing.T) {
	removed := 0
	for _, kind := range randprob.Kinds() {
		for seed := range uint64(400) {
			p := randprob.New(seed, kind)
			r, err := reduce.Reduce(p)
			if err != nil {
				t.Fatalf("randprob.New(%d, %v): %v", seed, kind, err)
			}
			want := brute.Solutions(p)
			var got [][]int
			for _, s := range brute.Solutions(r.Problem) {
				got = append(got, r.Map(s))
			}
			if key(got) != key(want) {
				t.Fatalf("randprob.New(%d, %v): reduced solutions %v, original %v (removed %v)\n%s",
					seed, kind, got, want, r.Removed, randprob.Describe(p))
			}
			if len(r.Original) != r.Problem.NumOptions() || r.Removed[0]+r.Removed[1] != p.NumOptions()-len(r.Original) {
				t.Fatalf("randprob.New(%d, %v): %d options kept, map of %d, removed %v of %d", seed, kind,
					r.Problem.NumOptions(), len(r.Original), r.Removed, p.NumOptions())
			}
			removed += r.Removed[0] + r.Removed[1]
		}
	}
	if removed == 0 {
		t.Fatal("the rules never removed anything")
	}
}

// TestReducePentominoes: on the 8x8 board without its centre the rules remove placements that
// cut off cells no piece can fill; the reduced problem writes out and still counts 520.
func TestReducePentominoes(t *testing.T) {
	p := problems.PentominoesHoled()
	r, err := reduce.Reduce(p)
	if err != nil {
		t.Fatal(err)
	}
	if r.Removed[0]+r.Removed[1] == 0 {
		t.Errorf("nothing removed from the holed 8x8 board")
	}
	var b strings.Builder
	if err := dlx.Write(&b, r.Problem); err != nil {
		t.Fatal(err)
	}
	res, err := xcover.Count(t.Context(), r.Problem, xcover.Config{})
	if n := res.Solutions; err != nil || n.Int64() != 520 {
		t.Errorf("reduced holed board: %d solutions, %v; want 520", n, err)
	}
}

func TestRenumber(t *testing.T) {
	r := &reduce.Result{Original: []int{1, 3, 4, 7}}
	tests := []struct {
		opts    []int
		want    []int
		removed int
		ok      bool
	}{
		{nil, []int{}, 0, true},
		{[]int{1}, []int{0}, 0, true},
		{[]int{7, 3}, []int{3, 1}, 0, true},
		{[]int{3, 5, 0}, nil, 5, false},
		{[]int{0}, nil, 0, false},
		{[]int{8}, nil, 8, false},
	}
	for _, tt := range tests {
		got, removed, ok := r.Renumber(tt.opts)
		if ok != tt.ok || removed != tt.removed || !slices.Equal(got, tt.want) {
			t.Errorf("Renumber(%v) = %v, %d, %v; want %v, %d, %v", tt.opts, got, removed, ok, tt.want, tt.removed, tt.ok)
		}
	}
}

// TestWriteDLX: the reduced file starts with the comment lines, reads back as the reduced
// problem, its writes are buffered, and the summary counts what was removed.
func TestWriteDLX(t *testing.T) {
	p := problems.PentominoesHoled()
	r, err := reduce.Reduce(p)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	wc := &writes.Counter{W: &b}
	if err := r.WriteDLX(wc, p); err != nil {
		t.Fatal(err)
	}
	if wc.N > 2 { // the comment lines, then the problem
		t.Errorf("%d writes, want them buffered", wc.N)
	}
	if !strings.HasPrefix(b.String(), "| Reduced by xcover reduce: ") {
		t.Errorf("the file does not start with the comment:\n%.200s", b.String())
	}
	f, err := dlx.Parse(strings.NewReader(b.String()), "reduced.dlx")
	if err != nil || f.Problem.NumOptions() != r.Problem.NumOptions() {
		t.Fatalf("read back: %v; want %d options", err, r.Problem.NumOptions())
	}
	if r.Removed[0]+r.Removed[1] == 0 {
		t.Error("nothing removed")
	}
}
