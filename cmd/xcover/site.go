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
		Args:  cobra.ExactArgs(1),
		RunE:  runSite,
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
