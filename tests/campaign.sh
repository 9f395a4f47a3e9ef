#!/bin/sh
# campaign.sh - harness/campaign alone, on a made-up selection: where each
# estimate comes from (this host, another host scaled, other compiler
# lines, the shipped cost model, unknown), the plan's order and total, every
# split into shares covers every job exactly once, and the makefile has a
# rule per job and ends with the summary.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup campaign
camp=$datadir/harness/campaign
tab=$(printf '\t')
w=$work
# five targets of three primitives; p3 has a shipped cost, p4 nothing at all
mkdir -p "$w/crypto_sign/p1/ref" "$w/crypto_sign/p2/ref" "$w/crypto_sign/p3/ref" "$w/crypto_sign/p4/ref"
printf 'kat_record_seconds 2.0\n' >"$w/crypto_sign/p3/cost"
: >"$w/crypto_sign/p3/kat.sha256"
# mk_specs DIR TIER: the five targets' specs, as ./do writes them
mk_specs() {
    mkdir -p "$1"
    : >"$1/ids"
    for t in p1/ref/a p1/ref/b p2/ref/a p3/ref/a p4/ref/a; do
        p=${t%%/*} r=${t#*/}
        mkdir -p "$1/crypto_sign/${t%/*}"
        "$rec" spec write "$1/crypto_sign/$t.spec" "id=crypto_sign/$t" "dir=$w/crypto_sign/$p/${r%/*}" \
            "compiler=${t##*/}" "line=cc -O2" "tier=$2" measure=1 trials=5 min_time=1 budget=20
        echo "crypto_sign/$t" >>"$1/ids"
    done
}
mk_specs "$w/specs" full
mk_specs "$w/specs-quick" quick
# finished runs: here p1/ref/a took 100 s, 10 of them waiting for the
# timing CPU and 40 on it; another host ran p1/ref/a in 50 s and p2/ref/a in
# 30 s, 10 on the timing CPU (this host is 1.8 times as slow: p2 is
# estimated 54 s, 18 of them timing)
r() { # r FILE HOST TARGET SECONDS [LANE WAIT]
    o=${3%%/*} x=${3#*/}; p=${x%%/*} x=${x#*/}; i=${x%%/*} c=${x#*/}
    for k in kat stages status done; do
        case $k in kat) f="tier=full" ;; status) f="seconds=$4 status=PASS" ;; done) f= ;;
        stages) [ $# -ge 6 ] || continue; f="measure_seconds=$5 lane_seconds=$5 lane_wait_seconds=$6" ;; esac
        NGBENCH_REC_HOST=$2 NGBENCH_REC_ABI=amd64 "$rec" write "$1" "$o" "$p" "$i" "$c" $k campaign=c1 "attempt=a$$$4" $f
    done
}
r "$w/here" here crypto_sign/p1/ref/a 100 40 10
r "$w/other" there crypto_sign/p1/ref/a 50
r "$w/other" there crypto_sign/p2/ref/a 30 10 0
"$camp" estimate "$w/specs" "$w/here" "$w/other" >"$w/est"
cat "$w/est"
want() { grep -qx "$1" "$w/est" && ok "estimate: $1" || bad "estimate: want '$1', got '$(grep "^${1%%	*}	" "$w/est")'"; }
want "crypto_sign/p1/ref/a${tab}90${tab}measured${tab}40"
want "crypto_sign/p1/ref/b${tab}90${tab}other-compilers${tab}40"
want "crypto_sign/p2/ref/a${tab}54${tab}other-host${tab}18"
want "crypto_sign/p4/ref/a${tab}-${tab}unknown${tab}-"
grep -q "^crypto_sign/p3/ref/a${tab}[0-9]*${tab}model${tab}[0-9]*$" "$w/est" && ok "estimate: p3 from its shipped cost (model)" || bad "p3 not from the model"
# the model's timing share: 3 operations x (5 trials of 1 s + 1.5 s of process starts)
[ "$(grep "^crypto_sign/p3/ref/a$tab" "$w/est" | cut -f 4)" = 20 ] && ok "estimate: the model's timing seconds" ||
    bad "the model's timing seconds: $(grep "^crypto_sign/p3/ref/a$tab" "$w/est" | cut -f 4)"
