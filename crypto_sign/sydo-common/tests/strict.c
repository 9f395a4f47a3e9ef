/* sydo-strict.c - sig_verify of SYDO is strict (built for sydo_160s, a set that
 * grinds, so that the zero bits of delta are checked too): every length must
 * be exact, huge lengths are refused without reading, and a change anywhere in
 * the message, the public key or any field of the signature (the VOLE
 * commitment, the VOLE-check proof, the witness correction, the QuickSilver
 * proof, the commitments and nodes of the opening and its zero padding, the
 * challenge delta, the iv, the counter) is rejected. */
#include <limits.h>
#include <stdint.h>

#include "drng.h"
#include "iccs_sig.h"
#include "sydo.h"
#include "sydo-test.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static unsigned char pk[SYDO_PKB], sk[SYDO_SKB], sn[SYDO_SIGB + 1], m[64];

/* verify with one bit of field byte `at` flipped; must be rejected */
static void flip_sig(size_t at, unsigned char bit, const char *what)
{
    sn[at] ^= bit;
    if (sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) != -1) {
        fprintf(stderr, "%s:%d: FAIL: accepted a signature with byte %lu changed (%s)\n", __FILE__, __LINE__,
                (unsigned long)at, what);
        failures++;
    }
    sn[at] ^= bit;
}

static void run(void)
{
    unsigned char seed[48], m2[sizeof m + 1], *big;
    unsigned long long pk_len = SYDO_PKB, sk_len = SYDO_SKB, sn_len = SYDO_SIGB, n0;
    size_t revealed_end, i;

    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)i;
    for (i = 0; i < sizeof m; i++)
        m[i] = (unsigned char)(0x40 + i);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    CHECK(sig_keygen(pk, &pk_len, sk, &sk_len) == 0, "keygen");
    CHECK(sig_sign(sk, sk_len, m, sizeof m, sn, &sn_len) == 0, "sign");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == 0, "a valid signature verifies");

    /* lengths */
    CHECK(sig_verify(pk, SYDO_PKB - 1, sn, SYDO_SIGB, m, sizeof m) == -1, "pk one byte short");
    CHECK(sig_verify(pk, SYDO_PKB + 1, sn, SYDO_SIGB, m, sizeof m) == -1, "pk one byte long");
    CHECK(sig_verify(pk, 0, sn, SYDO_SIGB, m, sizeof m) == -1, "pk of length 0");
    CHECK(sig_verify(pk, ULLONG_MAX, sn, SYDO_SIGB, m, sizeof m) == -1, "pk of length ULLONG_MAX");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB - 1, m, sizeof m) == -1, "signature truncated by one byte");
    sn[SYDO_SIGB] = 0;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB + 1, m, sizeof m) == -1, "signature extended by one byte");
    CHECK(sig_verify(pk, SYDO_PKB, sn, 0, m, sizeof m) == -1, "signature of length 0");
    CHECK(sig_verify(pk, SYDO_PKB, sn, ULLONG_MAX, m, sizeof m) == -1, "signature of length ULLONG_MAX");
    /* huge message lengths: refused before reading m (a 64-byte buffer) */
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, ULLONG_MAX) == -1, "message of length ULLONG_MAX");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, ULLONG_MAX / 8) == -1, "message of length 2^61");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, (unsigned long long)SIZE_MAX) == -1, "message of SIZE_MAX");
    CHECK(sig_verify(NULL, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == -1, "NULL pk");
    CHECK(sig_verify(pk, SYDO_PKB, NULL, SYDO_SIGB, m, sizeof m) == -1, "NULL signature");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, NULL, sizeof m) == -1, "NULL message of non-zero length");

    /* the message: changed, truncated, extended */
    m[7] ^= 0x20;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == -1, "modified message");
    m[7] ^= 0x20;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m - 1) == -1, "truncated message");
    memcpy(m2, m, sizeof m);
    m2[sizeof m] = 0;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m2, sizeof m2) == -1, "extended message");

    /* the public key: seed_pk and syndrome */
    pk[1] ^= 0x80;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == -1, "modified seed_pk");
    pk[1] ^= 0x80;
    pk[SYDO_PKB - 1] ^= 0x01;
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == -1, "modified syndrome");
    pk[SYDO_PKB - 1] ^= 0x01;

    /* every field of the signature */
    flip_sig(SYDO_SIG_C, 0x01, "first byte of C");
    flip_sig(SYDO_SIG_UT - 1, 0x80, "last byte of C");
    flip_sig(SYDO_SIG_UT + 3, 0x02, "VOLE-check proof");
    flip_sig(SYDO_SIG_D + 2, 0x10, "witness correction");
    flip_sig(SYDO_SIG_QS, 0x01, "c_1");
    flip_sig(SYDO_SIG_QS + SYDO_LB + 5, 0x40, "c_2");
    flip_sig(SYDO_SIG_QS + 3 * SYDO_LB - 1, 0x80, "c_3");
    flip_sig(SYDO_SIG_OPEN + 1, 0x01, "commitment of a hidden leaf");
    flip_sig(SYDO_SIG_OPEN + SYDO_TAU * 2 * SYDO_LB, 0x01, "first revealed node");
    /* the opening's padding: the bytes after the last revealed node */
    revealed_end = SYDO_SIG_DELTA;
    while (revealed_end > SYDO_SIG_OPEN + SYDO_TAU * 2 * SYDO_LB && sn[revealed_end - 1] == 0)
        revealed_end--;
    CHECK(revealed_end < SYDO_SIG_DELTA, "the signature has opening padding");
    flip_sig(SYDO_SIG_DELTA - 1, 0x01, "last byte of the opening padding");
    flip_sig(revealed_end + (SYDO_SIG_DELTA - revealed_end) / 2, 0x10, "middle of the opening padding");
    flip_sig(SYDO_SIG_DELTA, 0x01, "delta, lowest bit");
    flip_sig(SYDO_SIG_DELTA + SYDO_LB - 1, 0x80, "delta, top bit (a grinding bit at s-sets)");
    flip_sig(SYDO_SIG_IV + 4, 0x08, "iv");
    flip_sig(SYDO_SIG_CTR, 0x01, "counter");
    flip_sig(SYDO_SIG_CTR + 3, 0x80, "counter, top byte");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, sizeof m) == 0, "the restored signature verifies again");

    /* the empty message, passed as NULL */
    n0 = SYDO_SIGB;
    CHECK(sig_sign(sk, sk_len, NULL, 0, sn, &n0) == 0, "sign the empty message");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, NULL, 0) == 0, "verify the empty message");
    CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, m, 1) == -1, "the empty message's signature on one byte");

    /* a long message (64 KiB) */
    big = calloc(1, 65536);
    if (big) {
        n0 = SYDO_SIGB;
        CHECK(sig_sign(sk, sk_len, big, 65536, sn, &n0) == 0, "sign 64 KiB");
        CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, big, 65536) == 0, "verify 64 KiB");
        big[65535] = 1;
        CHECK(sig_verify(pk, SYDO_PKB, sn, SYDO_SIGB, big, 65536) == -1, "64 KiB, last byte changed");
        free(big);
    }
}

int main(void)
{
    each_backend(run);
    return finish("sydo-strict");
}
