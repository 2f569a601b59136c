package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its two ends: the master, which the test
// types into, and the terminal the command reads. It skips the test where there is none.
func openPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	ioctl := func(req uintptr, arg unsafe.Pointer) error {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, master.Fd(), req, uintptr(arg)); e != 0 {
			return e
		}
		return nil
	}
	var unlock int32
	var n uint32
	if err := ioctl(syscall.TIOCSPTLCK, unsafe.Pointer(&unlock)); err != nil {
		t.Skipf("no pseudo-terminal: unlock: %v", err)
	}
	if err := ioctl(syscall.TIOCGPTN, unsafe.Pointer(&n)); err != nil {
		t.Skipf("no pseudo-terminal: its number: %v", err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return master, tty
}

// TestStdinTerminalNote runs count with no file and a terminal for its standard input: it
// says on stderr that it reads standard input (it waited silently: issue 41, point 17), then
// counts what is typed up to ^D. Given a file, or standard input that is not a terminal,
// it says nothing of the kind.
func TestStdinTerminalNote(t *testing.T) {
	const note = "reading the problem from standard input"
	master, tty := openPTY(t)
	// Typed before the command starts: the terminal keeps it until it is read.
	if _, err := master.WriteString("A B\nA\nB\n\x04"); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var stdout, stderr strings.Builder
	code := runContext(ctx, []string{"count"}, tty, &stdout, &stderr)
	if code != 0 || stdout.String() != "1\n" || !strings.Contains(stderr.String(), note) {
		t.Errorf("count on a terminal: exit %d, stdout %q, stderr %q; want 0, \"1\\n\" and a note that it reads standard input", code, stdout.String(), stderr.String())
	}
	for _, tt := range []struct {
		name  string
		stdin string
		args  []string
	}{
		{"a pipe", "A B\nA\nB\n", []string{"count"}},
		{"a file", "", []string{"count", writeFiles(t, map[string]string{"p.dlx": "A B\nA B\n"}) + "/p.dlx"}},
	} {
		r := runX(t, tt.stdin, tt.args...)
		if r.code != 0 || r.stdout != "1\n" || strings.Contains(r.stderr, note) {
			t.Errorf("count from %s: exit %d, stdout %q, stderr %q; want 0, \"1\\n\" and no note", tt.name, r.code, r.stdout, r.stderr)
		}
	}
}
