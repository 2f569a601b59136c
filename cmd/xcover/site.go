package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover/internal/site"
)

func newSiteCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "site DIR",
		Short: "Write the web page of serve as a static site that searches in the browser",
		Long: `Site writes into DIR (made if missing) the page of "xcover serve" as a static web site:
index.html, the search engine compiled to WebAssembly (xcover.wasm), the Web Worker
that runs it (worker.js) and Go's WebAssembly loader (wasm_exec.js). Any static web
server can serve the folder, and the page then works with no xcover process running:
the searches run in the visitor's browser, one at a time, on one thread.

The engine is built by the go command (GOOS=js GOARCH=wasm), from xcover's source: run
site within the xcover module, as "go run ./cmd/xcover site DIR" from the repository.`,
		Example: `  go run ./cmd/xcover site public
  python3 -m http.server -d public 8000    # or any static host`,
		Args: cobra.ExactArgs(1),
		RunE: runSite,
	}
}

func runSite(cmd *cobra.Command, args []string) error {
	size, err := site.Write(cmd.Context(), args[0])
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.OutOrStdout(), "xcover: wrote %s: index.html, worker.js, wasm_exec.js, xcover.wasm (%d bytes)\n", args[0], size)
	return nil
}
