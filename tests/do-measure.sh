#!/bin/sh
# do-measure.sh - ./do's measurement stage end to end on two fixtures, with
# short settings: every measurement record kind is written, the figures are
# those of the probes' known use, the profile counts the ICCS calls the
# fixtures make, and the cycle statistics recompute from the kept samples.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-measure
"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" \
    --trials=2 --min-calls 6 --min-time=0.01 --budget 1 --quiet-wait 2 --mlen 0,1024 \
    "$fix/crypto_sign/memsig" "$fix/crypto_kem/toykem" >"$work/do.out" 2>&1 ||
    { cat "$work/do.out"; bad "./do failed"; }
rec() { "$rec" get -k "$3" -w @operation="$1" -w @primitive="$2" -w @compiler=cc "$data" | grep -- "$4"; }
num() { sed -n "s/.* $1=\([0-9.e+-]*\).*/\1/p" | head -n 1; }
for k in counter elf objsize; do
    [ -n "$(rec crypto_sign memsig $k '')" ] && ok "memsig: $k record" || bad "memsig: no $k record"
done
for op in keygen sign verify; do
    for k in cycles trial memory stack heap profile; do
        [ -n "$(rec crypto_sign memsig $k "op=$op ")" ] && ok "memsig $op: $k" || bad "memsig $op: no $k record"
    done
done
for op in keygen enc dec; do
    [ -n "$(rec crypto_kem toykem cycles "op=$op ")" ] && ok "toykem $op: cycles" || bad "toykem $op: no cycles record"
