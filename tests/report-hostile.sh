#!/bin/sh
# report-hostile.sh - ngbench-report built with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report fatal) on the fixtures (merge and
# check) and on hostile data: NUL and control bytes, a 2 MiB line, names that
# try to leave the output directory, bad percent escapes, numbers that are
# not finite or absurd, markup in values, targets without figures, and the
# same in the newer kinds (sandbox, violation, claims, ct, pin, symbols,
# cpu_share). Every
# hostile line must be reported or survive as escaped text; nothing may be
# written outside the output directory. Skipped where the compiler cannot
# build sanitized programs.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${NGBENCH_CC:-cc}
flags="-std=c99 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined,float-cast-overflow -fno-sanitize-recover=all"
work=tests/report-hostile.d
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# well_formed DIR NAME: the JSON tables parse (jq) and the SVG plots are
# well-formed XML (xmllint), where those tools are installed
well_formed() {
    if command -v jq >/dev/null 2>&1; then
        bad_json=0
        for f in "$1"/tables/*.json; do jq empty "$f" 2>/dev/null || { bad_json=1; echo "  not JSON: $f"; }; done
        [ $bad_json = 0 ] && ok "$2: the JSON tables parse (jq)" || bad "$2: invalid JSON"
    else
        echo "note: no jq here: JSON not validated"
    fi
    if command -v xmllint >/dev/null 2>&1; then
        bad_svg=0
        for f in $(find "$1/plots" -name '*.svg'); do xmllint --noout "$f" 2>/dev/null || { bad_svg=1; echo "  not XML: $f"; }; done
        [ $bad_svg = 0 ] && ok "$2: the SVG plots are well-formed XML (xmllint)" || bad "$2: malformed SVG"
    else
        echo "note: no xmllint here: SVG not validated"
    fi
}

echo 'int main(void){return 0;}' >"$work/probe.c"
# shellcheck disable=SC2086
if ! $cc $flags "$work/probe.c" -o "$work/probe" 2>"$work/probe.log" || ! "$work/probe"; then
    echo "SKIP: $cc cannot build and run ASan/UBSan programs here:"
    cat "$work/probe.log"
    exit 77
fi
r=$datadir/report
# shellcheck disable=SC2086
$cc $flags -DPACKAGE_VERSION='"test"' -I"$r" -I"$datadir/kat" -I"$datadir/measure" $(ls "$r"/*.c | grep -v '/ngbench-rec\.c$') \
    "$datadir/kat/sha256.c" "$datadir/measure/stats.c" "$datadir/measure/derive.c" -lm -o "$work/ngbench-report" 2>"$work/build.log" ||
    { cat "$work/build.log"; echo "FAIL: cannot build ngbench-report with sanitizers"; exit 1; }
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
tool=$work/ngbench-report

run() { # run NAME CMD...: a sanitized run; its stderr must hold no sanitizer report
    name=$1
    shift
    "$@" >"$work/$name.out" 2>"$work/$name.err"
    rc=$?
    if grep -q -E 'ERROR: (Address|Leak)Sanitizer|runtime error' "$work/$name.err"; then
        bad "$name: sanitizer report:"
        grep -E -A 12 'ERROR: |runtime error' "$work/$name.err" | head -n 30
    else
        ok "$name: no sanitizer report (exit $rc)"
    fi
    return $rc
}

fx=$datadir/tests/fixtures/data
(cd "$fx" && run fixtures-merge "$tool" merge -q -o "$work/fx" hostA hostB) || bad "merge of the fixtures failed"
(cd "$fx" && run fixtures-check "$tool" check -o "$work/fx" hostA hostB) || bad "check of the fixtures failed"

# ---- hostile data ----
h=$work/in/evil
mkdir -p "$h"
c='campaign=c1 attempt=a20260101000000p1'
p='ngbench 1 evil amd64 20260101'
{
    printf 'ngbench\n'
    printf 'ngbench 1 evil amd64 2026\n'
    printf '%s crypto_sign evilsig ref cc build %s status=ok\000hidden=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc build %s status=ok\r\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc kat %s status=PASS detail=%s\n' "$p" "$c" "$(head -c 2200000 /dev/zero | tr '\0' x)"
    printf 'ngbench 1 ../../escape amd64 20260101 crypto_sign evilsig ref cc done %s\n' "$c"
    printf '%s crypto_sign ../up ref cc done %s\n' "$p" "$c"
    printf '%s crypto_sign evilsig .hidden cc done %s\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc/x done %s\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc CYCLES %s\n' "$p" "$c"
    printf '%s crypto_sign %s ref cc done %s\n' "$p" "$(head -c 100 /dev/zero | tr '\0' n)" "$c"
    printf '%s crypto_sign evilsig ref cc cycles %s op=keygen n=007 mean=-0.5 median=.5 q1=1e5 persecond=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc status %s =novalue\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc status %s novalue\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc status campaign=c1\n' "$p"
    printf '%s - - - - run event=start\n' "$p"
    printf '%s crypto_sign evilsig ref cc status %s status=PASS%%3Cscript%%3E kat=%%ZZ%%2 checks=%%%%\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc check %s name=<script>alert(1)</script> result=fail detail=a%%20"quoted"%%0Aline&amp;\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc cycles %s op=sign n=-5 mean=1e999 median=nan q1=0 q3=-1 min=x max=1e308 median_trial=0 trials=99999999999 iterations=0 persecond=0 mean_seconds=inf ops_per_second=-0\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc cycles %s op=verify n=3 mean=5 median=4 persecond=1e-300 trials=3 iterations=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc trial %s op=verify trial=1 n=1 mean=5 min=5 max=5 iterations=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc trial %s op=verify trial=1e30 n=nan mean=5 min=5 max=5 iterations=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc trial %s op=../../../etc/passwd trial=1 n=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc cycles %s op=../../x n=1 trials=1e300\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc status %s status=PASS seconds=1e300\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc profile %s op=sign function=sm3hash calls=1e300 share=5\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc profile %s op=sign function=get_random_number calls=-1 share=-3\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc size %s what=sn produced=1e300 claimed=-1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc size %s what=sn-range min=9 max=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc katsize %s field=Sn_Len min=x max=\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc stack %s op=sign bytes=-7\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc objsize %s file=a.o text=1e400 data=nan bss=-1 lto=1\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc stages %s timed_seconds=x\n' "$p" "$c"
    # the newer kinds: markup, tabs, absurd numbers, paths, a ct "op" that is a path
    printf '%s crypto_sign evilsig ref cc sandbox %s enforced=<b>net=open,,,%%09x</b>\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc violation %s what=<img%%20src=x> target=%s count=1e999\n' "$p" "$c" \
        "$(head -c 3000 /dev/zero | tr '\0' '/')"
    printf '%s crypto_sign evilsig ref cc claims %s source=../../x.h algname=<script>x</script> pk=-1 sk=nan agree=no detail=%%09tab%%0Anl\n' \
        "$p" "$c"
    printf '%s crypto_sign evilsig ref cc ct %s op=sign result=fail errors=-3 first=%s declared=yes\n' "$p" "$c" \
        "$(i=0; while [ $i -lt 500 ]; do printf '%%20at%%20<i>'; i=$((i + 1)); done)"
    printf '%s crypto_sign evilsig ref cc ct %s op=keygen result=fail first=%%20at%%20 declared=maybe\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc ct %s op=all result=<error> detail=%%0A<x>\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc ct %s op=../../etc result=pass\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc pin %s cpu=-1e999\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc symbols %s exported=x api= extra=1e400 names=a%%09b,<c>,,,%s truncated=1 iccs=sm3hash,<x>\n' \
        "$p" "$c" "$(head -c 4000 /dev/zero | tr '\0' ',')"
    printf '%s crypto_sign evilsig ref cc trial %s op=sign trial=1 n=1 mean=1 min=1 max=1 cpu_share=-inf\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc trial %s op=keygen trial=1 n=1 mean=1 min=1 max=1 cpu_share=1e999\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc cycles %s op=verify preempted=<yes>\n' "$p" "$c"
    printf '%s crypto_sign evilsig ref cc done %s\n' "$p" "$c"
    # a target with only a done record, one that never finished, a KEM with nothing
    printf '%s crypto_sign emptysig ref cc done campaign=c1 attempt=a1\n' "$p"
    printf '%s crypto_sign unfinished ref cc build campaign=c1 attempt=a20260101000000p2 status=ok\n' "$p"
    printf '%s crypto_kem evilkem ref cc done campaign=c1 attempt=azzz\n' "$p"
    printf '%s - - - - host campaign=c1 cpu=%s\n' "$p" "$(head -c 5000 /dev/zero | tr '\0' y)"
    # many fields
    printf '%s crypto_sign evilsig ref cc measure %s' "$p" "$c"
    i=0
    while [ $i -lt 3000 ]; do printf ' k%d=v' $i; i=$((i + 1)); done
    printf '\n'
    printf '\377\376 binary junk \001\002\n'
    printf 'last line without a newline'
} >"$h/data"
(cd "$work/in" && run hostile-merge "$tool" merge -q -o "$work/evil-out" evil)
rc=$?
[ $rc -eq 0 ] && ok "merge of hostile data exits 0" || bad "merge of hostile data exited $rc"
skipped=$(grep -c 'skipped' "$work/hostile-merge.err")
[ "$skipped" -ge 17 ] && ok "$skipped hostile lines reported with file:line" || bad "only $skipped lines reported"
grep -q '^evil/data:3: ' "$work/evil-out/problems.txt" && ok "a NUL byte is reported as corrupt" || bad "NUL line not reported"
grep -q 'line too long' "$work/evil-out/problems.txt" && ok "the 2 MiB line is reported" || bad "long line not reported"
[ -e "$work/escape" ] || [ -e "$work/in/escape" ] || [ -e "$work/evil-out/../escape" ] && bad "something escaped" ||
    ok "no file outside the output directory"
if grep -rq '<script' "$work/evil-out" --include='*.html'; then
    bad "markup from the data reached the HTML unescaped"
else
    ok "markup in values is escaped in the HTML"
fi
[ -f "$work/evil-out/pages/evil/evilsig.html" ] && [ -f "$work/evil-out/pages/evil/emptysig.html" ] &&
    ok "pages for the odd targets" || bad "pages missing for the hostile targets"
well_formed "$work/evil-out" "hostile data"
(cd "$work/in" && run hostile-check "$tool" check -o "$work/evil-out" evil)
[ $? -ne 0 ] && grep -q '^BAD evil' "$work/hostile-check.out" && ok "check rejects the absurd figures" ||
    bad "check accepted the hostile figures"
grep -q 'byte-identical' "$work/hostile-check.out" && ok "hostile pages regenerate byte for byte" ||
    bad "hostile pages do not regenerate identically"
exit $((fails > 0))
