#!/bin/sh
# report-compare.sh - ngbench-report compare on fixed sample sets with known
# answers, made here from a fixed pseudo-random sequence (the same on every
# host): identical samples give no difference; a 10% shift with tight
# samples is detected, either way; a 10% shift buried in noise between
# trials is not claimed; a target whose samples were not kept is not
# judged. Then the gate's exit statuses (--fail-if-slower), the selections
# within one results directory (two campaigns of one target under two
# compiler lines, ./do's "run twice, then compare"), the outputs (page with
# its forest plot, JSON) and the usage errors.
set -u
tool=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
work=tests/report-compare.d
rm -rf "$work"
mkdir -p "$work"
work=$(cd "$work" && pwd)
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }

# target RESULTS HOST CAMPAIGN COMPILER IMPL SCALE NOISE TRIALNOISE SEED [nosamples]
# writes one finished attempt of crypto_sign/toysig/IMPL under COMPILER to
# RESULTS/HOST/data, with 5 trials x 40 calls per operation kept as samples:
# each call is 100000 * SCALE * (operation's factor) * (1 + TRIALNOISE * u_t)
# * (1 + NOISE * u_c), u uniform in [-1, 1] from a Park-Miller sequence
# seeded with SEED (the same seed: the same noise). The counter runs at 1 GHz and every call ran clean, so
# the headline is the median of all calls (estimator=clean).
target() {
    res=$1 host=$2 camp=$3 comp=$4 impl=$5 scale=$6 noise=$7 tnoise=$8 seed=$9
    keep=${10:-keep}
    att=a${camp#c}
    att=$(printf '%s' "$att" | tr -d 'TZ-')p1
    tdir=$res/$host/targets/$camp/crypto_sign/toysig/$impl/$comp
    mkdir -p "$tdir/samples"
    pre="ngbench 1 $host amd64 20260101 crypto_sign toysig $impl $comp"
    {
        printf '%s kat campaign=%s attempt=%s status=PASS tier=full\n' "$pre" "$camp" "$att"
        printf '%s status campaign=%s attempt=%s status=PASS kat=PASS checks=ok seconds=1\n' "$pre" "$camp" "$att"
    } >>"$res/$host/data.tmp"
    for op in keygen sign verify; do
        case $op in keygen) f=1 ;; sign) f=3 ;; verify) f=0.5 ;; esac
        awk -v s="$seed$f" -v scale="$scale" -v f="$f" -v noise="$noise" -v tn="$tnoise" -v dir="$tdir/samples" \
            -v op="$op" -v pre="$pre" -v camp="$camp" -v att="$att" -v keep="$keep" '
        function u() { x = (16807 * x) % 2147483647; return 2 * x / 2147483647 - 1 }
        BEGIN {
            x = 0; for (i = 1; i <= length(s); i++) x = (x * 10 + index("0123456789", substr(s, i, 1)) - 1) % 2147483647
            x = (x % 2147483646) + 1
            n = 0
            for (t = 1; t <= 5; t++) {
                tf = 1 + tn * u(); file = dir "/" op "-" t ".txt"
                print "counter name=rdtsc persecond=1000000000 oncpu_overhead_ns=0" > file
                for (c = 1; c <= 40; c++) {
                    v = int(100000 * scale * f * tf * (1 + noise * u()) + 0.5)
                    print "sample " v " " v " 0" > file
                    all[++n] = v
                }
                close(file)
            }
            for (i = 2; i <= n; i++) { v = all[i]; j = i - 1; while (j > 0 && all[j] > v) { all[j + 1] = all[j]; j-- } all[j + 1] = v }
            med = (all[n / 2] + all[n / 2 + 1]) / 2
            printf "%s cycles campaign=%s attempt=%s op=%s n=%d median=%.1f trials=5 iterations=40 persecond=1000000000 clean_n=%d clean_median=%.1f estimator=clean headline=%.1f headline_seconds=%.9g\n", pre, camp, att, op, n, med, n, med, med, med / 1e9
        }' >>"$res/$host/data.tmp"
    done
    if [ "$keep" = keep ]; then gzip -f -1 "$tdir"/samples/*.txt; else rm -rf "$tdir/samples"; fi
    printf '%s done campaign=%s attempt=%s\n' "$pre" "$camp" "$att" >>"$res/$host/data.tmp"
    cat "$res/$host/data.tmp" >>"$res/$host/data"
    rm -f "$res/$host/data.tmp"
}

# verdict FILE OP: the verdict word of the JSON row of OP
verdict() { sed -n "s/.*\"op\": \"$2\".*\"verdict\": \"\([a-z-]*\)\".*/\1/p" "$1"; }
field() { sed -n "s/.*\"op\": \"$2\".*\"$3\": \([0-9.e+-]*\).*/\1/p" "$1"; }

