#!/bin/sh
# report-merge.sh - the merge step on two hosts' committed data
# (tests/fixtures/data: hostA and hostB, with a corrupt line, an unknown kind,
# an unknown format version, a duplicate, an unfinished attempt and a
# superseded one). Checks: the skipped lines are reported with file:line;
# the page layout, tables, plots and index equal the golden files of
# tests/report-golden/ byte for byte (the version number aside); the check
# mode passes, recomputing the statistics from the kept raw samples; merging
# is idempotent and independent of the order of files and lines; and check
# catches a tampered page and a tampered record.
# NGBENCH_UPDATE_GOLDEN=1 rewrites the golden files from this run instead.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
tool=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
fx=$datadir/tests/fixtures/data
golden=$datadir/tests/report-golden
work=tests/report-merge.d
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
version=$("$tool" --version | sed 's/^ngbench-report //')
if [ ! -d "$fx/hostA/targets/c20261130T183320Z-3605/crypto_sign/toysig/ref/guide-ref" ]; then
    # make dist with automake's default tar-v7 format drops paths over 99 characters
    bad "the fixtures' evidence (hostA/targets/...) is missing from this tree: a tar-v7 'make dist'? (configure.ac: tar-ustar)"
fi

# merge: run from the fixture directory so that file:line names are stable
(cd "$fx" && "$tool" merge -q -o "$work/out" hostA hostB) >"$work/merge.out" 2>"$work/merge.err"
rc=$?
[ $rc -eq 0 ] && ok "merge exits 0" || bad "merge exited $rc: $(cat "$work/merge.err")"
for want in 'hostA/data:922: skipped (unknown record kind)' 'hostA/data:923: skipped (unknown record format version)' \
    'hostB/data:153: skipped (target record without a valid attempt= field)'; do
    grep -qF "$want" "$work/merge.err" && ok "reported: $want" || bad "not reported: $want"
done
[ "$(wc -l <"$work/merge.err")" -eq 3 ] && ok "nothing else reported" || bad "stderr: $(cat "$work/merge.err")"
grep -q 'unique records (1 duplicate)' "$work/out/index.md" && ok "the duplicate line counted once" ||
    bad "duplicate not counted"
# nothing lost: every well-formed line of the inputs is in records.txt
cat "$fx"/hostA/data "$fx"/hostB/data | sort -u >"$work/in.sorted"
sort -u "$work/out/records.txt" >"$work/rec.sorted"
comm -23 "$work/in.sorted" "$work/rec.sorted" >"$work/lost"
[ "$(wc -l <"$work/lost")" -eq 3 ] && ok "records.txt holds every input line but the 3 skipped ones" ||
    bad "records.txt lost lines: $(head -n 5 "$work/lost")"

well_formed "$work/out" fixtures

# golden files
if [ "${NGBENCH_UPDATE_GOLDEN:-}" = 1 ]; then
    (cd "$golden" && find . -type f) | while read -r f; do
        sed "s/$version/VERSION/g" "$work/out/$f" >"$golden/$f"
    done
    echo "golden files rewritten in $golden"
fi
n=0
for f in $(cd "$golden" && find . -type f | sort); do
    n=$((n + 1))
    if [ ! -f "$work/out/$f" ]; then
        bad "golden $f: not generated"
    elif sed "s/$version/VERSION/g" "$work/out/$f" | cmp -s - "$golden/$f"; then
        ok "golden $f"
    else
        bad "golden $f differs:"
        sed "s/$version/VERSION/g" "$work/out/$f" | diff "$golden/$f" - | head -n 20
    fi
done
[ $n -gt 10 ] || bad "only $n golden files"

# check mode: every statistic recomputes, every file regenerates identically
(cd "$fx" && "$tool" check -o "$work/out" hostA hostB) >"$work/check.out" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q '^check: OK' "$work/check.out"; then
    ok "check passes: $(grep 'figures recompute' "$work/check.out")"
else
    bad "check failed (rc $rc):"
    head -n 30 "$work/check.out"
fi
grep -q 'cycles from raw samples: [1-9]' "$work/check.out" && ok "check recomputed cycles from the raw samples" ||
    bad "check used no raw samples"

