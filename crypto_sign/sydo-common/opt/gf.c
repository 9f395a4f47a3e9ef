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

/* 128-bit limbs: an element of 2 NL words is NL limbs L_i (words 2i, 2i+1),
 * a wide value 2 NL limbs. The product of two limbs is Karatsuba on their
 * words (three PCLMULQDQ: low, high, and the sums' product, the sums made
 * once per operand limb); the products of one diagonal i + j = k are summed
 * before the middle term is split over limbs k and k + 1. */
/* the loops below have constant trip counts once inlined: unrolled
 * (SYDO_UNROLL), their arrays live in registers */
#define UNROLL SYDO_UNROLL
typedef struct {
    __m128i l[4], s[4]; /* limbs, and each limb's word sum in its low word */
} limbs;

CL static inline void limbs_load(limbs *x, const uint64_t *a, unsigned nl)
{
    unsigned i;
    UNROLL
    for (i = 0; i < nl; i++) {
        x->l[i] = _mm_loadu_si128((const __m128i *)(a + 2 * i));
        x->s[i] = _mm_xor_si128(x->l[i], _mm_shuffle_epi32(x->l[i], 0x4e));
    }
}

/* R[0..2nl) ^= sum_{m < k} a_m * b_m, unreduced */
CL static inline void limbs_mac(__m128i *R, const limbs *a, const limbs *b, unsigned k, unsigned nl)
{
    unsigned d, i, j, m;
    UNROLL
    for (d = 0; d + 1 < 2 * nl; d++) {
        __m128i lo = _mm_setzero_si128(), hi = _mm_setzero_si128(), mid = _mm_setzero_si128();
        UNROLL
        for (m = 0; m < k; m++)
            UNROLL
            for (i = d < nl ? 0 : d - nl + 1; i <= d && i < nl; i++) {
                j = d - i;
                lo = _mm_xor_si128(lo, _mm_clmulepi64_si128(a[m].l[i], b[m].l[j], 0x00));
                hi = _mm_xor_si128(hi, _mm_clmulepi64_si128(a[m].l[i], b[m].l[j], 0x11));
                mid = _mm_xor_si128(mid, _mm_clmulepi64_si128(a[m].s[i], b[m].s[j], 0x00));
            }
        mid = _mm_xor_si128(mid, _mm_xor_si128(lo, hi));
        R[d] = _mm_xor_si128(R[d], _mm_xor_si128(lo, _mm_slli_si128(mid, 8)));
        R[d + 1] = _mm_xor_si128(R[d + 1], _mm_xor_si128(hi, _mm_srli_si128(mid, 8)));
    }
}

/* r = R mod x^(128 nl) + rx (deg rx <= 10 < 64): the high limbs times rx
 * (two products a limb), then the at most ten bits pushed past the top */
CL static inline void limbs_reduce(uint64_t *r, const __m128i *R, unsigned nl, uint32_t rx)
{
    const __m128i C = _mm_cvtsi32_si128((int)rx);
    __m128i o[5], p0, p1;
    unsigned j;
    UNROLL
    for (j = 0; j < nl; j++)
        o[j] = R[j];
    o[nl] = _mm_setzero_si128();
    UNROLL
    for (j = 0; j < nl; j++) {
        p0 = _mm_clmulepi64_si128(R[nl + j], C, 0x00);
        p1 = _mm_clmulepi64_si128(R[nl + j], C, 0x01);
        o[j] = _mm_xor_si128(o[j], _mm_xor_si128(p0, _mm_slli_si128(p1, 8)));
        o[j + 1] = _mm_xor_si128(o[j + 1], _mm_srli_si128(p1, 8));
    }
    o[0] = _mm_xor_si128(o[0], _mm_clmulepi64_si128(o[nl], C, 0x00));
    UNROLL
    for (j = 0; j < nl; j++)
        _mm_storeu_si128((__m128i *)(r + 2 * j), o[j]);
}

