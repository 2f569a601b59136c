//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package dlx

import (
	"io"
	"os"
	"syscall"
)

// mapFile maps the regular file f, from its current offset (0) to its end, read only,
// and returns its bytes, or ok false where it cannot (then f is read as before).
func mapFile(f *os.File) (data []byte, ok bool) {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 || fi.Size() >= 1<<40 || int64(int(fi.Size())) != fi.Size() {
		return nil, false
	}
	if off, err := f.Seek(0, io.SeekCurrent); err != nil || off != 0 {
		return nil, false
	}
	data, err = syscall.Mmap(int(f.Fd()), 0, int(fi.Size()), syscall.PROT_READ, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, false
	}
	return data, true
}

// unmapFile unmaps what mapFile mapped.
func unmapFile(data []byte) { _ = syscall.Munmap(data) }
