#!/bin/sh
# kat-test.sh - make check driver for one primitive: every implementation of
# it is built with the configured compiler and must reproduce the digests in
# the primitive's kat.sha256.
#
# usage: kat-test.sh PATH/TO/<primitive>/kat.sha256
# Tier: NGBENCH_KAT_TIER=quick (default; the first record) or full (all ten).
# With NGBENCH_KAT_REF=DIR, a mismatch is diffed against DIR/<primitive>/KAT_*.txt
# to name the first differing record, field and byte.
# Exit: 0 pass, 1 fail, 77 skipped (quick tier marked too slow for make check).
set -u
manifest=$1
prim_dir=$(dirname "$manifest")
prim=$(basename "$prim_dir")
category=$(basename "$(dirname "$prim_dir")")
tier=${NGBENCH_KAT_TIER:-quick}
[ -n "$tier" ] || tier=quick
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
kattool=${NGBENCH_KAT_TOOL:-ngbench-kat}
compiler="${NGBENCH_CC:-cc} ${NGBENCH_CFLAGS:--O2}"
work=tests/kat-build/$category/$prim

if [ "$tier" = quick ] && grep -q '^tier[[:space:]]*full' "$manifest"; then
    echo "SKIP $category/$prim: quick tier marked 'tier full' in $manifest (runs in make check-full)"
    exit 77
fi
records=1
[ "$tier" = full ] && records=10
limit=
# the full tier of the largest sets (UVW-512: ~20 min of CPU) needs hours on a busy host
default_limit=3600
[ "$tier" = full ] && default_limit=14400
command -v timeout >/dev/null 2>&1 && limit="timeout ${NGBENCH_KAT_TIMEOUT:-$default_limit}"

status=0
found=0
skipped=
for impl in "$prim_dir"/*/; do
    impl=${impl%/}
    ls "$impl"/*.c >/dev/null 2>&1 || continue
    if ! miss=$("$datadir/harness/libs-ok" "$impl"); then
        echo "SKIP $category/$prim/$(basename "$impl"): needs $miss, which does not link on this host (apt-get install libssl-dev for -lcrypto)"
        skipped=1
        continue
    fi
    found=1
    name=$(basename "$impl")
    out=$work/$name
    echo "== $category/$prim/$name ($tier tier) with: $compiler"
    if ! NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -c "$compiler" "$impl" "$out"; then
        tail -n 30 "$out/build.log"
        echo "BUILDFAIL $category/$prim/$name"
        status=1
        continue
    fi
    start=$(date +%s)
    if ! $limit "$out/katgen" -n $records -o "$out/kat.txt"; then
        echo "FAIL $category/$prim/$name: the KAT generator failed (exit status above)"
        status=1
        continue
    fi
    echo "   generated in $(($(date +%s) - start)) s"
    ref=
    if [ -n "${NGBENCH_KAT_REF:-}" ]; then
        ref=$(ls "$NGBENCH_KAT_REF/$category/$prim"/KAT_*.txt 2>/dev/null | head -n 1)
    fi
    set -- --tier "$tier"
    [ -n "$ref" ] && set -- "$@" --ref "$ref"
    "$kattool" check "$@" "$manifest" "$out/kat.txt" || status=1
done
if [ $found = 0 ] && [ -n "$skipped" ]; then
    exit 77 # every implementation needs a library this host lacks (said above)
fi
if [ $found = 0 ]; then
    echo "FAIL $category/$prim: no implementation directories beside $manifest"
    exit 1
fi
exit $status
