package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/problems"
)

// TestXcoverProcess is not a test: run as a subprocess by xcoverProcess with
// XCOVER_TEST_PROCESS=1, it is the xcover command with the arguments after "--".
func TestXcoverProcess(t *testing.T) {
	if os.Getenv("XCOVER_TEST_PROCESS") != "1" {
		t.Skip("a helper process for other tests")
	}
	args := os.Args
	for len(args) > 0 && args[0] != "--" {
		args = args[1:]
	}
	os.Exit(run(args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// xcoverProcess returns a command that runs xcover as a separate process (the test binary
// running TestXcoverProcess), with the given extra environment, and none of the cluster's
// variables from the test's own environment.
func xcoverProcess(t *testing.T, env []string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^TestXcoverProcess$", "--"}, args...)...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "JOB_COMPLETION_INDEX=") && !strings.HasPrefix(kv, "SLURM_ARRAY_TASK_ID=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "XCOVER_TEST_PROCESS=1")
	cmd.Env = append(cmd.Env, env...)
	return cmd
}

// shardJSON is the part of count --shard --json's and merge's output the tests look at.
type shardJSON struct {
	Solutions *big.Int
	Nodes     uint64
	Partial   bool
	Problem   string
	Shard     int
	Shards    int
	Parts     int
	Cut       string
}

func decodeShard(t *testing.T, out string) shardJSON {
	t.Helper()
	var v shardJSON
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("bad JSON %q: %v", out, err)
	}
	return v
}

func TestShardCommand(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8), "q9.dlx": queensDLX(9)})
	q8 := filepath.Join(dir, "q8.dlx")
	var outs []string
	total := new(big.Int)
	for k := 1; k <= 3; k++ {
		r := runX(t, "", "count", "--shard", fmt.Sprintf("%d/3", k), "--json", "--workers", strconv.Itoa(k), q8)
		if r.code != 0 || r.stderr != "" {
			t.Fatalf("shard %d: exit %d, stderr %q", k, r.code, r.stderr)
		}
		v := decodeShard(t, r.stdout)
		if v.Shard != k || v.Shards != 3 || len(v.Problem) != 64 || v.Parts != 92 || v.Partial {
			t.Errorf("shard %d: %s", k, r.stdout)
		}
		plain := runX(t, "", "count", "--shard", fmt.Sprintf("%d/3", k), q8)
		if plain.stdout != v.Solutions.String()+"\n" {
			t.Errorf("shard %d: text %q, JSON %v", k, plain.stdout, v.Solutions)
		}
		total.Add(total, v.Solutions)
		outs = append(outs, r.stdout)
	}
	if total.Int64() != 92 {
		t.Errorf("shards of queens 8 add up to %v", total)
	}

	// merge: files, stdin with several results a line, and its errors.
	files := map[string]string{}
	for i, o := range outs {
		files[fmt.Sprintf("s%d.json", i+1)] = o
	}
	rd := writeFiles(t, files)
	p := func(n string) string { return filepath.Join(rd, n) }
	r := runX(t, "", "merge", p("s1.json"), p("s2.json"), p("s3.json"))
	if r.code != 0 || decodeShard(t, r.stdout).Solutions.Int64() != 92 {
		t.Fatalf("merge: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = runX(t, outs[2]+outs[0], "merge", p("s2.json"), "-")
	if r.code != 0 || decodeShard(t, r.stdout).Solutions.Int64() != 92 {
		t.Errorf("merge with stdin: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = runX(t, "", "merge", p("s1.json"), p("s3.json"))
	if r.code != 1 || !strings.Contains(r.stderr, "missing shard 2 of 3") || r.stdout != "" {
		t.Errorf("merge with a shard missing: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
	r = runX(t, "", "merge", p("s1.json"), p("s2.json"), p("s3.json"), p("s2.json"))
	if r.code != 0 || !strings.Contains(r.stderr, "warning: shard 2/3 given twice") {
		t.Errorf("merge with an identical duplicate: exit %d, %q", r.code, r.stderr)
	}

	// A shard of another problem, or another N, is refused.
	q9 := runX(t, "", "count", "--shard", "2/3", "--json", filepath.Join(dir, "q9.dlx"))
	n4 := runX(t, "", "count", "--shard", "2/4", "--json", q8)
	for name, bad := range map[string]string{"different problems": q9.stdout, "3 and 4 shards": n4.stdout} {
		r = runX(t, bad, "merge", p("s1.json"), p("s3.json"), "-")
		if r.code != 1 || !strings.Contains(r.stderr, name) {
			t.Errorf("merge %s: exit %d, %q", name, r.code, r.stderr)
		}
	}
}

func TestMergeBig(t *testing.T) {
	// Two hand-made halves of the number of Sudoku grids, and a third shard of 2^64-1.
	line := func(k int, n string) string {
		return fmt.Sprintf(`{"solutions":%s,"nodes":5,"updates":6,"seconds":1.5,"format":2,"problem":"%s","shard":%d,"shards":3,"parts":1024,"cut":"c"}`+"\n",
			n, strings.Repeat("ab", 32), k)
	}
	in := line(1, "3335451876010536468480") + line(2, "3335451876010536468480") + line(3, "18446744073709551615")
	r := runX(t, in, "merge", "-")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	v := decodeShard(t, r.stdout)
	if got := v.Solutions.String(); got != "6689350496094782488575" { // 6670903752021072936960 + 2^64-1
		t.Errorf("total %s", got)
	}
	if v.Nodes != 15 || v.Shard != 0 || v.Shards != 3 {
		t.Errorf("merged %s", r.stdout)
	}
	// Nodes beyond 2^64 add up exactly.
	big64 := strings.ReplaceAll(line(1, "1")+line(2, "1")+line(3, "1"), `"nodes":5`, `"nodes":18446744073709551615`)
	r = runX(t, big64, "merge", "-")
	if r.code != 0 || !strings.Contains(r.stdout, `"nodes":55340232221128654845`) {
		t.Errorf("merge of nodes 3 x (2^64-1): exit %d, %s %s", r.code, r.stdout, r.stderr)
	}
	for _, tt := range []struct{ in, err string }{
		{line(1, "1") + line(2, "2") + line(1, "3") + line(3, "0"), "given twice with different counts"},
		{line(1, strings.Repeat("9", 5_000_000)) + line(2, "1") + line(3, "1"), "more than 1000 digits"},
		{"not json", "<stdin>"},
		{"", "no result"},
		{`{"solutions":92,"nodes":1049,"updates":12603,"seconds":0.0002}`, "not the output of count --shard"},
	} {
		r := runX(t, tt.in, "merge", "-")
		if r.code != 1 || !strings.Contains(r.stderr, tt.err) {
			t.Errorf("merge %q: exit %d, %q; want %q", tt.in, r.code, r.stderr, tt.err)
		}
	}
	if r := runX(t, "", "merge"); r.code != 2 {
		t.Errorf("merge without files: exit %d", r.code)
	}
}

func TestShardUsage(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q6.dlx": queensDLX(6)})
	q6 := filepath.Join(dir, "q6.dlx")
	t.Setenv("JOB_COMPLETION_INDEX", "")
	os.Unsetenv("JOB_COMPLETION_INDEX")
	t.Setenv("SLURM_ARRAY_TASK_ID", "")
	os.Unsetenv("SLURM_ARRAY_TASK_ID")
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"--shard", "auto/4"}, "neither JOB_COMPLETION_INDEX"},
		{[]string{"--shard", "5/4"}, "--shard"},
		{[]string{"--shard", "1/4", "--limit", "3"}, "takes no limit"},
		{[]string{"--shard", "1/4", "--seed", "3"}, "cannot be random"},
		{[]string{"--checkpoint", filepath.Join(dir, "m"), "--memo=on"}, "cannot be checkpointed"},
		{[]string{"--shard", "1/4", "--memo=on", "--limit", "3"}, "takes no limit"},
		{[]string{"--checkpoint", filepath.Join(dir, "c"), "--checkpoint-every", "0s"}, "--checkpoint-every"},
	} {
		r := runX(t, "", append(append([]string{"count"}, tt.args...), q6)...)
		if r.code != 2 || !strings.Contains(r.stderr, tt.err) || r.stdout != "" {
			t.Errorf("count %v: exit %d, stderr %q, want 2 and %q", tt.args, r.code, r.stderr, tt.err)
		}
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "2")
	r := runX(t, "", "count", "--shard", "auto/4", "--json", q6)
	if r.code != 0 || decodeShard(t, r.stdout).Shard != 2 {
		t.Errorf("auto/4 with SLURM_ARRAY_TASK_ID=2: exit %d, %q %q", r.code, r.stdout, r.stderr)
	}
}

// TestCluster runs every shard of a count as a separate process, with K from the
// environment as a Kubernetes Indexed Job or a Slurm job array gives it, merges their
// outputs with xcover merge, and compares the total with a plain count.
func TestCluster(t *testing.T) {
	var edge bytes.Buffer
	if err := dlx.Write(&edge, problems.EdgeMatching(2, 3, 2, false)); err != nil {
		t.Fatal(err)
	}
	dir := writeFiles(t, map[string]string{"queens10.dlx": queensDLX(10), "edges.dlx": edge.String()})
	files := []string{
		filepath.Join(dir, "queens10.dlx"),
		filepath.Join("..", "..", "examples", "double-queens6.dlx"), // bounds
		filepath.Join(dir, "edges.dlx"),                             // colours
	}
	for _, file := range files {
		r := runX(t, "", "count", file)
		if r.code != 0 {
			t.Fatalf("count %s: %s", file, r.stderr)
		}
		want := strings.TrimSpace(r.stdout)
		for _, n := range []int{1, 3, 7} {
			results := t.TempDir()
			var names []string
			for k := 1; k <= n; k++ {
				env := fmt.Sprintf("JOB_COMPLETION_INDEX=%d", k-1) // Kubernetes counts from 0
				if n == 3 {
					env = fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k) // our Slurm array is 1..N
				}
				name := filepath.Join(results, fmt.Sprintf("shard-%d.json", k))
				out, err := os.Create(name)
				if err != nil {
					t.Fatal(err)
				}
				cmd := xcoverProcess(t, []string{env}, "count", "--shard", fmt.Sprintf("auto/%d", n), "--json", "--workers", "2", file)
				cmd.Stdout = out
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				err = cmd.Run()
				out.Close()
				if err != nil {
					t.Fatalf("%s shard %d/%d (%s): %v: %s", file, k, n, env, err, stderr.String())
				}
				names = append(names, name)
			}
			slices.Reverse(names) // the order does not matter
			var stdout, stderr bytes.Buffer
			cmd := xcoverProcess(t, nil, append([]string{"merge"}, names...)...)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("merge: %v: %s", err, stderr.String())
			}
			if v := decodeShard(t, stdout.String()); v.Solutions.String() != want || v.Shards != n {
				t.Errorf("%s with %d shards: merged %s, want %s", file, n, stdout.String(), want)
			}
		}
	}
}

