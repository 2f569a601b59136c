//go:build js

package httpshim

import (
	"context"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// A Header holds the fields of a request's or a response's header, by canonical key
// ("Content-Type"), as net/http's does.
type Header map[string][]string

// Get returns the first value of key, or "".
func (h Header) Get(key string) string {
	if v := h[canonical(key)]; len(v) > 0 {
		return v[0]
	}
	return ""
}

// Set makes value the only value of key.
func (h Header) Set(key, value string) { h[canonical(key)] = []string{value} }

// Add adds value to the values of key.
func (h Header) Add(key, value string) {
	k := canonical(key)
	h[k] = append(h[k], value)
}

// Del removes key.
func (h Header) Del(key string) { delete(h, canonical(key)) }

// canonical returns key with its first letter and each letter after a hyphen in upper
// case, the others in lower case.
func canonical(key string) string {
	b := []byte(key)
	up := true
	for i, c := range b {
		switch {
		case up && 'a' <= c && c <= 'z':
			b[i] = c - 'a' + 'A'
		case !up && 'A' <= c && c <= 'Z':
			b[i] = c - 'A' + 'a'
		}
		up = c == '-'
	}
	return string(b)
}

// A Request is a request handed to a Handler.
type Request struct {
	Method        string
	URL           *url.URL
	Host          string
	Header        Header
	Body          io.ReadCloser
	ContentLength int64 // -1: unknown

	ctx    context.Context
	params map[string]string // the wildcards of the pattern matched
}

// NewRequest returns a request of method for the URL target with the given body.
func NewRequest(method, target string, body io.Reader) (*Request, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, err
	}
	if body == nil {
		body = strings.NewReader("")
	}
	r := &Request{Method: method, URL: u, Host: u.Host, Header: make(Header), Body: io.NopCloser(body), ContentLength: -1, ctx: context.Background()}
	if l, ok := body.(interface{ Len() int }); ok {
		r.ContentLength = int64(l.Len())
	}
	return r, nil
}

// Context returns the request's context.
func (r *Request) Context() context.Context { return r.ctx }

// PathValue returns the value of the wildcard {name} of the pattern that matched, or "".
func (r *Request) PathValue(name string) string { return r.params[name] }

// A ResponseWriter is where a Handler writes its response.
type ResponseWriter interface {
	Header() Header
	Write([]byte) (int, error)
	WriteHeader(statusCode int)
}

// A Handler answers requests.
type Handler interface {
	ServeHTTP(ResponseWriter, *Request)
}

// A HandlerFunc is a function that answers requests.
type HandlerFunc func(ResponseWriter, *Request)

// ServeHTTP calls f(w, r).
func (f HandlerFunc) ServeHTTP(w ResponseWriter, r *Request) { f(w, r) }

// A ServeMux sends each request to the handler of the pattern it matches. A pattern is a
// method, a blank and a path whose segments are literal or wildcards ("{id}"), matched
// whole, or "/{$}": the root alone. (net/http's patterns do more; serve uses these.)
type ServeMux struct {
	routes []route
}

type route struct {
	method string
	segs   []string // the path's segments; "{name}" a wildcard
	h      HandlerFunc
}

// NewServeMux returns an empty ServeMux.
func NewServeMux() *ServeMux { return &ServeMux{} }

// HandleFunc registers h for pattern.
func (m *ServeMux) HandleFunc(pattern string, h func(ResponseWriter, *Request)) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok || !strings.HasPrefix(path, "/") {
		panic("httpshim: pattern " + strconv.Quote(pattern) + ": want METHOD /path")
	}
	path = strings.TrimSuffix(path, "{$}")
	m.routes = append(m.routes, route{method: method, segs: strings.Split(path[1:], "/"), h: h})
}

// ServeHTTP answers r with the handler of the first pattern it matches: 404 if its path
// matches none, 405 if it matches only patterns of other methods.
func (m *ServeMux) ServeHTTP(w ResponseWriter, r *Request) {
	segs := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	var allow []string
	for _, rt := range m.routes {
		params, ok := rt.match(segs)
		if !ok {
			continue
		}
		if rt.method != r.Method && !(rt.method == MethodGet && r.Method == MethodHead) {
			allow = append(allow, rt.method)
			continue
		}
		r.params = params
		rt.h(w, r)
		return
	}
	if len(allow) > 0 {
		w.Header().Set("Allow", strings.Join(allow, ", "))
		Error(w, "method not allowed", StatusMethodNotAllowed)
		return
	}
	Error(w, "404 page not found", StatusNotFound)
}

// match reports whether a path of the given segments matches the route, and its wildcards.
func (rt *route) match(segs []string) (map[string]string, bool) {
	if len(segs) != len(rt.segs) {
		return nil, false
	}
	var params map[string]string
	for i, s := range rt.segs {
		if len(s) > 2 && s[0] == '{' && s[len(s)-1] == '}' {
			if segs[i] == "" {
				return nil, false
			}
			if params == nil {
				params = make(map[string]string)
			}
			params[s[1:len(s)-1]] = segs[i]
		} else if s != segs[i] {
			return nil, false
		}
	}
	return params, true
}

// Error answers with the plain text message and the status code.
func Error(w ResponseWriter, message string, code int) {
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	io.WriteString(w, message+"\n")
}

// A MaxBytesError is the error of a MaxBytesReader that reached its limit.
type MaxBytesError struct {
	Limit int64
}

func (e *MaxBytesError) Error() string { return "http: request body too large" }

// MaxBytesReader returns a reader of r that fails with a *MaxBytesError past n bytes.
func MaxBytesReader(_ ResponseWriter, r io.ReadCloser, n int64) io.ReadCloser {
	return &maxBytesReader{r: r, left: n, limit: n}
}

type maxBytesReader struct {
	r           io.ReadCloser
	left, limit int64
	err         error
}

func (l *maxBytesReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1]
	}
	n, err := l.r.Read(p)
	if int64(n) <= l.left {
		l.left -= int64(n)
		l.err = err
		return n, err
	}
	n = int(l.left)
	l.left = 0
	l.err = &MaxBytesError{Limit: l.limit}
	return n, l.err
}

func (l *maxBytesReader) Close() error { return l.r.Close() }

// ErrNotSupported is what a ResponseController answers: there is no connection under the
// response, to set deadlines on or to flush.
var ErrNotSupported = errors.New("feature not supported")

// A ResponseController controls a response's connection: here there is none.
type ResponseController struct{}

// NewResponseController returns the controller of w's connection.
func NewResponseController(ResponseWriter) *ResponseController { return &ResponseController{} }

// SetReadDeadline returns ErrNotSupported.
func (*ResponseController) SetReadDeadline(time.Time) error { return ErrNotSupported }

// Flush returns ErrNotSupported: the response is handed over when its handler returns, so
// an event stream ends after its first event.
func (*ResponseController) Flush() error { return ErrNotSupported }
