#!/bin/sh
# kat-tool.sh - ngbench-kat on files with known differences: manifests, the
# tier checks and the first differing record they name, diff down to the
# field and byte, per-field digests and fieldcheck on partial listings.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
kat=${NGBENCH_KAT_TOOL:-kat/ngbench-kat}
w=tests/kat-tool.d
rm -rf $w
mkdir -p $w
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
for f in toysig badkatsig; do
    NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -c "${NGBENCH_CC:-cc} -O2" \
        "$datadir/tests/fixtures/crypto_sign/$f/ref" $w/$f >/dev/null || exit 1
    $w/$f/katgen -o $w/$f.txt || exit 1
done
m=$datadir/tests/fixtures/crypto_sign/toysig/kat.sha256
"$kat" manifest $w/toysig.txt | grep -v '^#' >$w/manifest
grep -v '^#' "$m" | sed 's/ KAT_SIG_TOYSIG.txt$//' >$w/want
sed 's/ toysig.txt$//' $w/manifest | cmp -s - $w/want && ok "manifest reproduces the fixture's kat.sha256" ||
    bad "manifest differs from the fixture's"
"$kat" check --tier full "$m" $w/toysig.txt >$w/out && grep -q '^PASS' $w/out && ok "check: full tier passes" || bad "check full"
"$kat" check --tier full "$m" $w/badkatsig.txt >$w/out
[ $? -eq 1 ] && grep -q 'first differing record: 3' $w/out && ok "check: names record 3 as the first that differs" ||
    { bad "check on badkatsig"; cat $w/out; }
"$kat" check --tier quick "$m" $w/badkatsig.txt >$w/out && ok "check: quick tier passes (record 0 is the same)" ||
    bad "quick tier"
"$kat" check --tier full --ref $w/toysig.txt "$m" $w/badkatsig.txt >$w/out
grep -q 'record 3 field Sn differs .* first at byte 0' $w/out && ok "check --ref: names the field and byte" ||
    { bad "check --ref"; cat $w/out; }
"$kat" diff $w/toysig.txt $w/toysig.txt | grep -q identical && ok "diff: identical files" || bad "diff identical"
head -n 30 $w/toysig.txt >$w/short.txt
"$kat" diff $w/toysig.txt $w/short.txt | grep -q 'ends first' && ok "diff: a truncated file ends first" || bad "diff truncated"
"$kat" fields $w/toysig.txt >$w/fields
[ "$(grep -vc '^#' $w/fields)" -eq 50 ] && ok "fields: 10 records x 5 byte fields" || bad "fields count"
head -n 7 $w/fields >$w/fields0
"$kat" fieldcheck $w/fields0 $w/toysig.txt | grep -q 'PASS.*covers only the first records' &&
    ok "fieldcheck: a record-0 listing checks record 0 of a longer file" || bad "fieldcheck partial listing"
"$kat" fieldcheck $w/fields $w/short.txt >/dev/null && bad "fieldcheck: a short file must fail" ||
    ok "fieldcheck: a file shorter than the listing fails"
"$kat" fieldcheck $w/fields $w/badkatsig.txt | grep -q 'record 3 field Sn differs' &&
    ok "fieldcheck: names record 3 field Sn" || bad "fieldcheck on badkatsig"
printf 'sha256 bogus line\n' >$w/badmanifest
"$kat" check "$w/badmanifest" $w/toysig.txt 2>$w/err
[ $? -eq 2 ] && grep -q 'badmanifest:1: unrecognised manifest line' $w/err && ok "a malformed manifest is an error naming file:line" ||
    bad "malformed manifest"
exit $((fails > 0))
