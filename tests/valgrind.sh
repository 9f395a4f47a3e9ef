#!/bin/sh
# valgrind.sh - the ICCS known-answer test and the multi-buffer SM3 checks
# under valgrind memcheck (errors are fatal). Skipped when valgrind is not
# installed.
set -u
srcdir=${srcdir:-.}
vg=${VALGRIND:-}
[ -n "$vg" ] || vg=$(command -v valgrind 2>/dev/null)
if [ -z "$vg" ]; then
    echo "SKIP: valgrind not found"
    exit 77
fi
status=0
for t in iccs-vectors iccs-sm3x; do
    if "$vg" --error-exitcode=99 --leak-check=full -q tests/$t "$srcdir/tests/iccs-vectors.txt" \
        2>tests/valgrind.err >tests/valgrind.out; then
        echo "PASS $t under valgrind: $(tail -n 1 tests/valgrind.out)"
        continue
    fi
    echo "FAIL $t under valgrind"
    grep -v Digestbitlen tests/valgrind.err | head -n 40
    status=1
done
exit $status
