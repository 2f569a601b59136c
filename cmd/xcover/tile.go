package main

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/present"
	"github.com/xcover/xcover/internal/textio"
	"github.com/xcover/xcover/interop"
	"github.com/xcover/xcover/puzzle"
	"github.com/xcover/xcover/tiling"
)

// tileFlags are the flags of the tile command.
type tileFlags struct {
	pieces, piecesFile, region, regionFile string
	noFlip, mirror, mirrorImages           bool
	copies                                 int
	atMost, partial                        bool
	count, distinct, json, random          bool
	puzzle                                 bool // pieces to pre-place, then the tiling
	progress                               bool
	limit, seed                            uint64
	format, emit, via                      string
	workers                                int
}

func newTileCmd() *cobra.Command {
	var f tileFlags
	cmd := &cobra.Command{
		Use:   "tile",
		Short: "Count, list and draw tilings of a region by polyominoes or polycubes",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runTile(cmd, &f) },
	}
	fs := cmd.Flags()
	fs.StringVar(&f.pieces, "pieces", "", "built-in pieces `NAME[:K][,NAME...]`")
	fs.StringVar(&f.piecesFile, "pieces-file", "", "read the pieces from a picture in `FILE` (- for stdin)")
	fs.StringVar(&f.region, "region", "", "rectangle or box `WxH|WxHxD`")
	fs.StringVar(&f.regionFile, "region-file", "", "read the region from a picture in `FILE` (- for stdin)")
	fs.BoolVar(&f.noFlip, "no-flip", false, "pieces in the plane may not be turned over")
	fs.BoolVar(&f.mirror, "mirror", false, "pieces in space may be mirrored")
	fs.BoolVar(&f.mirrorImages, "mirror-images", false, "with --distinct, also identify mirror-image tilings when mirroring maps the pieces to pieces")
	fs.IntVar(&f.copies, "copies", 1, "`K` copies of every piece (multiplies NAME:K)")
	fs.BoolVar(&f.atMost, "at-most", false, "use each piece at most its copies, not exactly")
	fs.BoolVar(&f.partial, "partial", false, "cells of the region may stay empty")
	fs.BoolVar(&f.count, "count", false, "print the number of tilings")
	fs.BoolVar(&f.progress, "progress", false, "with --count: show live progress on stderr (default: when stderr is a terminal)")
	fs.BoolVar(&f.distinct, "distinct", false, "only essentially different tilings (with --count: count both)")
	fs.BoolVar(&f.json, "json", false, "print JSON")
	fs.Uint64Var(&f.limit, "limit", 0, "list at most `K` tilings (0: all; 1 with --random)")
	fs.BoolVar(&f.random, "random", false, "list random tilings")
	fs.BoolVar(&f.puzzle, "puzzle", false, "make a puzzle: the pieces to pre-place so that one tiling remains (a minimal set, of a random tiling with --seed), then that tiling")
	fs.Uint64Var(&f.seed, "seed", 0, "random seed `S` (implies --random)")
	fs.StringVar(&f.format, "format", "text", "output `FORMAT`: text or svg")
	fs.StringVar(&f.emit, "emit", "", "write the problem in `FORMAT` dlx instead of solving it")
	fs.IntVar(&f.workers, "workers", 0, "number of goroutines `N` (0: one per CPU)")
	addViaFlag(cmd, &f.via, "lists 1 tiling unless --limit")
	return cmd
}

// maxPicture bounds the size of a picture file (a region, pieces, jigsaw regions): far
// beyond any board a search could fill, and refused before it fills memory.
const maxPicture = 16 << 20

// readPicture reads a picture file, "-" meaning standard input, through the bounded line
// reader every input goes through: binary input, a runaway line or a picture over
// maxPicture bytes is refused with the file and line. No file (name "") is no picture.
func readPicture(cmd *cobra.Command, name string) (string, error) {
	if name == "" {
		return "", nil
	}
	return readInput(cmd, name, func(r io.Reader, name string) (string, error) {
		return textio.ReadText(r, name, "picture", maxPicture)
	})
}

// tilePuzzle builds the puzzle the flags describe, reading pictures from their files; the
// tiling package parses them as for every front end. It returns the puzzle's title too.
func tilePuzzle(cmd *cobra.Command, f *tileFlags) (*tiling.Puzzle, string, error) {
	if f.copies < 1 {
		return nil, "", usageErrorf("--copies must be at least 1, not %d", f.copies)
	}
	spec := tiling.Spec{Pieces: f.pieces, Copies: f.copies, Size: f.region,
		NoFlip: f.noFlip, Mirror: f.mirror, AtMost: f.atMost, Partial: f.partial}
	var err error
	if spec.PiecesPicture, err = readPicture(cmd, f.piecesFile); err != nil {
		return nil, "", err
	}
	if spec.RegionPicture, err = readPicture(cmd, f.regionFile); err != nil {
		return nil, "", err
	}
	pz, title, err := spec.Puzzle()
	se, ok := errors.AsType[*tiling.SpecError](err)
	if !ok {
		return pz, title, err
	}
	switch se.Field { // a picture's faults are bad input; the flags', usage
	case "PiecesPicture":
		return nil, "", fmt.Errorf("%s: %w", f.piecesFile, se.Err)
	case "RegionPicture":
		return nil, "", fmt.Errorf("%s: %w", f.regionFile, se.Err)
	case "Pieces":
		return nil, "", usageErrorf("--pieces: %v", se.Err)
	case "Size":
		return nil, "", usageErrorf("--region: %v", se.Err)
	}
	return nil, "", usageErrorf("%v", strings.TrimPrefix(se.Error(), "tiling: "))
}

