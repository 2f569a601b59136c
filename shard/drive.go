package shard

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/atomicfile"
)

// A Job is a count cut into tasks, numbered 0 to NumTasks()-1 in the same way on every
// machine, whose counts add up to the whole count. [Drive] runs a shard of a Job with a
// checkpoint; the generic count ([Plan]), the memoised count's shares and the N-queens
// counter are Jobs.
type Job interface {
	// NumTasks returns the number of tasks in the whole count.
	NumTasks() int
	// Count counts the listed tasks, on as many goroutines as the Job was made for, and
	// calls done once for each task it finishes, one call at a time. When ctx is cancelled
	// it returns ctx's error; the tasks it did not finish are not reported.
	Count(ctx context.Context, tasks []int, done func(task int, c PartCount)) error
}

// An Identity says which count a result or checkpoint belongs to: counts of different
// identities are never merged, and a checkpoint is resumed only by a count of its own.
type Identity struct {
	Problem string // the problem's hash (or a digest naming a dedicated counter's problem)
	Initial []int  // options forced into every solution, sorted, without repeats
	Request int    // the number of parts asked of the cut
	Parts   int    // the number of tasks in the whole count
	Cut     string // a digest of the cut: two versions that cut otherwise never mix
	// Above is the number of search tree nodes above the cut; shard 1 counts them.
	Above uint64
}

// NewCheckpoint returns an empty checkpoint for shard k of n of the count id.
func NewCheckpoint(id Identity, k, n int) *Checkpoint {
	c := &Checkpoint{
		Format:  formatVersion,
		Problem: id.Problem,
		Initial: id.Initial,
		Shard:   k,
		Shards:  n,
		Request: id.Request,
		Parts:   id.Parts,
		Cut:     id.Cut,
		Done:    map[int]PartCount{},
	}
	if k == 1 {
		c.Above = id.Above
	}
	return c
}

// OpenCheckpoint returns the checkpoint saved at path, if there is one, and otherwise
// fresh, which names the count that is to resume (see [NewCheckpoint]). It first removes
// the temporary files a process killed while saving may have left, and refuses a saved
// checkpoint of another count, saying why. Its errors are [*CheckpointError]s.
func OpenCheckpoint(path string, fresh *Checkpoint) (cp *Checkpoint, resumed bool, err error) {
	if err := atomicfile.RemoveStale(path); err != nil { // what a process killed while saving left
		return nil, false, &CheckpointError{path, err}
	}
	old, err := ReadCheckpoint(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fresh, false, nil
	case err != nil:
		return nil, false, &CheckpointError{path, err}
	}
	if err := old.belongsWith(fresh); err != nil {
		return nil, false, &CheckpointError{path, fmt.Errorf("checkpoint %s does not belong to this count: %v; remove it or name another file", path, err)}
	}
	return old, true, nil
}

// A CheckpointError is a checkpoint file that a count cannot resume from: unreadable,
// damaged, or of another count. Its message names the file; a front end may add which of
// its settings named it.
type CheckpointError struct {
	Path string
	Err  error
}

// Error returns Err's message.
func (e *CheckpointError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *CheckpointError) Unwrap() error { return e.Err }

// belongsWith reports whether c is a checkpoint of the same count and shard as want, with
// finished tasks among the shard's own.
func (c *Checkpoint) belongsWith(want *Checkpoint) error {
	switch {
	case c.Format != formatVersion:
		return fmt.Errorf("format %d, want %d (written by another version of xcover)", c.Format, formatVersion)
	case c.Problem != want.Problem:
		return fmt.Errorf("it is of another problem (hash %.12s…, this problem's is %.12s…)", c.Problem, want.Problem)
	case !slices.Equal(c.Initial, want.Initial):
		return fmt.Errorf("it forces other options (%v, not %v)", c.Initial, want.Initial)
	case c.Shard != want.Shard || c.Shards != want.Shards:
		return fmt.Errorf("it is of shard %d/%d, not %d/%d", c.Shard, c.Shards, want.Shard, want.Shards)
	case c.Request != want.Request || c.Parts != want.Parts || c.Cut != want.Cut || c.Above != want.Above:
		return errors.New("it cuts the search tree differently (written by another version of xcover?)")
	}
	for i := range c.Done {
		if i < 0 || i >= c.Parts || i%c.Shards != c.Shard-1 {
			return fmt.Errorf("part %d is not one of shard %d/%d's", i, c.Shard, c.Shards)
		}
	}
	return nil
}

// Mine returns the tasks of the checkpoint's shard: those ≡ Shard-1 (mod Shards), spread
// over the count for balance.
func (c *Checkpoint) Mine() []int {
	var mine []int
	for i := c.Shard - 1; i < c.Parts; i += c.Shards {
		mine = append(mine, i)
	}
	return mine
}

