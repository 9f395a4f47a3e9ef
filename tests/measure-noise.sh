#!/bin/sh
# measure-noise.sh - the per-call flags and the estimator choice, with
# preemption forced: a spinning competitor pinned to the measured CPU.
# Behaviour, not timing: a sign call of the slowsig fixture (about 0.1 s of
# CPU) shares its CPU with the competitor and is always interrupted, so its
# calls are flagged and the headline is the on-CPU estimate; a verify call
# (microseconds) mostly fits between interruptions, so the headline is the
# median of the calls that were not descheduled. Also: measure says what its
# counter counts (ns for clock_gettime, as on s390x), and a forced on-CPU
# source of none leaves the flags to the switch counts. The host around a
# trial (issue 32): measure reads /proc/stat around its calls,
# ngbench-hostspeed reads the reference kernel and waits for quiet CPUs, and
# ngbench-stats derives each trial's host speed, load and disturbed verdict
# and the headline's uncertainty (crafted readings: the rule, exactly).
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
stats=${NGBENCH_STATS:-$PWD/measure/ngbench-stats}
cc=${NGBENCH_CC:-cc}
w=tests/measure-noise.d
rm -rf $w
mkdir -p $w
command -v taskset >/dev/null 2>&1 || { echo "SKIP: no taskset here"; exit 77; }
[ "$(uname -s)" = Linux ] || { echo "SKIP: getrusage(RUSAGE_THREAD) is Linux's"; exit 77; }
NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -p measure,speed -c "$cc -O2" \
    "$datadir/tests/fixtures/noise/crypto_sign/slowsig/ref" $w/b >$w/build.log 2>&1 || { cat $w/build.log; exit 1; }
$cc -O2 -o $w/noise-load "$datadir/bench/noise-load.c" || exit 1
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
# the CPU to share: the first this process may use
cpu=$(taskset -pc $$ | sed 's/.*: //; s/[,-].*//')
taskset -c "$cpu" $w/noise-load spin 60 &
spinner=$!
trap 'kill $spinner 2>/dev/null; wait $spinner 2>/dev/null' EXIT
sleep 0.2

# a long call beside the competitor: descheduled, so the on-CPU estimate
(cd $w && ./b/measure -C "$cpu" -o sign -s sign.state -n 6 -w 0) >$w/sign.out || bad "measure -o sign failed"
cps=$(sed -n 's/^counter .*persecond=\([0-9]*\).*/\1/p' $w/sign.out)
trial=$("$stats" -T -p "$cps" $w/sign.out | head -n 1)
tot=$("$stats" -p "$cps" $w/sign.out)
echo "sign:   $tot"
f=$(field flagged "$trial")
[ "${f:-0}" -gt 0 ] && ok "sign beside a competitor on its CPU: $f of 6 calls flagged descheduled" ||
    bad "sign beside a competitor on its CPU: no call flagged ($trial)"
sw=$(awk '$1 == "sample" && $4 > 0 { n++ } END { print n + 0 }' $w/sign.out)
[ "$sw" -gt 0 ] && ok "their context switches were counted ($sw calls)" || bad "no context switch counted"
[ "$(field estimator "$tot")" = oncpu ] && ok "too few clean calls: the headline is the on-CPU estimate" ||
    bad "estimator '$(field estimator "$tot")', expected oncpu"
[ -n "$(field oncpu_median "$tot")" ] && [ "$(field headline "$tot")" = "$(field oncpu_median "$tot")" ] &&
    ok "headline = oncpu_median" || bad "headline '$(field headline "$tot")' is not oncpu_median"

# a short call beside it: most calls run between interruptions
(cd $w && ./b/measure -C "$cpu" -o verify -s verify.state -n 3000) >$w/verify.out || bad "measure -o verify failed"
tot=$("$stats" -p "$cps" $w/verify.out)
echo "verify: $tot"
[ "$(field estimator "$tot")" = clean ] && ok "enough clean calls ($(field clean_n "$tot") of 3000): the headline is their median" ||
    bad "estimator '$(field estimator "$tot")', expected clean"
[ "$(field headline "$tot")" = "$(field clean_median "$tot")" ] && ok "headline = clean_median" ||
    bad "headline '$(field headline "$tot")' is not clean_median"
