package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/serve"
)

// TestSameModes completes TestSameAnswers (counts, distinct searches) and TestSameListings
// (listings in order and random): the modes left, through both front ends, for every kind
// of puzzle. Random solutions of a seed are the same, in the same order; a puzzle made
// with a seed (mode puzzle; the command's --puzzle, or define of the same solution for a
// DLX problem and a Sudoku, which the command has no such mode for) pre-places the same options and has the same solution; a mode that one
// front end refuses, the other refuses too.
func TestSameModes(t *testing.T) {
	s := serve.New(serve.Options{})
	ts := httptest.NewServer(s)
	defer func() { s.Close(); ts.Close() }()
	for _, tt := range []struct {
		what string
		args []string // the command's
		body string   // the web API's request
		want int      // texts listed
		sep  string   // between two solutions in the command's text
		// unmark, if not nil, takes the marks of the pre-placed part out of the command's
		// puzzle text (present.WritePuzzleText), which the web API draws instead
		unmark func(string) string
	}{
		{"queens random", []string{"queens", "8", "--random", "--seed", "5", "--limit", "3"}, `{"puzzle":"queens","n":8,"mode":"random","seed":5,"limit":3}`, 3, "\n\n", nil},
		{"queens 2 per line random", []string{"queens", "6", "--per-line", "2", "--seed", "5", "--limit", "3"}, `{"puzzle":"queens","n":6,"perLine":2,"mode":"random","seed":5,"limit":3}`, 3, "\n\n", nil},
		{"tiling random", []string{"tile", "--pieces", "pentominoes", "--region", "6x10", "--seed", "5", "--limit", "3"}, `{"puzzle":"tiling","pieces":"pentominoes","region":"6x10","mode":"random","seed":5,"limit":3}`, 3, "\n\n", nil},
		{"solid random", []string{"tile", "--pieces", "soma", "--region", "3x3x3", "--seed", "5", "--limit", "3"}, `{"puzzle":"tiling","pieces":"soma","region":"3x3x3","mode":"random","seed":5,"limit":3}`, 3, "\n-\n", nil},
		// The pre-placed options first, then the solution.
		{"queens puzzle", []string{"queens", "8", "--puzzle", "--seed", "3"}, `{"puzzle":"queens","n":8,"mode":"puzzle","seed":3}`, 2, "\n\n",
			func(s string) string {
				return strings.ReplaceAll(strings.TrimSuffix(s, "G: a pre-placed queen\n"), "G", "Q")
			}},
		{"tiling puzzle", []string{"tile", "--pieces", "pentominoes", "--region", "3x20", "--puzzle", "--seed", "3"}, `{"puzzle":"tiling","pieces":"pentominoes","region":"3x20","mode":"puzzle","seed":3}`, 2, "\n\n",
			func(s string) string {
				s, _, _ = strings.Cut(s, "#: ")
				lines := strings.Split(s, "\n")
				for i, l := range lines {
					lines[i], _, _ = strings.Cut(l, "   ")
				}
				return strings.Join(lines, "\n")
			}},
		{"tiling distinct", []string{"tile", "--pieces", "pentominoes", "--region", "3x20", "--distinct"}, `{"puzzle":"tiling","pieces":"pentominoes","region":"3x20","mode":"distinct"}`, 2, "\n\n", nil},
	} {
		cli := runX(t, "", tt.args...)
		st := apiJob(t, ts.URL, tt.body)
		served := apiTexts(t, ts.URL, st.ID)
		if tt.unmark != nil {
			cli.stdout = tt.unmark(cli.stdout)
		}
		got := splitListing(cli.stdout, tt.sep)
		if cli.code != 0 || len(got) != tt.want || !slices.Equal(got, served) {
			t.Errorf("%s: the command lists %d (exit %d: %s), the web API %d; want the same %d\ncommand:\n%s\nweb API:\n%s",
				tt.what, len(got), cli.code, cli.stderr, len(served), tt.want, cli.stdout, strings.Join(served, "\n\n"))
		}
	}

	// A DLX problem, and a Sudoku (the command's own encoding of it, --emit dlx), made a
	// puzzle by the web API: the command's define of the same solution with the same seed
	// pre-places the same options. A Sudoku's random solutions: the command's on the same
	// encoding, with the same seed.
	ex := filepath.Join("..", "..", "examples", "queens8.dlx")
	text, err := os.ReadFile(ex)
	if err != nil {
		t.Fatal(err)
	}
	const grid = "1...2...3...4..."
	emitted := runX(t, grid+"\n", "sudoku", "--emit", "dlx")
	if emitted.code != 0 {
		t.Fatalf("sudoku --emit dlx: exit %d: %s", emitted.code, emitted.stderr)
	}
	sudokuDLX := filepath.Join(writeFiles(t, map[string]string{"s.dlx": emitted.stdout}), "s.dlx")
	for _, tt := range []struct{ what, body, file string }{
		{"DLX", `{"problem":` + strconv.Quote(string(text)) + `,"mode":"puzzle","seed":3}`, ex},
		{"sudoku", `{"puzzle":"sudoku","grid":"` + grid + `","mode":"puzzle","seed":3}`, sudokuDLX},
	} {
		kept := apiOptions(t, ts.URL, apiJob(t, ts.URL, tt.body).ID)
		if len(kept) != 2 {
			t.Fatalf("%s puzzle: the web API kept %d option lists, want 2 (the defining set, the solution)", tt.what, len(kept))
		}
		sol := make([]string, len(kept[1]))
		for i, k := range kept[1] {
			sol[i] = strconv.Itoa(k)
		}
		cli := runX(t, "", "define", "--solution", strings.Join(sol, ","), "--seed", "3", "--json", tt.file)
		var def struct{ Options []int }
		json.Unmarshal([]byte(cli.stdout), &def)
		slices.Sort(def.Options)
		slices.Sort(kept[0])
		if cli.code != 0 || len(def.Options) == 0 || !slices.Equal(def.Options, kept[0]) {
			t.Errorf("%s puzzle: the command defines %v (exit %d: %s), the web API %v", tt.what, def.Options, cli.code, cli.stderr, kept[0])
		}
	}
	cli := runX(t, "", "solve", "--json", "--random", "--seed", "5", "--limit", "3", sudokuDLX)
	var drawn [][]int
	for _, line := range splitListing(cli.stdout, "\n") {
		var sol struct{ Options []int }
		json.Unmarshal([]byte(line), &sol)
		drawn = append(drawn, sol.Options)
	}
	served := apiOptions(t, ts.URL, apiJob(t, ts.URL, `{"puzzle":"sudoku","grid":"`+grid+`","mode":"random","seed":5,"limit":3}`).ID)
	if cli.code != 0 || len(drawn) != 3 || !slices.EqualFunc(drawn, served, slices.Equal) {
		t.Errorf("sudoku random: the command draws %v (exit %d: %s), the web API %v", drawn, cli.code, cli.stderr, served)
	}

	// Modes that neither front end has for a puzzle: both refuse, as wrong usage.
	for _, tt := range []struct {
		what string
		args []string
		body string
	}{
		{"queens 2 per line distinct", []string{"queens", "6", "--per-line", "2", "--distinct"}, `{"puzzle":"queens","n":6,"perLine":2,"mode":"distinct"}`},
		{"queens count out of reach", []string{"queens", "40", "--count"}, `{"puzzle":"queens","n":40,"mode":"count"}`},
		{"queens perLine too large", []string{"queens", "4", "--per-line", "5"}, `{"puzzle":"queens","n":4,"perLine":5}`},
		{"DLX distinct", []string{"solve", "--distinct", ex}, `{"problem":` + strconv.Quote(string(text)) + `,"mode":"distinct"}`},
		{"sudoku distinct", []string{"sudoku", "--distinct"}, `{"puzzle":"sudoku","mode":"distinct","grid":"1...2...3...4..."}`},
		{"tiling mirror", []string{"tile", "--pieces", "pentominoes", "--region", "6x10", "--mirror", "--count"}, `{"puzzle":"tiling","pieces":"pentominoes","region":"6x10","mirror":true,"mode":"count"}`},
	} {
		cli := runX(t, "1...2...3...4...\n", tt.args...)
		resp, err := http.Post(ts.URL+"/api/jobs", "application/json", strings.NewReader(tt.body))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if cli.code != exitUsage || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s: the command exits %d (%s), the web API answers %s; want both to refuse", tt.what, cli.code, cli.stderr, resp.Status)
		}
	}
}

// apiOptions returns the options of the solutions a job of the web API kept.
func apiOptions(t *testing.T, url, id string) [][]int {
	t.Helper()
	resp, err := http.Get(url + "/api/jobs/" + id + "/solutions.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Solutions []struct{ Options []int } }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	var opts [][]int
	for _, s := range out.Solutions {
		opts = append(opts, s.Options)
	}
	return opts
}
