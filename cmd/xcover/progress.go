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

// A progressLine is a status line on a terminal, rewritten in place.
type progressLine struct {
	w     io.Writer
	shown bool // a line is on the screen, the cursor at its end
}

// clear erases the line, if one is shown, leaving the cursor at the start of the line.
func (l *progressLine) clear() {
	if l.shown {
		io.WriteString(l.w, "\r\x1b[K")
		l.shown = false
	}
}

// show replaces the line with one describing pr; at the end of the search it ends the line
// with a newline.
func (l *progressLine) show(pr xcover.Progress) {
	l.shown = !pr.Done
	end := "\x1b[K"
	if pr.Done {
		end += "\n"
	}
	io.WriteString(l.w, "\r"+present.Progress(pr)+end)
}

// liveProgress returns the progress callback of a search and the function that clears its
// line (at the end, or before output): a live line on stderr if --progress was given, or by
// default when stderr is a terminal; nil and a no-op otherwise.
func liveProgress(cmd *cobra.Command, asked bool) (show func(xcover.Progress), clear func()) {
	if !cmd.Flags().Changed("progress") {
		asked = isTerminal(cmd.ErrOrStderr())
	}
	if !asked {
		return nil, func() {}
	}
	line := &progressLine{w: cmd.ErrOrStderr()}
	return line.show, line.clear
}
