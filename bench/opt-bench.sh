#!/bin/sh
# opt-bench.sh - every primitive that has an opt implementation, opt against
# ref side by side in one run, same compiler line (a benchmark, not a test:
# it prints figures and fails only if something does not build or run).
#
# Wall clock (default): each implementation's `speed` program (build-impl -p
# speed: median cycles of single calls per operation) runs ROUNDS times,
# ref and opt alternating, and the median of the per-round medians is
# compared: ratio = ref / opt. With --callgrind, instead, one call of each
# operation under valgrind --tool=callgrind gives instruction counts
# (inclusive Ir of sig_keygen, sig_sign, sig_verify): steady on a busy
# machine, but an AVX2 instruction counts as one, so they flatter opt.
set -u
usage() {
    cat <<'USAGE'
usage: opt-bench.sh [-c 'COMPILER LINE'] [-r ROUNDS] [-n CALLS] [-t SECONDS] [--callgrind | --both] [PRIMDIR...]
opt-bench.sh: opt against ref for every primitive directory given (default:
every crypto_sign/* and crypto_kem/* with an opt/ beside its ref/), in one
run: ROUNDS (default 3) alternating runs of each speed program of up to CALLS
calls (default 5) and SECONDS (default 5) per operation; prints the median
cycles and ref/opt. --callgrind: instruction counts of one call instead;
--both: both, side by side in one run (one row per operation).
An opt whose architectures file rules this host out is skipped, loudly.
Environment: NGBENCH_DATADIR, OPT_BENCH_DIR (build directory, default
opt-bench.d), VALGRIND.
USAGE
}
compiler="${CC:-cc} ${CFLAGS:--O2}"
rounds=3 calls=5 budget=5 mode=wall
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    -c) compiler=$2; shift 2 ;;
    -r) rounds=$2; shift 2 ;;
    -n) calls=$2; shift 2 ;;
    -t) budget=$2; shift 2 ;;
    --callgrind) mode=callgrind; shift ;;
    --both) mode=both; shift ;;
    -*) echo "opt-bench.sh: unknown option $1 (try --help)" >&2; exit 1 ;;
    *) break ;;
    esac
done
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
work=${OPT_BENCH_DIR:-opt-bench.d}
vg=${VALGRIND:-valgrind}
if [ $# -eq 0 ]; then
    for d in "$datadir"/crypto_sign/*/opt "$datadir"/crypto_kem/*/opt; do
        [ -d "$d" ] && [ -d "${d%/opt}/ref" ] && set -- "$@" "${d%/opt}"
    done
fi
mkdir -p "$work" || exit 1

# ops FILE: "op value" lines from one speed or callgrind run
speed_ops() { awk '$2 == "calls" && $4 == "median" { print $1, $5 }' "$1"; }
cg_ops() {
    callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
        awk '{ for (i = 1; i <= NF; i++) if ($i ~ /:(sig|kem)_(keygen|sign|verify|enc|dec)( |$)/) {
                  f = $i; sub(/.*:(sig|kem)_/, "", f); v = $1; gsub(/,/, "", v); print f, v } }'
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

echo "# opt vs ref, $mode, compiler: $compiler"
if [ $mode = both ]; then
    echo "# wall: median over $rounds alternating rounds of each speed's median cycles; Ir: callgrind instructions (inclusive) of one call"
    printf '%-22s %-7s %13s %13s %7s %15s %15s %7s\n' primitive op ref-cycles opt-cycles ref/opt ref-Ir opt-Ir ref/opt
elif [ $mode = wall ]; then
    echo "# median over $rounds alternating rounds of each speed's median cycles (up to $calls calls, ${budget} s per operation)"
    printf '%-22s %-7s %15s %15s %7s\n' primitive op ref-cycles opt-cycles ref/opt
else
    echo "# instructions (callgrind Ir, inclusive) of one call"
    printf '%-22s %-7s %15s %15s %7s\n' primitive op ref-Ir opt-Ir ref/opt
fi
status=0
for prim in "$@"; do
    name=$(basename "$prim")
    if ! need=$("$datadir/harness/arch-ok" "$prim/opt"); then
        echo "opt-bench.sh: skipping $name/opt: needs $need (architectures)" >&2
        continue
    fi
    ok=1
    for impl in ref opt; do
        NGBENCH_DATADIR=$datadir "$datadir/harness/build-impl" -c "$compiler" -p speed "$prim/$impl" \
            "$work/$name/$impl" >/dev/null 2>&1 || { echo "opt-bench.sh: $name/$impl does not build (see $work/$name/$impl/build.log)" >&2; ok=0; }
    done
    [ $ok = 1 ] || { status=1; continue; }
    : >"$work/$name/samples"
    if [ $mode != callgrind ]; then
        r=0
        while [ $r -lt "$rounds" ]; do
            for impl in ref opt; do
                "$work/$name/$impl/speed" -n "$calls" -t "$budget" >"$work/$name/$impl/out" || { status=1; continue; }
                speed_ops "$work/$name/$impl/out" | sed "s/^/$impl /" >>"$work/$name/samples"
            done
            r=$((r + 1))
        done
    fi
    if [ $mode != wall ]; then
        for impl in ref opt; do
            rm -f "$work/$name/$impl/cg.out"
            "$vg" --tool=callgrind --callgrind-out-file="$work/$name/$impl/cg.out" \
                "$work/$name/$impl/speed" -n 1 >/dev/null 2>&1 || { status=1; continue; }
            cg_ops "$work/$name/$impl/cg.out" | sed "s/^/$impl-ir /" >>"$work/$name/samples"
        done
    fi
    for op in keygen sign verify enc dec; do
        a=$(awk -v o="$op" '$1 == "ref" && $2 == o { print $3 }' "$work/$name/samples" | median)
        b=$(awk -v o="$op" '$1 == "opt" && $2 == o { print $3 }' "$work/$name/samples" | median)
        ai=$(awk -v o="$op" '$1 == "ref-ir" && $2 == o { print $3 }' "$work/$name/samples" | median)
        bi=$(awk -v o="$op" '$1 == "opt-ir" && $2 == o { print $3 }' "$work/$name/samples" | median)
        if [ $mode = callgrind ]; then a=$ai b=$bi; fi
        [ -n "$a" ] && [ -n "$b" ] || continue
        if [ $mode = both ]; then
            [ -n "$ai" ] && [ -n "$bi" ] || { ai=0 bi=0; }
            awk -v p="$name" -v o="$op" -v a="$a" -v b="$b" -v c="$ai" -v d="$bi" \
                'BEGIN { printf "%-22s %-7s %13.0f %13.0f %7.2f %15.0f %15.0f %7.2f\n", p, o, a, b, (b > 0 ? a / b : 0), c, d, (d > 0 ? c / d : 0) }'
            continue
        fi
        awk -v p="$name" -v o="$op" -v a="$a" -v b="$b" \
            'BEGIN { printf "%-22s %-7s %15.0f %15.0f %7.2f\n", p, o, a, b, (b > 0 ? a / b : 0) }'
    done
done
exit $status
