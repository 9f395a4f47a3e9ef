#!/bin/sh
# harness-bench.sh - the quality of ngbench's own measurement, side by side
# in one run (a benchmark: it prints figures and targets, it does not fail
# on them):
#   1. the cycle counter's overhead (target < 50 ticks);
#   2. the spread of medians over 3 repeated measurements of the same
#      operation (target < 1 % on a quiet core);
#   3. the harness's overhead as a share of timed work in a full ./do run of
#      one implementation (target <= 20 %).
# usage: bench/harness-bench.sh [IMPLDIR]   (default: tsuov128/ref, a millisecond
# operation; sub-microsecond ones like the toysig fixture pay more per sample)
case ${1-} in -h|--help) sed -n "2,/^[^#]/{/^#SBATCH/d; /^#/s/^# \{0,1\}//p; }" "$0"; exit 0 ;; esac
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
impl=${1:-$top/crypto_sign/tsuov128/ref}
w=${TMPDIR:-/tmp}/ngbench-harness-bench.$$
mkdir -p "$w"
trap 'rm -rf "$w"' EXIT
cc=${CC:-cc}
"$top/harness/build-impl" -p measure -c "$cc -O2" "$impl" "$w/build" >/dev/null || exit 1

echo "== 1. cycle counter"
"$w/build/measure" -o keygen -n 1 | sed -n 's/^counter //p' | tr ' ' '\n' | sed 's/^/   /'
ovh=$("$w/build/measure" -o keygen -n 1 | sed -n 's/.*overhead=\([0-9]*\).*/\1/p')
echo "   overhead $ovh ticks (target < 50)"

echo "== 2. spread of medians, 3 repeated measurements of verify (1 s of calls each)"
for i in 1 2 3; do
    "$w/build/measure" -o verify -n 1000000 -N 20 -t 1 -T 2 | "$top/measure/ngbench-stats" | sed -n 's/.*median=\([0-9.]*\).*/\1/p'
done >"$w/medians"
sed 's/^/   median /' "$w/medians"
sort -n "$w/medians" | awk 'NR == 1 { lo = $1 } { hi = $1 } END {
    printf "   spread %.2f %% of the smallest (target < 1 %%)\n", 100 * (hi - lo) / lo }'

echo "== 3. harness overhead in a full ./do run ($(basename "$(dirname "$impl")")/$(basename "$impl"), default settings)"
printf '@bench %s -O2\n' "$cc" >"$w/okc"
NGBENCH_HOST=bench "$top/do" --results "$w/res" --okcompilers "$w/okc" "$impl" >"$w/do.out" 2>&1 ||
    { cat "$w/do.out"; exit 1; }
grep ' stages ' "$w/res/bench/data" | sed 's/.* stages //; s/campaign=[^ ]* attempt=[^ ]* //' |
    tr ' ' '\n' | sed 's/^/   /'
grep ' stages ' "$w/res/bench/data" | sed -n 's/.* overhead=\([0-9.]*\).*/\1/p' |
    awk '{ printf "   measurement overhead %.1f %% of the timed work (target <= 20 %%)\n", 100 * $1 }'
grep ' status ' "$w/res/bench/data" | sed -n 's/.* seconds=\([0-9]*\).*/\1/p' |
    awk '{ printf "   whole target (build, KAT, checks, measurement): %d s\n", $1 }'
