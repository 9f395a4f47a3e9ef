#!/bin/sh
# do-iccs.sh - ./do --iccs submission end to end: a NICCS folder that ships
# its own (deliberately slow) copies of the ICCS package in lib/ is built,
# KAT-checked and measured twice, on ngbench's layer and on its own, and the
# records and the page say which layer each figure used; a folder without
# copies is built once, and ./do says so. Then the profile's first call
# apart from the steady state: a signer whose first call fills a cache of
# 16 hashes.
set -u
. "${NGBENCH_DATADIR:-$(dirname "$0")/..}/tests/do-lib.sh"
setup do-iccs

# owniccs: the niccssig instance, with ngbench's ICCS sources as its lib/
# copies, pseudoXOF slowed down by a spin (same answers, so the same KAT)
o=$work/src/crypto_sign/owniccs/ref
mkdir -p "$o/lib"
cp "$fix/crypto_sign/niccssig/ref/SIG_AlgorithmInstance.c" "$fix/crypto_sign/niccssig/ref/SIG_AlgorithmInstance.h" \
    "$fix/crypto_sign/niccssig/ref/KAT_SIG.c" "$o/"
cp "$fix/crypto_sign/niccssig/kat.sha256" "$o/../"
for f in sm3.c sm3.h sm3-sched.h auxfunc.h drng.c drng.h; do cp "$datadir/iccs/$f" "$o/lib/"; done
sed 's/^int pseudoXOF(/static int fast_pseudoXOF(/' "$datadir/iccs/auxfunc.c" >"$o/lib/auxfunc.c"
cat >>"$o/lib/auxfunc.c" <<'C'

/* the fixture's slow copy: the same answers, after a spin */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *output)
{
    volatile unsigned long spin = 0;
    while (spin < 400000UL)
        spin++;
    return fast_pseudoXOF(output_len_bits, msg, msg_len_bits, output);
}
C
# cachesig: toysig, whose first sign call of a process hashes 16 times more
c=$work/src/crypto_sign/cachesig/ref
mkdir -p "$c"
cp "$fix/crypto_sign/toysig/ref/api.h" "$c/"
cp "$fix/crypto_sign/toysig/kat.sha256" "$c/../"
sed 's/^int sig_sign(/static int plain_sign(/' "$fix/crypto_sign/toysig/ref/toysig.c" >"$c/toysig.c"
cat >>"$c/toysig.c" <<'C'

/* a one-time table, as some submissions build on first use */
int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m, unsigned long long m_len,
             unsigned char *sn, unsigned long long *sn_len)
{
    static int filled;
    static unsigned char table[32];
    int i;
    for (i = 0; !filled && i < 16; i++)
        sm3hash(256, table, 256, table);
    filled = 1;
    return plain_sign(sk, sk_len, m, m_len, sn, sn_len);
}
C

"$datadir/do" --results="$work/res" --okcompilers="$work/okcompilers" --iccs submission \
    --trials=2 --min-calls 4 --min-time=0.01 --budget 1 \
    "$work/src/crypto_sign/owniccs" "$work/src/crypto_sign/cachesig" "$fix/crypto_sign/toysig" >"$work/do.out" 2>&1 ||
    { cat "$work/do.out"; bad "./do --iccs submission failed"; }

for t in owniccs/ref/cc owniccs/ref/cc+own-iccs cachesig/ref/cc toysig/ref/cc; do
    s=$(status_of "crypto_sign/$t")
    [ "$s" = PASS ] && ok "$t: PASS" || bad "$t: status '$s'"
done
[ -z "$(status_of crypto_sign/toysig/ref/cc+own-iccs)" ] && [ -z "$(status_of crypto_sign/cachesig/ref/cc+own-iccs)" ] &&
    ok "folders without copies: one target each" || bad "a folder without copies got an own-iccs target"
grep -q "toysig.*no copies of the ICCS package" "$work/do.out" && ok "./do names the folder without copies" ||
    bad "./do did not say that toysig has no copies"

layer() { "$rec" get -k build -w @target="crypto_sign/$1" -f iccs,sources,excluded "$data" | tail -n 1; }
l=$(layer owniccs/ref/cc)
case $l in ngbench*lib/auxfunc.c\(iccs-package\)*) ok "cc: ngbench's layer, the copies left out" ;; *) bad "cc build: '$l'" ;; esac
l=$(layer owniccs/ref/cc+own-iccs)
case $l in submission*lib/auxfunc.c*) ok "cc+own-iccs: the submission's layer, its copies compiled" ;; *) bad "cc+own-iccs build: '$l'" ;; esac
"$rec" get -k compiler -w @compiler=cc+own-iccs -f iccs "$data" | grep -qx submission &&
    ok "a compiler record for cc+own-iccs says iccs=submission" || bad "no compiler record for cc+own-iccs"

# the slow copies show: pseudoXOF per call, and sign as a whole
per() { "$rec" get -k profile -w @target="crypto_sign/owniccs/ref/$1" -w op=sign -w function=pseudoXOF -f cycles,calls "$data" |
    awk -F '\t' '$2 > 0 { printf "%.0f", $1 / $2 }'; }
fast=$(per cc) slow=$(per cc+own-iccs)
[ -n "$fast" ] && [ -n "$slow" ] && [ "$slow" -gt $((3 * fast)) ] &&
    ok "pseudoXOF: $slow cycles a call on the submission's copy, $fast on ngbench's" ||
    bad "pseudoXOF cycles a call: submission '$slow', ngbench '$fast'"

# the page: which layer, for each compiler id
report=${NGBENCH_REPORT:-$PWD/report/ngbench-report}
"$report" merge -o "$work/rep" "$work/res" >"$work/merge.out" 2>&1 || { cat "$work/merge.out"; bad "merge failed"; }
p=$work/rep/pages/testhost/owniccs.md
grep -q "ICCS layer" "$p" && grep -q "submission" "$p" && ok "the page names the ICCS layer" ||
    bad "no ICCS layer on the owniccs page"
# the first call apart: 16 + 1 hashes, then 1 a call
f=$("$rec" get -k profile -w @target=crypto_sign/cachesig/ref/cc -w op=sign -w function=sm3hash -f calls,first_calls "$data")
[ "$f" = "1	17" ] && ok "cachesig sign: 1 sm3hash a call, 17 in the first" || bad "cachesig sign profile calls/first_calls: '$f'"
"$report" check -o "$work/rep" "$work/res" >"$work/check.out" 2>&1 && ok "ngbench-report check passes" ||
    { head -n 20 "$work/check.out"; bad "ngbench-report check failed"; }
[ "$fails" -eq 0 ]
