#!/bin/sh
# do-campaign.sh - a campaign split up gives the same records (apart from
# timings) as a single run: --shard 1/2 + 2/2, the generated makefile under
# make -j2, and GNU parallel over the --plan job list (where installed).
# Then --plan estimates from the finished runs.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-campaign
printf '@cc %s -O2\n@cc-O1 %s -O1\n' "$cc" "$cc" >"$work/okcompilers"
set -- "$fix/crypto_sign/toysig" "$fix/crypto_kem/toykem" "$fix/crypto_sign/niccssig" "$fix/crypto_sign/badkatsig"
sel() { echo --okcompilers "$work/okcompilers" --no-measure "$@"; }
same() { # same NAME DATA: the stable records of DATA equal the single run's
    same_records "$work/ref/testhost/data" "$2" "$1: the same records as a single run"
}

"$datadir/do" --results "$work/ref" $(sel "$@") >"$work/ref.out" 2>&1
stable_records "$work/ref/testhost/data" >"$work/ref.stable"
[ "$(grep -c ' done' "$work/ref.stable")" -eq 8 ] && ok "single run: 8 targets" || bad "single run incomplete"

"$datadir/do" --results "$work/sh" $(sel "$@") --shard 1/2 >"$work/sh1.out" 2>&1
n1=$(count_kind done "$work/sh/testhost/data")
"$datadir/do" --results "$work/sh" $(sel "$@") --shard 2/2 >"$work/sh2.out" 2>&1
n2=$(($(count_kind done "$work/sh/testhost/data") - n1))
[ "$n1" -ge 1 ] && [ "$n2" -ge 1 ] && [ $((n1 + n2)) -eq 8 ] && ok "shards ran $n1 + $n2 targets" ||
    bad "shards ran $n1 + $n2 targets"
same shards "$work/sh/testhost/data"

"$datadir/do" --results "$work/mk" $(sel "$@") --makefile >"$work/campaign.mk"
make -s -j2 -f "$work/campaign.mk" >"$work/mk.out" 2>&1
same "make -j2" "$work/mk/testhost/data"

if command -v parallel >/dev/null 2>&1 && parallel --version 2>/dev/null | grep -q GNU; then
    "$datadir/do" --results "$work/par" $(sel "$@") --plan | grep -v '^#' | cut -f 1 |
        parallel -j 2 "$datadir/do" --results "$work/par" $(sel "$@") --job {} >"$work/par.out" 2>&1
    same "parallel -j2" "$work/par/testhost/data"
else
    echo "skipped: GNU parallel not installed"
fi

# (the campaign there is complete: --plan of it would only show its plan;
# --restart --plan fixes the next one, estimated from the finished run)
"$datadir/do" --results "$work/ref" $(sel "$@") --restart --plan >"$work/plan"
[ "$(grep -c '	measured	' "$work/plan")" -eq 8 ] && ok "--plan estimates every job from the finished run" ||
    { bad "--plan estimates:"; cat "$work/plan"; }

# longest first: make the plan's last job look long in a copy of the results;
# the plan, the makefile and -j 2 then start it first
last=$(grep -v '^#' "$work/plan" | tail -n 1 | cut -f 1)
cp -R "$work/ref" "$work/lpt"
line=$("$rec" get -k status -w @target="$last" "$work/ref/testhost/data" | tail -n 1)
{ grep -vxF "$line" "$work/ref/testhost/data"; printf '%s\n' "$line" | sed 's/ seconds=[0-9]*/ seconds=99999/'; } \
    >"$work/lpt/testhost/data"
first=$("$datadir/do" --results "$work/lpt" $(sel "$@") --restart --plan | grep -v '^#' | head -n 1 | cut -f 1,2)
[ "$first" = "$last	99999" ] && ok "--plan lists the longest job first" || bad "--plan starts with '$first', not $last"
"$datadir/do" --results "$work/lpt" $(sel "$@") --makefile >"$work/lpt.mk"
j=$(sed -n 's/^summary: \(job[0-9]*\).*/\1/p' "$work/lpt.mk")
grep -A 1 "^$j:" "$work/lpt.mk" | grep -q -- "--job $last\$" && ok "the makefile starts the longest job first" ||
    bad "the makefile starts $j first, not $last"
"$datadir/do" --results "$work/lpt" $(sel "$@") --restart -j 2 >"$work/lpt.out" 2>&1
# the first two targets to start (each says "building" first) include it
t=${last#*/}
started=$(grep ": building$" "$work/lpt.out" | head -n 2)
printf "%s\n" "$started" | grep -qF " ${t%/*} ${t##*/}: building" && ok "-j 2 starts the longest job first" ||
    bad "-j 2 started $(echo $started) first, not $last"
"$datadir/do" --results "$work/ref" $(sel "$@") --job no/such/job/here >/dev/null 2>&1 &&
    bad "--job with an unknown ID should fail" || ok "--job with an unknown ID fails"
exit $((fails > 0))
