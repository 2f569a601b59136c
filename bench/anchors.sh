#!/usr/bin/env bash
# anchors.sh times xcover side by side with Knuth's exact cover programs on the anchor problems
# of the project (see usage below).
set -euo pipefail

usage() {
	cat <<'EOF'
Usage: KNUTH_BIN=DIR bench/anchors.sh [-r RUNS] [-k] [ROW ...]

Times xcover side by side with Donald Knuth's exact cover programs on the anchor problems,
checks that every program reports the same number of solutions, and prints a table of median
wall times and the ratio of xcover's time to that of the fastest Knuth program of the kind
that applies to the row.

KNUTH_BIN must point at a directory holding a copy of Knuth's programs DLX1, DLX2, DLX3,
SSXC1, SSXCC and SSMCC (executables named dlx1, dlx2, dlx3, ssxc1, ssxcc, ssmcc), built
outside this repository from his published sources. This repository does not contain them
and does not build them. A program missing from KNUTH_BIN is left out of the table.

Rows (default: all of them):
  queens13   13 queens, 73712 solutions                 vs DLX1, SSXC1
  queens14   14 queens, 365596 solutions                vs DLX1, SSXC1
  pent6x10   pentominoes in 6 x 10, 9356 solutions      vs DLX1, SSXC1
  holed      pentominoes in 8 x 8 minus the centre, 520 vs DLX1, SSXC1
  macmahon   MacMahon's squares, 26656 solutions        vs DLX2, SSXCC, DLX3 (slow)
  bounds7    two 1s per row and column, n = 7, 3110940  vs DLX3, SSMCC

Options:
  -r RUNS    runs of each program on each row (default 5, or $R); the runs are
             interleaved: the first run of every program, then the second, and so on
  -k         keep the temporary directory with the problem files and binaries

Each run is pinned to CPU 1 with taskset when taskset is available (set NOPIN=1 to turn
this off). xcover runs as "xcover count --workers 1 FILE", built once from ./cmd/xcover;
if that command cannot be built or does not count (or XCOVER_LIB=1 is set), the library
is timed instead through bench/cmd/timeit. Times are wall-clock seconds, medians over the runs: on a shared machine
compare ratios, not absolute times.
EOF
}

runs=${R:-5}
keep=0
while getopts "r:kh" opt; do
	case $opt in
	r) runs=$OPTARG ;;
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

if [[ -z ${KNUTH_BIN:-} || ! -d ${KNUTH_BIN:-} ]]; then
	echo "anchors.sh: KNUTH_BIN is not set to a directory" >&2
	echo >&2
	usage >&2
	exit 2
fi
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
	echo "anchors.sh: runs must be a positive integer, not \"$runs\"" >&2
	exit 2
fi

cd "$(dirname "$0")/.."

