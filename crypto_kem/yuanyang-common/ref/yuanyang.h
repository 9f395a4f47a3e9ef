/* yuanyang.h - internal interfaces between the components of YuanYang.KEM
 * (spec: yuanyang.md). The parameter set's params.h, found on the include
 * path of the per-set directory, fixes d, q, k, ...; everything else is
 * derived here so that the three sets share one source.
 *
 * Polynomials mod q are uint16_t arrays of YY_D coefficients in [0, q).
 * Small polynomials (f, g, s) are int8_t arrays. Binary polynomials of
 * F_2[x]/(x^n + 1), n = d/2, are packed into YY_W 64-bit words, coefficient j
 * at bit j % 64 of word j / 64. */
#ifndef YUANYANG_H
#define YUANYANG_H

#include <stddef.h>
#include <stdint.h>

#include "drng.h"
#include "params.h"

#define YY_N (YY_D / 2)           /* n: half degree; F2inv lives mod x^n + 1 */
#define YY_Q4 (YY_D / 4)          /* coefficients that carry message bits */
#define YY_S (YY_D / 32)          /* bytes of msg, m', K, K', ss, H_pk prefix */
#define YY_LAMBDA (8 * YY_S)      /* the same in bits */
#define YY_MU ((YY_Q + 1) / 2)    /* weight of a message bit */
#define YY_W (YY_N / 64)          /* words of a binary polynomial */

#define YY_PK_BYTES (YY_D / 4 * YY_NB_PK / 8)
#define YY_CTC_BYTES (YY_D / YY_BC_GROUP * YY_NB_CT / 8) /* packed c */
#define YY_CT_BYTES (YY_CTC_BYTES + YY_S)
#define YY_SK_BYTES (3 * YY_D / 2 + 2 * YY_S + YY_PK_BYTES)
/* The local encryption DRBG takes at most 55 seed bytes (spec §9 step 6). */
#define YY_SEED_BYTES (YY_S + 1 < 55 ? YY_S + 1 : 55)

/* Secret-key layout (spec §7.3). */
#define YY_SK_F 0
#define YY_SK_F2INV YY_D
#define YY_SK_HPK (3 * YY_D / 2)
#define YY_SK_KPRIME (YY_SK_HPK + YY_S)
#define YY_SK_PK (YY_SK_KPRIME + YY_S)

/* Sampler bytes come from 8192-bit DRBG calls (spec §4.1). */
#define YY_BLOCK_BYTES 1024

/* Domain tags, appended as the last byte of a hash input (spec §12.6). */
#define YY_TAG_HASH_MSG 0x2A
#define YY_TAG_HASH_K 0x2B
#define YY_TAG_F 0x2C
#define YY_TAG_SEED 0x2D

/* Exported names carry the parameter set, so sets can share one binary. */
#define yy_bytesrc_init YY_NAMESPACE(bytesrc_init)
#define yy_bytesrc_read YY_NAMESPACE(bytesrc_read)
#define yy_bytesrc_skip YY_NAMESPACE(bytesrc_skip)
#define yy_sample_key YY_NAMESPACE(sample_key)
#define yy_sample_s YY_NAMESPACE(sample_s)
#define yy_poly_from_small YY_NAMESPACE(poly_from_small)
#define yy_poly_ntt YY_NAMESPACE(poly_ntt)
#define yy_poly_invntt YY_NAMESPACE(poly_invntt)
#define yy_poly_basemul YY_NAMESPACE(poly_basemul)
#define yy_poly_baseinv YY_NAMESPACE(poly_baseinv)
#define yy_gf2_from_small YY_NAMESPACE(gf2_from_small)
#define yy_gf2_mul YY_NAMESPACE(gf2_mul)
#define yy_gf2_inv YY_NAMESPACE(gf2_inv)
#define yy_gf2_rotl YY_NAMESPACE(gf2_rotl)
#define yy_gf2_rotl_secret YY_NAMESPACE(gf2_rotl_secret)
#define yy_gf2_intconv YY_NAMESPACE(gf2_intconv)
#define yy_gf2_weight YY_NAMESPACE(gf2_weight)
#define yy_pack_pk YY_NAMESPACE(pack_pk)
#define yy_unpack_pk YY_NAMESPACE(unpack_pk)
#define yy_pack_ct YY_NAMESPACE(pack_ct)
#define yy_unpack_ct YY_NAMESPACE(unpack_ct)
#define yy_encrypt YY_NAMESPACE(encrypt)
#define yy_decrypt YY_NAMESPACE(decrypt)
#define yy_wipe YY_NAMESPACE(wipe)

