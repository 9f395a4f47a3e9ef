/* matvec.c - the opt products over F_{q^2}: ref/matvec.c's row and operand
 * forms, here with byte entries (tsuov-opt.h), and tsuov_matvec with AVX2
 * when the CPU has it (pmaddubsw: 32 byte products per instruction), ref's
 * portable kernel otherwise. The AVX2 code is compiled with
 * __attribute__((target("avx2"))), so no compiler flag is needed. */
#include <stdlib.h>
#include <string.h>

#include "../ref/tsuov.h"

void tsuov_matvec_portable(tsuov_fq2 *out, const tsuov_rowv *rows, size_t nrows, const tsuov_opv *ops,
                           size_t nops);
#define tsuov_matvec tsuov_matvec_portable
#include "../ref/matvec.c"
#undef tsuov_matvec

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>

#define TARGET __attribute__((target("avx2")))
#define CHUNKS (TSUOV_LD / 32)
/* pmaddubsw sums two products of at most 30 * 90; 16-bit sums of FLUSH
 * chunks stay below 2^15 (6 * 5400 = 32400) before they are widened. */
#define FLUSH 6

typedef char tsuov_assert_chunks[TSUOV_LD % 32 == 0 ? 1 : -1];
typedef char tsuov_assert_fq2[sizeof(tsuov_fq2) == 2 ? 1 : -1]; /* two of them are 4 bytes */

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

/* Four vectors of 16-bit partial sums folded into one of 32-bit lanes:
 * lanes 0-3 and 4-7 hold halves of the totals of a, b, c, d. */
TARGET static __m256i fold4(__m256i a, __m256i b, __m256i c, __m256i d)
{
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i ab = _mm256_hadd_epi32(_mm256_madd_epi16(a, ones), _mm256_madd_epi16(b, ones));
    __m256i cd = _mm256_hadd_epi32(_mm256_madd_epi16(c, ones), _mm256_madd_epi16(d, ones));
    return _mm256_hadd_epi32(ab, cd);
}

TARGET static void store4(int32_t *s, __m256i v)
{
    _mm_storeu_si128((__m128i *)(void *)s,
                     _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
}

/* x mod 31 in each 32-bit lane (x < 2^31): 2^15, 2^10 and 2^5 are 1 mod
 * 31, so folding the high bits onto the low ones keeps the residue; the
 * last step maps 31..33 to 0..2 (unsigned min with x - 31). */
TARGET static __m256i mod31(__m256i x)
{
    x = _mm256_add_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x7FFF)), _mm256_srli_epi32(x, 15));
    x = _mm256_add_epi32(_mm256_and_si256(x, _mm256_set1_epi32(0x3FF)), _mm256_srli_epi32(x, 10));
    x = _mm256_add_epi32(_mm256_and_si256(x, _mm256_set1_epi32(31)), _mm256_srli_epi32(x, 5));
    x = _mm256_add_epi32(_mm256_and_si256(x, _mm256_set1_epi32(31)), _mm256_srli_epi32(x, 5));
    return _mm256_min_epu32(x, _mm256_sub_epi32(x, _mm256_set1_epi32(31)));
}

/* Two rows against two operands: o0[0..1] = r0.p, r0.q and o1[0..1] = r1.p,
 * r1.q over F_{q^2}, reduced. Eight 16-bit accumulators per block of FLUSH
 * chunks, folded into two 32-bit ones, so that everything stays in the
 * sixteen registers; the eight sums are reduced and narrowed together. */
