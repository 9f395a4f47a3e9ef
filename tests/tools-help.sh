#!/bin/sh
# tools-help.sh - every tool and script a user runs answers --help: exit 0,
# a text on stdout naming the tool, within seconds (and without doing its
# job: harness-bench.sh once ran the benchmark when asked for help).
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
for t in build-impl hostinfo run-target records-json arch-ok; do check "$t" "$src/harness/$t"; done
for t in harness-bench.sh uvw-bench.sh campaign-bench.sh opt-bench.sh; do check "$t" "$src/bench/$t"; done
check check-package.sh "$src/debian/check-package.sh"
check slurm-array.sh "$src/doc/slurm-array.sh"
check ngbench-kat "${NGBENCH_KAT_TOOL:-kat/ngbench-kat}"
check ngbench-stats "${NGBENCH_STATS:-measure/ngbench-stats}"
check ngbench-report "${NGBENCH_REPORT:-report/ngbench-report}"
check ngbench-apih "${NGBENCH_APIH:-harness/ngbench-apih}"
check ngbench-sandbox "${NGBENCH_SANDBOX:-harness/ngbench-sandbox}"
check ngbench-okparse "${NGBENCH_OKPARSE:-harness/ngbench-okparse}"
exit $((fails > 0))
