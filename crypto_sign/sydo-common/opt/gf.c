/* gf.c - SYDO's binary fields (spec P1) with carry-less multiplication
 * instructions: ref's gf.c is included with its entry points renamed
 * *_portable (the fallback, and the window tables, which the pclmul path
 * keeps for the verifier's public products), and each entry point chooses
 * at run time (sydo-opt.h).
 *
 * PCLMULQDQ path: the product of n-word operands is n^2 64 x 64-bit
 * carry-less products summed into 2n - 1 diagonals (D_k = sum over i + j = k
 * of a_i b_j, 128 bits each); word pair m of the result is D_2m plus the
 * high half of D_2m-1 and the low half of D_2m+1 (one alignr). The
 * reduction is ref's (a handful of shifts). The instruction's timing does
 * not depend on its operands, so the prover's secret products stay constant
 * time; the _vt products simply multiply (their tables give the factor back:
 * entry 1 of a window table is the element itself). */
#include <string.h>

#include "../ref/gf.h"
#include "sydo-opt.h"

#define PORTABLE_DECLARE(F, NW)                                                                              \
    void sydo_gf##F##_mul_portable(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW]);            \
    void sydo_gf##F##_mul64_portable(uint64_t r[NW], const uint64_t a[NW], uint64_t t);                    \
    void sydo_gf##F##_muladd_wide_portable(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW]); \
    void sydo_gf##F##_reduce_portable(uint64_t r[NW], const uint64_t w[2 * NW]);                           \
    void sydo_gf##F##_load_portable(uint64_t r[NW], const uint8_t *bytes);                                 \
    void sydo_gf##F##_store_portable(uint8_t *bytes, const uint64_t a[NW]);                                \
    void sydo_gf##F##_table8_portable(uint64_t tab[256][NW + 1], const uint64_t a[NW]);                     \
    void sydo_gf##F##_mul_table8_vt_portable(uint64_t r[NW], const uint64_t tab[256][NW + 1],               \
                                             const uint64_t b[NW]);                                         \
    void sydo_gf##F##_fold3_vt_portable(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],             \
                                        const uint64_t *const b[3]);
PORTABLE_DECLARE(160, 3)
PORTABLE_DECLARE(256, 4)
PORTABLE_DECLARE(512, 8)
void sydo_clmul64_portable(uint64_t r[2], uint64_t a, uint64_t b);
uint64_t sydo_gf64_mul_portable(uint64_t a, uint64_t b);

#define sydo_clmul64 sydo_clmul64_portable
#define sydo_gf64_mul sydo_gf64_mul_portable
#define sydo_gf160_mul sydo_gf160_mul_portable
#define sydo_gf160_mul64 sydo_gf160_mul64_portable
#define sydo_gf160_muladd_wide sydo_gf160_muladd_wide_portable
#define sydo_gf160_reduce sydo_gf160_reduce_portable
#define sydo_gf160_load sydo_gf160_load_portable
#define sydo_gf160_store sydo_gf160_store_portable
#define sydo_gf160_table8 sydo_gf160_table8_portable
#define sydo_gf160_mul_table8_vt sydo_gf160_mul_table8_vt_portable
#define sydo_gf160_fold3_vt sydo_gf160_fold3_vt_portable
#define sydo_gf256_mul sydo_gf256_mul_portable
#define sydo_gf256_mul64 sydo_gf256_mul64_portable
#define sydo_gf256_muladd_wide sydo_gf256_muladd_wide_portable
#define sydo_gf256_reduce sydo_gf256_reduce_portable
#define sydo_gf256_load sydo_gf256_load_portable
#define sydo_gf256_store sydo_gf256_store_portable
#define sydo_gf256_table8 sydo_gf256_table8_portable
#define sydo_gf256_mul_table8_vt sydo_gf256_mul_table8_vt_portable
#define sydo_gf256_fold3_vt sydo_gf256_fold3_vt_portable
#define sydo_gf512_mul sydo_gf512_mul_portable
#define sydo_gf512_mul64 sydo_gf512_mul64_portable
#define sydo_gf512_muladd_wide sydo_gf512_muladd_wide_portable
#define sydo_gf512_reduce sydo_gf512_reduce_portable
#define sydo_gf512_load sydo_gf512_load_portable
#define sydo_gf512_store sydo_gf512_store_portable
#define sydo_gf512_table8 sydo_gf512_table8_portable
#define sydo_gf512_mul_table8_vt sydo_gf512_mul_table8_vt_portable
#define sydo_gf512_fold3_vt sydo_gf512_fold3_vt_portable
#include "../ref/gf.c"
#undef sydo_clmul64
#undef sydo_gf64_mul
#undef sydo_gf160_mul
#undef sydo_gf160_mul64
#undef sydo_gf160_muladd_wide
#undef sydo_gf160_reduce
#undef sydo_gf160_load
#undef sydo_gf160_store
#undef sydo_gf160_table8
#undef sydo_gf160_mul_table8_vt
#undef sydo_gf160_fold3_vt
#undef sydo_gf256_mul
#undef sydo_gf256_mul64
#undef sydo_gf256_muladd_wide
#undef sydo_gf256_reduce
#undef sydo_gf256_load
#undef sydo_gf256_store
#undef sydo_gf256_table8
#undef sydo_gf256_mul_table8_vt
#undef sydo_gf256_fold3_vt
#undef sydo_gf512_mul
#undef sydo_gf512_mul64
#undef sydo_gf512_muladd_wide
#undef sydo_gf512_reduce
#undef sydo_gf512_load
#undef sydo_gf512_store
#undef sydo_gf512_table8
#undef sydo_gf512_mul_table8_vt
#undef sydo_gf512_fold3_vt

