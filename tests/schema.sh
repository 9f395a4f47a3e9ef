#!/bin/sh
# schema.sh - the record schema (report/schema.def) is the one owner of
# every record kind and field: the writer refuses what it does not declare
# (a field named like a prefix column, as build's old kind=sig was, an
# unknown field, a wrong type, a field twice), older data still reads (the
# old kind= dropped, so JSON has one "kind" and jq finds every build
# record), the documents are generated from it, and the C readers use its
# accessors, not field names spelled as strings.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
rec=${NGBENCH_REC:-$PWD/report/ngbench-rec}
work=tests/schema.d
rm -rf "$work"
mkdir -p "$work"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
export NGBENCH_REC_HOST=h NGBENCH_REC_ABI=amd64 NGBENCH_REC_DATE=20261205
w() { "$rec" write "$work/data" crypto_sign p ref cc "$@" 2>"$work/err"; }

"$rec" schema --check && ok "the schema is consistent (ngbench-rec schema --check)" || bad "schema --check"

# ---- the writer refuses what the schema does not declare ----
w build campaign=c1 attempt=a1 status=ok kind=sig &&
    bad "a build record with kind= (a prefix column) was written" ||
    { grep -q "no field 'kind'.*repeat a prefix column" "$work/err" && ok "kind= on a build record refused: $(cat "$work/err")" ||
        bad "kind= refused without naming the collision: $(cat "$work/err")"; }
for f in format host abi date operation primitive implementation impl compiler; do
    w status campaign=c1 attempt=a1 "$f=x" && bad "$f= written" || :
done
[ ! -s "$work/data" ] && ok "no field named like a prefix column is written" || bad "prefix-named fields written"
w cycles campaign=c1 attempt=a1 op=sign medain=5 && bad "an unknown field was written" ||
    { grep -q "no field 'medain'" "$work/err" && ok "an unknown field is refused, named" || bad "unknown field: $(cat "$work/err")"; }
w cycles campaign=c1 attempt=a1 op=sign median=fast && bad "a non-number was written as a number" ||
    { grep -q "median=fast: not a number" "$work/err" && ok "a wrong type is refused" || bad "wrong type: $(cat "$work/err")"; }
w cycles campaign=c1 attempt=a1 op=sign n=1.5 && bad "a fraction was written as an integer" || ok "an integer field refuses 1.5"
w cycles campaign=c1 attempt=a1 op=sign op=verify && bad "a field twice was written" ||
    { grep -q "occurs twice" "$work/err" && ok "a field twice is refused" || bad "twice: $(cat "$work/err")"; }
w energy campaign=c1 attempt=a1 joules=3 && bad "an unknown kind was written" || ok "an unknown kind is refused"
w cycles campaign=c1 attempt=a1 op=sign median=- estimator=clean && ok "'-' is a number not known" || bad "median=- refused: $(cat "$work/err")"
"$rec" write "$work/data" - - - - host campaign=c1 cpu=x "warning=one" "warning=two" 2>"$work/err" &&
    ok "a field the schema lets repeat (host warning) is written twice" || bad "repeat refused: $(cat "$work/err")"

# ---- older data: the build record's kind= is read and dropped ----
old=$work/old
cat >"$old" <<'EOF'
ngbench 1 h amd64 20261130 crypto_sign p ref cc build campaign=c1 attempt=a1 status=ok seconds=3 digest=0123456789abcdef flavour=ngbench kind=sig iccs=ngbench sources=a.c excluded=(none)
ngbench 1 h amd64 20261130 crypto_kem k ref cc build campaign=c1 attempt=a2 status=ok seconds=3 digest=0123456789abcdef flavour=ngbench kind=kem iccs=ngbench sources=a.c excluded=(none)
ngbench 1 h amd64 20261130 crypto_sign p ref cc cycles campaign=c1 attempt=a1 op=sign median=5 joules=2
EOF
"$rec" valid "$old" >"$work/valid" 2>&1
[ "$(grep -c . "$work/valid")" -eq 1 ] && grep -q "old:3: a cycles record with the field 'joules'" "$work/valid" &&
    ok "older build records read; a field no schema declares is reported with file:line" ||
    bad "valid on older data: $(cat "$work/valid")"
