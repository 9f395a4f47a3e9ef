#!/bin/sh
# campaign-bench.sh - wall time of a campaign with 1 and with 2 workers on
# this host, and the speed-up (a benchmark: it prints, it does not judge).
# Each run goes to its own fresh results directory, so nothing is resumed.
set -u
usage() {
    cat <<'USAGE'
usage: bench/campaign-bench.sh [./do selection and options]

Runs the same ./do campaign three times, each into a fresh results directory:
  1. -j 1;
  2. -j 2 with no earlier records (no estimates: targets start in list order);
  3. -j 2 with the records of run 1 as history, so that the longest targets
     start first (as a second campaign on a host would).
Prints the wall times, the targets finished and the speed-ups over run 1.
Default selection: --quick on every shipped implementation and compiler line.
Example: bench/campaign-bench.sh -c guide-ref --quick
Exits nonzero if a run fails or finishes no target.
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
for run in 1 2 2h; do
    n=${run%h}
    case $run in
        2h) label="2 workers, longest first (estimates from run 1)"
            mkdir -p "$w/j$run/bench" && cp "$w/j1/bench/data" "$w/j$run/bench/data" ;;
        1) label="1 worker" ;;
        *) label="2 workers, no history" ;;
    esac
    echo "running ./do -j $n $* (log: $w/j$run.out)" >&2
    t0=$(secs)
    NGBENCH_HOST=bench "$top/do" --results "$w/j$run" -j "$n" "$@" >"$w/j$run.out" 2>&1 || {
        echo "campaign-bench.sh: ./do -j $n failed; its last lines:" >&2
        tail -n 5 "$w/j$run.out" >&2
        rc=1
    }
    t1=$(secs)
    awk -v a="$t0" -v b="$t1" -v l="$label" 'BEGIN { printf "%s: %.1f s\n", l, b - a }' | tee -a "$w/times"
    # targets of this run's campaign that reached their done record
    c=$(sed -n 's/.* campaign=\(c[^ ]*\) .*event=start.*/\1/p' "$w/j$run/bench/data" 2>/dev/null | tail -n 1)
    d=0
    [ -n "$c" ] && d=$(grep -c " done campaign=$c " "$w/j$run/bench/data")
    echo "   targets done: $d"
    [ "$d" -gt 0 ] || { echo "campaign-bench.sh: ./do -j $n finished no target" >&2; rc=1; }
    [ $rc -eq 0 ] || break
done
[ $rc -eq 0 ] || { echo "campaign-bench.sh: logs kept in $w" >&2; exit $rc; }
awk -F ': ' '{ sub(/ s$/, "", $2); t[NR] = $2 } END {
    printf "speed-up with 2 workers: %.2f (no history), %.2f (longest first)\n", t[1] / t[2], t[1] / t[3] }' "$w/times"
rm -rf "$w"
