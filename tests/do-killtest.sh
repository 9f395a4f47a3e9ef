#!/bin/sh
# do-killtest.sh - kill -9 of the ./do process alone (not its process group)
# at random points, several times, resuming after each (until a run finishes
# on its own): nothing of the killed run may stay alive (its run-target and
# everything under it die with it), and the records must end up equal to
# those of an uninterrupted run (apart from timings), with no target done
# twice and every complete line a well-formed record. Then a SIGTERM to a
# ./do -j 2 alone: it ends at once, leaving nothing behind.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
command -v setsid >/dev/null 2>&1 || { echo "SKIP: setsid(1) not found (needed to kill a whole ./do)"; exit 77; }
setup do-killtest
printf '@cc %s -O2\n@cc-O1 %s -O1\n' "$cc" "$cc" >"$work/okcompilers"
set -- "$fix/crypto_sign/toysig" "$fix/crypto_kem/toykem" "$fix/crypto_sign/niccssig"
sel="--okcompilers $work/okcompilers --no-measure"

"$datadir/do" --results "$work/ref" $sel "$@" >"$work/ref.out" 2>&1 || { cat "$work/ref.out"; exit 1; }
seed=${NGBENCH_KILL_SEED:-$$}
echo "kill points from seed $seed"
# a resumed run may finish the campaign before its kill comes: then stop, as a
# further ./do would rightly start a new campaign and run every target again
complete() { ls "$work/res/testhost/campaigns/"*/complete >/dev/null 2>&1; }
# left_of DIR: the processes still running whose command line names DIR
left_of() {
    for p in /proc/[0-9]*; do
        grep -q "$1" "$p/cmdline" 2>/dev/null && printf ' %s' "${p#/proc/}"
    done
}
i=1 kills=0
while [ $i -le 5 ] && ! complete; do
    delay=$(awk -v s="$seed" -v i="$i" 'BEGIN { srand(s * 7 + i); printf "%.2f", 0.3 + 1.7 * rand() }')
    setsid "$datadir/do" --results "$work/res" $sel "$@" >"$work/run$i.out" 2>&1 &
    pid=$!
    sleep "$delay"
    kill -9 "$pid" 2>/dev/null
    wait $pid 2>/dev/null
    # its targets' watchdogs notice within a second; then nothing of it is left
    sleep 3
    left=$(left_of "$work/res")
    [ -z "$left" ] && ok "run $i: nothing of the killed ./do is left" ||
        { bad "run $i: processes of the killed ./do left:$left"; ps -o pid,pgid,args -p "$(echo $left | tr ' ' ,)"; }
    if complete; then
        echo "run $i finished the campaign before its kill at $delay s"
    else
        n=$(count_kind done "$work/res/testhost/data" 2>/dev/null)
        echo "run $i killed after $delay s: ${n:-0} targets done so far"
        kills=$i
    fi
    i=$((i + 1))
done
complete || "$datadir/do" --results "$work/res" $sel "$@" >"$work/final.out" 2>&1 ||
    { cat "$work/final.out"; bad "the final run failed"; }
same_records "$work/ref/testhost/data" "$work/res/testhost/data" \
    "after $kills kills and resumes: the same records as an uninterrupted run"
n=$(grep ' done' "$work/res.stable" | wc -l)
[ "$n" -eq 6 ] && [ "$(grep ' done' "$work/res.stable" | sort | uniq -d | wc -l)" -eq 0 ] &&
    ok "6 targets, each done once" || bad "$n done records"
torn=$("$rec" valid "$work/res/testhost/data" | wc -l)
echo "torn lines left by the kills (skipped by readers): $torn"

# a SIGTERM to ./do -j 2 alone (as a scheduler's is): it ends within seconds,
# not after its last target, and leaves nothing running (found in the first
# whole campaign: the wait for the workers deferred the signal)
setsid "$datadir/do" --results "$work/term" -j 2 --okcompilers "$work/okcompilers" "$@" >"$work/term.out" 2>&1 &
pid=$!
i=0
while [ $i -lt 300 ] && ! grep -q 'building' "$work/term.out" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
kill -TERM "$pid" 2>/dev/null
i=0
while [ $i -lt 100 ] && kill -0 "$pid" 2>/dev/null; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$pid" 2>/dev/null; then
    bad "./do -j 2 still running 10 s after its SIGTERM"
    kill -9 "-$pid" 2>/dev/null
else
    wait "$pid"
    rc=$?
    [ "$rc" -eq 143 ] && ok "./do -j 2 ended by its SIGTERM within $((i / 10)) s (exit 143)" || bad "./do -j 2 after SIGTERM: exit $rc"
fi
sleep 3
left=$(left_of "$work/term")
[ -z "$left" ] && ok "nothing of the terminated ./do -j 2 is left" ||
    { bad "processes of the terminated ./do -j 2 left:$left"; kill -9 $left 2>/dev/null; }
exit $((fails > 0))
