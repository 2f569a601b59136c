package shard

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
)

// testProblems are problems of known count with plain items, bounds and colours.
var testProblems = []struct {
	name    string
	p       *xcover.Problem
	initial []int
	want    int64
}{
	{"queens 8", problems.Queens(8), nil, 92},
	{"queens 10", problems.Queens(10), nil, 724},
	{"queens 6", problems.Queens(6), nil, 4},
	{"double queens 6", problems.DoubleQueens(6), nil, 1097},
	{"edge matching 2 colours 3x2", problems.EdgeMatching(2, 3, 2, false), nil, 416},
	{"two per row and column 5", problems.TwoPerRowCol(5), nil, 2040},
	{"langford 3 (few parts)", problems.Langford(3), nil, 2},
}

// count returns the full count of p with the given options forced, with one worker.
func count(t *testing.T, p *xcover.Problem, initial []int) int64 {
	t.Helper()
	res, err := xcover.Count(context.Background(), p, xcover.Config{Initial: initial})
	if err != nil {
		t.Fatal(err)
	}
	return res.Solutions.Int64()
}

// TestShardsAddUp counts every shard of every problem for several N and workers, and
// checks that the shards deal out every part once and that their counts add up.
func TestShardsAddUp(t *testing.T) {
	for _, tp := range testProblems {
		if got := count(t, tp.p, tp.initial); got != tp.want {
			t.Fatalf("%s: full count %d, want %d", tp.name, got, tp.want)
		}
		for _, n := range []int{1, 2, 3, 7, 20} {
			var results []*Result
			seen := map[int]int{}
			var cut string
			for k := 1; k <= n; k++ {
				pl, err := newPlan(tp.p, tp.initial, k, n)
				if err != nil {
					t.Fatal(err)
				}
				if k == 1 {
					cut = pl.Cut
					if len(pl.Parts) < requestFor(n) && strings.HasPrefix(tp.name, "queens 10") {
						t.Errorf("%s: %d parts for N = %d, asked for %d", tp.name, len(pl.Parts), n, requestFor(n))
					}
				} else if pl.Cut != cut {
					t.Fatalf("%s: shard %d/%d cut differently from shard 1", tp.name, k, n)
				}
				for _, i := range pl.Mine {
					seen[i]++
				}
				res, err := pl.Count(context.Background(), countOptions{Config: xcover.Config{Workers: 1 + k%2}})
				if err != nil {
					t.Fatal(err)
				}
				if res.Partial || res.Shard != k || res.Shards != n || res.Parts != len(pl.Parts) {
					t.Errorf("%s: shard %d/%d: result %+v", tp.name, k, n, res)
				}
				results = append(results, res)
				if k == n {
					if len(seen) != len(pl.Parts) {
						t.Errorf("%s N=%d: %d parts dealt out of %d", tp.name, n, len(seen), len(pl.Parts))
					}
					for i, c := range seen {
						if c != 1 {
							t.Errorf("%s N=%d: part %d dealt %d times", tp.name, n, i, c)
						}
					}
				}
			}
			m, warnings, err := Merge(results)
			if err != nil || warnings != nil {
				t.Fatalf("%s N=%d: merge: %v %v", tp.name, n, err, warnings)
			}
			if m.Solutions.Cmp(big.NewInt(tp.want)) != 0 {
				t.Errorf("%s N=%d: shards add up to %v, want %d", tp.name, n, m.Solutions, tp.want)
			}
		}
	}
}