/* ---- sample.c: the block byte source and the samplers ---- */
typedef struct {
    DRNG_ctx *ctx;
    size_t pos; /* next unused byte of buf; YY_BLOCK_BYTES = empty */
    unsigned char buf[YY_BLOCK_BYTES];
} yy_bytesrc;

void yy_bytesrc_init(yy_bytesrc *src, DRNG_ctx *ctx);
void yy_bytesrc_read(yy_bytesrc *src, unsigned char *out, size_t len);
void yy_bytesrc_skip(yy_bytesrc *src, size_t len);
/* f and g: low bit 1 means negative. */
void yy_sample_key(int8_t f[YY_D], yy_bytesrc *src);
/* s: low bit 1 means positive (the reference's inverted sign, spec §12.1). */
void yy_sample_s(int8_t s[YY_D], yy_bytesrc *src);

/* ---- poly.c: R_q = F_q[x]/(x^d + 1) through an incomplete NTT ---- */
void yy_poly_from_small(uint16_t r[YY_D], const int8_t a[YY_D]);
void yy_poly_ntt(uint16_t a[YY_D]);
void yy_poly_invntt(uint16_t a[YY_D]);
/* r = a * b in the NTT domain (r may alias a or b). */
void yy_poly_basemul(uint16_t r[YY_D], const uint16_t a[YY_D], const uint16_t b[YY_D]);
/* r = a^-1 in the NTT domain; returns 0, or -1 if a is not a unit (r is
 * then meaningless). Runs in time independent of a. */
int yy_poly_baseinv(uint16_t r[YY_D], const uint16_t a[YY_D]);

/* ---- gf2.c: binary polynomials mod x^n + 1 (= x^n - 1 over F_2) ---- */
/* r = (a_i + a_{i+n}) mod 2: f folded onto x^n + 1. */
void yy_gf2_from_small(uint64_t r[YY_W], const int8_t a[YY_D]);
void yy_gf2_mul(uint64_t r[YY_W], const uint64_t a[YY_W], const uint64_t b[YY_W]);
/* r = a^-1; a must have odd weight (then a^n = 1). */
void yy_gf2_inv(uint64_t r[YY_W], const uint64_t a[YY_W]);
/* r = x^k * a for a public k in [0, n). */
void yy_gf2_rotl(uint64_t r[YY_W], const uint64_t a[YY_W], unsigned k);
/* The same for a secret k in [0, n), in time independent of k. */
void yy_gf2_rotl_secret(uint64_t r[YY_W], const uint64_t a[YY_W], unsigned k);
/* dot[k] = sum_j a_j b_{(k-j) mod n} over the integers, k in [0, n), for
 * an a whose words from aw on are zero. */
void yy_gf2_intconv(uint16_t dot[YY_N], const uint64_t a[YY_W], size_t aw, const uint64_t b[YY_W]);
unsigned yy_gf2_weight(const uint64_t *a, size_t words);

/* ---- pack.c: the public-key and ciphertext encodings (spec §7) ---- */
void yy_pack_pk(unsigned char pk[YY_PK_BYTES], const uint16_t h[YY_D]);
void yy_unpack_pk(uint16_t h[YY_D], const unsigned char pk[YY_PK_BYTES]);
void yy_pack_ct(unsigned char out[YY_CTC_BYTES], const uint16_t c[YY_D]);
void yy_unpack_ct(uint16_t c[YY_D], const unsigned char in[YY_CTC_BYTES]);

/* ---- pke.c: deterministic encryption and decryption (spec §9, §10.1) ---- */
/* h is the public key in the NTT domain. */
void yy_encrypt(unsigned char ct[YY_CT_BYTES], const uint16_t h_hat[YY_D],
                const unsigned char seed[YY_SEED_BYTES], const unsigned char msg[YY_S]);
void yy_decrypt(unsigned char msg[YY_S], const unsigned char sk[YY_SK_BYTES],
                const unsigned char ct[YY_CT_BYTES]);

/* ---- kem.c ---- */
/* Clears secrets in a way the compiler may not drop. */
void yy_wipe(void *p, size_t len);

#endif