func runTile(cmd *cobra.Command, f *tileFlags) error {
	switch {
	case f.format != "text" && f.format != "svg":
		return usageErrorf("unknown --format %q: want text or svg", f.format)
	case f.json && f.format != "text":
		return usageErrorf("--json and --format %s do not go together", f.format)
	case f.noFlip && f.mirror:
		return usageErrorf("--no-flip and --mirror contradict each other")
	case f.via != "" && (f.count || f.distinct || f.random):
		return usageErrorf("--via lists tilings found by an external solver: not with --count, --distinct or --random")
	}
	randomSeed(cmd, f.random, &f.seed)
	if (f.random || f.via != "") && !cmd.Flags().Changed("limit") {
		f.limit = 1
	}
	tp, title, err := tilePuzzle(cmd, f)
	if err != nil {
		return err
	}
	pz, err := puzzle.Tiling(tp, puzzle.TilingOptions{Title: title, Distinct: f.distinct, MirrorImages: f.mirrorImages})
	if err != nil {
		return err
	}
	if f.emit != "" {
		return dlx.Write(cmd.OutOrStdout(), pz.Problem()) // --emit dlx, buffered by dlx.Write
	}
	a := pz.About()
	if a.Impossible {
		notef(cmd, "%s", a.Note)
	}
	cfg := xcover.Config{Random: f.random, Seed: f.seed, Workers: f.workers}
	switch {
	case f.puzzle && (f.count || f.distinct || f.via != ""):
		return usageErrorf("--puzzle: not with --count, --distinct or --via")
	case f.count:
		return tileCount(cmd, f, pz, cfg)
	case a.Impossible: // no tiling to list or to make a puzzle of
		return nil
	case f.puzzle:
		return writePuzzle(cmd, pz, cfg, jsonFormat(f.format, f.json))
	}
	return tileList(cmd, f, pz, cfg)
}

// tileCount prints the number of tilings (and of classes with --distinct).
func tileCount(cmd *cobra.Command, f *tileFlags, pz puzzle.Puzzle, cfg xcover.Config) error {
	ctx := cmd.Context()
	if show, clear := liveProgress(cmd, f.progress); show != nil { // count --progress's line
		defer clear()
		cfg.ProgressInterval = 500 * time.Millisecond
		cfg.Progress = show
	}
	res, classes, cerr := puzzle.Count(ctx, pz, cfg, f.distinct)
	if cerr != nil && ctx.Err() == nil {
		return cerr
	}
	t := present.Tally{Partial: cerr != nil} // cut off by ^C
	if res.Solutions != nil {
		t.Solutions = res.Solutions.Uint64() // a tiling's count: plain, one by one
	}
	if f.distinct {
		t.Distinct = &classes
	}
	return printResult(cmd.OutOrStdout(), f.json, t, t.Text(),
		stopped(cmd, cerr, "interrupted: the count %d is partial", t.Solutions))
}

// tileList prints the tilings (one per class with --distinct), each checked, as text, JSON
// or one SVG picture.
func tileList(cmd *cobra.Command, f *tileFlags, pz puzzle.Puzzle, cfg xcover.Config) error {
	out := bufio.NewWriter(cmd.OutOrStdout())
	defer out.Flush()
	lw, err := present.NewListWriter(out, pz, jsonFormat(f.format, f.json))
	if err != nil {
		return err
	}
	what := "tilings"
	cfg.Limit = f.limit
	if f.via != "" { // the solver's solutions, in its order (no --distinct), checked as the engine's
		what, pz, cfg = "solutions", puzzle.Via(pz, interop.Via(f.via)), xcover.Config{Limit: f.limit}
	}
	err = puzzle.Each(cmd.Context(), pz, cfg, f.distinct, func(sol []int, class int) bool { return lw.Write(sol, class) == nil })
	if err != nil { // what was written so far is flushed by the deferred Flush
		return stopped(cmd, err, "interrupted after %d %s", lw.Written(), what)
	}
	if f.via != "" && lw.Written() == 0 {
		notef(cmd, "no solution")
	}
	return cmp.Or(lw.Flush(), out.Flush()) // the first error
}
