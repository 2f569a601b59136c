package xcover

import (
	"testing"
	"time"
)

func TestSICount(t *testing.T) {
	tests := []struct {
		x    float64
		want string
	}{
		{0, "0"}, {999, "999"}, {999.6, "1.00k"}, {1234, "1.23k"}, {45_600, "45.6k"},
		{999_999, "1.00M"}, {123_456_789, "123M"}, {2.5e18, "2.50E"}, {9_990, "9.99k"},
	}
	for _, tt := range tests {
		if got := siCount(tt.x); got != tt.want {
			t.Errorf("siCount(%v) = %q, want %q", tt.x, got, tt.want)
		}
	}
}

func TestHumanDuration(t *testing.T) {
	tests := []struct {
		s    float64
		want string
	}{
		{3e9, "95 years"}, {0.5, "0.5 s"}, {90, "1.5 min"}, {5400, "1.5 h"}, {9e5, "10 days"},
	}
	for _, tt := range tests {
		if got := humanDuration(tt.s); got != tt.want {
			t.Errorf("humanDuration(%v) = %q, want %q", tt.s, got, tt.want)
		}
	}
}

func TestRoundDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{123 * time.Millisecond, "0.123s"}, {12300 * time.Millisecond, "12.3s"},
		{time.Hour + 2*time.Minute + 3400*time.Millisecond, "1h2m3s"}, {2000 * time.Hour, "83d"},
	}
	for _, tt := range tests {
		if got := roundDuration(tt.d); got != tt.want {
			t.Errorf("roundDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}
