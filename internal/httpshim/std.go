//go:build !js

// Package httpshim is the part of net/http that package serve uses. In every build but
// WebAssembly's it is net/http itself (its names are aliases); compiled to WebAssembly for
// the static site (GOOS=js), where the server's handler answers requests that the page's
// Web Worker hands it and never listens on a network, it is a small stand-in, so that the
// .wasm carries neither net/http nor what that brings (TLS, HTTP/2, x509: about 3 MB).
package httpshim

import "net/http"

// The types of net/http that serve uses.
type (
	Handler            = http.Handler
	HandlerFunc        = http.HandlerFunc
	Header             = http.Header
	MaxBytesError      = http.MaxBytesError
	Request            = http.Request
	ResponseController = http.ResponseController
	ResponseWriter     = http.ResponseWriter
	ServeMux           = http.ServeMux
)

// The functions of net/http that serve uses.
var (
	Error                 = http.Error
	MaxBytesReader        = http.MaxBytesReader
	NewRequest            = http.NewRequest
	NewResponseController = http.NewResponseController
	NewServeMux           = http.NewServeMux
)
