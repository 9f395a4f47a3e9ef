/* uvw-strict.c - sig_verify of UVW (here UVW-128) must accept exactly the
 * signatures sig_sign makes and reject everything else without reading out
 * of bounds: wrong and hostile lengths, truncated and extended inputs,
 * modified messages, salts, error vectors and keys, non-canonical encodings,
 * the all-zero signature that crashes the submitted code, and NULL pointers.
 * Buffers are allocated to their exact sizes so that ASan/valgrind see any
 * overread. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drng.h"
#include "iccs_sig.h"
#include "params.h" /* the parameter set linked in: UVW_LAMBDA, UVW_K */

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static int failures;

#define EXPECT(cond, what)                                                  \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__, what); \
            failures++;                                                     \
        } else {                                                            \
            printf("ok   %s\n", what);                                      \
        }                                                                   \
    } while (0)

static unsigned char *xmalloc(size_t n)
{
    unsigned char *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "uvw-strict: out of memory\n");
        exit(99);
    }
    return p;
}

/* sig_verify on a private exact-size copy of sn (so that an overread past
 * sn_len is caught), with the given claimed length. */
static int verify_copy(unsigned char *pk, unsigned long long pklen, const unsigned char *sn,
                       size_t sncopy, unsigned long long snlen, unsigned char *m, unsigned long long mlen)
{
    unsigned char *c = xmalloc(sncopy);
    int rc;
    memcpy(c, sn, sncopy);
    rc = sig_verify(pk, pklen, c, snlen, m, mlen);
    free(c);
    return rc;
}