done
s=$(rec crypto_sign memsig stack "op=sign " | num bytes)
[ "${s:-0}" -ge 20000 ] && [ "$s" -le 24096 ] && ok "sign stack $s bytes" || bad "sign stack '$s'"
h=$(rec crypto_sign memsig heap "op=sign " | num peak_bytes)
[ "${h:-0}" -ge 100000 ] && [ "$h" -le 100100 ] && ok "sign heap peak $h bytes" || bad "sign heap '$h'"
c=$(rec crypto_sign memsig profile "op=sign .*function=sm3hash" | num calls)
d=$(rec crypto_sign memsig profile "op=sign .*function=get_random_number" | num calls)
[ "$c" = 1 ] && [ "$d" = 1 ] && ok "profile: sign makes 1 sm3hash and 1 DRNG call" || bad "profile: sm3hash '$c', drng '$d'"
x=$(rec crypto_kem toykem profilecalls "op=enc .*function=pseudoXOF" | grep -c 'in=256 out=256 calls=1')
[ "$x" = 1 ] && ok "profile: enc calls pseudoXOF(256 bits of 256-bit input) once" || bad "profile classes wrong"
n=$(rec crypto_sign memsig cycles "op=sign " | num n)
trials=$(rec crypto_sign memsig trial "op=sign " | wc -l)
[ "$trials" = 2 ] && ok "2 trial records" || bad "$trials trial records"
# recompute the sign statistics from the kept samples
sd=$(ls -d "$work"/res/testhost/targets/*/crypto_sign/memsig/ref/cc/samples)
for f in "$sd"/sign-1.txt.gz "$sd"/sign-2.txt.gz; do gzip -dc "$f" >"${f%.gz}.check"; done
again=$("$NGBENCH_STATS" -t "$sd"/sign-1.txt.check "$sd"/sign-2.txt.check)
was=$("$rec" get -k cycles -w @primitive=memsig -w op=sign -f n,mean,median,q1,q3,min,max,median_trial "$data" |
    awk -F '\t' '{ printf "cycles n=%s mean=%s median=%s q1=%s q3=%s min=%s max=%s median_trial=%s\n", $1, $2, $3, $4, $5, $6, $7, $8 }')
[ "$again" = "$was" ] && ok "cycle statistics recompute from the raw samples ($n calls)" ||
    bad "recomputed '$again' differs from recorded '$was'"
# what the terminal shows: each target's time, and its figures per operation
grep -q '^[0-9]*/2 memsig/ref/cc: took ' "$work/do.out" && ok "./do prints each target's time (--opt=value options work)" ||
    bad "no elapsed time per target"
grep -Eq '^  sign +[0-9.]+ [kMG]? ?cycles' "$work/do.out" && ok "./do prints the figures of each operation after the target" ||
    { bad "no figures in the terminal"; cat "$work/do.out"; }
grep -q 'median cycles' "$work/do.out" && ok "./do ends with the table of figures" || bad "no table of figures"
# one JSON object per record, no key twice (repeated keys are arrays)
grep '"kind": "host"' "$data.jsonl" | head -n 1 | grep -Eq '"warning": \[|"warning": "' && ! grep -q '"warning": "[^"]*", "warning"' "$data.jsonl" &&
    ok "data.jsonl: a repeated key is one array, not a key twice" || bad "data.jsonl repeats a key"
# per-call figures: recorded, consistent, on the pages, checked
for f in unit oncpu switches; do
    [ -n "$(rec crypto_sign memsig counter " $f=")" ] && ok "counter record: $f" || bad "counter record: no $f"
done
for f in clean_n oncpu_median estimator headline headline_seconds; do
    [ -n "$(rec crypto_sign memsig cycles "op=sign .* $f=")" ] && ok "cycles record: $f" || bad "cycles record: no $f"
done
[ -n "$(rec crypto_sign memsig trial "op=sign .* flagged=")" ] && ok "trial record: flagged" || bad "trial record: no flagged"
report=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
"$report" merge -o "$work/rep" "$work/res" >"$work/merge.out" 2>&1 || { cat "$work/merge.out"; bad "merge failed"; }
grep -q 'headline (clean calls)' "$work/rep/pages/testhost/memsig.md" && ok "the page has the headline column" ||
    bad "no headline column on the page"
"$report" check -o "$work/rep" "$work/res" >"$work/check.out" 2>&1 && grep -q '^check: OK' "$work/check.out" &&
    ok "$(grep 'figures recompute' "$work/check.out")" || { head -n 20 "$work/check.out"; bad "check failed"; }
# the host around the trials (issue 32): the quiet speed, each trial's host
# figures, the headline's uncertainty on the record, the page and --summary
[ -n "$(rec crypto_sign memsig hostspeed ' quiet_ticks=[1-9].* quiet_spread=[0-9]')" ] && ok "hostspeed record: the reference kernel's quiet speed and spread" ||
    bad "no hostspeed record"
for f in headline host_speed host_speed_oncpu drift_limit steal disturbed retries; do
    [ -n "$(rec crypto_sign memsig trial "op=sign .* $f=")" ] && ok "trial record: $f" || bad "trial record: no $f"
done
for f in uncertainty disturbed_trials retries; do
    [ -n "$(rec crypto_sign memsig cycles "op=sign .* $f=")" ] && ok "cycles record: $f" || bad "cycles record: no $f"
done
grep -q '^| ref | cc | sign | .* ± [0-9.]*%' "$work/rep/pages/testhost/memsig.md" && ok "the page gives the headline ± its uncertainty" ||
    bad "no uncertainty on the page"
grep -q '"uncertainty": [0-9.]*' "$work/rep/tables/results.json" && ok "tables/results.json: uncertainty" ||
    bad "no uncertainty in the JSON table"
"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" --trials=2 --min-calls 6 --min-time=0.01 --budget 1 \
    --quiet-wait 2 --mlen 0,1024 --summary "$fix/crypto_sign/memsig" "$fix/crypto_kem/toykem" >"$work/summary.out" 2>&1
grep -q '^testhost .*memsig.* sign .*%' "$work/summary.out" && ok "--summary gives the uncertainty" ||
    { cat "$work/summary.out"; bad "--summary: no uncertainty"; }
busy=$("$rec" get -k cycles -f disturbed_trials "$data" | awk '$1 > 0' | wc -l)
hb=$(grep -c '^HOST-BUSY ' "$work/check.out")
[ "$busy" = "$hb" ] && ok "check lists every figure published as host busy ($hb)" || bad "check lists $hb host-busy figures, the records $busy"
# a forged uncertainty is caught
cp -R "$work/res" "$work/forgedu"
sed '/ memsig ref cc cycles .* op=sign /s/ uncertainty=[0-9.]* / uncertainty=0.001 /' "$work/res/testhost/data" >"$work/forgedu/testhost/data"
"$report" check -o "$work/rep" "$work/forgedu" >"$work/check3.out" 2>&1
grep -q '^BAD .*cycles sign uncertainty' "$work/check3.out" && ok "check catches a forged uncertainty" ||
    { head -n 20 "$work/check3.out"; bad "a forged uncertainty passed check"; }
# sign and verify over other message lengths (--mlen): records, table, plot
[ "$("$rec" get -k mlen -w @primitive=memsig -f op,mlen "$data" | sort | tr '\n' ' ')" = "sign	0 sign	1024 verify	0 verify	1024 " ] &&
    ok "--mlen: sign and verify timed at 0 and 1024 bytes" || bad "--mlen records: $("$rec" get -k mlen -f op,mlen "$data")"
grep -q 'Cost against message length' "$work/rep/pages/testhost/memsig.md" && [ -f "$work/rep/plots/testhost/memsig-mlen.svg" ] &&
    ok "--mlen: the page has the table and the cost-against-length plot" || bad "--mlen: no table or plot on the page"
# a forged headline: the record says on-CPU where the rule says otherwise
cp -R "$work/res" "$work/forged"
est=$(rec crypto_sign memsig cycles "op=sign " | sed -n 's/.* estimator=\([a-z]*\).*/\1/p')
other=oncpu
[ "$est" = oncpu ] && other=clean
sed "/ memsig ref cc cycles .* op=sign /s/ estimator=$est / estimator=$other /" "$work/res/testhost/data" >"$work/forged/testhost/data"
"$report" check -o "$work/rep" "$work/forged" >"$work/check2.out" 2>&1
grep -q '^BAD .*cycles sign estimator' "$work/check2.out" && ok "check catches a forged estimator" ||
    { head -n 20 "$work/check2.out"; bad "a forged estimator passed check"; }
# a counter in nanoseconds (clock_gettime, as on s390x): never labelled cycles
cp -R "$work/res" "$work/ns"
sed '/ memsig ref cc counter /s/ name=[^ ]* unit=[^ ]* / name=clock_gettime unit=ns /' "$work/res/testhost/data" >"$work/ns/testhost/data"
"$report" merge -o "$work/nsrep" "$work/ns" >/dev/null 2>&1
grep -q '^| ref | cc | sign | [0-9.]* [kMG]* *ns |' "$work/nsrep/pages/testhost/memsig.md" &&
    grep -q 'Figures marked ns are nanoseconds, not cycles' "$work/nsrep/pages/testhost/memsig.md" &&
    ok "a clock_gettime line's figures are marked ns on the page" || bad "ns figures not marked on the page"
# -j 2: one CPU times, one target at a time; the others' steps keep off it,
# and their CPU time beside each trial is recorded as the campaign's own
ncpu=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //' | tr ',' '\n' |
    awk -F- '{ if (NF == 2) n += $2 - $1 + 1; else n++ } END { print n + 0 }')