#define MAC(t, x, o) t = _mm256_add_epi16(t, _mm256_maddubs_epi16(x, o))
TARGET static void dot22_avx2(tsuov_fq2 *o0, tsuov_fq2 *o1, const uint8_t *r0, const uint8_t *r1,
                              const int8_t *p, const int8_t *q)
{
    __m256i acc0 = _mm256_setzero_si256(), acc1 = acc0;
    int k0, k;
    for (k0 = 0; k0 < CHUNKS; k0 += FLUSH) {
        __m256i t0 = _mm256_setzero_si256(), t1 = t0, t2 = t0, t3 = t0, t4 = t0, t5 = t0, t6 = t0, t7 = t0;
        for (k = k0; k < k0 + FLUSH && k < CHUNKS; k++) {
            __m256i x = LOAD(r0 + 32 * k), y = LOAD(r1 + 32 * k), o;
            o = LOAD(p + 32 * k);
            MAC(t0, x, o);
            MAC(t4, y, o);
            o = LOAD(p + TSUOV_LD + 32 * k);
            MAC(t1, x, o);
            MAC(t5, y, o);
            o = LOAD(q + 32 * k);
            MAC(t2, x, o);
            MAC(t6, y, o);
            o = LOAD(q + TSUOV_LD + 32 * k);
            MAC(t3, x, o);
            MAC(t7, y, o);
        }
        acc0 = _mm256_add_epi32(acc0, fold4(t0, t1, t2, t3));
        acc1 = _mm256_add_epi32(acc1, fold4(t4, t5, t6, t7));
    }
    {
        /* lanes 0-3: the sums of r0, lanes 4-7: those of r1; then bytes */
        __m256i v = mod31(_mm256_add_epi32(_mm256_permute2x128_si256(acc0, acc1, 0x20),
                                           _mm256_permute2x128_si256(acc0, acc1, 0x31)));
        int32_t w0, w1;
        v = _mm256_packus_epi32(v, v);
        v = _mm256_packus_epi16(v, v);
        w0 = _mm_cvtsi128_si32(_mm256_castsi256_si128(v));
        w1 = _mm_cvtsi128_si32(_mm256_extracti128_si256(v, 1));
        memcpy(o0, &w0, 4); /* (c0, c1) of o0[0], then of o0[1] */
        memcpy(o1, &w1, 4);
    }
}

/* One row against one operand: s = row.a, row.b. */
TARGET static void dot2_avx2(int32_t s[2], const uint8_t *row, const int8_t *op)
{
    const __m256i zero = _mm256_setzero_si256();
    __m256i acc = zero;
    int32_t v[4];
    int k0, k;
    for (k0 = 0; k0 < CHUNKS; k0 += FLUSH) {
        __m256i t0 = zero, t1 = zero;
        for (k = k0; k < k0 + FLUSH && k < CHUNKS; k++) {
            __m256i x = LOAD(row + 32 * k);
            MAC(t0, x, LOAD(op + 32 * k));
            MAC(t1, x, LOAD(op + TSUOV_LD + 32 * k));
        }
        acc = _mm256_add_epi32(acc, fold4(t0, t1, zero, zero));
    }
    store4(v, acc);
    s[0] = v[0];
    s[1] = v[1];
}

TARGET static void matvec_avx2(tsuov_fq2 *out, const uint8_t *rows, size_t nrows, const int8_t *ops,
                               size_t nops)
{
    size_t r, a;
    int32_t s[8];

    for (r = 0; r + 2 <= nrows; r += 2) {
        const uint8_t *r0 = rows + r * TSUOV_LD, *r1 = r0 + TSUOV_LD;
        tsuov_fq2 *o0 = out + r * nops, *o1 = o0 + nops;
        for (a = 0; a + 2 <= nops; a += 2) {
            dot22_avx2(&o0[a], &o1[a], r0, r1, ops + a * TSUOV_OPLEN, ops + (a + 1) * TSUOV_OPLEN);
        }
        if (a < nops) {
            dot2_avx2(s, r0, ops + a * TSUOV_OPLEN);
            put(&o0[a], s);
            dot2_avx2(s, r1, ops + a * TSUOV_OPLEN);
            put(&o1[a], s);
        }
    }
    if (r < nrows)
        for (a = 0; a < nops; a++) {
            dot2_avx2(s, rows + r * TSUOV_LD, ops + a * TSUOV_OPLEN);
            put(&out[r * nops + a], s);
        }
}

/* The switch of every opt kernel (tsuov-opt.h): AVX2 if the CPU has it,
 * unless NGBENCH_SM3X=portable keeps the process on the portable code. Not
 * tied to the SM3 backend: that one is chosen by speed and may be avx512. */
int tsuov_opt_avx2(void)
{
    static int known = -1;
    if (known < 0) {
        const char *e = getenv("NGBENCH_SM3X");
        known = iccs_sm3x_backend_runs("avx2") && !(e && strcmp(e, "portable") == 0);
    }
    return known;
}
#define use_avx2 tsuov_opt_avx2
#else
int tsuov_opt_avx2(void)
{
    return 0;
}
#endif

void tsuov_matvec(tsuov_fq2 *out, const tsuov_rowv *rows, size_t nrows, const tsuov_opv *ops, size_t nops)
{
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    if (use_avx2()) {
        matvec_avx2(out, rows, nrows, ops, nops);
        return;
    }
#endif
    tsuov_matvec_portable(out, rows, nrows, ops, nops);
}
