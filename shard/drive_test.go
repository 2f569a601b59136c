package shard_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/shard"
)

// squares is a Job whose task i counts i*i solutions; it stops (as if cancelled) after
// stopAfter tasks when stopAfter > 0, and records how often each task was counted.
type squares struct {
	n         int
	stopAfter int
	counted   []atomic.Int32
}

func (j *squares) NumTasks() int { return j.n }

func (j *squares) Count(ctx context.Context, tasks []int, done func(int, shard.PartCount)) error {
	for k, i := range tasks {
		if j.stopAfter > 0 && k == j.stopAfter {
			return context.Canceled
		}
		j.counted[i].Add(1)
		done(i, shard.PartCount{Solutions: big.NewInt(int64(i * i)), Nodes: 1})
	}
	return nil
}

// TestDriveShardsAndResume drives every shard of a job, each one interrupted once and
// resumed from its checkpoint file: the shards add up to the whole count, and no task is
// counted twice or left out.
func TestDriveShardsAndResume(t *testing.T) {
	const tasks, shards = 50, 3
	id := shard.Identity{Problem: "p", Request: tasks, Parts: tasks, Cut: "c"}
	var results []*shard.Result
	job := &squares{n: tasks, counted: make([]atomic.Int32, tasks)}
	for k := 1; k <= shards; k++ {
		path := filepath.Join(t.TempDir(), "ckpt")
		save := func(c *shard.Checkpoint) error { return c.WriteFile(path) }
		job.stopAfter = 4
		cp, resumed, err := shard.OpenCheckpoint(path, shard.NewCheckpoint(id, k, shards))
		if err != nil || resumed {
			t.Fatalf("shard %d: first open: resumed %v, %v", k, resumed, err)
		}
		part, err := shard.Drive(context.Background(), job, cp, shard.DriveOptions{Save: save})
		if err == nil || part == nil || !part.Result().Partial || len(part.Done) != 4 {
			t.Fatalf("shard %d: interrupted drive: %v, %+v", k, err, part)
		}
		job.stopAfter = 0
		cp, resumed, err = shard.OpenCheckpoint(path, shard.NewCheckpoint(id, k, shards))
		if err != nil || !resumed || len(cp.Done) != 4 {
			t.Fatalf("shard %d: resume: resumed %v, %v", k, resumed, err)
		}
		final, err := shard.Drive(context.Background(), job, cp, shard.DriveOptions{Save: save})
		if err != nil {
			t.Fatal(err)
		}
		res := final.Result()
		if res.Partial {
			t.Fatalf("shard %d: partial after resuming", k)
		}
		if res.Version != xcover.Version() {
			t.Errorf("shard %d: version %q, want this build's %q", k, res.Version, xcover.Version())
		}
		results = append(results, res)
		// A checkpoint of another shard is refused.
		if _, _, err := shard.OpenCheckpoint(path, shard.NewCheckpoint(id, k%shards+1, shards)); err == nil {
			t.Fatalf("shard %d: checkpoint taken for another shard", k)
		}
	}
	total, _, err := shard.Merge(results)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for i := range tasks {
		want += i * i
		if c := job.counted[i].Load(); c != 1 {
			t.Errorf("task %d counted %d times", i, c)
		}
	}
	if total.Solutions.Cmp(big.NewInt(int64(want))) != 0 {
		t.Fatalf("merged %v solutions, want %d", total.Solutions, want)
	}
}

// TestDriveWrongJob refuses a checkpoint whose number of tasks is not the job's.
func TestDriveWrongJob(t *testing.T) {
	id := shard.Identity{Problem: "p", Parts: 10, Cut: "c"}
	job := &squares{n: 11, counted: make([]atomic.Int32, 11)}
	if _, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(id, 1, 1), shard.DriveOptions{}); err == nil {
		t.Fatal("a job of 11 tasks driven with a checkpoint of 10")
	}
}

