// Command wasmbench times the same searches three ways in one run, interleaved: the xcover
// command on one worker, the server's request handling in this process (native Go, the
// code that the static site compiles to WebAssembly), and the static site's page in
// headless Chromium (the engine in WebAssembly, in its Web Worker). It prints, per case,
// the median and the spread (min–max) of each, and the ratios of the medians: browser /
// command and browser / handler. bench/wasm.sh builds what it needs and runs it.
//
// Usage:
//
//	wasmbench -xcover BIN -site DIR [-r RUNS] [-sudoku FILE] [-n PUZZLES] [-only REGEXP]
//
// Every answer is compared with the published count (queens, pentominoes) or, for the
// Sudoku set, between the three (each solution checked by the command and the server as
// they always do); a difference stops the run.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/serve"
)

// A benchCase is one row of the table: requests of the API and the command that does the
// same, with the answer expected of each request ("" for the Sudoku set: one solution each).
// A set case sends its one request to POST /api/sudoku (a Sudoku set solved in one
// request), whose answer is the number of puzzles with a unique solution.
type benchCase struct {
	name string
	reqs []map[string]any
	args []string
	want string
	set  bool
}

func main() {
	bin := flag.String("xcover", "", "the xcover `command` to time (required)")
	site := flag.String("site", "", "the static site's `folder`, written by xcover site (required)")
	runs := flag.Int("r", 5, "`runs` of each case, interleaved")
	sudokuFile := flag.String("sudoku", "/work/shared/bench/sudoku/top1465.txt", "Sudoku set, one puzzle a line (# comments); none if missing")
	nSudoku := flag.Int("n", 200, "the first `N` puzzles of the Sudoku set")
	browser := flag.String("chromium", "chromium", "Chromium `binary`")
	only := flag.String("only", "", "time only the cases whose names match this `regexp`")
	flag.Parse()
	if *bin == "" || *site == "" {
		flag.Usage()
		os.Exit(2)
	}
	log.SetFlags(0)
	log.SetPrefix("wasmbench: ")

	cases := []benchCase{{
		name: "pentominoes 6x10 count",
		reqs: []map[string]any{{"puzzle": "tiling", "pieces": "pentominoes", "region": "6x10", "mode": "count"}},
		args: []string{"tile", "--pieces", "pentominoes", "--region", "6x10", "--count", "--workers", "1"},
		want: "9356",
	}}
	for n, c := range []string{8: "92", 9: "352", 10: "724", 11: "2680", 12: "14200"} {
		if c == "" {
			continue
		}
		cases = append(cases, benchCase{
			name: fmt.Sprintf("%d-queens count", n),
			reqs: []map[string]any{{"puzzle": "queens", "n": n, "mode": "count"}},
			args: []string{"queens", fmt.Sprint(n), "--count", "--workers", "1"},
			want: c,
		})
	}
	if puzzles := readPuzzles(*sudokuFile, *nSudoku); len(puzzles) > 0 {
		f := filepath.Join(os.TempDir(), "wasmbench-sudoku.txt")
		if err := os.WriteFile(f, []byte(strings.Join(puzzles, "\n")+"\n"), 0o644); err != nil {
			log.Fatal(err)
		}
		defer os.Remove(f)
		c := benchCase{name: fmt.Sprintf("Sudoku: %d of %s, unique, a search each", len(puzzles), filepath.Base(*sudokuFile)),
			args: []string{"sudoku", f, "--workers", "1"}}
		for _, p := range puzzles {
			c.reqs = append(c.reqs, map[string]any{"puzzle": "sudoku", "grid": p, "mode": "solve", "limit": 2})
		}
		cases = append(cases, c, benchCase{
			name: fmt.Sprintf("Sudoku: %d of %s, unique, one set request", len(puzzles), filepath.Base(*sudokuFile)),
			reqs: []map[string]any{{"grid": strings.Join(puzzles, "\n")}},
			args: c.args,
			want: fmt.Sprint(len(puzzles)),
			set:  true,
		})
	} else {
		log.Printf("no Sudoku set at %s: its row is left out", *sudokuFile)
	}

	if *only != "" {
		re := regexp.MustCompile(*only)
		cases = slices.DeleteFunc(cases, func(c benchCase) bool { return !re.MatchString(c.name) })
	}

	// The static site, served by a plain file server, in headless Chromium.
	ts := httptest.NewServer(http.FileServer(http.Dir(*site)))
	defer ts.Close()
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(*browser), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(filepath.Join(os.TempDir(), "wasmbench-chromium")))
	defer cancelAlloc()
	nop := func(string, ...any) {}
	ctx, cancel := chromedp.NewContext(actx, chromedp.WithLogf(nop), chromedp.WithErrorf(nop))
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")); err != nil {
		log.Fatal(err)
	}
	// Wait for the engine: a first request answers once the worker has loaded it.
	if _, err := inBrowser(ctx, []map[string]any{{"puzzle": "queens", "n": 4, "mode": "count"}}, false); err != nil {
		log.Fatal(err)
	}

	// Two slots: a search says it is done a moment before it gives its slot back.
	srv := serve.New(serve.Options{MaxRunning: 2, Workers: 1})
	defer srv.Close()

	// One untimed round first: the browser compiles WebAssembly lazily and optimises
	// what runs often, in the background.
	for _, c := range cases {
		if _, err := inBrowser(ctx, c.reqs, c.set); err != nil {
			log.Fatalf("%s: browser: %v", c.name, err)
		}
	}

	times := make([][3][]float64, len(cases)) // seconds: command, handler, browser
	for r := 0; r < *runs; r++ {
		for i, c := range cases {
			t0 := time.Now()
			out, err := exec.Command(*bin, c.args...).Output()
			if err != nil {
				log.Fatalf("%s: %v", c.name, err)
			}
			times[i][0] = append(times[i][0], time.Since(t0).Seconds())
			cmdAns := strings.Fields(string(out))
			if c.want != "" && !c.set && (len(cmdAns) == 0 || cmdAns[0] != c.want) {
				log.Fatalf("%s: the command says %q, want %s", c.name, out, c.want)
			}
			if c.want == "" && len(cmdAns) != len(c.reqs) {
				log.Fatalf("%s: the command solved %d puzzles, want %d", c.name, len(cmdAns), len(c.reqs))
			}
			if c.set {
				cmdAns = []string{fmt.Sprint(len(cmdAns))}
			}
			if c.set && cmdAns[0] != c.want {
				log.Fatalf("%s: the command solved %s puzzles, want %s", c.name, cmdAns[0], c.want)
			}

			t0 = time.Now()
			native, err := inProcess(srv, c.reqs, c.set)
			if err != nil {
				log.Fatalf("%s: handler: %v", c.name, err)
			}
			times[i][1] = append(times[i][1], time.Since(t0).Seconds())

			res, err := inBrowser(ctx, c.reqs, c.set)
			if err != nil {
				log.Fatalf("%s: browser: %v", c.name, err)
			}
			times[i][2] = append(times[i][2], res.Seconds)
			for k := range c.reqs {
				want := c.want
				if want == "" {
					want = "1"
				}
				if native[k] != want || res.Answers[k] != want {
					log.Fatalf("%s: request %d: handler %s, browser %s, want %s", c.name, k, native[k], res.Answers[k], want)
				}
			}
		}
	}

	fmt.Printf("%d interleaved runs after one untimed round in the browser; seconds: median (min–max)\n\n", *runs)
	fmt.Printf("| case | command --workers 1 | handler, native | browser (wasm) | browser / command | browser / handler |\n|---|---|---|---|---|---|\n")
	for i, c := range cases {
		var med [3]float64
		var cell [3]string
		for k := range 3 {
			s := slices.Clone(times[i][k])
			slices.Sort(s)
			med[k] = s[len(s)/2]
			cell[k] = fmt.Sprintf("%.4f (%.4f–%.4f)", med[k], s[0], s[len(s)-1])
		}
		fmt.Printf("| %s | %s | %s | %s | %.2f | %.2f |\n", c.name, cell[0], cell[1], cell[2], med[2]/med[0], med[2]/med[1])
	}
	if fi, err := os.Stat(filepath.Join(*site, "xcover.wasm")); err == nil {
		fmt.Printf("\nxcover.wasm: %d bytes\n", fi.Size())
	}
}

