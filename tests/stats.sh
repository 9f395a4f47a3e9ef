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
expect "cycles n=10 mean=5.5 median=5.5 q1=3.2 q3=7.8 min=1 max=10" "$stats" $w/a
expect "cycles n=3 mean=200.0 median=200.0 q1=150.0 q3=250.0 min=100 max=300" "$stats" $w/t1
# three trials, means 200, 400, 1000: median trial 400; all six samples pooled
expect "cycles n=6 mean=400.0 median=350.0 q1=225.0 q3=400.0 min=100 max=1000 median_trial=400.0" "$stats" -t $w/t1 $w/t2 $w/t3
# -k mlen: the totals as an mlen line (the --mlen trials)
expect "mlen n=3 mean=200.0 median=200.0 q1=150.0 q3=250.0 min=100 max=300" "$stats" -k mlen $w/t1
printf '7\n' >$w/one
expect "cycles n=1 mean=7.0 median=7.0 q1=7.0 q3=7.0 min=7 max=7" "$stats" $w/one
: >$w/empty
if "$stats" $w/empty >/dev/null 2>&1; then echo "FAIL: no samples should be an error"; fails=$((fails + 1)); else echo "ok: no samples is an error"; fi
# the per-call readings (sample TICKS CPU_NS SWITCHES) and the estimator
# rule of measure/derive.h, at 1e9 ticks per second (ticks = ns), with a
# readings overhead of 100 ns: 8 calls, 6 ran alone (75 %: enough), 2 were
# descheduled (switches) with wall times that count the time off the CPU
hdr='counter name=rdtsc unit=cycles persecond=1000000000 oncpu=thread_cputime oncpu_overhead_ns=100 switches=rusage_thread'
{ echo "$hdr"; for v in 1000 1010 1020 1030 1040 1050; do echo "sample $v $((v + 100)) 0"; done
  echo "sample 9000 1160 1"; echo "sample 8000 1170 2"; } >$w/p1
expect "cycles n=8 mean=2893.8 median=1035.0 q1=1017.5 q3=2787.5 min=1000 max=9000 mean_seconds=2.8938e-06 ops_per_second=345566 clean_n=6 clean_median=1025.0 oncpu_median=1035.0 estimator=clean headline=1025.0 headline_seconds=1.025e-06 headline_q1=1012.5 headline_q3=1037.5 headline_mean=1025.0 modes=1 headline_stat=median uncertainty=0.000" \
    "$stats" -p 1000000000 $w/p1
expect "trial trial=1 n=8 mean=2893.8 median=1035.0 q1=1017.5 q3=2787.5 min=1000 max=9000 flagged=2 headline=1025.0" \
    sh -c "'$stats' -T -p 1000000000 $w/p1 | head -n 1"
# 5 of 8 alone (62 %: too few): the on-CPU estimate of every call
{ echo "$hdr"; for v in 1000 1010 1020 1030 1040; do echo "sample $v $((v + 100)) 0"; done
  echo "sample 9000 1150 1"; echo "sample 8000 1160 2"; echo "sample 7000 1170 3"; } >$w/p2
expect "clean_n=5 clean_median=1020.0 oncpu_median=1035.0 estimator=oncpu headline=1035.0 headline_seconds=1.035e-06 headline_q1=1017.5 headline_q3=1052.5 headline_mean=1035.0 modes=1 headline_stat=median uncertainty=0.000" \
    sh -c "'$stats' -p 1000000000 $w/p2 | sed 's/.* clean_n=/clean_n=/'"
# no switch counted, but 5 us of wall clock off the CPU (a hypervisor's steal): flagged
{ echo "$hdr"; echo "sample 10000 5100 0"; echo "sample 1000 1100 0"; } >$w/p3
expect "trial trial=1 n=2 mean=5500.0 median=5500.0 q1=3250.0 q3=7750.0 min=1000 max=10000 flagged=1 headline=3000.0" \
    sh -c "'$stats' -T -p 1000000000 $w/p3 | head -n 1"
# a long call, always interrupted (one call: still its on-CPU estimate)
{ echo "$hdr"; echo "sample 300000000 100000100 40"; } >$w/p4
expect "clean_n=0 oncpu_median=100000000.0 estimator=oncpu headline=100000000.0 headline_seconds=0.1 headline_q1=100000000.0 headline_q3=100000000.0 headline_mean=100000000.0 modes=1 headline_stat=median uncertainty=0.000" \
    sh -c "'$stats' -p 1000000000 $w/p4 | sed 's/.* clean_n=/clean_n=/'"
# switch counts but no CPU clock, too few clean: the median of all, marked wall
{ echo "$hdr"; echo "sample 1000 -1 0"; echo "sample 9000 -1 1"; } >$w/p5
expect "clean_n=1 clean_median=1000.0 estimator=wall headline=5000.0 headline_seconds=5e-06 headline_q1=3000.0 headline_q3=7000.0 headline_mean=5000.0 modes=1 headline_stat=median uncertainty=0.000" \
    sh -c "'$stats' -p 1000000000 $w/p5 | sed 's/.* clean_n=/clean_n=/'"
# older samples (no readings): no per-call figures at all
expect "cycles n=3 mean=200.0 median=200.0 q1=150.0 q3=250.0 min=100 max=300 mean_seconds=2e-07 ops_per_second=5e+06" \
    "$stats" -p 1000000000 $w/t1
exit $((fails > 0))