/* r = a * t mod x^(128 nl) + rx */
CL static inline void limbs_mul64(uint64_t *r, const uint64_t *a, uint64_t t, unsigned nl, uint32_t rx)
{
    const __m128i T = _mm_cvtsi64_si128((long long)t), C = _mm_cvtsi32_si128((int)rx);
    __m128i o[5], p0, p1, x;
    unsigned j;
    UNROLL
    for (j = 0; j <= nl; j++)
        o[j] = _mm_setzero_si128();
    UNROLL
    for (j = 0; j < nl; j++) {
        x = _mm_loadu_si128((const __m128i *)(a + 2 * j));
        p0 = _mm_clmulepi64_si128(x, T, 0x00);
        p1 = _mm_clmulepi64_si128(x, T, 0x01);
        o[j] = _mm_xor_si128(o[j], _mm_xor_si128(p0, _mm_slli_si128(p1, 8)));
        o[j + 1] = _mm_xor_si128(o[j + 1], _mm_srli_si128(p1, 8));
    }
    /* o[nl] is one word: its image is below x^74 */
    p0 = _mm_clmulepi64_si128(o[nl], C, 0x00);
    o[0] = _mm_xor_si128(o[0], p0);
    UNROLL
    for (j = 0; j < nl; j++)
        _mm_storeu_si128((__m128i *)(r + 2 * j), o[j]);
}

/* w[0..2n) ^= sum_m a_m * b_m over k pairs of n-word operands (n <= 4),
 * unreduced: the diagonals, then the words (the 160-bit field) */
CL static inline void clmul_sum(uint64_t *w, const uint64_t *const *a, const uint64_t *const *b, unsigned k,
                                unsigned n)
{
    __m128i d[16], A[8], B[8], x;
    unsigned i, j, m;
    UNROLL
    for (i = 0; i < 2 * n; i++)
        d[i] = _mm_setzero_si128();
    UNROLL
    for (m = 0; m < k; m++) {
        UNROLL
        for (i = 0; i < n; i++) {
            A[i] = _mm_cvtsi64_si128((long long)a[m][i]);
            B[i] = _mm_cvtsi64_si128((long long)b[m][i]);
        }
        UNROLL
        for (i = 0; i < n; i++)
            UNROLL
            for (j = 0; j < n; j++)
                d[i + j] = _mm_xor_si128(d[i + j], _mm_clmulepi64_si128(A[i], B[j], 0x00));
    }
    /* d[2n-1] stays zero: the top word pair takes the high half of d[2n-2] */
    UNROLL
    for (i = 0; i < n; i++) {
        /* words 2i, 2i+1: d[2i] + (hi d[2i-1], lo d[2i+1]) */
        x = _mm_alignr_epi8(d[2 * i + 1], i ? d[2 * i - 1] : _mm_setzero_si128(), 8);
        x = _mm_xor_si128(x, d[2 * i]);
        x = _mm_xor_si128(x, _mm_loadu_si128((const __m128i *)(w + 2 * i)));
        _mm_storeu_si128((__m128i *)(w + 2 * i), x);
    }
}

