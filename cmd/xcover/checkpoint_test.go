package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/xcover/xcover/shard"
)

// checkpointDone returns the number of finished parts in the checkpoint file, or -1 if
// there is none yet.
func checkpointDone(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return -1
	}
	if err != nil {
		t.Fatal(err)
	}
	var c struct{ Done map[string]json.RawMessage }
	if err := json.Unmarshal(data, &c); err != nil {
		t.Fatalf("checkpoint %s is not whole: %v", path, err)
	}
	return len(c.Done)
}

// startUntilCheckpoint starts a checkpointed count of queens 13 in a separate process and
// returns once the checkpoint records some finished parts, but not all.
func startUntilCheckpoint(t *testing.T, problem, ckpt string, extra ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer) {
	t.Helper()
	args := append([]string{"count", "--json", "--workers", "1", "--checkpoint", ckpt, "--checkpoint-every", "10ms"}, extra...)
	cmd := xcoverProcess(t, nil, append(args, problem)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for checkpointDone(t, ckpt) <= 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no checkpoint after 30 s: %s", stderr.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	return cmd, &stdout, &stderr
}

// resume runs the count again with the checkpoint and returns its result.
func resume(t *testing.T, problem, ckpt string, extra ...string) shardJSON {
	t.Helper()
	args := append([]string{"count", "--json", "--checkpoint", ckpt}, extra...)
	r := runX(t, "", append(args, problem)...)
	if r.code != 0 {
		t.Fatalf("resumed count: exit %d: %s", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "resuming from "+ckpt) {
		t.Errorf("resumed count does not say it resumes: %q", r.stderr)
	}
	return decodeShard(t, r.stdout)
}

// TestCheckpointKill kills a checkpointed count with SIGKILL as soon as a checkpoint holds
// finished parts, resumes it, and checks the exact total.
func TestCheckpointKill(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q13.dlx": queensDLX(13)})
	problem, ckpt := filepath.Join(dir, "q13.dlx"), filepath.Join(dir, "q13.ckpt")
	cmd, _, stderr := startUntilCheckpoint(t, problem, ckpt)
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	done := checkpointDone(t, ckpt)
	if done <= 0 {
		t.Fatalf("checkpoint after the kill holds %d parts; stderr %q", done, stderr.String())
	}
	v := resume(t, problem, ckpt)
	if v.Solutions.Int64() != 73712 || v.Partial {
		t.Errorf("resumed after SIGKILL (%d parts saved): %v solutions, partial %v; want 73712", done, v.Solutions, v.Partial)
	}
	// The work counted is the tree's, exactly: the same as a count never interrupted, with
	// or without a checkpoint (the work lost to the kill is not counted twice).
	var plain struct{ Nodes, Updates uint64 }
	r := runX(t, "", "count", "--json", "--workers", "1", problem)
	if err := json.Unmarshal([]byte(r.stdout), &plain); err != nil {
		t.Fatal(err)
	}
	if v.Nodes != plain.Nodes {
		t.Errorf("nodes after SIGKILL and resume %d, uninterrupted count %d", v.Nodes, plain.Nodes)
	}
	if n := checkpointDone(t, ckpt); n != v.Parts {
		t.Errorf("final checkpoint holds %d of %d parts", n, v.Parts)
	}
	// Once finished, the checkpoint gives the count again without searching.
	if again := resume(t, problem, ckpt); again.Solutions.Int64() != 73712 {
		t.Errorf("count from a finished checkpoint: %v", again.Solutions)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("files left beside the checkpoint: %v", entries)
	}
}

// TestCheckpointInterrupt stops a checkpointed shard with SIGINT and with SIGTERM: it saves,
// prints a partial result and exits 130; the resumed count is exact.
func TestCheckpointInterrupt(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q13.dlx": queensDLX(13)})
	problem := filepath.Join(dir, "q13.dlx")
	want := map[string]int64{}
	for _, k := range []string{"1/2", "2/2"} {
		r := runX(t, "", "count", "--shard", k, problem)
		n, _ := json.Number(strings.TrimSpace(r.stdout)).Int64()
		want[k] = n
	}
	if want["1/2"]+want["2/2"] != 73712 {
		t.Fatalf("shards %v do not add up to 73712", want)
	}
	for _, tt := range []struct {
		sig   os.Signal
		shard string
	}{{os.Interrupt, "1/2"}, {syscall.SIGTERM, "2/2"}} {
		ckpt := filepath.Join(dir, tt.shard[:1]+".ckpt")
		cmd, stdout, stderr := startUntilCheckpoint(t, problem, ckpt, "--shard", tt.shard)
		cmd.Process.Signal(tt.sig)
		err := cmd.Wait()
		var ee *exec.ExitError
		if err == nil {
			t.Logf("%v: the count finished before the signal", tt.sig)
		} else if !errors.As(err, &ee) || ee.ExitCode() != exitInterrupted {
			t.Fatalf("%v: %v; stderr %q", tt.sig, err, stderr.String())
		} else {
			v := decodeShard(t, stdout.String())
			if !v.Partial || !strings.Contains(stderr.String(), "run the same command to resume") {
				t.Errorf("%v: output %q, stderr %q", tt.sig, stdout.String(), stderr.String())
			}
			if v.Solutions.Int64() >= want[tt.shard] {
				t.Errorf("%v: partial count %v, shard's total %d", tt.sig, v.Solutions, want[tt.shard])
			}
		}
		v := resume(t, problem, ckpt, "--shard", tt.shard)
		if v.Solutions.Int64() != want[tt.shard] || v.Partial {
			t.Errorf("%v: resumed shard %s: %v, want %d", tt.sig, tt.shard, v.Solutions, want[tt.shard])
		}
	}
}

// TestCheckpointRefused gives a checkpoint to another count.
func TestCheckpointRefused(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8), "q9.dlx": queensDLX(9), "junk": "{}"})
	ckpt := filepath.Join(dir, "q8.ckpt")
	if r := runX(t, "", "count", "--checkpoint", ckpt, filepath.Join(dir, "q8.dlx")); r.code != 0 || r.stdout != "92\n" {
		t.Fatalf("count with a new checkpoint: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"--checkpoint", ckpt, filepath.Join(dir, "q9.dlx")}, "another problem"},
		{[]string{"--checkpoint", ckpt, "--shard", "1/2", filepath.Join(dir, "q8.dlx")}, "shard 1/1, not 1/2"},
		{[]string{"--checkpoint", ckpt, "--initial", "3", filepath.Join(dir, "q8.dlx")}, "other options"},
		{[]string{"--checkpoint", filepath.Join(dir, "junk"), filepath.Join(dir, "q8.dlx")}, "not a checkpoint"},
	} {
		r := runX(t, "", append([]string{"count"}, tt.args...)...)
		if r.code != 1 || !strings.Contains(r.stderr, tt.err) || !strings.Contains(r.stderr, tt.args[1]) {
			t.Errorf("count %v: exit %d, %q; want 1 and an error naming the file with %q", tt.args, r.code, r.stderr, tt.err)
		}
	}
}

