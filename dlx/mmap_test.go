package dlx

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/xcover/xcover/internal/textio"
)

// parseMapped writes text to a file and parses it as textio.Mappable, on procs goroutines
// with chunks of at least minSize bytes.
func parseMapped(t *testing.T, text string, procs, minSize int) (*File, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "m.dlx")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return parse(textio.Mappable{File: f}, "c.dlx", procs, minSize, true)
}

// TestMappedAsRead parses texts with and without faults (those of TestChunksAsOneReader,
// long lines, a NUL byte in a long line, no line ending, an empty file) from a file mapped
// into memory, on one goroutine and in chunks on four: the problem, the warnings and the
// errors (file, line, token) must be those of the text read from a reader, and the File
// must hold no option text (they would be pieces of the mapping, unmapped on return).
func TestMappedAsRead(t *testing.T) {
	long := strings.Repeat("x", 3*segment)
	texts := []string{
		"a b\na\nb\n",
		"a b\na\nb",
		"",
		"| only a comment\n",
		"a b\na\n" + long + "\n",
		"a b\na\n" + long[:segment] + "\x00" + long + "\nb\n",
		"a b | c\na c:red\nb\nc\n", // a warning: no primary item
		"a a\n",
		"a b\na |3\nb |2 |4\n| c\n",
		"a b | c\nc |2\na |1\n", // a cost and a warning on one line
	}
	var sb strings.Builder
	sb.WriteString("p0 p1 p2 p3 | s0\n")
	for i := range 3000 {
		fmt.Fprintf(&sb, "p%d p%d s0:c%d\n", i%4, (i+1)%4, i%3)
		if i == 2500 {
			sb.WriteString("p1 nosuch\n")
		}
	}
	texts = append(texts, sb.String(), strings.Replace(sb.String(), "p1 nosuch\n", "", 1))
	for i, text := range texts {
		want, wantErr := parse(strings.NewReader(text), "c.dlx", 1, minChunk, false)
		for _, procs := range []int{1, 4} {
			got, gotErr := parseMapped(t, text, procs, 256)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("text %d, %d goroutines: error %v, want %v", i, procs, gotErr, wantErr)
			}
			if wantErr != nil {
				continue
			}
			if len(text) > 0 && (got.OptionText != nil || got.OptionLine != nil) {
				t.Errorf("text %d, %d goroutines: option texts kept from a mapped file", i, procs)
			}
			if fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.Problem.Hash() != want.Problem.Hash() {
				t.Fatalf("text %d, %d goroutines: the files differ", i, procs)
			}
		}
	}
}

// TestMappedFault cuts a mapped file short after mapping it: reading past the new end
// faults (SIGBUS on Linux); a goroutine that watches the input must recover and record it,
// not crash, and faultError says so.
func TestMappedFault(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the fault on a file cut short is Linux's SIGBUS")
	}
	path := filepath.Join(t.TempDir(), "cut.dlx")
	if err := os.WriteFile(path, []byte(strings.Repeat("a b\n", 1<<14)), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	data, ok := mapFile(f)
	if !ok {
		t.Fatal("mapFile refused a regular file")
	}
	in := &input{mapped: data}
	defer unmapFile(data)
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	done := make(chan byte)
	go func() {
		var b byte
		defer func() { done <- b }()
		in.watch()
		defer in.guard()
		b = data[len(data)-1] // past the end of the file now
	}()
	<-done
	if !in.faulted.Load() {
		t.Fatal("reading past the end of a file cut short did not fault")
	}
	if e := faultError("cut.dlx"); !strings.HasPrefix(e.Error(), "cut.dlx: read error") {
		t.Errorf("faultError: %v", e)
	}
}
