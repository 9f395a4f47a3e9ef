#!/bin/sh
# report-scheme-data.sh OUTDIR - the merge step's second fixture, derived
# from the committed records of tests/fixtures/data/hostB (toysig's ref
# blocks under guide-ref and gcc-Os) by renaming and rescaling them, so that
# it exercises what those data cannot: a scheme of two parameter sets
# (toyuov128, toyuov256) on two hosts (x86a, arm1), a full-tier campaign
# followed by a newer --quick campaign, clean and preempted figures side by
# side, a symbol audit that finds another symmetric primitive, and run
# records with version=, commit= and options=. Cycle figures are scaled by an
# integer factor and the cycles records recomputed from their trials, so
# that ngbench-report check accepts them (no samples are kept: the stages
# records, which would need them, are left out).
#   OUTDIR/x86a/data, OUTDIR/arm1/data
set -u
[ "${1:-}" = --help ] && { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0; }
[ $# -eq 1 ] || { echo "usage: report-scheme-data.sh OUTDIR" >&2; exit 1; }
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
src=$datadir/tests/fixtures/data/hostB/data
out=$1
mkdir -p "$out/x86a" "$out/arm1" || exit 1
: >"$out/x86a/data"
: >"$out/arm1/data"

# block HOST ABI PRIM SRCCOMPILER NEWCOMPILER CAMPAIGN ATTEMPT FACTOR CPUSHARE TIER [SYMBOLNAMES]
block() {
    case $4 in
        guide-ref) sa=a20261130193453p31803 ;;
        gcc-Os) sa=a20261130193441p25981 ;;
    esac
    awk -v host="$1" -v abi="$2" -v prim="$3" -v sc="$4" -v nc="$5" -v camp="$6" -v att="$7" -v k="$8" \
        -v share="$9" -v tier="${10}" -v syms="${11:-}" -v sa="$sa" '
    function field(name,   i) { for (i = 11; i <= NF; i++) if (index($i, name "=") == 1) return substr($i, length(name) + 2); return "" }
    function setf(name, v,   i) { for (i = 11; i <= NF; i++) if (index($i, name "=") == 1) { $i = name "=" v; return } $(NF + 1) = name "=" v }
    function dropf(name,   i, j) { for (i = 11; i <= NF; i++) if (index($i, name "=") == 1) { for (j = i; j < NF; j++) $j = $(j + 1); NF--; return } }
    function mine() { return $6 == "crypto_sign" && $7 == "toysig" && $9 == sc && field("attempt") == sa }
    # pass 1: the trials of each operation, scaled
    NR == FNR { if (mine() && $10 == "trial") { op = field("op"); nt[op]++; tn[op, nt[op]] = field("n") + 0
                tm[op, nt[op]] = sprintf("%.1f", field("mean") * k) + 0; tmin[op, nt[op]] = field("min") * k
                tmax[op, nt[op]] = field("max") * k }
                next }
    !mine() { next }
    $10 == "stages" { next }
    {
        $3 = host; $4 = abi; $7 = prim; $9 = nc
        setf("campaign", camp); setf("attempt", att)
        if ($10 == "trial") {
            setf("mean", sprintf("%.1f", field("mean") * k)); setf("median", sprintf("%.1f", field("median") * k))
            setf("q1", sprintf("%.1f", field("q1") * k)); setf("q3", sprintf("%.1f", field("q3") * k))
            setf("min", sprintf("%.0f", field("min") * k)); setf("max", sprintf("%.0f", field("max") * k))
            setf("cpu_share", sprintf("%.3f", share))
        } else if ($10 == "cycles") {
            op = field("op"); n = 0; w = 0; mn = -1; mx = -1
            for (i = 1; i <= nt[op]; i++) {
                n += tn[op, i]; w += tn[op, i] * tm[op, i]; m[i] = tm[op, i]
                if (mn < 0 || tmin[op, i] < mn) mn = tmin[op, i]
                if (tmax[op, i] > mx) mx = tmax[op, i]
            }
            for (i = 2; i <= nt[op]; i++) for (j = i; j > 1 && m[j - 1] > m[j]; j--) { x = m[j]; m[j] = m[j - 1]; m[j - 1] = x }
            med = nt[op] % 2 ? m[(nt[op] + 1) / 2] : (m[nt[op] / 2] + m[nt[op] / 2 + 1]) / 2
            mean = sprintf("%.1f", w / n) + 0; ps = field("persecond")
            setf("mean", sprintf("%.1f", mean)); setf("median", sprintf("%.1f", field("median") * k))
            setf("q1", sprintf("%.1f", field("q1") * k)); setf("q3", sprintf("%.1f", field("q3") * k))
            setf("min", sprintf("%.0f", mn)); setf("max", sprintf("%.0f", mx))
            setf("median_trial", sprintf("%.1f", med)); setf("calibration", sprintf("%.0f", field("calibration") * k))
            setf("mean_seconds", sprintf("%.9g", mean / ps)); setf("ops_per_second", sprintf("%.6g", ps / mean))
            dropf("preempted")
            if (share < 0.9) setf("preempted", "yes")
        } else if ($10 == "kat") {
            setf("tier", tier)
            if (tier == "quick") setf("records", 1)
        } else if ($10 == "claims") {
            setf("algname", toupper(substr(prim, 1, 6)) "_" substr(prim, 7))
        } else if ($10 == "symbols" && syms != "") {
            c = split(syms, parts, ",")
            setf("names", syms); setf("extra", c); setf("exported", 6 + c)
        }
        print
    }' "$src" "$src"
}