# ---- fixed sample sets ----
C1=c20260101T000000Z-1
C2=c20260102T000000Z-2
target "$work/same/A" h $C1 gcc-Os ref 1 0.005 0.002 11
target "$work/same/B" h $C2 gcc-Os ref 1 0.005 0.002 11 # the same sequence: identical samples
target "$work/tight/A" h $C1 gcc-Os ref 1 0.005 0.002 11
target "$work/tight/B" h $C2 gcc-Os ref 1.10 0.005 0.002 23
target "$work/faster/A" h $C1 gcc-Os ref 1 0.005 0.002 11
target "$work/faster/B" h $C2 gcc-Os ref 0.90 0.005 0.002 23
target "$work/noise/A" h $C1 gcc-Os ref 1 0.30 0.25 11
target "$work/noise/B" h $C2 gcc-Os ref 1.10 0.30 0.25 11 # the same noise, 10% more
target "$work/gone/A" h $C1 gcc-Os ref 1 0.005 0.002 11
target "$work/gone/B" h $C2 gcc-Os ref 1.10 0.005 0.002 23 nosamples

run() { # run NAME EXPECTED-STATUS ARGS...: the tool's JSON to $work/NAME.json
    name=$1 want=$2
    shift 2
    "$tool" compare --json --no-output "$@" >"$work/$name.json" 2>"$work/$name.err"
    rc=$?
    [ $rc -eq "$want" ] && ok "$name: exit $rc" || bad "$name: exit $rc, expected $want: $(cat "$work/$name.err")"
}

run same 0 "$work/same/A" "$work/same/B"
for op in keygen sign verify; do
    [ "$(verdict "$work/same.json" $op)" = no-difference ] && ok "identical samples, $op: no difference" ||
        bad "identical samples, $op: $(verdict "$work/same.json" $op)"
    [ "$(field "$work/same.json" $op ratio)" = 1 ] && ok "identical samples, $op: ratio 1" ||
        bad "identical samples, $op: ratio $(field "$work/same.json" $op ratio)"
done
run tight 0 "$work/tight/A" "$work/tight/B"
for op in keygen sign verify; do
    [ "$(verdict "$work/tight.json" $op)" = slower ] && ok "10% slower, tight samples, $op: detected" ||
        bad "10% slower, tight, $op: $(verdict "$work/tight.json" $op)"
    lo=$(field "$work/tight.json" $op low) hi=$(field "$work/tight.json" $op high)
    awk -v l="$lo" -v h="$hi" 'BEGIN { exit !(l > 1.08 && h < 1.12 && l < 1.10 && h > 1.10) }' &&
        ok "10% slower, $op: the interval $lo..$hi holds 1.10 and is tight" || bad "10% slower, $op: interval $lo..$hi"
done
run faster 0 "$work/faster/A" "$work/faster/B"
[ "$(verdict "$work/faster.json" sign)" = faster ] && ok "10% faster, tight samples: detected" ||
    bad "10% faster: $(verdict "$work/faster.json" sign)"
