#!/bin/sh
# campaign-bench.sh - wall time of a campaign with 1 and with 2 workers on
# this host, and the speed-up (a benchmark: it prints, it does not judge).
# usage: bench/campaign-bench.sh [./do selection and options]
#   default: --quick on every shipped implementation and compiler line
# Each run goes to its own fresh results directory, so nothing is resumed.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- --quick
w=${TMPDIR:-/tmp}/ngbench-campaign-bench.$$
mkdir -p "$w"
trap 'rm -rf "$w"' EXIT
secs() { date +%s.%N | sed 's/\.N$//'; }
for n in 1 2; do
    t0=$(secs)
    NGBENCH_HOST=bench "$top/do" --results "$w/j$n" -j "$n" "$@" >"$w/j$n.out" 2>&1
    t1=$(secs)
    awk -v a="$t0" -v b="$t1" -v n="$n" 'BEGIN { printf "%d worker(s): %.1f s\n", n, b - a }' | tee -a "$w/times"
    grep -c ' done ' "$w/j$n/bench/data" | sed 's/^/   targets done: /'
done
awk '{ t[NR] = $3 } END { printf "speed-up with 2 workers: %.2f\n", t[1] / t[2] }' "$w/times"