# an implementation's own cost line (an opt is faster than its ref)
mkdir -p "$w/crypto_sign/p3/opt" "$w/specs-opt/crypto_sign/p3/ref" "$w/specs-opt/crypto_sign/p3/opt"
printf 'kat_record_seconds 2.0\nkat_record_seconds opt 0.5\n' >"$w/crypto_sign/p3/cost"
for i in ref opt; do
    "$rec" spec write "$w/specs-opt/crypto_sign/p3/$i/a.spec" "id=crypto_sign/p3/$i/a" "dir=$w/crypto_sign/p3/$i" \
        compiler=a "line=cc -O2" tier=full measure=0
    echo "crypto_sign/p3/$i/a" >>"$w/specs-opt/ids"
done
# 15 s + 13 records (10 KAT, 3 checks) at 2.0 s and at 0.5 s
est=$("$camp" estimate "$w/specs-opt" | cut -f 2 | tr '\n' ' ')
[ "$est" = "41 22 " ] && ok "estimate: an implementation's own cost line (kat_record_seconds opt N) wins" ||
    bad "estimate with an opt cost line: $est"
printf 'kat_record_seconds 2.0\n' >"$w/crypto_sign/p3/cost"
# a quick tier does not take a full run's seconds
"$camp" estimate "$w/specs-quick" "$w/here" | grep -q "^crypto_sign/p1/ref/a${tab}-${tab}unknown${tab}-$" &&
    ok "a full run's seconds do not estimate the quick tier" || bad "the quick tier took a full run's seconds"

"$camp" plan --key k --host here "$w/specs" "$w/here" "$w/other" >"$w/plan"
cat "$w/plan"
[ "$(grep -v '^#' "$w/plan" | head -n 1 | cut -f 1)" = crypto_sign/p1/ref/a ] && ok "plan: longest first" || bad "plan order"
grep -q '^# estimated total: .* + 1 job(s) without an estimate' "$w/plan" && ok "plan: a total, and the job without an estimate said" ||
    bad "plan: no total"
[ "$(grep -vc '^#' "$w/plan")" -eq 5 ] && ok "plan: every target" || bad "plan: jobs missing"
# the -j 2 line: timing seconds 40 + 40 + 18 + 20, the known total over 2 smaller
tl=$(grep -v '^#' "$w/plan" | awk -F "$tab" '$5 != "-" { l += $5 } END { print l }')
grep -q "^# of it on the timing CPU: $tl s" "$w/plan" && ok "plan: the timing seconds ($tl s) in its header" || bad "plan: no timing total"
[ "$(grep -v '^#' "$w/plan" | awk -F "$tab" 'NF != 5' | wc -l)" -eq 0 ] && ok "plan: five columns a job" || bad "plan: a job line without timing seconds"
w1=$(printf '100\t30\n100\t30\n' | "$camp" wall 1) w2=$(printf '100\t30\n100\t30\n' | "$camp" wall 2) w3=$(printf '100\t90\n100\t90\n' | "$camp" wall 2)
[ "$w1/$w2/$w3" = 200/100/180 ] && ok "wall: one CPU the sum, two the larger of half of it and the timing lane" || bad "wall: $w1/$w2/$w3"
printf '1\t1\n' | "$camp" wall 0 >/dev/null 2>&1 && bad "wall 0 accepted" || ok "wall 0 refused"

for n in 1 2 3 4 5 7; do
    k=1
    : >"$w/all"
    while [ $k -le $n ]; do "$camp" shard "$w/plan" $k $n >>"$w/all"; k=$((k + 1)); done
    if [ "$(sort "$w/all" | uniq -d | wc -l)" -eq 0 ] && [ "$(sort -u "$w/all" | wc -l)" -eq 5 ]; then
        ok "$n shares cover every job exactly once"
    else
        bad "$n shares: $(sort "$w/all" | tr '\n' ' ')"
    fi
done
"$camp" shard "$w/plan" 0 3 >/dev/null 2>&1 && bad "shard 0 of 3 accepted" || ok "shard 0 of 3 refused"

"$camp" makefile "$w/plan" /path/do " '--quick'" >"$w/mk"
[ "$(grep -c -- '--job ' "$w/mk")" -eq 5 ] && grep -q -- "--summary" "$w/mk" && ! grep -q -- '^	-$(DO) $(SELECTION) --summary' "$w/mk" &&
    ok "makefile: a rule per job, and the summary (not ignored) last" || bad "makefile"
exit $((fails > 0))
