/* expand.c - ref's expand.c with three changes: every DRNG draw goes through
 * uvw_drng_get (the same bytes; long draws multi-buffer hashed), the
 * shuffles draw their indices in batches (uvw_drng_draws), and
 * ExpandMatrix converts each 64-bit draw to its 32 trits through N(x) =
 * floor(x 3^32 / 2^64) computed at once and split into four base-3^8
 * digits looked up in a table, instead of eight multiplications by 81 with
 * four trits each (ref: "trits delta_31 .. delta_0 of N(x) ..."). ref's
 * versions stay compiled, renamed *_ref, for the tests. */
#include <string.h>

#include "uvw-opt.h"

#define get_random_number uvw_drng_get
#define uvw_expand_matrix uvw_expand_matrix_ref
#define uvw_shuffle uvw_shuffle_ref
#define uvw_expand_monomial uvw_expand_monomial_ref
#include "../ref/expand.c"
#undef uvw_expand_matrix
#undef uvw_shuffle
#undef uvw_expand_monomial
#undef get_random_number

#define SHUFFLE_BATCH 256

void uvw_shuffle(DRNG_ctx *ctx, uint32_t *a, size_t len, size_t steps)
{
    unsigned char buf[8 * SHUFFLE_BATCH];
    size_t i, j, n;
    for (i = 0; i < steps; i += n) {
        n = steps - i < SHUFFLE_BATCH ? steps - i : SHUFFLE_BATCH;
        uvw_drng_draws(ctx, buf, 8, n); /* the draws do not depend on the swaps */
        for (j = 0; j < n; j++) {
            size_t k = i + j, t = k + (size_t)(uvw_load_le64(buf + 8 * j) % (uint64_t)(len - k));
            uint32_t x = a[k];
            a[k] = a[t];
            a[t] = x;
        }
    }
}

void uvw_expand_monomial(unsigned char *d, uint32_t *p, const unsigned char *seed, uint16_t nu)
{
    unsigned char buf[8 * UVW_AN];
    DRNG_ctx ctx;
    size_t i;

    uvw_loc_init(&ctx, seed, nu);
    uvw_drng_get(&ctx, buf, 64 * (unsigned long long)UVW_AN);
    for (i = 0; i < UVW_N; i++) {
        d[i] = (unsigned char)(1 + ((buf[i / 8] >> (i % 8)) & 1));
        p[i] = (uint32_t)i;
    }
    uvw_shuffle(&ctx, p, UVW_N, UVW_N);
}

#define POW3_8 6561u
#define POW3_16 43046721u
#define POW3_32 UINT64_C(1853020188851841)

static uint64_t mulhi64(uint64_t x, uint64_t y)
{
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    return (uint64_t)(((u128)x * y) >> 64);
#else
    uint64_t xl = x & 0xFFFFFFFFu, xh = x >> 32, yl = y & 0xFFFFFFFFu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
#endif
}

/* lut[v], v < 3^8: the 8 base-3 digits of v, least significant first, as
 * one-hot bits 0, 2, ..., 14 (plane 1 in the low half, plane 2 in the high) */
static void digit_table(uint32_t lut[POW3_8])
{
    unsigned v, i;
    for (v = 0; v < POW3_8; v++) {
        uint32_t e = 0;
        unsigned x = v;
        for (i = 0; i < 8; i++, x /= 3)
            if (x % 3)
                e |= (uint32_t)1 << (2 * i + (x % 3 == 2 ? 16 : 0));
        lut[v] = e;
    }
}

/* the trits of N(x) with digit i in bit 2i of the planes */
static void spread32(uint64_t x, const uint32_t *lut, f3word *p1, f3word *p2)
{
    uint64_t n = mulhi64(x, POW3_32);
    uint32_t lo = (uint32_t)(n % POW3_16), hi = (uint32_t)(n / POW3_16);
    uint64_t d0 = lut[lo % POW3_8], d1 = lut[lo / POW3_8], d2 = lut[hi % POW3_8], d3 = lut[hi / POW3_8];
    uint64_t d = (d0 & 0xFFFF) | (d1 & 0xFFFF) << 16 | (d2 & 0xFFFF) << 32 | (d3 & 0xFFFF) << 48;
    *p1 = d;
    *p2 = d0 >> 16 | (d1 >> 16) << 16 | (d2 >> 16) << 32 | (d3 >> 16) << 48;
}

