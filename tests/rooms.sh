#!/bin/sh
# rooms.sh - the tree keeps its rooms by side (issue 28 step 4): what is
# linked into an implementation lives in target/ (and the record encoder of
# report/), drng_algorithm is defined once (target/target.c) for every
# program, test and benchmark of ngbench's own, the getters are read only by
# target/ops.c, and the scripts share one stale-pid lock (harness/records.sh).
# Submissions (the implementation folders and the fixtures that imitate
# them) are not ngbench's code and may define what they like.
set -u
datadir=${NGBENCH_DATADIR:-$(cd "$(dirname "$0")/.." && pwd -P)}
cd "$datadir" || exit 1
status=0
ok() { echo "PASS $1"; }
bad() { echo "FAIL $1"; status=1; }

# ngbench's own C: the layers, the tools, the tests and benchmarks, the
# scheme tests (<scheme>-common/tests), never the implementations
own=$(find iccs kat measure harness report target tests bench fuzz crypto_sign/*-common/tests crypto_kem/*-common/tests \
    \( -path tests/fixtures -o -name '*.d' -o -name fuzz-out \) -prune -o -name '*.[ch]' -type f -print 2>/dev/null | LC_ALL=C sort)
defs=$(grep -lE '^[[:space:]]*DRNG_ctx[[:space:]]+drng_algorithm[[:space:]]*(=[^;]*)?;' $own)
[ "$defs" = target/target.c ] && ok "drng_algorithm is defined once, in target/target.c" ||
    bad "drng_algorithm defined in: $(echo $defs)"

# every harness object build-impl compiles comes from target/ or is the
# record encoder (report/record.c, schema.c, buf.c)
srcs=$(sed -n 's/.*_hs=\([^ ;]*\).*/\1/p' harness/build-impl | sort -u)
[ -n "$srcs" ] || bad "no harness object found in build-impl (has its case changed?)"
out=
for s in $srcs; do
    case $s in target/* | report/\$1.c) ;; *) out="$out $s" ;; esac
done
[ -z "$out" ] && ok "build-impl's harness objects come from target/ (and the record encoder): $(echo $srcs)" ||
    bad "harness objects outside target/:$out"
# the getters are called by target/ops.c alone (the NIST adapters define them)
calls=$(grep -nE '(sig|kem)_get_[a-z]+_len_bytes[[:space:]]*\(\)' target/*.c | grep -v '^target/ops\.c:')
[ -z "$calls" ] && ok "the getters are read in one place (op_claims, target/ops.c)" || bad "getter calls outside ops.c: $calls"
# every program build-impl links takes ops
nops=$(grep -cE '^ *(katgen|try|speed|measure|ct)\) link .*ops-\$kind|^ *(probe|profile) ops-\$kind' harness/build-impl)
[ "$nops" -ge 7 ] && ok "all 7 programs link target/ops.c ($nops)" || bad "only $nops of the 7 programs build-impl links take ops-\$kind"

# one stale-pid lock: no script but records.sh loops on mkdir for a lock
locks=$(grep -lE '(until|while !) mkdir' do harness/* tests/*.sh bench/* 2>/dev/null | grep -v '^harness/records\.sh$' |
    grep -v '^tests/rooms\.sh$')
[ -z "$locks" ] && ok "one lock helper (lock_take in harness/records.sh)" || bad "own lock loops in: $(echo $locks)"
exit $status
