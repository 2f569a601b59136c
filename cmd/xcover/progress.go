package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/xcover/xcover"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// A progressLine is a status line on a terminal, rewritten in place.
type progressLine struct {
	w     io.Writer
	shown bool // a line is on the screen, the cursor at its end
}

// clear erases the line, if one is shown, leaving the cursor at the start of the line.
func (l *progressLine) clear() {
	if l.shown {
		io.WriteString(l.w, "\r\x1b[K")
		l.shown = false
	}
}

// show replaces the line with one describing pr; at the end of the search it ends the line
// with a newline.
func (l *progressLine) show(pr xcover.Progress) {
	l.shown = !pr.Done
	end := "\x1b[K"
	if pr.Done {
		end += "\n"
	}
	io.WriteString(l.w, "\r"+progressText(pr)+end)
}

// progressText describes the state of a search in one line.
func progressText(pr xcover.Progress) string {
	el := pr.Elapsed
	rate := ""
	if s := el.Seconds(); s > 0 {
		rate = siCount(float64(pr.Nodes)/s) + " nodes/s"
	}
	sols := fmt.Sprintf("%d solution", pr.Solutions)
	if pr.Solutions != 1 {
		sols += "s"
	}
	if pr.Done {
		word := "done"
		if pr.Fraction < 1 {
			word = "stopped" // by a limit or an interrupt: not the whole tree
		}
		return fmt.Sprintf("%s: %s, %s nodes in %s (%s)", word, sols, siCount(float64(pr.Nodes)), roundDuration(el), rate)
	}
	f := pr.Fraction
	eta := "ETA ?"
	if f > 0 {
		eta = "ETA " + etaText(el.Seconds()*(1-f)/f)
	}
	return fmt.Sprintf("%5.1f%%  %s  %s  %s elapsed  %s", 100*f, rate, sols, roundDuration(el), eta)
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
