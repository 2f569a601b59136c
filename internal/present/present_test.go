package present

import (
	"encoding/json"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/shard"
	"github.com/xcover/xcover/verify"
	"github.com/xcover/xcover/zdd"
)

// TestProgressETA shows progress for a search barely begun in a huge tree (2^70 solutions
// to come): the remaining time is astronomically long, never negative (it was
// "ETA -9223372036.855s", a wrapped time.Duration).
func TestProgressETA(t *testing.T) {
	for _, f := range []float64{1e-30, 1e-12, 1e-6, 0.5} {
		pr := xcover.Progress{Stats: xcover.Stats{Solutions: 1 << 62, Nodes: 1 << 62, Elapsed: 90 * time.Second}, Fraction: f}
		got := Progress(pr)
		i := strings.Index(got, "ETA ")
		if i < 0 || strings.HasPrefix(got[i+4:], "-") {
			t.Errorf("fraction %g: %q", f, got)
		}
		if f < 1e-6 && !strings.Contains(got, "years") {
			t.Errorf("fraction %g: %q does not say years", f, got)
		}
	}
}

func TestProgressString(t *testing.T) {
	st := xcover.Stats{Solutions: 1, Nodes: 1500, Elapsed: 1500 * time.Millisecond}
	tests := []struct {
		p    xcover.Progress
		want string
	}{
		{xcover.Progress{Stats: st, Fraction: 0.25}, " 25.0%  1.00k nodes/s  1 solution  1.5s elapsed  ETA 4.5s"},
		{xcover.Progress{Stats: xcover.Stats{}, Fraction: 0}, "  0.0%    0 solutions  0.000s elapsed  ETA ?"},
		{xcover.Progress{Stats: st, Fraction: 1, Done: true}, "done: 1 solution, 1.50k nodes in 1.5s (1.00k nodes/s)"},
		{xcover.Progress{Stats: st, Fraction: 0.5, Done: true}, "stopped: 1 solution, 1.50k nodes in 1.5s (1.00k nodes/s)"},
		// A memoised count past 2^64 saturates: not a count to print as it is.
		{xcover.Progress{Stats: xcover.Stats{Solutions: math.MaxUint64, Nodes: 1500, Elapsed: 1500 * time.Millisecond}, Fraction: 1, Done: true},
			"done: at least 18446744073709551615 solutions, 1.50k nodes in 1.5s (1.00k nodes/s)"},
	}
	for _, tt := range tests {
		if got := Progress(tt.p); got != tt.want {
			t.Errorf("%+v: %q, want %q", tt.p, got, tt.want)
		}
	}
}

func TestForecastText(t *testing.T) {
	f := xcover.Forecast{Probes: 100, Nodes: 3.6e12, NodesErr: 4e11, Solutions: 0,
		NodesPerSecond: 4e6, Seconds: 9e5, SecondsErr: 1e5}
	tests := []struct {
		f       xcover.Forecast
		workers int
		want    []string
		lack    []string
	}{
		{f, 64, []string{"3.6e+12 ± 4e+11", "no probe reached a solution", "4.00M nodes/s", "10 days ± 1.2 days on 1 worker", "about 3.9 h on 64 workers", "seed 3"}, nil},
		{f, 1, []string{"10 days ± 1.2 days on 1 worker\n"}, []string{"about"}},
		{xcover.Forecast{Exact: true, ExactNodes: 16536, ExactSolutions: 724, Seconds: 0.25}, 4,
			[]string{"exact      16536 nodes, 724 solutions in 0.250s on 1 worker"}, []string{"probes"}},
	}
	for i, tt := range tests {
		got := ForecastOf(tt.f, 3, tt.workers, false).Text()
		for _, want := range tt.want {
			if !strings.Contains(got, want) {
				t.Errorf("%d: estimate text lacks %q:\n%s", i, want, got)
			}
		}
		for _, s := range tt.lack {
			if strings.Contains(got, s) {
				t.Errorf("%d: estimate text has %q:\n%s", i, s, got)
			}
		}
	}
}

