#!/bin/sh
# do-ct.sh - ./do --ct: the constant-time check passes an implementation that
# only hashes and copies, fails one that branches on and indexes with secret
# key bytes (naming the function and line), and flags its declaration.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
command -v valgrind >/dev/null 2>&1 || { echo "SKIP: valgrind not installed"; exit 77; }
setup do-ct
"$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --no-measure --ct \
    "$fix/crypto_sign/ctsig" "$fix/crypto_sign/ctbadsig" "$fix/crypto_kem/toykem" >"$work/do.out" 2>&1
cat "$work/do.out"
ct() { "$rec" get -k ct -w @operation="$1" -w @primitive="$2" -w @compiler=cc -w op="$3" "$data"; }
for t in "crypto_sign ctsig keygen" "crypto_sign ctsig sign" "crypto_kem toykem keygen" "crypto_kem toykem enc" \
    "crypto_kem toykem dec" "crypto_sign ctbadsig keygen"; do
    ct $t | grep -q 'result=pass errors=0' && ok "$t: constant-time" || bad "$t: not a pass"
done
ct crypto_sign ctbadsig sign | grep -q 'result=fail .*first=.*leak%20(ctbadsig.c:[0-9]*).*declared=yes' &&
    ok "ctbadsig sign: fails at leak (ctbadsig.c), declared constant-time" || bad "ctbadsig sign: $(ct crypto_sign ctbadsig sign)"
grep -q 'ctbadsig/ref (cc) declares itself constant-time but sign fails the check: .*leak (ctbadsig.c' "$work/do.out" &&
    ok "the broken declaration is flagged in the summary" || bad "declaration not flagged"
exit $((fails > 0))
