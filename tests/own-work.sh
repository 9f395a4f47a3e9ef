#!/bin/sh
# own-work.sh - ./do -j N's own work beside a timing trial (ngbench-hostspeed
# own, keepoff and letback, measure/derive.c's others_own): the CPU time of the
# processes under a ./do is counted, that of the measuring stage's own
# subtree is not, work that ended (reaped) still counts, keepoff moves the
# campaign's processes off the measuring CPU and letback lets them back
# when its trials are done, and a trial whose other CPUs
# were busy with our own work only is not marked "others" (with the same
# load from outside the campaign, it is, and its uncertainty is at least
# half that load).
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

# a root whose two children do a fixed amount of work and exit (reaped by
# the root, which then writes its children's CPU time, as the shell's times
# builtin gives it, and sleeps on): own's two readings around that differ by
# those children's time
cat >"$work/tree.sh" <<'EOF'
while [ ! -f "$1/go" ]; do sleep 0.05; done
spin='i=0; while [ $i -lt 400000 ]; do i=$((i + 1)); done'
sh -c "$spin" & a=$!
sh -c "$spin" & b=$!
wait $a $b
times >"$1/times.tmp" && mv "$1/times.tmp" "$1/times"
sleep 30
EOF
sh "$work/tree.sh" "$work" &
root=$!
sleep 0.2
r0=$("$hs" own -r "$root")
: >"$work/go"
while [ ! -f "$work/times" ]; do sleep 0.1; done
r1=$("$hs" own -r "$root")
d=$(awk -v a="$(field cpu_s "$r0")" -v b="$(field cpu_s "$r1")" 'BEGIN { print b - a }')
# the second line of times: the children's user and system time (XmY.YYYs)
want=$(sed -n 2p "$work/times" | awk '{ s = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); s += p[1] * 60 + p[2] } print s }')
awk -v d="$d" -v w="$want" 'BEGIN { e = d - w; if (e < 0) e = -e; exit !(w > 0.1 && e <= 0.03 + 0.05 * w) }' &&
    ok "own: the reaped children's CPU time counts ($d s; the shell says $want s)" ||
    bad "own: $r0 -> $r1: $d s, but the children took $want s"
# the root excluded: nothing of it counts, its reaped children included
x0=$("$hs" own -r "$root" -x "$root")
[ "$(field cpu_s "$x0")" = 0.000 ] && ok "own: an excluded subtree is not counted" ||
    bad "own -r R -x R: $x0 (expected cpu_s=0.000)"
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
    # letback: once the timing is done, what keepoff moved (this shell
    # included: -r $$ is the root, as ./do is) may use the CPU again, or
    # every step started later inherits one CPU less (found in the first
    # whole campaign: ./do itself had been moved)
    out=$("$hs" letback "$last" -r $$ -x "$kid")
    for p in "$kid2" $$; do
        aff=$(taskset -pc "$p" | sed 's/.*: //')
        case ,$aff, in *",$last,"* | *"-$last,"*) ok "letback $last: pid $p may run on it again ($out; CPUs $aff)" ;;
        *) bad "letback $last: $out, yet pid $p is still kept off it ($aff)" ;; esac
    done
    kill "$kid" "$kid2" 2>/dev/null
    wait "$kid" "$kid2" 2>/dev/null
else
    echo "skip: keepoff needs 2 CPUs and taskset"
fi

# derive: the other CPU 90 % busy, 85 % of it ours -> others_busy 0.05, not
# disturbed; the same without the ownwork lines -> others
trial() {
    echo "counter name=rdtsc unit=cycles resolution=1 overhead=20 persecond=1000000000 oncpu=thread_cputime oncpu_overhead_ns=0 switches=rusage_thread"
    echo "ran_on 0"
    echo "stat0 cpu0 100 0 0 0 0 0 0 0 0 0"
    echo "stat0 cpu1 100 0 0 0 0 0 0 0 0 0"
    for i in 1 2 3 4 5 6 7 8 9 10; do echo "sample 1000 1000 0"; done
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

# the uncertainty of a figure taken beside foreign work: at least half the
# others' busy share (derive.h, NGD_LOAD_K), though the kernel read quiet
# and the trials agree; beside our own work only, the trials' spread alone
u=$("$stats" -T -p 1000000000 "$work/foreign.txt" "$work/foreign.txt" | grep '^cycles ')
[ "$(field uncertainty "$u")" = 0.450 ] && ok "beside foreign work (others 0.9): uncertainty 0.450" ||
    bad "foreign work: uncertainty in: $u"
u=$("$stats" -T -p 1000000000 "$work/own.txt" "$work/own.txt" | grep '^cycles ')
[ "$(field uncertainty "$u")" = 0.000 ] && ok "beside our own work only: uncertainty 0.000" ||
    bad "own work: uncertainty in: $u"

[ "$fails" -eq 0 ] || exit 1
rm -rf "$work"
exit 0
