/* clmul.h - products in E = F[Y]/P(Y) by carry-less multiplication
 * (PCLMULQDQ), for the avx2 and avx512 kernel levels (simd.h); included by
 * the opt sources that use them, after ref's ext.h.
 *
 * Kronecker form: an element (a_0, ..., a_{tau-1}) of E as the binary
 * polynomial sum_t a_t X^{32t}, each a_t a polynomial in X of degree < 16,
 * i.e. two coefficients per 64-bit word, two words per 128-bit vector. The
 * carry-less product of two such numbers holds in 32-bit slot s the sum over
 * i + j = s of a_i b_j, carry-less products of degree <= 30 whose sum never
 * reaches the next slot: the unreduced product in E, each coefficient not
 * yet reduced mod the field polynomial x^16 + x^5 + x^3 + x^2 + 1. Sums of
 * such products stay exact, so a sum of products is reduced once, at the
 * end: mod P(Y) on the slots (a product by x is a shift there), then each
 * slot mod the field polynomial (kx_reduced). */
#ifndef SIGURD_CLMUL_H
#define SIGURD_CLMUL_H

#include <string.h>

#include "../ref/ext.h"
#include "simd.h"

/* The terms c Y^e of P with Y^tau = sum c Y^e, as constants the compiler
 * folds: KX_PE(i) and KX_PC(i) for i < SIGURD_P_NTERMS (at most 5). */
static const struct {
    unsigned e;
    uint16_t c;
} kx_pterms[SIGURD_P_NTERMS] = SIGURD_P_TERMS;
#define KX_PI(i) ((i) < SIGURD_P_NTERMS ? (i) : 0)
#define KX_PE(i) (kx_pterms[KX_PI(i)].e)
#define KX_PC(i) (kx_pterms[KX_PI(i)].c)
#if SIGURD_P_NTERMS > 5
#error "opt/clmul.h: the reductions unroll at most 5 terms of P"
#endif
/* FOLD(i) for every term, unrolled */
#define KX_EACH_TERM(FOLD) \
    do {                   \
        FOLD(0);           \
        FOLD(1);           \
        FOLD(2);           \
        FOLD(3);           \
        FOLD(4);           \
    } while (0)

/* a = u mod P, u of len coefficients (clobbered; a may be u): ref's
 * sigurd_ext_reduce with the terms of P unrolled and no test for zero */
static inline void kx_reduce(uint16_t *a, uint16_t *u, size_t len)
{
    size_t k;
#define KX_FOLD16(i)                                                                                   \
    do {                                                                                               \
        if ((i) < SIGURD_P_NTERMS)                                                                     \
            u[k - SIGURD_TAU + KX_PE(i)] ^=                                                            \
                KX_PC(i) == 1 ? c : KX_PC(i) == 2 ? gf_xtime(c) : gf_mul(KX_PC(i), c);                \
    } while (0)
    for (k = len; k-- > SIGURD_TAU;) {
        uint16_t c = u[k];
        KX_EACH_TERM(KX_FOLD16);
    }
#undef KX_FOLD16
    if (a != u)
        memcpy(a, u, SIGURD_TAU * sizeof *a);
}

/* The slots from tau to len - 1 folded into those below, mod P, in place.
 * In the slots (polynomials in x, not yet reduced mod the field
 * polynomial) a product by x is a shift. This relies on the moduli of the
 * three sets (spec §2.2): their terms c Y^e have c = 1, or c = x with
 * e <= 1, where the result is never folded again, so each slot ends up
 * with degree <= 31 (tests/paths.c and the KAT tests would catch another
 * modulus: its results would differ from the portable code's). */
static inline void kx_modp(uint32_t *s, size_t len)
{
    size_t k;
#define KX_FOLD32(i)                                                                  \
    do {                                                                              \
        if ((i) < SIGURD_P_NTERMS)                                                    \
            s[k - SIGURD_TAU + KX_PE(i)] ^= KX_PC(i) == 1 ? c : c << 1;               \
    } while (0)
    for (k = len; k-- > SIGURD_TAU;) {
        uint32_t c = s[k];
        KX_EACH_TERM(KX_FOLD32);
    }
#undef KX_FOLD32
}

#if SIGURD_X86
#include <immintrin.h>

#define KV ((SIGURD_TAU + 3) / 4) /* 128-bit vectors of a packed element */
#define KP (4 * KV - 1)           /* 128-bit diagonals of a product (64-bit steps) */

typedef struct {
    __m128i v[KV];
} kx_el;

typedef struct {
    __m128i d[KP]; /* d[k]: the carry-less products of word i by word j, i + j = k */
} kx_prod;

SIGURD_AVX2_TARGET static inline void kx_load(kx_el *a, const uint16_t *x)
{
    uint16_t pad[4 * KV] = {0};
    size_t u;
    for (u = 0; u < SIGURD_TAU; u++)
        pad[u] = x[u];
    for (u = 0; u < KV; u++)
        a->v[u] = _mm_set_epi32(pad[4 * u + 3], pad[4 * u + 2], pad[4 * u + 1], pad[4 * u]);
}

SIGURD_AVX2_TARGET static inline void kx_zero(kx_prod *p)
{
    size_t k;
    for (k = 0; k < KP; k++)
        p->d[k] = _mm_setzero_si128();
}

