#!/usr/bin/env bash
# sudoku.sh measures the throughput of "xcover sudoku" on the Sudoku benchmark sets, side by
# side with tdoku's benchmark program when one is given (see usage below).
set -euo pipefail

usage() {
	cat <<'EOF'
Usage: [TDOKU_BIN=PATH] bench/sudoku.sh [-r RUNS] [-m MIN] [-t SECS] [-w WORKERS] [-g] [-k] [SET ...]

Measures puzzles per second of "xcover sudoku" (uniqueness-checked: every puzzle is solved
with a limit of two solutions, and every solution is verified before it is printed) on the
Sudoku benchmark sets, on one thread by default, and, when TDOKU_BIN is set, of tdoku's
benchmark program run_benchmark on one thread in the same run, also uniqueness-checked (its
default; -f is not passed), without its random permutation of the puzzles (-r0). Prints the
median and the best of the runs of each program on each set, xcover's rate per thread (its
rate divided by its workers) and the ratios xcover per thread / tdoku of the medians and of
the bests. On a busy machine the best of several runs is the steadier figure.

TDOKU_BIN must point at tdoku's run_benchmark executable, built outside this repository
from tdoku's published sources. This repository does not contain tdoku and does not build it.

Sets (default: 17_clue top1465 hardest_1106) are files NAME.txt in $SUDOKU_SETS
(default ../shared/bench/sudoku next to the repository, else /work/shared/bench/sudoku),
one puzzle a line.

Options:
  -r RUNS     runs of each program on each set (default 3); the runs are interleaved
  -m MIN      xcover solves each set repeated until it holds at least MIN puzzles
              (default 50000), so that a run lasts long enough to time
  -t SECS     tdoku's test time per run in whole seconds (default 3; warmup 1 s)
  -w WORKERS  xcover's --workers (default 1; 0: all cores)
  -g          generate the sets of other boards into the temporary directory (300 unique
              puzzles each, made by the sudoku package's TestGenerateSets): 2x2 (4x4
              boards), 4x4 (16x16), 5x5 (25x25), x (9x9 X-Sudoku) and windoku (9x9);
              without SETs, time these instead of the 9x9 sets. tdoku does not run on them
  -k          keep the temporary directory

xcover is built once from ./cmd/xcover (or XCOVER=PATH names a binary) and runs as
"xcover sudoku --workers WORKERS FILE" with its output thrown away; its rate is the one it
prints on stderr. tdoku's is the puzzles/sec of its table. On a shared machine other
processes take their share of the cores: the load average is printed before and after;
compare ratios from the same run, not absolute rates.
EOF
}

runs=3
minp=50000
tsecs=3
workers=1
keep=0
gen=0
while getopts "r:m:t:w:gkh" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	m) minp=$OPTARG ;;
	t) tsecs=$OPTARG ;;
	w) workers=$OPTARG ;;
	g) gen=1 ;;
	k) keep=1 ;;
	h)
		usage
		exit 0
		;;
	*)
		usage >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))

root=$(cd "$(dirname "$0")/.." && pwd)
sets_dir=${SUDOKU_SETS:-}
if [[ -z $sets_dir ]]; then
	if [[ -d $root/../shared/bench/sudoku ]]; then
		sets_dir=$root/../shared/bench/sudoku
	else
		sets_dir=/work/shared/bench/sudoku
	fi
