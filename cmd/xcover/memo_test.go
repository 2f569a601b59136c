package main

import (
	"encoding/json"
	"math/big"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
)

// TestCountMemo runs count --memo as a user would: exact counts, the cache's statistics in
// --json, auto choosing, and the flags' errors.
func TestCountMemo(t *testing.T) {
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	type result struct {
		Solutions *big.Int
		Memo      struct {
			Used                  bool
			Hits, Misses, Entries uint64
			Bytes                 int64
		}
	}
	for _, tt := range []struct {
		args []string
		want string
		used bool
	}{
		{[]string{"--memo", ex("dominoes8.dlx")}, "12988816", true},
		{[]string{"--memo=on", "--order", "mrv", ex("dominoes8.dlx")}, "12988816", true},
		{[]string{"--memo=auto", ex("dominoes8.dlx")}, "12988816", true},
		{[]string{"--memo=auto", ex("queens8.dlx")}, "92", false},
		{[]string{ex("dominoes8.dlx")}, "12988816", true}, // auto is the default
		{[]string{ex("queens8.dlx")}, "92", false},
		{[]string{"--memo", ex("double-queens6.dlx")}, "1097", true}, // multiplicities: memoBounds
		{[]string{"--memo", "--initial", "0", ex("queens8.dlx")}, "4", true},
	} {
		r := runX(t, "", append([]string{"count", "--json"}, tt.args...)...)
		if r.code != 0 {
			t.Fatalf("count %v: exit %d: %s", tt.args, r.code, r.stderr)
		}
		var v result // "memo" is left out when the count was not memoised
		if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
			t.Fatalf("count %v: %v: %s", tt.args, err, r.stdout)
		}
		if v.Solutions.String() != tt.want || v.Memo.Used != tt.used {
			t.Errorf("count %v: %s; want %s solutions, memo used %v", tt.args, r.stdout, tt.want, tt.used)
		}
		if tt.used && (v.Memo.Misses == 0 || v.Memo.Entries == 0 || v.Memo.Bytes == 0) {
			t.Errorf("count %v: no cache statistics: %s", tt.args, r.stdout)
		}
	}
	// A budget too small for the frontier: the depth-first cache takes over, fills, and the
	// count goes on, exact, saying so.
	var d6 strings.Builder
	dlx.Write(&d6, problems.Dominoes(6, 6))
	d6path := filepath.Join(writeFiles(t, map[string]string{"d6.dlx": d6.String()}), "d6.dlx")
	if r := runX(t, "", "count", "--memo", "--json", "--workers", "1", "--memo-mem", "1KiB", d6path); r.code != 0 ||
		!strings.HasPrefix(r.stdout, `{"solutions":6728,`) || !strings.Contains(r.stdout, `"full":true`) ||
		!strings.Contains(r.stderr, "--memo-mem") {
		t.Errorf("a full cache: exit %d, %s, %q", r.code, r.stdout, r.stderr)
	}
	for _, args := range [][]string{
		{"--memo=sometimes"}, {"--memo", "--order", "last"}, {"--memo", "--memo-mem", "lots"},
		{"--memo", "--checkpoint", filepath.Join(t.TempDir(), "c")}, {"--memo", "--limit", "3"},
		{"--memo", "--shard", "1/2", "--random"},
	} {
		r := runX(t, "", append(append([]string{"count"}, args...), ex("queens8.dlx"))...)
		if r.code != exitUsage || r.stdout != "" {
			t.Errorf("count %v: exit %d, stdout %q, stderr %q; want 2", args, r.code, r.stdout, r.stderr)
		}
	}
	// --memo=auto, given or by default, gives way to a split count and to a limit (the
	// library's rules, shard.Count and xcover.Count): the plain count's answer.
	for _, args := range [][]string{{"--memo=auto", "--shard", "1/1"}, {"--memo=auto", "--limit", "100"}} {
		r := runX(t, "", append(append([]string{"count"}, args...), ex("queens8.dlx"))...)
		if r.code != 0 || !strings.HasPrefix(r.stdout, "92") {
			t.Errorf("count %v: exit %d, stdout %q, stderr %q; want 92", args, r.code, r.stdout, r.stderr)
		}
	}
}

