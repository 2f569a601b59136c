//go:build js

package httpshim

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// A recorder keeps a response.
type recorder struct {
	h    Header
	code int
	buf  bytes.Buffer
}

func (w *recorder) Header() Header { return w.h }
func (w *recorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}
func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(StatusOK)
	return w.buf.Write(b)
}

// TestServeMux routes requests as net/http's ServeMux routes serve's patterns (run with
// GOOS=js GOARCH=wasm and Go's misc/wasm runner, go_js_wasm_exec, in PATH).
func TestServeMux(t *testing.T) {
	m := NewServeMux()
	for _, p := range []string{"GET /{$}", "POST /api/jobs", "GET /api/jobs/{id}", "DELETE /api/jobs/{id}", "GET /api/jobs/{id}/solutions.svg"} {
		m.HandleFunc(p, func(w ResponseWriter, r *Request) {
			io.WriteString(w, p+" id="+r.PathValue("id")+" offset="+r.URL.Query().Get("offset"))
		})
	}
	tests := []struct {
		method, url string
		code        int
		body        string
	}{
		{"GET", "http://localhost/", 200, "GET /{$} id= offset="},
		{"HEAD", "http://localhost/", 200, "GET /{$} id= offset="},
		{"GET", "http://localhost/index.html", 404, "404 page not found\n"},
		{"POST", "http://localhost/api/jobs", 200, "POST /api/jobs id= offset="},
		{"GET", "http://localhost/api/jobs", 405, "method not allowed\n"},
		{"GET", "http://localhost/api/jobs/ab12", 200, "GET /api/jobs/{id} id=ab12 offset="},
		{"DELETE", "http://localhost/api/jobs/ab12", 200, "DELETE /api/jobs/{id} id=ab12 offset="},
		{"PUT", "http://localhost/api/jobs/ab12", 405, "method not allowed\n"},
		{"GET", "http://localhost/api/jobs/", 404, "404 page not found\n"},
		{"GET", "http://localhost/api/jobs/ab12/solutions.svg?offset=3&count=1", 200, "GET /api/jobs/{id}/solutions.svg id=ab12 offset=3"},
		{"GET", "http://localhost/api/jobs/ab12/solutions.png", 404, "404 page not found\n"},
	}
	for _, tc := range tests {
		r, err := NewRequest(tc.method, tc.url, nil)
		if err != nil {
			t.Fatal(err)
		}
		w := &recorder{h: make(Header)}
		m.ServeHTTP(w, r)
		if w.code != tc.code || w.buf.String() != tc.body {
			t.Errorf("%s %s: %d %q, want %d %q", tc.method, tc.url, w.code, w.buf.String(), tc.code, tc.body)
		}
	}
}

// TestMaxBytesReader reads bodies up to and past the limit.
func TestMaxBytesReader(t *testing.T) {
	for _, tc := range []struct {
		body  string
		limit int64
		fails bool
	}{{"", 0, false}, {"abc", 3, false}, {"abcd", 3, true}, {strings.Repeat("x", 10000), 9999, true}, {strings.Repeat("x", 10000), 10000, false}} {
		b, err := io.ReadAll(MaxBytesReader(nil, io.NopCloser(strings.NewReader(tc.body)), tc.limit))
		var mbe *MaxBytesError
		if errors.As(err, &mbe) != tc.fails || (!tc.fails && (err != nil || string(b) != tc.body)) || int64(len(b)) > tc.limit {
			t.Errorf("%d bytes, limit %d: read %d, %v", len(tc.body), tc.limit, len(b), err)
		}
	}
}

// TestHeader checks the canonical keys.
func TestHeader(t *testing.T) {
	h := make(Header)
	h.Set("content-TYPE", "a")
	h.Add("Content-Type", "b")
	h.Set("x-frame-options", "DENY")
	if h.Get("CONTENT-type") != "a" || len(h["Content-Type"]) != 2 || h.Get("X-Frame-Options") != "DENY" {
		t.Errorf("header %v", h)
	}
	h.Del("X-FRAME-OPTIONS")
	if _, ok := h["X-Frame-Options"]; ok {
		t.Errorf("header %v after Del", h)
	}
}