kill $spinner 2>/dev/null
wait $spinner 2>/dev/null

# a short call (its warm-up under 100 us) has its switches left to its CPU
# clock, read once per batch of calls (target/oncpu.h, target/measure.c):
# stopped for 5 ms every 50 ms while it runs (SIGSTOP lands anywhere, as a
# preemption does), some calls lose the CPU; each such call is flagged by
# the batch's gap, and no more calls than there were stops
(cd $w && exec ./b/measure -C "$cpu" -o verify -s verify.state -n 2000000) >$w/stopped.out &
mp=$!
stops=0 pre=0
sleep 0.05
while kill -STOP $mp 2>/dev/null; do
    sleep 0.005
    kill -CONT $mp 2>/dev/null
    stops=$((stops + 1))
    # the preemptions of a busy host (make -j2 check runs two tests at
    # once) flag calls too: the kernel's count of them, as last seen
    p=$(sed -n 's/^nonvoluntary_ctxt_switches:[[:space:]]*//p' /proc/$mp/status 2>/dev/null)
    [ -n "$p" ] && pre=$p
    sleep 0.05
done
wait $mp || bad "measure -o verify (stopped now and then) failed"
cal=$(sed -n 's/^calibrate //p' $w/stopped.out)
nv=$(grep -c '^sample ' $w/stopped.out)
nsw=$(awk '$1 == "sample" && $4 != -1 { n++ } END { print n + 0 }' $w/stopped.out)
b=$(sed -n 's/^oncpu_batch //p' $w/stopped.out)
fl=$(field flagged "$("$stats" -T -p "$cps" $w/stopped.out | head -n 1)")
if [ "$cal" -lt "$((cps / 10000))" ]; then
    [ "$nsw" = 0 ] && [ "${b:-1}" -gt 1 ] && ok "a short call ($cal ticks): switches not read, the clock read once per $b calls" ||
        bad "a short call ($cal ticks): $nsw calls with switches read, oncpu_batch '$b'"
    # at most one a stop or a preemption (5 more for those after the last look)
    [ "${fl:-0}" -ge 1 ] && [ "${fl:-0}" -le $((stops + pre + 5)) ] &&
        ok "stopped $stops times, preempted $pre: $fl of $nv calls flagged by the clock (at least one, at most one a stop or preemption)" ||
        bad "stopped $stops times, preempted $pre: $fl of $nv calls flagged"
else
    echo "skip: verify is not a short call here ($cal ticks)"
fi
rm -f $w/stopped.out
sw=$(awk '$1 == "sample" && $4 != -1 { n++ } END { print n + 0 }' $w/sign.out)
[ "$sw" = 6 ] && ok "a long call's switches are read (6 of 6)" || bad "a long call: switches read for $sw of 6 calls"
grep -q '^oncpu_batch 1$' $w/sign.out && ok "a long call's readings are its own (oncpu_batch 1)" || bad "a long call read in batches"

# without an on-CPU source the flags come from the switch counts alone
(cd $w && NGBENCH_ONCPU=none ./b/measure -o verify -s verify.state -n 50) >$w/none.out
grep -q '^counter .* oncpu=none ' $w/none.out && ok "NGBENCH_ONCPU=none: the counter line says oncpu=none" ||
    bad "NGBENCH_ONCPU=none not said"
tot=$("$stats" -p "$cps" $w/none.out)
case $(field estimator "$tot") in clean | wall) ok "no on-CPU estimate: estimator $(field estimator "$tot")" ;;
*) bad "no on-CPU estimate, yet estimator '$(field estimator "$tot")'" ;; esac
[ -z "$(field oncpu_median "$tot")" ] && ok "no oncpu_median without an on-CPU source" || bad "an oncpu_median from nothing"

# units: clock_gettime counts nanoseconds, and says so
(cd $w && NGBENCH_COUNTER=clock_gettime ./b/measure -o verify -s verify.state -n 5) >$w/ns.out
grep -q '^counter name=clock_gettime unit=ns ' $w/ns.out && ok "clock_gettime: unit=ns" || bad "clock_gettime: $(head -n 1 $w/ns.out)"
(cd $w && ./b/measure -o verify -s verify.state -n 5) | grep -q '^counter name=[^ ]* unit=\(cycles\|ticks\|ns\) ' &&
    ok "the default counter names its unit" || bad "no unit on the counter line"