// TestSlurmScript runs deploy/slurm/count.sbatch as each task of a job array would, with
// stand-ins for srun (runs its arguments), sbatch (records them) and xcover (this test
// binary), then runs the merge job that the first task submitted.
func TestSlurmScript(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "deploy", "slurm", "count.sbatch"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	bin := filepath.Join(work, "bin")
	stubs := map[string]string{
		"srun":   `exec "$@"`,
		"sbatch": `printf '%s\n' "$@" >> "$SBATCH_LOG"`,
		"xcover": fmt.Sprintf(`XCOVER_TEST_PROCESS=1 exec %q -test.run='^TestXcoverProcess$' -- "$@"`, os.Args[0]),
	}
	if err := os.Mkdir(bin, 0o777); err != nil {
		t.Fatal(err)
	}
	for name, body := range stubs {
		if err := os.WriteFile(filepath.Join(bin, name), []byte("#!/bin/sh\n"+body+"\n"), 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, "q10.dlx"), []byte(queensDLX(10)), 0o666); err != nil {
		t.Fatal(err)
	}
	sbatchLog := filepath.Join(work, "sbatch.log")
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "JOB_COMPLETION_INDEX=") && !strings.HasPrefix(kv, "SLURM_") && !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	env = append(env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "SBATCH_LOG="+sbatchLog,
		"SLURM_ARRAY_JOB_ID=4242", "SLURM_ARRAY_TASK_MIN=1", "SLURM_ARRAY_TASK_MAX=3", "SLURM_CPUS_PER_TASK=2")
	for _, k := range []int{3, 1, 2} {
		cmd := exec.Command(bash, script, "q10.dlx", "results")
		cmd.Dir = work
		cmd.Env = append(env, fmt.Sprintf("SLURM_ARRAY_TASK_ID=%d", k))
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("task %d: %v: %s", k, err, out)
		}
	}
	logged, err := os.ReadFile(sbatchLog)
	if err != nil {
		t.Fatalf("no merge job submitted: %v", err)
	}
	args := strings.Split(strings.TrimSpace(string(logged)), "\n")
	var wrap string
	for _, a := range args {
		if w, ok := strings.CutPrefix(a, "--wrap="); ok {
			wrap = w
		}
	}
	if !slices.Contains(args, "--dependency=afterok:4242") || wrap == "" {
		t.Fatalf("merge job submitted as sbatch %q", args)
	}
	merge := exec.Command("sh", "-c", wrap)
	merge.Dir = work
	merge.Env = env
	if out, err := merge.CombinedOutput(); err != nil {
		t.Fatalf("merge job: %v: %s", err, out)
	}
	total, err := os.ReadFile(filepath.Join(work, "results", "total.json"))
	if err != nil {
		t.Fatal(err)
	}
	if v := decodeShard(t, string(total)); v.Solutions.Int64() != 724 || v.Shards != 3 {
		t.Errorf("total %s", total)
	}
}