/* w[0..n] = a * t (n + 1 words) */
CL static inline void clmul_word(uint64_t *w, const uint64_t *a, uint64_t t, unsigned n)
{
    __m128i T = _mm_cvtsi64_si128((long long)t), p;
    unsigned i;
    uint64_t hi = 0;
    UNROLL
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

/* FIELD(F, NW): the entry points of one field. Load and store are
 * ref's (byte by byte: nothing to gain). */
#if SYDO_X86
/* 160: words (clmul_sum, red160); 256 and 512: limbs (the limbs_ code).
 * Each is built three times, for the levels aesni (SSE encoding), avx2 (VEX:
 * three-operand, no register copies) and avx512 (VEX or EVEX with 32
 * registers): HW_FUNCS(ATTR, SUFFIX). */
#define CLV __attribute__((target("pclmul,avx2")))
#define CLZ __attribute__((target("pclmul,avx2,avx512f,avx512vl")))

#define FIELD160_HW(ATTR, S)                                                                                 \
    ATTR static void mul_##S##160(uint64_t r[3], const uint64_t a[3], const uint64_t b[3])                  \
    {                                                                                                        \
        uint64_t w[6] = {0};                                                                                 \
        clmul_sum(w, &a, &b, 1, 3);                                                                          \
        red160(r, w);                                                                                        \
    }                                                                                                        \
    ATTR static void mul64_##S##160(uint64_t r[3], const uint64_t a[3], uint64_t t)                         \
    {                                                                                                        \
        uint64_t w[6] = {0};                                                                                 \
        clmul_word(w, a, t, 3);                                                                              \
        red160(r, w);                                                                                        \
    }                                                                                                        \
    ATTR static void muladd_##S##160(uint64_t w[6], const uint64_t a[3], const uint64_t b[3])               \
    {                                                                                                        \
        clmul_sum(w, &a, &b, 1, 3);                                                                          \
    }                                                                                                        \
    ATTR static void red_##S##160(uint64_t r[3], const uint64_t w[6])                                       \
    {                                                                                                        \
        red160(r, w);                                                                                        \
    }                                                                                                        \
    ATTR static void fold3_##S##160(uint64_t r[3], const uint64_t (*const tabs[3])[4], const uint64_t *const b[3]) \
    {                                                                                                        \
        uint64_t w[6] = {0};                                                                                 \
        const uint64_t *a[3];                                                                                \
        a[0] = tabs[0][1];                                                                                   \
        a[1] = tabs[1][1];                                                                                   \
        a[2] = tabs[2][1];                                                                                   \
        clmul_sum(w, a, b, 3, 3);                                                                            \
        red160(r, w);                                                                                        \
        }                                                                                                        \
    ATTR static void fold3n_##S##160(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)           \
    {                                                                                                        \
        const uint64_t *x[3], *y[3];                                                                         \
        size_t j;                                                                                            \
        x[0] = a;                                                                                            \
        x[1] = a + 3;                                                                                        \
        x[2] = a + 6;                                                                                        \
        for (j = 0; j < n; j++) {                                                                            \
            uint64_t w[6] = {0};                                                                             \
            y[0] = b + 9 * j;                                                                                \
            y[1] = b + 9 * j + 3;                                                                            \
            y[2] = b + 9 * j + 6;                                                                            \
            clmul_sum(w, x, y, 3, 3);                                                                        \
            red160(r + 3 * j, w);                                                                            \
        }                                                                                                    \
    }

#define FIELDL_HW(F, NW, NL, RX, ATTR, S)                                                                    \
    ATTR static void mul_##S##F(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW])                 \
    {                                                                                                        \
        limbs A, B;                                                                                          \
        __m128i R[2 * NL] = {0};                                                                             \
        limbs_load(&A, a, NL);                                                                               \
        limbs_load(&B, b, NL);                                                                               \
        limbs_mac(R, &A, &B, 1, NL);                                                                         \
        limbs_reduce(r, R, NL, RX);                                                                          \
    }                                                                                                        \
    ATTR static void mul64_##S##F(uint64_t r[NW], const uint64_t a[NW], uint64_t t)                         \
    {                                                                                                        \
        limbs_mul64(r, a, t, NL, RX);                                                                        \
    }                                                                                                        \
    ATTR static void muladd_##S##F(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW])          \
    {                                                                                                        \
        limbs A, B;                                                                                          \
        __m128i R[2 * NL];                                                                                   \
        unsigned i;                                                                                          \
        UNROLL                                                                                               \
        for (i = 0; i < 2 * NL; i++)                                                                         \
            R[i] = _mm_loadu_si128((const __m128i *)(w + 2 * i));                                            \
        limbs_load(&A, a, NL);                                                                               \
        limbs_load(&B, b, NL);                                                                               \
        limbs_mac(R, &A, &B, 1, NL);                                                                         \
        UNROLL                                                                                               \
        for (i = 0; i < 2 * NL; i++)                                                                         \
            _mm_storeu_si128((__m128i *)(w + 2 * i), R[i]);                                                  \
    }                                                                                                        \
    ATTR static void red_##S##F(uint64_t r[NW], const uint64_t w[2 * NW])                                   \
    {                                                                                                        \
        __m128i R[2 * NL];                                                                                   \
        unsigned i;                                                                                          \
        UNROLL                                                                                               \
        for (i = 0; i < 2 * NL; i++)                                                                         \
            R[i] = _mm_loadu_si128((const __m128i *)(w + 2 * i));                                            \
        limbs_reduce(r, R, NL, RX);                                                                          \
    }                                                                                                        \
    ATTR static void fold3_##S##F(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],                   \
                                  const uint64_t *const b[3])                                                \
    {                                                                                                        \
        limbs A[3], B[3];                                                                                    \
        __m128i R[2 * NL] = {0};                                                                             \
        unsigned m;                                                                                          \
        UNROLL                                                                                               \
        for (m = 0; m < 3; m++) {                                                                            \
            limbs_load(&A[m], tabs[m][1], NL);                                                               \
            limbs_load(&B[m], b[m], NL);                                                                     \
        }                                                                                                    \
        limbs_mac(R, A, B, 3, NL);                                                                           \
        limbs_reduce(r, R, NL, RX);                                                                          \
    }                                                                                                        \
    ATTR static void fold3n_##S##F(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)             \
    {                                                                                                        \
        limbs A[3], B[3];                                                                                    \
        size_t j;                                                                                            \
        unsigned m;                                                                                          \
        UNROLL                                                                                               \
        for (m = 0; m < 3; m++)                                                                              \
            limbs_load(&A[m], a + NW * m, NL);                                                               \
        for (j = 0; j < n; j++) {                                                                            \
            __m128i R[2 * NL] = {0};                                                                         \
            UNROLL                                                                                           \
            for (m = 0; m < 3; m++)                                                                          \
                limbs_load(&B[m], b + NW * (3 * j + m), NL);                                                 \
            limbs_mac(R, A, B, 3, NL);                                                                       \
            limbs_reduce(r + NW * j, R, NL, RX);                                                             \
        }                                                                                                    \
    }

