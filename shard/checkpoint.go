package shard

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math/big"
	"os"
	"slices"

	"github.com/xcover/xcover/internal/atomicfile"
)

// A Checkpoint is the state of a shard's count: which of its parts are finished and what
// each counted. Only finished parts are recorded, so a count resumed from any checkpoint —
// even one saved just before the process was killed — counts every part exactly once, and
// its solutions, nodes and updates are exactly those of a count never interrupted.
//
// The file carries a checksum over everything else in it: a file damaged (a disk, a
// truncated copy, an edit by hand that forgot the checksum) is refused, never resumed with a
// wrong count. The checksum is no signature: it does not protect against forgery, since
// anyone who can write the file can compute it. What is read is range-checked as well: a
// part's counts must not be negative, nor have more than maxDigits digits, nor count more
// essentially different solutions than solutions (and a part of a [Plan] no more solutions
// than nodes).
type Checkpoint struct {
	Format  int    `json:"format"`
	Problem string `json:"problem"` // the problem's hash
	Initial []int  `json:"initial,omitempty"`
	Shard   int    `json:"shard"`
	Shards  int    `json:"shards"`
	Request int    `json:"request"` // the number of parts asked of the cut
	Parts   int    `json:"parts"`   // the number of parts in the whole cut
	Cut     string `json:"cut"`
	// Above is the number of search tree nodes above the cut, counted by shard 1 only.
	Above uint64 `json:"above"`
	// Done maps the index (in the plan's Parts) of each finished part to what it counted.
	Done map[int]PartCount `json:"done"`
	// Seconds is the wall time of all sessions as of the save, including work on parts
	// that were under way when a session ended and are searched again.
	Seconds float64 `json:"seconds"`
	// Checksum is the SHA-256 of the file's JSON with this field empty, in hexadecimal.
	Checksum string `json:"checksum"`
}

// A PartCount is what the search of one part counted.
type PartCount struct {
	Solutions *big.Int `json:"solutions"` // exact at any size (nil: 0)
	Nodes     uint64   `json:"nodes"`
	Updates   uint64   `json:"updates"`
	// Distinct, for counters that also count essentially different solutions (queens).
	Distinct uint64 `json:"distinct,omitempty"`
}

// newCheckpoint returns an empty checkpoint for the plan.
func (pl *plan) newCheckpoint() *Checkpoint {
	return NewCheckpoint(pl.Identity(), pl.Shard, pl.Shards)
}

// ReadCheckpoint reads the checkpoint saved in the named file.
func ReadCheckpoint(path string) (*Checkpoint, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("checkpoint %s: a directory, not a file", path)
	} else if err == nil && !fi.Mode().IsRegular() {
		// /dev/zero or a pipe: refused before reading a byte.
		return nil, fmt.Errorf("checkpoint %s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxCheckpointBytes+1))
	if err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if len(data) > maxCheckpointBytes {
		return nil, fmt.Errorf("checkpoint %s: %d bytes, more than a checkpoint can hold (%d)", path, len(data), maxCheckpointBytes)
	}
	c := new(Checkpoint)
	if err := json.Unmarshal(data, c); err != nil {
		return nil, fmt.Errorf("checkpoint %s: not a checkpoint: %v", path, err)
	}
	if c.Problem == "" || c.Format == 0 {
		return nil, fmt.Errorf("checkpoint %s: not a checkpoint (no problem or format)", path)
	}
	if c.Format != formatVersion {
		return nil, fmt.Errorf("checkpoint %s: format %d, want %d (written by another version of xcover)", path, c.Format, formatVersion)
	}
	if sum, err := c.sum(); err != nil || sum != c.Checksum {
		return nil, fmt.Errorf("checkpoint %s: checksum mismatch: the file was changed or damaged since it was saved; delete it to count from the start", path)
	}
	if c.Done == nil {
		c.Done = map[int]PartCount{}
	}
	if err := c.checkRanges(); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w; delete it to count from the start", path, err)
	}
	return c, nil
}

