// Package present holds what the command and the web server say about the library's
// results: their wording, and their JSON spelling (camelCase, everywhere a user reads
// JSON). The library's result types are plain data; the front ends turn them into text and
// JSON here, so that one result reads the same from either front end, and a change of
// wording is not a change of the library's API. It also writes the listings of every puzzle
// (ListWriter, QueensWriter, SudokuWriter) and reads the sizes that people write
// ("512MiB").
package present

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/reduce"
	"github.com/xcover/xcover/shard"
	"github.com/xcover/xcover/verify"
	"github.com/xcover/xcover/zdd"
)

// Progress describes the state of a search in one line: while it runs, the fraction done,
// the speed, the solutions, the time elapsed and the time to go ("  42.0%  1.23M nodes/s
// 7 solutions  1.5s elapsed  ETA 2.1s"); at the end, "done: …" or, when a limit or an
// interrupt stopped it before the end of the tree, "stopped: …". A search that counts no
// nodes (the queens counter: Nodes 0) is reported without them.
func Progress(p xcover.Progress) string {
	el := p.Elapsed
	rate := ""
	if s := el.Seconds(); s > 0 && p.Nodes > 0 {
		rate = siCount(float64(p.Nodes)/s) + " nodes/s"
	}
	sols := fmt.Sprintf("%d solution", p.Solutions)
	switch p.Solutions {
	case 1:
	case math.MaxUint64: // saturated: a memoised count past 2^64 (its result has it exactly)
		sols = fmt.Sprintf("at least %d solutions", p.Solutions)
	default:
		sols += "s"
	}
	if p.Done {
		word := "done"
		if p.Fraction < 1 {
			word = "stopped" // by a limit or an interrupt: not the whole tree
		}
		if p.Nodes == 0 {
			return fmt.Sprintf("%s: %s in %s", word, sols, roundDuration(el))
		}
		return fmt.Sprintf("%s: %s, %s nodes in %s (%s)", word, sols, siCount(float64(p.Nodes)), roundDuration(el), rate)
	}
	f := p.Fraction
	eta := "ETA ?"
	if f > 0 {
		eta = "ETA " + etaText(el.Seconds()*(1-f)/f)
	}
	return fmt.Sprintf("%5.1f%%  %s  %s  %s elapsed  %s", 100*f, rate, sols, roundDuration(el), eta)
}

// A Count is a count as the front ends report it: "xcover count --json" prints it.
type Count struct {
	Solutions *big.Int `json:"solutions"`
	Nodes     uint64   `json:"nodes"`
	Updates   uint64   `json:"updates"`
	Seconds   float64  `json:"seconds"`
	Partial   bool     `json:"partial,omitempty"` // interrupted: the count so far
	// Memo describes the cache, only for a memoised count.
	Memo *Memo `json:"memo,omitempty"`
}

// Memo is a memoised count's cache as the front ends report it.
type Memo struct {
	Used    bool   `json:"used"`
	Hits    uint64 `json:"hits"`
	Misses  uint64 `json:"misses"`
	Entries uint64 `json:"entries"`
	Bytes   int64  `json:"bytes"`
	Full    bool   `json:"full,omitempty"`
}

// MemoOf returns the report of a memoised count's cache.
func MemoOf(m xcover.MemoStats) Memo {
	return Memo{Used: m.Used, Hits: m.Hits, Misses: m.Misses, Entries: m.Entries, Bytes: m.Bytes, Full: m.Full}
}

// CountOf returns the report of a count; partial marks a count cut off.
func CountOf(c xcover.CountResult, partial bool) Count {
	r := Count{Solutions: c.Solutions, Nodes: c.Stats.Nodes, Updates: c.Stats.Updates,
		Seconds: c.Stats.Elapsed.Seconds(), Partial: partial}
	if c.Memo.Used {
		memo := MemoOf(c.Memo)
		r.Memo = &memo
	}
	return r
}

// Text returns the report as a line of text: the number of solutions.
func (r Count) Text() string { return fmt.Sprintf("%v\n", r.Solutions) }

