#!/bin/sh
# noise-bench.sh - does a busy host change what ./do publishes without saying
# so? (make bench-noise; a benchmark: it prints figures against targets and
# never fails on them)
#
# Runs ./do on a short and a long operation - crypto_sign/tsuov128/ref verify
# and crypto_sign/sigurd256/ref sign (longer than a scheduler slice) - quietly
# and beside real competitors, in rounds (the conditions in turn, the other
# way round in even rounds):
#   quiet    nothing of ours beside it
#   spin     a spinning process per CPU (loops that touch no memory)
#   stream   a memory-streaming process (256 MiB, one word per cache line)
#   build    a parallel build of ngbench itself (make -j<CPUs> in a copy of
#            this tree, over and over)
# and prints, per operation and condition, the headline ./do published (the
# median over the rounds), its uncertainty, whether it was marked host busy,
# the ratio to the quiet headline and the verdict the issue asks for:
#   within 5%                            |published / quiet - 1| <= 0.05
#   marked, and the interval covers quiet  marked host busy, and the quiet
#                                        figure lies within published ± u
#   MISSED                               neither (the figure moved without
#                                        saying so)
# The quiet rounds run beside whatever else this host runs: they are marked
# too on a shared machine, and then "quiet" means "without our competitors".
# The quiet round is the yardstick, so it must be quiet by the suite's own
# check: a quiet round with a figure marked host busy is listed as
# quiet-marked and repeated (up to -q times, 10 s apart); the verdicts hold
# the others against the first unmarked one.
# usage: bench/noise-bench.sh [-r ROUNDS] [-w QUIET_WAIT] [-q TRIES] [-c CC]
#   -r  rounds (default 1), -w ./do's --quiet-wait per target (default 20),
#   -q  tries for an unmarked quiet round (default 3),
#   -c  the compiler line (default: $CC -O2)
case ${1-} in -h | --help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p; }' "$0"; exit 0 ;; esac
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=${NGBENCH_BUILDDIR:-$top}
rec=${NGBENCH_REC:-$build/report/ngbench-rec}
rounds=1 qwait=20 qtries=3 cc="${CC:-cc} -O2"
while getopts r:w:c:q: o; do
    case $o in
    r) rounds=$OPTARG ;;
    w) qwait=$OPTARG ;;
    c) cc=$OPTARG ;;
    q) qtries=$OPTARG ;;
    *) exit 2 ;;
    esac
done
shift $((OPTIND - 1))
targets="crypto_sign/tsuov128/ref:verify crypto_sign/sigurd256/ref:sign"
w=${TMPDIR:-/tmp}/ngbench-noise-bench.$$
mkdir -p "$w"
pids=
stop_load() {
    for p in $pids; do kill -- -"$p" 2>/dev/null || kill "$p" 2>/dev/null; done
    for p in $pids; do wait "$p" 2>/dev/null; done
    pids=
}
trap 'stop_load; rm -rf "$w"' EXIT
trap 'exit 130' INT TERM
${CC:-cc} -O2 -o "$w/noise-load" "$top/bench/noise-load.c" || exit 1
ncpu=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
printf '@bench %s\n' "$cc" >"$w/okc"

# the build competitor's tree: this package as distributed, configured once
echo "== preparing the build competitor (make distdir, configure)"
if make -C "$build" distdir distdir="$w/src" >"$w/distdir.log" 2>&1 &&
    (cd "$w/src" && ./configure >"$w/configure.log" 2>&1); then
    have_build=1
else
    have_build=
    echo "   cannot prepare a copy of ngbench to build (see $w/distdir.log): the build competitor is left out"
fi
# start_load COND: the competitors of COND, each in a process group of its own
# and each stopping by itself within 15 minutes
start_load() {
    case $1 in
    spin)
        k=0
        while [ $k -lt "$ncpu" ]; do
            setsid "$w/noise-load" spin 900 & pids="$pids $!"
            k=$((k + 1))
        done ;;
    stream) setsid "$w/noise-load" stream 900 & pids="$pids $!" ;;
    build)
        setsid sh -c 'end=$(($(date +%s) + 900)); cd "$1" || exit 1
            while [ "$(date +%s)" -lt "$end" ]; do make -j"$2" >/dev/null 2>&1; make clean >/dev/null 2>&1; done' \
            sh "$w/src" "$ncpu" & pids="$pids $!" ;;
    esac
    [ "$1" = quiet ] || sleep 2
}

# the reference kernel's quiet speed per CPU, before any competitor: every
# ./do below starts its campaign from it (hostspeed/quiet.cpuN), so that a
# campaign begun beside a competitor still knows how fast the host can run
c=0
while [ $c -lt "$ncpu" ]; do
    "$build/harness/ngbench-hostspeed" -C $c calibrate -t 2 | sed 's/ readings=[0-9]*//' >"$w/quiet.cpu$c"
    c=$((c + 1))
done

