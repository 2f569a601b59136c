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

Rows made at run time by Knuth's generators in KNUTH_BIN (left out if one is missing):
  wordrect   word rectangles 4 x 5 (word-rect-dlx, the first 1500 words of 4 and 5
             lowercase letters of /usr/share/dict/words), colours  vs DLX2, SSXCC
  redrect    reduced rectangles 4 x 5 (redrect-dlx 4 5), bounds    vs DLX3, SSMCC
  escargot5  Sudoku "Escargot" without its last 5 givens (sudoku-dlx)  vs DLX1, SSXC1, SSXCC
  queendom   queendom-dlx 8 5, bounds                             vs DLX3, SSMCC
  motley     motley-dlx 7 7, bounds                               vs DLX3, SSMCC
  debruijn   de-bruijn-dlx 2 4 6, colours                         vs DLX2, SSXCC
  kqueens13  queens-dlx 13, secondary items                       vs DLX1, SSXC1
  langford12 Langford pairs n = 12 (made by this script)           vs DLX1, SSXC1, SSXCC
Minimum cost rows (xcover solve --min-cost --best K vs DLX5 kK; the costs |0..99 come
from a fixed awk seed; both must report the same K costs; the solutions column shows them):
  mc-pent    pentominoes 6 x 10 with costs, K = 1 (mc-pent5: K = 5)
  mc-word    word rectangles 4 x 5 with costs, K = 1 (mc-word5: K = 5)
  mc-holed, mc-macmahon, mc-escargot, mc-debruijn
             the rows holed, macmahon, escargot5 and debruijn with costs, K = 1

A second table gives each program's node count (one more untimed run). Knuth's SS
programs do not count a child whose option would leave an item without options; xcover,
like DLX1-3 and DLX5, counts such dead ends as nodes.

Options:
  -r RUNS    runs of each program on each row (default 5, or $R); the runs are
             interleaved: the first run of every program, then the second, and so on
  -k         keep the temporary directory with the problem files and binaries
  -c         time user+system CPU seconds instead of wall seconds (for a loaded machine)

Each run is pinned to CPU 1 with taskset when taskset is available (set NOPIN=1 to turn
this off). xcover runs as "xcover count --workers 1 FILE", built once from ./cmd/xcover;
if that command cannot be built or does not count (or XCOVER_LIB=1 is set), the library
is timed instead through bench/cmd/timeit. Times are wall-clock seconds, medians over the runs: on a shared machine
compare ratios, not absolute times.
EOF
}

runs=${R:-5}
keep=0
cpu=()
while getopts "r:kch" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	k) keep=1 ;;
	c) cpu=(-cpu) ;;
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

all_rows=(queens13 queens14 pent6x10 holed macmahon bounds7
	wordrect redrect escargot5 queendom motley debruijn kqueens13 langford12
	mc-pent mc-word mc-pent5 mc-word5 mc-holed mc-macmahon mc-escargot mc-debruijn)
