package xcover

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"
)

// This file writes Progress and Forecast for people, as the command prints them: counts
// with SI suffixes, times from milliseconds to millennia; and reads sizes as people write
// them.

// String describes the state of a search in one line: while it runs, the fraction done,
// the speed, the solutions, the time elapsed and the time to go ("  42.0%  1.23M nodes/s
// 7 solutions  1.5s elapsed  ETA 2.1s"); at the end, "done: …" or, when a limit or an
// interrupt stopped it before the end of the tree, "stopped: …".
func (p Progress) String() string {
	el := p.Elapsed
	rate := ""
	if s := el.Seconds(); s > 0 {
		rate = siCount(float64(p.Nodes)/s) + " nodes/s"
	}
	sols := fmt.Sprintf("%d solution", p.Solutions)
	if p.Solutions != 1 {
		sols += "s"
	}
	if p.Done {
		word := "done"
		if p.Fraction < 1 {
			word = "stopped" // by a limit or an interrupt: not the whole tree
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

// Text describes the forecast in a few lines: the estimates with their standard errors,
// the speed, and the time of a count on one worker and on workers (if more than one);
// seed is that of the probes. An exact forecast says so in one line.
func (f Forecast) Text(seed uint64, workers int) string {
	var b strings.Builder
	if f.Exact {
		fmt.Fprintf(&b, "exact      %d nodes, %d solutions in %s on 1 worker: the sample run finished the search\n",
			f.ExactNodes, f.ExactSolutions, roundDuration(time.Duration(f.Seconds*float64(time.Second))))
		return b.String()
	}
	fmt.Fprintf(&b, "nodes      %.3g ± %.2g\n", f.Nodes, f.NodesErr)
	if f.Solutions == 0 {
		fmt.Fprintf(&b, "solutions  0: no probe reached a solution (none, or too rare for %d probes)\n", f.Probes)
	} else {
		fmt.Fprintf(&b, "solutions  %.3g ± %.2g\n", f.Solutions, f.SolutionsErr)
	}
	fmt.Fprintf(&b, "speed      %s nodes/s on 1 worker (sample run)\n", siCount(f.NodesPerSecond))
	fmt.Fprintf(&b, "time       %s ± %s on 1 worker", humanDuration(f.Seconds), humanDuration(f.SecondsErr))
	if workers > 1 {
		fmt.Fprintf(&b, ", about %s on %d workers", humanDuration(f.Seconds/float64(workers)), workers)
	}
	fmt.Fprintf(&b, "\n(Knuth's estimate from %d random probes, seed %d; ± one standard error)\n", f.Probes, seed)
	return b.String()
}

// A CountReport is a count as front ends report it. Its JSON spelling is what "xcover
// count --json" prints.
type CountReport struct {
	Solutions *big.Int `json:"solutions"`
	Nodes     uint64   `json:"nodes"`
	Updates   uint64   `json:"updates"`
	Seconds   float64  `json:"seconds"`
	Partial   bool     `json:"partial,omitempty"` // interrupted: the count so far
	// Memo describes the cache, only for a memoised count.
	Memo *MemoStats `json:"memo,omitempty"`
}

// Report returns the count as front ends report it; partial marks a count cut off.
func (c CountResult) Report(partial bool) CountReport {
	r := CountReport{Solutions: c.Solutions, Nodes: c.Stats.Nodes, Updates: c.Stats.Updates,
		Seconds: c.Stats.Elapsed.Seconds(), Partial: partial}
	if c.Memo.Used {
		memo := c.Memo
		r.Memo = &memo
	}
	return r
}

// Text returns the report as a line of text: the number of solutions.
func (r CountReport) Text() string { return fmt.Sprintf("%v\n", r.Solutions) }

// A ForecastReport is a forecast as front ends report it, with the wall time on the
// workers asked for. Its JSON spelling is what "xcover estimate --json" prints.
type ForecastReport struct {
	Forecast
	Seed        uint64  `json:"seed"`
	Workers     int     `json:"workers"`
	WallSeconds float64 `json:"wall_seconds"` // Seconds / Workers
	// Partial is set when the estimate was interrupted: it comes from the probes made by
	// then (Probes of them).
	Partial bool `json:"partial,omitempty"`
}

// Report returns the forecast as front ends report it: seed is that of the probes,
// workers (at least 1) those a count would run on, and partial marks an estimate cut off.
func (f Forecast) Report(seed uint64, workers int, partial bool) ForecastReport {
	return ForecastReport{Forecast: f, Seed: seed, Workers: workers,
		WallSeconds: f.Seconds / float64(workers), Partial: partial}
}

// Text returns the report in a few lines, as [Forecast.Text] writes them.
func (r ForecastReport) Text() string { return r.Forecast.Text(r.Seed, r.Workers) }

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

// ParseSize reads a size in bytes as front ends take it (a memoised count's budget, say):
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
