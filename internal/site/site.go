// Package site writes xcover's web page as a static site: the page of "xcover serve",
// the search engine compiled to WebAssembly (package serve's request handling, run by
// ./wasm in a Web Worker), the worker and Go's WebAssembly loader. Any static web server
// can serve the folder; no xcover process runs.
package site

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/xcover/xcover/serve"
)

//go:embed worker.js
var worker []byte

// enginePkg is the package of the WebAssembly engine.
const enginePkg = "github.com/xcover/xcover/internal/site/wasm"

// marker is the element that tells the page to send its requests to the worker rather
// than to a server; Write puts it in the page's head.
const marker = `<meta name="xcover-engine" content="worker.js">`

// The files of the site.
const (
	pageFile   = "index.html"
	workerFile = "worker.js"
	engineFile = "xcover.wasm"
	loaderFile = "wasm_exec.js"
)

// Write writes the site into dir (made if missing), with the page of "xcover serve" as
// a server serves it (ServedPage). It builds the engine with the go command found in PATH
// (GOOS=js GOARCH=wasm, stripped), which needs xcover's module source: run it within the
// module. It returns the size of the engine in bytes.
func Write(ctx context.Context, dir string) (int64, error) {
	page, csp, err := ServedPage()
	if err != nil {
		return 0, err
	}
	return write(ctx, dir, page, csp)
}

// ServedPage returns the page that "xcover serve" serves, asked of a server, and its
// Content-Security-Policy.
func ServedPage() (page []byte, csp string, err error) {
	s := serve.New(serve.Options{})
	defer s.Close()
	r, err := http.NewRequest(http.MethodGet, "http://localhost/", nil)
	if err != nil {
		return nil, "", err
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		return nil, "", fmt.Errorf("the server's page: status %d", w.Code)
	}
	return w.Body.Bytes(), w.Header().Get("Content-Security-Policy"), nil
}

// write writes the site: page is the page of "xcover serve", and csp the
// Content-Security-Policy it is served with, which the site's page carries in a meta
// element (static hosts send no such header), letting it start its worker and compile
// WebAssembly.
func write(ctx context.Context, dir string, page []byte, csp string) (int64, error) {
	head := []byte("<head>\n")
	if bytes.Count(page, head) != 1 {
		return 0, errors.New("site: the page has no <head> to mark")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	goroot, err := goEnv(ctx, "GOROOT")
	if err != nil {
		return 0, err
	}
	loader, err := readLoader(goroot)
	if err != nil {
		return 0, err
	}
	wasm := filepath.Join(dir, engineFile)
	build := exec.CommandContext(ctx, "go", "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, enginePkg)
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("site: building the WebAssembly engine (this needs xcover's source: run it within the module, as go run ./cmd/xcover site DIR): %v\n%s", err, bytes.TrimSpace(out))
	}
	meta := ""
	if csp != "" {
		meta = fmt.Sprintf("<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n", staticCSP(csp))
	}
	marked := bytes.Replace(page, head, []byte("<head>\n"+meta+marker+"\n"), 1)
	for _, f := range []struct {
		name string
		data []byte
	}{{pageFile, marked}, {workerFile, worker}, {loaderFile, loader}} {
		if err := os.WriteFile(filepath.Join(dir, f.name), f.data, 0o644); err != nil {
			return 0, err
		}
	}
	fi, err := os.Stat(wasm)
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// goEnv returns a variable of the go command's environment.
func goEnv(ctx context.Context, name string) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("site: go env %s: %v (the site is built with the Go toolchain: is go in PATH?)", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// readLoader reads Go's WebAssembly loader, wasm_exec.js, from the Go distribution: in
// lib/wasm since Go 1.24, in misc/wasm before.
func readLoader(goroot string) ([]byte, error) {
	var first error
	for _, d := range []string{"lib", "misc"} {
		b, err := os.ReadFile(filepath.Join(goroot, d, "wasm", loaderFile))
		if err == nil {
			return b, nil
		}
		if first == nil {
			first = err
		}
	}
	return nil, fmt.Errorf("site: Go's WebAssembly loader: %v", first)
}

// staticCSP returns the served page's policy as the static page's: the worker and its
// scripts from the site itself ('self': worker.js, wasm_exec.js), WebAssembly compiled,
// and without what a meta element cannot say (frame-ancestors).
func staticCSP(csp string) string {
	var out []string
	for _, d := range strings.Split(csp, ";") {
		d = strings.TrimSpace(d)
		switch name, _, _ := strings.Cut(d, " "); name {
		case "frame-ancestors", "":
			continue
		case "script-src":
			d += " 'self' 'wasm-unsafe-eval'"
		}
		out = append(out, d)
	}
	return strings.Join(append(out, "worker-src 'self'"), "; ")
}
