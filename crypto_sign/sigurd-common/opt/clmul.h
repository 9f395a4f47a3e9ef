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
 * end: the slots mod the field polynomial (kx_slots), then mod P(Y) (ref's
 * sigurd_ext_reduce). */
#ifndef SIGURD_CLMUL_H
#define SIGURD_CLMUL_H

#include <string.h>

#include "../ref/ext.h"
#include "simd.h"

/* a = u mod P, u of len coefficients (clobbered; a may be u): ref's
 * sigurd_ext_reduce with the terms of P unrolled at compile time and no
 * test for zero coefficients */
static inline void kx_reduce(uint16_t *a, uint16_t *u, size_t len)
{
    static const struct {
        unsigned e;
        uint16_t c;
    } pt[SIGURD_P_NTERMS] = SIGURD_P_TERMS;
    size_t k;
#define KX_TERM(i)                                                                          \
    do {                                                                                    \
        if ((i) < SIGURD_P_NTERMS) {                                                        \
            unsigned e_ = pt[(i) < SIGURD_P_NTERMS ? (i) : 0].e;                            \
            uint16_t m_ = pt[(i) < SIGURD_P_NTERMS ? (i) : 0].c;                            \
            u[k - SIGURD_TAU + e_] ^= m_ == 1 ? c : m_ == 2 ? gf_xtime(c) : gf_mul(m_, c); \
        }                                                                                   \
    } while (0)
    for (k = len; k-- > SIGURD_TAU;) {
        uint16_t c = u[k];
        KX_TERM(0);
        KX_TERM(1);
        KX_TERM(2);
        KX_TERM(3);
        KX_TERM(4);
    }
#undef KX_TERM
#if SIGURD_P_NTERMS > 5
#error "opt/clmul.h: kx_reduce unrolls at most 5 terms of P"
#endif
    if (a != u)
        memcpy(a, u, SIGURD_TAU * sizeof *a);
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

/* x mod the field polynomial, in every 32-bit slot (degree <= 30 in) */
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

/* u[0 .. 2 tau - 2] = the slots of p, each reduced mod the field polynomial
 * (u holds 8 KV entries; those from 2 tau - 1 on are 0 or padding) */
SIGURD_AVX2_TARGET static inline void kx_slots(uint16_t *u, const kx_prod *p)
{
    size_t w;
    /* words 2w, 2w + 1 of the sum of d[k] << 64k: d[2w] plus the high half
     * of d[2w - 1] and the low half of d[2w + 1] */
    for (w = 0; w < 2 * KV; w += 2) {
        __m128i r0, r1;
        __m128i prev0 = w ? p->d[2 * w - 1] : _mm_setzero_si128();
        __m128i prev1 = p->d[2 * w + 1];
        __m128i next1 = 2 * w + 3 < KP ? p->d[2 * w + 3] : _mm_setzero_si128();
        r0 = _mm_xor_si128(p->d[2 * w], _mm_alignr_epi8(p->d[2 * w + 1], prev0, 8));
        r1 = _mm_xor_si128(2 * w + 2 < KP ? p->d[2 * w + 2] : _mm_setzero_si128(), _mm_alignr_epi8(next1, prev1, 8));
        _mm_storeu_si128((__m128i *)(void *)(u + 8 * (w / 2)), _mm_packus_epi32(kx_fold(r0), kx_fold(r1)));
    }
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
