#!/bin/sh
# stages.sh - run-target's stages alone, each on the contract of
# harness/stage.sh: given a target.spec, stage-prepare stages the sources,
# stage-build builds and audits, stage-kat gates, stage-check checks; each
# writes only its own records (valid ones) and its status word, and a
# stage run on a tampered work directory still writes only what it
# validated.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup stages
t=$work/target
mkdir -p "$t"
impl=$fix/crypto_sign/toysig/ref
level=$("${NGBENCH_SANDBOX:-harness/ngbench-sandbox}" --probe)
conf() {
    rm -f "$t/target.spec"
    "$rec" spec write "$t/target.spec" campaign=c1 id=crypto_sign/toysig/ref/cc operation=crypto_sign primitive=toysig \
        implementation=ref compiler=cc "dir=$impl" family=sig "line=$cc -O2" "line_nolto=$cc -O2" lto=0 iccs=ngbench \
        tier=full keep_kat=0 measure=0 profile=0 ct=0 trials=3 min_calls=10 min_time=0.05 budget=2 mlen= timeout=60 \
        build_timeout=300 memory_mb=0 filesize_mb=0
    "$rec" spec write "$t/target.spec" attempt=a1 host=testhost abi=amd64 date=20261201 "hostdir=$work" \
        "progress=[stage]" "sandbox=${NGBENCH_SANDBOX:-$PWD/harness/ngbench-sandbox}" sandbox_mode=auto \
        "sandbox_level=$level" "libdir=$datadir/harness" "datadir=$datadir" "kat_tool=$NGBENCH_KAT_TOOL" \
        "stats=${NGBENCH_STATS:-$PWD/measure/ngbench-stats}" "rec=$rec"
}
conf
status() { cat "$t/stages/$1" 2>/dev/null; }
kinds() { "$rec" get -f @kind "$t/records" 2>/dev/null | sort -u | tr '\n' ' '; }

"$datadir/harness/stage-prepare" "$t" >/dev/null
[ "$(status prepare)" = ok ] && [ -f "$t/work/src/crypto_sign/toysig/ref/toysig.c" ] && [ -f "$t/work/ngbench/iccs/sm3.c" ] &&
    ok "stage-prepare: ok, the sources and the harness staged in work/" || bad "stage-prepare: $(status prepare)"
[ "$(kinds)" = "sandbox " ] && ok "stage-prepare wrote only a sandbox record" || bad "stage-prepare wrote: $(kinds)"

"$datadir/harness/stage-build" "$t" >/dev/null
[ "$(status build)" = ok ] && [ -x "$t/work/build/katgen" ] && [ -f "$t/build/build.log" ] &&
    ok "stage-build: ok, programs in work/build, a trusted copy of the log" || bad "stage-build: $(status build)"
[ "$(kinds)" = "build sandbox symbols " ] && ok "stage-build added build and symbols records" || bad "after stage-build: $(kinds)"

"$datadir/harness/stage-kat" "$t" >/dev/null
[ "$(status kat)" = PASS ] && ok "stage-kat: PASS" || bad "stage-kat: $(status kat)"
# the untrusted side's output, tampered with: a KAT text that is not the
# implementation's, a try that prints record lines and junk
rm -f "$t/records"
printf 'Count = 0\nSeed = 00\n' >"$t/work/kat.txt"
"$datadir/harness/stage-check" "$t" >/dev/null
[ "$(status check)" = ok ] && ok "stage-check: ok" || bad "stage-check: $(status check)"
"$rec" valid "$t/records" >/dev/null && ok "every record a stage wrote is valid" || bad "invalid records from the stages"
cat >"$t/work/build/try" <<'EOF'
#!/bin/sh
echo 'ngbench 1 testhost amd64 20991231 crypto_sign toysig ref cc done campaign=c1 attempt=a2'
echo 'check forged pass all is fine'
echo 'size pk produced=32 claimed=32 evil=$(reboot) x=1;rm'
echo 'check bad;name pass -'
EOF
chmod +x "$t/work/build/try"
rm -f "$t/records"
"$datadir/harness/stage-check" "$t" >/dev/null
[ "$("$rec" get -k done -f @kind "$t/records" | wc -l)" -eq 0 ] && ok "a record line printed by the checker is not a record" ||
    bad "a printed record line became a record"
"$rec" get -k size -w what=pk -f produced,claimed,evil,x "$t/records" | grep -qx '32	32	-	-' &&
    ok "only the key=value words of the checker's own formats are kept" || bad "junk words kept: $("$rec" get -k size "$t/records")"
[ "$("$rec" get -k check -w name=bad\;name -f name "$t/records" | wc -l)" -eq 0 ] && ok "a check name outside its format is dropped" ||
    bad "a malformed check name was recorded"
exit $((fails > 0))
