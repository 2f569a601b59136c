#!/usr/bin/env bash
# queens.sh times `xcover queens N --count` (and --distinct) side by side with a plain
# single-threaded C bitboard counter that halves the work by mirror symmetry (the classic
# fast method; our own code, bench/queens/baseline.c), and prints the ratios.
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: bench/queens.sh [-r RUNS] [-n N] [-l]
       KLUEV_BIN=DIR bench/queens.sh [-r RUNS] [-n "16 17 18"] [-s M]
       bench/queens.sh -w [-r RUNS] [-n "16 17 18"]

Builds xcover and bench/queens/baseline.c (gcc -O3 -march=native) into a temporary
directory, then runs, interleaved, RUNS times each (default 3):
  baseline N                       the C counter, one thread
  xcover queens N --count          all cores
  xcover queens N --count --distinct
and prints the median wall times and the ratios to the baseline (default N = 16). The
counts are checked against OEIS A000170 / A002562.

  -l   also run the long check: N = 18 (666090624 solutions, 83263591 distinct), and
       the long tests of package queens (XCOVER_LONG=1).

With KLUEV_BIN set to a directory holding Kluev's quadrant counter built for each N as
nq_N (github.com/EvgenyKluev/N-Queens-Count-Sol, built outside this repository), it runs
instead, interleaved, RUNS times each (default 5) for each N given with -n (default 16 17):
  DIR/nq_N 1                                  one thread
  xcover queens N --count --workers 1
and prints the median wall and user CPU times and the ratios xcover / Kluev. With -s M
each run does 1/M of the work (Kluev's `nq_N 1 M 0`, every M-th set of east ranks;
xcover's `--shard 1/M`, every M-th task): for N = 19 and beyond, where a whole count
takes minutes. The partial counts are not checked (no published values).

  -w   times instead, interleaved, `xcover queens N --count` with --workers 1 and
       --workers 2 for each N given with -n, and prints the median wall and CPU
       (user + system) times, the speedup wall(1)/wall(2) and the work inflation
       CPU(2)/CPU(1). Wall speedups only mean something on a quiet machine.

The machine may be shared: compare ratios, not absolute times.
USAGE
}

runs=3 n=16 long=0 frac=1 workers=0
[[ -n ${KLUEV_BIN:-} ]] && runs=5 n="16 17"
while getopts "r:n:s:lwh" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	n) n=$OPTARG ;;
	s) frac=$OPTARG ;;
	l) long=1 ;;
	w) workers=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done

cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
[[ -n ${KLUEV_BIN:-} || $workers == 1 ]] || gcc -O3 -march=native -o "$tmp/baseline" bench/queens/baseline.c
go build -o "$tmp/xcover" ./cmd/xcover

# A000170 and A002562 for n = 1..20.
all=(1 0 0 2 10 4 40 92 352 724 2680 14200 73712 365596 2279184 14772512 95815104 666090624 4968057848 39029188884)
distinct=(1 0 0 1 2 1 6 12 46 92 341 1787 9233 45752 285053 1846955 11977939 83263591 621012754 4878666808)