// TestLimitWorkers checks that --limit K gives exactly K solutions, all valid and distinct,
// whatever the number of workers.
func TestLimitWorkers(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q9.dlx": queensDLX(9)})
	q9 := filepath.Join(dir, "q9.dlx")
	for _, workers := range []string{"1", "2", "4"} {
		for _, k := range []int{1, 7, 100, 352, 1000} {
			want := min(k, 352)
			r := runX(t, "", "count", "--workers", workers, "--limit", strconv.Itoa(k), q9)
			if r.code != 0 || r.stdout != fmt.Sprintf("%d\n", want) {
				t.Errorf("count --workers %s --limit %d: %q %q", workers, k, r.stdout, r.stderr)
			}
			r = runX(t, "", "solve", "--json", "--workers", workers, "--limit", strconv.Itoa(k), q9)
			sols := jsonSolutions(t, q9, r.stdout)
			distinct := map[string]bool{}
			for _, s := range sols {
				distinct[fmt.Sprint(s)] = true
			}
			if len(sols) != want || len(distinct) != want {
				t.Errorf("solve --workers %s --limit %d: %d solutions, %d distinct", workers, k, len(sols), len(distinct))
			}
		}
	}
}

// TestShardBound refuses a number of shards whose cut could not be held: it used to grow
// without bound (3.1 GB after 30 s for N = 10^9).
func TestShardBound(t *testing.T) {
	dir := writeFiles(t, map[string]string{"q8.dlx": queensDLX(8)})
	for _, n := range []string{"1000000000", "10001", "99999999999999999999"} {
		r := runX(t, "", "count", "--shard", "1/"+n, filepath.Join(dir, "q8.dlx"))
		if r.code != exitUsage || r.stdout != "" || !strings.Contains(r.stderr, "from 1 to 10000") {
			t.Errorf("--shard 1/%s: exit %d, stdout %q, stderr %q; want 2 and the bound", n, r.code, r.stdout, r.stderr)
		}
	}
	if r := runX(t, "", "count", "--shard", "3/10000", filepath.Join(dir, "q8.dlx")); r.code != 0 {
		t.Errorf("--shard 3/10000: exit %d: %s", r.code, r.stderr)
	}
}