if [ "${ncpu:-1}" -ge 2 ]; then
    "$datadir/do" --results="$work/j2" --okcompilers="$work/okcompilers" -j 2 \
        --trials=2 --min-calls 6 --min-time=0.01 --budget 1 --quiet-wait 2 --no-profile \
        "$fix/crypto_sign/memsig" "$fix/crypto_kem/toykem" >"$work/j2.out" 2>&1 ||
        { cat "$work/j2.out"; bad "./do -j 2 failed"; }
    mcpu=$(sed -n 's/^do: -j 2: timing on CPU \([0-9]*\),.*/\1/p' "$work/j2.out")
    [ -n "$mcpu" ] && ok "-j 2: ./do names the timing CPU ($mcpu)" || { cat "$work/j2.out"; bad "-j 2: no timing CPU named"; }
    pins=$("$rec" get -k pin -f cpu "$work/j2/testhost/data" | sort -u | tr '\n' ' ')
    [ "$pins" = "$mcpu " ] && ok "-j 2: both targets timed on CPU $mcpu" || bad "-j 2: pin records say CPU(s) $pins, not $mcpu"
    # of the trials with a load reading (one shorter than a /proc/stat tick
    # has none: no others_busy either, as CI's busy host showed)
    n=$("$rec" get -k trial -f others_busy,others_own "$work/j2/testhost/data" | awk -F '\t' '$1 != "-" && $2 != "-"' | wc -l)
    t=$("$rec" get -k trial -f others_busy "$work/j2/testhost/data" | grep -vc '^-$')
    [ "$t" -gt 0 ] && [ "$n" = "$t" ] && ok "-j 2: every trial with a load reading says how much of the other CPUs was ours ($n trials)" ||
        bad "-j 2: $n of $t trials with a load reading carry others_own"
    # the timing lane is one at a time: per target, from its first trial's
    # start to its last trial's end (the steps' log times), in turn
    for d in "$work"/j2/testhost/targets/*/*/*/*/*; do
        for r in "$d"/logs/*-[0-9].result; do
            printf '%s %s\n' "$(stat -c %Y "${r%.result}.sandbox")" "$(stat -c %Y "$r")"
        done | awk -v d="${d##*/targets/}" 'NR == 1 { s = $1 } { if ($2 > e) e = $2 } END { if (NR) print s, e, d }'
    done | sort -n >"$work/lanes"
    [ "$(wc -l <"$work/lanes")" = 2 ] && awk 'NR == 1 { e = $2 } NR == 2 { exit !($1 >= e) }' "$work/lanes" &&
        ok "-j 2: the two targets took turns on the timing CPU" ||
        { cat "$work/lanes"; bad "-j 2: the targets' timing overlapped"; }
else
    echo "skip: -j 2 needs 2 CPUs"
fi
exit $((fails > 0))
