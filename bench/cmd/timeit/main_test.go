package main

import "testing"

func TestParseCount(t *testing.T) {
	tests := []struct {
		stdout, stderr string
		want           uint64
		ok             bool
	}{
		{"", "Altogether 73712 solutions, 1+2 mems, 3 updates\n", 73712, true},
		{"", "(169 options, 26+50 items, 645 entries successfully read)\nAltogether 1 solution, 5+6 mems\n", 1, true},
		{"92\n", "", 92, true},
		{`{"solutions":26656,"nodes":5,"updates":7,"seconds":0.5}` + "\n", "", 26656, true},
		{`{"nodes":5}`, "", 0, false},
		{"", "", 0, false},
		{"ninety-two\n", "", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseCount([]byte(tt.stdout), []byte(tt.stderr))
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseCount(%q, %q) = %d, %v; want %d, %v", tt.stdout, tt.stderr, got, ok, tt.want, tt.ok)
		}
	}
}
