#!/usr/bin/env bash
# wasm.sh times the static site's engine (WebAssembly, in headless Chromium) side by side
# with the xcover command on one worker and with the server's handler in native Go, in one
# run, interleaved: pentominoes 6x10 count, 8- to 12-queens counts, a Sudoku set. It builds
# the command and the site (xcover site) into a temporary folder first.
#
# Usage: bench/wasm.sh [-r RUNS] [-sudoku FILE] [-n PUZZLES] [-only REGEXP]   (flags of bench/cmd/wasmbench)
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/xcover" ./cmd/xcover
"$tmp/xcover" site "$tmp/site" >&2
go build -o "$tmp/wasmbench" ./bench/cmd/wasmbench
"$tmp/wasmbench" -xcover "$tmp/xcover" -site "$tmp/site" "$@"
