/* pke.c - YuanYang's deterministic encryption (spec §9, "Encrypt") and its
 * decryption with the error correction (spec §10.1). The KEM (kem.c) wraps
 * these in the transform with implicit rejection. */
#include <string.h>

#include "auxfunc.h"
#include "yuanyang.h"

/* First S bytes of PH512(m' || 0x2C), the mask of msg in the ciphertext. */
static void hash_f(unsigned char out[YY_S], const unsigned char mp[YY_S])
{
    unsigned char in[YY_S + 1], h[64];
    memcpy(in, mp, YY_S);
    in[YY_S] = YY_TAG_F;
    pseudohash(512, in, 8 * (unsigned long long)sizeof in, h);
    memcpy(out, h, YY_S);
    yy_wipe(h, sizeof h);
}

void yy_encrypt(unsigned char ct[YY_CT_BYTES], const uint16_t h_hat[YY_D],
                const unsigned char seed[YY_SEED_BYTES], const unsigned char msg[YY_S])
{
    DRNG_ctx lctx;
    yy_bytesrc src;
    unsigned char mp[YY_S], f[YY_S];
    int8_t s[YY_D];
    uint16_t t[YY_D];
    size_t i;

    /* All randomness of the encryption comes from the seed: m' is one direct
     * lambda-bit draw, then s (and the unused e) from 8192-bit blocks. */
    init_random_number(&lctx, seed, YY_SEED_BYTES);
    get_random_number(&lctx, mp, YY_LAMBDA);
    yy_bytesrc_init(&src, &lctx);
    yy_sample_s(s, &src);
    yy_bytesrc_skip(&src, YY_D); /* e */

    yy_poly_from_small(t, s);
    yy_poly_ntt(t);
    yy_poly_basemul(t, t, h_hat);
    yy_poly_invntt(t);

    /* c-bar = h s + mu m'(x) (1 - x^n), then c = ((c-bar + delta) mod q) / k. */
    for (i = 0; i < YY_Q4; i++) {
        uint32_t add = YY_MU & -(uint32_t)((mp[i / 8] >> (i % 8)) & 1);
        t[i] = (uint16_t)((t[i] + add) % YY_Q);
        t[i + YY_N] = (uint16_t)((t[i + YY_N] + YY_Q - add) % YY_Q);
    }
    for (i = 0; i < YY_D; i++)
        t[i] = (uint16_t)(((t[i] + YY_DELTA) % YY_Q) / YY_K);
    yy_pack_ct(ct, t);

    hash_f(f, mp);
    for (i = 0; i < YY_S; i++)
        ct[YY_CTC_BYTES + i] = msg[i] ^ f[i];

    yy_wipe(&lctx, sizeof lctx);
    yy_wipe(&src, sizeof src);
    yy_wipe(mp, sizeof mp);
    yy_wipe(f, sizeof f);
    yy_wipe(s, sizeof s);
    yy_wipe(t, sizeof t);
}

/* The centred representative of x mod q, for x >= 0. */
static int32_t cmod(uint32_t x)
{
    int32_t r = (int32_t)(x % YY_Q);
    return r - (YY_Q & -(int32_t)((uint32_t)((YY_Q - 1) / 2 - r) >> 31)); /* r > (q-1)/2 */
}

/* floor(b / 2) without relying on the implementation-defined >> of
 * negative values. */
static int32_t half_floor(int32_t b)
{
    return (b - (int32_t)((uint32_t)b & 1u)) / 2;
}

/* Recomputes m' from the ciphertext's first part with the secret f and
 * F2inv, then unmasks msg with u (the last S bytes). */
