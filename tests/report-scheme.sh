#!/bin/sh
# report-scheme.sh - the merge step on a scheme of two parameter sets and two
# hosts (tests/fixtures/data-scheme/ holds records derived from the committed
# fixtures): one page per scheme and host with both sets and a switch
# between the hosts; the summary's cross-host table; the scheme's metadata
# files (--meta) in section 1; the symmetric-primitives verdict from the
# symbol audit; the footer with version, commit and options from the run
# records; a --quick run that does not replace a full run's figures; best
# and reference lines preferring figures that were not preempted, and
# flagging them when they must use one that was; the reference line found by
# the command the records give for its id; `ngbench-report status` (the
# table and --target's short form); and the report layer's boundaries.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
tool=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
work=tests/report-scheme.d
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
# has FILE WHAT PATTERN...: every basic regular expression matches a line of FILE
has() {
    f=$1 what=$2
    shift 2
    [ -f "$f" ] || { bad "$what: no file ${f#"$work"/}"; return; }
    for re in "$@"; do
        grep -q -- "$re" "$f" || { bad "$what: no line of ${f#"$work"/} matches: $re"; return; }
    done
    ok "$what"
}
hasnt() {
    f=$1 what=$2 re=$3
    grep -q -- "$re" "$f" && bad "$what: ${f#"$work"/} matches $re" || ok "$what"
}

mkdir -p "$work/in" && cp -R "$datadir/tests/fixtures/data-scheme/x86a" "$datadir/tests/fixtures/data-scheme/arm1" "$work/in/" ||
    { bad "cannot copy the data"; exit 1; }
# the scheme's metadata, SUPERCOP style: plain files in <scheme>-common/
m=$work/meta/crypto_sign/toyuov-common
mkdir -p "$m"
echo 'TOYUOV (a toy)' >"$m/name"
printf 'A toy signature\nfor the tests.\n' >"$m/description"
echo 'The ngbench authors' >"$m/designers"
echo 'The toy paper https://example.org/toyuov.pdf' >"$m/specification"
mkdir -p "$work/meta/crypto_sign/toyuov256"
echo 'The toy paper, 256-bit set' >"$work/meta/crypto_sign/toyuov256/specification"

out=$work/out
(cd "$work/in" && "$tool" merge -q --meta="$work/meta" -o "$out" x86a arm1) >"$work/merge.out" 2>"$work/merge.err"
[ $? -eq 0 ] && [ ! -s "$work/merge.err" ] && ok "merge exits 0, nothing skipped" || bad "merge: $(cat "$work/merge.err")"
(cd "$work/in" && "$tool" check --meta "$work/meta" -o "$out" x86a arm1) >"$work/check.out" 2>&1
[ $? -eq 0 ] && grep -q '^check: OK' "$work/check.out" && ok "check passes (statistics and every file)" ||
    { bad "check failed"; head -n 20 "$work/check.out"; }
(cd "$work/in" && "$tool" check -o "$out" x86a arm1) >"$work/check2.out" 2>&1
grep -q '^DIFFERS pages/x86a/toyuov.md' "$work/check2.out" && ok "check without the merge's --meta: the pages differ" ||
    bad "check ignores --meta"

px=$out/pages/x86a/toyuov.md
pa=$out/pages/arm1/toyuov.md
# ---- item 3: pages per scheme, switch, cross-host table, metadata, verdict, footer
[ -f "$px" ] && [ -f "$pa" ] && [ ! -e "$out/pages/x86a/toyuov128.md" ] && ok "one page per scheme and host" ||
    bad "pages: $(cd "$out/pages" && find . -type f | tr '\n' ' ')"
has "$px" "the scheme page holds both parameter sets" \
    '^# toyuov on x86a: performance (crypto_sign; sets toyuov128, toyuov256)$' \
    '^| parameter sets (primitives) | toyuov128, toyuov256 |$' '^| toyuov128 ref | guide-ref | keygen | ' \
    '^| toyuov256 ref | guide-ref | keygen | '
has "$px" "a switch to the other host" '^Hosts: \[arm1\](\.\./arm1/toyuov\.md) · \*\*x86a\*\*$'
has "$out/pages/arm1/toyuov.html" "the switch in the HTML links the other host's page" \
    '<p class="switch">Hosts: <strong>arm1</strong> · <a href="\.\./x86a/toyuov\.html">x86a</a></p>'
has "$out/summary.md" "the summary's cross-host table (hosts as columns, a gap where a host has no figures)" \
    '^## Across hosts$' '^| instance | operation | arm1 | x86a |$' \
    '^| toyuov128 ref | keygen | [0-9.]* k (gcc-Os) | 3\.3 k (gcc-Os) |$' '^| toyuov256 ref | sign | – | 20\.8 k (guide-ref) |$'
has "$px" "the metadata files in section 1 (a set's own file wins for its set only)" \
    '^| algorithm | TOYUOV (a toy) |$' '^| description | A toy signature for the tests\. |$' \
    '^| designers | The ngbench authors |$' \
    '^| specification | \[The toy paper https://example\.org/toyuov\.pdf\](https://example\.org/toyuov\.pdf) |$'
