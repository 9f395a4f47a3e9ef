#!/bin/sh
# campaign-bench.sh - wall time of a campaign with 1 and with 2 workers on
# this host, and the speed-up (a benchmark: it prints, it does not judge).
# Each run goes to its own fresh results directory, so nothing is resumed.
set -u
usage() {
    cat <<'USAGE'
usage: bench/campaign-bench.sh [./do selection and options]

Runs the same ./do campaign twice, with -j 1 and with -j 2, each into a fresh
results directory, and prints both wall times, the targets finished and the
speed-up. Default selection: --quick on every shipped implementation and
compiler line. Example: bench/campaign-bench.sh -c guide-ref --quick
Exits nonzero if either run fails or finishes no target.
USAGE
}
case ${1-} in -h|--help) usage; exit 0 ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- --quick
w=${TMPDIR:-/tmp}/ngbench-campaign-bench.$$
mkdir -p "$w"
trap 'echo "campaign-bench.sh: interrupted; logs in $w" >&2; exit 130' INT TERM
secs() { date +%s.%N | sed 's/\.N$//'; }
rc=0
for n in 1 2; do
    echo "running ./do -j $n $* (log: $w/j$n.out)" >&2
    t0=$(secs)
    NGBENCH_HOST=bench "$top/do" --results "$w/j$n" -j "$n" "$@" >"$w/j$n.out" 2>&1 || {
        echo "campaign-bench.sh: ./do -j $n failed; its last lines:" >&2
        tail -n 5 "$w/j$n.out" >&2
        rc=1
    }
    t1=$(secs)
    awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%d worker(s): %.1f s\n", n, b - a }' | tee -a "$w/times"
    d=0
    [ -f "$w/j$n/bench/data" ] && d=$(grep -c ' done ' "$w/j$n/bench/data")
    echo "   targets done: $d"
    [ "$d" -gt 0 ] || { echo "campaign-bench.sh: ./do -j $n finished no target" >&2; rc=1; }
done
[ $rc -eq 0 ] || { echo "campaign-bench.sh: logs kept in $w" >&2; exit $rc; }
awk '{ t[NR] = $3 } END { printf "speed-up with 2 workers: %.2f\n", t[1] / t[2] }' "$w/times"
rm -rf "$w"
