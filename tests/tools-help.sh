#!/bin/sh
# tools-help.sh - every tool and script a user runs answers --help: exit 0,
# a text on stdout naming the tool, within seconds (and without doing its
# job: harness-bench.sh once ran the benchmark when asked for help). The C
# tools and the helpers also answer --version (exit 0, "NAME ... VERSION"),
# reject an unknown option (exit 1, the error names the tool), take
# --opt=value, and name themselves and the file in errors; ngbench-okparse
# rejects a repeated compiler id with file:line; the installed front end
# (ngbench.in) benchmarks ./crypto_sign and ./crypto_kem by default.
set -u
src=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
fails=0
check() { # check NAME PATH
    name=$1 path=$2
    if [ ! -x "$path" ]; then echo "FAIL: $name: $path is not executable"; fails=$((fails + 1)); return; fi
    out=$(timeout 10 "$path" --help </dev/null 2>/dev/null)
    rc=$?
    first=$(printf '%s\n' "$out" | sed -n 1p)
    if [ $rc -ne 0 ]; then
        echo "FAIL: $name --help exits $rc"; fails=$((fails + 1))
    else
        case $first in
            *"$name"*) echo "ok: $name --help: $first" ;;
            *) echo "FAIL: $name --help: first line '$first' does not name $name"; fails=$((fails + 1)) ;;
        esac
    fi
}
check do "$src/do"
for t in build-impl hostinfo run-target read-makefile stage-prepare stage-build stage-kat stage-check stage-ct stage-measure arch-ok libs-ok; do
    check "$t" "$src/harness/$t"
done
for t in harness-bench.sh uvw-bench.sh campaign-bench.sh opt-bench.sh noise-bench.sh target-steps.sh make-reference campaign-figures.sh; do check "$t" "$src/bench/$t"; done
check check-package.sh "$src/debian/check-package.sh"
check slurm-array.sh "$src/doc/slurm-array.sh"
check ngbench-kat "${NGBENCH_KAT_TOOL:-kat/ngbench-kat}"
check ngbench-stats "${NGBENCH_STATS:-measure/ngbench-stats}"
check ngbench-report "${NGBENCH_REPORT:-report/ngbench-report}"
check ngbench-apih "${NGBENCH_APIH:-harness/ngbench-apih}"
check ngbench-sandbox "${NGBENCH_SANDBOX:-harness/ngbench-sandbox}"
check ngbench-okparse "${NGBENCH_OKPARSE:-harness/ngbench-okparse}"
check ngbench-hostspeed "${NGBENCH_HOSTSPEED:-harness/ngbench-hostspeed}"
check ngbench-rec "${NGBENCH_REC:-report/ngbench-rec}"
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
version=$(cat "$src/VERSION")
# version NAME PATH: --version exits 0 and prints the name and the version
vcheck() {
    out=$(timeout 10 "$2" --version </dev/null 2>/dev/null)
    rc=$?
    case "$rc:$out" in
        0:*"$1"*"$version"*) echo "ok: $1 --version: $out" ;;
        *) fail "$1 --version: exit $rc, '$out'" ;;
    esac
}
# unknown NAME PATH [ARGS]: an unknown option exits 1, and the message names the tool
unknown() {
    name=$1 path=$2
    shift 2
    err=$(timeout 10 "$path" "$@" --no-such-option </dev/null 2>&1 >/dev/null)
    rc=$?
    case "$rc:$err" in
        1:"$name: "*) echo "ok: $name rejects an unknown option: $err" ;;
        *) fail "$name --no-such-option: exit $rc, '$err'" ;;
    esac
}
for t in ngbench-kat:${NGBENCH_KAT_TOOL:-kat/ngbench-kat} ngbench-stats:${NGBENCH_STATS:-measure/ngbench-stats} \
    ngbench-report:${NGBENCH_REPORT:-report/ngbench-report} ngbench-apih:${NGBENCH_APIH:-harness/ngbench-apih} \
    ngbench-sandbox:${NGBENCH_SANDBOX:-harness/ngbench-sandbox} ngbench-okparse:${NGBENCH_OKPARSE:-harness/ngbench-okparse} \
    ngbench-rec:${NGBENCH_REC:-report/ngbench-rec} ngbench-hostspeed:${NGBENCH_HOSTSPEED:-harness/ngbench-hostspeed} \
    hostinfo:$src/harness/hostinfo okcompilers:$src/harness/okcompilers; do
    vcheck "${t%%:*}" "${t#*:}"
    unknown "${t%%:*}" "${t#*:}"