/* Reductions, spelled out for the HW path (ref's loop over the terms of
 * r(x) with a shift per word costs more than the products here). */

/* lambda = 160, r(x) = 1 + x^3 + x^4 + x^5; wide values are below x^319 */
static inline void red160(uint64_t r[3], const uint64_t w[6])
{
    uint64_t h0 = (w[2] >> 32) | (w[3] << 32), h1 = (w[3] >> 32) | (w[4] << 32), h2 = (w[4] >> 32) | (w[5] << 32);
    uint64_t a0, a1, a2, o;
    a0 = w[0] ^ h0 ^ (h0 << 3) ^ (h0 << 4) ^ (h0 << 5);
    a1 = w[1] ^ h1 ^ (h1 << 3) ^ (h1 << 4) ^ (h1 << 5) ^ (h0 >> 61) ^ (h0 >> 60) ^ (h0 >> 59);
    a2 = (w[2] & 0xffffffffu) ^ h2 ^ (h2 << 3) ^ (h2 << 4) ^ (h2 << 5) ^ (h1 >> 61) ^ (h1 >> 60) ^ (h1 >> 59);
    o = a2 >> 32; /* h2 < 2^32: at most five bits past x^160 */
    r[0] = a0 ^ o ^ (o << 3) ^ (o << 4) ^ (o << 5);
    r[1] = a1;
    r[2] = a2 & 0xffffffffu;
}

/* lambda = 64 nw, r(x) = 1 + x^E1 + x^E2 + x^E3 */
#define RED_WORDS(NAME, NW, E1, E2, E3)                                                                      \
    static inline void NAME(uint64_t r[NW], const uint64_t w[2 * NW])                                       \
    {                                                                                                        \
        const uint64_t *h = w + NW;                                                                          \
        uint64_t o = (h[NW - 1] >> (64 - E1)) ^ (h[NW - 1] >> (64 - E2)) ^ (h[NW - 1] >> (64 - E3));         \
        unsigned i;                                                                                          \
        r[0] = w[0] ^ h[0] ^ (h[0] << E1) ^ (h[0] << E2) ^ (h[0] << E3);                                     \
        for (i = 1; i < NW; i++)                                                                             \
            r[i] = w[i] ^ h[i] ^ (h[i] << E1) ^ (h[i] << E2) ^ (h[i] << E3) ^ (h[i - 1] >> (64 - E1)) ^         \
                   (h[i - 1] >> (64 - E2)) ^ (h[i - 1] >> (64 - E3));                                        \
        /* o has fewer than E3 bits: its image fits in word 0 */                                              \
        r[0] ^= o ^ (o << E1) ^ (o << E2) ^ (o << E3);                                                       \
    }
RED_WORDS(red256, 4, 2, 5, 10)
RED_WORDS(red512, 8, 2, 5, 8)

#if SYDO_X86
#include <immintrin.h>

#define CL __attribute__((target("pclmul,sse4.1")))

/* w[0..2n) ^= sum_m a_m * b_m over k pairs of n-word operands (n <= 8),
 * unreduced: the diagonals, then the words. */
CL static inline void clmul_sum(uint64_t *w, const uint64_t *const *a, const uint64_t *const *b, unsigned k,
                                unsigned n)
{
    __m128i d[16], A[8], B[8], x;
    unsigned i, j, m;
    for (i = 0; i < 2 * n; i++)
        d[i] = _mm_setzero_si128();
    for (m = 0; m < k; m++) {
        for (i = 0; i < n; i++) {
            A[i] = _mm_cvtsi64_si128((long long)a[m][i]);
            B[i] = _mm_cvtsi64_si128((long long)b[m][i]);
        }
        for (i = 0; i < n; i++)
            for (j = 0; j < n; j++)
                d[i + j] = _mm_xor_si128(d[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x00));
    }
    /* d[2n-1] stays zero: the top word pair takes the high half of d[2n-2] */
    for (i = 0; i < n; i++) {
        /* words 2i, 2i+1: d[2i] + (hi d[2i-1], lo d[2i+1]) */
        x = _mm_alignr_epi8(d[2 * i + 1], i ? d[2 * i - 1] : _mm_setzero_si128(), 8);
        x = _mm_xor_si128(x, d[2 * i]);
        x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)(w + 2 * i)));
        _mm_storeu_si128((__m128i *)(w + 2 * i), x);
    }
}