NGBENCH_COUNTER=clock_gettime $w/b/speed -n 3 >$w/speed.out
grep -q ' ns$' $w/speed.out && ! grep -q 'cycles' $w/speed.out && ok "speed with clock_gettime prints ns, never cycles" ||
    { cat $w/speed.out; bad "speed with clock_gettime"; }

# ---- the host around a trial ----
hs=${NGBENCH_HOSTSPEED:-$PWD/harness/ngbench-hostspeed}
grep -q '^stat0 cpu[0-9]' $w/verify.out && grep -q '^stat1 cpu[0-9]' $w/verify.out && grep -q '^ran_on [0-9]' $w/verify.out &&
    ok "measure reads /proc/stat around its calls (stat0, stat1, ran_on)" || bad "no stat0/stat1/ran_on lines in measure's output"
r=$("$hs" -C "$cpu" read)
printf '%s\n' "$r" | grep -Eq '^ref_ticks=[1-9][0-9]* ref_oncpu_ns=[0-9]+ counter=[a-z_:0-9]+$' &&
    ok "ngbench-hostspeed read: $r" || bad "ngbench-hostspeed read: '$r'"
r=$("$hs" -C "$cpu" calibrate -t 0.1)
printf '%s\n' "$r" | grep -Eq '^quiet ref_ticks=[1-9][0-9]* ref_oncpu_ns=[0-9]+ counter=[a-z_:0-9]+ readings=[1-9][0-9]* spread=[0-9]+\.[0-9]{3}$' &&
    ok "ngbench-hostspeed calibrate: $r" || bad "ngbench-hostspeed calibrate: '$r'"
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
if [ "$ncpu" -ge 2 ]; then
    # a spinner on every CPU but ours: the other CPUs are busy, the wait ends unquiet
    spinners=
    for c in $(seq 0 $((ncpu - 1))); do
        [ "$c" = "$cpu" ] && continue
        taskset -c "$c" $w/noise-load spin 20 &
        spinners="$spinners $!"
    done
    trap 'kill $spinners 2>/dev/null; wait 2>/dev/null' EXIT
    sleep 0.3
    out=$("$hs" -C "$cpu" wait -t 0.6)
    rc=$?
    [ $rc = 1 ] && printf '%s\n' "$out" | grep -Eq '^wait: still busy others_busy=(0\.[3-9]|1\.)' &&
        ok "spinners on the other CPUs: ngbench-hostspeed wait gives up ($out)" || bad "wait beside spinners: rc $rc, '$out'"
    (cd $w && ./b/measure -C "$cpu" -o verify -s verify.state -n 20000) >$w/busy.out
    kill $spinners 2>/dev/null
    wait $spinners 2>/dev/null
    tr1=$("$stats" -T -p "$cps" $w/busy.out | head -n 1)
    case " $tr1 " in *" others_busy=0."[3-9]*" disturbed="*others* | *" others_busy=1.000 "*" disturbed="*others*)
        ok "a trial beside spinners on the other CPUs is disturbed by others: $(field others_busy "$tr1")" ;;
    *) bad "a trial beside spinners on the other CPUs: $tr1" ;; esac
else
    echo "skip: one CPU, no other CPUs to load"
