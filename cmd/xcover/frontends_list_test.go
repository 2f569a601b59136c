package main

import (
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/serve"
)

// TestSameListings sends the same listing requests to the command and to the web API, in
// solve and random mode, for every kind of puzzle (TestSameAnswers compares counts and
// distinct searches): the same solutions, as the same texts, whichever front end lists
// them (each front end checks every solution before listing it).
func TestSameListings(t *testing.T) {
	s := serve.New(serve.Options{})
	ts := httptest.NewServer(s)
	defer func() { s.Close(); ts.Close() }()
	api := func(body string) []string {
		t.Helper()
		return apiTexts(t, ts.URL, apiJob(t, ts.URL, body).ID)
	}
	same := func(what string, cli result, want int, served []string, sep string, ordered bool) {
		t.Helper()
		listed := splitListing(cli.stdout, sep)
		if !ordered {
			slices.Sort(listed)
			slices.Sort(served)
		}
		if cli.code != 0 || len(listed) != want || !slices.Equal(listed, served) {
			i := 0
			for i < min(len(listed), len(served)) && listed[i] == served[i] {
				i++
			}
			t.Errorf("%s: the command lists %d (exit %d: %s), the web API %d; want %d; they differ at solution %d",
				what, len(listed), cli.code, cli.stderr, len(served), want, i)
		}
	}

	// DLX problems: every solution, as the options' lines.
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	for _, tt := range []struct {
		name string
		want int
	}{{"queens8.dlx", 92}, {"format-example.dlx", 3}, {"langford7.dlx", 52}} {
		text, err := os.ReadFile(ex(tt.name))
		if err != nil {
			t.Fatal(err)
		}
		cli := runX(t, "", "solve", ex(tt.name))
		served := api(`{"problem":` + strconv.Quote(string(text)) + `,"mode":"solve"}`)
		same(tt.name+" solve", cli, tt.want, served, "\n\n", false)

		// Random mode: the same seed draws the same solutions, in the same order.
		cli = runX(t, "", "solve", "--random", "--seed", "5", "--limit", "3", ex(tt.name))
		served = api(`{"problem":` + strconv.Quote(string(text)) + `,"mode":"random","seed":5,"limit":3}`)
		same(tt.name+" random", cli, min(3, tt.want), served, "\n\n", true)
	}

	// Queens: both front ends list with the bitboard (puzzle.Each), in the same order; with
	// two per line both list with the general engine.
	for _, tt := range []struct{ n, want int }{{4, 2}, {6, 4}, {8, 92}} {
		cli := runX(t, "", "queens", strconv.Itoa(tt.n))
		served := api(`{"puzzle":"queens","mode":"solve","n":` + strconv.Itoa(tt.n) + `}`)
		same("queens "+strconv.Itoa(tt.n), cli, tt.want, served, "\n\n", true)
	}
	// Beyond the bitboard's N = 32 both give the construction's one solution, whatever the
	// limit (the web API ran the exact cover engine, which finds no first solution of 100
	// queens in a minute); at random, the same seed gives the same boards: the general
	// engine's up to N = 12, min-conflicts search's beyond.
	for _, tt := range []struct {
		args []string
		body string
		want int
	}{
		{[]string{"40", "--limit", "3"}, `"n":40,"mode":"solve","limit":3`, 1},
		{[]string{"8", "--random", "--seed", "7", "--limit", "3"}, `"n":8,"mode":"random","seed":7,"limit":3`, 3},
		{[]string{"20", "--random", "--seed", "7", "--limit", "3"}, `"n":20,"mode":"random","seed":7,"limit":3`, 3},
	} {
		cli := runX(t, "", append([]string{"queens"}, tt.args...)...)
		served := api(`{"puzzle":"queens",` + tt.body + `}`)
		same("queens "+strings.Join(tt.args, " "), cli, tt.want, served, "\n\n", true)
	}
	cli := runX(t, "", "queens", "4", "--per-line", "2")
	served := api(`{"puzzle":"queens","mode":"solve","n":4,"perLine":2}`)
	same("queens 4, 2 per line", cli, 11, served, "\n\n", false)

	// Sudoku: the solution of a puzzle (each has one), as a grid's line; the web API draws it
	// over N lines.
	for _, puzzle := range []string{
		"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
		"...............59.....36.129..7.....16...54..73.6.....5....297.3...512.4.4......1",
	} {
		cli := runX(t, puzzle+"\n", "sudoku")
		served := api(`{"puzzle":"sudoku","mode":"solve","grid":` + strconv.Quote(puzzle) + `}`)
		for i, text := range served {
			served[i] = gridLine(text)
		}
		same("sudoku "+puzzle, cli, 1, served, "\n", false)
	}

	// Tilings (by name, in the plane and in space): every tiling, as its picture.
	for _, tt := range []struct {
		pieces, region string
		want           int
	}{{"tetrominoes.T:4", "4x4", 2}, {"domino:4", "2x4", 5}, {"domino:4", "2x2x2", 9}} {
		cli := runX(t, "", "tile", "--pieces", tt.pieces, "--region", tt.region)
		sep := "\n\n"
		if strings.Count(tt.region, "x") == 2 {
			sep = "\n-\n" // solids are separated by a line of "-"
		}
		served := api(`{"puzzle":"tiling","mode":"solve","pieces":` + strconv.Quote(tt.pieces) + `,"region":` + strconv.Quote(tt.region) + `}`)
		same(tt.pieces+" on "+tt.region, cli, tt.want, served, sep, false)
	}
}

// gridLine returns the symbols of a drawn Sudoku grid on one line, as the command writes
// a solution: its characters other than blanks, rules and line ends.
func gridLine(drawn string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\n', '|', '+', '-':
			return -1
		}
		return r
	}, drawn)
}

// splitListing cuts the command's listing into the texts of its solutions, sep between two.
func splitListing(out, sep string) []string {
	if out = strings.TrimRight(out, "\n"); out == "" {
		return nil
	}
	return strings.Split(out, sep)
}
