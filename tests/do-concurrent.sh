#!/bin/sh
# do-concurrent.sh - two ./do on the same selection at once share the
# campaign without corrupting anything: every target is done exactly once and
# every data line is whole. Also -j 2 within one ./do.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-concurrent
printf '@cc %s -O2\n@cc-O1 %s -O1\n' "$cc" "$cc" >"$work/okcompilers"
set -- "$fix/crypto_sign/toysig" "$fix/crypto_kem/toykem" "$fix/crypto_sign/niccssig" "$fix/crypto_sign/nistsig"
"$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --no-measure "$@" >"$work/a.out" 2>&1 &
a=$!
sleep 0.2
"$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --no-measure "$@" >"$work/b.out" 2>&1
wait $a
cat "$work/a.out" "$work/b.out"
n=$(stable_records "$data" | grep -c ' done')
dups=$(stable_records "$data" | grep ' done' | uniq -d | wc -l)
[ "$n" -eq 8 ] && [ "$dups" -eq 0 ] && ok "8 targets, each done once across two concurrent runs" ||
    bad "$n done records, $dups duplicated"
bad_lines=$("$rec" valid "$data" | wc -l)
[ "$bad_lines" -eq 0 ] && ok "no torn lines" || bad "$bad_lines torn lines"

"$datadir/do" --results "$work/par" --okcompilers "$work/okcompilers" --no-measure -j 2 "$@" >"$work/par.out" 2>&1 ||
    { cat "$work/par.out"; bad "-j 2 run failed"; }
n=$(stable_records "$work/par/testhost/data" | grep -c ' done')
[ "$n" -eq 8 ] && ok "-j 2: 8 targets done" || bad "-j 2: $n targets done"
exit $((fails > 0))