declare -A file=(
	[queens13]=queens13 [queens14]=queens14 [pent6x10]=pentominoes-6x10
	[holed]=pentominoes-holed [macmahon]=macmahon [bounds7]=two-per-row-col-7
	[wordrect]=k-wordrect [redrect]=k-redrect [escargot5]=k-escargot5
	[queendom]=k-queendom [motley]=k-motley [debruijn]=k-debruijn [kqueens13]=k-queens13
	[langford12]=langford12
	[mc-pent]=c-pent [mc-word]=c-wordrect [mc-pent5]=c-pent [mc-word5]=c-wordrect
	[mc-holed]=c-holed [mc-macmahon]=c-macmahon [mc-escargot]=c-escargot [mc-debruijn]=c-debruijn
)
declare -A knuth=(
	[queens13]="dlx1 ssxc1" [queens14]="dlx1 ssxc1" [pent6x10]="dlx1 ssxc1"
	[holed]="dlx1 ssxc1" [macmahon]="dlx2 ssxcc dlx3" [bounds7]="dlx3 ssmcc"
	[wordrect]="dlx2 ssxcc" [redrect]="dlx3 ssmcc" [escargot5]="dlx1 ssxc1 ssxcc"
	[queendom]="dlx3 ssmcc" [motley]="dlx3 ssmcc" [debruijn]="dlx2 ssxcc"
	[kqueens13]="dlx1 ssxc1" [langford12]="dlx1 ssxc1 ssxcc" [mc-pent]="dlx5" [mc-word]="dlx5" [mc-pent5]="dlx5" [mc-word5]="dlx5"
	[mc-holed]="dlx5" [mc-macmahon]="dlx5" [mc-escargot]="dlx5" [mc-debruijn]="dlx5"
)
# How the rows made by Knuth's generators are made: generator, its arguments (a word list
# is made first when an argument names one).
declare -A generate=(
	[wordrect]="word-rect-dlx WORDS4:1500 WORDS5:1500" [redrect]="redrect-dlx 4 5"
	[escargot5]="sudoku-dlx" [queendom]="queendom-dlx 8 5" [motley]="motley-dlx 7 7"
	[debruijn]="de-bruijn-dlx 2 4 6" [kqueens13]="queens-dlx 13"
)
# The minimum cost rows: the file they add costs to.
declare -A costs_of=([mc-pent]=pentominoes-6x10 [mc-word]=k-wordrect
	[mc-pent5]=pentominoes-6x10 [mc-word5]=k-wordrect [mc-holed]=pentominoes-holed
	[mc-macmahon]=macmahon [mc-escargot]=k-escargot5 [mc-debruijn]=k-debruijn)
declare -A best_k=([mc-pent]=1 [mc-word]=1 [mc-pent5]=5 [mc-word5]=5 [mc-holed]=1
	[mc-macmahon]=1 [mc-escargot]=1 [mc-debruijn]=1)
# Escargot (Arto Inkala's puzzle) without its last five givens; sudoku-dlx reads 9 lines.
escargot5='1....7.9.
.3..2...8
..96..5..
..53..9..
.1..8...2
6....4...
3........
.........
.........'
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

# The problem files, and the count each should give (rows made by Knuth's generators, and
# the minimum cost rows, take the count of the first program that reports one).
names=()
for r in "${rows[@]}"; do
	case $r in
	mc-pent | mc-pent5) names+=(pentominoes-6x10) ;;
	mc-holed) names+=(pentominoes-holed) ;;
	mc-macmahon) names+=(macmahon) ;;
	mc-* | langford12) ;;
	*) [[ ${file[$r]} == k-* ]] || names+=("${file[$r]}") ;;
	esac
done
go run ./internal/problems/gen -dir "$tmp" queens8 "${names[@]}"
declare -A want
while read -r f n; do want[${f%.dlx}]=$n; done < <(go run ./internal/problems/gen -list "${names[@]}")

