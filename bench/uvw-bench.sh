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
# hours; -f skips the naive build. -O compares ref with crypto_sign/uvw*/opt
# instead (CPU seconds of alternating runs: the figures of opt/README.md).
set -eu

usage() {
    cat <<'USAGE'
usage: bench/uvw-bench.sh [-c 'COMPILER LINE'] [-f | -O] [-r ROUNDS] [-o DIR] [SET...]
SET is 128, 256 or 512 (default: 128). Times keygen, sign and verify once
(CPU seconds, wall seconds, counter ticks), with the peak heap and peak RSS
of each operation, for the normal build and the naive one (-f: normal only),
checks that both produce the same public key and signature, and prints the
ratios. Builds go to DIR (default: bench/uvw-bench.d). Compiler line
default: 'gcc -O2'.
  -O         ref against opt (crypto_sign/uvwSET/opt) instead of the naive
             build: the columns are ref, opt and ref/opt
  -r ROUNDS  run the two builds ROUNDS times each, alternating (default 1),
             and print the median CPU seconds of each operation
CPU seconds (CLOCK_PROCESS_CPUTIME_ID) are the robust figure on a busy host;
wall seconds are kept in the per-run files DIR/uvwSET-*.txt.
USAGE
}

cc="gcc -O2"
fast_only=0
opt_mode=0
rounds=1
out=bench/uvw-bench.d
while [ $# -gt 0 ]; do
    case $1 in
    -h | --help) usage; exit 0 ;;
    -c) cc=$2; shift 2 ;;
    -f) fast_only=1; shift ;;
    -O) opt_mode=1; shift ;;
    -r) rounds=$2; shift 2 ;;
    -o) out=$2; shift 2 ;;
    -*) usage >&2; exit 1 ;;
    *) break ;;
    esac
done
[ $# -gt 0 ] || set -- 128
case $rounds in '' | *[!0-9]* | 0) echo "uvw-bench: -r needs a positive number, not '$rounds'" >&2; exit 1 ;; esac
[ $opt_mode = 1 ] && fast_only=0
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

# build SET VARIANT EXTRA-FLAGS (VARIANT opt: the opt implementation)
build() {
    dir=$out/uvw$1-$2
    impl=ref
    [ "$2" = opt ] && impl=opt
    mkdir -p "$dir"
    # shellcheck disable=SC2086 # the compiler line is a word list
    $cc $3 -I"$top/crypto_sign/uvw$1/$impl" -I"$top/iccs" -I"$top/kat" -I"$top/target" \
        "$top"/crypto_sign/uvw"$1"/$impl/*.c "$top"/iccs/sm3.c "$top"/iccs/sm3x.c "$top"/iccs/auxfunc.c "$top"/iccs/drng.c \
        "$top/bench/uvw-bench.c" "$top/kat/sha256.c" "$top/target/ngcycles.c" "$top/target/target.c" \
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
    other=naive
    flags=-DUVW_NAIVE
    [ $opt_mode = 1 ] && other=opt flags=
    echo "== UVW-$set, compiler line: $cc$([ $opt_mode = 1 ] && echo ', ref against opt'), $rounds round(s)"
    build "$set" fast ""
    [ $fast_only = 1 ] || build "$set" $other "$flags"
    : >"$out/uvw$set-fast.txt"
    : >"$out/uvw$set-$other.txt"
    r=0
    while [ $r -lt "$rounds" ]; do
        "$out/uvw$set-fast/uvw-bench" >>"$out/uvw$set-fast.txt"
        [ $fast_only = 1 ] || "$out/uvw$set-$other/uvw-bench" >>"$out/uvw$set-$other.txt"
        r=$((r + 1))
    done
    # shellcheck disable=SC2046
    set -- $(ref_figures "$set")
    awk -v fastonly=$fast_only -v optmode=$opt_mode -v rk="$1" -v rs="$2" -v rv="$3" '
        function median(f, o,    n, i, j, t, v) {
            n = cnt[f, o]
            for (i = 1; i <= n; i++) v[i] = cpu[f, o, i]
            for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
            return n ? v[int((n + 1) / 2)] : 0
        }
        FNR == 1 { file++ }
        $1 == "op" {
            cpu[file, $2, ++cnt[file, $2]] = $4; heap[file, $2] = $10; rss[file, $2] = $12
            if ((file, $2) in dig && dig[file, $2] != $14) same = 0
            dig[file, $2] = $14
        }
        BEGIN { same = 1 }
        END {
            ref["keygen"] = rk; ref["sign"] = rs; ref["verify"] = rv
            if (optmode)
                printf "%-7s %10s %10s %8s %12s %12s %14s\n", "op", "ref cpu s", "opt cpu s", "ref/opt", "opt heap MiB", "opt rss MiB", "NGCC ref s"
            else
                printf "%-7s %10s %10s %8s %12s %12s %14s\n", "op", "cpu s", "naive s", "ratio", "heap MiB", "rss MiB", "NGCC ref s"
            split("keygen sign verify", ops, " ")
            for (i = 1; i <= 3; i++) {
                o = ops[i]; a = median(1, o); b = median(2, o)
                if (fastonly) { n = "-"; r = "-" } else {
                    n = sprintf("%.3f", b)
                    if (optmode) r = b > 0 ? sprintf("%.2f", a / b) : "-"
                    else r = a > 0 ? sprintf("%.1f", b / a) : "-"
                    if (dig[1, o] != dig[2, o]) same = 0
                }
                f = optmode ? 2 : 1
                printf "%-7s %10.3f %10s %8s %12.1f %12.1f %14s\n", o, a, n, r, heap[f, o] / 1048576, rss[f, o] / 1024, ref[o]
            }
            if (!fastonly || cnt[1, "keygen"] > 1) print (same ? "outputs identical (sha256 of pk and sn)" : "OUTPUTS DIFFER")
            printf "pk %s\nsn %s\n", dig[1, "keygen"], dig[1, "sign"]
        }' "$out/uvw$set-fast.txt" $([ $fast_only = 0 ] && echo "$out/uvw$set-$other.txt")
done
