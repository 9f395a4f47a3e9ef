#!/bin/sh
# measure-noise.sh - the per-call flags and the estimator choice, with
# preemption forced: a spinning competitor pinned to the measured CPU.
# Behaviour, not timing: a sign call of the slowsig fixture (about 0.1 s of
# CPU) shares its CPU with the competitor and is always interrupted, so its
# calls are flagged and the headline is the on-CPU estimate; a verify call
# (microseconds) mostly fits between interruptions, so the headline is the
# median of the calls that were not descheduled. Also: measure says what its
# counter counts (ns for clock_gettime, as on s390x), and a forced on-CPU
# source of none leaves the flags to the switch counts.
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
exit $((fails > 0))
