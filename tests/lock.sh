#!/bin/sh
# lock.sh - the one stale-pid lock of ngbench's scripts (lock_take and
# lock_drop in harness/records.sh, used by ./do's campaign lock and the data
# file's lock where flock(1) is missing, and by the measuring stage's claim
# of a CPU): a lock whose holder is dead is taken over at once; a live
# holder's is waited for, and taken when it goes.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
NGBENCH_REC=${NGBENCH_REC:-ngbench-rec}
. "$datadir/harness/records.sh"
work=tests/lock.d
rm -rf "$work"
mkdir -p "$work"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# a dead holder: a process that has exited
sh -c 'exit 0' &
dead=$!
wait "$dead"
mkdir "$work/l" && echo "$dead" >"$work/l/pid"
lock_take "$work/l" 0 && [ "$(cat "$work/l/pid")" = $$ ] && ok "a lock whose holder is dead is taken over" ||
    bad "the stale lock of pid $dead was not taken over"
lock_drop "$work/l"
[ ! -d "$work/l" ] && ok "lock_drop gives it back" || bad "lock_drop left $work/l"

# a live holder: one try fails, a bounded wait runs out, an unbounded one
# gets the lock once the holder is gone
sleep 30 &
live=$!
mkdir "$work/l" && echo "$live" >"$work/l/pid"
lock_take "$work/l" 0 && bad "a live holder's lock was taken" || ok "a live holder's lock is not taken (one try)"
t0=$(date +%s)
lock_take "$work/l" 2 && bad "a live holder's lock was taken within 2 s" ||
    { [ $(($(date +%s) - t0)) -ge 2 ] && ok "a live holder's lock is waited for (2 s, then given up)" ||
        bad "gave up before 2 s"; }
(sleep 2; kill "$live") &
t0=$(date +%s)
lock_take "$work/l" 60 && [ "$(cat "$work/l/pid")" = $$ ] && [ $(($(date +%s) - t0)) -ge 1 ] &&
    ok "the lock is taken once its live holder is gone (after $(($(date +%s) - t0)) s)" || bad "the lock was not taken after its holder went"
wait 2>/dev/null

# with_lock without flock(1) runs its command under lock_take
( command() { [ "$2" = flock ] && return 1; builtin command "$@"; }
  with_lock "$work/f" sh -c '[ -d "$1.d" ] && [ -s "$1.d/pid" ]' sh "$work/f" ) &&
    [ ! -d "$work/f.d" ] && ok "with_lock without flock holds the stale-pid lock around its command" ||
    bad "with_lock's fallback"

[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
rm -rf "$work"
exit 0
