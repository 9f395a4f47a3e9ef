/* cedrusalpha-strict.c - CEDRUSɑ beyond its KAT file (linked with the 160f
 * sources): the encoder against the spec's self-check values and the traced
 * chain lengths of Count 0, and sig_verify's strictness: wrong, truncated,
 * extended and huge lengths, modified messages, signatures and public keys
 * are all rejected, without reading outside the buffers (run it under
 * ASan/valgrind to check that part), and signing fails cleanly on bad input. */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "params.h"
#include "cedrus.h"
#include "drng.h"
#include "iccs_sig.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

static int failures, checks;

#define CHECK(cond, ...)                                         \
    do {                                                         \
        checks++;                                                \
        if (!(cond)) {                                           \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                        \
            fputc('\n', stderr);                                 \
            failures++;                                          \
        }                                                        \
    } while (0)

static void unhex(uint8_t *out, const char *hex, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static void test_encoder(void)
{
    /* spec §5: D[len][S] mod 2^128 for 160f, D[1][0], D[2][5], and the
     * layer-0 encoding of Count 0 (its input is the FORC public key). */
    static const unsigned want[CEDRUS_LEN] = {3,  1,  0,  0,  0,  0,  0,  0,  6,  7,  13, 5,  12, 3,
                                              14, 15, 13, 17, 11, 11, 16, 12, 11, 17, 17, 10, 16, 3,
                                              3,  12, 3,  3,  7,  15, 13, 9,  10, 13, 1,  15};
    uint64_t v[CEDRUS_LIMBS];
    uint8_t x[CEDRUS_N];
    unsigned lengths[CEDRUS_LEN], c, sum = 0;

    cedrus_encode_count(v, CEDRUS_LEN, CEDRUS_S);
    CHECK(v[1] == 0xE01508C0EAFD4EC1ULL && v[0] == 0x2DB573F21339879CULL, "D[len][S] self-check");
    cedrus_encode_count(v, 1, 0);
    CHECK(v[0] == 1 && v[1] == 0, "D[1][0] = 1");
    cedrus_encode_count(v, 2, 5);
    CHECK(v[0] == 6 && v[1] == 0, "D[2][5] = 6");

    unhex(x, "B2493A711A38F00EDA9343B990FEA4E7667E1376", CEDRUS_N);
    CHECK(cedrus_encode(lengths, x) == 0, "encoding the Count 0 FORC key");
    CHECK(memcmp(lengths, want, sizeof want) == 0, "Count 0 layer-0 chain lengths");
    /* Bytes past 8 * floor(n/8) do not take part (spec §14 item 5). */
    x[CEDRUS_N - 1] ^= 0xFF;
    CHECK(cedrus_encode(lengths, x) == 0 && memcmp(lengths, want, sizeof want) == 0,
          "the last n mod 8 bytes are ignored");
    /* Extremes of x still encode within the caps and to the target sum. */
    memset(x, 0xFF, sizeof x);
    CHECK(cedrus_encode(lengths, x) == 0, "x = 2^B - 1 encodes");
    for (c = 0; c < CEDRUS_LEN; c++) {
        CHECK(lengths[c] < CEDRUS_CHAIN_CAP(c), "chain %u within its cap", c);
        sum += lengths[c];
    }
    CHECK(sum == CEDRUS_S, "chain lengths sum to S");
}

static void flip(uint8_t *p, size_t i, uint8_t mask) { p[i] ^= mask; }

static void test_verify(void)
{
    static const char *msg = "CEDRUS strictness test message";
    unsigned long long pk_len = 0, sk_len = 0, sn_len = 0, mlen = strlen(msg);
    uint8_t seed[64], pk[CRYPTO_PUBLICKEYBYTES + 1], sk[CRYPTO_SECRETKEYBYTES];
    uint8_t *sn = malloc(CRYPTO_BYTES + 1), *m = malloc(mlen + 1), *m0 = malloc(1);
    size_t i;

    if (sn == NULL || m == NULL || m0 == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (uint8_t)(3 * i + 1);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    memcpy(m, msg, (size_t)mlen);
    CHECK(sig_keygen(pk, &pk_len, sk, &sk_len) == 0, "keygen");
    CHECK(pk_len == CRYPTO_PUBLICKEYBYTES && sk_len == CRYPTO_SECRETKEYBYTES, "key lengths");
    sn[CRYPTO_BYTES] = 0xA5;
    CHECK(sig_sign(sk, sk_len, m, mlen, sn, &sn_len) == 0, "sign");
    CHECK(sn_len == CRYPTO_BYTES && sn[CRYPTO_BYTES] == 0xA5, "signature length, no overrun");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == 0, "verify accepts the signature");

    /* Lengths: anything but the exact sizes is rejected before any read. */
    CHECK(sig_verify(pk, pk_len, sn, sn_len - 1, m, mlen) == -1, "truncated signature");
    CHECK(sig_verify(pk, pk_len, sn, sn_len + 1, m, mlen) == -1, "extended signature");
    CHECK(sig_verify(pk, pk_len, sn, 0, m, mlen) == -1, "empty signature");
    CHECK(sig_verify(pk, pk_len, sn, ULLONG_MAX, m, mlen) == -1, "sn_len ULLONG_MAX");
    CHECK(sig_verify(pk, pk_len, sn, sn_len + (1ULL << 32), m, mlen) == -1, "sn_len + 2^32");
    CHECK(sig_verify(pk, pk_len - 1, sn, sn_len, m, mlen) == -1, "short public key");
    CHECK(sig_verify(pk, pk_len + 1, sn, sn_len, m, mlen) == -1, "long public key");
    CHECK(sig_verify(pk, ULLONG_MAX, sn, sn_len, m, mlen) == -1, "pk_len ULLONG_MAX");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, ULLONG_MAX) < 0, "m_len ULLONG_MAX");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, ULLONG_MAX / 8) < 0, "m_len 2^61");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, (unsigned long long)SIZE_MAX) < 0, "m_len SIZE_MAX");
    CHECK(sig_verify(NULL, pk_len, sn, sn_len, m, mlen) < 0, "NULL public key");
    CHECK(sig_verify(pk, pk_len, NULL, sn_len, m, mlen) < 0, "NULL signature");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, NULL, mlen) < 0, "NULL message");

    /* Messages: shorter, longer, every byte modified. */
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen - 1) == -1, "truncated message");
    m[mlen] = 0;
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen + 1) == -1, "extended message");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m0, 0) == -1, "empty message");
    for (i = 0; i < mlen; i++) {
        flip(m, i, (uint8_t)(1u << (i % 8)));
        CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == -1, "message byte %zu modified", i);
        flip(m, i, (uint8_t)(1u << (i % 8)));
    }

    /* Signatures: one bit in R, every FORC node, every layer's first WOTS
     * value and AUTH node, the last byte, and a stride through the rest. */
    for (i = 0; i < CRYPTO_BYTES; i += (i < CEDRUS_N + CEDRUS_FORC_BYTES ? CEDRUS_N : 37)) {
        flip(sn, i, 0x10);
        CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == -1, "signature byte %zu modified", i);
        flip(sn, i, 0x10);
    }
    flip(sn, CRYPTO_BYTES - 1, 0x01);
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == -1, "last signature byte modified");
    flip(sn, CRYPTO_BYTES - 1, 0x01);

    /* Public key: seed and root. */
    for (i = 0; i < CRYPTO_PUBLICKEYBYTES; i += 7) {
        flip(pk, i, 0x80);
        CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == -1, "public key byte %zu modified", i);
        flip(pk, i, 0x80);
    }
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == 0, "still valid after the round trips");

    /* Signing: bad lengths fail and write no length; the empty message works. */
    sn_len = 0;
    CHECK(sig_sign(sk, sk_len - 1, m, mlen, sn, &sn_len) < 0 && sn_len == 0, "sign: short sk");
    CHECK(sig_sign(sk, ULLONG_MAX, m, mlen, sn, &sn_len) < 0 && sn_len == 0, "sign: huge sk_len");
    CHECK(sig_sign(sk, sk_len, m, ULLONG_MAX, sn, &sn_len) < 0 && sn_len == 0, "sign: huge m_len");
    CHECK(sig_sign(sk, sk_len, m0, 0, sn, &sn_len) == 0 && sn_len == CRYPTO_BYTES, "sign: empty message");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m0, 0) == 0, "verify: empty message");
    CHECK(sig_verify(pk, pk_len, sn, sn_len, m, mlen) == -1, "verify: other message");
    free(sn);
    free(m);
    free(m0);
}

int main(void)
{
    test_encoder();
    test_verify();
    if (failures) {
        printf("FAIL cedrusalpha-strict (%s): %d of %d checks failed\n", CRYPTO_ALGNAME, failures, checks);
        return 1;
    }
    printf("PASS cedrusalpha-strict (%s): %d checks\n", CRYPTO_ALGNAME, checks);
    return 0;
}
