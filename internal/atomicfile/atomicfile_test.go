package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite checks that a complete write replaces the file and a failed one leaves the old
// file and no temporary file behind; RemoveStale clears what a killed writer left.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "out.txt")
	if err := Write(name, func(w io.Writer) error { _, err := io.WriteString(w, "old\n"); return err }); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err := Write(name, func(w io.Writer) error {
		io.WriteString(w, "half of the new")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("Write: %v, want boom", err)
	}
	if b, _ := os.ReadFile(name); string(b) != "old\n" {
		t.Errorf("after a failed write the file holds %q, want the old one", b)
	}
	if fi, err := os.Stat(name); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", fi.Mode().Perm(), err)
	}
	if m, _ := filepath.Glob(filepath.Join(dir, ".out.txt.tmp*")); len(m) != 0 {
		t.Errorf("temporary files left: %v", m)
	}
	stale := filepath.Join(dir, ".out.txt.tmp12345")
	os.WriteFile(stale, []byte("x"), 0o600)
	if err := RemoveStale(name); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("RemoveStale left %s (%v)", stale, err)
	}
	if b, _ := os.ReadFile(name); string(b) != "old\n" {
		t.Errorf("RemoveStale touched the file: %q", b)
	}
}
