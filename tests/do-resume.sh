#!/bin/sh
# do-resume.sh - a ./do killed (kill -9, whole process group) in the middle of
# a campaign and run again resumes it: the same campaign, each target done
# exactly once, earlier records intact, and the same records (apart from
# timings) as an uninterrupted run.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-resume
printf '@cc %s -O2\n@cc-O1 %s -O1\n' "$cc" "$cc" >"$work/okcompilers"
set -- "$fix/crypto_sign/toysig" "$fix/crypto_kem/toykem" "$fix/crypto_sign/niccssig"
run() { "$datadir/do" --results "$1" --okcompilers "$work/okcompilers" --no-measure "$@"; }

# the reference: one uninterrupted run
"$datadir/do" --results "$work/ref" --okcompilers "$work/okcompilers" --no-measure "$@" >"$work/ref.out" 2>&1 ||
    { cat "$work/ref.out"; bad "the uninterrupted run failed"; exit 1; }

command -v setsid >/dev/null 2>&1 || { echo "SKIP: setsid(1) not found (needed to kill a whole ./do)"; exit 77; }
# setsid: the ./do below leads its own process group, so kill -9 reaches all of it
setsid "$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --no-measure "$@" >"$work/first.out" 2>&1 &
pid=$!
i=0
while [ $i -lt 600 ]; do # until two targets are done, then kill in the middle of the third
    n=$(count_kind done 2>/dev/null)
    [ "${n:-0}" -ge 2 ] && break
    sleep 0.1
    i=$((i + 1))
done
sleep 0.3
kill -9 "-$pid" 2>/dev/null
wait $pid 2>/dev/null
before=$(count_kind done)
cp "$data" "$work/data.before"
[ "$before" -ge 2 ] && [ "$before" -lt 6 ] && ok "killed after $before of 6 targets" || bad "kill came at $before of 6 targets"

"$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --no-measure "$@" >"$work/second.out" 2>&1 ||
    { cat "$work/second.out"; bad "the resumed run failed"; }
cat "$work/second.out"
grep -q '(resume): 6 targets' "$work/second.out" && ok "the second run resumed the campaign" || bad "no resume"
head -c "$(wc -c <"$work/data.before")" "$data" | cmp -s - "$work/data.before" &&
    ok "earlier records untouched (append-only)" || bad "earlier records changed"
dups=$(stable_records "$data" | grep ' done' | sort | uniq -d | wc -l)
[ "$dups" -eq 0 ] && [ "$(stable_records "$data" | grep -c ' done')" -eq 6 ] &&
    ok "each target done exactly once" || bad "targets missing or done twice"
same_records "$work/ref/testhost/data" "$data" "records equal an uninterrupted run's (apart from timings)"
exit $((fails > 0))
