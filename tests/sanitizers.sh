#!/bin/sh
# sanitizers.sh - the ICCS unit tests again, built with AddressSanitizer and
# UndefinedBehaviorSanitizer (any report is fatal). Skipped when the compiler
# cannot build a sanitized program here.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
srcdir=${srcdir:-$datadir}
cc=${NGBENCH_CC:-cc}
flags="-std=c99 -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all"
work=tests/sanitizers.d
mkdir -p "$work"
echo 'int main(void){return 0;}' >"$work/probe.c"
# shellcheck disable=SC2086
if ! $cc $flags "$work/probe.c" -o "$work/probe" 2>"$work/probe.log" || ! "$work/probe"; then
    echo "SKIP: $cc cannot build and run ASan/UBSan programs here:"
    cat "$work/probe.log"
    exit 77
fi
iccs="$datadir/iccs/sm3.c $datadir/iccs/sm3x.c $datadir/iccs/auxfunc.c $datadir/iccs/drng.c"
status=0
# the ICCS sources compiled once (they are the slow part: sm3x.c under ASan),
# side by side, then linked into each test
objs=
compile_bg() { $cc $flags -I"$datadir/iccs" -c "$1" -o "$2" 2>"$2.err" || echo "$1" >>"$work/failed"; }
rm -f "$work/failed"
for s in $iccs; do
    o=$work/$(basename "$s" .c).o
    objs="$objs $o"
    compile_bg "$s" "$o" &
done
wait
cat "$work"/*.o.err
if [ -s "$work/failed" ]; then
    echo "FAIL: compiling under ASan/UBSan: $(tr "\n" " " <"$work/failed")"
    cat "$work"/*.o.err
    exit 1
fi
for t in iccs-vectors iccs-props iccs-sm3x; do
    # shellcheck disable=SC2086
    $cc $flags -I"$datadir/iccs" -I"$datadir/target" $objs "$datadir/tests/$t.c" "$datadir/target/target.c" -o "$work/$t" ||
        { status=1; continue; }
    if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 "$work/$t" "$srcdir/tests/iccs-vectors.txt" 2>"$work/$t.err" >"$work/$t.out"; then
        echo "PASS $t under ASan/UBSan: $(tail -n 1 "$work/$t.out")"
    else
        echo "FAIL $t under ASan/UBSan"
        grep -v 'Digestbitlen' "$work/$t.err" | head -n 40
        status=1
    fi
done
# the portable SM3 compression as well (the AVX2 one runs above where the CPU has it)
if NGBENCH_SM3X=portable ASAN_OPTIONS=detect_leaks=1 "$work/iccs-vectors" "$srcdir/tests/iccs-vectors.txt" \
    2>"$work/portable.err" >"$work/portable.out"; then
    echo "PASS iccs-vectors (NGBENCH_SM3X=portable) under ASan/UBSan: $(tail -n 1 "$work/portable.out")"
else
    echo "FAIL iccs-vectors (NGBENCH_SM3X=portable) under ASan/UBSan"
    grep -v 'Digestbitlen' "$work/portable.err" | head -n 40
    status=1
fi
exit $status