"$rec" json "$old" >"$work/old.jsonl"
if [ "$(grep -c '"kind"' "$work/old.jsonl")" -eq 2 ] && ! grep -q '"kind": "sig"\|"kind": "kem"' "$work/old.jsonl"; then
    ok "JSON: one \"kind\" key per record (the line with an unknown field is {\"invalid\": ...}); the old kind=sig|kem is dropped"
else
    bad "JSON keys: $(cat "$work/old.jsonl")"
fi
if command -v jq >/dev/null 2>&1; then
    [ "$(jq -c 'select(.kind == "build")' "$work/old.jsonl" 2>/dev/null | grep -c .)" -eq 2 ] &&
        ok "jq finds every build record" || bad "jq: $(jq -c 'select(.kind == "build")' "$work/old.jsonl" 2>&1)"
else
    echo "note: no jq here: the JSON selection is checked with grep only"
fi
[ "$("$rec" get -k build -f @kind,@operation "$old" | sort -u | tr '\n' ' ')" = "build	crypto_kem build	crypto_sign " ] &&
    ok "get: the build records, kind from the prefix" || bad "get on older build records"

# ---- the documents come from the schema ----
"$rec" schema --markdown >"$work/records.md" && "$rec" schema --man >"$work/records.5" || bad "schema documents"
missing=
for k in $("$rec" schema --list | cut -f 1 | sort -u); do
    grep -q "^### $k\$" "$work/records.md" || missing="$missing md:$k"
    grep -q "^\.SS $k\$" "$work/records.5" || missing="$missing man:$k"
done
"$rec" schema --list | while IFS="$(printf '\t')" read -r k f rest; do
    grep -q "^| \`$f\` |" "$work/records.md" || echo "$k.$f"
done >"$work/undocumented"
[ -z "$missing" ] && [ ! -s "$work/undocumented" ] && ok "every kind and field is in doc/records.md and ngbench-records(5)" ||
    bad "not documented:$missing $(cat "$work/undocumented")"
if [ -f doc/records.md ]; then
    cmp -s doc/records.md "$work/records.md" && ok "the built doc/records.md is the schema's" || bad "doc/records.md is stale"
fi
if command -v man >/dev/null 2>&1 && command -v groff >/dev/null 2>&1; then
    warn=$(LC_ALL=C.UTF-8 MANWIDTH=80 man --warnings -l "$work/records.5" 2>&1 >/dev/null | head -n 3)
    [ -z "$warn" ] && ok "ngbench-records(5) renders without warnings" || bad "man warnings: $warn"
fi

