#!/bin/sh
# measure-probes.sh - the stack and heap probes on a fixture with known use
# (tests/fixtures/crypto_sign/memsig: keygen holds 2 x 5000 heap bytes, sign
# 100000 heap bytes and 20000 bytes of stack).
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
exit $((fails > 0))
