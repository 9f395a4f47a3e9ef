#!/bin/sh
# report-units.sh - the human units of the pages (k/M/G cycles, ns/µs/ms/s,
# three significant digits, percentages, bytes and KiB) on the seed pages'
# values and on every unit boundary, compared with report-units.exp.
set -u
srcdir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd)}
mkdir -p tests/report-units.d
./tests/report-units >tests/report-units.d/out || { echo "FAIL: report-units crashed"; exit 1; }
if cmp -s "$srcdir/tests/report-units.exp" tests/report-units.d/out; then
    echo "ok: $(wc -l <tests/report-units.d/out) formatted values as expected"
    exit 0
fi
echo "FAIL: unit formatting differs from tests/report-units.exp:"
diff "$srcdir/tests/report-units.exp" tests/report-units.d/out
exit 1
