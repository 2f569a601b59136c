#!/usr/bin/env bash
# integration-test.sh runs deploy/slurm/count.sbatch on a real, one-node Slurm cluster that
# it brings up on this machine and takes down again, and checks what a user relies on:
#
#   1. an array of 8 shards of a count with a known total (16 queens, 14772512 solutions)
#      gives that total in results/total.json, through the merge job the recipe submits;
#   2. one task requeued in the middle of its count (scontrol requeue) resumes from its
#      checkpoint (its second run says so) and the total is still exact;
#   3. the merge job runs once, although task 1, which submits it, may run twice;
#   4. a task killed by its time limit leaves its checkpoint and no result file, not a
#      half result.
#
# It needs root and Debian's slurm-wlm and munge (.ci/run installs them); without them it
# says why and exits 0 having tested nothing. It prints "slurm: N passed, M failed" and
# exits 1 if anything failed. Usage: deploy/slurm/integration-test.sh
# (from anywhere; KEEP=1 keeps the work directory; RECIPE=FILE tests another batch script).
set -uo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
# RECIPE names another batch script to test in place of count.sbatch (to see this test fail
# on a broken recipe).
recipe=$(realpath "${RECIPE:-$repo/deploy/slurm/count.sbatch}")
skip() {
	echo "slurm: skipped: $*"
	exit 0
}
[ "$(id -u)" = 0 ] || skip "not root (slurmd must run as root here)"
for c in slurmctld slurmd sbatch scontrol squeue sinfo munged; do
	command -v "$c" >/dev/null || skip "$c not installed (Debian: slurm-wlm munge)"
done
[ -f /etc/munge/munge.key ] || skip "no /etc/munge/munge.key"
if pgrep -x slurmctld >/dev/null || pgrep -x slurmd >/dev/null; then
	skip "a Slurm daemon is already running on this machine"
fi

work=$(mktemp -d /tmp/xcover-slurm.XXXXXX)
passed=0 failed=0
pass() { echo "ok   - $*"; passed=$((passed + 1)); }
fail() { echo "FAIL - $*"; failed=$((failed + 1)); }

cleanup() {
	scontrol shutdown >/dev/null 2>&1
	sleep 1
	pkill -x slurmd 2>/dev/null
	pkill -x slurmctld 2>/dev/null
	[ -n "${mungepid:-}" ] && kill "$mungepid" 2>/dev/null
	[ "${KEEP:-}" = 1 ] && echo "kept $work" || rm -rf "$work"
}
trap cleanup EXIT

# xcover, built from this checkout, on the jobs' PATH (sbatch exports the environment).
mkdir -p "$work/bin" "$work/state" "$work/spool" "$work/run"
(cd "$repo" && go build -o "$work/bin/xcover" ./cmd/xcover) || { fail "go build"; exit 1; }
export PATH="$work/bin:$PATH"

host=$(hostname -s)
export SLURM_CONF=$work/slurm.conf
# One node, four job slots on whatever cores there are (config_overrides: the node is not
# drained for declaring more CPUs than it has), no cgroups, no accounting.
cat >"$SLURM_CONF" <<EOF
ClusterName=xcover-test
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/run/slurmctld.pid
SlurmdPidFile=$work/run/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
ReturnToService=2
JobRequeue=1
KillWait=10
OverTimeLimit=0
MinJobAge=300
MpiDefault=none
SchedulerType=sched/backfill
NodeName=$host CPUs=4 RealMemory=4000 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

# munged as root (--force), with the socket directory Debian's service would make.
mkdir -p /run/munge && chown munge:munge /run/munge && chmod 755 /run/munge
if ! pgrep -x munged >/dev/null; then
	munged --force 2>/dev/null || skip "munged does not start"
	mungepid=$(cat /run/munge/munged.pid 2>/dev/null)