# make_knuth ROW: writes the row's file with Knuth's generator; fails if it cannot.
make_knuth() {
	local r=$1 g args=() a
	g=${generate[$r]%% *}
	[[ -x $KNUTH_BIN/$g ]] || { echo "anchors.sh: $KNUTH_BIN/$g missing; row $r left out" >&2; return 1; }
	for a in ${generate[$r]#"$g"}; do
		case $a in
		WORDS[0-9]*)
			local n=${a#WORDS} lim=""
			[[ $n == *:* ]] && lim=:${n#*:} n=${n%%:*}
			if [[ ! -r /usr/share/dict/words ]]; then
				echo "anchors.sh: /usr/share/dict/words missing (apt-get install wamerican); row $r left out" >&2
				return 1
			fi
			grep -x "[a-z]\{$n\}" /usr/share/dict/words >"$tmp/words$n"
			args+=("$tmp/words$n$lim")
			;;
		*) args+=("$a") ;;
		esac
	done
	if [[ $r == escargot5 ]]; then
		"$KNUTH_BIN/$g" <<<"$escargot5" >"$tmp/${file[$r]}.dlx" 2>/dev/null
	else
		"$KNUTH_BIN/$g" "${args[@]}" >"$tmp/${file[$r]}.dlx" 2>/dev/null
	fi
}

# add_costs FROM TO: TO is FROM with a cost |0..99 on every option (a fixed awk seed).
add_costs() {
	awk 'BEGIN { srand(1) }
		/^\|/ || /^[ \t]*$/ { print; next }
		!items { items = 1; print; next }
		{ print $0 " |" int(rand() * 100) }' "$1" >"$2"
}

kept=()
for r in "${rows[@]}"; do
	case $r in
	mc-*)
		src=${costs_of[$r]}
		if [[ $src == k-* && ! -s $tmp/$src.dlx ]]; then
			make_knuth "${src#k-}" || continue
		fi
		add_costs "$tmp/$src.dlx" "$tmp/${file[$r]}.dlx"
		;;
	langford12) # items 1..12 and places s00..s23; option "i sJ sK" with K = J+i+1
		awk 'BEGIN { n = 12; s = ""
			for (i = 1; i <= n; i++) s = s " " i
			for (j = 0; j < 2 * n; j++) s = s sprintf(" s%02d", j)
			print substr(s, 2)
			for (i = 1; i <= n; i++) for (j = 0; j + i + 1 < 2 * n; j++) printf "%d s%02d s%02d\n", i, j, j + i + 1 }' \
			>"$tmp/${file[$r]}.dlx"
		;;
	*) [[ ${file[$r]} != k-* ]] || make_knuth "$r" || continue ;;
	esac
	kept+=("$r")
done
rows=("${kept[@]}")

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

programs=(xcover dlx1 ssxc1 dlx2 ssxcc dlx3 ssmcc dlx5)
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

# costs_from FILE: the K costs a minimum cost run reported on standard error, as "c1,c2,..."
# (DLX5 prints "$c" or "$c (repeated r times)" lines; xcover one line of costs).
costs_from() {
	if grep -q '^xcover: ' "$1"; then
		grep -oE '(optimum: cost [0-9]+|cost [0-9, ]+ \()' "$1" | grep -oE '[0-9]+' | paste -sd, -
	else
		awk '/^The optimum cost is \$/ { sub(/.*\$/, ""); print; exit }
			/^ \$[0-9]+/ { c = substr($1, 2); n = 1
			if ($2 == "(repeated") n = $3
			for (i = 0; i < n; i++) printf "%s%s", (k++ ? "," : ""), c }
			END { print "" }' "$1"
	fi
}

# run_min_cost ROW PROGRAM FILE: prints "SECONDS COSTS NODES" for one timed run.
run_min_cost() {
	local r=$1 p=$2 f=$3 k=${best_k[$1]} out
	if [[ $p == xcover ]]; then
		out=$("${pin[@]}" "$tmp/timeit" "${cpu[@]}" -nocount -stderr "$tmp/err" -- \
			"$tmp/xcover" solve --min-cost --best "$k" "$f") || return 1
	else
		out=$("${pin[@]}" "$tmp/timeit" "${cpu[@]}" -nocount -stderr "$tmp/err" -stdin "$f" -- \
			"$KNUTH_BIN/$p" "k$k") || return 1
	fi
	echo "${out%% *} $(costs_from "$tmp/err") $(grep -oE '[0-9]+ nodes' "$tmp/err" | tail -1 | grep -oE '[0-9]+')"
}