// checkRanges reports a count in c that no count can have: negative, longer than
// maxDigits, or with more essentially different solutions than solutions.
func (c *Checkpoint) checkRanges() error {
	for _, i := range slices.Sorted(maps.Keys(c.Done)) {
		pc := c.Done[i]
		switch {
		case pc.Solutions != nil && pc.Solutions.Sign() < 0:
			return fmt.Errorf("part %d counts %v solutions, a negative number", i, pc.Solutions)
		case pc.Solutions != nil && len(pc.Solutions.String()) > maxDigits:
			return fmt.Errorf("part %d counts solutions of more than %d digits", i, maxDigits)
		case pc.Distinct > 0 && (pc.Solutions == nil || new(big.Int).SetUint64(pc.Distinct).Cmp(pc.Solutions) > 0):
			return fmt.Errorf("part %d counts %d essentially different solutions, more than its %v solutions", i, pc.Distinct, pc.Solutions)
		}
	}
	return nil
}

// checkNodes reports a part of c that counts more solutions than nodes: in a plain search
// every solution is a node of the tree, so such a checkpoint was forged or miscomputed.
func (c *Checkpoint) checkNodes() error {
	for _, i := range slices.Sorted(maps.Keys(c.Done)) {
		pc := c.Done[i]
		if pc.Solutions != nil && pc.Solutions.Cmp(new(big.Int).SetUint64(pc.Nodes)) > 0 {
			return fmt.Errorf("part %d counts %v solutions in %d nodes: a search cannot", i, pc.Solutions, pc.Nodes)
		}
	}
	return nil
}

// maxCheckpointBytes bounds the size of a checkpoint file read: about 100 bytes per part
// of the largest cut, with room to spare.
const maxCheckpointBytes = 256 << 20

// sum returns the checksum of c: SHA-256 of its JSON with Checksum empty.
func (c *Checkpoint) sum() (string, error) {
	d := *c
	d.Checksum = ""
	data, err := json.Marshal(&d)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:]), nil
}

// Totals returns the solutions, nodes and updates of the finished parts, and the nodes
// above the cut if the checkpoint is shard 1's: exactly what an uninterrupted count of
// the same parts finds.
func (c *Checkpoint) Totals() (solutions *big.Int, nodes, updates *big.Int) {
	solutions, nodes, updates = new(big.Int), new(big.Int).SetUint64(c.Above), new(big.Int)
	x := new(big.Int)
	for _, pc := range c.Done {
		if pc.Solutions != nil {
			solutions.Add(solutions, pc.Solutions)
		}
		nodes.Add(nodes, x.SetUint64(pc.Nodes))
		updates.Add(updates, x.SetUint64(pc.Updates))
	}
	return solutions, nodes, updates
}

// check reports whether the checkpoint belongs to the plan: the same problem, initial
// options, shard and cut, with finished parts among the shard's own.
func (c *Checkpoint) check(pl *plan) error {
	return c.belongsWith(pl.newCheckpoint())
}

// Solutions returns the sum of the counts of the finished parts.
func (c *Checkpoint) Solutions() *big.Int {
	s, _, _ := c.Totals()
	return s
}

// clone returns a deep copy.
func (c *Checkpoint) clone() *Checkpoint {
	d := *c
	d.Initial = slices.Clone(c.Initial)
	d.Done = maps.Clone(c.Done)
	return &d
}

// WriteFile saves the checkpoint to the named file atomically (internal/atomicfile): the
// file always holds a whole checkpoint, the old one or the new one, whenever the process
// dies.
func (c *Checkpoint) WriteFile(path string) error {
	d := *c
	var err error
	if d.Checksum, err = c.sum(); err != nil {
		return err
	}
	data, err := json.Marshal(&d)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	err = atomicfile.Write(path, func(w io.Writer) error { _, err := w.Write(data); return err })
	if err != nil {
		return fmt.Errorf("saving checkpoint %s: %w", path, err)
	}
	return nil
}