// readPuzzles returns the first n puzzles of a file, or none if it cannot be read.
func readPuzzles(name string, n int) []string {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	var ps []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") && len(ps) < n {
			ps = append(ps, l)
		}
	}
	return ps
}

// answer is what a finished search answered: the count, or the number of solutions.
func answer(st present.Status) string {
	if st.Count != "" {
		return st.Count
	}
	return fmt.Sprint(st.Solutions)
}

// inProcess runs the requests one after the other through the server's handler in this
// process and returns their answers; with set, each is a Sudoku set (POST /api/sudoku).
func inProcess(s *serve.Server, reqs []map[string]any, set bool) ([]string, error) {
	var out []string
	for _, req := range reqs {
		body, _ := json.Marshal(req)
		if set {
			w := httptest.NewRecorder()
			s.ServeHTTP(w, httptest.NewRequest(http.MethodPost, "http://localhost/api/sudoku", strings.NewReader(string(body))))
			var res present.SudokuSet
			if err := json.Unmarshal(w.Body.Bytes(), &res); err != nil || w.Code != http.StatusOK {
				return nil, fmt.Errorf("POST /api/sudoku: %d %s", w.Code, w.Body)
			}
			unique := 0
			for _, r := range res.Results {
				if r.Solutions == 1 && r.Solution != "" {
					unique++
				}
			}
			out = append(out, fmt.Sprint(unique))
			continue
		}
		r := httptest.NewRequest(http.MethodPost, "http://localhost/api/jobs", strings.NewReader(string(body)))
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		var st present.Status
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || w.Code != http.StatusCreated {
			return nil, fmt.Errorf("POST: %d %s", w.Code, w.Body)
		}
		for st.State == present.StateRunning {
			time.Sleep(50 * time.Microsecond)
			w = httptest.NewRecorder()
			s.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "http://localhost/api/jobs/"+st.ID, nil))
			if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
				return nil, err
			}
		}
		if st.State != present.StateDone {
			return nil, fmt.Errorf("%s: %s", st.State, st.Error)
		}
		out = append(out, answer(st))
	}
	return out, nil
}

