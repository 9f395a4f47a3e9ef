#!/bin/sh
# report-merge.sh - the merge step on two hosts' committed data
# (tests/fixtures/data: hostA and hostB, with a corrupt line, an unknown kind,
# an unknown format version, a duplicate, an unfinished attempt and a
# superseded one; a constant-time failure of a declared implementation, a
# VIOLATION, a header contradicting its getters, symbols, preempted trials).
# Checks: the skipped lines are reported with file:line;
# the page layout, tables, plots and index equal the golden files of
# tests/report-golden/ byte for byte (the version number aside); the check
# mode passes, recomputing the statistics from the kept raw samples; the
# pages show the newer record kinds; merging is idempotent and independent of
# the order of files and lines; and check catches a tampered page and
# tampered records.
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
if [ ! -d "$fx/hostA/targets/c20261130T192856Z-2645/crypto_sign/toysig/ref/guide-ref" ]; then
    # make dist with automake's default tar-v7 format drops paths over 99 characters
    bad "the fixtures' evidence (hostA/targets/...) is missing from this tree: a tar-v7 'make dist'? (configure.ac: tar-ustar)"
fi

# merge: run from the fixture directory so that file:line names are stable
(cd "$fx" && "$tool" merge -q -o "$work/out" hostA hostB) >"$work/merge.out" 2>"$work/merge.err"
rc=$?
[ $rc -eq 0 ] && ok "merge exits 0" || bad "merge exited $rc: $(cat "$work/merge.err")"
for want in 'hostA/data:1463: skipped (unknown record kind)' 'hostA/data:1464: skipped (unknown record format version)' \
    'hostB/data:309: skipped (target record without a valid attempt= field)'; do
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

# the newer record kinds on the pages, summary and tables
# has FILE WHAT PATTERN...: every (basic) regular expression matches a line of FILE
has() {
    f=$work/out/$1
    what=$2
    shift 2
    for re in "$@"; do
        grep -q -- "$re" "$f" || { bad "$what: no line of ${f#"$work"/out/} matches: $re"; return; }
    done
    ok "$what"
}
pa=pages/hostA
has $pa/ctbadsig.md "ct: a declared implementation's failure, with the first location" \
    '^| ref | guide-ref | sign | .* | FAIL at leak (ctbadsig\.c:[0-9]*), 2 errors; DECLARED constant-time | ' \
    '^WARNING: declared constant-time but failing the check: .*ref guide-ref sign: Use of uninitialised value of size 8 at leak (ctbadsig\.c:[0-9]*) (2 errors)'
has $pa/ctbadsig.html "ct: the failure stands out in the HTML" '<td class="bad">FAIL at leak (ctbadsig\.c:'
has $pa/ctbadsig.md "ct: the other operation passes, declared" '^| ref | guide-ref | keygen | .* | pass (declared constant-time) | '
has $pa/toysig.md "ct: pass, valgrind error, not checked (the newest guide-ref attempt ran without --ct), verify n/a" \
    '^| ref | guide-perf | sign | .* | pass | ' '^| ref | clang-O3 | sign | .* | error: ctcheck under valgrind: ERROR | ' \
    '^| ref | guide-ref | sign | .* | not checked | ' '^| ref | guide-ref | verify | .* | n/a (public inputs) | '
has pages/hostB/toysig.md "ct: 'not checked (./do --ct)' once where no line was checked" \
    '^Constant time: not checked (\./do --ct)\.$'
grep -q 'not checked |\|constant time |' "$work/out/pages/hostB/toysig.md" &&
    bad "hostB toysig: a constant-time column without a checked line" || ok "ct: no column where nothing was checked"
has $pa/escapesig.md "VIOLATION: status and the guards' refusals" '^| ref | guide-ref | NOKAT | .* | VIOLATION | \\\[[0-9]\\\] |$' \
    '^VIOLATION: while it was built or run' \
    'escapesig/ref guide-ref: .*refused by the guards: socket domain=2 ([0-9]*×); write-outside-scratch /tmp/ngbench-escapesig-was-here ([0-9]*×)'
has pages/hostB/claimsig.md "claims: a header contradicting its getter" \
    '^| ref | gcc-Os, guide-ref | 32 | 64 | 48 | api\.h DISAGREES: CRYPTO_BYTES=64/getter=48 |' \
    '^WARNING: a header states sizes that its getters contradict' '^| algorithm name (header) | ref: CLAIMSIG (api\.h) |$'
has pages/hostB/claimsig.html "claims: the disagreement stands out in the HTML" '<td class="bad">api\.h DISAGREES'
has $pa/toysig.md "claims: agreement and the algorithm name" '^| ref | clang-O3, guide-perf, guide-ref | 32 | 64 | 48 | api\.h agrees |' \
    '^| algorithm name (header) | ref: TOYSIG (api\.h) |$'
has $pa/toysig.md "symbols: the symbol audit" '^Symbol audit (nm on' \
    '^| ref | clang-O3, guide-perf, guide-ref | 6 | 6 | 0 | none |$'
has $pa/toysig.md "sandbox and pin in the environment" '^| sandbox (builds and runs) | net=isolated, fs=readonly-but-scratch |$' \
    '^| measurements pinned to | CPU [0-9]* |$'
has $pa/toysig.md "timing honesty: the lowest CPU share, preempted figures flagged, a share of 0 explained" \
    '^| ref | guide-ref | sign | .* | 6 (3 × 2) | 0\.[0-9]* preempted | ' 'Figures marked preempted had a trial below 0\.9' \
    '^A CPU share of 0 is not a measurement'
