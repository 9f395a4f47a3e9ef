/* matvec.c - the opt products over F_{q^2}: ref/matvec.c's row and operand
 * forms, here with byte entries (tsuov-opt.h), and tsuov_matvec with AVX2
 * when the CPU has it (pmaddubsw: 32 byte products per instruction), ref's
 * portable kernel otherwise. The AVX2 code is compiled with
 * __attribute__((target("avx2"))), so no compiler flag is needed. */
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

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))

/* The totals of a, b, c, d (eight 32-bit lanes each). */
TARGET static __m128i hsum4(__m256i a, __m256i b, __m256i c, __m256i d)
{
    __m256i abcd = _mm256_hadd_epi32(_mm256_hadd_epi32(a, b), _mm256_hadd_epi32(c, d));
    return _mm_add_epi32(_mm256_castsi256_si128(abcd), _mm256_extracti128_si256(abcd, 1));
}

/* Two rows against two operands: s = r0.pa, r0.pb, r0.qa, r0.qb, r1.pa, ... */
TARGET static void dot22_avx2(int32_t s[8], const uint8_t *r0, const uint8_t *r1, const int8_t *p,
                              const int8_t *q)
{
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i t[8], acc[8];
    int k, i;
    for (i = 0; i < 8; i++)
        t[i] = acc[i] = _mm256_setzero_si256();
    for (k = 0; k < CHUNKS; k++) {
        __m256i x = LOAD(r0 + 32 * k), y = LOAD(r1 + 32 * k);
        __m256i a = LOAD(p + 32 * k), b = LOAD(p + TSUOV_LD + 32 * k);
        __m256i c = LOAD(q + 32 * k), d = LOAD(q + TSUOV_LD + 32 * k);
        t[0] = _mm256_add_epi16(t[0], _mm256_maddubs_epi16(x, a));
        t[1] = _mm256_add_epi16(t[1], _mm256_maddubs_epi16(x, b));
        t[2] = _mm256_add_epi16(t[2], _mm256_maddubs_epi16(x, c));
        t[3] = _mm256_add_epi16(t[3], _mm256_maddubs_epi16(x, d));
        t[4] = _mm256_add_epi16(t[4], _mm256_maddubs_epi16(y, a));
        t[5] = _mm256_add_epi16(t[5], _mm256_maddubs_epi16(y, b));
        t[6] = _mm256_add_epi16(t[6], _mm256_maddubs_epi16(y, c));
        t[7] = _mm256_add_epi16(t[7], _mm256_maddubs_epi16(y, d));
        if ((k + 1) % FLUSH == 0 || k + 1 == CHUNKS)
            for (i = 0; i < 8; i++) {
                acc[i] = _mm256_add_epi32(acc[i], _mm256_madd_epi16(t[i], ones));
                t[i] = _mm256_setzero_si256();
            }
    }
    _mm_storeu_si128((__m128i *)(void *)s, hsum4(acc[0], acc[1], acc[2], acc[3]));
    _mm_storeu_si128((__m128i *)(void *)(s + 4), hsum4(acc[4], acc[5], acc[6], acc[7]));
}

/* One row against one operand: s = row.a, row.b. */
TARGET static void dot2_avx2(int32_t s[2], const uint8_t *row, const int8_t *op)
{
    const __m256i ones = _mm256_set1_epi16(1);
    __m256i t0 = _mm256_setzero_si256(), t1 = t0, acc0 = t0, acc1 = t0, z = t0;
    int32_t v[4];
    int k;
    for (k = 0; k < CHUNKS; k++) {
        __m256i x = LOAD(row + 32 * k);
        t0 = _mm256_add_epi16(t0, _mm256_maddubs_epi16(x, LOAD(op + 32 * k)));
        t1 = _mm256_add_epi16(t1, _mm256_maddubs_epi16(x, LOAD(op + TSUOV_LD + 32 * k)));
        if ((k + 1) % FLUSH == 0 || k + 1 == CHUNKS) {
            acc0 = _mm256_add_epi32(acc0, _mm256_madd_epi16(t0, ones));
            acc1 = _mm256_add_epi32(acc1, _mm256_madd_epi16(t1, ones));
            t0 = t1 = z;
        }
    }
    _mm_storeu_si128((__m128i *)(void *)v, hsum4(acc0, acc1, z, z));
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
            dot22_avx2(s, r0, r1, ops + a * TSUOV_OPLEN, ops + (a + 1) * TSUOV_OPLEN);
            put(&o0[a], s);
            put(&o0[a + 1], s + 2);
            put(&o1[a], s + 4);
            put(&o1[a + 1], s + 6);
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

/* The same switch as the multi-buffer SM3: AVX2 if the CPU has it, unless
 * NGBENCH_SM3X=portable keeps the process on the portable code. */
static int use_avx2(void)
{
    static int known = -1;
    if (known < 0)
        known = strcmp(iccs_sm3x_backend(), "avx2") == 0;
    return known;
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
