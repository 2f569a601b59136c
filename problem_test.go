package xcover_test

import (
	"testing"

	"github.com/xcover/xcover"
)

func TestValidName(t *testing.T) {
	tests := []struct{ name, why string }{
		{"r1", ""},
		{"é", ""},
		{"", "empty name"},
		{"a:b", `':' not allowed in name`},
		{"a|b", `'|' not allowed in name`},
		{"a b", "blank in name"},
		{"a\u00a0b", "blank in name"},
		{"a\rb", "control character in name"},
		{"a\x00b", "control character in name"},
		{"a\xffb", "invalid UTF-8 in name"},
	}
	for _, tt := range tests {
		got := ""
		if err := xcover.ValidName(tt.name); err != nil {
			got = err.Error()
		}
		if got != tt.why {
			t.Errorf("ValidName(%q) = %q, want %q", tt.name, got, tt.why)
		}
	}
}

func TestBuilderErrors(t *testing.T) {
	tests := []struct {
		name  string
		build func(b *xcover.Builder)
		want  string
	}{
		{"duplicate item", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddSecondary("A") }, `duplicate item "A"`},
		{"zero upper bound", func(b *xcover.Builder) { b.AddPrimaryBounds("A", 0, 0) }, `upper bound 0 below 1 for item "A"`},
		{"lower above upper", func(b *xcover.Builder) { b.AddPrimaryBounds("A", 3, 2) }, `bounds 3:2 malformed for item "A"`},
		{"unknown item", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddOption("A", "B") }, `unknown item "B"`},
		{"item twice", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddOption("A", "A") }, `item twice in one option: "A"`},
		{"colour on primary", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddOption("A:red") }, `colour on primary item "A:red"`},
		{"empty colour", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddSecondary("X"); b.AddOption("A", "X:") }, `empty colour "X:"`},
		{"item after options", func(b *xcover.Builder) { b.AddPrimary("A"); b.AddOption("A"); b.AddPrimary("B") }, "items must be added before options"},
		{"first error kept", func(b *xcover.Builder) { b.AddPrimary(""); b.AddPrimary("a b") }, `empty name ""`},
	}
	for _, tt := range tests {
		b := new(xcover.Builder)
		tt.build(b)
		_, err := b.Build()
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %s", tt.name, err, tt.want)
		}
	}
}