has $pa/toysig.md "-flto lines probed from their non-LTO build" \
    '^The memory, stack and heap figures of the lines built with -flto (guide-perf) come from a build'
has $pa/toysig.md "the new evidence indexed" '| constant-time check sign (valgrind) | ct-sign\.txt | [0-9a-f]' \
    '| exported symbols (symbols) | symbols\.txt | [0-9a-f]' '| header claims (claims) | claims\.txt | [0-9a-f]'
has summary.md "summary: constant time and warnings" \
    '^| \[ctbadsig\].* | FAIL (sign; 2 of 3 lines), DECLARED constant-time | preempted: ' \
    '^| \[claimsig\].* | not checked | .*header sizes contradict the getters |$' '^| \[escapesig\].* | VIOLATION | '
has tables/targets.csv "tables: the targets' new columns" \
    ',algname,claims_agree,claims_detail,sandbox,violations,pinned_cpu,symbols_extra,iccs_symbols,constant_time$' \
    '^hostB,crypto_sign,claimsig,ref,guide-ref,.*,CLAIMSIG,no,CRYPTO_BYTES=64/getter=48,"net=isolated,fs=readonly-but-scratch",,[0-9]*,0,,$'
has tables/results.csv "tables: the results' new columns" ',cpu_share_min,preempted,constant_time,ct_first,uncertainty,host_busy,disturbed_trials,retries,protocol$' \
    '^hostA,crypto_sign,ctbadsig,ref,guide-ref,sign,.*,0\.[0-9]*,yes,fail,Use of uninitialised value of size 8 at leak (ctbadsig\.c:[0-9]*),[^,]*,[^,]*,[^,]*,[^,]*,[^,]*$'

# one colour per compiler line in every plot: guide-ref's bars are the same
# colour on both hosts (whose sets of lines differ) and in the ratio plots
colors=$(for f in plots/hostA/toysig-compilers.svg plots/hostB/toysig-compilers.svg plots/hostA/toysig-ratios.svg \
    plots/hostB/toysig-ratios.svg; do
    grep -o 'fill="#[0-9a-f]*"><title>ref [a-z]*, guide-ref: ' "$work/out/$f" | cut -d'"' -f2 | sort -u
done | sort | uniq -c)
[ "$(printf '%s\n' "$colors" | wc -l)" -eq 1 ] && [ "$(printf '%s\n' "$colors" | awk '{print $1}')" -eq 4 ] &&
    ok "guide-ref has one colour in every plot: $(printf '%s' "$colors" | awk '{print $2}')" ||
    bad "guide-ref's colours differ between plots: $colors"

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
sed '/toysig ref guide-ref cycles .*attempt=a20261130193358p7172 op=sign/s/ mean=[0-9.]*/ mean=1234.5/' "$fx/hostA/data" \
    >"$work/t2/hostA/data"
ln -s "$fx/hostA/targets" "$work/t2/hostA/targets"
(cd "$work/t2" && "$tool" merge -q -o "$work/t2/out" hostA hostB && "$tool" check -o "$work/t2/out" hostA hostB) \
    >"$work/t2.out" 2>&1
[ $? -ne 0 ] && grep -q '^BAD hostA crypto_sign/toysig/ref/guide-ref (.*cycles sign' "$work/t2.out" &&
    ok "check finds a mean that does not recompute from its trials and samples" ||
    { bad "check missed a tampered mean"; head -n 20 "$work/t2.out"; }
# check catches figures of the newer kinds that do not follow from the rest
mkdir -p "$work/t3/hostA" "$work/t3/hostB"
sed -e '/toysig ref guide-ref trial .*attempt=a20261130193358p7172 op=sign trial=2 /s/cpu_share=[0-9.]*/cpu_share=0.950/' \
    -e '/toysig ref guide-ref cycles .*attempt=a20261130193358p7172 op=keygen /s/ preempted=yes//' \
    -e '/escapesig ref guide-ref status /s/status=VIOLATION/status=NOKAT/' "$fx/hostA/data" >"$work/t3/hostA/data"
sed '/claimsig ref guide-ref claims /s/agree=no/agree=yes/' "$fx/hostB/data" >"$work/t3/hostB/data"
ln -s "$fx/hostA/targets" "$work/t3/hostA/targets"
(cd "$work/t3" && "$tool" merge -q -o "$work/t3/out" hostA hostB && "$tool" check -o "$work/t3/out" hostA hostB) \
    >"$work/t3.out" 2>&1
[ $? -ne 0 ] || bad "check accepted tampered cpu_share, preempted, claims and status figures"
for want in 'hostA crypto_sign/toysig/ref/guide-ref (.*trial sign 2 cpu_share from its samples: recorded 0.950' \
    'hostA crypto_sign/toysig/ref/guide-ref (.*cycles keygen preempted (a trial.s cpu_share < 0.9): recorded (none), recomputed yes' \
    'hostA crypto_sign/escapesig/ref/guide-ref (.*status VIOLATION (violation records): recorded NOKAT' \
    'hostB crypto_sign/claimsig/ref/guide-ref (.*claims agree: recorded yes, recomputed no'; do
    grep -q "^BAD $want" "$work/t3.out" && ok "check finds: $want" || bad "check missed: $want"
done
[ "$(grep -c '^BAD' "$work/t3.out")" -eq 4 ] && ok "and nothing else" || { bad "more BAD lines:"; grep '^BAD' "$work/t3.out"; }
exit $((fails > 0))