has "$out/pages/x86a/toyuov.html" "the specification is a link in the HTML" '<a href="https://example\.org/toyuov\.pdf">'
has "$out/pages/x86a/toyuov.md" "the verdict: another primitive's symbol makes it mixed" \
    '^| symmetric primitives | mixed: defines other symmetric primitives (aes128_encrypt) |$' \
    '^Survey verdict: mixed: defines other symmetric primitives (aes128_encrypt)\. From the symbol audit'
has "$pa" "the verdict: ICCS-only" '^| symmetric primitives | ICCS-only |$' '^Survey verdict: ICCS-only\. '
has "$px" "the footer: version, commit and options of each campaign" \
    '^Made by ngbench.s \./do (.*); merged by ngbench-report ' \
    '^Campaign c20261201T100000Z-1 (full tier, started 2026-12-01T10:00:00Z): ngbench 0\.2\.0, commit 1a2b3c4, options: crypto_sign/toyuov128 crypto_sign/toyuov256\.$' \
    '^Campaign c20261202T100000Z-2 (quick tier, started 2026-12-02T10:00:00Z): ngbench 0\.2\.0, commit 1a2b3c4, options: --quick crypto_sign/toyuov128\.$'
has "$out/pages/x86a/toyuov.html" "the footer in the HTML" '^<footer>$' '^<p>Campaign c20261201T100000Z-1 '
has "$out/index.md" "the index links the scheme pages" '^- \[toyuov on x86a (2 parameter sets)\](pages/x86a/toyuov\.md)$'
# a KEM of the same scheme name gets a page of its own
for h in x86a arm1; do
    sed -n '/ toyuov128 ref gcc-Os /p' "$work/in/$h/data" | sed 's/ crypto_sign toyuov128 / crypto_kem toyuov128 /' >"$work/kem-$h"
done
mkdir -p "$work/kem/x86a"
cat "$work/in/x86a/data" "$work/kem-x86a" >"$work/kem/x86a/data"
(cd "$work/kem" && "$tool" merge -q -o "$work/kemout" x86a) 2>/dev/null
[ -f "$work/kemout/pages/x86a/toyuov.md" ] && [ -f "$work/kemout/pages/x86a/toyuov-kem.md" ] &&
    ok "a KEM sharing the scheme's name: its own page (toyuov-kem)" || bad "no toyuov-kem page"

# ---- item 5: tiers and preemption
has "$px" "a --quick run does not replace the full run's figures: both shown, each named" \
    '^| toyuov128 ref | guide-ref | keygen | 3\.6 k | .* | 3\.6 k | ' \
    '^Newer attempts of a lower tier: a \./do --quick run' \
    '^| toyuov128 ref | guide-ref | quick | c20261202T100000Z-2 | keygen | 10\.8 k | .* | full tier, c20261201T100000Z-1 |$' \
    '^A run of a lower tier never replaces a higher tier.s figures: 1 line also has a newer --quick-tier attempt'
has "$out/tables/results.csv" "the tables keep the full-tier attempt" \
    '^x86a,crypto_sign,toyuov128,ref,guide-ref,keygen,.*,c20261201T100000Z-1,a20261201100100p11,'
has "$px" "best prefers the clean line over a faster preempted one, and says so" \
    '^| toyuov256 ref | gcc-Os | keygen | .* | 0\.390 preempted |  |$' '^| toyuov256 ref | guide-ref | keygen | .* | \*\*best\*\* |$' \
    '^Best prefers figures that were neither preempted nor taken on a busy host: toyuov256 ref keygen: gcc-Os (13\.1 k cycles, preempted) is faster than guide-ref (18\.0 k)'
has "$out/tables/best.csv" "the best table: the clean line, and whether best or reference were preempted" \
    ',preempted,reference_preempted,headline,uncertainty,host_busy$' '^x86a,crypto_sign,toyuov256,ref,keygen,guide-ref,yes,.*,guide-ref,.*,no,no,[^,]*,[^,]*,[^,]*$' \
    '^arm1,crypto_sign,toyuov128,ref,keygen,gcc-Os,yes,.*,guide-ref,.*,no,yes,[^,]*,[^,]*,[^,]*$'
has "$out/compilers/toyuov128.md" "the compiler comparison flags a preempted reference" \
    '^| ref | keygen (reference preempted) | ' '^The reference line.s figures of the operations marked "reference preempted"'
has "$out/summary.md" "the summary shows the clean best line" '^| \[toyuov256\](pages/x86a/toyuov\.md) | ref | .* | guide-ref, guide-ref, guide-ref | '

# ---- item 7: the reference line's command comes from the records
mkdir -p "$work/ref/x86a" "$work/ref/arm1"
cp "$work/in/x86a/data" "$work/ref/x86a/data"
# arm1 calls its reference line myref: its command is the one x86a records for guide-ref
sed 's/ guide-ref / myref /' "$work/in/arm1/data" >"$work/ref/arm1/data"
(cd "$work/ref" && "$tool" merge -q -o "$work/refout" x86a arm1) 2>/dev/null
has "$work/refout/compilers/toyuov128.md" "a line with the reference's recorded command counts as the reference" \
    '^| ref | keygen (reference preempted) | 7\.2 k (1\.00) | \*\*6\.6 k (0\.91)\*\* |$'