# idempotent: again into the same directory, and into a fresh one
(cd "$fx" && "$tool" merge -q -o "$work/out" hostA hostB) 2>/dev/null
(cd "$fx" && "$tool" merge -q -o "$work/out2" hostA hostB) 2>/dev/null
diff -r "$work/out" "$work/out2" >/dev/null && ok "merging again gives the same bytes" || bad "merge is not idempotent"
# order of inputs
(cd "$fx" && "$tool" merge -q -o "$work/out3" hostB/data hostA) 2>/dev/null
diff -r "$work/out" "$work/out3" >/dev/null && ok "inputs in another order: the same bytes" || bad "input order matters"
# order of lines: the data files reversed (their evidence is the same files)
for h in hostA hostB; do
    mkdir -p "$work/rev/$h"
    awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' "$fx/$h/data" >"$work/rev/$h/data"
    [ -d "$fx/$h/targets" ] && ln -s "$fx/$h/targets" "$work/rev/$h/targets"
done
(cd "$work/rev" && "$tool" merge -q -o "$work/out4" hostA hostB) 2>/dev/null
same=1
for f in $(cd "$work/out" && find tables summary.md summary.html compilers plots records.txt -type f | sort); do
    cmp -s "$work/out/$f" "$work/out4/$f" || { same=0; echo "  differs: $f"; }
done
for f in $(cd "$work/out" && find pages -type f | sort); do
    # the data files themselves differ (reversed): so do their digests
    grep -v 'record data' "$work/out/$f" >"$work/a"
    grep -v 'record data' "$work/out4/$f" >"$work/b"
    cmp -s "$work/a" "$work/b" || { same=0; echo "  differs: $f"; }
done
[ $same = 1 ] && ok "lines in reverse order: the same tables, pages and plots" || bad "line order matters"
# records.txt is a complete input: merging it gives the same tables
"$tool" merge -q -o "$work/out5" "$work/out/records.txt" 2>/dev/null
diff -r "$work/out/tables" "$work/out5/tables" >/dev/null && ok "merging records.txt again gives the same tables" ||
    bad "records.txt does not reproduce the tables"

# ./do merge hands over to the tool, reading every <results>/<host>/data
"$datadir/do" merge -q --results "$fx" -o "$work/out6" 2>/dev/null
same=1
for f in $(cd "$work/out" && find . -type f ! -name problems.txt ! -name SHA256SUMS | sort); do
    cmp -s "$work/out/$f" "$work/out6/$f" || { same=0; echo "  differs: $f"; }
done
[ $same = 1 ] && ok "./do merge --results gives the same output" || bad "./do merge differs"

# check catches a changed page and a changed figure
cp -R "$work/out" "$work/t1"
sed 's/PASS/FAIL/' "$work/out/pages/hostA/toysig.md" >"$work/t1/pages/hostA/toysig.md"
(cd "$fx" && "$tool" check -o "$work/t1" hostA hostB) >"$work/t1.out" 2>&1
[ $? -ne 0 ] && grep -q '^DIFFERS pages/hostA/toysig.md' "$work/t1.out" && ok "check names an edited page" ||
    bad "check missed an edited page"
mkdir -p "$work/t2/hostA"
cp "$fx/hostB/data" "$work/t2/hostB.data"
mkdir -p "$work/t2/hostB"
mv "$work/t2/hostB.data" "$work/t2/hostB/data"
sed '/toysig ref guide-ref cycles .*attempt=a20261130183728p22171 op=sign/s/ mean=[0-9.]*/ mean=1234.5/' "$fx/hostA/data" \
    >"$work/t2/hostA/data"
ln -s "$fx/hostA/targets" "$work/t2/hostA/targets"
(cd "$work/t2" && "$tool" merge -q -o "$work/t2/out" hostA hostB && "$tool" check -o "$work/t2/out" hostA hostB) \
    >"$work/t2.out" 2>&1
[ $? -ne 0 ] && grep -q '^BAD hostA crypto_sign/toysig/ref/guide-ref (.*cycles sign' "$work/t2.out" &&
    ok "check finds a mean that does not recompute from its trials and samples" ||
    { bad "check missed a tampered mean"; head -n 20 "$work/t2.out"; }
exit $((fails > 0))
