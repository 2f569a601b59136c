//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package dlx

import "os"

// mapFile maps nothing here: the file is read.
func mapFile(f *os.File) (data []byte, ok bool) { return nil, false }

// unmapFile is not called here.
func unmapFile(data []byte) {}
