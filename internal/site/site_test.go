package site

import "testing"

func TestStaticCSP(t *testing.T) {
	for _, tc := range []struct{ served, want string }{
		{"default-src 'none'; frame-ancestors 'none'; script-src 'sha256-x'",
			"default-src 'none'; script-src 'sha256-x' 'self' 'wasm-unsafe-eval'; worker-src 'self'"},
		{"default-src 'none'; connect-src 'self'; script-src 'sha256-a' 'sha256-b';",
			"default-src 'none'; connect-src 'self'; script-src 'sha256-a' 'sha256-b' 'self' 'wasm-unsafe-eval'; worker-src 'self'"},
	} {
		if got := staticCSP(tc.served); got != tc.want {
			t.Errorf("staticCSP(%q) = %q, want %q", tc.served, got, tc.want)
		}
	}
}

func TestWriteNeedsHead(t *testing.T) {
	if _, err := write(t.Context(), t.TempDir(), []byte("<html>no head</html>"), ""); err == nil {
		t.Error("Write took a page without <head>")
	}
}