# run HOST ABI CAMPAIGN START QUICK OPTIONS CPU: the run's own records
run() {
    p="ngbench 1 $1 $2 $(echo "${4%%T*}" | tr -d -)"
    echo "$p - - - - run campaign=$3 event=start targets=4 quick=$5 okcompilers=okcompilers/c start=$4 version=0.2.0 commit=1a2b3c4 options=$6"
    echo "$p - - - - host campaign=$3 cpu=$7 cores=4 memory_mib=16000 os=Debian%20GNU/Linux%2012%20(bookworm) kernel=Linux%206.1.0 governor=performance turbo=off smt=off load=0.05"
    echo "$p - - - guide-ref compiler campaign=$3 command=gcc%20-std=c99%20-Wpedantic%20-Wall%20-Wextra%20-O2 version=gcc%20(Debian%2012.2.0-14)%2012.2.0"
    echo "$p - - - gcc-Os compiler campaign=$3 command=gcc%20-Os version=gcc%20(Debian%2012.2.0-14)%2012.2.0"
}

c1=c20261201T100000Z-1
c2=c20261202T100000Z-2
c3=c20261201T110000Z-3
{
    run x86a amd64 $c1 2026-12-01T10:00:00Z 0 crypto_sign/toyuov128%20crypto_sign/toyuov256 AMD%20EPYC%207763
    # toyuov128: both lines clean
    block x86a amd64 toyuov128 guide-ref guide-ref $c1 a20261201100100p11 1 1.000 full
    block x86a amd64 toyuov128 gcc-Os gcc-Os $c1 a20261201100200p12 1 1.000 full
    # toyuov256: gcc-Os is faster but was preempted; the slower guide-ref is clean
    block x86a amd64 toyuov256 guide-ref guide-ref $c1 a20261201100300p13 5 1.000 full
    block x86a amd64 toyuov256 gcc-Os gcc-Os $c1 a20261201100400p14 4 0.390 full aes128_encrypt,toyuov_expand
    # a newer --quick campaign of toyuov128 guide-ref: it must not replace the full figures
    run x86a amd64 $c2 2026-12-02T10:00:00Z 1 --quick%20crypto_sign/toyuov128 AMD%20EPYC%207763
    block x86a amd64 toyuov128 guide-ref guide-ref $c2 a20261202100100p21 3 1.000 quick
} >>"$out/x86a/data"
{
    run arm1 arm64 $c3 2026-12-01T11:00:00Z 0 crypto_sign/toyuov128 Neoverse-N1
    # the reference line preempted, the other clean: the ratios are flagged
    block arm1 arm64 toyuov128 guide-ref guide-ref $c3 a20261201110100p31 2 0.500 full
    block arm1 arm64 toyuov128 gcc-Os gcc-Os $c3 a20261201110200p32 2 1.000 full
} >>"$out/arm1/data"