/* One row's trits from its draw (in: 2 aw LE64 words), words [l0, aw) */
static void row_trits(f3word *row, size_t st, const unsigned char *in, size_t aw, size_t l0, const uint32_t *lut)
{
    size_t l;
    for (l = l0; l < aw; l++) {
        f3word e1, e2, o1, o2;
        spread32(uvw_load_le64(in + 8 * l), lut, &e1, &e2);        /* even columns */
        spread32(uvw_load_le64(in + 8 * (aw + l)), lut, &o1, &o2); /* odd columns */
        row[l] = e1 | (o1 << 1);
        row[st + l] = e2 | (o2 << 1);
    }
}

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) && \
    !defined(UVW_PORTABLE)
#include <immintrin.h>
#define UVW_SPREAD_X86 1
#define AVX512DQ __attribute__((target("avx512f,avx512dq")))

/* spread32 on eight words: N(x) by 32 x 32-bit products; N = hi 3^16 + lo
 * through a double quotient, corrected by one; each half split at 3^8 by a
 * multiplication with ceil(2^40 / 3^8) (exact below 3^16); the four digit
 * tables by gathers. */
AVX512DQ static void spread8(__m512i x, const uint32_t *lut, __m512i *p1, __m512i *p2)
{
    const __m512i m32 = _mm512_set1_epi64(0xFFFFFFFF), ch = _mm512_set1_epi64((long long)(POW3_32 >> 32));
    const __m512i cl = _mm512_set1_epi64((long long)(POW3_32 & 0xFFFFFFFF)), p16 = _mm512_set1_epi64(POW3_16);
    const __m512i p8 = _mm512_set1_epi64(POW3_8), inv8 = _mm512_set1_epi64(167582934), m16 = _mm512_set1_epi64(0xFFFF);
    __m512i xh = _mm512_srli_epi64(x, 32), ll = _mm512_mul_epu32(x, cl), hl = _mm512_mul_epu32(xh, cl);
    __m512i lh = _mm512_mul_epu32(x, ch), hh = _mm512_mul_epu32(xh, ch);
    __m512i mid = _mm512_add_epi64(hl, _mm512_srli_epi64(ll, 32)); /* < 2^64 */
    __m512i n = _mm512_add_epi64(_mm512_add_epi64(hh, _mm512_srli_epi64(mid, 32)),
                                 _mm512_srli_epi64(_mm512_add_epi64(_mm512_and_si512(mid, m32), lh), 32));
    __m512i q = _mm512_cvttpd_epu64(_mm512_mul_pd(_mm512_cvtepu64_pd(n), _mm512_set1_pd(1.0 / (double)POW3_16)));
    __m512i r = _mm512_sub_epi64(n, _mm512_mul_epu32(q, p16)), hi, lo, h8, l8, g0, g1, g2, g3;
    __mmask8 neg = _mm512_cmplt_epi64_mask(r, _mm512_setzero_si512()), big = _mm512_cmpge_epi64_mask(r, p16);
    q = _mm512_mask_sub_epi64(q, neg, q, _mm512_set1_epi64(1));
    r = _mm512_mask_add_epi64(r, neg, r, p16);
    q = _mm512_mask_add_epi64(q, big, q, _mm512_set1_epi64(1));
    r = _mm512_mask_sub_epi64(r, big, r, p16);
    hi = q;
    lo = r;
    h8 = _mm512_srli_epi64(_mm512_mul_epu32(hi, inv8), 40);
    l8 = _mm512_srli_epi64(_mm512_mul_epu32(lo, inv8), 40);
    g0 = _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(_mm512_sub_epi64(lo, _mm512_mul_epu32(l8, p8)), (const void *)lut, 4));
    g1 = _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(l8, (const void *)lut, 4));
    g2 = _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(_mm512_sub_epi64(hi, _mm512_mul_epu32(h8, p8)), (const void *)lut, 4));
    g3 = _mm512_cvtepu32_epi64(_mm512_i64gather_epi32(h8, (const void *)lut, 4));
    *p1 = _mm512_or_si512(_mm512_or_si512(_mm512_and_si512(g0, m16), _mm512_slli_epi64(_mm512_and_si512(g1, m16), 16)),
                          _mm512_or_si512(_mm512_slli_epi64(_mm512_and_si512(g2, m16), 32), _mm512_slli_epi64(g3, 48)));
    *p2 = _mm512_or_si512(_mm512_or_si512(_mm512_srli_epi64(g0, 16), _mm512_slli_epi64(_mm512_srli_epi64(g1, 16), 16)),
                          _mm512_or_si512(_mm512_slli_epi64(_mm512_srli_epi64(g2, 16), 32),
                                          _mm512_slli_epi64(_mm512_srli_epi64(g3, 16), 48)));
}