// DriveOptions controls [Drive].
type DriveOptions struct {
	// Save, if not nil, is called with a consistent copy of the checkpoint every SaveEvery
	// (default 5 s) while the count runs, and once when it ends, even if cancelled. Calls
	// never overlap. An error from Save stops the count.
	Save      func(*Checkpoint) error
	SaveEvery time.Duration
	// File, if not "", is the file that keeps the checkpoint between sessions: the count
	// resumes from the checkpoint saved there, if there is one, in place of the one given
	// (see [OpenCheckpoint]: one of another count is refused), and saves to it atomically
	// every SaveEvery and when it ends, after Save.
	File string
	// Resumed, if not nil, is called with the checkpoint read from File when the count
	// resumes from it (to say so).
	Resumed func(*Checkpoint)
}

// open returns the checkpoint a count starts from, fresh or the one saved in opt.File, and
// the options with the saving to File added. The file is locked until unlock is called: a
// second count given the same file is refused at once, naming the process that holds it
// (its clean-up of stale temporary files would otherwise remove the first one's), and a
// file that cannot be written is refused before the count starts, not at its first save.
func (opt DriveOptions) open(fresh *Checkpoint) (cp *Checkpoint, _ DriveOptions, unlock func(), err error) {
	if opt.File == "" {
		return fresh, opt, func() {}, nil
	}
	if fi, err := os.Stat(opt.File); err == nil && !fi.Mode().IsRegular() {
		what := "not a regular file"
		if fi.IsDir() {
			what = "a directory, not a file"
		}
		return nil, opt, nil, &CheckpointError{opt.File, fmt.Errorf("checkpoint %s: %s", opt.File, what)}
	}
	unlock, err = atomicfile.Lock(opt.File)
	if err != nil {
		return nil, opt, nil, &CheckpointError{opt.File, fmt.Errorf("checkpoint %s: %w", opt.File, err)}
	}
	cp, resumed, err := OpenCheckpoint(opt.File, fresh)
	if err != nil {
		unlock()
		return nil, opt, nil, err
	}
	if resumed && opt.Resumed != nil {
		opt.Resumed(cp)
	}
	save, path := opt.Save, opt.File
	opt.Save = func(c *Checkpoint) error {
		if save != nil {
			if err := save(c); err != nil {
				return err
			}
		}
		return c.WriteFile(path)
	}
	opt.File = ""
	return cp, opt, unlock, nil
}

// Drive counts the tasks of cp's shard that cp does not hold yet, adding each finished
// task to cp, and returns a copy of the checkpoint as it ends (its Seconds include those of
// earlier sessions). If ctx is cancelled it returns that copy, holding the tasks finished,
// and ctx's error. cp must not be used by anything else while Drive runs. With opt.File it
// resumes from and saves to that file.
func Drive(ctx context.Context, job Job, cp *Checkpoint, opt DriveOptions) (*Checkpoint, error) {
	cp, opt, unlock, err := opt.open(cp)
	if err != nil {
		return nil, err
	}
	defer unlock()
	if n := job.NumTasks(); n != cp.Parts {
		return nil, fmt.Errorf("shard: the checkpoint holds %d tasks, the count has %d", cp.Parts, n)
	}
	start := time.Now()
	before := cp.Seconds
	var todo []int
	for _, i := range cp.Mine() {
		if _, ok := cp.Done[i]; !ok {
			todo = append(todo, i)
		}
	}

	var mu sync.Mutex // guards cp
	snapshot := func() *Checkpoint {
		mu.Lock()
		defer mu.Unlock()
		c := cp.clone()
		c.Seconds = before + time.Since(start).Seconds()
		return c
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var saveErr error
	saverDone := make(chan struct{})
	if opt.Save != nil && len(todo) > 0 {
		every := opt.SaveEvery
		if every <= 0 {
			every = 5 * time.Second
		}
		go func() {
			defer close(saverDone)
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					if err := opt.Save(snapshot()); err != nil {
						saveErr = err
						cancel()
						return
					}
				}
			}
		}()
	} else {
		close(saverDone)
	}

	var cerr error
	if len(todo) > 0 {
		cerr = job.Count(ctx, todo, func(task int, pc PartCount) {
			mu.Lock()
			cp.Done[task] = pc
			mu.Unlock()
		})
	}
	cancel()
	<-saverDone
	final := snapshot()
	if saveErr == nil && opt.Save != nil {
		saveErr = opt.Save(final)
	}
	if saveErr != nil {
		return nil, saveErr
	}
	return final, cerr
}

// Result returns the count the checkpoint holds as a shard's result, Partial unless every
// task of the shard is done, with this build's [xcover.Version] recorded in it.
func (c *Checkpoint) Result() *Result {
	sols, nodes, updates := c.Totals()
	res := &Result{
		Solutions: sols,
		Nodes:     nodes,
		Updates:   updates,
		Seconds:   c.Seconds,
		Partial:   len(c.Done) < len(c.Mine()),
		Format:    formatVersion,
		Problem:   c.Problem,
		Initial:   c.Initial,
		Shard:     c.Shard,
		Shards:    c.Shards,
		Parts:     c.Parts,
		Cut:       c.Cut,
		Version:   xcover.Version(),
	}
	return res
}

// Distinct returns the sum of the finished tasks' essentially different solutions, for
// counters that count them (queens).
func (c *Checkpoint) Distinct() *big.Int {
	sum, x := new(big.Int), new(big.Int)
	for _, pc := range c.Done {
		sum.Add(sum, x.SetUint64(pc.Distinct))
	}
	return sum
}