sed 's/command=gcc%20-std=c99%20-Wpedantic%20-Wall%20-Wextra%20-O2/command=gcc%20-O2/' "$work/ref/x86a/data" >"$work/ref/x86a/d2" &&
    mv "$work/ref/x86a/d2" "$work/ref/x86a/data"
(cd "$work/ref" && "$tool" merge -q -o "$work/refout2" x86a arm1) 2>/dev/null
awk '/^## arm1/,0' "$work/refout2/compilers/toyuov128.md" >"$work/arm1-cmp.md"
has "$work/arm1-cmp.md" "no recorded command matches: no reference line on that host" \
    'The guide.s reference line (guide-ref) was not run for this primitive on this host'
(cd "$work/in" && "$tool" merge -q --reference=gcc-Os -o "$work/refout3" x86a arm1) 2>/dev/null
has "$work/refout3/compilers/toyuov128.md" "--reference=ID" '^| ref | keygen | \*\*6\.6 k (1\.00)\*\* | 7\.2 k (1\.10) |$'

# ---- item 2: status
(cd "$work/in" && "$tool" status x86a arm1) >"$work/status.out" 2>"$work/status.err"
[ $? -eq 0 ] && ok "status exits 0" || bad "status: $(cat "$work/status.err")"
has "$work/status.out" "status: a table of figures per target and operation" \
    '^host  target  *status  KAT   checks  op  *median cycles  ±  median time  ops/s  *preempted  host$' \
    '^arm1  crypto_sign/toyuov128/ref/guide-ref  PASS    PASS  ok      keygen  *7\.2 k  *2\.9[0-9] µs  *3[0-9]*  yes$' \
    '^x86a  crypto_sign/toyuov128/ref/guide-ref  PASS    PASS  ok      keygen  *3\.6 k  *1\.47 µs  *67668[0-9]  no$'
[ "$(grep -c 'crypto_sign' "$work/status.out")" -eq 18 ] && ok "status: 6 targets x 3 operations" ||
    bad "status rows: $(grep -c crypto_sign "$work/status.out")"
(cd "$work/in" && "$tool" status --campaign c20261202T100000Z-2 --host x86a x86a arm1) >"$work/status2.out"
has "$work/status2.out" "status --campaign: that campaign's (quick) attempt" \
    '^x86a  crypto_sign/toyuov128/ref/guide-ref  PASS    PASS  ok      keygen  *10\.8 k '
[ "$(grep -c 'crypto_sign' "$work/status2.out")" -eq 3 ] && ok "status --campaign: only its targets" || bad "status --campaign rows"
(cd "$work/in" && "$tool" status --target=crypto_sign/toyuov256/ref/gcc-Os x86a) >"$work/status3.out"
has "$work/status3.out" "status --target: the short per-target lines" \
    '^crypto_sign/toyuov256/ref/gcc-Os: PASS (KAT PASS, checks ok)$' \
    '^  keygen  *13\.1 k cycles  *5\.37 µs  *182[0-9]* ops/s  PREEMPTED$' '^  verify  *5\.5 k cycles '
(cd "$work/in" && "$tool" status --target crypto_sign/nosuch/ref/cc x86a) >/dev/null 2>"$work/status4.err"
[ $? -eq 1 ] && grep -q '^ngbench-report: status: no finished target crypto_sign/nosuch/ref/cc' "$work/status4.err" &&
    ok "status: an unknown target exits 1 and says so" || bad "status on an unknown target"
"$tool" merge --host x86a "$work/in" >/dev/null 2>&1
[ $? -eq 1 ] && ok "merge rejects status's options" || bad "merge accepted --host"

# ---- item 7: the layers of the report tool (a generator never calls another; one DASH)
r=$datadir/report
cyc=0
for f in tables summary compilers index page; do
    for g in emit_tables emit_pages emit_summary emit_compilers emit_index emit_all; do
        case "$f:$g" in tables:emit_tables | summary:emit_summary | compilers:emit_compilers | index:emit_index | page:emit_pages) continue ;; esac
        grep -q "$g(" "$r/$f.c" && { cyc=1; echo "  $f.c calls $g"; }
    done
done
grep -l 'emit_\(pages\|summary\|compilers\|index\|tables\)(' "$r"/page-*.c >/dev/null 2>&1 && { cyc=1; echo "  a section calls a generator"; }
[ $cyc = 0 ] && ok "no generator calls another (report.c calls them all)" || bad "a call between generators"
[ "$(grep -l '#define DASH' "$r"/*.c "$r"/*.h | wc -l)" -eq 1 ] && ok "DASH is defined once (emit.h)" || bad "DASH defined more than once"
grep -q 'gcc -std=c99' "$r"/*.c "$r"/*.h && bad "a compiler command compiled into the report tool" ||
    ok "no compiler command compiled in (the reference's command comes from the records)"
exit $((fails > 0))
