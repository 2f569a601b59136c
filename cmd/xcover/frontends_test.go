package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/serve"
)

// TestSameAnswers sends the same Sudoku, tiling and queens requests to the command and to
// the web API and compares the answers: one puzzle, one board, one count, one listing,
// whichever front end is asked. TestSameListings compares listings in order and random,
// TestSameModes the random, puzzle and distinct modes left and the refusals, so that
// every kind of puzzle (DLX, queens, tiling, Sudoku) is compared in every mode.
func TestSameAnswers(t *testing.T) {
	s := serve.New(serve.Options{})
	ts := httptest.NewServer(s)
	defer func() { s.Close(); ts.Close() }()
	apiStatus := func(body string) present.Status { t.Helper(); return apiJob(t, ts.URL, body) }
	apiCount := func(body string) string {
		t.Helper()
		resp, err := http.Post(ts.URL+"/api/jobs", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var st struct{ ID, State, Count, Error string }
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			t.Fatalf("POST %s: %s %+v", body, resp.Status, st)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		for st.State == "running" || st.State == "" {
			req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+"/api/jobs/"+st.ID, nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			json.Unmarshal(b, &st)
			time.Sleep(5 * time.Millisecond)
		}
		if st.State != "done" {
			t.Fatalf("%s: %s %s", body, st.State, st.Error)
		}
		return st.Count
	}
	for _, puzzle := range []string{
		"1...2...3...4...",                   // 4x4: 2x2 boxes
		"12....34....................56....", // not a square: both refuse
		strings.Repeat(".", 35) + "1",        // 6x6: 2x3 boxes
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"1" + strings.Repeat(".", 255), // 16x16: 4x4 boxes
	} {
		cli := runX(t, puzzle+"\n", "sudoku", "--count", "--limit", "50")
		if _, ok := sqrtOf(len(puzzle)); !ok {
			if cli.code == 0 {
				t.Errorf("%q: the command accepted a line of %d characters", puzzle, len(puzzle))
			}
			continue
		}
		if cli.code != 0 {
			t.Fatalf("%q: exit %d: %s", puzzle, cli.code, cli.stderr)
		}
		api := apiCount(`{"puzzle":"sudoku","mode":"count","limit":50,"grid":` + strconv.Quote(puzzle) + `}`)
		if strings.TrimSpace(cli.stdout) != api {
			t.Errorf("%q: the command counts %q, the web API %q", puzzle, strings.TrimSpace(cli.stdout), api)
		}
	}
	// Tilings: the same counts, and the same refusals.
	for _, tt := range []struct{ pieces, region string }{
		{"pentominoes", "3x20"}, {"tetrominoes:2", "5x8"}, {"soma", "3x3x3"}, {"domino", "4x5"},
	} {
		cli := runX(t, "", "tile", "--pieces", tt.pieces, "--region", tt.region, "--count")
		api := apiCount(`{"puzzle":"tiling","mode":"count","pieces":` + strconv.Quote(tt.pieces) + `,"region":` + strconv.Quote(tt.region) + `}`)
		if cli.code != 0 || strings.TrimSpace(cli.stdout) != api {
			t.Errorf("%s on %s: the command counts %q (exit %d), the web API %q", tt.pieces, tt.region, cli.stdout, cli.code, api)
		}
	}
	// Tilings: the same essentially different tilings, and the same listings, with pieces
	// and regions by name and by picture.
	for _, tt := range []struct{ pieces, region string }{
		{"pentominoes", "3x20"}, {"soma", "3x3x3"}, {"domino:10", "4x5"},
	} {
		cli := runX(t, "", "tile", "--pieces", tt.pieces, "--region", tt.region, "--count", "--distinct", "--json")
		var c struct{ Solutions, Distinct uint64 }
		json.Unmarshal([]byte(cli.stdout), &c)
		api := apiStatus(`{"puzzle":"tiling","mode":"distinct","pieces":` + strconv.Quote(tt.pieces) + `,"region":` + strconv.Quote(tt.region) + `}`)
		if cli.code != 0 || c.Distinct == 0 || c.Distinct != api.Solutions || c.Solutions != api.Total {
			t.Errorf("%s on %s: the command %d tilings, %d distinct (exit %d); the web API %d classes of %d",
				tt.pieces, tt.region, c.Solutions, c.Distinct, cli.code, api.Solutions, api.Total)
		}
	}
	dir := writeFiles(t, map[string]string{"pieces.txt": "AAB\n  B\nCC\n", "region.txt": "####\n## \n"})
	for _, tt := range []struct {
		args []string
		body string
	}{
		{[]string{"--pieces", "pentominoes", "--region", "3x20"}, `"pieces":"pentominoes","region":"3x20"`},
		{[]string{"--pieces", "domino:10", "--region", "4x5"}, `"pieces":"domino:10","region":"4x5"`},
		{[]string{"--pieces-file", filepath.Join(dir, "pieces.txt"), "--region-file", filepath.Join(dir, "region.txt")},
			`"piecesPicture":"AAB\n  B\nCC\n","region":"####\n## \n"`},
	} {
		cli := runX(t, "", append([]string{"tile"}, tt.args...)...)
		var listed []string
		if cli.stdout != "" {
			listed = strings.Split(strings.TrimSuffix(cli.stdout, "\n"), "\n\n")
		}
		api := apiStatus(`{"puzzle":"tiling",` + tt.body + `}`)
		served := apiTexts(t, ts.URL, api.ID)
		slices.Sort(listed)
		slices.Sort(served)
		if cli.code != 0 || len(listed) == 0 || !slices.Equal(listed, served) {
			t.Errorf("%v: the command lists %d tilings (exit %d), the web API %d, or others", tt.args, len(listed), cli.code, len(served))
		}
	}
	// Queens: the command counts distinct solutions with the bitboard counter, the web API
	// lists the bitboard's solutions reduced to classes; both must agree.
	for _, n := range []int{6, 7, 8} {
		cli := runX(t, "", "queens", strconv.Itoa(n), "--count", "--distinct", "--json")
		var c struct{ Solutions, Distinct uint64 }
		json.Unmarshal([]byte(cli.stdout), &c)
		count := apiCount(`{"puzzle":"queens","mode":"count","n":` + strconv.Itoa(n) + `}`)
		classes := apiStatus(`{"puzzle":"queens","mode":"distinct","n":` + strconv.Itoa(n) + `}`)
		if strconv.FormatUint(c.Solutions, 10) != count || c.Distinct != classes.Solutions || c.Solutions != classes.Total {
			t.Errorf("queens %d: the command %d solutions, %d distinct; the web API %s solutions, %d classes of %d",
				n, c.Solutions, c.Distinct, count, classes.Solutions, classes.Total)
		}
	}
	// Queens with several per line: both count through the general engine's encoding.
	for _, k := range []int{2, 3} {
		cli := runX(t, "", "queens", "6", "--per-line", strconv.Itoa(k), "--count")
		api := apiCount(`{"puzzle":"queens","mode":"count","n":6,"perLine":` + strconv.Itoa(k) + `}`)
		if cli.code != 0 || strings.TrimSpace(cli.stdout) != api {
			t.Errorf("queens 6, %d per line: the command counts %q (exit %d), the web API %q", k, cli.stdout, cli.code, api)
		}
	}
	// DLX problems, counted plainly and by memoisation, with bounds and colours.
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	for _, tt := range []struct {
		name  string
		memos []string
	}{
		{"queens8.dlx", []string{"off", "on", "auto"}}, {"format-example.dlx", []string{"off", "on", "auto"}},
		{"double-queens6.dlx", []string{"off", "on", "auto"}}, {"langford7.dlx", []string{"off", "on"}},
		{"dominoes8.dlx", []string{"on"}}, // 12,988,816 tilings: too many to count one by one here
	} {
		name := tt.name
		text, err := os.ReadFile(ex(name))
		if err != nil {
			t.Fatal(err)
		}
		for _, memo := range tt.memos {
			cli := runX(t, "", "count", "--memo="+memo, ex(name))
			api := apiCount(`{"problem":` + strconv.Quote(string(text)) + `,"mode":"count","memo":"` + memo + `"}`)
			if cli.code != 0 || strings.TrimSpace(cli.stdout) != api {
				t.Errorf("%s, memo %s: the command counts %q (exit %d), the web API %q", name, memo, cli.stdout, cli.code, api)
			}
		}
	}
	for _, tt := range []struct{ flag, field, region string }{
		{"--mirror", "mirror", "6x10"}, {"--no-flip", "noFlip", "3x3x3"},
	} {
		cli := runX(t, "", "tile", "--pieces", "pentominoes", "--region", tt.region, tt.flag, "--count")
		resp, err := http.Post(ts.URL+"/api/jobs", "application/json",
			strings.NewReader(`{"puzzle":"tiling","mode":"count","pieces":"pentominoes","region":"`+tt.region+`","`+tt.field+`":true}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if cli.code != exitUsage || resp.StatusCode != http.StatusBadRequest {
			t.Errorf("%s on %s: the command exits %d, the web API answers %s; want both to refuse", tt.flag, tt.region, cli.code, resp.Status)
		}
	}
}

func sqrtOf(n int) (int, bool) {
	r := 0
	for (r+1)*(r+1) <= n {
		r++
	}
	return r, r*r == n
}

// apiJob starts a search through the web API at url and returns its status once done.
func apiJob(t *testing.T, url, body string) present.Status {
	t.Helper()
	resp, err := http.Post(url+"/api/jobs", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var st present.Status
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	for deadline := time.Now().Add(time.Minute); st.State == "running" && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
		r, err := http.Get(url + "/api/jobs/" + st.ID)
		if err != nil {
			t.Fatal(err)
		}
		json.NewDecoder(r.Body).Decode(&st)
		r.Body.Close()
	}
	if st.State != "done" {
		t.Fatalf("%s: %s %s", body, st.State, st.Error)
	}
	return st
}

// apiTexts returns the texts of the solutions a job of the web API kept.
func apiTexts(t *testing.T, url, id string) []string {
	t.Helper()
	resp, err := http.Get(url + "/api/jobs/" + id + "/solutions.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Solutions []struct{ Text string } }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, s := range out.Solutions {
		texts = append(texts, strings.TrimSuffix(s.Text, "\n"))
	}
	return texts
}
