package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/xcover/xcover/internal/present"
)

// TestBrowserPuzzle presses "Make a puzzle" for 8 queens in Chromium: the summary says
// a puzzle was made, the gallery shows two boards, the first with fewer queens (the
// pre-placed ones) than the second (the solution, 8), and both mark the pre-placed
// queens as given (on the solution's board those alone).
func TestBrowserPuzzle(t *testing.T) {
	ts := newHTTPServer(t, New(Options{}))
	ctx := openPage(t, ts.URL, 45*time.Second)
	err := chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS("#queens-n")),
		chromedp.SetValue(chromedp.CSS("#queens-n"), "8"),
		chromedp.SetValue(chromedp.CSS("#queens-k"), "1"),
		chromedp.Click(chromedp.CSS("#btn-puzzle")),
	)
	if err != nil {
		t.Fatalf("browser: make a puzzle: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("summary").textContent.startsWith("Done")`,
		chromedp.WithPollingTimeout(30*time.Second))); err != nil {
		t.Fatalf("browser: wait for the puzzle: %v", err)
	}
	summary, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#summary")))
	if err != nil || !strings.Contains(summary, "a puzzle") {
		t.Fatalf("summary %q, %v", summary, err)
	}
	var counts, marked []int
	var caps []string
	for _, card := range []string{"#gallery .card:nth-child(1)", "#gallery .card:nth-child(2)"} {
		if err := chromedp.Do(ctx,
			chromedp.WaitVisible(chromedp.CSS(card)),
			chromedp.Click(chromedp.CSS(card)),
			chromedp.WaitVisible(chromedp.CSS("#viewer-svg svg")),
		); err != nil {
			t.Fatalf("browser: open %s: %v", card, err)
		}
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#viewer-svg svg text.queen").length`))
		if err != nil {
			t.Fatal(err)
		}
		g, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#viewer-svg svg text.queen.given").length`))
		if err != nil {
			t.Fatal(err)
		}
		cap, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(card+" .cap")))
		if err != nil {
			t.Fatal(err)
		}
		counts, marked, caps = append(counts, n), append(marked, g), append(caps, cap)
	}
	if counts[1] != 8 || counts[0] < 1 || counts[0] >= 8 {
		t.Errorf("queens on the two boards: %v; want a few, then 8", counts)
	}
	if marked[0] != counts[0] || marked[1] != counts[0] {
		t.Errorf("queens marked given on the two boards: %v; want the %d pre-placed on each", marked, counts[0])
	}
	if !strings.Contains(caps[0], "pre-placed") || !strings.Contains(caps[1], "solution") {
		t.Errorf("captions %q", caps)
	}
}

// TestBrowserSudokuSet solves a Sudoku set in the served page ("A set: one puzzle a line":
// one fetch of POST /api/sudoku), checks its summary and lines (each solution by the
// verifier), then cancels an endless set: the page drops the request, and the server
// stops the set and gives its running slot back.
func TestBrowserSudokuSet(t *testing.T) {
	s := New(Options{MaxRunning: 1})
	ts := newHTTPServer(t, s)
	ctx := openPage(t, ts.URL, 90*time.Second)
	run := func(what, script, cond string) string {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script+"; true")); err != nil {
			t.Fatalf("browser: %s: %v", what, err)
		}
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(60*time.Second))); err != nil {
			t.Fatalf("browser: %s: %v", what, err)
		}
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`$("summary").textContent + "\n" + ($("set-text") ? $("set-text").textContent : "")`))
		if err != nil {
			t.Fatalf("browser: %s: %v", what, err)
		}
		return s
	}
	set := []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"12345",
		strings.Repeat(".", 81),
	}
	got := strings.Split(run("solve a set", `selectTab("sudoku"); $("sudoku-set").checked = true; $("sudoku-grid").value = "`+strings.Join(set, `\n`)+`"; $("btn-solve").click()`,
		`/^Done/.test($("summary").textContent)`), "\n")
	if len(got) != 4 || !strings.HasPrefix(got[0], "Done: 3 puzzles in ") || !strings.HasSuffix(got[0], "(1 not unique, 1 malformed)") ||
		!strings.HasPrefix(got[2], "# malformed line 2: ") || !strings.HasSuffix(got[3], "  # not unique") {
		t.Fatalf("sudoku set: %q", got)
	}
	req := present.Request{}
	checkSudokuSolution(t, req, set[0], got[1])
	checkSudokuSolution(t, req, set[2], strings.TrimSuffix(got[3], "  # not unique"))

	// Every solution of an empty 16x16 grid: endless, cancelled.
	run("start an endless set", `$("sudoku-grid").value = "`+strings.Repeat(".", 256)+`"; $("limit").value = "0"; $("btn-count").click()`,
		`$("summary").textContent === "Searching…"`)
	// waitRunning waits until n searches run, or fails the test.
	waitRunning := func(n int, what string) {
		t.Helper()
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			s.mu.Lock()
			got := s.running
			s.mu.Unlock()
			if got == n {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d searches running after 20 s, want %d", what, got, n)
			}
		}
	}
	waitRunning(1, "the endless set")
	run("cancel it", `$("btn-cancel").click()`, `/^Cancelled/.test($("summary").textContent)`)
	// The server stops the set once it sees the request gone: its slot comes back.
	waitRunning(0, "the set cancelled")
}
