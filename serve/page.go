package serve

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"regexp"
	"sync"

	http "github.com/xcover/xcover/internal/httpshim"
)

// page is the web page: one HTML file with its style and script inline.
//
//go:embed page.html
var page []byte

// pageCSP returns the Content-Security-Policy of the page: nothing from elsewhere, and no
// script but the page's own (named by its hash), so that nothing drawn into the page can
// run code. It is worked out when first asked for, not when the program starts: every
// run of the command, which links this package, spent 5% of its start-up on it (perf).
var pageCSP = sync.OnceValue(func() string {
	csp := "default-src 'none'; connect-src 'self'; img-src 'self' data: blob:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; script-src"
	for _, m := range regexp.MustCompile(`(?s)<script>(.*?)</script>`).FindAllSubmatch(page, -1) {
		sum := sha256.Sum256(m[1])
		csp += " 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	return csp
})

func (s *Server) handlePage(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", pageCSP())
	h.Set("X-Frame-Options", "DENY")
	w.Write(page)
}
