//go:build !unix

package atomicfile

// flock does nothing where there is no flock: the lock file is created, which still
// shows that its directory is writable, but two processes are not kept apart.
func flock(uintptr) (busy bool, err error) { return false, nil }
