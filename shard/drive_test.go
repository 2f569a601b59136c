package shard_test

import (
	"context"
	"math/big"
	"path/filepath"
	"sync/atomic"
	"testing"

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
		cp, resumed, err := shard.OpenCheckpoint(path, shard.NewJobCheckpoint(id, k, shards))
		if err != nil || resumed {
			t.Fatalf("shard %d: first open: resumed %v, %v", k, resumed, err)
		}
		part, err := shard.Drive(context.Background(), job, cp, shard.DriveOptions{Save: save})
		if err == nil || part == nil || !part.Result("").Partial || len(part.Done) != 4 {
			t.Fatalf("shard %d: interrupted drive: %v, %+v", k, err, part)
		}
		job.stopAfter = 0
		cp, resumed, err = shard.OpenCheckpoint(path, shard.NewJobCheckpoint(id, k, shards))
		if err != nil || !resumed || len(cp.Done) != 4 {
			t.Fatalf("shard %d: resume: resumed %v, %v", k, resumed, err)
		}
		final, err := shard.Drive(context.Background(), job, cp, shard.DriveOptions{Save: save})
		if err != nil {
			t.Fatal(err)
		}
		res := final.Result("test")
		if res.Partial {
			t.Fatalf("shard %d: partial after resuming", k)
		}
		results = append(results, res)
		// A checkpoint of another shard is refused.
		if _, _, err := shard.OpenCheckpoint(path, shard.NewJobCheckpoint(id, k%shards+1, shards)); err == nil {
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
	if _, err := shard.Drive(context.Background(), job, shard.NewJobCheckpoint(id, 1, 1), shard.DriveOptions{}); err == nil {
		t.Fatal("a job of 11 tasks driven with a checkpoint of 10")
	}
}