# seconds runs a command and prints its wall time; its output goes to $tmp/out.
seconds() {
	local t0=$EPOCHREALTIME
	"$@" > "$tmp/out"
	awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN {printf "%.4f\n", b - a}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", a / b}'; }
median() { sort -n | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }

# timed runs a command and prints its wall and user CPU seconds; its output goes to $tmp/out.
timed() {
	local t0=$EPOCHREALTIME u0 u1 me=$BASHPID
	u0=$(awk '{print $14 + $16}' "/proc/$me/stat")
	"$@" > "$tmp/out"
	u1=$(awk '{print $14 + $16}' "/proc/$me/stat")
	awk -v a="$t0" -v b="$EPOCHREALTIME" -v u="$((u1 - u0))" -v hz="$(getconf CLK_TCK)" \
		'BEGIN {printf "%.4f %.4f\n", b - a, u / hz}'
}

# cpu runs a command and prints its wall and user + system CPU seconds; its output goes
# to $tmp/out.
cpu() {
	local t0=$EPOCHREALTIME c0 c1 me=$BASHPID
	c0=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$me/stat")
	"$@" > "$tmp/out"
	c1=$(awk '{print $14 + $15 + $16 + $17}' "/proc/$me/stat")
	awk -v a="$t0" -v b="$EPOCHREALTIME" -v u="$((c1 - c0))" -v hz="$(getconf CLK_TCK)" \
		'BEGIN {printf "%.4f %.4f\n", b - a, u / hz}'
}

if ((workers)); then
	echo "xcover queens N --count, --workers 1 against --workers 2, median of $runs, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
	printf '%-4s %9s %9s %9s %9s %9s %10s\n' N "1w wall" "2w wall" "1w cpu" "2w cpu" speedup inflation
	for m in $n; do
		: > "$tmp/w1" ; : > "$tmp/w2" ; : > "$tmp/c1" ; : > "$tmp/c2"
		for ((i = 1; i <= runs; i++)); do
			for w in 1 2; do
				read -r a c < <(cpu "$tmp/xcover" queens "$m" --count --workers "$w")
				[[ $(cat "$tmp/out") == "${all[m-1]}" ]] || { echo "xcover: wrong count $(cat "$tmp/out")" >&2; exit 1; }
				echo "$a" >> "$tmp/w$w"; echo "$c" >> "$tmp/c$w"
			done
		done
		w1=$(median < "$tmp/w1") w2=$(median < "$tmp/w2") c1=$(median < "$tmp/c1") c2=$(median < "$tmp/c2")
		printf '%-4s %9.3f %9.3f %9.3f %9.3f %9s %10s\n' "$m" "$w1" "$w2" "$c1" "$c2" "$(ratio "$w1" "$w2")" "$(ratio "$c2" "$c1")"
	done
	exit 0
fi

if [[ -n ${KLUEV_BIN:-} ]]; then
	part=() shard=()
	if ((frac > 1)); then
		part=("$frac" 0) shard=(--shard "1/$frac")
	fi
	echo "xcover queens N --count --workers 1 against Kluev's counter (1 thread), median of $runs, $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
	((frac > 1)) && echo "1/$frac of each count: Kluev's part 0 of $frac, xcover's shard 1/$frac (partial counts not checked)"
	printf '%-4s %10s %10s %10s %10s %8s %8s\n' N "kluev wall" "xcover" "kluev user" "xcover" "wall x" "user x"
	for m in $n; do
		[[ -x $KLUEV_BIN/nq_$m ]] || { echo "no $KLUEV_BIN/nq_$m" >&2; exit 1; }
		: > "$tmp/kw" ; : > "$tmp/ku" ; : > "$tmp/xw" ; : > "$tmp/xu"
		for ((i = 1; i <= runs; i++)); do
			read -r w u < <(timed "$KLUEV_BIN/nq_$m" 1 "${part[@]}")
			((frac > 1)) || grep -q "Result: ${all[m-1]}\$" "$tmp/out" || { echo "kluev: wrong count $(cat "$tmp/out")" >&2; exit 1; }
			echo "$w" >> "$tmp/kw"; echo "$u" >> "$tmp/ku"
			read -r w u < <(timed "$tmp/xcover" queens "$m" --count --workers 1 "${shard[@]}")
			((frac > 1)) || [[ $(cat "$tmp/out") == "${all[m-1]}" ]] || { echo "xcover: wrong count $(cat "$tmp/out")" >&2; exit 1; }
			echo "$w" >> "$tmp/xw"; echo "$u" >> "$tmp/xu"
		done
		kw=$(median < "$tmp/kw") ku=$(median < "$tmp/ku") xw=$(median < "$tmp/xw") xu=$(median < "$tmp/xu")
		printf '%-4s %10.3f %10.3f %10.3f %10.3f %8s %8s\n' "$m" "$kw" "$xw" "$ku" "$xu" "$(ratio "$xw" "$kw")" "$(ratio "$xu" "$ku")"
	done
	exit 0
fi

: > "$tmp/base" ; : > "$tmp/count" ; : > "$tmp/distinct"
for ((i = 1; i <= runs; i++)); do
	seconds "$tmp/baseline" "$n" >> "$tmp/base"
	[[ $(cat "$tmp/out") == "${all[n-1]}" ]] || { echo "baseline: wrong count $(cat "$tmp/out")" >&2; exit 1; }
	seconds "$tmp/xcover" queens "$n" --count --json >> "$tmp/count"
	grep -q "\"solutions\":${all[n-1]}[,}]" "$tmp/out" || { echo "xcover: wrong count $(cat "$tmp/out")" >&2; exit 1; }
	seconds "$tmp/xcover" queens "$n" --count --distinct --json >> "$tmp/distinct"
	grep -q "\"distinct\":${distinct[n-1]}[,}]" "$tmp/out" || { echo "xcover: wrong distinct count $(cat "$tmp/out")" >&2; exit 1; }
done
b=$(median < "$tmp/base") c=$(median < "$tmp/count") d=$(median < "$tmp/distinct")
echo "queens $n, median of $runs, $(nproc) cores"
printf '%-36s %8.3f s\n' "baseline (C, 1 thread, mirror halving)" "$b"
printf '%-36s %8.3f s   %sx\n' "xcover queens $n --count" "$c" "$(ratio "$c" "$b")"
printf '%-36s %8.3f s   %sx\n' "xcover queens $n --count --distinct" "$d" "$(ratio "$d" "$b")"

if ((long)); then
	echo "long check: queens 18"
	t=$(seconds "$tmp/xcover" queens 18 --count --distinct --json)
	cat "$tmp/out"
	grep -q '"solutions":666090624[,}]' "$tmp/out" && grep -q '"distinct":83263591[,}]' "$tmp/out" ||
		{ echo "queens 18: wrong counts" >&2; exit 1; }
	echo "queens 18 --count --distinct: $t s"
	XCOVER_LONG=1 go test -run 'TestCountLong|TestProblemCounts|TestProblemPerLine' ./queens
fi