run noise 0 "$work/noise/A" "$work/noise/B"
for op in keygen sign verify; do
    [ "$(verdict "$work/noise.json" $op)" = no-difference ] && ok "10% shift in noise, $op: not claimed" ||
        bad "10% shift in noise, $op: $(verdict "$work/noise.json" $op) ($(field "$work/noise.json" $op low)..$(field "$work/noise.json" $op high))"
done
run gone 0 "$work/gone/A" "$work/gone/B"
[ "$(verdict "$work/gone.json" sign)" = not-judged ] && grep -q 'B: samples not kept' "$work/gone.json" &&
    ok "samples not kept: not judged, and said so" || bad "samples not kept: $(cat "$work/gone.json")"
# the same seed, the same answer
"$tool" compare --json --no-output "$work/tight/A" "$work/tight/B" >"$work/tight2.json" 2>&1
cmp -s "$work/tight.json" "$work/tight2.json" && ok "reproducible (fixed seed)" || bad "two runs differ"

# ---- the gate ----
run gate-tight-5 1 --fail-if-slower 5 "$work/tight/A" "$work/tight/B"
grep -q 'REGRESSION: toysig/ref sign' "$work/gate-tight-5.err" && ok "the gate names the regression" ||
    bad "gate message: $(cat "$work/gate-tight-5.err")"
run gate-tight-9 1 --fail-if-slower 9 "$work/tight/A" "$work/tight/B"
run gate-tight-11 0 --fail-if-slower 11 "$work/tight/A" "$work/tight/B" # inside the interval: not wholly beyond
run gate-tight-20 0 --fail-if-slower 20 "$work/tight/A" "$work/tight/B"
run gate-noise-5 0 --fail-if-slower 5 "$work/noise/A" "$work/noise/B"
run gate-noise-0 0 --fail-if-slower 0 "$work/noise/A" "$work/noise/B"
run gate-same-0 0 --fail-if-slower 0 "$work/same/A" "$work/same/B"
run gate-faster-0 0 --fail-if-slower 0 "$work/faster/A" "$work/faster/B"
run gate-gone 0 --fail-if-slower 5 "$work/gone/A" "$work/gone/B"

# ---- selections within one results directory ----
R=$work/two
target "$R" h $C1 gcc-Os ref 1 0.005 0.002 11
target "$R" h $C1 gcc-Os opt 0.5 0.005 0.002 12
target "$R" h $C2 clang-O3 ref 1.2 0.005 0.002 13
target "$R" h $C2 clang-O3 opt 0.5 0.005 0.002 14
printf 'ngbench 1 h amd64 20260101 - - - - run campaign=%s event=start targets=2 quick=0 start=2026-01-01T00:00:00Z\n' $C1 >>"$R/h/data"
printf 'ngbench 1 h amd64 20260102 - - - - run campaign=%s event=start targets=2 quick=0 start=2026-01-02T00:00:00Z\n' $C2 >>"$R/h/data"
"$tool" compare --results "$R" >"$work/two.out" 2>"$work/two.err"
rc=$?
[ $rc -eq 0 ] && ok "compare without A and B: exit 0" || bad "compare without A B: exit $rc: $(cat "$work/two.err")"
grep -q "^A: compiler line gcc-Os, campaign $C1" "$work/two.out" && grep -q "^B: compiler line clang-O3, campaign $C2" "$work/two.out" &&
    ok "without A and B: the previous campaign against the last, the compiler line set aside" ||
    bad "without A and B: $(head -n 3 "$work/two.out")"
grep -q '^Paired by host, primitive, implementation; the compiler line differs' "$work/two.out" && ok "paired by the rest" ||
    bad "pairing: $(sed -n 3p "$work/two.out")"
grep -E '^toysig/ref +sign .* B slower by' "$work/two.out" >/dev/null && ok "ref: clang-O3 line slower (x1.2)" ||
    bad "ref sign: $(grep 'toysig/ref' "$work/two.out")"