#define HW_FUNCS(ATTR, S)                                                                                    \
    FIELD160_HW(ATTR, S)                                                                                     \
    FIELDL_HW(256, 4, 2, 0x425, ATTR, S)                                                                     \
    FIELDL_HW(512, 8, 4, 0x125, ATTR, S)
HW_FUNCS(CL, hw)
HW_FUNCS(CLV, hwv)
HW_FUNCS(CLZ, hwz)

/* the best build of NAME for the level: NAME_hwz, _hwv, _hw or PORTABLE */
#define PICK(NAME, F, PORTABLE, ARGS)                                                                        \
    do {                                                                                                     \
        int l_ = sydo_cpu();                                                                                 \
        if (l_ >= SYDO_CPU_AVX512)                                                                           \
            NAME##_hwz##F ARGS;                                                                              \
        else if (l_ >= SYDO_CPU_AVX2)                                                                        \
            NAME##_hwv##F ARGS;                                                                              \
        else if (l_ >= SYDO_CPU_AESNI)                                                                       \
            NAME##_hw##F ARGS;                                                                               \
        else                                                                                                 \
            PORTABLE ARGS;                                                                                   \
    } while (0)
#else
#define PICK(NAME, F, PORTABLE, ARGS) PORTABLE ARGS
#endif