/* the same for n = 8, one level of Karatsuba over the 4-word halves (48
 * products instead of 64); linear, so the k pairs share it */
CL static inline void clmul_sum8(uint64_t *w, const uint64_t *const *a, const uint64_t *const *b, unsigned k)
{
    uint64_t lo[8] = {0}, hi[8] = {0}, mid[8] = {0}, as[3][4], bs[3][4];
    const uint64_t *ah[3], *bh[3], *am[3], *bm[3];
    unsigned m, i;
    for (m = 0; m < k; m++) {
        ah[m] = a[m] + 4;
        bh[m] = b[m] + 4;
        for (i = 0; i < 4; i++) {
            as[m][i] = a[m][i] ^ a[m][i + 4];
            bs[m][i] = b[m][i] ^ b[m][i + 4];
        }
        am[m] = as[m];
        bm[m] = bs[m];
    }
    clmul_sum(lo, a, b, k, 4);
    clmul_sum(hi, ah, bh, k, 4);
    clmul_sum(mid, am, bm, k, 4);
    for (i = 0; i < 8; i++) {
        mid[i] ^= lo[i] ^ hi[i];
        w[i] ^= lo[i];
        w[i + 8] ^= hi[i];
    }
    for (i = 0; i < 8; i++)
        w[i + 4] ^= mid[i];
}

/* w[0..n] = a * t (n + 1 words) */
CL static inline void clmul_word(uint64_t *w, const uint64_t *a, uint64_t t, unsigned n)
{
    __m128i T = _mm_cvtsi64_si128((long long)t), p;
    unsigned i;
    uint64_t hi = 0;
    for (i = 0; i < n; i++) {
        p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a[i]), T, 0x00);
        w[i] = (uint64_t)_mm_cvtsi128_si64(p) ^ hi;
        hi = (uint64_t)_mm_extract_epi64(p, 1);
    }
    w[n] = hi;
}

CL static void clmul64_hw(uint64_t r[2], uint64_t a, uint64_t b)
{
    __m128i p = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0x00);
    r[0] = (uint64_t)_mm_cvtsi128_si64(p);
    r[1] = (uint64_t)_mm_extract_epi64(p, 1);
}

#define HW() (sydo_cpu() >= SYDO_CPU_AESNI)
#else
#define HW() 0
#endif

void sydo_clmul64(uint64_t r[2], uint64_t a, uint64_t b)
{
#if SYDO_X86
    if (HW()) {
        clmul64_hw(r, a, b);
        return;
    }
#endif
    sydo_clmul64_portable(r, a, b);
}

uint64_t sydo_gf64_mul(uint64_t a, uint64_t b)
{
    uint64_t p[2], h, o;
    if (!HW())
        return sydo_gf64_mul_portable(a, b);
    sydo_clmul64(p, a, b);
    h = p[1];
    /* x^64 = x^4 + x^3 + x + 1, as in ref */
    o = (h >> 60) ^ (h >> 61) ^ (h >> 63);
    h ^= o;
    return p[0] ^ h ^ (h << 1) ^ (h << 3) ^ (h << 4);
}

/* FIELD(F, NW, REDUCE): the entry points of one field. Load and store are
 * ref's (byte by byte: nothing to gain). */
#if SYDO_X86
/* the products of n-word operands: schoolbook to 4 words, Karatsuba at 8 */
#define SUM(w, a, b, k, n) ((n) == 8 ? clmul_sum8((w), (a), (b), (k)) : clmul_sum((w), (a), (b), (k), (n)))
#define FIELD_HW(F, NW, REDUCE)                                                                              \
    CL static void mul_hw##F(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW])                    \
    {                                                                                                        \
        uint64_t w[2 * NW] = {0};                                                                            \
        SUM(w, &a, &b, 1, NW);                                                                               \
        REDUCE;                                                                                              \
    }                                                                                                        \
    CL static void mul64_hw##F(uint64_t r[NW], const uint64_t a[NW], uint64_t t)                            \
    {                                                                                                        \
        uint64_t w[2 * NW] = {0};                                                                            \
        clmul_word(w, a, t, NW);                                                                             \
        REDUCE;                                                                                              \
    }                                                                                                        \
    CL static void muladd_hw##F(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW])             \
    {                                                                                                        \
        SUM(w, &a, &b, 1, NW);                                                                               \
    }                                                                                                        \
    CL static void fold3_hw##F(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],                      \
                               const uint64_t *const b[3])                                                   \
    {                                                                                                        \
        uint64_t w[2 * NW] = {0};                                                                            \
        const uint64_t *a[3];                                                                                \
        a[0] = tabs[0][1];                                                                                   \
        a[1] = tabs[1][1];                                                                                   \
        a[2] = tabs[2][1];                                                                                   \
        SUM(w, a, b, 3, NW);                                                                                 \
        REDUCE;                                                                                              \
    }
