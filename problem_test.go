package xcover_test

import (
	"testing"

	"github.com/xcover/xcover"
)

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
