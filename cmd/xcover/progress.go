package main

import (
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/present"
	"golang.org/x/term"
)

// isTerminal reports whether f, an input or output, is a terminal.
func isTerminal(f any) bool {
	t, ok := f.(*os.File)
	return ok && term.IsTerminal(int(t.Fd()))
}

// liveProgress returns the progress callback of a search and the function that clears its
// line (at the end, or before output): a live line on stderr if --progress was given, or by
// default when stderr is a terminal; nil and a no-op otherwise. The callback rewrites the
// line in place, and ends it with a newline at the end of the search.
func liveProgress(cmd *cobra.Command, asked bool) (show func(xcover.Progress), clear func()) {
	if !cmd.Flags().Changed("progress") {
		asked = isTerminal(cmd.ErrOrStderr())
	}
	if !asked {
		return nil, func() {}
	}
	w := cmd.ErrOrStderr()
	shown := false // a line is on the screen, the cursor at its end
	show = func(pr xcover.Progress) {
		shown = !pr.Done
		end := "\x1b[K"
		if pr.Done {
			end += "\n"
		}
		io.WriteString(w, "\r"+present.Progress(pr)+end)
	}
	clear = func() { // erases the line, if one is shown, leaving the cursor at its start
		if shown {
			io.WriteString(w, "\r\x1b[K")
			shown = false
		}
	}
	return show, clear
}
