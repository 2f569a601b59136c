package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/site"
	"github.com/xcover/xcover/sudoku"
	"github.com/xcover/xcover/verify"
)

// chromium returns the path of a Chromium or Chrome binary, or "" if there is none.
// XCOVER_CHROMIUM names one explicitly. (As serve's browser test finds it.)
func chromium() string {
	if p := os.Getenv("XCOVER_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// TestSiteFiles checks what "xcover site" writes: the page with the worker's marker, the
// worker, Go's loader and the engine, a WebAssembly module.
func TestSiteFiles(t *testing.T) {
	dir := buildSite(t)
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(page), `<meta name="xcover-engine" content="worker.js">`) {
		t.Errorf("index.html has no engine marker")
	}
	served, _, err := site.ServedPage()
	if err != nil {
		t.Fatal(err)
	}
	// The served page, with the marker and a Content-Security-Policy added to its head.
	got := regexp.MustCompile(`<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'sha256-[^"]*">\n`).ReplaceAllString(string(page), "")
	if got = strings.Replace(got, "<meta name=\"xcover-engine\" content=\"worker.js\">\n", "", 1); got != string(served) {
		t.Errorf("index.html is not the served page with the marker and its policy")
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "xcover.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(wasm), "\x00asm") {
		t.Errorf("xcover.wasm is no WebAssembly module")
	}
	for _, f := range []string{"worker.js", "wasm_exec.js"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	t.Logf("xcover.wasm: %d bytes", len(wasm))
}

// siteDir is the site built once for the tests of this run.
var siteDir struct {
	dir string
	err string
}

// buildSite builds the static site once per test run and returns its folder.
func buildSite(t *testing.T) string {
	t.Helper()
	if siteDir.dir == "" && siteDir.err == "" {
		dir, err := os.MkdirTemp("", "xcover-site-")
		if err != nil {
			t.Fatal(err)
		}
		r := runX(t, "", "site", dir)
		if r.code != 0 {
			siteDir.err = r.stderr
		} else {
			siteDir.dir = dir
		}
	}
	if siteDir.err != "" {
		t.Fatalf("xcover site: %s", siteDir.err)
	}
	return siteDir.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if siteDir.dir != "" {
		os.RemoveAll(siteDir.dir)
	}
	os.Exit(code)
}

// TestSiteBrowser serves the static site with http.FileServer, no xcover server behind it,
// and drives its page in headless Chromium: every search runs in the page's Web Worker.
func TestSiteBrowser(t *testing.T) {
	bin := chromium()
	if bin == "" {
		t.Skip("no chromium binary found (on Debian: apt-get install chromium); skipping the static site's browser test")
	}
	dir := buildSite(t)
	ts := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer ts.Close()

	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(bin),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1000),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	logf := func(string, ...any) {}
	bctx, cancelCtx := chromedp.NewContext(actx, chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	defer cancelCtx()
	if err := chromedp.Do(bctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		t.Fatalf("browser: %v", err)
	}
	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("browser: %s: %v", what, err)
		}
	}
	eval := func(what, js string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
		must(what, err)
		return s
	}
	// run runs a script for its effects, and waits until cond holds.
	run := func(what, script, cond string) {
		t.Helper()
		_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](script+"; true"))
		must(what, err)
		if cond != "" {
			_, err = chromedp.Run(ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(2*time.Minute)))
			must(what, err)
		}
	}
	// search sets the page up by script, presses a button and returns the summary once
	// the search has ended.
	search := func(what, setup, button string) string {
		t.Helper()
		run(what, `$("summary").textContent = ""; $("error").textContent = ""; `+setup+`; $("`+button+`").click()`,
			`/^(Done|Failed|Cancelled)/.test($("summary").textContent) || $("error").textContent !== ""`)
		return eval(what, `$("summary").textContent`)
	}
	// solutions returns the kept solutions of the page's search, asked of the worker,
	// each checked against the problem it sends by verify.
	solutions := func(what string) []string {
		t.Helper()
		text := eval(what, `(async () => (await call("GET", "/api/jobs/" + job.id + "/problem.dlx")).text)()`)
		f, err := dlx.Parse(strings.NewReader(text), "problem.dlx")
		if err != nil {
			t.Fatalf("%s: the worker's problem: %v", what, err)
		}
		var got struct {
			Solutions []struct {
				Options []int  `json:"options"`
				Text    string `json:"text"`
			} `json:"solutions"`
		}
		js := eval(what, `(async () => (await call("GET", "/api/jobs/" + job.id + "/solutions.json")).text)()`)
		if err := json.Unmarshal([]byte(js), &got); err != nil {
			t.Fatalf("%s: solutions.json: %v", what, err)
		}
		c := verify.NewChecker(f.Problem)
		var texts []string
		for i, s := range got.Solutions {
			if v := c.Check(s.Options); len(v) > 0 {
				t.Fatalf("%s: solution %d %v: %s", what, i, s.Options, v[0].Msg)
			}
			texts = append(texts, s.Text)
		}
		return texts
	}

	must("static note", chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#static-note"))))

	// 8 queens, counted in the worker.
	if got := search("8 queens", `selectTab("queens"); $("queens-n").value = "8"; $("queens-k").value = "1";`, "btn-count"); got != "Done: 92 solutions" {
		t.Errorf("8 queens: %q, want %q", got, "Done: 92 solutions")
	}

	// The distinct pentomino tilings of the 6x10 rectangle, all listed and each checked.
	got := search("pentominoes 6x10", `selectTab("tiling"); $("tiling-pieces").value = "pentominoes"; $("region-kind-size").checked = true; $("region-size").value = "6x10"; $("limit").value = "0";`, "btn-distinct")
	if want := "Done: 2339 distinct solutions (9356 solutions in their classes); the first 1000 kept"; got != want {
		t.Errorf("pentominoes 6x10: %q, want %q", got, want)
	}
	if n := len(solutions("pentominoes 6x10")); n != 1000 {
		t.Errorf("pentominoes 6x10: %d solutions kept, want 1000", n)
	}

	// A download: made in the page from the worker's answer, as a blob.
	dl := eval("download the problem", `(async () => {
  const made = new Promise((resolve) => {
    const orig = URL.createObjectURL;
    URL.createObjectURL = (b) => { URL.createObjectURL = orig; b.text().then(resolve); return orig(b); };
  });
  $("dl-dlx").click();
  return await made;
})()`)
	if f, err := dlx.Parse(strings.NewReader(dl), "download.dlx"); err != nil || f.Problem.NumOptions() != 2056 {
		t.Errorf("the problem downloaded: %v, want the 2056 options of pentominoes in 6x10 (%.80q)", err, dl)
	}

	// A Sudoku, solved, checked and drawn.
	grid := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	if got := search("sudoku", `selectTab("sudoku"); $("sudoku-grid").value = "`+grid+`"; $("limit").value = "10";`, "btn-solve"); got != "Done: 1 solution" {
		t.Errorf("sudoku: %q, want %q", got, "Done: 1 solution")
	}
	texts := solutions("sudoku")
	if len(texts) != 1 {
		t.Fatalf("sudoku: %d solutions, want 1", len(texts))
	}
	sol := strings.Join(strings.Fields(texts[0]), "")
	for i := range grid {
		if grid[i] != '.' && (len(sol) != len(grid) || sol[i] != grid[i]) {
			t.Fatalf("sudoku: solution %q does not keep the clue at %d of %q", sol, i, grid)
		}
	}
	must("draw the sudoku", chromedp.Do(ctx,
		chromedp.WaitVisible(chromedp.CSS("#gallery .card img")),
		chromedp.Click(chromedp.CSS("#gallery .card")),
		chromedp.WaitVisible(chromedp.CSS("#viewer-svg svg")),
	))
	if n := eval("the sudoku's digits", `String(document.querySelectorAll("#viewer-svg svg text").length)`); n != "81" {
		t.Errorf("the sudoku's drawing shows %s digits, want 81", n)
	}

	// A Sudoku set, one puzzle a line, solved in one request; each solution line checked
	// by the verifier on its puzzle's exact cover problem.
	set := []string{grid, "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..", strings.Repeat(".", 81), "55" + strings.Repeat(".", 79)}
	got = search("sudoku set", `selectTab("sudoku"); $("sudoku-set").checked = true; $("sudoku-grid").value = "`+strings.Join(set, `\n`)+`";`, "btn-solve")
	if !strings.HasPrefix(got, "Done: 4 puzzles in ") || !strings.HasSuffix(got, "puzzles/s (1 without solution, 1 not unique)") {
		t.Errorf("sudoku set: %q, want 4 puzzles, 1 without solution, 1 not unique", got)
	}
	lines := strings.Split(eval("sudoku set", `$("set-text").textContent`), "\n")
	if len(lines) != len(set) || lines[3] != "# no solution" || !strings.HasSuffix(lines[2], "  # not unique") {
		t.Fatalf("sudoku set: lines %q", lines)
	}
	for i, l := range lines[:3] {
		checkSudokuLine(t, set[i], strings.TrimSuffix(l, "  # not unique"))
	}
	// A set that would take forever (every solution of an empty 16x16 grid), cancelled: the
	// worker is stopped, and a fresh one answers the next search.
	run("cancel a sudoku set", `$("summary").textContent = ""; $("sudoku-grid").value = "`+strings.Repeat(".", 256)+`"; $("limit").value = "0"; $("btn-count").click()`,
		`job !== null && job.set && $("summary").textContent === "Searching…"`)
	must("cancel a sudoku set", chromedp.Do(ctx, chromedp.Sleep(300*time.Millisecond)))
	run("cancel a sudoku set", `$("btn-cancel").click()`, `/^Cancelled/.test($("summary").textContent)`)
	got = search("sudoku set after a cancel", `$("sudoku-grid").value = "`+grid+`"; $("limit").value = "10";`, "btn-count")
	if !strings.HasPrefix(got, "Done: 1 puzzle in ") || eval("count", `$("set-text").textContent`) != "1" {
		t.Errorf("sudoku set after a cancel: %q, %q; want one puzzle counted 1", got, eval("count", `$("set-text").textContent`))
	}
	run("sudoku set off", `$("sudoku-set").checked = false`, "")

	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	must("screenshot", err)
	if dir := os.Getenv("XCOVER_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "site-sudoku.png"), png, 0o644)
	}

	// A bad DLX problem: the message names the line, and the line is selected.
	search("bad problem", `selectTab("dlx"); $("dlx-text").value = "A B C\nA B\nC D\n";`, "btn-count")
	if got, want := eval("error", `$("error").textContent`), `problem:3: unknown item "D"`; got != want {
		t.Errorf("bad problem: error %q, want %q", got, want)
	}
	if got := eval("selection", `(t => t.value.slice(t.selectionStart, t.selectionEnd))($("dlx-text"))`); got != "C D" {
		t.Errorf("bad problem: selected %q, want line 3 %q", got, "C D")
	}

	// Cancel: a long count, its progress shown while it runs, stops at its next progress
	// report, and the worker says so.
	// cancelled starts a count and cancels it, once it has reported progress if progress.
	cancelled := func(what, setup string, progress bool) {
		t.Helper()
		cond := `job !== null && job.status.state === "running" && $("summary").textContent === "Searching…"`
		if progress {
			cond += ` && job.status.nodes > 0 && /nodes\/s/.test($("progress-text").textContent)`
		}
		run(what, `$("summary").textContent = ""; `+setup+`; $("btn-count").click()`, cond)
		must(what, chromedp.Do(ctx, chromedp.Sleep(500*time.Millisecond)))
		run(what, `$("btn-cancel").click()`, `/^Cancelled/.test($("summary").textContent)`)
	}
	cancelled("cancel a tiling count", `selectTab("tiling"); $("tiling-pieces").value = "pentominoes"; $("region-size").value = "6x10";`, true)
	if got := eval("cancelled status", `(async () => { const a = await api("GET", "/api/jobs/" + job.id); await new Promise(r => setTimeout(r, 600)); const b = await api("GET", "/api/jobs/" + job.id); return a.data.state + " " + a.data.error + " " + (a.data.nodes === b.data.nodes); })()`); got != "cancelled cancelled by request true" {
		t.Errorf("after cancel, the worker says %q, want %q", got, "cancelled cancelled by request true")
	}
	// A queens count reports no progress: the page stops the worker and starts another.
	cancelled("cancel a queens count", `selectTab("queens"); $("queens-n").value = "19";`, false)
	if got := eval("summary", `$("summary").textContent`); !strings.Contains(got, "the worker was stopped") {
		t.Errorf("after cancelling a queens count: %q, want the worker stopped", got)
	}
	// No poll of the stopped search reaches the fresh worker (which knows it not).
	must("wait a poll", chromedp.Do(ctx, chromedp.Sleep(600*time.Millisecond)))
	if got := eval("error after a cancel", `$("error").textContent`); got != "" {
		t.Errorf("after cancelling a queens count, the page shows the error %q", got)
	}
	// The engine's end, as the worker reports it (a Go program that ran out of memory
	// exits): the search fails, and a fresh worker takes over.
	run("the engine ends", `$("summary").textContent = ""; selectTab("tiling"); $("btn-count").click()`,
		`job !== null && job.status.state === "running" && $("summary").textContent === "Searching…"`)
	run("the engine ends", `worker.onmessage({ data: { fatal: "simulated" } })`, `/^Failed/.test($("summary").textContent)`)
	if got := eval("the engine ends", `$("summary").textContent + " | " + $("error").textContent`); got != "Failed: the search engine stopped: simulated | The search engine stopped (simulated); a fresh one has been started." {
		t.Errorf("when the engine ends, the page says %q", got)
	}
	selectTab := `selectTab("queens"); `
	// The fresh worker searches.
	if got := search("8 queens again", selectTab+`$("queens-n").value = "8";`, "btn-count"); got != "Done: 92 solutions" {
		t.Errorf("8 queens after a cancel: %q (error %q), want %q", got, eval("error", `$("error").textContent`), "Done: 92 solutions")
	}

	// Opened from file://, the page cannot start its worker, and says so.
	must("open the page from file://", chromedp.Do(ctx, chromedp.Navigate("file://"+filepath.Join(dir, "index.html"))))
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`$("error").textContent.startsWith("The search engine could not start")`, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Errorf("from file://, the page says %q, want that its engine could not start", eval("file://", `$("error").textContent`))
	}

	// A browser without WebAssembly: the same page, with WebAssembly taken away before its
	// script runs (ahead of its policy, which allows no other script), says so.
	page, err := os.ReadFile(filepath.Join(dir, "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	nowasm := strings.Replace(string(page), "<head>\n", "<head>\n<script>delete self.WebAssembly;</script>\n", 1)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir(dir)))
	mux.HandleFunc("/nowasm.html", func(w http.ResponseWriter, _ *http.Request) { w.Write([]byte(nowasm)) })
	ts2 := httptest.NewServer(mux)
	defer ts2.Close()
	must("open the page without WebAssembly", chromedp.Do(ctx, chromedp.Navigate(ts2.URL+"/nowasm.html")))
	if got := eval("no WebAssembly", `$("error").textContent + " | " + $("btn-count").disabled`); !strings.Contains(got, "this browser has no WebAssembly") || !strings.HasSuffix(got, "| true") {
		t.Errorf("without WebAssembly the page says %q, want the reason and its buttons disabled", got)
	}
}

// checkSudokuLine fails the test unless sol, a Sudoku solution on one line, solves puzzle
// (9x9): by the verifier, on the puzzle's exact cover problem.
func checkSudokuLine(t *testing.T, puzzle, sol string) {
	t.Helper()
	b, p, err := sudoku.ParsePuzzle(puzzle, sudoku.Variant{}, sudoku.Auto)
	if err != nil {
		t.Fatalf("%s: %v", puzzle, err)
	}
	_, s, err := sudoku.ParsePuzzle(sol, sudoku.Variant{}, sudoku.Auto)
	if err != nil {
		t.Fatalf("solution %q of %s: %v", sol, puzzle, err)
	}
	enc, err := b.Encode(p.Grid)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := enc.Options(s.Grid)
	if err != nil {
		t.Fatalf("solution %s of %s: %v", sol, puzzle, err)
	}
	if v := verify.Check(enc.Problem, opts); len(v) > 0 {
		t.Errorf("solution %s of %s: %s", sol, puzzle, v[0].Msg)
	}
}
