//go:build js && wasm

// Command wasm is xcover's search engine for the static web site (see package site): the
// web server's own request handling (package serve), compiled to WebAssembly and run in a
// Web Worker, so that the page gets the same answers from it as from "xcover serve". Built
// for js, serve's handlers take their requests and responses from package
// internal/httpshim, a stand-in for net/http: the worker listens on no network, and the
// .wasm is 1.7 MB smaller without net/http (TLS, HTTP/2, x509).
//
// It defines one JavaScript function, xcoverRequest(method, path, body, reply), which
// answers a request of the server's JSON API by calling reply(status, headers, body),
// headers being a JSON object of the response's headers; then it calls xcoverReady().
// It holds one search at a time, on one thread.
package main

import (
	"bytes"
	"encoding/json"
	http "github.com/xcover/xcover/internal/httpshim"
	"strings"
	"syscall/js"
	"time"

	"github.com/xcover/xcover/serve"
)

func main() {
	s := serve.New(serve.Options{
		// One thread: one search at a time, on one worker.
		MaxRunning: 1,
		Workers:    1,
		// A WebAssembly memory holds at most 4 GiB; the page's tab far less in practice.
		MaxMemoryBytes: 512 << 20,
		// Nobody else asks: the page polls while it shows the search, and the worker dies
		// with the page.
		IdleTimeout: 10 * time.Minute,
	})
	js.Global().Set("xcoverRequest", js.FuncOf(func(_ js.Value, args []js.Value) any {
		method, path, body, reply := args[0].String(), args[1].String(), args[2].String(), args[3]
		// A handler may wait (a cancellation waits for the search to stop), and a
		// function called from JavaScript must not: answer on a goroutine.
		go func() {
			code, hdr, out := answer(s, method, path, body)
			reply.Invoke(code, hdr, out)
		}()
		return nil
	}))
	js.Global().Call("xcoverReady")
	select {}
}

// answer runs one request through the server's handler and returns the response's
// status, its headers as a JSON object, and its body.
func answer(s http.Handler, method, path, body string) (int, string, string) {
	r, err := http.NewRequest(method, "http://localhost"+path, strings.NewReader(body))
	if err != nil {
		b, _ := json.Marshal(map[string]string{"error": err.Error()})
		return http.StatusBadRequest, `{"Content-Type":"application/json"}`, string(b)
	}
	w := &recorder{h: make(http.Header)}
	s.ServeHTTP(w, r)
	if w.code == 0 {
		w.code = http.StatusOK
	}
	hdr := make(map[string]string, len(w.h))
	for k, v := range w.h {
		hdr[k] = strings.Join(v, ", ")
	}
	h, _ := json.Marshal(hdr)
	return w.code, string(h), w.buf.String()
}

// A recorder is the ResponseWriter of one request: it keeps what it is given. (The
// command's site uses httptest.ResponseRecorder, which needs net/http.)
type recorder struct {
	h    http.Header
	code int
	buf  bytes.Buffer
}

func (w *recorder) Header() http.Header { return w.h }

func (w *recorder) WriteHeader(code int) {
	if w.code == 0 {
		w.code = code
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.buf.Write(b)
}