func TestPlanInitial(t *testing.T) {
	p := problems.Queens(8)
	a, err := newPlan(p, []int{20, 3}, 1, 1)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := newPlan(p, []int{3, 20, 3}, 1, 1)
	if a.Cut != b.Cut || !slices.Equal(a.Initial, []int{3, 20}) {
		t.Errorf("order of initial options changed the cut: %v %v", a.Initial, b.Initial)
	}
	c, _ := newPlan(p, nil, 1, 1)
	if c.Cut == a.Cut {
		t.Error("initial options did not change the cut's digest")
	}
	res, err := a.Count(context.Background(), countOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if want := count(t, p, []int{3, 20}); res.Solutions.Int64() != want {
		t.Errorf("with initial options: %v, want %d", res.Solutions, want)
	}
	for _, bad := range [][2]int{{0, 1}, {2, 1}, {1, 0}} {
		if _, err := newPlan(p, nil, bad[0], bad[1]); err == nil {
			t.Errorf("newPlan(%d/%d) did not fail", bad[0], bad[1])
		}
	}
}

// sudokuGrids is the number of 9x9 Sudoku grids, beyond 2^64.
const sudokuGrids = "6670903752021072936960"

func result(shard, shards int, solutions string) *Result {
	n, ok := new(big.Int).SetString(solutions, 10)
	if !ok {
		panic(solutions)
	}
	return &Result{Solutions: n, Nodes: big.NewInt(10), Updates: big.NewInt(0), Seconds: 1, Format: formatVersion, Problem: "abc", Shard: shard, Shards: shards, Parts: 1024, Cut: "cut",
		Source: "s" + strings.Repeat("I", shard)}
}

func TestMerge(t *testing.T) {
	big1 := "3335451876010536468480" // sudokuGrids / 2
	other := result(2, 3, "1")
	other.Problem = "xyz"
	otherCut := result(2, 3, "1")
	otherCut.Cut = "cut2"
	partial := result(2, 3, "1")
	partial.Partial = true
	// Issue 41, fault 6: "shards" edited to 10^8 grew at 110 MB/s, 2^63-1 panicked.
	huge, hugest := result(1, 100000000, "1"), result(1, math.MaxInt64, "1")
	// Fault 3: a shard of another version was merged silently, its "version" dropped.
	v1, v2 := result(1, 2, "1"), result(2, 2, "2")
	v1.Version, v2.Version = "v1.0.0", "v1.1.0"
	tests := []struct {
		name    string
		in      []*Result
		want    string // total, or "" for an error
		err     string // a substring of the error
		warning string
	}{
		{"beyond 2^64", []*Result{result(1, 2, big1), result(2, 2, big1)}, sudokuGrids, "", ""},
		{"many near 2^64", []*Result{result(1, 3, "18446744073709551615"), result(2, 3, "18446744073709551615"), result(3, 3, "18446744073709551615")}, "55340232221128654845", "", ""},
		{"identical duplicate", []*Result{result(1, 2, "5"), result(2, 2, "7"), result(1, 2, "5")}, "12", "", "shard 1/2 given twice"},
		{"differing duplicate", []*Result{result(1, 2, "5"), result(2, 2, "7"), result(1, 2, "6")}, "", "shard 1/2 given twice with different counts", ""},
		{"missing", []*Result{result(1, 8, "1"), result(2, 8, "1"), result(4, 8, "1"), result(5, 8, "1"), result(6, 8, "1"), result(8, 8, "1")}, "", "missing shards 3, 7 of 8", ""},
		{"missing one", []*Result{result(2, 2, "1")}, "", "missing shard 1 of 2", ""},
		{"different N", []*Result{result(1, 2, "1"), result(2, 3, "1")}, "", "2 and 3 shards", ""},
		{"different problem", []*Result{result(1, 3, "1"), other}, "", "different problems", ""},
		{"different cut", []*Result{result(1, 3, "1"), otherCut}, "", "cut the search tree differently", ""},
		{"partial", []*Result{result(1, 3, "1"), partial}, "", "partial", ""},
		{"none", nil, "", "no results", ""},
		{"shards beyond the bound", []*Result{huge}, "", `"shards" 100000000, want 1 to 10000`, ""},
		{"shards 2^63-1", []*Result{hugest}, "", "want 1 to 10000", ""},
		{"versions", []*Result{v1, v2}, "3", "", "different versions of xcover (v1.0.0, v1.1.0)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, warnings, err := Merge(tt.in)
			if tt.want == "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Solutions.String() != tt.want {
				t.Errorf("total %v, want %s", m.Solutions, tt.want)
			}
			if m.Shard != 0 || m.Shards != tt.in[0].Shards || m.Problem != "abc" {
				t.Errorf("merged result %+v", m)
			}
			if m.Version != tt.in[0].Version && m.Version != "v1.0.0 + v1.1.0" {
				t.Errorf("merged version %q", m.Version)
			}
			if (tt.warning == "") != (len(warnings) == 0) || tt.warning != "" && !strings.Contains(warnings[0], tt.warning) {
				t.Errorf("warnings %q, want %q", warnings, tt.warning)
			}
		})
	}
}

