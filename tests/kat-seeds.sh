#!/bin/sh
# kat-seeds.sh - the scheme-independent lines of the KAT drivers' output
# (Count, Seed_Len, Seed, M_Len, M) must equal those of every official
# KAT_SIG / KAT_KEM file (kat-seeds-*.exp are taken from them). Driven by the
# toy fixtures, so it tests the generators before any scheme exists.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
srcdir=${srcdir:-$datadir}
compiler="${NGBENCH_CC:-cc} ${NGBENCH_CFLAGS:--O2}"
work=tests/kat-seeds.d
status=0
for k in sig:crypto_sign/toysig kem:crypto_kem/toykem; do
    kind=${k%%:*}
    prim=${k#*:}
    NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -c "$compiler" \
        "$datadir/tests/fixtures/$prim/ref" "$work/$kind" || { status=1; continue; }
    "$work/$kind/katgen" -o "$work/$kind/kat.txt" || { status=1; continue; }
    if [ $kind = sig ]; then pat='^(Count|Seed_Len|Seed|M_Len|M) ='; else pat='^(Count|Seed_Len|Seed) ='; fi
    grep -E "$pat" "$work/$kind/kat.txt" >"$work/$kind/seeds.txt"
    if cmp -s "$work/$kind/seeds.txt" "$srcdir/tests/kat-seeds-$kind.exp"; then
        echo "PASS katgen-$kind: Count/Seed/M lines equal the official files'"
    else
        echo "FAIL katgen-$kind: Count/Seed/M lines differ from the official files':"
        diff "$srcdir/tests/kat-seeds-$kind.exp" "$work/$kind/seeds.txt" | head -n 10
        status=1
    fi
done
exit $status
