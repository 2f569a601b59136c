package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrLocked is the error of Lock (wrapped) when another process holds the lock.
var ErrLocked = errors.New("in use by another process")

// LockName returns the name of the lock file that Lock takes for name: "."+base+".lock"
// in the same directory.
func LockName(name string) string {
	dir, base := split(name)
	return filepath.Join(dir, "."+base+".lock")
}

// Lock takes an exclusive lock for the file name, held until unlock is called or the
// process ends (even by SIGKILL): a second Lock of the same name, in this process or
// another, fails at once with an error that wraps ErrLocked and names the process that
// holds it. The lock is a file beside name (LockName) that holds the process id; unlock
// removes it (a process killed leaves it, unlocked, for the next Lock to take). Creating it
// also shows that Write can create its temporary file there.
func Lock(name string) (unlock func(), err error) {
	lp := LockName(name)
	for {
		f, err := os.OpenFile(lp, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			return nil, fmt.Errorf("cannot create a file beside %s: %w", name, err)
		}
		busy, err := flock(f.Fd())
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", lp, err)
		}
		if busy {
			b, _ := io.ReadAll(io.LimitReader(f, 64))
			f.Close()
			who := "another process"
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
				who = "process " + strconv.Itoa(pid)
			}
			return nil, fmt.Errorf("%s is %w: %s holds its lock %s", name, ErrLocked, who, lp)
		}
		// The holder before us may have removed the file between our open and our lock:
		// then we hold the lock of a file no one else sees, and must try again.
		fi, ferr := f.Stat()
		li, lerr := os.Stat(lp)
		if ferr != nil || lerr != nil || !os.SameFile(fi, li) {
			f.Close()
			continue
		}
		// Say who holds it, for the message of the next one to try.
		if err := f.Truncate(0); err == nil {
			f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
		}
		return func() {
			os.Remove(lp) // while still locked, so no one takes the file being removed
			f.Close()
		}, nil
	}
}
