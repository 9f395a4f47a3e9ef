#!/bin/sh
# do-fast.sh - what makes the default campaign fast without checking less:
#   the harness cache: ngbench's own objects compiled once per compiler line
#     (a trusted step), reused by the next target of the line, compiled
#     again when an entry differs from its digests, and out of the untrusted
#     build's reach (it gets a copy);
#   the KAT rule: --kat once (the default) generates the full tier on the
#     first line of okcompilers order and the first record on the others;
#     --kat full everywhere, --kat quick the first record everywhere.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-fast
printf '@cc %s -O2\n@cc1 %s -O1\n' "$cc" "$cc" >"$work/okcompilers"
hostdir=$work/res/testhost
cache=$hostdir/cache/harness
sig=crypto_sign/toysig/ref kem=crypto_kem/toykem/ref

"$datadir/do" --no-measure --okcompilers "$work/okcompilers" --results "$work/res" "$fix/crypto_sign/toysig" \
    "$fix/crypto_kem/toykem" >"$work/out1" 2>&1
for t in $sig/cc $sig/cc1 $kem/cc $kem/cc1; do
    [ "$(status_of "$t")" = PASS ] || bad "$t: $(status_of "$t") (see $work/out1)"
done
# ---- the cache ----
entries=$(find "$cache" -mindepth 1 -maxdepth 1 -type d 2>/dev/null | grep -c .)
[ "$entries" -eq 2 ] && ok "one cache entry per compiler line" || bad "$entries cache entries for 2 lines"
h=$("$rec" get -k build -f harness "$data" | sort | uniq -c | tr -s ' ')
[ "$h" = " 4 cache" ] && ok "every build linked the cached harness (harness=cache)" || bad "build records: harness $h"
# per line, one of its two targets compiled the entry, the other reused it
tdirs=$hostdir/targets/$("$rec" get -k done -f campaign "$data" | head -n 1)
for l in cc cc1; do
    n=0
    for t in $sig $kem; do [ -f "$tdirs/$t/$l/logs/harness-cache.result" ] && n=$((n + 1)); done
    [ "$n" -eq 1 ] && ok "line $l: the cache compiled by one target, reused by the other" ||
        bad "line $l: the cache was compiled by $n targets"
done
for e in "$cache"/*/; do
    (cd "$e" && sha256sum -c --quiet --strict SHA256SUMS) || bad "the entry $e does not match its digests"
done
grep -q "from the cache $tdirs/$sig/cc/work/cache " "$tdirs/$sig/cc/build/build.log" &&
    ok "the untrusted build read a copy in its own work directory" || bad "the build did not use its work directory's copy"

# a step run as the untrusted build runs cannot write the cache
mode=$("${NGBENCH_SANDBOX:-harness/ngbench-sandbox}" --probe | tr ' ' '\n' | sed -n 's/^mode=//p')
e=$(find "$cache" -mindepth 1 -maxdepth 1 -type d | head -n 1)
if [ "$mode" = bwrap ]; then
    mkdir -p "$work/scratch"
    "${NGBENCH_SANDBOX:-harness/ngbench-sandbox}" --timeout 20 --result "$work/hostile.result" "$work/scratch" \
        sh -c "echo poisoned >>'$e/harness/target.o'; echo poisoned >'$e/harness/new.o'" >/dev/null 2>&1
    (cd "$e" && sha256sum -c --quiet --strict SHA256SUMS) && [ ! -f "$e/harness/new.o" ] &&
        ok "a contained step cannot write the cache ($(head -n 1 "$work/hostile.result" | sed 's/ .*//'))" ||
        bad "a contained step wrote into the cache"
else
    echo "skip: the cache is out of reach by bwrap's read-only file system; the sandbox runs in mode '$mode' here"
fi

