#!/usr/bin/env bash
# compare.sh compares the engine's Go benchmarks at another revision with the working tree's,
# side by side (see usage below).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: bench/compare.sh [-n RUNS] [-b REGEXP] REV

RUNS defaults to 8; REGEXP (default Queens12|PentominoesHoled|Colors|Bounds, the ones that
take well under a second) picks the benchmarks, as go test -bench does.

Builds the root package's benchmarks (counts of queens, pentominoes, MacMahon's squares with
colours, 0/1 matrices with bounds, a million items) and the engine's kernel benchmarks at
revision REV and in the working tree, runs them interleaved (old, new, old, new, ... RUNS
times each, on one CPU), and prints benchstat's
comparison. The kernel benchmarks moved from the root (BenchmarkDLXQueens12 ...) into
internal/engine (BenchmarkKernelsQueens12/dlx ...); their old names are mapped onto the new
ones so that benchstat pairs them. Interleaving keeps a shared machine's drift out of the
ratios; compare ratios, not absolute times. benchstat is installed (pinned) if missing.
USAGE
}

runs=8
bench='Queens12|PentominoesHoled|Colors|Bounds'
while getopts "n:b:h" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	b) bench=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { usage >&2; exit 2; }
rev=$1

root=$(git rev-parse --show-toplevel)
work=$(mktemp -d)
trap 'git -C "$root" worktree remove --force "$work/old" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT

benchstat=$(command -v benchstat || true)
if [ -z "$benchstat" ]; then
	GOBIN="$work/bin" go install golang.org/x/perf/cmd/benchstat@v0.0.0-20251208221838-04cf7a2dca90
	benchstat="$work/bin/benchstat"
fi

git -C "$root" worktree add --detach -q "$work/old" "$rev"
build() { # build DIR OUT: the root and (where it has them) the engine's test binaries
	(cd "$1" && go test -c -o "$2.root" . && go test -c -o "$2.engine" ./internal/engine)
}
build "$work/old" "$work/old.test"
build "$root" "$work/new.test"

run() { # run BINARY-PREFIX OUT
	"$1.root" -test.run '^$' -test.bench "$bench" -test.cpu 1 >>"$2"
	"$1.engine" -test.run '^$' -test.bench "BenchmarkKernels($bench)" -test.cpu 1 >>"$2" 2>/dev/null || true
}
for i in $(seq "$runs"); do
	echo "run $i of $runs" >&2
	run "$work/old.test" "$work/old.txt"
	run "$work/new.test" "$work/new.txt"
done
# Old kernel benchmark names onto the new ones.
sed -i -E 's/^BenchmarkDLX(Queens12|Pentominoes6x10|Bounds)(-[0-9]+)?/BenchmarkKernels\1\/dlx/' "$work/old.txt"
# One table for both packages: the kernel benchmarks were in the root before.
sed -i '/^pkg:/d' "$work/old.txt" "$work/new.txt"
"$benchstat" old="$work/old.txt" new="$work/new.txt"
