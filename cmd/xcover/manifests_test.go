package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"
)

// k8sJob is the part of a Kubernetes Job manifest that the recipes rely on.
type k8sJob struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Spec       struct {
		CompletionMode       string `yaml:"completionMode"`
		Completions          int    `yaml:"completions"`
		Parallelism          int    `yaml:"parallelism"`
		BackoffLimitPerIndex *int   `yaml:"backoffLimitPerIndex"`
		Template             struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func readJob(t *testing.T, name string) *k8sJob {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "deploy", "kubernetes", name))
	if err != nil {
		t.Fatal(err)
	}
	var j k8sJob
	if err := yaml.Unmarshal(b, &j); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || len(j.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("%s: %s %s with %d containers, want one container in a batch/v1 Job", name, j.APIVersion, j.Kind, len(j.Spec.Template.Spec.Containers))
	}
	c := j.Spec.Template.Spec.Containers[0]
	if j.Spec.Template.Spec.RestartPolicy != "Never" || len(c.Command) != 2 || c.Command[0] != "/bin/sh" || c.Command[1] != "-c" || len(c.Args) != 1 {
		t.Fatalf("%s: restartPolicy %q, command %q, %d args; want Never, a /bin/sh -c script", name, j.Spec.Template.Spec.RestartPolicy, c.Command, len(c.Args))
	}
	if len(c.VolumeMounts) != 1 || c.VolumeMounts[0].MountPath != "/data" {
		t.Fatalf("%s: volume mounts %+v, want /data", name, c.VolumeMounts)
	}
	return &j
}

// TestKubernetesManifests parses deploy/kubernetes's two Jobs, checks the fields the recipe
// relies on (an Indexed Job whose completions equal the SHARDS it passes to xcover, retries
// per index, the checkpoint flag), then runs their shell scripts as the pods would — every
// index of the count with the index variable Kubernetes sets, then the merge — with this
// build of xcover on PATH and a temporary directory as /data, and checks the total. So the
// manifests cannot drift from the command's flags or from what merge expects.
func TestKubernetesManifests(t *testing.T) {
	count, merge := readJob(t, "count-job.yaml"), readJob(t, "merge-job.yaml")
	c := count.Spec.Template.Spec.Containers[0]
	shards := ""
	for _, e := range c.Env {
		if e.Name == "SHARDS" {
			shards = e.Value
		}
	}
	if count.Spec.CompletionMode != "Indexed" || strconv.Itoa(count.Spec.Completions) != shards ||
		count.Spec.Parallelism < 1 || count.Spec.BackoffLimitPerIndex == nil {
		t.Fatalf("count-job.yaml: completionMode %q, completions %d, SHARDS %q, parallelism %d; want an Indexed Job with completions = SHARDS and backoffLimitPerIndex",
			count.Spec.CompletionMode, count.Spec.Completions, shards, count.Spec.Parallelism)
	}
	script := c.Args[0]
	for _, want := range []string{"xcover count", "--shard auto/$SHARDS", "--checkpoint ", "$JOB_COMPLETION_INDEX", "--json"} {
		if !strings.Contains(script, want) {
			t.Errorf("count-job.yaml: the script has no %q:\n%s", want, script)
		}
	}

	// xcover on PATH: this test binary, run as the command.
	bin := t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nXCOVER_TEST_PROCESS=1 exec " + strconv.Quote(self) + " -test.run='^TestXcoverProcess$' -- \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "xcover"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	data := t.TempDir()
	if err := os.WriteFile(filepath.Join(data, "problem.dlx"), []byte(queensDLX(9)), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(script string, env ...string) {
		t.Helper()
		cmd := exec.Command("/bin/sh", "-c", strings.ReplaceAll(script, "/data", data))
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		for _, kv := range cmd.Env {
			if strings.HasPrefix(kv, "JOB_COMPLETION_INDEX=") || strings.HasPrefix(kv, "SLURM_ARRAY_TASK_ID=") {
				t.Fatalf("the test's environment sets %s", kv)
			}
		}
		cmd.Env = append(cmd.Env, env...)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", env, err, out)
		}
	}
	for k := range count.Spec.Completions {
		run(script, "JOB_COMPLETION_INDEX="+strconv.Itoa(k), "SHARDS="+shards)
	}
	run(merge.Spec.Template.Spec.Containers[0].Args[0])
	b, err := os.ReadFile(filepath.Join(data, "results", "total.json"))
	if err != nil {
		t.Fatal(err)
	}
	var total struct {
		Solutions json.Number
		Shards    int
	}
	if err := json.Unmarshal(b, &total); err != nil {
		t.Fatalf("total.json %q: %v", b, err)
	}
	if total.Solutions != "352" || strconv.Itoa(total.Shards) != shards {
		t.Errorf("total.json: %s solutions in %d shards, want 352 in %s", total.Solutions, total.Shards, shards)
	}
}

// TestKubernetesEviction runs count-job.yaml's script as the pod would and sends its shell
// SIGTERM, as Kubernetes does on eviction (issue 41, fault 18: the shell, PID 1, did not
// pass the signal on, so xcover never saved its checkpoint). The shell must end, xcover
// having saved the checkpoint, within the grace period.
func TestKubernetesEviction(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a shell and a count")
	}
	count := readJob(t, "count-job.yaml")
	script := count.Spec.Template.Spec.Containers[0].Args[0]
	bin, data := t.TempDir(), t.TempDir()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	wrapper := "#!/bin/sh\nXCOVER_TEST_PROCESS=1 exec " + strconv.Quote(self) + " -test.run='^TestXcoverProcess$' -- \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "xcover"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "problem.dlx"), []byte(queensDLX(16)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("/bin/sh", "-c", strings.ReplaceAll(script, "/data", data))
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "JOB_COMPLETION_INDEX=0", "SHARDS=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) // whatever the shell left running
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGTERM) // the shell only, as PID 1 gets it
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the pod's shell still runs 30 s after SIGTERM")
	}
	ckpt := filepath.Join(data, "results", "checkpoints", "shard-0.ckpt")
	// The checkpoint is saved by xcover as it ends, which the shell waits for.
	if _, err := os.Stat(ckpt); err != nil {
		t.Errorf("no checkpoint after SIGTERM: %v", err)
	}
	if _, err := os.Stat(filepath.Join(data, "results", "shard-0.json")); err == nil {
		t.Errorf("an interrupted shard's result was published")
	}
}
