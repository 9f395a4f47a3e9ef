/* yuanyang-strict.c - strictness of one YuanYang.KEM parameter set, built
 * once per set (make check) with that set's ref/ directory on the include
 * path and its sources linked in.
 *
 * On the key and ciphertext of KAT record 0 it checks: the spec's extra
 * vectors (a flipped ciphertext bit, and a changed c_0 that the error
 * correction repairs, spec §11); that every single-byte change of the
 * ciphertext, and of H_pk or pk inside sk, gives the implicit-rejection
 * secret PH512(K' || ct || 0x2B) and never the original one; that wrong
 * lengths (ULLONG_MAX included) and NULL pointers are refused without writing
 * anything; that hostile inputs of the right length decapsulate
 * deterministically; and that the inverses behind keygen are inverses (and a
 * non-unit is refused). Buffers have exactly the sizes the getters claim, so a
 * sanitizer build of this program catches any out-of-bounds access. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "auxfunc.h"
#include "drng.h"
#include "iccs_kem.h"
#include "../ref/yuanyang.h"
#include "check.h"

#include "target.h" /* drng_algorithm: defined once, in target/target.c */

/* Spec §11 and the KAT files: record 0's shared secret; the secret after
 * flipping bit 0 of ct[0]; c_0 of record 0 and the change Delta that the
 * error correction repairs, with the resulting (rejection) secret. */
#if YY_D == 512
#define SS_COUNT0 "6B4FB8CCBF43D556B33E431EDA9AAFA9"
#define SS_FLIP "200809C386907AAB40D91B904E81196E"
#define C0 602
#define DELTA 47
#define SS_CORR "8E0AD58E47FC4638DC9DA6A8A35FE76A"
#elif YY_D == 1024
#define SS_COUNT0 "C0CFAB81AA8EFE3E1BA3DFB93CFBB0A363CD9A4A1BDAF959CF78144F8F3DB384"
#define SS_FLIP "FBED6F5CA473F11458A9CA39E1BE330FB6D7263EED138DB76D7A701E40440FF3"
#define C0 835
#define DELTA 73
#define SS_CORR "169D21DFB08983208A559FBBFEE4A77C1FF854C1CFB328DBFB665788982190A8"
#elif YY_D == 2048
#define SS_COUNT0                                                        \
    "92F41528F93F642B93DF49A757FCDCEDC46222D7966E39F3DEC9494B17BDC86A" \
    "3A56C1A05829A2BC03385E16082C7A97F3E4E15F5D673D16BD43787402D65A8C"
#define SS_FLIP                                                          \
    "A749FB1F39EECA4EEAB11CB6C1C25871E4A3463103FF5B109C0954B5A49CA6C9" \
    "6CC05F38C4D5B1BBF97A8DC238E1BCBC9FFDEC4B85F2246314A6D2AFB23576E1"
#define C0 1505
#define DELTA 115
#define SS_CORR                                                          \
    "B873BBFB3EE5104D651FE7B5C84269B140503B77C0EF3A16F4E8A74C721E1298" \
    "D42E57AABFC0FCD37008751A268D0BEA3706ED621C86FFED936A171302E11036"
#else
#error "no vectors for this parameter set"
#endif

#define PK CRYPTO_PUBLICKEYBYTES
#define SK CRYPTO_SECRETKEYBYTES
#define CT CRYPTO_CIPHERTEXTBYTES
#define SS CRYPTO_BYTES
#define CANARY 0xA5

static unsigned char *xmalloc(size_t n)
{
    unsigned char *p = malloc(n);
    if (p == NULL) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
    return p;
}

static int equal_hex(const unsigned char *b, size_t n, const char *hex)
{
    size_t i;
    char two[3];
    if (strlen(hex) != 2 * n)
        return 0;
    for (i = 0; i < n; i++) {
        sprintf(two, "%02X", b[i]);
        if (memcmp(two, hex + 2 * i, 2) != 0)
            return 0;
    }
    return 1;
}

static int all_canary(const unsigned char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i] != CANARY)
            return 0;
    return 1;
}

