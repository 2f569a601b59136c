package sudoku

import (
	"strings"
	"testing"
)

func TestParseAlphabet(t *testing.T) {
	tests := []struct {
		in   string
		want Alphabet
		ok   bool
	}{
		{"auto", Auto, true}, {"", Auto, false},
		{"1", OneBased, true}, {"1-9A-Z", OneBased, true}, {"1-9A-G", OneBased, true},
		{"0", ZeroBased, true}, {"0-9A-Z", ZeroBased, true}, {"0-F", ZeroBased, true},
		{"numbers", Numbers, true},
		{"x", Auto, false}, {"2", Auto, false}, {"Numbers", Auto, false},
	}
	for _, tt := range tests {
		got, err := ParseAlphabet(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseAlphabet(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "sudoku: ") {
			t.Errorf("ParseAlphabet(%q): error %q lacks the package prefix", tt.in, err)
		}
	}
}
