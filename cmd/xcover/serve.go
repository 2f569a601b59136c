package main

import (
	"fmt"
	"net"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/serve"
)

// serveFlags are the flags of the serve command.
type serveFlags struct {
	addr       string
	maxRunning int
	timeLimit  time.Duration
	memoryMiB  int64
}

func newServeCmd() *cobra.Command {
	var f serveFlags
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve a local web page to pose puzzles and watch them solved",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runServe(cmd, &f) },
	}
	fs := cmd.Flags()
	fs.StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port)")
	fs.IntVar(&f.maxRunning, "max-running", 2, "run at most `N` searches at once")
	fs.DurationVar(&f.timeLimit, "time-limit", 10*time.Minute, "stop a search after `DURATION`")
	fs.Int64Var(&f.memoryMiB, "memory", 1024, "keep the searches' problems within `MiB` mebibytes (an estimate; finished searches are forgotten first)")
	return cmd
}

func runServe(cmd *cobra.Command, f *serveFlags) error {
	switch {
	case f.maxRunning < 1:
		return usageErrorf("--max-running must be at least 1, not %d", f.maxRunning)
	case f.timeLimit <= 0:
		return usageErrorf("--time-limit must be positive, not %v", f.timeLimit)
	case f.memoryMiB < 64 || f.memoryMiB > 1<<30:
		return usageErrorf("--memory must be from 64 to %d MiB, not %d", 1<<30, f.memoryMiB)
	}
	host, _, err := net.SplitHostPort(f.addr)
	if err != nil {
		return usageErrorf("--addr %q: %v", f.addr, err)
	}
	opt := serve.Options{MaxRunning: f.maxRunning, JobTimeout: f.timeLimit, MaxMemoryBytes: f.memoryMiB << 20}
	local := serve.IsLoopback(host)
	if !local {
		opt.Hosts = []string{"*"}
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String() + "/"
	if local {
		fmt.Fprintf(cmd.OutOrStdout(), "xcover: serving %s (this machine only; ^C to stop)\n", url)
	} else {
		fmt.Fprintf(cmd.OutOrStdout(), "xcover: serving %s\n", url)
		warnf(cmd, "listening on %s: other machines can reach this server", ln.Addr())
	}
	err = serve.New(opt).Serve(cmd.Context(), ln, 5*time.Second)
	fmt.Fprintln(cmd.OutOrStdout(), "xcover: server stopped")
	if err == nil && cmd.Context().Err() != nil {
		// Stopped by ^C or SIGTERM: exit 130, as every command does when interrupted.
		return interruptedf("interrupted: the server stopped")
	}
	return err
}