fi
# crafted readings: the rule of measure/derive.h, exactly. Trial 1: the
# kernel ran at 1000/1200 of its quiet speed after the trial, the other CPU
# was busy 90 of 100 ticks, steal 0; trial 2: a quiet host, calls 10 % slower
trialfile() { # FILE TICKS AFTER OTHERBUSY [SPREAD]
    { echo "counter name=rdtsc unit=cycles resolution=1 overhead=20 persecond=1000000000 oncpu=thread_cputime oncpu_overhead_ns=0 switches=rusage_thread"
      echo "stat0 cpu0 100 0 0 900 0 0 0 0 0 0"
      echo "stat0 cpu1 100 0 0 900 0 0 0 0 0 0"
      for k in 1 2 3 4 5 6; do echo "sample $2 $2 0"; done
      echo "stat1 cpu0 200 0 0 900 0 0 0 0 0 0"
      echo "stat1 cpu1 $((100 + $4)) 0 0 $((1000 - $4)) 0 0 0 0 0 0"
      echo "ran_on 0"
      echo "quiet ref_ticks=1000 ref_oncpu_ns=1000 counter=rdtsc${5:+ spread=$5}"
      echo "host before ref_ticks=1000 ref_oncpu_ns=1000 counter=rdtsc"
      echo "host after ref_ticks=$3 ref_oncpu_ns=$3 counter=rdtsc"; } >"$1"
}
trialfile $w/c1.txt 1000 1200 90
trialfile $w/c2.txt 1100 1010 10
out=$("$stats" -T -p 1000000000 $w/c1.txt $w/c2.txt)
t1=$(printf '%s\n' "$out" | sed -n 1p) t2=$(printf '%s\n' "$out" | sed -n 2p) tot=$(printf '%s\n' "$out" | sed -n 3p)
[ "$(field host_speed "$t1")" = 0.833 ] && [ "$(field others_busy "$t1")" = 0.900 ] && [ "$(field steal "$t1")" = 0.000 ] &&
    [ "$(field disturbed "$t1")" = speed+others ] && ok "crafted trial 1: host_speed 0.833, others_busy 0.900: disturbed=speed+others" ||
    bad "crafted trial 1: $t1"
[ "$(field host_speed "$t2")" = 0.990 ] && [ "$(field others_busy "$t2")" = 0.100 ] && [ "$(field disturbed "$t2")" = no ] &&
    ok "crafted trial 2: within 3 % and others below 0.2: disturbed=no" || bad "crafted trial 2: $t2"
# uncertainty: half the spread of the trials' headlines (1000, 1100) over the
# headline (1000 or 1100: the median of the 12 calls is 1050), plus the host's
# largest distance from 1 (0.167) or, larger here, half the other CPUs' busy
# share in trial 1 (0.9: 0.45, derive.h NGD_LOAD_K): 50/1050 + 0.45 = 0.498
[ "$(field headline "$tot")" = 1050.0 ] && [ "$(field uncertainty "$tot")" = 0.498 ] && [ "$(field disturbed_trials "$tot")" = 1 ] &&
    ok "crafted: headline 1050 ± 49.8 %, 1 disturbed trial" || bad "crafted totals: $tot"
# the drift limit covers the calibration's spread (derive.h): a host whose
# quiet readings strayed 2.5 % (limit 0.05) does not mark a trial 4 % off,
# one that strayed 0.5 % (limit 0.03) does; a wild calibration (spread 0.3)
# is capped at 0.08, and an older calibration without spread keeps 0.03
trialfile $w/c3.txt 1000 1040 0 0.025
trialfile $w/c4.txt 1000 1040 0 0.005
trialfile $w/c5.txt 1000 1100 0 0.3
trialfile $w/c6.txt 1000 1040 0
for c in 3 4 5 6; do eval "t$c=\$(\"\$stats\" -T -p 1000000000 \$w/c$c.txt | sed -n 1p)"; done
[ "$(field drift_limit "$t3")" = 0.050 ] && [ "$(field disturbed "$t3")" = no ] &&
    ok "spread 0.025: drift_limit 0.050, a trial 4 % off is not disturbed" || bad "spread 0.025: $t3"
[ "$(field drift_limit "$t4")" = 0.030 ] && [ "$(field disturbed "$t4")" = speed ] &&
    ok "spread 0.005: drift_limit 0.030, a trial 4 % off is disturbed" || bad "spread 0.005: $t4"
[ "$(field drift_limit "$t5")" = 0.080 ] && [ "$(field disturbed "$t5")" = speed ] &&
    ok "spread 0.3: drift_limit capped at 0.080, a trial 9 % off is disturbed" || bad "spread 0.3: $t5"
[ "$(field drift_limit "$t6")" = 0.030 ] && [ "$(field disturbed "$t6")" = speed ] &&
    ok "no spread said (older data): drift_limit 0.030" || bad "no spread: $t6"
[ "$("$hs" limit 0.025)" = 0.050 ] && [ "$("$hs" limit -)" = 0.030 ] && [ "$("$hs" limit 0.3)" = 0.080 ] &&
    ok "ngbench-hostspeed limit gives the same limits" || bad "ngbench-hostspeed limit: $("$hs" limit 0.025) $("$hs" limit -) $("$hs" limit 0.3)"
exit $((fails > 0))