fi
sets=("$@")
if [[ ${#sets[@]} -eq 0 && $gen == 1 ]]; then
	sets=(2x2 4x4 5x5 x windoku)
elif [[ ${#sets[@]} -eq 0 ]]; then
	sets=(17_clue top1465 hardest_1106)
fi

tdoku=${TDOKU_BIN:-}
if [[ -n $tdoku && ! -x $tdoku ]]; then
	echo "sudoku.sh: TDOKU_BIN=$tdoku is not an executable" >&2
	exit 2
fi

tmp=$(mktemp -d)
if [[ $keep == 0 ]]; then
	trap 'rm -rf "$tmp"' EXIT
else
	echo "temporary directory: $tmp"
fi

if [[ $gen == 1 ]]; then
	mkdir "$tmp/gen"
	(cd "$root" && SUDOKU_GEN_DIR="$tmp/gen" go test -count=1 -run '^TestGenerateSets$' ./sudoku/ >/dev/null)
	sets_dir=$tmp/gen
fi

# flags prints the board flags of a set: the variants by name, other sizes from the puzzles.
flags() {
	case $1 in
	x) echo --x ;;
	windoku) echo --windoku ;;
	esac
}

# ninebynine reports whether tdoku can solve a set: classic 9x9 puzzles.
ninebynine() {
	[[ $1 != x && $1 != windoku && $(head -c 82 "$tmp/$1.txt" | head -1 | wc -c) == 82 ]]
}

xc=${XCOVER:-}
if [[ -z $xc ]]; then
	xc=$tmp/xcover
	(cd "$root" && go build -o "$xc" ./cmd/xcover)
fi

# best prints the largest of its arguments.
best() {
	printf '%s\n' "$@" | sort -g | tail -1
}

# median prints the median of its arguments.
median() {
	printf '%s\n' "$@" | sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

# Prepare each set: the puzzle lines, and for xcover the set repeated to at least minp puzzles.
declare -A lines
for s in "${sets[@]}"; do
	f=$sets_dir/$s.txt
	if [[ ! -r $f ]]; then
		echo "sudoku.sh: no set $f" >&2
		exit 2
	fi
	grep -v '^#' "$f" | grep -v '^[[:space:]]*$' >"$tmp/$s.txt"
	n=$(wc -l <"$tmp/$s.txt")
	lines[$s]=$n
	reps=$(((minp + n - 1) / n))
	for ((i = 0; i < reps; i++)); do cat "$tmp/$s.txt"; done >"$tmp/$s.rep.txt"
done

echo "cores: $(nproc); load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
declare -A xrates trates
for ((r = 1; r <= runs; r++)); do
	for s in "${sets[@]}"; do
		# shellcheck disable=SC2046
		err=$("$xc" sudoku $(flags "$s") --workers "$workers" "$tmp/$s.rep.txt" 2>&1 >/dev/null) || {
			echo "sudoku.sh: xcover failed on $s: $err" >&2
			exit 1
		}
		case $err in
		*"not unique"* | *"without solution"* | *malformed*)
			echo "sudoku.sh: $s: $err" >&2
			;;
		esac
		rate=$(sed -n 's/.*s: \([0-9.]*\) puzzles\/s.*/\1/p' <<<"$err" | tail -1)
		xrates[$s]+="$rate "
		if [[ -n $tdoku ]] && ninebynine "$s"; then
			out=$("$tdoku" -r0 -n "${lines[$s]}" -t "$tsecs" -w 1 -s tdoku "$tmp/$s.txt" 2>&1) || {
				echo "sudoku.sh: tdoku failed on $s: $out" >&2
				exit 1
			}
			rate=$(awk -F'|' '/^\|tdoku/ {gsub(/[^0-9.]/, "", $3); print $3}' <<<"$out" | tail -1)
			trates[$s]+="$rate "
		fi
	done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

threads=$workers
if [[ $threads == 0 ]]; then
	threads=$(nproc)
fi
printf '%-14s %8s %12s %12s %12s %12s %8s %8s\n' set puzzles "xcover p/s" "per thread" "best/thread" "tdoku (1T)" ratio "best"
for s in "${sets[@]}"; do
	# shellcheck disable=SC2086
	x=$(median ${xrates[$s]})
	# shellcheck disable=SC2086
	xb=$(best ${xrates[$s]})
	xt=$(awk -v x="$x" -v n="$threads" 'BEGIN {printf "%.0f", x / n}')
	xbt=$(awk -v x="$xb" -v n="$threads" 'BEGIN {printf "%.0f", x / n}')
	t=- ratio=- bratio=-
	if [[ -n ${trates[$s]:-} ]]; then
		# shellcheck disable=SC2086
		t=$(median ${trates[$s]})
		# shellcheck disable=SC2086
		tb=$(best ${trates[$s]})
		ratio=$(awk -v x="$xt" -v t="$t" 'BEGIN {printf "%.2fx", x / t}')
		bratio=$(awk -v x="$xbt" -v t="$tb" 'BEGIN {printf "%.2fx", x / t}')
		t=$(awk -v t="$t" 'BEGIN {printf "%.0f", t}')
	fi
	printf '%-14s %8s %12.0f %12s %12s %12s %8s %8s\n' "$s" "${lines[$s]}" "$x" "$xt" "$xbt" "$t" "$ratio" "$bratio"
done
echo "xcover: --workers $workers ($threads thread(s)), median and best of $runs; tdoku: one thread, median and best of $runs"
