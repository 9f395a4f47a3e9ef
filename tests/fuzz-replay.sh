#!/bin/sh
# fuzz-replay.sh - every fuzz target's seed corpus (fuzz/corpus/<target>) and
# every input that once crashed it (tests/fuzz-regressions/<target>) run
# through the target without libFuzzer, under ASan/UBSan where the compiler
# can, else plainly. A crash fails the test.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
cc=${NGBENCH_CC:-cc}
w=tests/fuzz-replay.d
mkdir -p $w
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
echo 'int main(void){return 0;}' >$w/probe.c
$cc $san $w/probe.c -o $w/probe 2>/dev/null && $w/probe || san=
fails=0
for t in katfile apih okline records; do
    case $t in
    katfile) extra="-D_GNU_SOURCE $datadir/kat/sha256.c" ;;
    apih) extra="$datadir/harness/apih.c" ;;
    okline) extra="$datadir/harness/okline.c $datadir/kat/sha256.c" ;;
    records) extra="$datadir/report/record.c $datadir/report/schema.c $datadir/report/buf.c -lm" ;;
    esac
    # shellcheck disable=SC2086
    if ! $cc -std=c99 -g -O1 $san -I"$datadir/harness" -I"$datadir/kat" -I"$datadir/report" \
        "$datadir/fuzz/fuzz-$t.c" \
        "$datadir/fuzz/replay.c" $extra -o "$w/replay-$t" 2>"$w/$t.build"; then
        echo "FAIL: building the $t replayer:"; cat "$w/$t.build"; fails=1; continue
    fi
    if "$w/replay-$t" "$datadir/fuzz/corpus/$t" "$datadir/tests/fuzz-regressions/$t" \
        2>"$w/$t.err"; then
        echo "ok: $t: corpus and regressions replayed${san:+ under ASan/UBSan}"
    else
        echo "FAIL: $t: an input crashes the parser:"; tail -n 20 "$w/$t.err"; fails=1
    fi
done
exit $fails
