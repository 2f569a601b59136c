//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// flock takes an exclusive lock on the open file fd without waiting; busy reports that
// another open file holds it.
func flock(fd uintptr) (busy bool, err error) {
	err = syscall.Flock(int(fd), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return true, nil
	}
	return false, err
}
