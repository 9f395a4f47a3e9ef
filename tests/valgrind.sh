#!/bin/sh
# valgrind.sh - the ICCS known-answer test under valgrind memcheck (errors are
# fatal). Skipped when valgrind is not installed.
set -u
srcdir=${srcdir:-.}
vg=${VALGRIND:-}
[ -n "$vg" ] || vg=$(command -v valgrind 2>/dev/null)
if [ -z "$vg" ]; then
    echo "SKIP: valgrind not found"
    exit 77
fi
if "$vg" --error-exitcode=99 --leak-check=full -q tests/iccs-vectors "$srcdir/tests/iccs-vectors.txt" \
    2>tests/valgrind.err >tests/valgrind.out; then
    echo "PASS iccs-vectors under valgrind: $(tail -n 1 tests/valgrind.out)"
    exit 0
fi
echo "FAIL iccs-vectors under valgrind"
grep -v Digestbitlen tests/valgrind.err | head -n 40
exit 1
