package main

import (
	"bytes"
	"context"
	"github.com/xcover/xcover"
	"os"
	"path/filepath"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/verify"
)

// TestExamplesUpToDate checks that the files in the repository's examples directory are
// exactly what gen writes.
func TestExamplesUpToDate(t *testing.T) {
	for _, f := range files {
		want, err := f.text()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "..", "examples", f.name+".dlx")
		got, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%v (run go run ./internal/problems/gen -dir examples)", err)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run go run ./internal/problems/gen -dir examples", path)
		}
	}
}

var quick = map[string]bool{"queens8": true, "format-example": true, "langford7": true,
	"double-queens6": true}

// TestCounts reads each file back as a user would and checks the count its comment states,
// verifying every solution. Only the small files are counted unless XCOVER_LONG is set.
func TestCounts(t *testing.T) {
	for _, f := range files {
		t.Run(f.name, func(t *testing.T) {
			if !quick[f.name] && os.Getenv("XCOVER_LONG") == "" {
				t.Skip("long; set XCOVER_LONG=1")
			}
			text, err := f.text()
			if err != nil {
				t.Fatal(err)
			}
			df, err := dlx.Parse(bytes.NewReader(text), f.name+".dlx")
			if err != nil {
				t.Fatal(err)
			}
			p := df.Problem
			c := verify.NewChecker(p)
			var n uint64
			sv, _ := xcover.NewSolver(p, xcover.Config{})
			for sol := range sv.Solutions(context.Background()) {
				n++
				if vs := c.Check(sol); len(vs) > 0 {
					t.Fatalf("solution %v: %v", sol, vs)
				}
			}
			if n != f.count {
				t.Errorf("%d solutions, want %d", n, f.count)
			}
		})
	}
}
