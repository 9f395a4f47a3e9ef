#!/bin/sh
# own-work.sh - ./do -j N's own work beside a timing trial (ngbench-hostspeed
# own and keepoff, measure/derive.c's others_own): the CPU time of the
# processes under a ./do is counted, that of the measuring stage's own
# subtree is not, work that ended (reaped) still counts, keepoff moves the
# campaign's processes off the measuring CPU, and a trial whose other CPUs
# were busy with our own work only is not marked "others" (with the same
# load from outside the campaign, it is).
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
hs=${NGBENCH_HOSTSPEED:-harness/ngbench-hostspeed}
stats=${NGBENCH_STATS:-measure/ngbench-stats}
work=tests/own-work.d
rm -rf "$work"
mkdir -p "$work"
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails + 1)); }
field() { printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -n 1; }
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)

# a root with two children spinning for about 2 s of wall clock each, then
# exiting (reaped by the root, which sleeps on)
cat >"$work/tree.sh" <<'EOF'
spin='end=$(($(date +%s) + 2)); while [ "$(date +%s)" -lt "$end" ]; do :; done'
sh -c "$spin" & a=$!
sh -c "$spin" & b=$!
wait $a $b
sleep 30
EOF
sh "$work/tree.sh" &
root=$!
sleep 0.3
excl=1
r0=$("$hs" own -r "$root")
sleep 3 # both spinners are done by now: only reaped time is left
r1=$("$hs" own -r "$root")
d=$(awk -v a="$(field cpu_s "$r0")" -v b="$(field cpu_s "$r1")" 'BEGIN { print b - a }')
t=$(awk -v a="$(field t "$r0")" -v b="$(field t "$r1")" 'BEGIN { print b - a }')
# the spinners ran about 2 s each; on one CPU they shared it
awk -v d="$d" 'BEGIN { exit !(d >= 1.0) }' && ok "own: the reaped children's CPU time counts ($d s over $t s)" ||
    bad "own: $r0 -> $r1: $d s, expected at least 1 s from two 2-s spinners"
if [ -n "$excl" ]; then
    # the excluded subtree alone (root itself excluded: only its children's spin)
    x0=$("$hs" own -r "$root" -x "$root")
    [ "$(field cpu_s "$x0")" = 0.000 ] && ok "own: an excluded subtree is not counted" ||
        bad "own -r R -x R: $x0 (expected cpu_s=0.000)"
fi
kill "$root" 2>/dev/null
wait "$root" 2>/dev/null
"$hs" own 2>/dev/null && bad "own without -r succeeded" || ok "own without -r is refused"
"$hs" own -r x 2>/dev/null && bad "own -r x succeeded" || ok "own -r with no pid is refused"

# keepoff: a child of ours allowed on every CPU is moved off the last one
if [ "$ncpu" -ge 2 ] && command -v taskset >/dev/null 2>&1; then
    last=$((ncpu - 1))
    sh -c 'sleep 20' &
    kid=$!
    sleep 0.2
    out=$("$hs" keepoff "$last" -r $$ -x $$)
    # -x $$ excludes everything under us: nothing moves
    [ "$out" = moved=0 ] && ok "keepoff leaves the excluded subtree alone" || bad "keepoff -x self: $out"
    sh -c 'exec sleep 20' &
    kid2=$!
    sleep 0.2
    out=$("$hs" keepoff "$last" -r $$ -x "$kid")
    aff=$(taskset -pc "$kid2" | sed 's/.*: //')
    case ,$aff, in *",$last,"* | *"-$last,"*) bad "keepoff $last: $out, yet pid $kid2 may still run on CPU $last ($aff)" ;;
    *) ok "keepoff $last moved our processes off it ($out; the child now on CPUs $aff)" ;; esac
    aff1=$(taskset -pc "$kid" | sed 's/.*: //')
    case $aff1 in *"$last"*) ok "keepoff left the excluded child where it was ($aff1)" ;;
    *) bad "keepoff moved the excluded child ($aff1)" ;; esac
    kill "$kid" "$kid2" 2>/dev/null
    wait "$kid" "$kid2" 2>/dev/null
else
    echo "skip: keepoff needs 2 CPUs and taskset"
fi

# derive: the other CPU 90 % busy, 85 % of it ours -> others_busy 0.05, not
# disturbed; the same without the ownwork lines -> others
trial() {
    echo "counter name=rdtsc unit=cycles resolution=1 overhead=20 persecond=1000000000 oncpu=none switches=none"
    echo "ran_on 0"
    echo "stat0 cpu0 100 0 0 0 0 0 0 0 0 0"
    echo "stat0 cpu1 100 0 0 0 0 0 0 0 0 0"
    for i in 1 2 3 4 5 6 7 8 9 10; do echo "sample 1000"; done
    echo "stat1 cpu0 200 0 0 0 0 0 0 0 0 0"
    echo "stat1 cpu1 190 0 0 10 0 0 0 0 0 0"
    echo "quiet ref_ticks=1000 ref_oncpu_ns=-1 counter=rdtsc spread=0.001"
    echo "host before ref_ticks=1000 ref_oncpu_ns=-1 counter=rdtsc"
    echo "host after ref_ticks=1000 ref_oncpu_ns=-1 counter=rdtsc"
}
{ trial; echo "ownwork before cpu_s=10.000 t=100.000"; echo "ownwork after cpu_s=10.850 t=101.000"; } >"$work/own.txt"
trial >"$work/foreign.txt"
o=$("$stats" -T -p 1000000000 "$work/own.txt" | grep '^trial ')
f=$("$stats" -T -p 1000000000 "$work/foreign.txt" | grep '^trial ')
[ "$(field others_own "$o")" = 0.850 ] && [ "$(field others_busy "$o")" = 0.050 ] && [ "$(field disturbed "$o")" = no ] &&
    ok "a trial beside our own work: others_own 0.850, others_busy 0.050, not disturbed" ||
    bad "own work: $o"
[ "$(field disturbed "$f")" = others ] && [ -z "$(field others_own "$f")" ] &&
    ok "the same load from outside the campaign: disturbed=others" || bad "foreign work: $f"

[ "$fails" -eq 0 ] || exit 1
rm -rf "$work"
exit 0