/* p += a b */
SIGURD_AVX2_TARGET static inline void kx_mul_acc(kx_prod *p, const kx_el *a, const kx_el *b)
{
    size_t u, v;
    for (u = 0; u < KV; u++)
        for (v = 0; v < KV; v++) {
            __m128i x = a->v[u], y = b->v[v];
            p->d[2 * (u + v)] = _mm_xor_si128(p->d[2 * (u + v)], _mm_clmulepi64_si128(x, y, 0x00));
            p->d[2 * (u + v) + 1] = _mm_xor_si128(
                p->d[2 * (u + v) + 1],
                _mm_xor_si128(_mm_clmulepi64_si128(x, y, 0x01), _mm_clmulepi64_si128(x, y, 0x10)));
            p->d[2 * (u + v) + 2] = _mm_xor_si128(p->d[2 * (u + v) + 2], _mm_clmulepi64_si128(x, y, 0x11));
        }
}

/* p += a^2 (the cross terms cancel in characteristic 2) */
SIGURD_AVX2_TARGET static inline void kx_sqr_acc(kx_prod *p, const kx_el *a)
{
    size_t u;
    for (u = 0; u < KV; u++) {
        p->d[4 * u] = _mm_xor_si128(p->d[4 * u], _mm_clmulepi64_si128(a->v[u], a->v[u], 0x00));
        p->d[4 * u + 2] = _mm_xor_si128(p->d[4 * u + 2], _mm_clmulepi64_si128(a->v[u], a->v[u], 0x11));
    }
}

#define KS (8 * KV) /* 32-bit slots of a product: 2 tau and padding */

/* s[0 .. KS) = the slots of p, unreduced */
SIGURD_AVX2_TARGET static inline void kx_raw(uint32_t s[KS], const kx_prod *p)
{
    size_t w;
    /* words 2w, 2w + 1 of the sum of d[k] << 64k: d[2w] plus the high half
     * of d[2w - 1] and the low half of d[2w + 1] */
    for (w = 0; w < 2 * KV; w++) {
        __m128i prev = w ? p->d[2 * w - 1] : _mm_setzero_si128();
        __m128i next = 2 * w + 1 < KP ? p->d[2 * w + 1] : _mm_setzero_si128();
        __m128i cur = 2 * w < KP ? p->d[2 * w] : _mm_setzero_si128();
        _mm_storeu_si128((__m128i *)(void *)(s + 4 * w), _mm_xor_si128(cur, _mm_alignr_epi8(next, prev, 8)));
    }
}

/* x mod the field polynomial, in every 32-bit slot (degree <= 31 in) */
SIGURD_AVX2_TARGET static inline __m128i kx_fold(__m128i x)
{
    const __m128i lo = _mm_set1_epi32(0xFFFF);
    int i;
    for (i = 0; i < 2; i++) {
        __m128i h = _mm_srli_epi32(x, 16);
        x = _mm_xor_si128(_mm_and_si128(x, lo), h);
        x = _mm_xor_si128(x, _mm_xor_si128(_mm_slli_epi32(h, 2), _mm_slli_epi32(h, 3)));
        x = _mm_xor_si128(x, _mm_slli_epi32(h, 5));
    }
    return x;
}

/* out[0 .. n) = s[0 .. n) mod the field polynomial (n <= KS) */
SIGURD_AVX2_TARGET static inline void kx_field(uint16_t *out, const uint32_t s[KS], size_t n)
{
    uint16_t u[KS];
    size_t k;
    for (k = 0; k < n; k += 8) {
        __m128i a = kx_fold(_mm_loadu_si128((const __m128i *)(const void *)(s + k)));
        __m128i b = kx_fold(_mm_loadu_si128((const __m128i *)(const void *)(s + k + 4)));
        _mm_storeu_si128((__m128i *)(void *)(u + k), _mm_packus_epi32(a, b));
    }
    memcpy(out, u, n * sizeof *out);
}

/* a = p reduced mod P and the field polynomial */
SIGURD_AVX2_TARGET static inline void kx_reduced(uint16_t a[SIGURD_TAU], const kx_prod *p)
{
    uint32_t s[KS];
    kx_raw(s, p);
    kx_modp(s, 2 * SIGURD_TAU - 1);
    kx_field(a, s, SIGURD_TAU);
}

/* a scalar multiple of an element: s.v[u] holds (c a_{4u}, c a_{4u+1}) in
 * its low word products and t.v[u] (c a_{4u+2}, c a_{4u+3}) */
typedef struct {
    __m128i lo[KV], hi[KV];
} kx_scaled;

SIGURD_AVX2_TARGET static inline void kx_scaled_zero(kx_scaled *s)
{
    size_t u;
    for (u = 0; u < KV; u++)
        s->lo[u] = s->hi[u] = _mm_setzero_si128();
}

/* s += c a, c in F (c in the low 16 bits of cv) */
SIGURD_AVX2_TARGET static inline void kx_scale_acc(kx_scaled *s, const kx_el *a, __m128i cv)
{
    size_t u;
    for (u = 0; u < KV; u++) {
        s->lo[u] = _mm_xor_si128(s->lo[u], _mm_clmulepi64_si128(a->v[u], cv, 0x00));
        s->hi[u] = _mm_xor_si128(s->hi[u], _mm_clmulepi64_si128(a->v[u], cv, 0x01));
    }
}

/* out[0 .. tau-1] = s, each coefficient reduced mod the field polynomial */
SIGURD_AVX2_TARGET static inline void kx_scaled_out(uint16_t *out, const kx_scaled *s)
{
    uint16_t u[4 * KV + 4];
    size_t k;
    for (k = 0; k < KV; k += 2) {
        __m128i a0 = kx_fold(_mm_unpacklo_epi64(s->lo[k], s->hi[k]));
        __m128i a1 = k + 1 < KV ? kx_fold(_mm_unpacklo_epi64(s->lo[k + 1], s->hi[k + 1])) : _mm_setzero_si128();
        _mm_storeu_si128((__m128i *)(void *)(u + 4 * k), _mm_packus_epi32(a0, a1));
    }
    for (k = 0; k < SIGURD_TAU; k++)
        out[k] = u[k];
}
#endif

#endif
