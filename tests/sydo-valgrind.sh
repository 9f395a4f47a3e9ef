#!/bin/sh
# sydo-valgrind.sh - SYDO's signature-layer test (key generation, signing,
# verification and the refused calls, at sydo_160f) and its BAVC test (opening
# and reconstruction, strict rejections) under valgrind memcheck; any error or
# leak is fatal. Skipped when valgrind is not installed.
set -u
vg=${VALGRIND:-}
[ -n "$vg" ] || vg=$(command -v valgrind 2>/dev/null)
if [ -z "$vg" ]; then
    echo "SKIP: valgrind not found"
    exit 77
fi
status=0
for t in sydo-sign sydo-bavc; do
    if "$vg" --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect -q \
        "tests/$t" >"tests/$t-vg.out" 2>"tests/$t-vg.err"; then
        echo "PASS $t under valgrind: $(tail -n 1 "tests/$t-vg.out")"
    else
        echo "FAIL $t under valgrind"
        head -n 40 "tests/$t-vg.err"
        status=1
    fi
done
exit $status
