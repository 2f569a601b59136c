#!/usr/bin/env bash
# scale.sh times counts on 1, 2, 4, ... workers, interleaved, and prints each one's speed-up
# over one worker (see usage below).
set -euo pipefail

usage() {
	cat <<'USAGE'
Usage: bench/scale.sh [-r RUNS] [-w "1 2 4 8 16"] [-o OLD_XCOVER] [CASE ...]

Times, interleaved, RUNS times each (default 3), every case on every number of workers
given with -w (default 1, 2, 4, ... up to the machine's cores), and prints per case and
number of workers the medians of wall seconds, of CPU seconds (user + system) and of system
seconds alone (page faults: a count's fresh memory is faulted in by its workers), the
speed-up (wall on one worker over wall on W), the efficiency (speed-up / W), the CPU
inflation (CPU on W over CPU on one), the peak memory (MB, where /usr/bin/time exists) and
the count; a count that differs between numbers of workers is flagged. Cases (default
"spin dom18 dom20 a1499-13 queens17"):
  dom18, dom20   xcover count --memo: domino tilings of 18x18 and 20x20 (the forward count)
  a1499-13       xcover count --memo: A001499(13), 0/1 13x13 matrices with two 1s in every
                 row and column (multiplicities: the depth-first memo and its shared cache)
  tile16         xcover count --memo: the tilings of 16x16 by 128 dominoes, as
                 `xcover tile --pieces domino:128 --region 16x16 --emit dlx` writes them (a
                 piece item of multiplicity 128: the depth-first memo)
  tile18         the same for 18x18 and 162 dominoes (6.4 million sub-problems, 5 times
                 tile16's: long enough for 16 workers to be timed)
  queensN        xcover queens N --count (the quadrant join), for any N
  spin           bench/cmd/spin: arithmetic alone split over the workers, touching no memory
                 and sharing nothing: the most speed-up the machine gives any program at the
                 time, the yardstick for the others
  wide           bench/cmd/spin -wide: arithmetic that fills a core's issue slots; where
                 the machine's processors share cores (simultaneous multithreading, ours or
                 another guest's) it slows as workers are added, and spin does not
  chase          bench/cmd/spin -chase 16: random reads alone, 16 MiB per worker: the most
                 the machine's memory gives such reads at the time

Before each round of a case it times bench/cmd/spin -pingpong (a cache line passed between
two goroutines) and prints the median trip: tens of nanoseconds where our two processors
share a last-level cache, about 200 where the host placed them apart (then every entry one
worker reads of another's costs a read from memory, and the counts gain less).

-o OLD_XCOVER times that xcover binary too, interleaved with the first, and prints its
rows beside (bin "old", the first "new") with, on the new rows, new's speed over old's on
as many workers (old wall / new wall) and its CPU against old's (new CPU / old CPU).

BIN=DIR takes xcover, spin and the problem files (dom18.dlx, dom20.dlx, a1499-13.dlx,
tile16.dlx, tile18.dlx) from DIR instead of building and writing them, for a machine
without Go: build them elsewhere with BIN=DIR bench/scale.sh -p, which copies this script
there too.
XCOVER=PATH times that xcover binary instead.
Speed-ups mean something only on an otherwise idle machine: compare them, not times.
USAGE
}

runs=3
workers=""
prepare=0
old=""
while getopts "r:w:o:ph" opt; do
	case $opt in
	r) runs=$OPTARG ;;
	w) workers=$OPTARG ;;
	o) old=$OPTARG ;;
	p) prepare=1 ;;
	h) usage; exit 0 ;;
	*) usage >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
cases=("$@")
if ((${#cases[@]} == 0)); then
	cases=(spin dom18 dom20 a1499-13 queens17)
fi
if [[ -z $workers ]]; then
	cores=$(nproc)
	for ((w = 1; w <= cores; w *= 2)); do workers+="$w "; done
fi

root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bin=${BIN:-$tmp}

# build writes the binaries and the problem files into $bin.
build() {
	mkdir -p "$bin"
	(cd "$root" && go build -o "$bin/xcover" ./cmd/xcover && go build -o "$bin/spin" ./bench/cmd/spin)
	(cd "$root" && go run ./internal/problems/gen -dominoes 18x18) >"$bin/dom18.dlx"
	(cd "$root" && go run ./internal/problems/gen -dominoes 20x20) >"$bin/dom20.dlx"
	(cd "$root" && go run ./internal/problems/gen -two-per-row-col 13) >"$bin/a1499-13.dlx"
	"$bin/xcover" tile --pieces domino:128 --region 16x16 --emit dlx >"$bin/tile16.dlx"
	"$bin/xcover" tile --pieces domino:162 --region 18x18 --emit dlx >"$bin/tile18.dlx"
	if [[ $root/bench/scale.sh != "$bin/scale.sh" ]]; then
		cp "$root/bench/scale.sh" "$bin/scale.sh"
	fi
}
if [[ -z ${BIN:-} || $prepare == 1 ]]; then
	build
fi
if [[ $prepare == 1 ]]; then
	ls -l "$bin"
	exit 0
fi
xcover=${XCOVER:-$bin/xcover}

# timed CMD...: prints "wall cpu megabytes system" of one run of CMD, its output in $tmp/out.
timed() {
	if [[ -x /usr/bin/time ]]; then
		/usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" >"$tmp/out"
		awk '{printf "%s %.2f %.0f %.2f\n", $1, $2 + $3, $4 / 1024, $3}' "$tmp/time"
	else
		local TIMEFORMAT="%R %U %S"
		{ time "$@" >"$tmp/out" 2>/dev/null; } 2>"$tmp/time"
		awk '{printf "%s %.2f - %.2f\n", $1, $2 + $3, $3}' "$tmp/time"
	fi
}

# median of the numbers on stdin
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# cmdline CASE W XCOVER: the command line of CASE on W workers, with that xcover.
cmdline() {
	case $1 in
	spin) echo "$bin/spin -workers $2" ;;
	wide) echo "$bin/spin -wide -workers $2" ;;
	chase) echo "$bin/spin -chase 16 -steps 33554431 -workers $2" ;;
	queens[0-9]*) echo "$3 queens ${1#queens} --count --workers $2" ;;
	*) echo "$3 count --memo --workers $2 $bin/$1.dlx" ;;
	esac
}

