#!/usr/bin/env bash
# memo.sh times memoised counting (xcover count --memo) side by side with counting solution
# by solution and, where KNUTH_BIN holds it, with Knuth's DLX6 (see usage below).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: [KNUTH_BIN=DIR] bench/memo.sh [-r RUNS] [-n MAXN]
       bench/memo.sh -w [-q] [-r RUNS]

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
CASES (default "spin wide chase dom18 dom20 a1499-13") chooses among them; spin
(bench/cmd/spin) is arithmetic alone split over the workers, touching no memory and
sharing nothing: its speed-up is the most the machine gives any program at the time, the
yardstick for the others'. wide (spin -wide) is arithmetic that fills a core's issue
slots: below spin's speed-up when the host runs other work on the cores' sibling threads
(one worker alone then sometimes has a whole core). chase (spin -chase 16) is random reads alone, each worker through 16 MiB of its
own, as a memoised count reads its tables: its speed-up is the most the machine's memory
gives such reads at the time (on a VM whose memory others share, it moves with the hour). The speed-up means something only on an otherwise idle machine with two cores or
more;
the inflation is the work the second worker costs, and can be read under load. With -q
each run waits for an idle machine and is run again (up to 20 times) if anything else used
the CPU meanwhile (steal included): on a shared VM the speed-up means little without it.
USAGE
}

runs=${R:-3}
maxn=16
workers=0
quiet=0
while getopts "r:n:wqh" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	n) maxn=$OPTARG ;;
	w) workers=1 ;;
	q) quiet=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/xcover" ./cmd/xcover && go build -o "$tmp/spin" ./bench/cmd/spin)
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

# busy prints the CPU time the whole machine has spent so far, in clock ticks (steal included).
busy() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9; exit}' /proc/stat; }

# timed CMD...: prints "wall cpu" (seconds) of one run of CMD, its output in $tmp/out. With -q
# it first waits for the machine to be idle and runs again (up to 20 times) while anything
# else used more than 5% of the run's wall time of CPU during it (steal included).
timed() {
	local try b0 b1
	for ((try = 0; try < 20; try++)); do
		if [[ $quiet == 1 ]]; then
			until b0=$(busy) && sleep 0.3 && b1=$(busy) && ((b1 - b0 <= 3 * hz / 100)); do sleep 1; done
		fi
		b0=$(busy)
		/usr/bin/time -f "%e %U %S" -o "$tmp/time" "$@" >"$tmp/out"
		b1=$(busy)
		if [[ $quiet == 0 ]] || [[ $(busy_ok "$b0" "$b1") == 1 ]]; then
			break
		fi
	done
	if ((try == 20)); then
		echo "memo.sh: no quiet run of $* in 20 tries: kept the last" >&2
	fi
	awk '{print $1, $2 + $3}' "$tmp/time"
}

# busy_ok B0 B1: 1 if the machine's CPU between the busy readings B0 and B1 was this run's
# (from $tmp/time) and at most 5% of its wall time + 0.02 s more, else 0.
busy_ok() {
	awk -v b0="$1" -v b1="$2" -v hz="$hz" '{other = (b1 - b0) / hz - ($2 + $3); print (other <= 0.05 * $1 + 0.02 ? 1 : 0)}' "$tmp/time"
}
hz=$(getconf CLK_TCK)

# scaling: times "count --memo" on one worker and two, interleaved, on the cases of issue 23.
scaling() {
	(cd "$root" && go run ./internal/problems/gen -dominoes 18x18) >"$tmp/dom18.dlx"
	(cd "$root" && go run ./internal/problems/gen -dominoes 20x20) >"$tmp/dom20.dlx"
	(cd "$root" && go run ./internal/problems/gen -two-per-row-col 13) >"$tmp/a1499-13.dlx"
	printf "%-14s %17s %17s %8s %9s  %s\n" "case" "1 worker wall/cpu" "2 workers wall/cpu" "speed-up" "inflation" "count"
	for c in ${CASES:-spin wide chase dom18 dom20 a1499-13}; do
		: >"$tmp/w1"; : >"$tmp/w2"
		for ((i = 0; i < runs; i++)); do
			for w in 1 2; do
				if [[ $c == spin ]]; then
					timed "$tmp/spin" -workers $w >>"$tmp/w$w"
				elif [[ $c == wide ]]; then
					timed "$tmp/spin" -wide -workers $w >>"$tmp/w$w"
				elif [[ $c == chase ]]; then
					timed "$tmp/spin" -chase 16 -steps 33554431 -workers $w >>"$tmp/w$w"
				else
					timed "$tmp/xcover" count --memo --workers $w "$tmp/$c.dlx" >>"$tmp/w$w"
				fi
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
