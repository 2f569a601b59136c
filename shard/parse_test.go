package shard_test

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/shard"
)

// TestParse reads shard names, with K from a batch system's environment for auto/N.
func TestParse(t *testing.T) {
	tests := []struct {
		v       string
		env     map[string]string
		k, n    int
		errText string
	}{
		{"3/8", nil, 3, 8, ""},
		{"1/1", nil, 1, 1, ""},
		{"auto/8", map[string]string{"JOB_COMPLETION_INDEX": "0"}, 1, 8, ""},
		{"auto/8", map[string]string{"JOB_COMPLETION_INDEX": "7", "SLURM_ARRAY_TASK_ID": "2"}, 8, 8, ""},
		{"auto/8", map[string]string{"SLURM_ARRAY_TASK_ID": "8"}, 8, 8, ""},
		{"auto/8", map[string]string{"JOB_COMPLETION_INDEX": "8"}, 0, 0, "JOB_COMPLETION_INDEX"},
		{"auto/8", map[string]string{"SLURM_ARRAY_TASK_ID": "0"}, 0, 0, "--array=1-8"},
		{"auto/8", map[string]string{"SLURM_ARRAY_TASK_ID": "x"}, 0, 0, "SLURM_ARRAY_TASK_ID"},
		{"auto/8", nil, 0, 0, "neither JOB_COMPLETION_INDEX"},
		{"0/8", nil, 0, 0, "from 1 to 8"},
		{"9/8", nil, 0, 0, "from 1 to 8"},
		{"3", nil, 0, 0, "K/N"},
		{"3/0", nil, 0, 0, "N must be"},
		{"a/b", nil, 0, 0, "N must be"},
	}
	for _, tt := range tests {
		k, n, err := shard.Parse(tt.v, func(key string) (string, bool) {
			v, ok := tt.env[key]
			return v, ok
		})
		if tt.errText != "" {
			if err == nil || !strings.Contains(err.Error(), tt.errText) {
				t.Errorf("shard.Parse(%q, %v): %v, want an error with %q", tt.v, tt.env, err, tt.errText)
			}
			continue
		}
		if err != nil || k != tt.k || n != tt.n {
			t.Errorf("shard.Parse(%q, %v) = %d, %d, %v; want %d, %d", tt.v, tt.env, k, n, err, tt.k, tt.n)
		}
	}
}