# a corrupted entry is found by its digests and compiled again, never used
# (line cc's entry: build-impl -c "$cc -O2" below checks a copy of it)
e=$(grep -lx "line $cc -O2" "$cache"/*/KEY) && e=${e%/KEY} || bad "no cache entry for the line $cc -O2"
printf 'corrupt' >>"$e/harness/target.o"
"$datadir/do" --no-measure --restart --okcompilers "$work/okcompilers" --results "$work/res" "$fix/crypto_sign/toysig" \
    "$fix/crypto_kem/toykem" >"$work/out2" 2>&1
grep -q "differs from its digests: compiled again" "$work/out2" && ok "./do says the corrupted entry was compiled again" ||
    bad "no word of the corrupted entry (see $work/out2)"
(cd "$e" && sha256sum -c --quiet --strict SHA256SUMS) && ok "the entry was compiled again and matches its digests" ||
    bad "the corrupted entry is still there"
c2=$("$rec" get -k done -f campaign "$data" | tail -n 1)
for t in $sig/cc $sig/cc1 $kem/cc $kem/cc1; do
    [ "$("$rec" get -k status -w campaign="$c2" -w @target="$t" -f status "$data")" = PASS ] || bad "after the repair, $t did not pass"
done
# build-impl alone checks a copy too: corrupted, it compiles the harness itself
cp -R "$e" "$work/copy"
printf 'x' >>"$work/copy/harness/try-sig.o"
NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -c "$cc -O2" --cache "$work/copy" -p katgen,try \
    "$fix/crypto_sign/toysig/ref" "$work/b" >/dev/null 2>&1 && grep -q '^harness compiled' "$work/b/impl.info" &&
    grep -q 'differs from its digest' "$work/b/build.log" && ok "build-impl does not use a copy that differs from its digests" ||
    bad "build-impl used a corrupted cache copy"

# ---- the KAT rule ----
tiers() { "$rec" get -k kat -w campaign="$1" -f @target,tier,rule,full_on "$data" | sort | tr '\t\n' ' ,'; }
want="$kem/cc full once cc,$kem/cc1 quick once cc,$sig/cc full once cc,$sig/cc1 quick once cc,"
[ "$(tiers "$c2")" = "$want" ] && ok "--kat once (default): full on the first line, the first record on the other" ||
    bad "default tiers: $(tiers "$c2")"
"$rec" get -k kat -w campaign="$c2" -w @target=$sig/cc1 -f records "$data" | grep -qx 1 ||
    bad "the quick-tier target generated more than the first record"
"$datadir/do" --no-measure --kat full --okcompilers "$work/okcompilers" --results "$work/res" "$fix/crypto_sign/toysig" >"$work/out3" 2>&1
c3=$("$rec" get -k done -f campaign "$data" | tail -n 1)
want="$sig/cc full full -,$sig/cc1 full full -,"
[ "$(tiers "$c3")" = "$want" ] && ok "--kat full: the full tier on every line" || bad "--kat full tiers: $(tiers "$c3")"
[ "$c3" != "$c2" ] || bad "--kat full resumed the default campaign"
"$datadir/do" --no-measure --kat quick --okcompilers "$work/okcompilers" --results "$work/res" "$fix/crypto_sign/toysig" >"$work/out4" 2>&1
c4=$("$rec" get -k done -f campaign "$data" | tail -n 1)
[ "$(tiers "$c4")" = "$sig/cc quick quick -,$sig/cc1 quick quick -," ] && ok "--kat quick: the first record on every line" ||
    bad "--kat quick tiers: $(tiers "$c4")"
"$datadir/do" --kat bogus "$fix/crypto_sign/toysig" >/dev/null 2>&1
[ $? -eq 2 ] && ok "--kat with a bad value is refused" || bad "--kat bogus accepted"
# the plan says the rule; the page states it
"$datadir/do" --plan --no-measure --okcompilers "$work/okcompilers" --results "$work/res" "$fix/crypto_sign/toysig" "$fix/crypto_kem/toykem" |
    grep -q 'KAT: the full tier on 2, the first record on 2 (--kat once)' && ok "the plan states the KAT rule" ||
    bad "the plan does not state the KAT rule"
! grep -n "refused" "$work/out1" "$work/out2" "$work/out3" "$work/out4" >"$work/refused" &&
    ok "no record was refused on the way" || bad "refused records: $(head -n 3 "$work/refused")"
# results under /tmp: the sandbox mounts a private /tmp, so a step sees the
# spec only through its scratch directory
tmpres=$(mktemp -d /tmp/ngbench-do-fast.XXXXXX) && chmod 755 "$tmpres" # the sandbox's uid (65534 under root) must reach it
"$datadir/do" --no-measure --okcompilers "$work/okcompilers" --results "$tmpres" "$fix/crypto_sign/toysig" >"$work/out5" 2>&1
st=$("$rec" get -k status -f @target,status "$tmpres/testhost/data" | tr '\t\n' ' ;')
[ "$st" = "$sig/cc PASS;$sig/cc1 PASS;" ] && ok "results under /tmp: every target passes" || bad "results under /tmp: $st (see $work/out5)"
rm -rf "$tmpres"

[ "$fails" -eq 0 ] || exit 1
rm -rf "$work"
