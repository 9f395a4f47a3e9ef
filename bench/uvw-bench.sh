#!/bin/sh
# uvw-bench.sh - UVW side by side in one run: crypto_sign/uvw*/ref as it is
# against the same code built with -DUVW_NAIVE, which does the work the way
# the submitted reference does (re-expands H_X, H_Y, H_Z for every D attempt,
# inverts H1 through [H1 | I] and multiplies T*R0, checks ranks on the full
# width twice, inverts instead of solving in DecZ/DecXY, asks pseudoXOF for
# 65536 bytes, eliminates one pivot at a time). Both builds must write the
# same bytes; the ratio naive/fast is the speed-up from the algorithmic
# changes alone (the reference itself, which also allocates on every row
# operation, is slower still: its figures from the NGCC pages are printed
# for comparison).
#
# A benchmark, not a test. The naive UVW-256 keygen takes minutes and UVW-512
# hours; -f skips the naive build.
set -eu

usage() {
    cat <<'USAGE'
usage: bench/uvw-bench.sh [-c 'COMPILER LINE'] [-f] [-o DIR] [SET...]
SET is 128, 256 or 512 (default: 128). Times keygen, sign and verify once
(CPU seconds, wall seconds, counter ticks), with the peak heap and peak RSS
of each operation, for the normal build and the naive one (-f: normal only),
checks that both produce the same public key and signature, and prints the
ratios. Builds go to DIR (default: bench/uvw-bench.d). Compiler line
default: 'gcc -O2'.
USAGE
}

cc="gcc -O2"
fast_only=0
out=bench/uvw-bench.d
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    -c) cc=$2; shift 2 ;;
    -f) fast_only=1; shift ;;
    -o) out=$2; shift 2 ;;
    -*) usage >&2; exit 1 ;;
    *) break ;;
    esac
done
[ $# -gt 0 ] || set -- 128
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

# build SET VARIANT EXTRA-FLAGS
build() {
    dir=$out/uvw$1-$2
    mkdir -p "$dir"
    # shellcheck disable=SC2086 # the compiler line is a word list
    $cc $3 -I"$top/crypto_sign/uvw$1/ref" -I"$top/iccs" -I"$top/kat" -I"$top/measure" \
        "$top"/crypto_sign/uvw"$1"/ref/*.c "$top"/iccs/sm3.c "$top"/iccs/auxfunc.c "$top"/iccs/drng.c \
        "$top/bench/uvw-bench.c" "$top/kat/sha256.c" "$top/measure/ngcycles.c" \
        -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc -Wl,--wrap=free \
        -o "$dir/uvw-bench"
}

# the submitted reference on the NGCC x86_1 pages (i7-12700 at 2.1 GHz):
# keygen, sign, verify seconds
ref_figures() {
    case $1 in
    128) echo "37.8 14.5 0.163" ;;
    256) echo "503 121 0.940" ;;
    512) echo "5590 926 11.2" ;;
    esac
}

for set in "$@"; do
    case $set in 128 | 256 | 512) ;; *) echo "uvw-bench: unknown set $set" >&2; exit 1 ;; esac
    echo "== UVW-$set, compiler line: $cc"
    build "$set" fast ""
    "$out/uvw$set-fast/uvw-bench" >"$out/uvw$set-fast.txt"
    if [ $fast_only = 0 ]; then
        build "$set" naive -DUVW_NAIVE
        "$out/uvw$set-naive/uvw-bench" >"$out/uvw$set-naive.txt"
    fi
    # shellcheck disable=SC2046
    set -- $(ref_figures "$set")
    awk -v fastonly=$fast_only -v rk="$1" -v rs="$2" -v rv="$3" '
        FNR == 1 { file++ }
        $1 == "op" { cpu[file, $2] = $4; wall[file, $2] = $6; heap[file, $2] = $10; rss[file, $2] = $12; dig[file, $2] = $14 }
        END {
            ref["keygen"] = rk; ref["sign"] = rs; ref["verify"] = rv
            printf "%-7s %10s %10s %8s %12s %12s %14s\n", "op", "cpu s", "naive s", "ratio", "heap MiB", "rss MiB", "NGCC ref s"
            split("keygen sign verify", ops, " ")
            same = 1
            for (i = 1; i <= 3; i++) {
                o = ops[i]
                if (fastonly) { n = "-"; r = "-" } else {
                    n = sprintf("%.3f", cpu[2, o]); r = cpu[1, o] > 0 ? sprintf("%.1f", cpu[2, o] / cpu[1, o]) : "-"
                    if (dig[1, o] != dig[2, o]) same = 0
                }
                printf "%-7s %10.3f %10s %8s %12.1f %12.1f %14s\n", o, cpu[1, o], n, r, heap[1, o] / 1048576, rss[1, o] / 1024, ref[o]
            }
            if (!fastonly) print (same ? "outputs identical (sha256 of pk and sn)" : "OUTPUTS DIFFER")
            printf "pk %s\nsn %s\n", dig[1, "keygen"], dig[1, "sign"]
        }' "$out/uvw$set-fast.txt" $([ $fast_only = 0 ] && echo "$out/uvw$set-naive.txt")
done