#define FIELD(F, NW)                                                                                         \
    void sydo_gf##F##_mul(uint64_t r[NW], const uint64_t a[NW], const uint64_t b[NW])                       \
    {                                                                                                        \
        PICK(mul, F, sydo_gf##F##_mul_portable, (r, a, b));                                                  \
    }                                                                                                        \
    void sydo_gf##F##_mul64(uint64_t r[NW], const uint64_t a[NW], uint64_t t)                               \
    {                                                                                                        \
        PICK(mul64, F, sydo_gf##F##_mul64_portable, (r, a, t));                                              \
    }                                                                                                        \
    void sydo_gf##F##_muladd_wide(uint64_t w[2 * NW], const uint64_t a[NW], const uint64_t b[NW])           \
    {                                                                                                        \
        PICK(muladd, F, sydo_gf##F##_muladd_wide_portable, (w, a, b));                                       \
    }                                                                                                        \
    void sydo_gf##F##_reduce(uint64_t r[NW], const uint64_t w[2 * NW])                                      \
    {                                                                                                        \
        PICK(red, F, sydo_gf##F##_reduce_portable, (r, w));                                                  \
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
            sydo_gf##F##_mul(r, tab[1], b);                                                                  \
        else                                                                                                 \
            sydo_gf##F##_mul_table8_vt_portable(r, tab, b);                                                  \
    }                                                                                                        \
    void sydo_gf##F##_fold3_vt(uint64_t r[NW], const uint64_t (*const tabs[3])[NW + 1],                      \
                               const uint64_t *const b[3])                                                   \
    {                                                                                                        \
        PICK(fold3, F, sydo_gf##F##_fold3_vt_portable, (r, tabs, b));                                        \
    }

FIELD(160, 3)
FIELD(256, 4)
FIELD(512, 8)

/* sydo_opt_fold3_n (sydo-opt.h): r_j = sum_eta a_eta * b_{j,eta} for j < n,
 * the a's limbs made once for all columns */

#if SYDO_X86
/* The avx512 level at 512: four columns at once, column p in 128-bit lane p
 * of every register (VPCLMULQDQ does one limb product per lane), so the
 * limb code above runs unchanged on 512-bit vectors; alpha's limbs are
 * broadcast, the H elements come in and the results go out through 4 x 4
 * transposes of 128-bit lanes. */
#define CLZV __attribute__((target("pclmul,avx2,avx512f,avx512vl,avx512bw,vpclmulqdq")))

/* lanes p of l[i] <-> limb i of element p (an involution) */
CLZV static inline void zt4(__m512i x[4])
{
    __m512i t0 = _mm512_shuffle_i64x2(x[0], x[1], 0x44), t1 = _mm512_shuffle_i64x2(x[0], x[1], 0xee);
    __m512i t2 = _mm512_shuffle_i64x2(x[2], x[3], 0x44), t3 = _mm512_shuffle_i64x2(x[2], x[3], 0xee);
    x[0] = _mm512_shuffle_i64x2(t0, t2, 0x88);
    x[1] = _mm512_shuffle_i64x2(t0, t2, 0xdd);
    x[2] = _mm512_shuffle_i64x2(t1, t3, 0x88);
    x[3] = _mm512_shuffle_i64x2(t1, t3, 0xdd);
}

CLZV static void fold3n_z512(uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    const __m512i C = _mm512_set1_epi64(0x125);
    __m512i Al[3][4], As[3][4], Bl[3][4], Bs[3][4], R[8], o[5], p0, p1;
    size_t j;
    unsigned m, i, d, q;
    SYDO_UNROLL
    for (m = 0; m < 3; m++) {
        SYDO_UNROLL
        for (i = 0; i < 4; i++) {
            Al[m][i] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(a + 8 * m + 2 * i)));
            As[m][i] = _mm512_xor_si512(Al[m][i], _mm512_shuffle_epi32(Al[m][i], (_MM_PERM_ENUM)0x4e));
        }
    }
    for (j = 0; j + 4 <= n; j += 4) {
        SYDO_UNROLL
        for (m = 0; m < 3; m++) {
            SYDO_UNROLL
            for (q = 0; q < 4; q++)
                Bl[m][q] = _mm512_loadu_si512((const void *)(b + 8 * (3 * (j + q) + m)));
            zt4(Bl[m]);
            SYDO_UNROLL
            for (i = 0; i < 4; i++)
                Bs[m][i] = _mm512_xor_si512(Bl[m][i], _mm512_shuffle_epi32(Bl[m][i], (_MM_PERM_ENUM)0x4e));
        }
        SYDO_UNROLL
        for (i = 0; i < 8; i++)
            R[i] = _mm512_setzero_si512();
        SYDO_UNROLL
        for (d = 0; d < 7; d++) {
            __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512(), mid = _mm512_setzero_si512();
            SYDO_UNROLL
            for (m = 0; m < 3; m++) {
                SYDO_UNROLL
                for (i = d < 4 ? 0 : d - 3; i <= d && i < 4; i++) {
                    lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(Al[m][i], Bl[m][d - i], 0x00));
                    hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(Al[m][i], Bl[m][d - i], 0x11));
                    mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(As[m][i], Bs[m][d - i], 0x00));
                }
            }
            mid = _mm512_ternarylogic_epi64(mid, lo, hi, 0x96);
            R[d] = _mm512_ternarylogic_epi64(R[d], lo, _mm512_bslli_epi128(mid, 8), 0x96);
            R[d + 1] = _mm512_ternarylogic_epi64(R[d + 1], hi, _mm512_bsrli_epi128(mid, 8), 0x96);
        }
        /* reduction, as limbs_reduce */
        SYDO_UNROLL
        for (i = 0; i < 4; i++)
            o[i] = R[i];
        o[4] = _mm512_setzero_si512();
        SYDO_UNROLL
        for (i = 0; i < 4; i++) {
            p0 = _mm512_clmulepi64_epi128(R[4 + i], C, 0x00);
            p1 = _mm512_clmulepi64_epi128(R[4 + i], C, 0x01);
            o[i] = _mm512_ternarylogic_epi64(o[i], p0, _mm512_bslli_epi128(p1, 8), 0x96);
            o[i + 1] = _mm512_xor_si512(o[i + 1], _mm512_bsrli_epi128(p1, 8));
        }
        o[0] = _mm512_xor_si512(o[0], _mm512_clmulepi64_epi128(o[4], C, 0x00));
        zt4(o);
        SYDO_UNROLL
        for (q = 0; q < 4; q++)
            _mm512_storeu_si512((void *)(r + 8 * (j + q)), o[q]);
    }
    if (j < n)
        fold3n_hwz512(r + 8 * j, a, b + 24 * j, n - j);
}
#endif