// TestCheckpointTampered changes a checkpoint by hand, as an attacker or a damaged disk
// would: a changed count, a part added, a byte flipped. Each is refused with a message
// naming the file; none resumes with a wrong total.
func TestCheckpointTampered(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q10.dlx": queensDLX(10)})
	problem, ckpt := filepath.Join(dir, "q10.dlx"), filepath.Join(dir, "q10.ckpt")
	if r := runX(t, "", "count", "--json", "--checkpoint", ckpt, problem); r.code != 0 {
		t.Fatalf("count: exit %d: %s", r.code, r.stderr)
	}
	orig, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	// The first part's solutions, 1000 more.
	i := bytes.Index(orig, []byte(`"solutions":`))
	j := i + len(`"solutions":`)
	k := j
	for orig[k] >= '0' && orig[k] <= '9' {
		k++
	}
	n, _ := strconv.Atoi(string(orig[j:k]))
	more := append(append(append([]byte(nil), orig[:j]...), strconv.Itoa(n+1000)...), orig[k:]...)
	for name, data := range map[string][]byte{
		"count changed": more,
		"byte flipped":  bytes.Replace(orig, []byte(`"seconds":`), []byte(`"seconds":1`), 1),
		"no checksum":   bytes.Replace(orig, []byte(`"checksum":"`), []byte(`"checksum":"0`), 1),
	} {
		if err := os.WriteFile(ckpt, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := runX(t, "", "count", "--json", "--checkpoint", ckpt, problem)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, ckpt) || !strings.Contains(r.stderr, "checksum") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 1, nothing, a checksum message naming the file", name, r.code, r.stdout, r.stderr)
		}
	}
}

