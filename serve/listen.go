//go:build !js

package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// (Not in the WebAssembly build of the static site, which listens on no network: see
// package internal/httpshim.)

// Serve answers requests on ln until ctx is done, then shuts down gracefully: it stops
// listening, cancels the searches, ends the event streams, and waits up to grace for the
// requests under way to finish. It closes the Server. The error is nil after a shutdown
// caused by ctx.
func (s *Server) Serve(ctx context.Context, ln net.Listener, grace time.Duration) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.Close() // ends the event streams, which would otherwise hold Shutdown up
	sctx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	err := hs.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		hs.Close()
	}
	<-errc // http.ErrServerClosed
	return err
}