func TestDecode(t *testing.T) {
	const two = `{"solutions":3335451876010536468480,"nodes":1,"updates":2,"seconds":0.5,"format":2,"problem":"abc","shard":1,"shards":2,"parts":1024,"cut":"c"}
{"solutions":3335451876010536468480,"nodes":1,"updates":2,"seconds":0.5,"format":2,"problem":"abc","shard":2,"shards":2,"parts":1024,"cut":"c"}
`
	rs, err := Decode(strings.NewReader(two), "f")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[1].Source != "f:2" || rs[1].Solutions.String() != "3335451876010536468480" {
		t.Fatalf("decoded %+v", rs)
	}
	m, _, err := Merge(rs)
	if err != nil || m.Solutions.String() != sudokuGrids || m.Nodes.Int64() != 2 || m.Seconds != 1 {
		t.Errorf("merged %+v, %v", m, err)
	}
	for _, bad := range []string{
		"",
		"{",
		`{"solutions":-1,"format":2,"problem":"abc","shard":1,"shards":1}`,
		`{"solutions":1.5,"format":2,"problem":"abc","shard":1,"shards":1}`,
		`{"solutions":1,"nodes":1,"updates":2,"seconds":0.5}`,
		`{"solutions":1,"format":2,"problem":"abc","shard":3,"shards":2}`,
		`{"solutions":1,"format":9,"problem":"abc","shard":1,"shards":1}`,
	} {
		if _, err := Decode(strings.NewReader(bad), "f"); err == nil {
			t.Errorf("Decode(%q) did not fail", bad)
		}
	}
}