// TestQueensCheckpoint kills a checkpointed queens count as soon as its checkpoint holds
// finished tasks, resumes it, and checks the exact counts (A000170, A002562); a checkpoint
// of another board is refused.
func TestQueensCheckpoint(t *testing.T) {
	dir := t.TempDir()
	ckpt := filepath.Join(dir, "q15.ckpt")
	args := []string{"queens", "15", "--count", "--distinct", "--json", "--workers", "1", "--checkpoint", ckpt}
	cmd := xcoverProcess(t, nil, append(args, "--checkpoint-every", "10ms")...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for checkpointDone(t, ckpt) <= 0 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	done := checkpointDone(t, ckpt)
	if done <= 0 {
		t.Fatalf("no checkpoint with finished tasks: %s", stderr.String())
	}
	r := runX(t, "", args...)
	if r.code != 0 || !strings.Contains(r.stderr, "resuming from "+ckpt) {
		t.Fatalf("resumed count: exit %d, stderr %q", r.code, r.stderr)
	}
	var v struct{ Solutions, Distinct uint64 }
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatalf("%v: %q", err, r.stdout)
	}
	if v.Solutions != 2279184 || v.Distinct != 285053 {
		t.Errorf("resumed after SIGKILL (%d tasks saved): %d solutions, %d distinct; want 2279184, 285053", done, v.Solutions, v.Distinct)
	}
	r = runX(t, "", "queens", "14", "--count", "--checkpoint", ckpt)
	if r.code != 1 || !strings.Contains(r.stderr, "does not belong to this count") || r.stdout != "" {
		t.Errorf("queens 14 on the checkpoint of queens 15: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestCheckpointInUse runs a second count on the checkpoint of a count still running (issue
// 41, fault 2: the second one's clean-up removed the first one's temporary file, and the
// first died with "rename ...: no such file or directory" and no count). The second is
// refused at once, naming the process that holds the file; the first, interrupted, prints
// its partial count and keeps its checkpoint. Then --checkpoint /dev/zero (fault 8: read
// 256 MiB before it was refused) and a path in no directory (refused only at the first
// save, after the search) are refused before the search starts.
func TestCheckpointInUse(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q16.dlx": queensDLX(16)})
	problem, ckpt := filepath.Join(dir, "q16.dlx"), filepath.Join(dir, "q16.ckpt")
	cmd, stdout, stderr := startUntilCheckpoint(t, problem, ckpt)
	defer cmd.Process.Kill()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r := xcoverContext(t, ctx, "", "count", "--checkpoint", ckpt, problem)
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, ckpt) || !strings.Contains(r.stderr, "process "+strconv.Itoa(cmd.Process.Pid)) {
		t.Errorf("second count: exit %d, stdout %q, stderr %q; want 1 and a message naming the file and process %d", r.code, r.stdout, r.stderr, cmd.Process.Pid)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	if ee, ok := errors.AsType[*exec.ExitError](err); !ok || ee.ExitCode() != exitInterrupted {
		t.Fatalf("first count: %v, want exit %d; stderr %q", err, exitInterrupted, stderr.String())
	}
	if res := decodeShard(t, stdout.String()); !res.Partial || checkpointDone(t, ckpt) <= 0 {
		t.Errorf("first count: %+v, checkpoint with %d parts; want a partial count and parts saved", res, checkpointDone(t, ckpt))
	}
	for path, want := range map[string]string{"/dev/zero": "not a regular file", filepath.Join(dir, "none", "q.ckpt"): "no such file"} {
		r := xcoverContext(t, ctx, "", "count", "--checkpoint", path, "--checkpoint-every", "1h", problem)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, "--checkpoint") || !strings.Contains(r.stderr, path) || !strings.Contains(r.stderr, want) {
			t.Errorf("--checkpoint %s: exit %d, stdout %q, stderr %q; want 1 at once, naming the flag and file, with %q", path, r.code, r.stdout, r.stderr, want)
		}
	}
}

// TestCheckpointForged edits a checkpoint's part count and computes its checksum again, as
// someone who can write the file can (issue 41, fault 3: a negative or 1e30 part count gave
// a wrong total with exit 0). Each count out of range is refused, naming the file and part.
func TestCheckpointForged(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q9.dlx": queensDLX(9)})
	problem, ckpt := filepath.Join(dir, "q9.dlx"), filepath.Join(dir, "q9.ckpt")
	if r := runX(t, "", "count", "--checkpoint", ckpt, problem); r.code != 0 || r.stdout != "352\n" {
		t.Fatalf("count: exit %d, %q, %s", r.code, r.stdout, r.stderr)
	}
	orig, err := os.ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ solutions, want string }{
		{"-5", "negative"},
		{"1" + strings.Repeat("0", 30), "nodes"},
		{"1000000", "nodes"},
		{"1" + strings.Repeat("0", 1001), "digits"},
	} {
		var cp shard.Checkpoint
		if err := json.Unmarshal(orig, &cp); err != nil {
			t.Fatal(err)
		}
		for i, pc := range cp.Done {
			pc.Solutions, _ = new(big.Int).SetString(tt.solutions, 10)
			cp.Done[i] = pc
			break
		}
		if err := cp.WriteFile(ckpt); err != nil { // with its checksum
			t.Fatal(err)
		}
		r := runX(t, "", "count", "--checkpoint", ckpt, problem)
		if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, ckpt) || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("part count %.20s: exit %d, stdout %q, stderr %q; want 1, nothing, a message naming the file with %q", tt.solutions, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}