#if SYDO_X86
/* the four slots of the prover's hashes at 512, one slot per lane */
CLZV static void uhash4_z512(uint64_t *A, uint64_t *B, const uint64_t *s, uint64_t t, const uint64_t *e)
{
    const __m512i C = _mm512_set1_epi64(0x125), T = _mm512_set1_epi64((long long)t);
    __m512i a[4], as[4], S[4], Ss[4], E[4], b[4], o[5], p0, p1;
    unsigned i, d, q;
    SYDO_UNROLL
    for (q = 0; q < 4; q++) {
        a[q] = _mm512_loadu_si512((const void *)(A + 8 * q));
        b[q] = _mm512_loadu_si512((const void *)(B + 8 * q));
        E[q] = _mm512_loadu_si512((const void *)(e + 8 * q));
    }
    zt4(a);
    zt4(b);
    zt4(E);
    SYDO_UNROLL
    for (i = 0; i < 4; i++) {
        S[i] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *)(s + 2 * i)));
        Ss[i] = _mm512_xor_si512(S[i], _mm512_shuffle_epi32(S[i], (_MM_PERM_ENUM)0x4e));
        as[i] = _mm512_xor_si512(a[i], _mm512_shuffle_epi32(a[i], (_MM_PERM_ENUM)0x4e));
    }
    {
        __m512i R[8];
        SYDO_UNROLL
        for (i = 0; i < 8; i++)
            R[i] = _mm512_setzero_si512();
        SYDO_UNROLL
        for (d = 0; d < 7; d++) {
            __m512i lo = _mm512_setzero_si512(), hi = _mm512_setzero_si512(), mid = _mm512_setzero_si512();
            SYDO_UNROLL
            for (i = d < 4 ? 0 : d - 3; i <= d && i < 4; i++) {
                lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(a[i], S[d - i], 0x00));
                hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(a[i], S[d - i], 0x11));
                mid = _mm512_xor_si512(mid, _mm512_clmulepi64_epi128(as[i], Ss[d - i], 0x00));
            }
            mid = _mm512_ternarylogic_epi64(mid, lo, hi, 0x96);
            R[d] = _mm512_ternarylogic_epi64(R[d], lo, _mm512_bslli_epi128(mid, 8), 0x96);
            R[d + 1] = _mm512_ternarylogic_epi64(R[d + 1], hi, _mm512_bsrli_epi128(mid, 8), 0x96);
        }
        SYDO_UNROLL
        for (i = 0; i < 4; i++)
            o[i] = R[i];
        o[4] = _mm512_setzero_si512();
        SYDO_UNROLL
        for (i = 0; i < 4; i++) {
            p0 = _mm512_clmulepi64_epi128(R[4 + i], C, 0x00);
            p1 = _mm512_clmulepi64_epi128(R[4 + i], C, 0x01);
            o[i] = _mm512_ternarylogic_epi64(o[i], p0, _mm512_bslli_epi128(p1, 8), 0x96);
            o[i + 1] = _mm512_xor_si512(o[i + 1], _mm512_bsrli_epi128(p1, 8));
        }
        o[0] = _mm512_xor_si512(o[0], _mm512_clmulepi64_epi128(o[4], C, 0x00));
    }
    SYDO_UNROLL
    for (i = 0; i < 4; i++)
        a[i] = _mm512_xor_si512(o[i], E[i]);
    /* b t: two products a limb, the word past the top folded once */
    SYDO_UNROLL
    for (i = 0; i < 5; i++)
        o[i] = _mm512_setzero_si512();
    SYDO_UNROLL
    for (i = 0; i < 4; i++) {
        p0 = _mm512_clmulepi64_epi128(b[i], T, 0x00);
        p1 = _mm512_clmulepi64_epi128(b[i], T, 0x01);
        o[i] = _mm512_ternarylogic_epi64(o[i], p0, _mm512_bslli_epi128(p1, 8), 0x96);
        o[i + 1] = _mm512_xor_si512(o[i + 1], _mm512_bsrli_epi128(p1, 8));
    }
    o[0] = _mm512_xor_si512(o[0], _mm512_clmulepi64_epi128(o[4], C, 0x00));
    SYDO_UNROLL
    for (i = 0; i < 4; i++)
        b[i] = _mm512_xor_si512(o[i], E[i]);
    zt4(a);
    zt4(b);
    SYDO_UNROLL
    for (q = 0; q < 4; q++) {
        _mm512_storeu_si512((void *)(A + 8 * q), a[q]);
        _mm512_storeu_si512((void *)(B + 8 * q), b[q]);
    }
}
#endif