// TestDriveFile drives a shard with its checkpoint kept in a file: interrupted, it leaves
// the finished tasks there; driven again it says that it resumes and finishes the rest; a
// count of another shard refuses the file. Save, also given, sees every save.
func TestDriveFile(t *testing.T) {
	const tasks = 20
	id := shard.Identity{Problem: "p", Request: tasks, Parts: tasks, Cut: "c"}
	job := &squares{n: tasks, stopAfter: 3, counted: make([]atomic.Int32, tasks)}
	path := filepath.Join(t.TempDir(), "ckpt")
	var resumedWith []int
	saves := 0
	opt := shard.DriveOptions{File: path,
		Resumed: func(c *shard.Checkpoint) { resumedWith = append(resumedWith, len(c.Done)) },
		Save:    func(*shard.Checkpoint) error { saves++; return nil }}
	part, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(id, 2, 2), opt)
	if err == nil || part == nil {
		t.Fatalf("interrupted drive: %v, checkpoint %v", err, part)
	}
	if len(part.Done) != 3 || len(resumedWith) != 0 || saves != 1 {
		t.Fatalf("interrupted drive: %d tasks done, resumed %v, %d saves", len(part.Done), resumedWith, saves)
	}
	if saved, err := shard.ReadCheckpoint(path); err != nil || len(saved.Done) != 3 {
		t.Fatalf("the file after the interrupted drive: %v", err)
	}
	job.stopAfter = 0
	final, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(id, 2, 2), opt)
	if err != nil {
		t.Fatalf("resumed drive: %v", err)
	}
	if len(final.Done) != tasks/2 || len(resumedWith) != 1 || resumedWith[0] != 3 {
		t.Fatalf("resumed drive: %d tasks done, resumed %v", len(final.Done), resumedWith)
	}
	if saved, err := shard.ReadCheckpoint(path); err != nil || len(saved.Done) != tasks/2 {
		t.Fatalf("the file after the resumed drive: %v", err)
	}
	if _, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(id, 1, 2), opt); !isCheckpointError(err) || !strings.Contains(err.Error(), "does not belong") {
		t.Fatalf("another shard's count took the file: %v", err)
	}
}

// isCheckpointError reports whether err is a *shard.CheckpointError.
func isCheckpointError(err error) bool {
	_, ok := errors.AsType[*shard.CheckpointError](err)
	return ok
}

// blocked is a Job of one task that waits until its context is cancelled.
type blocked struct{ started chan struct{} }

func (blocked) NumTasks() int { return 1 }

func (j blocked) Count(ctx context.Context, _ []int, _ func(int, shard.PartCount)) error {
	close(j.started)
	<-ctx.Done()
	return ctx.Err()
}

// TestDriveFileRefused refuses a checkpoint file before the count starts (issue 41, faults 2
// and 8): one that another count holds (the second count's clean-up removed the first one's
// temporary file, and the first died without a count), one that is not a regular file
// (/dev/zero was read for 256 MiB), one in a directory that does not exist (it failed only
// at the first save).
func TestDriveFileRefused(t *testing.T) {
	id := shard.Identity{Problem: "p", Request: 1, Parts: 1, Cut: "c"}
	path := filepath.Join(t.TempDir(), "ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	first := blocked{started: make(chan struct{})}
	firstDone := make(chan error, 1)
	go func() {
		_, err := shard.Drive(ctx, first, shard.NewCheckpoint(id, 1, 1), shard.DriveOptions{File: path})
		firstDone <- err
	}()
	<-first.started
	for _, tt := range []struct{ name, path, want string }{
		{"held", path, fmt.Sprintf("process %d", os.Getpid())},
		{"device", os.DevNull, "not a regular file"},
		{"no directory", filepath.Join(t.TempDir(), "none", "ckpt"), "no such file or directory"},
	} {
		job := blocked{started: make(chan struct{})}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := shard.Drive(ctx, job, shard.NewCheckpoint(id, 1, 1), shard.DriveOptions{File: tt.path})
		if !isCheckpointError(err) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.path) {
			t.Errorf("%s: %v; want a checkpoint error naming %s with %q", tt.name, err, tt.path, tt.want)
		}
		cancel()
		select {
		case <-job.started:
			t.Errorf("%s: the count started", tt.name)
		default:
		}
	}
	cancel()
	if err := <-firstDone; !errors.Is(err, context.Canceled) {
		t.Fatalf("the first count: %v, want cancelled", err)
	}
	if _, err := shard.ReadCheckpoint(path); err != nil {
		t.Fatalf("the first count's checkpoint: %v", err)
	}
	// Released: the file can be taken again.
	job := &squares{n: 1, counted: make([]atomic.Int32, 1)}
	if _, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(id, 1, 1), shard.DriveOptions{File: path}); err != nil {
		t.Fatalf("after the first count ended: %v", err)
	}
}
