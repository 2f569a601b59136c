package serve

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPuzzle presses "Make a puzzle" for 8 queens in Chromium: the summary says
// a puzzle was made, the gallery shows two boards, the first with fewer queens (the
// pre-placed ones) than the second (the solution, 8).
func TestBrowserPuzzle(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("no chromium binary found (on Debian: apt-get install chromium); skipping the browser test")
	}
	ts := newHTTPServer(t, New(Options{}))
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1200, 1000))
	defer cancelAlloc()
	logf := func(string, ...any) {}
	ctx, cancelCtx := chromedp.NewContext(actx, chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	defer cancelCtx()
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL)); err != nil {
		t.Fatalf("browser: %v", err)
	}
	ctx, cancel := context.WithTimeout(ctx, 45*time.Second)
	defer cancel()
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
	var counts []int
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
		cap, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(card+" .cap")))
		if err != nil {
			t.Fatal(err)
		}
		counts, caps = append(counts, n), append(caps, cap)
	}
	if counts[1] != 8 || counts[0] < 1 || counts[0] >= 8 {
		t.Errorf("queens on the two boards: %v; want a few, then 8", counts)
	}
	if !strings.Contains(caps[0], "pre-placed") || !strings.Contains(caps[1], "solution") {
		t.Errorf("captions %q", caps)
	}
}
