#!/usr/bin/env bash
# bigfile.sh times the reading of big DLX files, from the file to a first solution (see
# usage below).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: bench/bigfile.sh [-r RUNS] [-o OLD_XCOVER] [CASE ...]

Writes big problem files with `go run ./internal/problems/gen -pairs`, then times the
xcover command built from this tree on them, RUNS times each (default 5), and prints per
case the median wall and CPU seconds (user + system) with their range, the file's size
and entries, the rate (MB of file per wall second), the median peak resident memory
(/usr/bin/time) in MB, as a multiple of the file's size and in bytes per entry. With -o,
the given xcover binary (an older build) is timed too, interleaved run by run, and the
ratios of new to old are printed (wall, CPU, memory). Cases (default: both):
  big87   issue 42's case: 10^6 items, the pairs {i2k i2k+1}, 900,000 random options of 10
          items (10^7 entries, 87 MB) and one primary item that no option covers, so that
          the search ends at once: `xcover count --workers 1`
  pairs   issue 26's case: 10^6 items, the pairs and 200,000 random options of 2 items
          (19 MB): the first solution, `xcover solve --limit 1 --workers 1`
The search runs on one worker; the reading uses every CPU the process is given. Times on
a shared machine mean little: compare the ratios of interleaved runs.
USAGE
}

runs=5
old=""
while getopts "r:o:h" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	o) old=$OPTARG ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cases=("$@")
if ((${#cases[@]} == 0)); then
	cases=(big87 pairs)
fi
[[ -x /usr/bin/time ]] || { echo "bigfile.sh: needs /usr/bin/time (GNU time)" >&2; exit 1; }

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && go build -o "$tmp/xcover" ./cmd/xcover && go build -o "$tmp/gen" ./internal/problems/gen)

# median of the numbers on stdin; range prints "min-max".
median() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
range() { sort -g | awk 'NR == 1 {lo = $1} {hi = $1} END {print lo "-" hi}'; }

for c in "${cases[@]}"; do
	case $c in
	big87) spec=1000000,900000,10,stuck; cmd=(count --workers 1) ;;
	pairs) spec=1000000,200000,2; cmd=(solve --limit 1 --workers 1) ;;
	*) echo "bigfile.sh: unknown case $c" >&2; exit 2 ;;
	esac
	file=$tmp/$c.dlx
	"$tmp/gen" -pairs "$spec" >"$file"
	size=$(stat -c %s "$file")
	entries=$(awk 'NR > 3 {n += NF} END {print n}' "$file")
	progs=(new)
	[[ -n $old ]] && progs+=(old)
	for ((r = 0; r < runs; r++)); do
		for p in "${progs[@]}"; do
			bin=$tmp/xcover
			[[ $p == old ]] && bin=$old
			/usr/bin/time -f "%e %U %S %M" -o "$tmp/t" "$bin" "${cmd[@]}" "$file" >/dev/null 2>"$tmp/err" ||
				{ cat "$tmp/err" >&2; exit 1; }
			read -r wall user sys rss <"$tmp/t"
			echo "$wall $(echo "$user + $sys" | bc) $rss" >>"$tmp/$c.$p"
		done
	done
	for p in "${progs[@]}"; do
		w=$(cut -d' ' -f1 "$tmp/$c.$p" | median)
		cpu=$(cut -d' ' -f2 "$tmp/$c.$p" | median)
		rss=$(cut -d' ' -f3 "$tmp/$c.$p" | median)
		printf '%-6s %-4s wall %6.3f s (%s)  cpu %6.3f s (%s)  %5.1f MB, %d entries  %6.1f MB/s  peak %5.0f MB = %.2fx file = %.1f B/entry\n' \
			"$c" "$p" "$w" "$(cut -d' ' -f1 "$tmp/$c.$p" | range)" "$cpu" "$(cut -d' ' -f2 "$tmp/$c.$p" | range)" \
			"$(echo "$size / 1000000" | bc -l)" "$entries" "$(echo "$size / 1000000 / $w" | bc -l)" \
			"$(echo "$rss / 1000" | bc -l)" "$(echo "$rss * 1024 / $size" | bc -l)" "$(echo "$rss * 1024 / $entries" | bc -l)"
	done
	if [[ -n $old ]]; then
		paste -d' ' "$tmp/$c.new" "$tmp/$c.old" | awk '{print $1 / $4, $2 / $5, $3 / $6}' >"$tmp/$c.ratio"
		printf '%-6s new/old wall %.2f (%s)  cpu %.2f (%s)  peak memory %.2f\n' "$c" \
			"$(cut -d' ' -f1 "$tmp/$c.ratio" | median)" "$(cut -d' ' -f1 "$tmp/$c.ratio" | range)" \
			"$(cut -d' ' -f2 "$tmp/$c.ratio" | median)" "$(cut -d' ' -f2 "$tmp/$c.ratio" | range)" \
			"$(cut -d' ' -f3 "$tmp/$c.ratio" | median)"
	fi
done