grep -E '^toysig/opt +sign .* no detectable difference' "$work/two.out" >/dev/null && ok "opt: no difference (x1.0)" ||
    bad "opt sign: $(grep 'toysig/opt' "$work/two.out")"
for f in compare.html compare.md compare.txt compare.json plots/forest.svg; do
    [ -s "$R/compare/$f" ] && ok "wrote compare/$f" || bad "no compare/$f"
done
grep -q '<svg' "$R/compare/compare.html" && grep -q 'bootstrap over trials' "$R/compare/compare.html" &&
    ok "the page inlines the forest plot and says the method" || bad "the page lacks the plot or the method"
if command -v jq >/dev/null 2>&1; then
    jq -e '.rows | length == 6' "$R/compare/compare.json" >/dev/null && ok "compare.json parses (jq), 6 rows" ||
        bad "compare.json: $(jq . "$R/compare/compare.json" 2>&1 | head -n 3)"
fi
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$R/compare/plots/forest.svg" && ok "forest.svg is well-formed XML" || bad "forest.svg is not XML"
fi
"$tool" compare --json --no-output --results "$R" --base toysig/ref --new toysig/opt >"$work/impl.json" 2>"$work/impl.err"
rc=$?
[ $rc -eq 0 ] && grep -q '"set_aside": \["impl"\]' "$work/impl.json" && [ "$(verdict "$work/impl.json" sign | sort -u)" = faster ] && [ "$(grep -c "\"op\"" "$work/impl.json")" -eq 6 ] &&
    ok "--base toysig/ref --new toysig/opt: the implementation set aside, opt faster" ||
    bad "--base/--new by implementation: exit $rc $(cat "$work/impl.err") $(head -c 400 "$work/impl.json")"
"$tool" compare --json --no-output --results "$R" gcc-Os clang-O3 >"$work/names.json" 2>"$work/names.err" &&
    grep -q '"set_aside": \["compiler"\]' "$work/names.json" && ok "bare compiler ids as A and B" ||
    bad "bare names: $(cat "$work/names.err")"
"$tool" compare --json --no-output --results "$R" campaign=$C1,impl=ref compiler=clang-O3,impl=ref >"$work/kv.json" 2>"$work/kv.err" &&
    [ "$(grep -c '"op"' "$work/kv.json")" -eq 3 ] && ok "key=value terms" || bad "key=value: $(cat "$work/kv.err")"

# ---- errors: exit 2, with the reason ----
err() { # err NAME WANT-TEXT ARGS...
    name=$1 want=$2
    shift 2
    "$tool" compare --no-output "$@" >"$work/$name.out" 2>"$work/$name.err"
    rc=$?
    [ $rc -eq 2 ] && grep -qF -- "$want" "$work/$name.err" && ok "$name: exit 2, '$want'" ||
        bad "$name: exit $rc: $(cat "$work/$name.err")"
}
err one-campaign 'no campaign before' --results "$work/same/A"
target "$work/mixed" h $C2 clang-O3 opt 1 0.005 0.002 31
target "$work/mixed" h $C2 opt ref 1 0.005 0.002 32 # a compiler id that is also an implementation
err nothing-common "no target in common" "$work/same/A" "$work/mixed"
err unknown-name "no host, campaign, compiler line, primitive or implementation of the data is called 'nosuch'" --results "$R" nosuch gcc-Os
err ambiguous "is ambiguous" --results "$work/mixed" opt ref
err same 'select the same results' --results "$R" gcc-Os gcc-Os
err bad-gate '--fail-if-slower wants a percentage' --fail-if-slower x "$work/same/A" "$work/same/B"
err bad-option 'unknown option' --frobnicate "$work/same/A" "$work/same/B"
err three 'give A and B' a b c
err no-data "no such file or directory" --results "$work/nonexistent"

echo "$fails failed"
[ $fails -eq 0 ]