conds="quiet spin stream"
[ -n "$have_build" ] && conds="$conds build"
dirs=
for t in $targets; do dirs="$dirs $top/${t%:*}"; done
echo "== noise benchmark: $ncpu CPUs, $rounds round(s) of: $conds; ./do --quiet-wait $qwait; '$cc'"
echo "   $(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //') (family $(grep -m1 '^cpu family' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), model $(grep -m1 '^model[[:space:]]*:' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'))"
echo "   load average at the start: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
: >"$w/results"
r=1
while [ "$r" -le "$rounds" ]; do
    order=$conds
    [ $((r % 2)) = 0 ] && order=$(printf '%s\n' $conds | sort -r | tr '\n' ' ')
    for cond in $order; do
        # the quiet round is the yardstick: one the check itself marked host
        # busy (the host was not quiet then) is kept in the per-round table as
        # quiet-marked and run again, up to $qtries times
        a=1
        while :; do
            d=$w/r$r-$cond-$a
            mkdir -p "$d/noise/hostspeed"
            cp "$w"/quiet.cpu* "$d/noise/hostspeed/"
            start_load "$cond"
            l=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null)
            t0=$(date +%s)
            # shellcheck disable=SC2086
            NGBENCH_HOST=noise "$top/do" --results "$d" --okcompilers "$w/okc" --quick --no-profile \
                --trials 5 --min-calls 25 --min-time 0.3 --budget 5 --quiet-wait "$qwait" $dirs >"$w/do-$r-$cond-$a.log" 2>&1
            stop_load
            : >"$w/attempt"
            for t in $targets; do
                p=${t%/*}
                p=${p#*/}
                "$rec" get -k cycles -w @primitive="$p" -w op="${t##*:}" \
                    -f headline,uncertainty,disturbed_trials,estimator,retries "$d/noise/data" 2>/dev/null |
                    head -n 1 | awk -F '\t' -v t="$p ${t##*:}" -v r="$r" -v l="$l" \
                    '{ printf "%s COND %s %s %s %s %s %s %s\n", t, r, $1, $2, $3, $4, $5, l }' >>"$w/attempt"
            done
            marked=$(awk '$7 > 0 { n++ } END { print n + 0 }' "$w/attempt")
            echo "   round $r, $cond${a#1}: ./do took $(($(date +%s) - t0)) s (load $l)$([ "$marked" -gt 0 ] && echo ", $marked figure(s) marked host busy")"
            if [ "$cond" = quiet ] && [ "$marked" -gt 0 ] && [ "$a" -lt "$qtries" ]; then
                sed 's/ COND / quiet-marked /' "$w/attempt" >>"$w/results"
                a=$((a + 1))
                sleep 10
                continue
            fi
            sed "s/ COND / $cond /" "$w/attempt" >>"$w/results"
            [ "$cond" = quiet ] && [ "$marked" -gt 0 ] && echo "   (no unmarked quiet round in $qtries tries: the yardstick is itself marked)"
            break
        done
    done
    r=$((r + 1))
done
echo "   load average at the end:   $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo
echo "== per round (headline ticks, uncertainty, disturbed trials of 5, estimator, retries, 1-minute load)"
awk '{ printf "   %-10s %-6s %-6s round %s  %12s ± %5.1f%%  disturbed %s  %-6s retries %s  load %s\n",
        $1, $2, $3, $4, $5, 100 * $6, $7, $8, $9, $10 }' "$w/results"
echo
echo "== published headline against quiet (median over the rounds; target: within 5%, or marked with an interval that covers quiet)"
awk '
function med(s,   a, n, i, j, t) {
    n = split(s, a, " ")
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    if (n == 0) return ""
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
{
    k = $1 " " $2; if (!(k in seen)) { seen[k] = 1; order[++no] = k }
    c = k SUBSEP $3; if (!(c in cs)) { cs[c] = 1; conds[k] = conds[k] " " $3 }
    h[c] = h[c] " " $5; u[c] = u[c] " " $6; d[c] = d[c] " " ($7 > 0 ? 1 : 0)
}
END {
    for (o = 1; o <= no; o++) {
        k = order[o]; q = med(h[k SUBSEP "quiet"]); uq = med(u[k SUBSEP "quiet"])
        printf "   %s\n", k
        printf "      %-7s %12s %8s %8s %8s  %s\n", "", "published", "± u", "marked", "/ quiet", "verdict"
        n = split(conds[k], cl, " ")
        for (i = 1; i <= n; i++) {
            c = k SUBSEP cl[i]; hv = med(h[c]); uv = med(u[c]); marked = med(d[c]) > 0
            ratio = (q > 0) ? hv / q : 0
            if (cl[i] == "quiet") verdict = "(the reference)"
            else if (cl[i] == "quiet-marked") verdict = "(a quiet round the check marked: run again, not the reference)"
            else if (q > 0 && ratio >= 0.95 && ratio <= 1.05) verdict = "within 5%"
            else if (marked && q >= hv * (1 - uv) && q <= hv * (1 + uv)) verdict = "marked, and the interval covers quiet"
            else if (marked && hv * (1 - uv) <= q * (1 + uq) && q * (1 - uq) <= hv * (1 + uv))
                verdict = sprintf("MISSED: marked, but the interval does not cover quiet (it overlaps the quiet interval, ± %.0f%%)", 100 * uq)
            else if (marked) verdict = "MISSED: marked, but the interval does not cover quiet"
            else verdict = "MISSED: off by more than 5%, not marked"
            printf "      %-7s %12.1f %7.1f%% %8s %8.3f  %s\n", cl[i], hv, 100 * uv, marked ? "yes" : "no", ratio, verdict
        }
    }
}' "$w/results"