#else
#define FIELD_HW(F, NW, REDUCE)
#define mul_hw160 sydo_gf160_mul_portable
#define mul_hw256 sydo_gf256_mul_portable
#define mul_hw512 sydo_gf512_mul_portable
#define mul64_hw160 sydo_gf160_mul64_portable
#define mul64_hw256 sydo_gf256_mul64_portable
#define mul64_hw512 sydo_gf512_mul64_portable
#define muladd_hw160 sydo_gf160_muladd_wide_portable
#define muladd_hw256 sydo_gf256_muladd_wide_portable
#define muladd_hw512 sydo_gf512_muladd_wide_portable
#define fold3_hw160 sydo_gf160_fold3_vt_portable
#define fold3_hw256 sydo_gf256_fold3_vt_portable
#define fold3_hw512 sydo_gf512_fold3_vt_portable
#endif

#define FIELD(F, NW, REDUCE)                                                                                 \
    FIELD_HW(F, NW, REDUCE)                                                                                  \
    void sydo_gf##F##_mul(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW])                       \
    {                                                                                                        \
        if (HW())                                                                                            \
            mul_hw##F(r, a, b);                                                                              \
        else                                                                                                 \
            sydo_gf##F##_mul_portable(r, a, b);                                                              \
    }                                                                                                        \
    void sydo_gf##F##_mul64(uint64_t r[NW], const uint64_t a[NW], uint64_t t)                               \
    {                                                                                                        \
        if (HW())                                                                                            \
            mul64_hw##F(r, a, t);                                                                            \
        else                                                                                                 \
            sydo_gf##F##_mul64_portable(r, a, t);                                                            \
    }                                                                                                        \
    void sydo_gf##F##_muladd_wide(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW])           \
    {                                                                                                        \
        if (HW())                                                                                            \
            muladd_hw##F(w, a, b);                                                                           \
        else                                                                                                 \
            sydo_gf##F##_muladd_wide_portable(w, a, b);                                                      \
    }                                                                                                        \
    void sydo_gf##F##_reduce(uint64_t r[NW], const uint64_t w[2 * NW])                                      \
    {                                                                                                        \
        if (HW())                                                                                            \
            red##F(r, w);                                                                                    \
        else                                                                                                 \
            sydo_gf##F##_reduce_portable(r, w);                                                              \
    }                                                                                                        \
    void sydo_gf##F##_load(uint64_t r[NW], const uint8_t *bytes)                                            \
    {                                                                                                        \
        if (HW()) {                                                                                          \
            r[NW - 1] = 0; /* x86: the little-endian encoding is the words */                               \
            memcpy(r, bytes, F / 8);                                                                         \
        } else {                                                                                             \
            sydo_gf##F##_load_portable(r, bytes);                                                            \
        }                                                                                                    \
    }                                                                                                        \
    void sydo_gf##F##_store(uint8_t *bytes, const uint64_t a[NW])                                           \
    {                                                                                                        \
        if (HW())                                                                                            \
            memcpy(bytes, a, F / 8);                                                                         \
        else                                                                                                 \
            sydo_gf##F##_store_portable(bytes, a);                                                           \
    }                                                                                                        \
    void sydo_gf##F##_table8(uint64_t tab[256][NW + 1], const uint64_t a[NW])                               \
    {                                                                                                        \
        sydo_gf##F##_table8_portable(tab, a);                                                                \
    }                                                                                                        \
    void sydo_gf##F##_mul_table8_vt(uint64_t r[NW], const uint64_t tab[256][NW + 1], const uint64_t b[NW])  \
    {                                                                                                        \
        if (HW())                                                                                            \
            mul_hw##F(r, tab[1], b);                                                                         \
        else                                                                                                 \
            sydo_gf##F##_mul_table8_vt_portable(r, tab, b);                                                  \
    }                                                                                                        \
    void sydo_gf##F##_fold3_vt(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],                      \
                               const uint64_t *const b[3])                                                   \
    {                                                                                                        \
        if (HW())                                                                                            \
            fold3_hw##F(r, tabs, b);                                                                         \
        else                                                                                                 \
            sydo_gf##F##_fold3_vt_portable(r, tabs, b);                                                      \
    }

FIELD(160, 3, red160(r, w))
FIELD(256, 4, red256(r, w))
FIELD(512, 8, red512(r, w))
