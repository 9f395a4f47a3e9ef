#!/bin/sh
# sched-make.sh - the README's make recipe (./do --makefile > campaign.mk &&
# make -j N -f campaign.mk) with GNU make's job server: the makefile fixes
# the plan (status: every target "never started", exit 75); make -j runs
# every target exactly once and exits 0; make again after completion runs
# nothing (every job says "campaign C is complete") and changes nothing; a
# make killed mid-target leaves no per-process file, status says
# "interrupted at T (owner gone)" and exits 75, and make again finishes the
# campaign. ./do --summary and ngbench-report status agree throughout.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup sched-make
. "$datadir/tests/sched-lib.sh"
command -v make >/dev/null 2>&1 || skip "make is missing"
command -v setsid >/dev/null 2>&1 || skip "setsid is missing (util-linux)"

r=$work/m
sel=$(selopts "$r")
"$datadir/do" $sel $targets --makefile >"$work/campaign.mk" || bad "--makefile failed"
c=$(campaign_of "$r")
agree "$r" $sel $targets
[ "$summary_rc" -eq 75 ] && [ "$(grep -c ': never started' "$work/agree.do")" -eq "$ntargets" ] &&
    ok "a campaign fixed by --makefile: every target 'never started', exit 75" || { bad "fixed campaign: exit $summary_rc"; cat "$work/agree.do"; }
make -j2 -f "$work/campaign.mk" >"$work/make1.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "make -j2 -f campaign.mk: exit 0" || { bad "make exits $rc"; tail -n 20 "$work/make1.out"; }
once "$r" "$c" "make -j2"
no_leftovers "$r" "after make"
agree "$r" $sel $targets
[ "$summary_rc" -eq 0 ] && ok "complete: exit 0" || bad "after make: exit $summary_rc"

# ---- make again after completion: nothing runs, nothing changes ----
snap() { (cd "$r/testhost" && cksum data && ls -R campaigns | grep -v '^$' && cat campaigns/*/id) | cksum; }
before=$(snap)
make -j2 -f "$work/campaign.mk" >"$work/make2.out" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c "campaign $c is complete" "$work/make2.out")" -eq "$ntargets" ] &&
    ok "make again after completion: every job says 'campaign $c is complete', exit 0" || { bad "make again: exit $rc"; cat "$work/make2.out"; }
[ "$(snap)" = "$before" ] && ok "make again changed nothing" || bad "make again changed the campaign or its records"

# ---- a make killed mid-target, then make again ----
r=$work/k
sel=$(selopts "$r")
"$datadir/do" $sel $targets --makefile >"$work/k.mk"
c=$(campaign_of "$r")
setsid make -j1 -f "$work/k.mk" >"$work/k1.out" 2>&1 &
mk=$!
i=0
until "$rec" get -k start -w campaign="$c" -f @target "$r/testhost/data" 2>/dev/null | grep -q .; do
    i=$((i + 1))
    [ $i -le 1200 ] || { bad "make never started a target"; break; }
    sleep 0.1
done
t1=$("$rec" get -k start -w campaign="$c" -f @target "$r/testhost/data" | head -n 1)
agree "$r" $sel $targets
grep -q "  $t1: running on $(uname -n) since " "$work/agree.do" && ok "while make runs $t1: 'running on $(uname -n) since ...'" ||
    { echo "note: $t1 was not seen running:"; cat "$work/agree.do"; }
kill -TERM -- "-$mk" 2>/dev/null # make's process group: make and the ./do it runs, as a terminal's ^C would
wait "$mk" 2>/dev/null
i=0
while [ $i -lt 50 ] && [ -n "$(leftovers "$r")" ]; do sleep 0.1; i=$((i + 1)); done
no_leftovers "$r" "after SIGTERM"
agree "$r" $sel $targets
if done_in "$r" "$c" | grep -qxF "$t1"; then
    echo "note: $t1 finished before the signal reached it"
else
    [ "$summary_rc" -eq 75 ] && grep -q "  $t1: interrupted at .* (owner gone" "$work/agree.do" &&
        ok "killed: $t1 'interrupted at T (owner gone)', exit 75" || { bad "after the kill: exit $summary_rc"; cat "$work/agree.do"; }
fi
make -j2 -f "$work/k.mk" >"$work/k2.out" 2>&1
rc=$?
[ $rc -eq 0 ] && ok "make again after the kill: exit 0" || { bad "make again after the kill: exit $rc"; tail -n 20 "$work/k2.out"; }
once "$r" "$c" "killed and made again"
agree "$r" $sel $targets
exit $((fails > 0))