done
unknown ngbench-report "${NGBENCH_REPORT:-report/ngbench-report}" merge
unknown ngbench-kat "${NGBENCH_KAT_TOOL:-kat/ngbench-kat}" check
w=${TMPDIR:-/tmp}/tools-help.$$
mkdir -p "$w"
# errors name the tool and the file
for t in "ngbench-kat:${NGBENCH_KAT_TOOL:-kat/ngbench-kat} manifest" "ngbench-stats:${NGBENCH_STATS:-measure/ngbench-stats}" \
    "ngbench-apih:${NGBENCH_APIH:-harness/ngbench-apih}" "ngbench-okparse:${NGBENCH_OKPARSE:-harness/ngbench-okparse}"; do
    name=${t%%:*}
    # shellcheck disable=SC2086 # a command and its subcommand
    err=$(${t#*:} "$w/nonexistent" 2>&1 >/dev/null)
    case $err in
        "$name: $w/nonexistent: "*) echo "ok: $name: a missing file: $err" ;;
        *) fail "$name on a missing file: '$err'" ;;
    esac
done
# --opt=value
printf 'sample 3\nsample 1\nsample 2\n' >"$w/s1"
out=$("${NGBENCH_KAT_TOOL:-kat/ngbench-kat}" check --tier=quick "$w/nonexistent" "$w/s1" 2>&1)
case $out in *"$w/nonexistent: cannot open"*) echo "ok: ngbench-kat check --tier=quick" ;; *) fail "ngbench-kat --tier=quick: $out" ;; esac
out=$("${NGBENCH_KAT_TOOL:-kat/ngbench-kat}" check --tier=slow a b 2>&1)
[ $? -eq 1 ] && echo "ok: ngbench-kat --tier=slow is a usage error" || fail "ngbench-kat --tier=slow: $out"
out=$("${NGBENCH_STATS:-measure/ngbench-stats}" --per-trial "$w/s1")
case $out in "trial trial=1 n=3 mean=2.0 median=2.0 "*) echo "ok: ngbench-stats --per-trial (-T)" ;; *) fail "ngbench-stats --per-trial: $out" ;; esac
out=$("${NGBENCH_REPORT:-report/ngbench-report}" status --results="$w/none" 2>&1)
case $out in *"$w/none: no such file or directory"*) echo "ok: ngbench-report --results=DIR" ;; *) fail "ngbench-report --results=DIR: $out" ;; esac
# a repeated okcompilers id: an error with file:line, the line skipped, the others kept
printf '@a gcc -O2\n# comment\n@a clang -O2\n@b cc\n' >"$w/okc"
out=$("${NGBENCH_OKPARSE:-harness/ngbench-okparse}" "$w/okc" 2>"$w/okc.err")
rc=$?
if [ $rc -eq 1 ] && grep -qx "ngbench-okparse: $w/okc:3: duplicate compiler id 'a' (first on line 1); skipped" "$w/okc.err" &&
    [ "$(printf '%s\n' "$out" | cut -f1,2 | tr '\t\n' ': ')" = "1:a 4:b " ]; then
    echo "ok: ngbench-okparse: a repeated id is an error with file:line"
else
    fail "ngbench-okparse on a repeated id: rc $rc, '$out', $(cat "$w/okc.err")"
fi
# the installed front end: a directory holding crypto_sign/ is benchmarked by default
mkdir -p "$w/lib/ngbench" "$w/bench/crypto_sign/mysig/ref" "$w/bench/crypto_sign/my-common" "$w/bench/crypto_kem/mykem/ref"
printf '#!/bin/sh\necho "do: $*"\n' >"$w/lib/ngbench/do"
chmod +x "$w/lib/ngbench/do"
sed -e "s|@libexecdir@|$w/lib|g" -e 's|@PACKAGE@|ngbench|g' -e "s|@[a-z_]*@|$w|g" "$src/ngbench.in" >"$w/ngbench"
out=$(cd "$w/bench" && sh "$w/ngbench" --quick 2>"$w/front.err")
if [ "$out" = "do: --quick crypto_sign/mysig crypto_kem/mykem" ] && grep -q "^ngbench: benchmarking the primitives in $w/bench: crypto_sign/mysig crypto_kem/mykem" "$w/front.err"; then
    echo "ok: ngbench in a directory with crypto_sign/ and crypto_kem/ benchmarks those and says so"
else
    fail "ngbench front end: '$out' / $(cat "$w/front.err")"
fi
out=$(cd "$w/bench" && sh "$w/ngbench" -c gcc crypto_sign/mysig 2>/dev/null)
[ "$out" = "do: -c gcc crypto_sign/mysig" ] && echo "ok: ngbench with a directory named runs that one" || fail "ngbench named: '$out'"
out=$(cd "$w/bench" && sh "$w/ngbench" merge -q 2>/dev/null)
[ "$out" = "do: merge -q" ] && echo "ok: ngbench merge is left alone" || fail "ngbench merge: '$out'"
out=$(cd "$w" && sh "$w/ngbench" --quick 2>/dev/null)
[ "$out" = "do: --quick" ] && echo "ok: elsewhere ngbench runs the shipped implementations" || fail "ngbench elsewhere: '$out'"
rm -rf "$w"
exit $((fails > 0))