void yy_decrypt(unsigned char msg[YY_S], const unsigned char sk[YY_SK_BYTES],
                const unsigned char ct[YY_CT_BYTES])
{
    int8_t f[YY_D];
    int32_t bias[YY_D], beta;
    uint16_t v[YY_D], fq[YY_D], dot[YY_N];
    uint64_t w[YY_W] = {0}, finv[YY_W] = {0}, y[YY_W], p[YY_W] = {0}, corr[YY_W];
    unsigned char mp[YY_S], mask[YY_S];
    uint64_t apply;
    uint32_t hw, ov = 0;
    size_t i;

    /* f as signed bytes (two's complement, written out for portability). */
    for (i = 0; i < YY_D; i++)
        f[i] = (int8_t)((int)sk[YY_SK_F + i] - ((sk[YY_SK_F + i] & 0x80) << 1));
    /* Only bit 0 of an F2inv byte counts: keygen writes 0 or 1. */
    for (i = 0; i < YY_N; i++)
        finv[i / 64] |= (uint64_t)(sk[YY_SK_F2INV + i] & 1) << (i % 64);

    /* v = (k c) f mod q */
    yy_unpack_ct(v, ct);
    for (i = 0; i < YY_D; i++)
        v[i] = (uint16_t)((YY_K * (uint32_t)v[i]) % YY_Q);
    yy_poly_ntt(v);
    yy_poly_from_small(fq, f);
    yy_poly_ntt(fq);
    yy_poly_basemul(v, v, fq);
    yy_poly_invntt(v);

    /* bias = floor(beta / 2), beta = (1 + x + ... + x^(d/4 - 1)) f exactly in
     * Z[x]/(x^d + 1): a sliding window of d/4 coefficients of f, where
     * indices that wrap below 0 come back negated. */
    beta = f[0];
    for (i = 1; i < YY_Q4; i++)
        beta -= f[YY_D - i];
    bias[0] = half_floor(beta);
    for (i = 1; i < YY_D; i++) {
        beta += f[i];
        beta -= i >= YY_Q4 ? f[i - YY_Q4] : -f[YY_D + i - YY_Q4];
        bias[i] = half_floor(beta);
    }

    /* w_i = (c1 + c2) mod 2 from the two halves of v. The offsets keep every
     * argument of cmod non-negative (|bias| <= 64 d/4 <= 2^15 < 16 q,
     * even for a hostile sk). */
    for (i = 0; i < YY_N; i++) {
        int32_t a = v[i], b = v[i + YY_N];
        int32_t c1 = cmod((uint32_t)(a - b - bias[i] + 16 * YY_Q)) + bias[i];
        int32_t c2 = cmod((uint32_t)(a + b - bias[i + YY_N] + 16 * YY_Q)) + bias[i + YY_N];
        w[i / 64] |= (uint64_t)((uint32_t)(c1 + c2) & 1u) << (i % 64);
    }

    /* y = w F2inv mod (2, x^n + 1); its lower quarter is m', its upper
     * quarter is zero unless decoding went wrong. */
    yy_gf2_mul(y, w, finv);
    hw = yy_gf2_weight(y + YY_W / 2, YY_W / 2);

    /* Error correction (spec §10.1 step 7): p = the upper quarter of y
     * reversed into positions 1..d/4; ov = OR of every i in 1..n-1 whose
     * correlation dot_i = (p * F2inv mod x^n - 1)_(n-i) equals Hw. */
    for (i = 0; i < YY_Q4; i++) {
        size_t j = YY_Q4 - i, src = YY_Q4 + i;
        p[j / 64] |= ((y[src / 64] >> (src % 64)) & 1) << (j % 64);
    }
    yy_gf2_intconv(dot, p, YY_Q4 / 64 + 1, finv); /* p has degree <= d/4 */
    for (i = 1; i < YY_N; i++) {
        uint32_t eq = (((uint32_t)dot[YY_N - i] ^ hw) - 1) >> 31;
        ov |= (uint32_t)i & -eq;
    }
    /* m'_j ^= F2inv_((j - ov) mod n), only when Hw != 0 */
    yy_gf2_rotl_secret(corr, finv, ov);
    apply = -(uint64_t)((0u - hw) >> 31); /* hw < 2^31 */
    for (i = 0; i < YY_S; i++)
        mp[i] = (unsigned char)((y[i / 8] ^ (corr[i / 8] & apply)) >> (8 * (i % 8)));

    hash_f(mask, mp);
    for (i = 0; i < YY_S; i++)
        msg[i] = ct[YY_CTC_BYTES + i] ^ mask[i];

    yy_wipe(f, sizeof f);
    yy_wipe(bias, sizeof bias);
    yy_wipe(&beta, sizeof beta);
    yy_wipe(v, sizeof v);
    yy_wipe(fq, sizeof fq);
    yy_wipe(dot, sizeof dot);
    yy_wipe(w, sizeof w);
    yy_wipe(finv, sizeof finv);
    yy_wipe(y, sizeof y);
    yy_wipe(p, sizeof p);
    yy_wipe(corr, sizeof corr);
    yy_wipe(mp, sizeof mp);
    yy_wipe(mask, sizeof mask);
}
