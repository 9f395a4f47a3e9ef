#!/bin/sh
# do-fixtures.sh - ./do end to end on the fixtures: each must get its expected
# status, and the records of every kind must be there (text and JSON lines).
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-fixtures

"$datadir/do" --results "$work/res" --okcompilers "$work/okcompilers" --timeout 5 --no-measure \
    "$fix"/crypto_sign/* "$fix"/crypto_kem/* "$fix"/hostile/crypto_sign/* "$fix"/hostile/crypto_kem/* \
    >"$work/do.out" 2>&1
rc=$?
cat "$work/do.out"
[ $rc -ne 0 ] && ok "./do exits nonzero when targets fail" || bad "./do exited 0 although targets fail"

while read -r target want; do
    got=$(status_of "$target/cc")
    [ "$got" = "$want" ] && ok "$target: $got" || bad "$target: status '$got', expected $want"
done <<'EOT'
crypto_sign/toysig/ref PASS
crypto_kem/toykem/ref PASS
crypto_sign/niccssig/ref PASS
crypto_sign/nistsig/ref PASS
crypto_sign/badkatsig/ref FAIL
crypto_sign/crashsig/ref CRASH
crypto_sign/loopsig/ref TIMEOUT
crypto_sign/overrunsig/ref CRYPTOFAIL
crypto_sign/acceptsig/ref CRYPTOFAIL
crypto_sign/liesig/ref FAIL
crypto_kem/leakkem/ref CRYPTOFAIL
crypto_sign/escapesig/ref VIOLATION
EOT
"$rec" get -k violation -w @primitive=escapesig -f what,target -d "$data" |
    grep -qx 'write-outside-scratch	/tmp/ngbench-escapesig-was-here' &&
    ok "escapesig: its write outside the scratch directory is refused and reported (and ends the step)" ||
    bad "escapesig: violation not reported"
[ ! -e /tmp/ngbench-escapesig-was-here ] && ok "escapesig: the file it tried to write does not exist" ||
    bad "escapesig: /tmp/ngbench-escapesig-was-here exists"

"$rec" get -k kat -w @primitive=badkatsig -w status=FAIL -f detail -d "$data" | grep -q 'first differing record: 3' &&
    ok "badkatsig: the KAT record names record 3 as the first that differs" ||
    bad "badkatsig: no KAT record naming record 3"
[ "$("$rec" get -k build -w @primitive=niccssig -f flavour,excluded "$data")" = 'niccs	KAT_SIG.c(iccs-package),auxfunc.c(iccs-package),drng.c(iccs-package)' ] &&
    ok "niccssig: built as a NICCS folder, its ICCS package copies left out" || bad "niccssig: flavour or exclusions wrong"
[ "$("$rec" get -k build -w @primitive=nistsig -f flavour,excluded "$data")" = 'nist	PQCgenKAT_sign.c(nist-harness),rng.c(nist-harness)' ] &&
    ok "nistsig: built through the NIST-API adapter, rng.c and its main left out" || bad "nistsig: flavour or exclusions wrong"
"$rec" get -k check -w @primitive=overrunsig -w name=sign-bounds -f result "$data" | grep -qx fail &&
    ok "overrunsig: the canary check caught the overrun" || bad "overrunsig: overrun not reported"
"$rec" get -k check -w @primitive=leakkem -w name=dec-modified-ct -f result "$data" | grep -qx fail &&
    ok "leakkem: decapsulation of a modified ciphertext caught" || bad "leakkem: not caught"
for kind in run compiler build kat katsize check size claims sandbox status done; do
    [ "$(count_kind $kind)" -gt 0 ] &&
        ok "records of kind $kind" || bad "no record of kind $kind"
done
bad_lines=$("$rec" valid "$data" | wc -l)
[ "$bad_lines" -eq 0 ] && ok "every data line has the record prefix" || bad "$bad_lines malformed data lines"
[ "$(wc -l <"$data")" -eq "$(wc -l <"$data.jsonl")" ] && ! grep -q '"invalid"' "$data.jsonl" &&
    ok "data.jsonl has one JSON line per record" || bad "data.jsonl does not match data"
[ -f "$work/res/testhost/targets/"*/crypto_sign/toysig/ref/cc/build/build.log ] &&
    ok "build log kept per target" || bad "no build log kept"
exit $((fails > 0))
