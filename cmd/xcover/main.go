// Command xcover solves exact cover problems and the puzzles built on them.
package main

import (
	_ "github.com/spf13/cobra"
	_ "golang.org/x/term"
)

func main() {}
