#!/usr/bin/env bash
# memo.sh times memoised counting (xcover count --memo) side by side with counting solution
# by solution and, where KNUTH_BIN holds it, with Knuth's DLX6 (see usage below).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: [KNUTH_BIN=DIR] bench/memo.sh [-r RUNS] [-n MAXN]
       bench/memo.sh -w [-r RUNS]

Counts the domino tilings of n x n boards (n = 8, 10, ..., MAXN; default 16) with
"xcover count --memo --workers 1", and with Knuth's DLX6 when KNUTH_BIN/dlx6 exists (built
outside this repository from his published dlx6.w; this repository neither contains nor
builds it). Then pentominoes 6x10 and queens 13 with --memo=auto against plain count, the
rows where the cache must not cost. Prints median wall seconds and peak memory (MB, from
/usr/bin/time) over RUNS interleaved runs (default 3), the counts, and the ratios
xcover/DLX6 and auto/plain. On a shared machine compare ratios, not absolute times.

With -w it times "count --memo" on one worker and on two, interleaved, on the cases of
issue 23 (domino tilings of 18x18 and 20x20, A001499(13): 0/1 matrices with two 1s in every
row and column) and prints per case the medians of wall seconds and of CPU seconds (user +
system) for each, the wall speed-up (1 worker / 2) and the CPU inflation (2 workers / 1).
CASES (default "dom18 dom20 a1499-13") chooses among them. The speed-up means something
only on an otherwise idle machine with two cores or more;
the inflation is the work the second worker costs, and can be read under load.
USAGE
}

runs=${R:-3}
maxn=16
workers=0
while getopts "r:n:wh" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	n) maxn=$OPTARG ;;
	w) workers=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/xcover" ./cmd/xcover)
dlx6=""
if [[ -n ${KNUTH_BIN:-} && -x ${KNUTH_BIN}/dlx6 ]]; then
	# DLX6 reads the problem on standard input and reports its count on standard error.
	printf '#!/bin/sh\nexec "%s" <"$1" 2>&1\n' "${KNUTH_BIN}/dlx6" >"$tmp/dlx6"
	chmod +x "$tmp/dlx6"
	dlx6=$tmp/dlx6
fi
if [[ ! -x /usr/bin/time ]]; then
	echo "memo.sh: /usr/bin/time is needed for peak memory (apt-get install time)" >&2
	exit 1
fi

# run CMD...: prints "seconds megabytes" of one run; the command's stdout goes to $tmp/out.
run() {
	/usr/bin/time -f "%e %M" -o "$tmp/time" "$@" >"$tmp/out" 2>/dev/null || true
	awk '{printf "%s %.0f\n", $1, $2/1024}' "$tmp/time"
}

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# row NAME FILE CMD_A... -- CMD_B...: times A and B interleaved and prints a line.
row() {
	local name=$1 file=$2
	shift 2
	local a=() b=()
	while [[ $1 != -- ]]; do a+=("$1"); shift; done
	shift
	b=("$@")
	: >"$tmp/ta"; : >"$tmp/tb"
	for ((i = 0; i < runs; i++)); do
		run "${a[@]}" "$file" >>"$tmp/ta"
		counta=$(grep -o '^[0-9]*' "$tmp/out" | head -1 || true)
		if [[ ${#b[@]} -gt 0 ]]; then
			run "${b[@]}" "$file" >>"$tmp/tb"
			countb=$(grep -o 'Altogether [0-9]*' "$tmp/out" | grep -o '[0-9][0-9]*' | tail -1 || true)
		fi
	done
	local sa ma sb mb
	sa=$(cut -d' ' -f1 "$tmp/ta" | median); ma=$(cut -d' ' -f2 "$tmp/ta" | median)
	if [[ ${#b[@]} -gt 0 ]]; then
		sb=$(cut -d' ' -f1 "$tmp/tb" | median); mb=$(cut -d' ' -f2 "$tmp/tb" | median)
		printf "%-22s %10s s %6s MB   %10s s %6s MB   %6.2f  %s | %s\n" "$name" "$sa" "$ma" "$sb" "$mb" \
			"$(awk -v a="$sa" -v b="$sb" 'BEGIN {print (b > 0 ? a/b : 0)}')" "$counta" "${countb:-}"
	else
		printf "%-22s %10s s %6s MB   %10s   %6s      %6s  %s\n" "$name" "$sa" "$ma" "-" "-" "-" "$counta"
	fi
}

# scaling: times "count --memo" on one worker and two, interleaved, on the cases of issue 23.
scaling() {
	(cd "$root" && go run ./internal/problems/gen -dominoes 18x18) >"$tmp/dom18.dlx"
	(cd "$root" && go run ./internal/problems/gen -dominoes 20x20) >"$tmp/dom20.dlx"
	{
		echo "| 0/1 13x13 matrices with two 1s in every row and column (A001499)"
		for i in $(seq 0 12); do printf '2|r%d ' "$i"; done
		for j in $(seq 0 12); do printf '2|c%d ' "$j"; done
		echo
		for i in $(seq 0 12); do for j in $(seq 0 12); do echo "r$i c$j"; done; done
	} >"$tmp/a1499-13.dlx"
	printf "%-14s %17s %17s %8s %9s  %s\n" "case" "1 worker wall/cpu" "2 workers wall/cpu" "speed-up" "inflation" "count"
	for c in ${CASES:-dom18 dom20 a1499-13}; do
		: >"$tmp/w1"; : >"$tmp/w2"
		for ((i = 0; i < runs; i++)); do
			for w in 1 2; do
				/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$tmp/xcover" count --memo --workers $w "$tmp/$c.dlx" >"$tmp/out"
				awk '{print $1, $2 + $3}' "$tmp/time" >>"$tmp/w$w"
			done
		done
		local e1 c1 e2 c2
		e1=$(cut -d' ' -f1 "$tmp/w1" | median); c1=$(cut -d' ' -f2 "$tmp/w1" | median)
		e2=$(cut -d' ' -f1 "$tmp/w2" | median); c2=$(cut -d' ' -f2 "$tmp/w2" | median)
		printf "%-14s %8s %8s %8s %8s %8.2f %9.2f  %s\n" "$c" "$e1" "$c1" "$e2" "$c2" \
			"$(awk -v a="$e1" -v b="$e2" 'BEGIN {print a/b}')" "$(awk -v a="$c1" -v b="$c2" 'BEGIN {print b/a}')" "$(cat "$tmp/out")"
	done
}
if [[ $workers == 1 ]]; then
	scaling
	exit 0
fi

printf "%-22s %23s   %23s   %6s  %s\n" "row" "xcover" "other" "ratio" "counts"
for ((n = 8; n <= maxn; n += 2)); do
	(cd "$root" && go run ./internal/problems/gen -dominoes ${n}x$n) >"$tmp/dom$n.dlx"
	if [[ -n $dlx6 ]]; then
		row "dominoes ${n}x$n vs DLX6" "$tmp/dom$n.dlx" "$tmp/xcover" count --memo --workers 1 -- "$dlx6"
	else
		row "dominoes ${n}x$n" "$tmp/dom$n.dlx" "$tmp/xcover" count --memo --workers 1 --
	fi
done
row "pentominoes auto/plain" "$root/examples/pentominoes-6x10.dlx" "$tmp/xcover" count --memo=auto --workers 1 -- "$tmp/xcover" count --workers 1
row "queens13 auto/plain" "$root/examples/queens13.dlx" "$tmp/xcover" count --memo=auto --workers 1 -- "$tmp/xcover" count --workers 1