/* The implicit-rejection secret the spec prescribes for ct under sk. */
static void rejection_secret(unsigned char out[SS], const unsigned char *sk, const unsigned char *ct)
{
    unsigned char in[SS + CT + 1], h[64];
    memcpy(in, sk + YY_SK_KPRIME, SS);
    memcpy(in + SS, ct, CT);
    in[SS + CT] = 0x2B;
    pseudohash(512, in, 8 * (unsigned long long)sizeof in, h);
    memcpy(out, h, SS);
}

/* kem_dec of ct under sk must return 0 and give exactly want. */
static void expect_dec(unsigned char *sk, unsigned char *ct, const unsigned char want[SS], const char *what)
{
    unsigned char *ss = xmalloc(SS);
    unsigned long long ss_len = 0;
    int rc = kem_dec(sk, SK, ct, CT, ss, &ss_len);
    CHECK(rc == 0 && ss_len == SS && memcmp(ss, want, SS) == 0, what);
    free(ss);
}

/* A wrong length or a NULL must be refused with rc and touch nothing. */
static void expect_refused(int rc, int want, const unsigned char *ss, unsigned long long ss_len, const char *what)
{
    CHECK(rc == want, what);
    CHECK(all_canary(ss, SS) && ss_len == 12345, what);
}

int main(void)
{
    static const unsigned char seed_init[] = "seedseedseedseedseedseedseedseedseedseedseedseedseedseedseedseed";
    DRNG_ctx seeds, before;
    unsigned char seed[64];
    unsigned char *pk = xmalloc(PK), *sk = xmalloc(SK), *ct = xmalloc(CT), *ss = xmalloc(SS);
    unsigned char *ss0 = xmalloc(SS), *ct2 = xmalloc(CT), *sk2 = xmalloc(SK), *want = xmalloc(SS);
    unsigned char *big = xmalloc(CT + SK + 1);
    unsigned char msg0[YY_S], msg1[YY_S];
    unsigned long long pk_len = 0, sk_len = 0, ss_len = 0, ct_len = 0;
    uint16_t c[YY_D];
    const unsigned long long bad_ct[] = {0, 1, CT - 1, CT + 1, 2 * CT, ULLONG_MAX, ULLONG_MAX - CT + 1};
    const unsigned long long bad_sk[] = {0, SK - 1, SK + 1, ULLONG_MAX, ULLONG_MAX - SK + 1};
    size_t i;
    int rc;

    /* sizes */
    CHECK(kem_get_pk_len_bytes() == PK && PK == YY_PK_BYTES, "pk size");
    CHECK(kem_get_sk_len_bytes() == SK && SK == YY_SK_BYTES, "sk size");
    CHECK(kem_get_ct_len_bytes() == CT && CT == YY_CT_BYTES, "ct size");
    CHECK(kem_get_ss_len_bytes() == SS && SS == YY_S, "ss size");

    /* record 0 of the KAT file, as the official driver makes it */
    init_random_number(&seeds, seed_init, 64);
    get_random_number(&seeds, seed, 512);
    init_random_number(&drng_algorithm, seed, sizeof seed);
    CHECK(kem_keygen(pk, &pk_len, sk, &sk_len) == 0 && pk_len == PK && sk_len == SK, "keygen");
    CHECK(kem_enc(pk, pk_len, ss0, &ss_len, ct, &ct_len) == 0 && ss_len == SS && ct_len == CT, "enc");
    CHECK(equal_hex(ss0, SS, SS_COUNT0), "record 0 shared secret");
    expect_dec(sk, ct, ss0, "decapsulation of record 0");

    /* spec §11.1: bit 0 of ct[0] flipped */
    memcpy(ct2, ct, CT);
    ct2[0] ^= 1;
    rejection_secret(want, sk, ct2);
    CHECK(equal_hex(want, SS, SS_FLIP), "rejection secret vector (flipped bit)");
    expect_dec(sk, ct2, want, "flipped bit gives the rejection secret");

    /* spec §11.2: c_0 moved by Delta is repaired by the error correction
     * (the same msg comes out), and the changed ct is still rejected */
    yy_unpack_ct(c, ct);
    CHECK(c[0] == C0, "c_0 of record 0");
    c[0] = (uint16_t)((c[0] + DELTA) % (YY_BC - 1));
    memcpy(ct2, ct, CT);
    yy_pack_ct(ct2, c);
    yy_decrypt(msg0, sk, ct);
    yy_decrypt(msg1, sk, ct2);
    CHECK(memcmp(msg0, msg1, YY_S) == 0, "error correction repairs c_0 + Delta");
    rejection_secret(want, sk, ct2);
    CHECK(equal_hex(want, SS, SS_CORR), "rejection secret vector (corrected c_0)");
    expect_dec(sk, ct2, want, "corrected c_0 still gives the rejection secret");

    /* the inverses behind keygen: f f^-1 = 1 in R_q and f F2inv = 1 mod
     * (2, x^n + 1); a polynomial with a zero NTT residue is refused (a path
     * the KATs never take) */
    {
        int8_t f[YY_D];
        uint16_t fh[YY_D], inv[YY_D];
        uint64_t fb[YY_W], f2[YY_W], one[YY_W];
        for (i = 0; i < YY_D; i++)
            f[i] = (int8_t)(sk[i] < 128 ? sk[i] : sk[i] - 256);
        yy_poly_from_small(fh, f);
        yy_poly_ntt(fh);
        CHECK(yy_poly_baseinv(inv, fh) == 0, "f is invertible mod q");
        yy_poly_basemul(inv, inv, fh);
        yy_poly_invntt(inv);
        for (i = 0; i < YY_D; i++)
            CHECK(inv[i] == (i == 0), "f f^-1 = 1 mod q");
        for (i = 0; i < YY_D >> YY_NTT_LEVELS; i++)
            fh[3 * (YY_D >> YY_NTT_LEVELS) + i] = 0;
        CHECK(yy_poly_baseinv(inv, fh) == -1, "a zero residue is not invertible");
        yy_gf2_from_small(fb, f);
        for (i = 0; i < YY_W; i++)
            f2[i] = 0;
        for (i = 0; i < YY_N; i++)
            f2[i / 64] |= (uint64_t)(sk[YY_SK_F2INV + i] & 1) << (i % 64);
        yy_gf2_mul(one, fb, f2);
        for (i = 0; i < YY_W; i++)
            CHECK(one[i] == (i == 0), "f F2inv = 1 mod (2, x^n + 1)");
    }

    /* every byte of ct changed in turn (a different bit each time, so both
     * the packed part and u are covered): never the original secret */
    for (i = 0; i < CT; i++) {
        memcpy(ct2, ct, CT);
        ct2[i] ^= (unsigned char)(1u << (i % 8));
        rejection_secret(want, sk, ct2);
        CHECK(memcmp(want, ss0, SS) != 0, "rejection secret differs from the original");
        expect_dec(sk, ct2, want, "modified ciphertext gives the rejection secret");
    }

    /* sk: a changed K' does not matter for an honest ct; a changed H_pk or
     * pk copy makes re-encryption fail */
    memcpy(sk2, sk, SK);
    sk2[YY_SK_KPRIME] ^= 0x80;
    expect_dec(sk2, ct, ss0, "K' is not used for a valid ciphertext");
    for (i = YY_SK_HPK; i < SK; i += (i < YY_SK_PK ? 1 : 97)) {
        if (i >= YY_SK_KPRIME && i < YY_SK_PK)
            continue;
        memcpy(sk2, sk, SK);
        sk2[i] ^= 0x01;
        rejection_secret(want, sk2, ct);
        expect_dec(sk2, ct, want, "changed H_pk or pk in sk gives the rejection secret");
    }

    /* wrong lengths: -1, nothing written; a buffer longer than claimed does
     * not make a longer length acceptable */
    memcpy(big, ct, CT);
    for (i = 0; i < sizeof bad_ct / sizeof bad_ct[0]; i++) {
        memset(ss, CANARY, SS);
        ss_len = 12345;
        rc = kem_dec(sk, SK, bad_ct[i] <= CT + SK + 1 ? big : ct, bad_ct[i], ss, &ss_len);
        expect_refused(rc, -1, ss, ss_len, "wrong ct length");
    }
    for (i = 0; i < sizeof bad_sk / sizeof bad_sk[0]; i++) {
        memset(ss, CANARY, SS);
        ss_len = 12345;
        rc = kem_dec(sk, bad_sk[i], ct, CT, ss, &ss_len);
        expect_refused(rc, -1, ss, ss_len, "wrong sk length");
    }
    memset(ss, CANARY, SS);
    ss_len = 12345;
    expect_refused(kem_dec(NULL, SK, ct, CT, ss, &ss_len), -3, ss, ss_len, "NULL sk");
    expect_refused(kem_dec(sk, SK, NULL, CT, ss, &ss_len), -3, ss, ss_len, "NULL ct");
    expect_refused(kem_dec(sk, SK, ct, CT, ss, NULL), -3, ss, ss_len, "NULL ss_len");
    CHECK(kem_dec(sk, SK, ct, CT, NULL, &ss_len) == -3 && ss_len == 12345, "NULL ss");

    /* kem_enc refuses any pk length but the real one, before drawing */
    before = drng_algorithm;
    {
        const unsigned long long bad_pk[] = {0, PK - 1, PK + 1, ULLONG_MAX};
        for (i = 0; i < sizeof bad_pk / sizeof bad_pk[0]; i++) {
            memset(ss, CANARY, SS);
            memset(ct2, CANARY, CT);
            ss_len = ct_len = 12345;
            rc = kem_enc(pk, bad_pk[i], ss, &ss_len, ct2, &ct_len);
            CHECK(rc == -2 && all_canary(ss, SS) && all_canary(ct2, CT) && ss_len == 12345 && ct_len == 12345,
                  "wrong pk length refused");
        }
    }
    CHECK(kem_enc(NULL, PK, ss, &ss_len, ct2, &ct_len) == -3, "NULL pk");
    CHECK(memcmp(&before, &drng_algorithm, sizeof before) == 0, "refused calls draw no randomness");
    CHECK(kem_keygen(NULL, &pk_len, sk2, &sk_len) == -3, "keygen with NULL pk");

    /* hostile inputs of the right lengths: defined, repeatable results */
    for (i = 0; i < CT; i++)
        ct2[i] = (unsigned char)(0xFF - i * 7);
    for (i = 0; i < SK; i++)
        sk2[i] = (unsigned char)(i * 131 + 17);
    CHECK(kem_dec(sk2, SK, ct2, CT, ss, &ss_len) == 0, "hostile sk and ct");
    memcpy(want, ss, SS);
    CHECK(kem_dec(sk2, SK, ct2, CT, ss, &ss_len) == 0 && memcmp(want, ss, SS) == 0, "hostile input repeatable");
    memset(ct2, 0xFF, CT);
    memset(sk2, 0x80, SK);
    CHECK(kem_dec(sk2, SK, ct2, CT, ss, &ss_len) == 0, "all-ones ct, f = -128");

    /* fresh keys: every encapsulation decapsulates */
    for (i = 0; i < 20; i++) {
        CHECK(kem_keygen(pk, &pk_len, sk, &sk_len) == 0, "keygen (round trip)");
        CHECK(kem_enc(pk, pk_len, ss0, &ss_len, ct, &ct_len) == 0, "enc (round trip)");
        expect_dec(sk, ct, ss0, "round trip");
    }

    free(pk);
    free(sk);
    free(ct);
    free(ss);
    free(ss0);
    free(ct2);
    free(sk2);
    free(want);
    free(big);
    if (failures != 0) {
        fprintf(stderr, "%s: %d failures\n", CRYPTO_ALGNAME, failures);
        return 1;
    }
    printf("%s: strictness checks passed\n", CRYPTO_ALGNAME);
    return 0;
}
