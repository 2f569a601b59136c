package main

import (
	"embed"
	"strings"

	"github.com/spf13/cobra"
)

// helpFiles holds each command's help, help/NAME.txt: the text that --help prints
// (cobra's Long), then after a line "Examples:" the examples (cobra's Example).
//
//go:embed help/*.txt
var helpFiles embed.FS

// loadHelp sets the Long and Example of c and of every command under it from its help
// file, where it has one.
func loadHelp(c *cobra.Command) {
	if b, err := helpFiles.ReadFile("help/" + c.Name() + ".txt"); err == nil {
		long, example, _ := strings.Cut(string(b), "\nExamples:\n")
		c.Long, c.Example = strings.TrimSuffix(long, "\n"), strings.TrimSuffix(example, "\n")
	}
	for _, sub := range c.Commands() {
		loadHelp(sub)
	}
}
