package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/tiling"
)

func runTileArgs(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(append([]string{"tile"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestTileCounts(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "board.txt")
	os.WriteFile(board, []byte("########\n########\n########\n###  ###\n###..###\n########\n########\n########\n"), 0o644)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--pieces", "pentominoes", "--region", "3x20", "--count"}, "8\n"},
		{[]string{"--pieces", "pentominoes", "--region", "20x3", "--count", "--distinct"}, "8 solutions, 2 essentially different\n"},
		{[]string{"--pieces", "pentominoes", "--region-file", board, "--count", "--distinct", "--json"}, `{"solutions":520,"distinct":65}` + "\n"},
		{[]string{"--pieces", "domino", "--copies", "4", "--region", "2x4", "--count", "--json"}, `{"solutions":5}` + "\n"},
		{[]string{"--pieces", "domino:2", "--copies", "2", "--region", "2x2x2", "--count", "--distinct"}, "9 solutions, 2 essentially different\n"},
		{[]string{"--pieces", "trominoes.L:2", "--region", "3x2", "--no-flip", "--count", "--distinct"}, "2 solutions, 2 essentially different\n"},
		{[]string{"--pieces", "trominoes.L:2", "--region", "3x2", "--no-flip", "--count", "--distinct", "--mirror-images"}, "2 solutions, 1 essentially different\n"},
		{[]string{"--pieces", "monomino:2", "--region", "3x1", "--at-most", "--partial", "--count"}, "7\n"},
		{[]string{"--pieces", "pentominoes", "--region", "5x3", "--at-most", "--count", "--json"}, ""},
	}
	for _, tt := range tests {
		out, errs, code := runTileArgs(t, "", tt.args...)
		if code != 0 {
			t.Errorf("%v: exit %d, %s", tt.args, code, errs)
			continue
		}
		if tt.want != "" && out != tt.want {
			t.Errorf("%v: %q, want %q", tt.args, out, tt.want)
		}
	}
}

func TestTileList(t *testing.T) {
	out, errs, code := runTileArgs(t, "", "--pieces", "pentominoes", "--region", "3x20", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d lines, want 8", len(lines))
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var sol struct{ Rows []string }
		if err := json.Unmarshal([]byte(l), &sol); err != nil {
			t.Fatal(err)
		}
		if len(sol.Rows) != 20 || len(sol.Rows[0]) != 3 {
			t.Fatalf("rows %q", sol.Rows)
		}
		// Each picture is a tiling by the 12 pentominoes.
		pic := strings.Join(sol.Rows, "\n")
		ps, err := tiling.ParsePieces(pic)
		if err != nil || len(ps) != 12 {
			t.Fatalf("picture %s: %d pieces, %v", pic, len(ps), err)
		}
		seen[pic] = true
	}
	if len(seen) != 8 {
		t.Errorf("%d different pictures", len(seen))
	}
	// Text, the distinct ones, limit.
	out, _, _ = runTileArgs(t, "", "--pieces", "pentominoes", "--region", "3x20", "--distinct", "--limit", "1")
	if n := strings.Count(out, "\n"); n != 20 {
		t.Errorf("one distinct tiling: %d lines\n%s", n, out)
	}
	out, _, _ = runTileArgs(t, "", "--pieces", "pentominoes", "--region", "3x20", "--random", "--seed", "3")
	if n := strings.Count(out, "\n"); n != 20 {
		t.Errorf("one random tiling: %d lines\n%s", n, out)
	}
	// A solid: layers separated by "-" between solutions.
	out, _, _ = runTileArgs(t, "", "--pieces", "domino:4", "--region", "2x2x2", "--limit", "2")
	if strings.Count(out, "\n-\n") != 1 || strings.Count(out, "\n\n") != 2 {
		t.Errorf("two solid tilings:\n%s", out)
	}
}

func TestTilePiecesFile(t *testing.T) {
	// One-sided pieces drawn in a file read from stdin: an L and a J tetromino fill 2x4.
	pieces := "L..J\nL..J\nLL.JJ\n"
	out, errs, code := runTileArgs(t, pieces, "--pieces-file", "-", "--region", "2x4", "--no-flip", "--count")
	if code != 0 || out != "2\n" {
		t.Fatalf("exit %d, %q: %s", code, out, errs)
	}
	out, errs, code = runTileArgs(t, pieces, "--pieces-file", "-", "--region", "2x4", "--no-flip", "--limit", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	r, err := tiling.ParseRegion(out)
	if err != nil || r.Len() != 8 {
		t.Fatalf("output %q: %v", out, err)
	}
}

func TestTileSVG(t *testing.T) {
	out, errs, code := runTileArgs(t, "", "--pieces", "pentominoes", "--region", "3x20", "--format", "svg")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	dec := xml.NewDecoder(strings.NewReader(out))
	groups := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "g" {
			groups++
		}
	}
	if groups != 8 {
		t.Errorf("%d tilings drawn, want 8", groups)
	}
}

func TestTileEmit(t *testing.T) {
	out, errs, code := runTileArgs(t, "", "--pieces", "pentominoes", "--region", "6x10", "--emit", "dlx")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	f, err := dlx.Parse(strings.NewReader(out), "tile.dlx")
	if err != nil {
		t.Fatal(err)
	}
	if n := f.Problem.NumOptions(); n != 2056 {
		t.Errorf("%d options, want 2056", n)
	}
}

func TestTileErrors(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("...\n   \n"), 0o644)
	tests := []struct {
		args      []string
		code      int
		errSubstr string
		out       string
	}{
		{[]string{"--region", "6x10"}, 2, "no pieces", ""},
		{[]string{"--pieces", "pentominoes"}, 2, "no region", ""},
		{[]string{"--pieces", "octominoes", "--region", "6x10"}, 2, "unknown piece set", ""},
		{[]string{"--pieces", "pentominoes", "--region", "6by10"}, 2, "WxH", ""},
		{[]string{"--pieces", "pentominoes", "--region", "6x10", "--format", "png"}, 2, "--format", ""},
		{[]string{"--pieces", "pentominoes", "--region", "6x10", "--emit", "cnf"}, 2, "--emit", ""},
		{[]string{"--pieces", "pentominoes", "--region", "6x10", "--no-flip", "--mirror"}, 2, "contradict", ""},
		// --json with --format svg wrote the picture silently; a bad solver was named only
		// after the pieces and the region were read.
		{[]string{"--pieces", "pentominoes", "--region", "6x10", "--json", "--format", "svg"}, 2, "--json and --format svg", ""},
		{[]string{"--pieces-file", filepath.Join(dir, "missing"), "--region", "2x2", "--via", "nosuchsolver"}, 2, "--via", ""},
		{[]string{"--pieces", "pentominoes", "--region-file", empty}, 1, "no cells", ""},
		{[]string{"--pieces-file", empty, "--region", "2x2"}, 1, "no cells", ""},
		{[]string{"--pieces-file", filepath.Join(dir, "missing"), "--region", "2x2"}, 1, "missing", ""},
		{[]string{"--pieces", "pentominoes", "--region", "2x2"}, 1, "more than the region's 4", ""},
		{[]string{"--pieces", "pentominoes", "--region", "8x8", "--count"}, 0, "the pieces have 60 cells and the region 64", "0\n"},
		{[]string{"--pieces", "pentominoes", "--region", "8x8"}, 0, "no tilings", ""},
	}
	for _, tt := range tests {
		out, errs, code := runTileArgs(t, "", tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.errSubstr) || out != tt.out {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr with %q",
				tt.args, code, out, errs, tt.code, tt.out, tt.errSubstr)
		}
		if errs != "" && !strings.HasPrefix(errs, "xcover: ") {
			t.Errorf("%v: stderr %q", tt.args, errs)
		}
	}
}

// TestTileCountProgress counts tilings with --progress (issue 41, fault 12: tile counts had
// none): the progress line ends with the summary, stdout holds the count alone.
func TestTileCountProgress(t *testing.T) {
	r := runX(t, "", "tile", "--pieces", "domino:12", "--region", "4x6", "--count", "--progress", "--workers", "1")
	if r.code != 0 || r.stdout != "281\n" || !strings.Contains(r.stderr, "done: 281 solutions") {
		t.Errorf("exit %d, stdout %q, stderr %q; want 281 and the progress summary", r.code, r.stdout, r.stderr)
	}
}
