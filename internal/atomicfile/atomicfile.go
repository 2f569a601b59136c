// Package atomicfile writes files that are either whole or absent: what a reader (or a
// process resuming after a crash) finds at the name is the old file or the new one, never
// a part of one.
package atomicfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// Write writes the file name through write, buffered: into a temporary file in the same
// directory (named "."+base+".tmp" and a random suffix), synced to disk, given mode
// 0644 and renamed to name only when complete. On an error the temporary file is
// removed and name is untouched.
func Write(name string, write func(io.Writer) error) (err error) {
	dir, base := split(name)
	f, err := os.CreateTemp(dir, "."+base+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	bw := bufio.NewWriterSize(f, 256<<10)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Sync(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err := os.Rename(f.Name(), name); err != nil {
		return err
	}
	// Make the rename itself durable; not every system can sync a directory.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// RemoveStale removes the temporary files that a process killed inside Write(name, ...)
// may have left beside name.
func RemoveStale(name string) error {
	dir, base := split(name)
	stale, err := filepath.Glob(filepath.Join(dir, "."+base+".tmp*"))
	if err != nil {
		return err
	}
	for _, s := range stale {
		if err := os.Remove(s); err != nil && !os.IsNotExist(err) {
			return fmt.Errorf("removing stale temporary file: %w", err)
		}
	}
	return nil
}

// split returns the directory of name ("." for none) and its base name.
func split(name string) (dir, base string) {
	dir, base = filepath.Split(name)
	if dir == "" {
		dir = "."
	}
	return dir, base
}
