#!/usr/bin/env bash
# generate.sh measures Sudoku puzzle generation: "xcover sudoku --generate" against QQWing
# (Debian package qqwing) on one thread each, interleaved, and checks every puzzle xcover
# made with QQWing's own solver (unique, and not unique with any one given taken out).
set -euo pipefail

usage() {
	cat <<'EOF'
Usage: bench/generate.sh [-r RUNS] [-n XCOVER_PUZZLES] [-q QQWING_PUZZLES] [-c CHECKED] [-b BOX] [-s SYM]

Runs, RUNS times interleaved (default 5), "qqwing --generate Q --one-line" (default Q 1000)
and "xcover sudoku --generate N --seed RUN" (default N 10000), each timed by the wall clock
around the whole process, and prints each run's puzzles per second, then the median, the
lowest and highest, and the ratio of the medians xcover / QQWing; for xcover also its rate per
second of CPU (user + sys, steadier than the wall clock on a loaded machine), and on boards
above 9x9 the givens of its puzzles. Both make minimal puzzles
with a unique solution on one thread. The first CHECKED puzzles (default 300) of each of
xcover's runs are then checked with "qqwing --solve --count-solutions": each puzzle unique,
each puzzle with one given taken out not (outside the timing; QQWing counts every solution
of those, which takes it about as long as the runs). -b RxC times xcover alone on another board (QQWing does 9x9
only; nothing is checked by QQWing there; the rate is also given per hour of CPU), -s
none|180|90|mirror its symmetry. 16x16 and 25x25, one puzzle a run on seeds 1..5:
"bench/generate.sh -b 4x4 -n 1" and "bench/generate.sh -b 5x5 -n 1".

QQWing comes from "apt-get install qqwing"; xcover is built from ./cmd/xcover (or XCOVER=PATH).
EOF
}

runs=5 nx=10000 nq=1000 nc=300 box=3x3 sym=none
while getopts "r:n:q:c:b:s:h" o; do
	case $o in
	r) runs=$OPTARG ;; n) nx=$OPTARG ;; c) nc=$OPTARG ;; q) nq=$OPTARG ;; b) box=$OPTARG ;; s) sym=$OPTARG ;;
	*) usage; exit 2 ;;
	esac
done
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
x=${XCOVER:-}
if [ -z "$x" ]; then
	go build -o "$tmp/xcover" ./cmd/xcover
	x=$tmp/xcover
fi
qq=$(command -v qqwing || true)
[ "$box" = 3x3 ] && [ -z "$qq" ] && { echo "qqwing not installed (apt-get install qqwing)"; exit 1; }

rate() { # N START END
	awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { printf "%.4g", n / ((b - a) / 1e9) }'
}
stats() { # rates...: median, min, max
	printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "median %.4g/s (%.4g-%.4g)", m, v[1], v[NR] }'
}
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

xr=() qr=() xc=()
for r in $(seq "$runs"); do
	if [ "$box" = 3x3 ]; then
		a=$(date +%s%N); "$qq" --generate "$nq" --one-line > "$tmp/q$r.txt"; b=$(date +%s%N)
		qr+=("$(rate "$nq" "$a" "$b")")
	fi
	a=$(date +%s%N)
	/usr/bin/time -f "%U %S" -o "$tmp/cpu" "$x" sudoku --generate "$nx" --box "$box" --symmetry "$sym" --seed "$r" > "$tmp/x$r.txt" 2>/dev/null
	b=$(date +%s%N)
	xr+=("$(rate "$nx" "$a" "$b")")
	xc+=("$(awk -v n="$nx" '{ printf "%.4g", n / ($1 + $2) }' "$tmp/cpu")")
	givens=""
	if [ "$box" != 3x3 ]; then
		givens=" givens $(awk '{ print gsub(/[^.]/, "") }' "$tmp/x$r.txt" | sort -n | awk '{ v[NR] = $1 } END { printf "%d-%d", v[1], v[NR] }')"
	fi
	echo "run $r: xcover ${xr[-1]}/s (${xc[-1]}/s of CPU)$givens${qr:+  qqwing ${qr[-1]}/s}"
done
echo "xcover $box --symmetry $sym: $(stats "${xr[@]}"); per second of CPU: $(stats "${xc[@]}" | sed 's/median //')"
if [ "$box" != 3x3 ]; then
	# Big boards make few puzzles an hour: the same medians per hour of CPU.
	ph=() ; for v in "${xc[@]}"; do ph+=("$(awk -v v="$v" 'BEGIN { printf "%.4g", v * 3600 }')"); done
	echo "xcover $box per hour of CPU: $(stats "${ph[@]}" | sed 's|/s|/h|g')"
fi
if [ "$box" = 3x3 ]; then
	echo "qqwing 9x9: $(stats "${qr[@]}")"
	awk -v a="$(median "${xr[@]}")" -v b="$(median "${qr[@]}")" 'BEGIN { printf "ratio of medians xcover/qqwing: %.1fx\n", a / b }'
	# Every puzzle of xcover's runs, and each with one given out, through QQWing's solver.
	for f in "$tmp"/x*.txt; do head -n "$nc" "$f"; done > "$tmp/checked.txt"
	awk '{ print; for (i = 1; i <= 81; i++) if (substr($0, i, 1) != ".") print substr($0, 1, i - 1) "." substr($0, i + 1) }' "$tmp/checked.txt" > "$tmp/check.txt"
	puzzles=$(wc -l < "$tmp/checked.txt")
	want=$(( $(wc -l < "$tmp/check.txt") - puzzles ))
	"$qq" --solve --count-solutions --nosolution < "$tmp/check.txt" > "$tmp/out.txt"
	u=$(grep -c 'is unique' "$tmp/out.txt" || true)
	s=$(grep -c 'solutions to the puzzle' "$tmp/out.txt" || true)
	echo "qqwing check: $u of $puzzles puzzles unique, $s of $want with one given out not unique"
	[ "$u" = "$puzzles" ] && [ "$s" = "$want" ] || { echo "CHECK FAILED"; exit 1; }
fi