fi
slurmctld -f "$SLURM_CONF" || skip "slurmctld does not start (see $work/slurmctld.log)"
slurmd -f "$SLURM_CONF" || skip "slurmd does not start (see $work/slurmd.log)"
for _ in $(seq 60); do
	state=$(sinfo -h -N -o %T 2>/dev/null | head -1)
	[ "$state" = idle ] && break
	sleep 1
done
[ "$state" = idle ] || skip "the node did not come up (state '$state'; see $work/slurmd.log)"

cd "$work"
# n queens: ranks and files primary, diagonals secondary.
queens() {
	python3 - "$1" <<'EOF'
import sys
n = int(sys.argv[1])
print(" ".join(f"r{i} f{i}" for i in range(n)), "|", " ".join(f"a{d} b{d}" for d in range(2 * n - 1)))
for r in range(n):
    for c in range(n):
        print(f"r{r} f{c} a{r + c} b{r - c + n - 1}")
EOF
}
queens 16 >q16.dlx
queens 18 >q18.dlx # minutes on one CPU: for the task that runs out of time
want=14772512

# Submitted first, so that it runs beside the array (see 4 below).
slow=$(sbatch --parsable --array=1-1 --cpus-per-task=1 --mem=200M --time=1 \
	"$recipe" q18.dlx slow) || fail "sbatch the slow task"

# 1-3: the array of 8 shards, one of them requeued mid-count. The shards save their
# checkpoints every 200 ms: a shard of 16 queens takes 2 s on a fast host, where the
# default 5 s left no checkpoint to requeue from (one of round twenty-two's CI runs).
job=$(XCOVER_CHECKPOINT_EVERY=200ms sbatch --parsable --array=1-8 --cpus-per-task=1 --mem=200M --time=10:00 \
	"$recipe" q16.dlx results) || { fail "sbatch the array"; exit 1; }
start=$SECONDS
echo "submitted array $job"
# Requeue task 2 once it is running and its checkpoint holds finished parts.
requeued=0
for _ in $(seq 600); do
	if [ -s results/checkpoints/shard-2.ckpt ] && squeue -h -j "${job}_2" -t R 2>/dev/null | grep -q .; then
		scontrol requeue "${job}_2" && requeued=1
		break
	fi
	sleep 0.1
done
[ $requeued = 1 ] && pass "task 2 requeued mid-count" || fail "task 2 could not be requeued mid-count"
for _ in $(seq 300); do
	[ -s results/total.json ] && break
	sleep 1
done
if [ -s results/total.json ]; then
	got=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["solutions"])' results/total.json)
	[ "$got" = "$want" ] && pass "total.json: $got solutions" || fail "total.json: $got solutions, want $want"
else
	fail "no results/total.json after 5 minutes (squeue: $(squeue -h | head -5 | tr '\n' ';'))"
fi
if grep -qs "resuming from results/checkpoints/shard-2.ckpt" xcover-count-"${job}"_2.log; then
	pass "the requeued task resumed from its checkpoint"
else
	fail "the requeued task did not resume from its checkpoint (log: $(tail -3 xcover-count-"${job}"_2.log 2>/dev/null | tr '\n' ';'))"
fi
merges=$(ls xcover-merge-*.log 2>/dev/null | wc -l)
[ "$merges" = 1 ] && pass "the merge job ran once" || fail "the merge job ran $merges times"

# 4: a task killed by its time limit (one minute: Slurm's least) leaves a checkpoint only.
# It runs beside the array, whose checks come first.
for _ in $(seq 150); do
	squeue -h -j "$slow" 2>/dev/null | grep -q . || break
	sleep 1
done
if [ -s slow/checkpoints/shard-1.ckpt ] && [ ! -e slow/shard-1.json ]; then
	pass "a task past its time limit left its checkpoint and no result"
else
	fail "past its time limit: checkpoint $(ls slow/checkpoints 2>/dev/null), result $(ls slow/shard-1.json 2>/dev/null)"
fi

echo "slurm: $passed passed, $failed failed"
[ "$failed" = 0 ]
