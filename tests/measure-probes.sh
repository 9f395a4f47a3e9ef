#!/bin/sh
# measure-probes.sh - the stack and heap probes on a fixture with known use
# (tests/fixtures/crypto_sign/memsig: keygen holds 2 x 5000 heap bytes, sign
# 100000 heap bytes and 20000 bytes of stack), and measure -p's prepared
# state (toysig).
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
w=tests/measure-probes.d
rm -rf $w
NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -p probe -c "${NGBENCH_CC:-cc} -O2" \
    "$datadir/tests/fixtures/crypto_sign/memsig/ref" $w || exit 1
fails=0
between() { # between WHAT VALUE LO HI
    if [ -n "$2" ] && [ "$2" -ge "$3" ] && [ "$2" -le "$4" ]; then echo "ok: $1 = $2 (in $3..$4)"
    else echo "FAIL: $1 = '$2', expected $3..$4"; fails=$((fails + 1)); fi
}
get() { $w/probe -o "$1" -p "$2" | sed -n "s/.* $3=\([0-9]*\).*/\1/p"; }
between "sign stack bytes" "$(get sign stack bytes)" 20000 24096
between "sign heap peak" "$(get sign heap peak_bytes)" 100000 100100
between "sign heap allocations" "$(get sign heap allocations)" 1 1
between "keygen heap peak" "$(get keygen heap peak_bytes)" 10000 10100
between "keygen heap allocations" "$(get keygen heap allocations)" 2 2
between "verify heap peak" "$(get verify heap peak_bytes)" 0 0
between "verify stack bytes" "$(get verify stack bytes)" 1 8192
base=$(get sign rss baseline_kib)
peak=$(get sign rss peak_kib)
# Linux syncs per-thread RSS counters lazily: a few pages either way are noise
between "sign RSS peak - baseline (KiB)" "$((peak - base + 256))" 0 2304

# measure -p: the trials' setup into the state file, before the timing CPU
# is taken; verify's from sign's keys (-k) is the one it makes alone
m=tests/measure-probes.d/m
NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -p measure -c "${NGBENCH_CC:-cc} -O2" \
    "$datadir/tests/fixtures/crypto_sign/toysig/ref" $m || exit 1
same() { if cmp -s "$2" "$3"; then echo "ok: $1"; else echo "FAIL: $1 ($2 and $3 differ)"; fails=$((fails + 1)); fi; }
$m/measure -o verify -s $w/alone.state -p >/dev/null || { echo "FAIL: measure -p verify"; fails=$((fails + 1)); }
$m/measure -o sign -s $w/sign.state -p >/dev/null && $m/measure -o verify -s $w/shared.state -k $w/sign.state -p >/dev/null ||
    { echo "FAIL: measure -p with -k"; fails=$((fails + 1)); }
same "verify's state from sign's keys (-k) is the one it makes alone" $w/alone.state $w/shared.state
$m/measure -o verify -s $w/shared.state -n 3 -w 0 | grep -c '^sample' | grep -qx 3 && echo "ok: a trial runs on the prepared state" ||
    { echo "FAIL: no trial on the prepared state"; fails=$((fails + 1)); }
$m/measure -o verify -p >/dev/null 2>&1 && { echo "FAIL: measure -p without -s accepted"; fails=$((fails + 1)); } ||
    echo "ok: measure -p without a state file is refused"
exit $((fails > 0))