// browserResult is what the page's script measured.
type browserResult struct {
	Seconds float64  `json:"seconds"`
	Answers []string `json:"answers"`
}

// inBrowser runs the requests one after the other through the page's transport to its
// worker, timed by the page from the first request sent to the last answer; with set, each
// is a Sudoku set (POST /api/sudoku), answered by its number of unique puzzles.
func inBrowser(ctx context.Context, reqs []map[string]any, set bool) (browserResult, error) {
	js, _ := json.Marshal(reqs)
	script := `(async (reqs, set) => {
  const answers = [];
  const t0 = performance.now();
  for (const req of reqs) {
    if (set) {
      const r = await api("POST", "/api/sudoku", JSON.stringify(req));
      if (!r.ok) throw new Error(r.data.error);
      answers.push(String(r.data.results.filter((x) => x.solutions === 1 && x.solution).length));
      continue;
    }
    let st = (await api("POST", "/api/jobs", JSON.stringify(req))).data;
    while (st.state === "running") {
      await new Promise((r) => setTimeout(r, 0));
      st = (await api("GET", "/api/jobs/" + st.id)).data;
    }
    if (st.state !== "done") throw new Error(st.state + ": " + st.error);
    answers.push(st.count || String(st.solutions));
  }
  return { seconds: (performance.now() - t0) / 1000, answers };
})(` + string(js) + `, ` + fmt.Sprint(set) + `)`
	return chromedp.Run(ctx, chromedp.Evaluate[browserResult](script, chromedp.EvalAwaitPromise))
}