void sydo_opt_uhash4(unsigned lambda, uint64_t *A, uint64_t *B, const uint64_t *s, uint64_t t, const uint64_t *e)
{
    unsigned d, nw = lambda == 160 ? 3 : lambda / 64, i;
#if SYDO_X86
    if (lambda == 512 && sydo_cpu() >= SYDO_CPU_AVX512) {
        uhash4_z512(A, B, s, t, e);
        return;
    }
#endif
    for (d = 0; d < 4; d++) {
        uint64_t *a = A + nw * d, *b = B + nw * d;
        const uint64_t *x = e + nw * d;
        if (lambda == 160) {
            sydo_gf160_mul(a, a, s);
            sydo_gf160_mul64(b, b, t);
        } else if (lambda == 256) {
            sydo_gf256_mul(a, a, s);
            sydo_gf256_mul64(b, b, t);
        } else {
            sydo_gf512_mul(a, a, s);
            sydo_gf512_mul64(b, b, t);
        }
        for (i = 0; i < nw; i++) {
            a[i] ^= x[i];
            b[i] ^= x[i];
        }
    }
}

void sydo_opt_fold3_n(unsigned lambda, uint64_t *r, const uint64_t *a, const uint64_t *b, size_t n)
{
    size_t j;
#if SYDO_X86
    int l = sydo_cpu();
    if (l >= SYDO_CPU_AESNI) {
        if (lambda == 160)
            PICK(fold3n, 160, fold3n_hw160, (r, a, b, n));
        else if (lambda == 512 && l >= SYDO_CPU_AVX512)
            fold3n_z512(r, a, b, n);
        else if (lambda == 512)
            PICK(fold3n, 512, fold3n_hw512, (r, a, b, n));
        else
            PICK(fold3n, 256, fold3n_hw256, (r, a, b, n));
        return;
    }
#endif
    for (j = 0; j < n; j++) {
        if (lambda == 160) {
            uint64_t w[6] = {0};
            unsigned m;
            for (m = 0; m < 3; m++)
                sydo_gf160_muladd_wide(w, a + 3 * m, b + 3 * (3 * j + m));
            sydo_gf160_reduce(r + 3 * j, w);
        } else if (lambda == 256) {
            uint64_t w[8] = {0};
            unsigned m;
            for (m = 0; m < 3; m++)
                sydo_gf256_muladd_wide(w, a + 4 * m, b + 4 * (3 * j + m));
            sydo_gf256_reduce(r + 4 * j, w);
        } else {
            uint64_t w[16] = {0};
            unsigned m;
            for (m = 0; m < 3; m++)
                sydo_gf512_muladd_wide(w, a + 8 * m, b + 8 * (3 * j + m));
            sydo_gf512_reduce(r + 8 * j, w);
        }
    }
}