int main(void)
{
    const unsigned long long pkbytes = sig_get_pk_len_bytes(), skbytes = sig_get_sk_len_bytes(),
                             snbytes = sig_get_sn_len_bytes();
    unsigned long long pklen, sklen, snlen, snlen2;
    unsigned char *pk = xmalloc(pkbytes), *sk = xmalloc(skbytes), *sn = xmalloc(snbytes),
                  *sn2 = xmalloc(snbytes), *big = xmalloc(snbytes + 1);
    unsigned char seed[48], m[33], m0[1] = { 0 };
    /* sn = header (12 bytes) || salt || e as two planes of aw LE64 words */
    const size_t salt = 12, e = salt + UVW_LAMBDA / 8, aw = (UVW_K + 63) / 64, p1 = e + 8 * aw;
    size_t i;
    int rc;

    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(0xA0 + i);
    for (i = 0; i < sizeof m; i++)
        m[i] = (unsigned char)(3 * i + 1);
    init_random_number(&drng_algorithm, seed, sizeof seed);

    rc = sig_keygen(pk, &pklen, sk, &sklen);
    EXPECT(rc == 0 && pklen == pkbytes && sklen == skbytes, "keygen returns 0 and the getter sizes");
    rc = sig_sign(sk, sklen, m, sizeof m, sn, &snlen);
    EXPECT(rc == 0 && snlen == snbytes, "sign returns 0 and the getter size");
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m) == 0, "verify accepts the signature");
    rc = sig_sign(sk, sklen, m, 0, sn2, &snlen2);
    EXPECT(rc == 0 && sig_verify(pk, pklen, sn2, snlen2, m, 0) == 0, "empty message signs and verifies");
    EXPECT(sig_verify(pk, pklen, sn2, snlen2, m0, 1) == -1, "signature of the empty message, 1-byte message");
    EXPECT(sig_sign(sk, sklen - 1, m, sizeof m, sn2, &snlen2) == -1, "sign rejects a short secret key");
    EXPECT(sig_sign(sk, sklen + 1, m, sizeof m, sn2, &snlen2) == -1, "sign rejects a long secret key");

    /* lengths */
    EXPECT(verify_copy(pk, pklen, sn, snbytes - 1, snbytes - 1, m, sizeof m) == -1, "truncated signature");
    memcpy(big, sn, snbytes);
    big[snbytes] = 0;
    EXPECT(sig_verify(pk, pklen, big, snbytes + 1, m, sizeof m) == -1, "extended signature");
    EXPECT(verify_copy(pk, pklen, sn, 1, 0, m, sizeof m) == -1, "zero-length signature");
    EXPECT(verify_copy(pk, pklen, sn, snbytes, ULLONG_MAX, m, sizeof m) == -1, "sn_len = ULLONG_MAX");
    EXPECT(sig_verify(pk, pklen - 1, sn, snlen, m, sizeof m) == -1, "short public key");
    EXPECT(sig_verify(pk, pklen + 1, sn, snlen, m, sizeof m) == -1, "long public key length");
    EXPECT(sig_verify(pk, ULLONG_MAX, sn, snlen, m, sizeof m) == -1, "pk_len = ULLONG_MAX");
    EXPECT(sig_verify(pk, 0, sn, snlen, m, sizeof m) == -1, "pk_len = 0");
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, ULLONG_MAX) != 0, "m_len = ULLONG_MAX");
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, ULLONG_MAX / 8) != 0, "m_len = ULLONG_MAX / 8");
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m - 1) == -1, "message one byte shorter");
    EXPECT(sig_verify(NULL, pklen, sn, snlen, m, sizeof m) == -1, "NULL public key");
    EXPECT(sig_verify(pk, pklen, NULL, snlen, m, sizeof m) == -1, "NULL signature");
    EXPECT(sig_verify(pk, pklen, sn, snlen, NULL, sizeof m) == -1, "NULL message with a length");

    /* modified message, salt, e */
    m[5] ^= 0x01;
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m) == -1, "modified message");
    m[5] ^= 0x01;
    for (i = 0; i < 12; i++) {
        sn[i] ^= 0x01;
        EXPECT(verify_copy(pk, pklen, sn, snbytes, snlen, m, sizeof m) == -1, "modified signature header");
        sn[i] ^= 0x01;
    }
    sn[salt + 3] ^= 0x80;
    EXPECT(verify_copy(pk, pklen, sn, snbytes, snlen, m, sizeof m) == -1, "modified salt");
    sn[salt + 3] ^= 0x80;
    {
        /* flip the sign of one entry of e (nonzero stays nonzero): the weight
         * is unchanged, so only the syndrome check can reject it */
        size_t byte = e + 10, bit;
        for (bit = 0; bit < 8 && !((sn[byte] >> bit) & 1); bit++)
            ;
        sn[p1 + 10] ^= (unsigned char)(1u << bit);
        EXPECT(verify_copy(pk, pklen, sn, snbytes, snlen, m, sizeof m) == -1, "one entry of e negated");
        sn[p1 + 10] ^= (unsigned char)(1u << bit);
        /* two entries swapped keeps the weight too */
        memcpy(sn2, sn, snbytes);
        for (i = e; i < p1 && sn2[i] == 0xFF; i++)
            ;
        if (i < p1) {
            unsigned char z = (unsigned char)~sn2[i], o = sn2[i];
            unsigned zb = 0, ob = 0;
            while (!((z >> zb) & 1))
                zb++;
            while (!((o >> ob) & 1))
                ob++;
            sn2[i] = (unsigned char)(sn2[i] ^ (1u << zb) ^ (1u << ob));
            sn2[p1 + (i - e)] &= (unsigned char)~(1u << zb);
            sn2[p1 + (i - e)] &= (unsigned char)~(1u << ob);
            EXPECT(verify_copy(pk, pklen, sn2, snbytes, snlen, m, sizeof m) == -1, "e with a moved entry");
        }
    }
    /* non-canonical encodings of e */
    memcpy(sn2, sn, snbytes);
    for (i = e; i < p1 && sn2[i] == 0xFF; i++)
        ;
    if (i < p1) {
        unsigned char z = (unsigned char)~sn2[i];
        unsigned zb = 0;
        while (!((z >> zb) & 1))
            zb++;
        sn2[p1 + (i - e)] |= (unsigned char)(1u << zb); /* is-two without nonzero */
        EXPECT(verify_copy(pk, pklen, sn2, snbytes, snlen, m, sizeof m) == -1, "is-two bit outside nonzero");
    }
    if (UVW_K % 64) {
        memcpy(sn2, sn, snbytes);
        sn2[p1 - 1] |= 0x80; /* column 64 * aw - 1, past k */
        sn2[snbytes - 1] |= 0x80;
        EXPECT(verify_copy(pk, pklen, sn2, snbytes, snlen, m, sizeof m) == -1, "entry past column k");
    }

    /* all-zero and all-one signatures (the submitted code crashes on the first) */
    memset(sn2, 0, snbytes);
    EXPECT(verify_copy(pk, pklen, sn2, snbytes, snbytes, m, sizeof m) == -1, "all-zero signature");
    memcpy(sn2, sn, 12);
    EXPECT(verify_copy(pk, pklen, sn2, snbytes, snbytes, m, sizeof m) == -1, "header, then all zero");
    memset(sn2 + 12, 0xFF, snbytes - 12);
    EXPECT(verify_copy(pk, pklen, sn2, snbytes, snbytes, m, sizeof m) == -1, "header, then all ones");

    /* a signature for another message does not transfer */
    m[0] ^= 0xFF;
    rc = sig_sign(sk, sklen, m, sizeof m, sn2, &snlen2);
    m[0] ^= 0xFF;
    EXPECT(rc == 0 && sig_verify(pk, pklen, sn2, snlen2, m, sizeof m) == -1, "signature of another message");

    /* modified keys */
    pk[0] ^= 0x01;
    EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m) == -2, "public key with a modified header");
    pk[0] ^= 0x01;
    {
        /* Change R[0][c] at a column c where e is nonzero to each of its two
         * other values: f[0] then takes its two other values, and at least
         * one of them changes wt(f) (one is zero if f[0] is not). */
        size_t c, byte, bit, nz = 12, tw = 12 + 8 * aw;
        int accepted = 0, v;
        for (c = 0; !((sn[e + c / 8] >> (c % 8)) & 1); c++)
            ;
        byte = c / 8;
        bit = c % 8;
        for (v = 0; v < 2; v++) {
            unsigned char o0 = pk[nz + byte], o1 = pk[tw + byte], b = (unsigned char)(1u << bit);
            unsigned cur = (o0 & b) ? ((o1 & b) ? 2u : 1u) : 0u, nv = (cur + 1 + (unsigned)v) % 3;
            pk[nz + byte] = (unsigned char)((o0 & ~b) | (nv ? b : 0));
            pk[tw + byte] = (unsigned char)((o1 & ~b) | (nv == 2 ? b : 0));
            accepted += sig_verify(pk, pklen, sn, snlen, m, sizeof m) == 0;
            pk[nz + byte] = o0;
            pk[tw + byte] = o1;
        }
        EXPECT(accepted < 2, "public key with a modified entry of R");
        /* an is-two bit without its nonzero bit: not a key this code made */
        for (c = 0; (pk[nz + c / 8] >> (c % 8)) & 1; c++)
            ;
        pk[tw + c / 8] ^= (unsigned char)(1u << (c % 8));
        EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m) == -2, "non-canonical public key");
        pk[tw + c / 8] ^= (unsigned char)(1u << (c % 8));
        EXPECT(sig_verify(pk, pklen, sn, snlen, m, sizeof m) == 0, "restored public key verifies again");
    }

    free(pk);
    free(sk);
    free(sn);
    free(sn2);
    free(big);
    if (failures) {
        fprintf(stderr, "uvw-strict: %d failure(s)\n", failures);
        return 1;
    }
    printf("uvw-strict: all checks passed\n");
    return 0;
}