// A ZDDCount is the count of a diagram's family, as "xcover zdd --count --json" prints it:
// the solutions, and the diagram's nodes (the terminals not counted).
type ZDDCount struct {
	Solutions *big.Int `json:"solutions"`
	Nodes     int      `json:"nodes"`
}

// ZDDCountOf counts the solutions of d.
func ZDDCountOf(d *zdd.Diagram) ZDDCount { return ZDDCount{d.Count(), len(d.Nodes) - 2} }

// Text returns the count as a line of text: the number of solutions.
func (r ZDDCount) Text() string { return r.Solutions.String() + "\n" }

// A Forecast is a forecast as the front ends report it, with the wall time on the workers
// asked for: "xcover estimate --json" prints it.
type Forecast struct {
	Probes         int     `json:"probes"`
	Nodes          float64 `json:"nodes"`
	NodesErr       float64 `json:"nodesErr"`
	Solutions      float64 `json:"solutions"`
	SolutionsErr   float64 `json:"solutionsErr"`
	NodesPerSecond float64 `json:"nodesPerSecond"`
	Seconds        float64 `json:"seconds"`
	SecondsErr     float64 `json:"secondsErr"`
	Exact          bool    `json:"exact,omitempty"`
	ExactNodes     uint64  `json:"exactNodes,omitempty"`
	ExactSolutions uint64  `json:"exactSolutions,omitempty"`
	Seed           uint64  `json:"seed"`
	Workers        int     `json:"workers"`
	WallSeconds    float64 `json:"wallSeconds"` // Seconds / Workers
	// Partial is set when the estimate was interrupted: it comes from the probes made by
	// then (Probes of them).
	Partial bool `json:"partial,omitempty"`
}

// ForecastOf returns the report of a forecast: seed is that of the probes, workers (at
// least 1) those a count would run on, and partial marks an estimate cut off.
func ForecastOf(f xcover.Forecast, seed uint64, workers int, partial bool) Forecast {
	return Forecast{Probes: f.Probes, Nodes: f.Nodes, NodesErr: f.NodesErr, Solutions: f.Solutions,
		SolutionsErr: f.SolutionsErr, NodesPerSecond: f.NodesPerSecond, Seconds: f.Seconds,
		SecondsErr: f.SecondsErr, Exact: f.Exact, ExactNodes: f.ExactNodes, ExactSolutions: f.ExactSolutions,
		Seed: seed, Workers: workers, WallSeconds: f.Seconds / float64(workers), Partial: partial}
}

// Text describes the forecast in a few lines: the estimates with their standard errors,
// the speed, and the time of a count on one worker and on the workers (if more than one),
// with the seed of the probes. An exact forecast says so in one line.
func (r Forecast) Text() string {
	var b strings.Builder
	if r.Exact {
		fmt.Fprintf(&b, "exact      %d nodes, %d solutions in %s on 1 worker: the sample run finished the search\n",
			r.ExactNodes, r.ExactSolutions, roundDuration(time.Duration(r.Seconds*float64(time.Second))))
		return b.String()
	}
	fmt.Fprintf(&b, "nodes      %.3g ± %.2g\n", r.Nodes, r.NodesErr)
	if r.Solutions == 0 {
		fmt.Fprintf(&b, "solutions  0: no probe reached a solution (none, or too rare for %d probes)\n", r.Probes)
	} else {
		fmt.Fprintf(&b, "solutions  %.3g ± %.2g\n", r.Solutions, r.SolutionsErr)
	}
	fmt.Fprintf(&b, "speed      %s nodes/s on 1 worker (sample run)\n", siCount(r.NodesPerSecond))
	fmt.Fprintf(&b, "time       %s ± %s on 1 worker", humanDuration(r.Seconds), humanDuration(r.SecondsErr))
	if r.Workers > 1 {
		fmt.Fprintf(&b, ", about %s on %d workers", humanDuration(r.Seconds/float64(r.Workers)), r.Workers)
	}
	fmt.Fprintf(&b, "\n(Knuth's estimate from %d random probes, seed %d; ± one standard error)\n", r.Probes, r.Seed)
	return b.String()
}