// TestSampleCommand draws uniform solutions as a user would and checks them with verify.
func TestSampleCommand(t *testing.T) {
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	r := runX(t, "", "sample", "--uniform", "5", "--seed", "9", "--json", ex("dominoes8.dlx"))
	if r.code != 0 || strings.Count(r.stdout, "\n") != 5 || !strings.Contains(r.stderr, "uniformly from 12988816") {
		t.Fatalf("sample: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	if v := runX(t, r.stdout, "verify", ex("dominoes8.dlx"), "-"); v.code != 0 || !strings.Contains(v.stdout, "5 solutions checked, 0 invalid") {
		t.Errorf("verify of the sample: exit %d, %q %q", v.code, v.stdout, v.stderr)
	}
	again := runX(t, "", "sample", "--uniform", "5", "--seed", "9", "--json", ex("dominoes8.dlx"))
	if again.stdout != r.stdout {
		t.Errorf("the same seed drew different solutions")
	}
	text := runX(t, "", "sample", "--uniform", "2", "--seed", "1", ex("queens8.dlx"))
	if v := runX(t, text.stdout, "verify", ex("queens8.dlx"), "-"); v.code != 0 || !strings.Contains(v.stdout, "2 solutions checked, 0 invalid") {
		t.Errorf("verify of the text sample: %q %q", v.stdout, v.stderr)
	}
	// Multiplicities: drawn as well, and verified.
	mq := runX(t, "", "sample", "--uniform", "3", "--seed", "2", "--json", ex("double-queens6.dlx"))
	if v := runX(t, mq.stdout, "verify", ex("double-queens6.dlx"), "-"); mq.code != 0 || v.code != 0 || !strings.Contains(v.stdout, "3 solutions checked, 0 invalid") {
		t.Errorf("sample with multiplicities: exit %d, %q; verify %q %q", mq.code, mq.stderr, v.stdout, v.stderr)
	}
	if r := runX(t, "", "sample", ex("queens8.dlx")); r.code != exitUsage {
		t.Errorf("no --uniform: exit %d", r.code)
	}
}

// TestMemoShards splits a memoised count into shards as a cluster would, merges them, and
// compares with the count of one run; shards of a plain count do not merge with them.
func TestMemoShards(t *testing.T) {
	dom := filepath.Join("..", "..", "examples", "dominoes8.dlx")
	var lines string
	for k := 1; k <= 4; k++ {
		r := runX(t, "", "count", "--memo", "--json", "--shard", itoa(k)+"/4", dom)
		if r.code != 0 {
			t.Fatalf("shard %d: exit %d: %s", k, r.code, r.stderr)
		}
		lines += r.stdout
	}
	m := runX(t, lines, "merge", "-")
	if m.code != 0 || decodeShard(t, m.stdout).Solutions.String() != "12988816" {
		t.Fatalf("merge: exit %d, %s %s", m.code, m.stdout, m.stderr)
	}
	plain := runX(t, "", "count", "--json", "--shard", "2/4", dom)
	mixed := strings.SplitAfterN(lines, "\n", 2)[0] + plain.stdout
	if r := runX(t, mixed, "merge", "-"); r.code != 1 || !strings.Contains(r.stderr, "differently") {
		t.Errorf("merging a memo shard with a plain one: exit %d, %q", r.code, r.stderr)
	}
}

// TestLimitHeap checks the soft memory limit a memoised count runs under: the budget, a
// tenth more and 16 MiB above the memory the runtime holds, lifted again afterwards; none
// where the environment sets GOMEMLIMIT. (It was a quarter more and 64 MiB, and the
// process reached 1.36 GB under a budget of 1000 MiB: issue 41, fault 10.)
func TestLimitHeap(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	restore := limitHeap(1 << 30)
	got := debug.SetMemoryLimit(-1)
	if lo := int64(1<<30 + 1<<30/10 + 16<<20); got < lo || got > lo+int64(ms.Sys-ms.HeapReleased)+16<<20 {
		t.Errorf("limit %d under a 1 GiB budget, want %d plus the memory the runtime holds (%d)", got, lo, ms.Sys-ms.HeapReleased)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit %d after the count, want %d as before", got, before)
	}
	t.Setenv("GOMEMLIMIT", "3GiB")
	limitHeap(1 << 30)()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit %d with GOMEMLIMIT set, want it untouched (%d)", got, before)
	}
}