// TestQueensShards splits queens 13 --count --distinct into shards as a cluster would and
// merges them: A000170 and A002562; shards of another N do not merge with them.
func TestQueensShards(t *testing.T) {
	var in string
	for k := 1; k <= 3; k++ {
		r := runX(t, "", "queens", "13", "--count", "--distinct", "--json", "--shard", itoa(k)+"/3")
		if r.code != 0 {
			t.Fatalf("shard %d: exit %d %s", k, r.code, r.stderr)
		}
		in += r.stdout
	}
	m := runX(t, in, "merge", "-")
	if m.code != 0 || !strings.Contains(m.stdout, `"solutions":73712,"distinct":9233,`) {
		t.Fatalf("merge: exit %d %s %s", m.code, m.stdout, m.stderr)
	}
	other := runX(t, "", "queens", "12", "--count", "--json", "--shard", "1/3")
	if r := runX(t, other.stdout+in, "merge", "-"); r.code != 1 {
		t.Errorf("merging shards of 12 and 13 queens: exit %d %s", r.code, r.stdout)
	}
	if r := runX(t, "", "queens", "8", "--count", "--engine", "xc", "--shard", "1/2"); r.code != exitUsage {
		t.Errorf("--shard with --engine xc: exit %d", r.code)
	}
}