// Costs lists the costs of a minimum-cost search's solutions, cheapest first: "12, 13, 15".
func Costs(r xcover.MinCostResult) string {
	costs := make([]string, len(r.Solutions))
	for i, cs := range r.Solutions {
		costs[i] = strconv.FormatInt(cs.Cost, 10)
	}
	return strings.Join(costs, ", ")
}

// MinCost describes the result of a minimum-cost search that ran to its end in a line:
// "optimum: cost 12 (345 nodes)", or with Best above 1 "the 3 cheapest solutions cost 12,
// 13, 15 (345 nodes)"; "no solution" when there is none.
func MinCost(r xcover.MinCostResult) string {
	switch {
	case len(r.Solutions) == 0:
		return "no solution"
	case r.Best <= 1:
		return fmt.Sprintf("optimum: cost %d (%d nodes)", r.Solutions[0].Cost, r.Stats.Nodes)
	}
	return fmt.Sprintf("the %d cheapest solutions cost %s (%d nodes)", len(r.Solutions), Costs(r), r.Stats.Nodes)
}

// Sample describes uniform draws in a line: "drew 3 solutions uniformly from 92", or "no
// solution to draw from" when there is none.
func Sample(r xcover.SampleResult) string {
	if r.Total == nil || r.Total.Sign() == 0 {
		return "no solution to draw from"
	}
	noun := "solutions"
	if r.Drawn == 1 {
		noun = "solution"
	}
	return fmt.Sprintf("drew %d %s uniformly from %v", r.Drawn, noun, r.Total)
}

// humanDuration writes a time in seconds that may be anything from milliseconds to
// millennia.
func humanDuration(s float64) string {
	const (
		day  = 86400
		year = 365.25 * day
	)
	switch {
	case s < 60:
		return fmt.Sprintf("%.2g s", s)
	case s < 3600:
		return fmt.Sprintf("%.2g min", s/60)
	case s < day:
		return fmt.Sprintf("%.2g h", s/3600)
	case s < year:
		return fmt.Sprintf("%.2g days", s/day)
	default:
		return fmt.Sprintf("%.2g years", s/year)
	}
}

// etaText writes a remaining time in seconds, which may be astronomically long (a tree
// barely begun): it never overflows a time.Duration.
func etaText(s float64) string {
	if s < 1000*3600 {
		return roundDuration(time.Duration(s * float64(time.Second)))
	}
	return humanDuration(s)
}

// siCount writes x with an SI suffix and three significant digits: 950, 1.23k, 45.6M.
func siCount(x float64) string {
	const units = "kMGTPE"
	if x < 999.5 {
		return fmt.Sprintf("%.0f", x)
	}
	u := -1
	for x >= 999.5 && u < len(units)-1 {
		x /= 1000
		u++
	}
	switch {
	case x < 9.995:
		return fmt.Sprintf("%.2f%c", x, units[u])
	case x < 99.95:
		return fmt.Sprintf("%.1f%c", x, units[u])
	}
	return fmt.Sprintf("%.0f%c", x, units[u])
}

// roundDuration writes d to a precision that suits its size: 0.123s, 12.3s, 1h2m3s.
func roundDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%.3fs", d.Seconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d > 1000*time.Hour:
		return fmt.Sprintf("%.0fd", d.Hours()/24)
	}
	return d.Round(time.Second).String()
}

// ParseSize reads a size in bytes as people write it (a memoised count's budget, say):
// a number, possibly fractional, with a unit KiB, MiB, GiB, TiB (or K, M, G, T, the same),
// B or none for bytes: "512MiB", "2GiB", "1.5G", "100000". It must be from 1 byte to 2^50.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
		{"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"T", 1 << 40}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(t, 64)
	if err != nil || n < 1 || n*float64(mult) > 1<<50 {
		return 0, fmt.Errorf("want a size such as 512MiB or 2GiB")
	}
	return int64(n * float64(mult)), nil
}