declare -A nodes # [row,program] = nodes of the search
for ((i = 1; i <= runs; i++)); do
	for r in "${rows[@]}"; do
		f="$tmp/${file[$r]}.dlx"
		for p in "${programs[@]}"; do
			[[ -n ${have[$r,$p]:-} ]] || continue
			if [[ $r == mc-* ]]; then
				if [[ ${xcover[0]} != "$tmp/xcover" ]] || ! out=$(run_min_cost "$r" "$p" "$f"); then
					echo "anchors.sh: $p on $r failed" >&2
					failed=1
					continue
				fi
				read -r secs n nd <<<"$out"
				nodes[$r,$p]=$nd
			else
				if [[ $p == xcover ]]; then
					cmd=("$tmp/timeit" "${cpu[@]}" -- "${xcover[@]}" "$f")
				else
					cmd=("$tmp/timeit" "${cpu[@]}" -stdin "$f" -- "$KNUTH_BIN/$p")
				fi
				if ! out=$("${pin[@]}" "${cmd[@]}"); then
					echo "anchors.sh: $p on $r failed" >&2
					failed=1
					continue
				fi
				read -r secs n <<<"$out"
			fi
			if [[ -z ${want[${file[$r]}]:-} || $r == mc-* && -z ${want[$r]:-} ]]; then
				want[${file[$r]}]=$n
				[[ $r == mc-* ]] && want[$r]=$n
			fi
			w=${want[${file[$r]}]}
			[[ $r == mc-* ]] && w=${want[$r]}
			if [[ $n != "$w" ]]; then
				echo "anchors.sh: $p on $r reported $n, want $w" >&2
				failed=1
			fi
			times[$r,$p]+="$secs "
			printf '%s run %d: %-7s %-9s %8.3f s\n' "$(date +%T)" "$i" "$p" "$r" "$secs" >&2
		done
	done
done

# The node counts of the count rows: one more run of each program, untimed.
for r in "${rows[@]}"; do
	[[ $r != mc-* ]] || continue
	f="$tmp/${file[$r]}.dlx"
	for p in "${programs[@]}"; do
		[[ -n ${have[$r,$p]:-} ]] || continue
		if [[ $p == xcover ]]; then
			[[ ${xcover[0]} == "$tmp/xcover" ]] || continue
			nodes[$r,$p]=$("$tmp/xcover" count --workers 1 --json "$f" | grep -oE '"nodes":[0-9]+' | grep -oE '[0-9]+')
		else
			nodes[$r,$p]=$("$KNUTH_BIN/$p" <"$f" 2>&1 >/dev/null | grep -oE '[0-9]+ nodes' | tail -1 | grep -oE '[0-9]+')
		fi
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
	w=${want[${file[$r]}]:-}
	[[ $r == mc-* ]] && w=${want[$r]:-}
	printf '| %-9s | %9s |' "$r" "$w"
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
echo "median $( ((${#cpu[@]})) && echo "user+system CPU" || echo wall) seconds of $runs interleaved runs$( ((${#pin[@]})) && echo ", each pinned to CPU 1")"
echo "(min-cost rows: the solutions column holds the K cheapest costs)"

echo
printf '| %-9s |' row
for p in "${programs[@]}"; do printf ' %11s |' "${p^^}"; done
printf ' %-26s |\n' "xcover / smallest Knuth tree"
printf '|%s|' "-----------"
for p in "${programs[@]}"; do printf '%s|' "-------------"; done
printf '%s|\n' "----------------------------"
for r in "${rows[@]}"; do
	printf '| %-9s |' "$r"
	small="" smallp=""
	for p in "${programs[@]}"; do
		n=${nodes[$r,$p]:-}
		printf ' %11s |' "${n:--}"
		if [[ $p != xcover && -n $n ]] && { [[ -z $small ]] || ((n < small)); }; then
			small=$n smallp=$p
		fi
	done
	if [[ -n $small && -n ${nodes[$r,xcover]:-} ]]; then
		printf ' %-26s |\n' "$(awk "BEGIN { printf \"%.2f (vs ${smallp^^})\", ${nodes[$r,xcover]} / ($small > 0 ? $small : 1) }")"
	else
		printf ' %-26s |\n' -
	fi
done
echo
echo "nodes of one run each (SSXC1, SSXCC and SSMCC do not count dead-end children)"

if ((failed)); then
	echo "anchors.sh: some runs failed or disagreed on the count (see above)" >&2
	exit 1
fi