# ---- readers use the accessors, not field names spelled as strings ----
lit=$(cd "$datadir/report" && grep -nE 'ngr_(get|num)\([^,]+, *"|strcmp\([^,]*kind, *"' ./*.c |
    grep -v '^\./record\.c:\|^\./schema\.c:')
[ -z "$lit" ] && ok "no record field or kind is looked up by a string literal in report/" || bad "literal lookups: $lit"
# ---- the programs write their lines from the schema's ids: no printf of
# a field name (key=) in them, no sed/awk/kvs re-encoding of what they print
# in the measuring stage (step 2 of issue 28) ----
lit=$(cd "$datadir" && grep -nE '"[^"]*\b[a-z_]+=%' measure/ngbench-stats.c target/probe.c target/profile.c \
    target/measure.c | grep -v 'ngr_out')
[ -z "$lit" ] && ok "ngbench-stats, probe, profile and measure print no field name by hand" || bad "field names by hand: $lit"
lit=$(cd "$datadir" && grep -nE 'kvs |s/\^(counter|trial=|op |rss)|%20' harness/stage-measure harness/stage.sh |
    grep -v 'recheck_\|hsfield\|^harness/stage-measure:.*hostspeed\|quietline\|^harness/stage.sh:[0-9]*:kvs()\|^harness/stage.sh:[0-9]*:# kvs')
[ -z "$lit" ] && ok "the stages pass the programs' lines on without sed re-encoding" || bad "re-encoding: $lit"

# spec get: a spec is the union of its lines (the campaign's, the target's,
# the attempt's): one output line per file, never one per line
"$rec" spec write "$work/a.spec" campaign=c1 && "$rec" spec write "$work/a.spec" id=crypto_sign/x/ref/cc compiler=cc &&
    "$rec" spec write "$work/a.spec" attempt=a1 && "$rec" spec write "$work/b.spec" campaign=c1 id=crypto_sign/y/ref/cc compiler=cc1 ||
    bad "spec write"
got=$("$rec" spec get -f campaign,compiler,attempt "$work/a.spec" "$work/b.spec" | tr '\t\n' ',;')
[ "$got" = "c1,cc,a1;c1,cc1,;" ] && ok "spec get prints one line per spec file, its fields across its lines" ||
    bad "spec get over two specs: $got"
got=$("$rec" spec get -f id -w compiler=cc1 "$work/a.spec" "$work/b.spec")
[ "$got" = crypto_sign/y/ref/cc ] && ok "spec get -w selects files by a field on any of their lines" || bad "spec get -w: $got"


# ---- field lines: what the programs print, passed on by write -F ----
got=$("$rec" line write memory baseline_kib=10 peak_kib=12 after_kib=11 hwm_reset=1)
[ "$got" = "memory baseline_kib=10 peak_kib=12 after_kib=11 hwm_reset=1" ] && ok "line write prints a checked field line" ||
    bad "line write: $got"
"$rec" line write memory bytes=5 2>/dev/null && bad "line write: a stack field in a memory line was accepted" ||
    ok "line write refuses a field the kind does not have"
{ echo "sample 100"; echo "memory baseline_kib=10 peak_kib=12 after_kib=11 hwm_reset=1"
  "$rec" line write violation what=syscall "target=ptrace (pid 5)" count=1; echo "stack bytes=x"; } >"$work/out"
"$rec" write -F "$work/out" "$work/data" crypto_sign p ref cc memory campaign=c1 attempt=a1 op=sign &&
    [ "$("$rec" get -k memory -w op=sign -f peak_kib "$work/data")" = 12 ] &&
    ok "write -F passes a memory line on as a record, the command line's fields first" || bad "write -F memory"
got=$("$rec" write -F "$work/out" "$work/data" crypto_sign p ref cc violation campaign=c1 attempt=a1 step=try &&
    "$rec" get -d -k violation -f target "$work/data")
[ "$got" = "ptrace (pid 5)" ] && ok "a violation line's encoded target reads back decoded (no sed)" || bad "violation: $got"
"$rec" write -F "$work/out" "$work/data" crypto_sign p ref cc stack campaign=c1 attempt=a1 op=sign 2>"$work/err" &&
    bad "write -F accepted a stack line with bytes=x" ||
    { grep -q "out:4: stack line refused" "$work/err" && ok "write -F names a line the schema refuses (file:line)" ||
        bad "write -F message: $(cat "$work/err")"; }
"$rec" line get -k memory -f bytes "$work/out" 2>/dev/null && bad "line get of a field memory lacks" ||
    ok "line get refuses a field the kind does not have"
[ "$("$rec" line get -k violation -f what,count "$work/out")" = "syscall	1" ] && ok "line get prints the fields" ||
    bad "line get: $("$rec" line get -k violation -f what,count "$work/out")"
"$rec" line check "$work/out" >/dev/null && bad "line check passed a bad line" || ok "line check reports the bad stack line"
[ $fails -eq 0 ] || { echo "$fails failure(s)"; exit 1; }
rm -rf "$work"
exit 0