/* row_trits, eight words at a time (x86 is little-endian: the draw's words
 * load as they are); the words left over by row_trits */
AVX512DQ static void row_trits_avx512(f3word *row, size_t st, const unsigned char *in, size_t aw, const uint32_t *lut)
{
    size_t l;
    for (l = 0; l + 8 <= aw; l += 8) {
        __m512i e1, e2, o1, o2;
        spread8(_mm512_loadu_si512((const void *)(in + 8 * l)), lut, &e1, &e2);
        spread8(_mm512_loadu_si512((const void *)(in + 8 * (aw + l))), lut, &o1, &o2);
        _mm512_storeu_si512((void *)(row + l), _mm512_or_si512(e1, _mm512_slli_epi64(o1, 1)));
        _mm512_storeu_si512((void *)(row + st + l), _mm512_or_si512(e2, _mm512_slli_epi64(o2, 1)));
    }
    row_trits(row, st, in, aw, l, lut);
}

/* 1 if the eight-word conversion is to be used: the AVX-512 kernels are
 * (uvw_kern_get: the CPU has them, nothing caps them) and so is AVX512DQ */
static int use_spread8(void)
{
    __builtin_cpu_init();
    return strcmp(uvw_kern_get()->name, "avx512") == 0 && __builtin_cpu_supports("avx512dq");
}
#endif

#define ROW_BATCH 8 /* rows whose DRNG calls are hashed together */

void uvw_expand_matrix(uvw_mat *mat, const unsigned char *seed, uint16_t nu, size_t rows, size_t len)
{
    unsigned char buf[ROW_BATCH * 16 * UVW_AH];
    uint32_t lut[POW3_8];
    size_t aw = UVW_WORDS(len), st = mat->st, r, b, nb;
    f3word last = (len % 64) ? (((f3word)1 << (len % 64)) - 1) : ~(f3word)0;
    DRNG_ctx ctx;
#ifdef UVW_SPREAD_X86
    int wide = use_spread8();
#endif

    digit_table(lut);
    uvw_loc_init(&ctx, seed, nu);
    for (b = 0; b < rows; b += nb) {
        nb = rows - b < ROW_BATCH ? rows - b : ROW_BATCH;
        uvw_drng_calls(&ctx, buf, 16 * aw, nb); /* one call per row */
        for (r = b; r < b + nb; r++) {
            const unsigned char *in = buf + (r - b) * 16 * aw;
            f3word *row = mat->row[r];
#ifdef UVW_SPREAD_X86
            if (wide)
                row_trits_avx512(row, st, in, aw, lut);
            else
#endif
                row_trits(row, st, in, aw, 0, lut);
            row[aw - 1] &= last;
            row[st + aw - 1] &= last;
        }
    }
}