// ParseMemoMode reads a memo mode as people write it: "on", "off" or "auto"; "" is off.
func ParseMemoMode(s string) (xcover.MemoMode, error) {
	switch s {
	case "on":
		return xcover.MemoOn, nil
	case "auto":
		return xcover.MemoAuto, nil
	case "off", "":
		return xcover.MemoOff, nil
	}
	return xcover.MemoOff, fmt.Errorf("unknown memo mode %q: want on, off or auto", s)
}

// ParseOrder returns the order named by s: "auto" (or ""), "first" or "mrv".
func ParseOrder(s string) (xcover.Order, error) {
	switch s {
	case "first":
		return xcover.OrderFirst, nil
	case "mrv":
		return xcover.OrderMRV, nil
	case "auto", "":
		return xcover.OrderAuto, nil
	}
	return xcover.OrderAuto, fmt.Errorf("unknown order %q: want auto, first or mrv", s)
}

// ShardResult returns a shard's or a merged count's result as a line of text, as "xcover
// count --shard" and "xcover merge" print it: the solutions, or with Distinct "S
// solutions, D essentially different (shard K/N)" (without the shard for a merged result).
func ShardResult(r *shard.Result) string {
	if r.Distinct == nil {
		return fmt.Sprintf("%v\n", r.Solutions)
	}
	if r.Shard == 0 {
		return fmt.Sprintf("%v solutions, %v essentially different\n", r.Solutions, r.Distinct)
	}
	return fmt.Sprintf("%v solutions, %v essentially different (shard %d/%d)\n", r.Solutions, r.Distinct, r.Shard, r.Shards)
}

// A Tally is a count of a puzzle's solutions as the front ends report it: "xcover tile
// --count --json" prints it.
type Tally struct {
	Solutions uint64 `json:"solutions"`
	// Distinct is the number of essentially different solutions, when they were counted.
	Distinct *uint64 `json:"distinct,omitempty"`
	// Partial says the count was interrupted: the counts are those so far.
	Partial bool `json:"partial,omitempty"`
}

// Text returns the tally as a line of text: "9356" or, with Distinct, "9356 solutions,
// 2339 essentially different".
func (t Tally) Text() string {
	if t.Distinct == nil {
		return fmt.Sprintf("%d\n", t.Solutions)
	}
	return fmt.Sprintf("%d solutions, %d essentially different\n", t.Solutions, *t.Distinct)
}

// Reduction says in one line what the reduction of orig removed: "144 of 2056 options
// removed (140 by rule 1, 4 by rule 2) in 3 rounds".
func Reduction(r *reduce.Result, orig *xcover.Problem) string {
	return fmt.Sprintf("%d of %d options removed (%d by rule 1, %d by rule 2) in %d rounds",
		r.Removed[0]+r.Removed[1], orig.NumOptions(), r.Removed[0], r.Removed[1], r.Rounds)
}

// DefineProgress describes a search for a smallest defining set while it runs, in one line:
// "define: at least 5 options, 1200 nodes, 340 checks, 17 differences, 2.0 s".
func DefineProgress(r xcover.DefineResult) string {
	return fmt.Sprintf("define: at least %d options, %d nodes, %d checks, %d differences, %.1f s",
		r.LowerBound, r.Nodes, r.Checks, r.Differences, r.Elapsed.Seconds())
}

// Define describes a defining set found in one line: "minimal defining set: 12 of 40
// options (39 checks, 0 nodes, 15ms)", or "smallest" with smallest.
func Define(r xcover.DefineResult, smallest bool) string {
	kind := "minimal"
	if smallest {
		kind = "smallest"
	}
	return fmt.Sprintf("%s defining set: %d of %d options (%d checks, %d nodes, %s)",
		kind, len(r.Options), len(r.Solution), r.Checks, r.Nodes, r.Elapsed.Round(time.Millisecond))
}

// Unfit says in a line why options forced into every solution fit none, from the first
// fault that verify.Partial found in them: the fault, then "no solution holds these
// options", or for an option given twice (a fault of no item) "it is forced once".
func Unfit(v verify.Violation) string {
	if v.Item < 0 {
		return v.Msg + ": it is forced once"
	}
	return v.Msg + ": no solution holds these options"
}
