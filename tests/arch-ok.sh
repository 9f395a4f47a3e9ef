#!/bin/sh
# arch-ok.sh - harness/arch-ok against made-up hosts: an implementation with
# no architectures file runs everywhere; "amd64 avx2" runs only on an amd64
# host whose CPU flags list avx2; a second line is an alternative; and the
# refusal names what was needed (./do prints it as "needs ...").
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
ok=$datadir/harness/arch-ok
work=tests/arch-ok.d
rm -rf "$work" && mkdir -p "$work/none" "$work/avx2" "$work/two"
echo 'amd64 avx2' >"$work/avx2/architectures"
printf '# either\namd64 avx2 bmi2\narm64 asimd\n' >"$work/two/architectures"
printf 'processor\t: 0\nflags\t\t: fpu sse2 avx avx2 bmi2\n' >"$work/cpu-avx2"
printf 'processor\t: 0\nflags\t\t: fpu sse2 avx\n' >"$work/cpu-avx"
printf 'processor\t: 0\nFeatures\t: fp asimd evtstrm\n' >"$work/cpu-arm"
fails=0
passes=0
expect() { # expect RC WANT-OUTPUT ABI CPUINFO DIR
    out=$(NGBENCH_ARCH_ABI=$3 NGBENCH_CPUINFO=$work/$4 "$ok" "$work/$5")
    rc=$?
    if [ "$rc" = "$1" ] && [ "$out" = "$2" ]; then
        echo "ok: $5 on $3/$4: exit $rc${out:+, needs $out}"
        passes=$((passes + 1))
    else
        echo "FAIL: $5 on $3/$4: exit $rc (want $1), output '$out' (want '$2')"
        fails=$((fails + 1))
    fi
}
expect 0 '' amd64 cpu-avx none
expect 0 '' amd64 cpu-avx2 avx2
expect 1 'amd64 avx2' amd64 cpu-avx avx2
expect 1 'amd64 avx2' arm64 cpu-arm avx2
expect 1 'amd64 avx2' x86 cpu-avx2 avx2
expect 0 '' amd64 cpu-avx2 two
expect 0 '' arm64 cpu-arm two
expect 1 'amd64 avx2 bmi2 or arm64 asimd' amd64 cpu-avx two
# the shipped opt implementations declare what they need
for d in "$datadir"/crypto_sign/*/opt; do
    [ -d "$d" ] || continue
    case ${d%/opt} in *-common) continue ;; esac # shared code, not an implementation
    grep -q '^amd64 ' "$d/architectures" 2>/dev/null || { echo "FAIL: $d has no 'amd64 ...' architectures line"; fails=$((fails + 1)); }
done
# ./do asks arch-ok wherever it lists implementations
grep -q '"$libdir/arch-ok"' "$datadir/do" || { echo "FAIL: do does not call arch-ok"; fails=$((fails + 1)); }
rm -rf "$work"
echo "$passes passed, $fails failed"
exit $((fails > 0))