# yardstick CASE: whether CASE is one of spin's, which count nothing and have no old binary.
yardstick() { [[ $1 == spin || $1 == wide || $1 == chase ]]; }

# ratio A B: A/B, 0 if B is 0.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {print (b > 0 ? a/b : 0)}'; }

printf "%-10s %3s %3s %9s %9s %6s %8s %6s %9s %7s %7s %7s  %s\n" case bin W wall cpu sys speed-up eff inflation MB \
	vs-old cpu/old count
for c in "${cases[@]}"; do
	bins=(new)
	if [[ -n $old ]] && ! yardstick "$c"; then
		bins+=(old)
	fi
	for w in $workers; do
		for b in "${bins[@]}"; do : >"$tmp/t$b$w"; : >"$tmp/c$b$w"; done
	done
	: >"$tmp/pp"
	for ((i = 0; i < runs; i++)); do
		# A line passed between two cores, before each round: its time tells where the
		# host placed our processors during the round (see spin -pingpong).
		"$bin/spin" -pingpong -steps 2000000 2>/dev/null | awk '{print $3}' >>"$tmp/pp" || true
		for w in $workers; do
			for b in "${bins[@]}"; do
				x=$xcover
				[[ $b == old ]] && x=$old
				# shellcheck disable=SC2046 # the command's words are split on purpose
				timed $(cmdline "$c" "$w" "$x") >>"$tmp/t$b$w"
				head -1 "$tmp/out" >"$tmp/c$b$w"
			done
		done
	done
	first=""
	for b in "${bins[@]}"; do
		e1="" c1=""
		for w in $workers; do
			e=$(cut -d' ' -f1 "$tmp/t$b$w" | median)
			u=$(cut -d' ' -f2 "$tmp/t$b$w" | median)
			sys=$(cut -d' ' -f4 "$tmp/t$b$w" | median)
			mb=$(cut -d' ' -f3 "$tmp/t$b$w" | sort -g | tail -1)
			count=$(cat "$tmp/c$b$w")
			if [[ -z $e1 ]]; then
				e1=$e c1=$u w1=$w
			fi
			if [[ -z $first ]]; then
				first=$count
			fi
			flag=""
			if ! yardstick "$c" && [[ $count != "$first" ]]; then
				flag="  COUNT DIFFERS from new on $w1 worker(s)"
			fi
			vs="-" cpu="-"
			if [[ $b == new && ${#bins[@]} -gt 1 ]]; then
				vs=$(printf "%.2f" "$(ratio "$(cut -d' ' -f1 "$tmp/told$w" | median)" "$e")")
				cpu=$(printf "%.2f" "$(ratio "$u" "$(cut -d' ' -f2 "$tmp/told$w" | median)")")
			fi
			printf "%-10s %3s %3s %9s %9s %6s %8.2f %6.2f %9.2f %7s %7s %7s  %s%s\n" "$c" "$b" "$w" "$e" "$u" "$sys" \
				"$(ratio "$e1" "$e")" \
				"$(awk -v a="$e1" -v b="$e" -v w="$w" -v w1="$w1" 'BEGIN {print (b > 0 ? a/b/(w/w1) : 0)}')" \
				"$(ratio "$u" "$c1")" "$mb" "$vs" "$cpu" "$count" "$flag"
		done
	done
	if [[ -s $tmp/pp ]]; then
		printf "%-10s pingpong before each round: median %s ns a trip (%s-%s)\n" "$c" "$(median <"$tmp/pp")" \
			"$(sort -g "$tmp/pp" | head -1)" "$(sort -g "$tmp/pp" | tail -1)"
	fi
done