all_rows=(queens13 queens14 pent6x10 holed macmahon bounds7)
declare -A file=(
	[queens13]=queens13 [queens14]=queens14 [pent6x10]=pentominoes-6x10
	[holed]=pentominoes-holed [macmahon]=macmahon [bounds7]=two-per-row-col-7
)
declare -A knuth=(
	[queens13]="dlx1 ssxc1" [queens14]="dlx1 ssxc1" [pent6x10]="dlx1 ssxc1"
	[holed]="dlx1 ssxc1" [macmahon]="dlx2 ssxcc dlx3" [bounds7]="dlx3 ssmcc"
)
rows=("$@")
if ((${#rows[@]} == 0)); then
	rows=("${all_rows[@]}")
fi
for r in "${rows[@]}"; do
	if [[ -z ${file[$r]:-} ]]; then
		echo "anchors.sh: unknown row \"$r\" (rows: ${all_rows[*]})" >&2
		exit 2
	fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/anchors.XXXXXX")
if ((keep)); then
	echo "keeping $tmp" >&2
else
	trap 'rm -rf "$tmp"' EXIT
fi

# The problem files, and the count each should give.
names=()
for r in "${rows[@]}"; do names+=("${file[$r]}"); done
go run ./internal/problems/gen -dir "$tmp" queens8 "${names[@]}"
declare -A want
while read -r f n; do want[${f%.dlx}]=$n; done < <(go run ./internal/problems/gen -list "${names[@]}")

# The timer, and xcover: the command if it builds and counts, else the library via timeit.
go build -o "$tmp/timeit" ./bench/cmd/timeit
xcover=()
if [[ -z ${XCOVER_LIB:-} ]] && go build -o "$tmp/xcover" ./cmd/xcover 2>/dev/null &&
	[[ $("$tmp/xcover" count --workers 1 "$tmp/queens8.dlx" 2>/dev/null) == 92 ]]; then
	xcover=("$tmp/xcover" count --workers 1)
	echo "xcover: the command (xcover count --workers 1)" >&2
else
	xcover=("$tmp/timeit" -count)
	echo "xcover: the library through bench/cmd/timeit -count" >&2
fi

pin=()
if [[ -z ${NOPIN:-} ]] && command -v taskset >/dev/null && taskset -c 1 true 2>/dev/null; then
	pin=(taskset -c 1)
else
	echo "anchors.sh: not pinning runs to one CPU" >&2
fi

programs=(xcover dlx1 ssxc1 dlx2 ssxcc dlx3 ssmcc)
declare -A times # [row,program] = space-separated seconds
declare -A have  # [row,program] = 1 if the program takes part
failed=0

for r in "${rows[@]}"; do
	have[$r,xcover]=1
	for p in ${knuth[$r]}; do
		if [[ -x $KNUTH_BIN/$p ]]; then
			have[$r,$p]=1
		else
			echo "anchors.sh: $KNUTH_BIN/$p missing; left out" >&2
		fi
	done
done

for ((i = 1; i <= runs; i++)); do
	for r in "${rows[@]}"; do
		f="$tmp/${file[$r]}.dlx"
		for p in "${programs[@]}"; do
			[[ -n ${have[$r,$p]:-} ]] || continue
			if [[ $p == xcover ]]; then
				cmd=("$tmp/timeit" -- "${xcover[@]}" "$f")
			else
				cmd=("$tmp/timeit" -stdin "$f" -- "$KNUTH_BIN/$p")
			fi
			if ! out=$("${pin[@]}" "${cmd[@]}"); then
				echo "anchors.sh: $p on $r failed" >&2
				failed=1
				continue
			fi
			read -r secs n <<<"$out"
			if [[ $n != "${want[${file[$r]}]}" ]]; then
				echo "anchors.sh: $p on $r reported $n solutions, want ${want[${file[$r]}]}" >&2
				failed=1
			fi
			times[$r,$p]+="$secs "
			printf '%s run %d: %-7s %-9s %8.3f s\n' "$(date +%T)" "$i" "$p" "$r" "$secs" >&2
		done
	done
done

median() {
	tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) exit
		if (NR % 2) printf "%.3f", v[(NR + 1) / 2]
		else printf "%.3f", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

echo
printf '| %-9s | %9s |' row solutions
for p in "${programs[@]}"; do printf ' %7s |' "${p^^}"; done
printf ' %-22s |\n' "xcover / fastest Knuth"
printf '|%s|%s|' "-----------" "-----------"
for p in "${programs[@]}"; do printf '%s|' "---------"; done
printf '%s|\n' "------------------------"
for r in "${rows[@]}"; do
	printf '| %-9s | %9s |' "$r" "${want[${file[$r]}]}"
	best="" bestp=""
	declare -A med=()
	for p in "${programs[@]}"; do
		m=""
		if [[ -n ${times[$r,$p]:-} ]]; then
			m=$(median <<<"${times[$r,$p]}")
		fi
		med[$p]=$m
		printf ' %7s |' "${m:--}"
		if [[ $p != xcover && -n $m ]] && { [[ -z $best ]] || awk "BEGIN { exit !($m < $best) }"; }; then
			best=$m bestp=$p
		fi
	done
	if [[ -n $best && -n ${med[xcover]} ]]; then
		printf ' %-22s |\n' "$(awk "BEGIN { printf \"%.2f (vs ${bestp^^})\", ${med[xcover]} / ($best > 0 ? $best : 1e-9) }")"
	else
		printf ' %-22s |\n' -
	fi
	unset med
done
echo
echo "median wall seconds of $runs interleaved runs$( ((${#pin[@]})) && echo ", each pinned to CPU 1")"

if ((failed)); then
	echo "anchors.sh: some runs failed or disagreed on the count (see above)" >&2
	exit 1
fi