func TestCheckpointFile(t *testing.T) {
	pl, err := newPlan(problems.Queens(8), nil, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	c := pl.newCheckpoint()
	c.Done[pl.Mine[0]] = PartCount{Solutions: big.NewInt(7), Nodes: 9}
	c.Done[pl.Mine[2]] = PartCount{Solutions: new(big.Int).Lsh(big.NewInt(1), 63), Nodes: 1 << 63}
	path := filepath.Join(t.TempDir(), "ck.json")
	if err := c.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	if err := c.WriteFile(path); err != nil { // over an existing file
		t.Fatal(err)
	}
	d, err := ReadCheckpoint(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.check(pl); err != nil {
		t.Fatal(err)
	}
	if d.Solutions().String() != "9223372036854775815" {
		t.Errorf("solutions %v", d.Solutions())
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	if len(entries) != 1 {
		t.Errorf("temporary files left: %v", entries)
	}

	other, _ := newPlan(problems.Queens(9), nil, 2, 3)
	shard3, _ := newPlan(problems.Queens(8), nil, 3, 3)
	forced, _ := newPlan(problems.Queens(8), []int{1}, 2, 3)
	foreign := pl.newCheckpoint()
	foreign.Done[pl.Mine[0]+1] = PartCount{Solutions: big.NewInt(1)}
	for _, tt := range []struct {
		name string
		c    *Checkpoint
		pl   *plan
		err  string
	}{
		{"other problem", d, other, "another problem"},
		{"other shard", d, shard3, "shard 2/3, not 3/3"},
		{"other initial", d, forced, "other options"},
		{"part of another shard", foreign, pl, "not one of shard 2/3's"},
	} {
		if err := tt.c.check(tt.pl); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: %v, want an error with %q", tt.name, err, tt.err)
		}
	}

	if err := os.WriteFile(path, []byte("92\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadCheckpoint(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("reading a non-checkpoint: %v", err)
	}
}

// TestResume counts part of a shard, stops, and resumes from the checkpoint: the total is
// exact and no part is counted twice.
func TestResume(t *testing.T) {
	// Queens 14 has parts of more than a few thousand nodes, in which the engine polls.
	p := problems.Queens(14)
	pl, err := newPlan(p, nil, 5, 8)
	if err != nil {
		t.Fatal(err)
	}
	full, err := pl.Count(context.Background(), countOptions{})
	if err != nil {
		t.Fatal(err)
	}

	// Stop after a few parts, from the Progress callback.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cp := pl.newCheckpoint()
	var saves []*Checkpoint
	var mu sync.Mutex
	res, err := pl.Count(ctx, countOptions{
		Config: xcover.Config{Workers: 2, ProgressInterval: time.Microsecond, Progress: func(pr xcover.Progress) {
			cancel()
		}},
		Checkpoint: cp,
		DriveOptions: DriveOptions{Save: func(c *Checkpoint) error {
			mu.Lock()
			defer mu.Unlock()
			saves = append(saves, c)
			return nil
		}, SaveEvery: time.Millisecond},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted count: %v (did the engine ever poll?)", err)
	}
	if !res.Partial || len(cp.Done) == len(pl.Mine) {
		t.Fatalf("not partial: %d of %d parts done", len(cp.Done), len(pl.Mine))
	}
	last := saves[len(saves)-1]
	if res.Solutions.Cmp(last.Solutions()) != 0 || len(last.Done) != len(cp.Done) {
		t.Errorf("final save %v (%d parts), result %v (%d parts)", last.Solutions(), len(last.Done), res.Solutions, len(cp.Done))
	}
	// Every save holds the counts of finished parts only, as a full count gives them.
	for _, c := range saves {
		if c.Solutions().Cmp(full.Solutions) > 0 {
			t.Errorf("a save counts %v > %v", c.Solutions(), full.Solutions)
		}
	}

	// Resume from an early save, as after a crash, and from the last one.
	for _, from := range []*Checkpoint{saves[0], last} {
		c := from.clone()
		var counted int
		res, err := pl.Count(context.Background(), countOptions{Checkpoint: c, Config: xcover.Config{Workers: 2}})
		if err != nil {
			t.Fatal(err)
		}
		counted = len(c.Done) - len(from.Done)
		if res.Partial || res.Solutions.Cmp(full.Solutions) != 0 {
			t.Errorf("resumed from %d parts: %v (partial %v), want %v", len(from.Done), res.Solutions, res.Partial, full.Solutions)
		}
		if counted != len(pl.Mine)-len(from.Done) {
			t.Errorf("resumed count finished %d parts, want %d", counted, len(pl.Mine)-len(from.Done))
		}
	}

	// Kept in a file: the count resumes from it, says so, and saves the rest there.
	path := filepath.Join(t.TempDir(), "ckpt")
	if err := last.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	var resumed *Checkpoint
	res, err = pl.Count(context.Background(), countOptions{DriveOptions: DriveOptions{File: path, Resumed: func(c *Checkpoint) { resumed = c }}})
	if err != nil || res.Partial || res.Solutions.Cmp(full.Solutions) != 0 || resumed == nil || len(resumed.Done) < len(last.Done) {
		t.Errorf("resumed from a file: %v, %v (partial %v), want %v", err, res.Solutions, res.Partial, full.Solutions)
	}
	if saved, err := ReadCheckpoint(path); err != nil || len(saved.Done) != len(pl.Mine) {
		t.Errorf("the file after the resumed count: %v", err)
	}

	// A checkpoint of another problem is refused.
	other, _ := newPlan(problems.Queens(9), nil, 2, 3)
	if _, err := other.Count(context.Background(), countOptions{DriveOptions: DriveOptions{File: path}}); err == nil {
		t.Error("a checkpoint file of another problem was accepted")
	}
	if _, err := other.Count(context.Background(), countOptions{Checkpoint: last}); err == nil {
		t.Error("a checkpoint of another problem was accepted")
	}
}

func TestSaveError(t *testing.T) {
	pl, _ := newPlan(problems.Queens(8), nil, 1, 1)
	_, err := pl.Count(context.Background(), countOptions{DriveOptions: DriveOptions{Save: func(*Checkpoint) error { return errors.New("disk full") }}})
	if err == nil || err.Error() != "disk full" {
		t.Errorf("error %v, want disk full", err)
	}
}

// TestDecodeBounded gives Decode a result that never ends and one far too large: both are
// refused after reading about maxResultBytes, where the decoder used to hold it all.
func TestDecodeBounded(t *testing.T) {
	for _, tt := range []struct {
		name string
		r    io.Reader
	}{
		{"endless string", io.MultiReader(strings.NewReader(`{"problem":"`), endlessReader('a'))},
		{"endless blanks", endlessReader(' ')},
	} {
		cr := &countingReader{r: tt.r}
		_, err := Decode(cr, "in")
		if err == nil || cr.n > 2*maxResultBytes {
			t.Errorf("%s: error %v after %d bytes", tt.name, err, cr.n)
		}
	}
}

type endlessReader byte

func (c endlessReader) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(c)
	}
	return len(b), nil
}

type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}

// TestMergeSeconds merges shards whose seconds add up to a float that prints with 17
// digits: the merged time is kept to the microsecond.
func TestMergeSeconds(t *testing.T) {
	var rs []*Result
	for k, sec := range []float64{0.1, 0.2, 0.004766648} {
		rs = append(rs, &Result{Solutions: big.NewInt(1), Seconds: sec, Format: formatVersion, Problem: "p", Shard: k + 1, Shards: 3, Parts: 3, Cut: "c"})
	}
	m, _, err := Merge(rs)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(m.Seconds); string(b) != "0.304767" {
		t.Errorf("merged seconds print as %s, want 0.304767", b)
	}
}
