package shard

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
)

// A Checkpoint is the state of a shard's count: which of its parts are finished and what
// each counted. Only finished parts are recorded, so a count resumed from any checkpoint —
// even one saved just before the process was killed — counts every part exactly once.
type Checkpoint struct {
	Format  int    `json:"format"`
	Problem string `json:"problem"` // the problem's hash
	Initial []int  `json:"initial,omitempty"`
	Shard   int    `json:"shard"`
	Shards  int    `json:"shards"`
	Request int    `json:"request"` // the number of parts asked of the cut
	Parts   int    `json:"parts"`   // the number of parts in the whole cut
	Cut     string `json:"cut"`
	// Done maps the index (in the plan's Parts) of each finished part to its count.
	Done map[int]uint64 `json:"done"`
	// Nodes, Updates and Seconds are the work of all sessions as of the save, including
	// work on parts that were under way when a session ended and are searched again.
	Nodes   uint64  `json:"nodes"`
	Updates uint64  `json:"updates"`
	Seconds float64 `json:"seconds"`
}

// NewCheckpoint returns an empty checkpoint for the plan.
func NewCheckpoint(pl *Plan) *Checkpoint {
	return &Checkpoint{
		Format:  Format,
		Problem: pl.Hash,
		Initial: pl.Initial,
		Shard:   pl.Shard,
		Shards:  pl.Shards,
		Request: pl.Request,
		Parts:   len(pl.Parts),
		Cut:     pl.Cut,
		Done:    map[int]uint64{},
	}
}

// ReadCheckpoint reads the checkpoint saved in the named file.
func ReadCheckpoint(path string) (*Checkpoint, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	c := new(Checkpoint)
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("checkpoint %s: not a checkpoint: %v", path, err)
	}
	if c.Problem == "" || c.Format == 0 {
		return nil, fmt.Errorf("checkpoint %s: not a checkpoint (no problem or format)", path)
	}
	if c.Done == nil {
		c.Done = map[int]uint64{}
	}
	return c, nil
}

// Check reports whether the checkpoint belongs to the plan: the same problem, initial
// options, shard and cut, with finished parts among the shard's own.
func (c *Checkpoint) Check(pl *Plan) error {
	switch {
	case c.Format != Format:
		return fmt.Errorf("format %d, want %d (written by another version of xcover)", c.Format, Format)
	case c.Problem != pl.Hash:
		return fmt.Errorf("it is of another problem (hash %.12s…, this problem's is %.12s…)", c.Problem, pl.Hash)
	case !slices.Equal(c.Initial, pl.Initial):
		return fmt.Errorf("it forces other options (%v, not %v)", c.Initial, pl.Initial)
	case c.Shard != pl.Shard || c.Shards != pl.Shards:
		return fmt.Errorf("it is of shard %d/%d, not %d/%d", c.Shard, c.Shards, pl.Shard, pl.Shards)
	case c.Request != pl.Request || c.Parts != len(pl.Parts) || c.Cut != pl.Cut:
		return errors.New("it cuts the search tree differently (written by another version of xcover?)")
	}
	for i := range c.Done {
		if i < 0 || i >= len(pl.Parts) || i%pl.Shards != pl.Shard-1 {
			return fmt.Errorf("part %d is not one of shard %d/%d's", i, pl.Shard, pl.Shards)
		}
	}
	return nil
}

// Solutions returns the sum of the counts of the finished parts.
func (c *Checkpoint) Solutions() *big.Int {
	sum, x := new(big.Int), new(big.Int)
	for _, n := range c.Done {
		sum.Add(sum, x.SetUint64(n))
	}
	return sum
}

// clone returns a deep copy.
func (c *Checkpoint) clone() *Checkpoint {
	d := *c
	d.Initial = slices.Clone(c.Initial)
	d.Done = maps.Clone(c.Done)
	return &d
}

// WriteFile saves the checkpoint to the named file atomically: it writes a temporary file
// in the same directory (named "."+name+".tmp…"), syncs it to disk and renames it over path, so that the file always
// holds a whole checkpoint — the old one or the new one — whenever the process dies.
func (c *Checkpoint) WriteFile(path string) (err error) {
	data, err := json.Marshal(c)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return fmt.Errorf("saving checkpoint: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("saving checkpoint %s: %w", path, err)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(f.Name(), path); err != nil {
		return err
	}
	// Make the rename itself durable; not every system can sync a directory.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// RemoveStale removes the temporary files that a process killed while saving a checkpoint
// at path may have left beside it. Call it before a count that will save to path starts.
func RemoveStale(path string) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	stale, err := filepath.Glob(filepath.Join(dir, "."+base+".tmp*"))
	if err != nil {
		return err
	}
	for _, name := range stale {
		if err := os.Remove(name); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("removing stale checkpoint file: %w", err)
		}
	}
	return nil
}
