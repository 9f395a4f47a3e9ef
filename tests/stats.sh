#!/bin/sh
# stats.sh - ngbench-stats on fixed samples with known statistics (quartiles
# interpolated linearly, R type 7), the per-trial median, and bad input.
set -u
stats=${NGBENCH_STATS:-measure/ngbench-stats}
fails=0
expect() { # expect WANT CMD...
    want=$1
    shift
    got=$("$@" 2>&1)
    if [ "$got" = "$want" ]; then echo "ok: $want"; else echo "FAIL: $*: got '$got', want '$want'"; fails=$((fails + 1)); fi
}
w=tests/stats.d
mkdir -p $w
seq 1 10 >$w/a
printf 'counter name=rdtsc\nsample 100\nsample 300\nsample 200\ncalibrate 999\n' >$w/t1
printf 'sample 400\nsample 400\n' >$w/t2
printf 'sample 1000\n' >$w/t3
expect "n=10 mean=5.5 median=5.5 q1=3.2 q3=7.8 min=1 max=10" "$stats" $w/a
expect "n=3 mean=200.0 median=200.0 q1=150.0 q3=250.0 min=100 max=300" "$stats" $w/t1
# three trials, means 200, 400, 1000: median trial 400; all six samples pooled
expect "n=6 mean=400.0 median=350.0 q1=225.0 q3=400.0 min=100 max=1000 median_trial=400.0" "$stats" -t $w/t1 $w/t2 $w/t3
printf '7\n' >$w/one
expect "n=1 mean=7.0 median=7.0 q1=7.0 q3=7.0 min=7 max=7" "$stats" $w/one
: >$w/empty
if "$stats" $w/empty >/dev/null 2>&1; then echo "FAIL: no samples should be an error"; fails=$((fails + 1)); else echo "ok: no samples is an error"; fi
exit $((fails > 0))