func TestParseSize(t *testing.T) {
	tests := []struct {
		in   string
		want int64 // 0: an error
	}{
		{"2GiB", 2 << 30}, {"512MiB", 512 << 20}, {"4G", 4 << 30}, {"1.5K", 1536},
		{"100000", 100000}, {" 3 MiB ", 3 << 20}, {"7B", 7}, {"1TiB", 1 << 40}, {"1024T", 1 << 50},
		{"0", 0}, {"0.5", 0}, {"-1GiB", 0}, {"GiB", 0}, {"2 GB", 0}, {"1025T", 0}, {"", 0}, {"x", 0},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if (err == nil) != (tt.want != 0) || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

// TestReports: a count's and a forecast's reports, as JSON and text, as the command prints
// them: "memo" only for a memoised count, "partial" only when cut off, the wall time on the
// workers.
func TestReports(t *testing.T) {
	plain := xcover.CountResult{Solutions: big.NewInt(92), Stats: xcover.Stats{Nodes: 10, Updates: 20, Elapsed: 1500 * time.Millisecond}}
	memo := plain
	memo.Memo = xcover.MemoStats{Used: true, Hits: 3, Misses: 4, Entries: 5, Bytes: 6, Nodes: 7}
	fc := xcover.Forecast{Seconds: 8, Exact: true, ExactNodes: 9, ExactSolutions: 2}
	for _, tc := range []struct {
		name     string
		report   any
		json     string
		text     string
		wantText string
	}{
		{"count", CountOf(plain, false), `{"solutions":92,"nodes":10,"updates":20,"seconds":1.5}`, CountOf(plain, false).Text(), "92\n"},
		{"partial memoised count", CountOf(memo, true), `{"solutions":92,"nodes":10,"updates":20,"seconds":1.5,"partial":true,"memo":{"used":true,"hits":3,"misses":4,"entries":5,"bytes":6}}`, CountOf(memo, true).Text(), "92\n"},
		{"forecast", ForecastOf(fc, 7, 4, false), `{"probes":0,"nodes":0,"nodesErr":0,"solutions":0,"solutionsErr":0,"nodesPerSecond":0,"seconds":8,"secondsErr":0,"exact":true,"exactNodes":9,"exactSolutions":2,"seed":7,"workers":4,"wallSeconds":2}`,
			ForecastOf(fc, 7, 4, false).Text(), ForecastOf(fc, 7, 0, false).Text()},
	} {
		b, err := json.Marshal(tc.report)
		if err != nil || string(b) != tc.json {
			t.Errorf("%s: JSON %s, %v; want %s", tc.name, b, err, tc.json)
		}
		if tc.text != tc.wantText {
			t.Errorf("%s: Text() = %q, want %q", tc.name, tc.text, tc.wantText)
		}
	}
}

func TestSICount(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{0, "0"}, {999, "999"}, {999.6, "1.00k"}, {1234, "1.23k"}, {45_600, "45.6k"},
		{999_999, "1.00M"}, {123_456_789, "123M"}, {2.5e18, "2.50E"}, {9_990, "9.99k"},
	}
	for _, tt := range tests {
		if got := siCount(tt.x); got != tt.want {
			t.Errorf("siCount(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func TestHumanDuration(t *testing.T) {
	tests := []struct {
		s    float64
		want string
	}{
		{3e9, "95 years"}, {0.5, "0.5 s"}, {90, "1.5 min"}, {5400, "1.5 h"}, {9e5, "10 days"},
	}
	for _, tt := range tests {
		if got := humanDuration(tt.s); got != tt.want {
			t.Errorf("humanDuration(%v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestRoundDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{123 * time.Millisecond, "0.123s"}, {12300 * time.Millisecond, "12.3s"},
		{time.Hour + 2*time.Minute + 3400*time.Millisecond, "1h2m3s"}, {2000 * time.Hour, "83d"},
	}
	for _, tt := range tests {
		if got := roundDuration(tt.d); got != tt.want {
			t.Errorf("roundDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestMemoStatsJSON checks a memoised count's cache as the command reports it, the "memo" object of count --json:
// the cache's figures only, full only when set.
func TestMemoStatsJSON(t *testing.T) {
	ms := xcover.MemoStats{Used: true, Nodes: 9, Hits: 1, Misses: 2, Entries: 3, Bytes: 4, Parts: 5, Split: "s", Order: xcover.OrderMRV}
	for _, tt := range []struct {
		full bool
		want string
	}{
		{false, `{"used":true,"hits":1,"misses":2,"entries":3,"bytes":4}`},
		{true, `{"used":true,"hits":1,"misses":2,"entries":3,"bytes":4,"full":true}`},
	} {
		ms.Full = tt.full
		if b, err := json.Marshal(MemoOf(ms)); string(b) != tt.want || err != nil {
			t.Errorf("full %v: %s, %v; want %s", tt.full, b, err, tt.want)
		}
	}
}

// TestResultText: a result's line of text, with and without essentially different
// solutions, for a shard and for a merged total.
func TestResultText(t *testing.T) {
	for _, tc := range []struct {
		res  shard.Result
		want string
	}{
		{shard.Result{Solutions: big.NewInt(92), Shard: 2, Shards: 3}, "92\n"},
		{shard.Result{Solutions: big.NewInt(40), Distinct: big.NewInt(6), Shard: 2, Shards: 3}, "40 solutions, 6 essentially different (shard 2/3)\n"},
		{shard.Result{Solutions: big.NewInt(92), Distinct: big.NewInt(12), Shards: 3}, "92 solutions, 12 essentially different\n"},
	} {
		if got := ShardResult(&tc.res); got != tc.want {
			t.Errorf("%+v: ShardResult = %q, want %q", tc.res, got, tc.want)
		}
	}
}

// TestTally checks a count's JSON spelling and its text.
func TestTally(t *testing.T) {
	distinct := uint64(2339)
	for _, tc := range []struct {
		t          Tally
		json, text string
	}{
		{Tally{Solutions: 9356}, `{"solutions":9356}`, "9356\n"},
		{Tally{Solutions: 9356, Distinct: &distinct, Partial: true},
			`{"solutions":9356,"distinct":2339,"partial":true}`, "9356 solutions, 2339 essentially different\n"},
	} {
		b, err := json.Marshal(tc.t)
		if err != nil || string(b) != tc.json {
			t.Errorf("JSON %s, %v; want %s", b, err, tc.json)
		}
		if got := tc.t.Text(); got != tc.text {
			t.Errorf("Text %q, want %q", got, tc.text)
		}
	}
}

// TestZDDCount checks the count of a diagram as the command prints it: the solutions, and
// the nodes without the two terminals, in text and JSON.
func TestZDDCount(t *testing.T) {
	// The family {{0}, {1, 2}}: node 2 is {{2}}, node 3 {{1, 2}}, the root 4 adds {{0}}.
	d := &zdd.Diagram{Nodes: []zdd.Node{{}, {}, {Option: 2, Lo: 0, Hi: 1}, {Option: 1, Lo: 0, Hi: 2}, {Option: 0, Lo: 3, Hi: 1}}, Root: 4}
	c := ZDDCountOf(d)
	b, err := json.Marshal(c)
	if err != nil || string(b) != `{"solutions":2,"nodes":3}` || c.Text() != "2\n" {
		t.Errorf("ZDDCountOf = %s, %v, %q; want 2 solutions and 3 nodes", b, err, c.Text())
	}
}

// TestDefineText checks the lines that define, and --initial's warning, print on stderr.
func TestDefineText(t *testing.T) {
	r := xcover.DefineResult{Solution: []int{1, 4, 7, 9}, Options: []int{4, 9}, LowerBound: 2,
		Nodes: 12, Checks: 30, Differences: 5, Elapsed: 1234567 * time.Microsecond}
	for _, tc := range []struct{ got, want string }{
		{Define(r, false), "minimal defining set: 2 of 4 options (30 checks, 12 nodes, 1.235s)"},
		{Define(r, true), "smallest defining set: 2 of 4 options (30 checks, 12 nodes, 1.235s)"},
		{DefineProgress(r), "define: at least 2 options, 12 nodes, 30 checks, 5 differences, 1.2 s"},
		{Unfit(verify.Violation{Item: 3, Option: -1, Msg: "item x: covered 2 times, allowed 1..1"}), "item x: covered 2 times, allowed 1..1: no solution holds these options"},
		{Unfit(verify.Violation{Item: -1, Option: 2, Msg: "option 2 chosen twice"}), "option 2 chosen twice: it is forced once"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
