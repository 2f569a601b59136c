package textio

import (
	"errors"
	"strings"
	"testing"
)

func TestReadText(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
		errLine  int    // 0: no error
		errMsg   string // part of the error's message
	}{
		{"plain", "ab\ncd\n", 100, "ab\ncd\n", 0, ""},
		{"no final newline", "ab\r\ncd", 100, "ab\ncd\n", 0, ""},
		{"empty", "", 100, "", 0, ""},
		{"at the bound", "abc\nde\n", 6, "abc\nde\n", 0, ""},
		{"over the bound", "abc\ndef\n", 5, "", 2, "picture larger than 5 bytes"},
		{"just over", "abc\ndef\n", 6, "", 2, "picture larger than 6 bytes"},
		{"MiB", strings.Repeat("x", 10) + "\n", 2 << 20, strings.Repeat("x", 10) + "\n", 0, ""},
		{"binary", strings.Repeat("\x00", 200<<10), 1 << 30, "", 1, "NUL byte"},
	}
	for _, tt := range tests {
		got, err := ReadText(strings.NewReader(tt.in), "in.txt", "picture", tt.max)
		var de *Error
		switch {
		case tt.errLine == 0 && (err != nil || got != tt.want):
			t.Errorf("%s: %q, %v; want %q", tt.name, got, err, tt.want)
		case tt.errLine != 0 && (!errors.As(err, &de) || de.Line != tt.errLine || de.File != "in.txt" || !strings.Contains(err.Error(), tt.errMsg)):
			t.Errorf("%s: error %v; want line %d saying %q", tt.name, err, tt.errLine, tt.errMsg)
		}
	}
	for _, tt := range []struct {
		n    int
		want string
	}{{16 << 20, "16 MiB"}, {64 << 10, "64 KiB"}, {1000, "1000 bytes"}, {3 << 19, "1536 KiB"}} {
		if got := sizeText(tt.n); got != tt.want {
			t.Errorf("sizeText(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
