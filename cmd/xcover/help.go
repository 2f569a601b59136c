package main

import (
	"embed"
	"strings"
)

// help holds the long help of the commands, help/NAME.txt for the command NAME: its
// description, then after a line "Examples:" its examples, as cobra shows them.
//
//go:embed help/*.txt
var help embed.FS

// helpText returns the description and the examples of the command name, from
// help/NAME.txt. A command without its file is a fault of the build, found by the tests.
func helpText(name string) (long, example string) {
	b, err := help.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("xcover: no help for command " + name + ": " + err.Error())
	}
	long, example, _ = strings.Cut(strings.TrimSuffix(string(b), "\n"), "\n\nExamples:\n")
	return long, example
}
