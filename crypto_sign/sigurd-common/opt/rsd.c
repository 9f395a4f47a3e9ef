/* rsd.c (opt) - the products with H: the syndrome y = He, the signer's ye
 * from the block positions of e (sigurd_band_product_e, sigurd-opt.h) and
 * the band products sum_j Hhat_{r,j} x_j, with AVX2 kernels; ref's rsd.c,
 * included below, is the portable code and keeps the seed expansions.
 *
 * Masked parities. With ehat_j = Y^{a_j}, Hhat_{r,j} ehat_j = sum_o
 * h_{r,j,o} Y^{5-o+a_j}, so bit b of unreduced coefficient k of ye_r is the
 * parity of row 16r+b of H over the columns 6j+o with 5-o+a_j = k: one mask
 * per k (k <= 10; the others are 0), as the syndrome is one mask (its k = 5).
 * A row starts at bit row*m of the stream, so each mask is laid out once
 * for every starting offset within a byte that occurs (multiples of
 * gcd(m, 8)) and the row is read from its first byte as it is; the two are
 * read alike, so the byte order within a vector does not matter.
 *
 * Band products: ref's "four Russians" (a table of the 256 subset sums of
 * 8 columns' contributions, one lookup per row and 8 columns) with the
 * table rows and the row accumulators as 256-bit vectors. */
#include "../ref/ext.h"
#include "clmul.h"

#define sigurd_syndrome sigurd_syndrome_ref
#define sigurd_band_product sigurd_band_product_ref
#include "../ref/rsd.h"
#include "../ref/rsd.c"
#undef sigurd_syndrome
#undef sigurd_band_product
void sigurd_syndrome(uint8_t ypack[SIGURD_YBYTES], const uint8_t *hs, const uint8_t a[SIGURD_N]);
void sigurd_band_product(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs, const uint16_t (*x)[SIGURD_TAU],
                         band_ws_t *ws);

#define NK 11 /* coefficients 0..10 of Y^{5-o+a} */
/* starting offsets of rows within a byte: multiples of gcd(m, 8) */
#define SH_STEP (SIGURD_M % 8 == 0 ? 8 : SIGURD_M % 4 == 0 ? 4 : SIGURD_M % 2 == 0 ? 2 : 1)
#define NSH (8 / SH_STEP)
/* bytes of a row read from its first byte, whole 256-bit vectors */
#define MROW ((((size_t)SIGURD_M + 7 + 7) / 8 + 31) & ~(size_t)31)
#if SIGURD_HS_SLACK < 32 + 8
#error "opt/rsd.c reads whole vectors past the last row: SIGURD_HS_SLACK is too small"
#endif

/* ---- portable parts ---- */

#define RW ((SIGURD_M + 63) / 64) /* 64-bit words of a row, aligned to column 0 */

/* Row `row` of H, MSB-first from column 0, in RW big-endian words; the
 * bits past column m belong to the next row (the masks are 0 there). */
static void load_row(uint64_t w[RW], const uint8_t *hs, size_t row)
{
    size_t t = row * SIGURD_M, i = t >> 3, k, b;
    unsigned sh = (unsigned)(t & 7);
    for (k = 0; k < RW; k++) {
        const uint8_t *p = hs + i + 8 * k;
        uint64_t v = 0;
        for (b = 0; b < 8; b++)
            v = v << 8 | p[b];
        if (sh)
            v = v << sh | p[8] >> (8 - sh);
        w[k] = v;
    }
}

static unsigned parity64(uint64_t v)
{
    v ^= v >> 32;
    v ^= v >> 16;
    v ^= v >> 8;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return (unsigned)(v & 1);
}

static void band_e_portable(uint16_t u[SIGURD_RHO][NK], const uint8_t *hs, const uint8_t *a)
{
    uint64_t mask[NK][RW], row[RW];
    size_t j, r, k;
    unsigned b, o;

    memset(mask, 0, sizeof mask);
    for (j = 0; j < SIGURD_N; j++)
        for (o = 0; o < 6; o++) {
            size_t col = 6 * j + o;
            mask[5 - o + a[j]][col >> 6] |= 1ull << (63 - (col & 63));
        }
    for (r = 0; r < SIGURD_RHO; r++)
        for (b = 0; b < 16; b++) {
            load_row(row, hs, 16 * r + b);
            for (k = 0; k < NK; k++) {
                uint64_t acc = 0;
                size_t w;
                for (w = 0; w < RW; w++)
                    acc ^= row[w] & mask[k][w];
                u[r][k] |= (uint16_t)(parity64(acc) << b);
            }
        }
    sigurd_wipe(mask, sizeof mask);
}

/* ---- AVX2 ---- */
#if SIGURD_X86
#include <immintrin.h>

#define NB (SIGURD_BANDW / 4) /* 256-bit vectors per row of the band product */
/* unaligned 256-bit access to any array */
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(const void *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(void *)(p), (v))

/* mask[s][k]: for rows starting at bit offset SH_STEP s of their first
 * byte, the columns of coefficient k of ye (band) or, k = 0 only, of e */
static void parity_masks(uint8_t (*mask)[NK][MROW], const uint8_t *a, int band)
{
    size_t j, s;
    unsigned o;
    memset(mask, 0, NSH * sizeof *mask);
    for (s = 0; s < NSH; s++)
        for (j = 0; j < SIGURD_N; j++)
            for (o = 0; o < 6; o++) {
                size_t t = SH_STEP * s + 6 * j + o;
                if (band)
                    mask[s][5 - o + a[j]][t >> 3] |= (uint8_t)(0x80u >> (t & 7));
                else if (o == a[j])
                    mask[s][0][t >> 3] |= (uint8_t)(0x80u >> (t & 7));
            }
}

SIGURD_AVX2_TARGET static unsigned parity256(__m256i v)
{
    __m128i x = _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    uint64_t q = (uint64_t)_mm_cvtsi128_si64(x) ^ (uint64_t)_mm_extract_epi64(x, 1);
    return (unsigned)__builtin_parityll(q);
}

/* bits[row] (bit k) = parity of row `row` of H and mask k, k < nk, for
 * rows 0..nrows-1 */
SIGURD_AVX2_TARGET static void parities_avx2(uint16_t *bits, const uint8_t *hs, size_t nrows,
                                             uint8_t (*mask)[NK][MROW], unsigned nk)
{
    size_t row, w;
    unsigned k;
    for (row = 0; row < nrows; row++) {
        size_t t = row * SIGURD_M;
        const uint8_t *d = hs + (t >> 3);
        uint8_t (*mk)[MROW] = mask[(t & 7) / SH_STEP];
        __m256i acc[NK];
        uint16_t v = 0;
        for (k = 0; k < nk; k++)
            acc[k] = _mm256_setzero_si256();
        for (w = 0; w < MROW; w += 32) {
            __m256i x = LOAD(d + w);
            for (k = 0; k < nk; k++)
                acc[k] = _mm256_xor_si256(acc[k], _mm256_and_si256(x, LOAD(mk[k] + w)));
        }
        for (k = 0; k < nk; k++)
            v |= (uint16_t)(parity256(acc[k]) << k);
        bits[row] = v;
    }
}


SIGURD_AVX2_TARGET static __m256i xtime16(__m256i u)
{
    __m256i top = _mm256_srai_epi16(u, 15);
    return _mm256_xor_si256(_mm256_slli_epi16(u, 1), _mm256_and_si256(top, _mm256_set1_epi16(0x2D)));
}

/* groups of 8 columns per pass over the rows: a pass reads 8 bytes of the
 * row at once and its accumulator once for 4 lookups */
#define BG 4
#if BG > SIGURD_BAND_TABLES
#error "opt/rsd.c: SIGURD_BAND_TABLES is too small"
#endif

SIGURD_AVX2_TARGET static void band_avx2(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs,
                                         const uint16_t (*x)[SIGURD_TAU], band_ws_t *ws)
{
    uint64_t basis[8][SIGURD_BANDW];
    size_t col0, row, r;
    unsigned i, b, v, k, t, g;

    memset(ws->w, 0, sizeof ws->w);
    for (col0 = 0; col0 < SIGURD_M; col0 += 8 * BG) {
        /* table g: the subset sums of columns col0 + 8g .. col0 + 8g + 7
         * (byte bit 7 - i is column 8g + i; columns past m add nothing) */
        for (g = 0; g < BG; g++) {
            uint64_t (*tab)[SIGURD_BANDW] = ws->tab + 256 * g;
            memset(basis, 0, sizeof basis);
            for (i = 0; i < 8 && col0 + 8 * g + i < SIGURD_M; i++) {
                size_t col = col0 + 8 * g + i, j = col / 6;
                unsigned o = (unsigned)(col % 6);
                for (t = 0; t < SIGURD_TAU; t++) {
                    k = 5 - o + t;
                    basis[7 - i][k >> 2] |= (uint64_t)x[j][t] << (16 * (k & 3));
                }
            }
            memset(tab[0], 0, sizeof tab[0]);
            for (b = 0; b < 8; b++) {
                __m256i bv[NB];
                for (k = 0; k < NB; k++)
                    bv[k] = LOAD(&basis[b][4 * k]);
                for (v = 1u << b; v < 2u << b; v++)
                    for (k = 0; k < NB; k++)
                        STORE(&tab[v][4 * k], _mm256_xor_si256(LOAD(&tab[v - (1u << b)][4 * k]), bv[k]));
            }
        }
        for (row = 0; row < 16 * SIGURD_RHO; row++) {
            /* 8 BG stream bits from bit row m + col0, first bit in the MSB */
            size_t tb = row * SIGURD_M + col0;
            uint64_t bits, be;
            uint64_t *w = ws->w[row];
            __m256i acc[NB];
            memcpy(&be, hs + (tb >> 3), 8);
            bits = (__builtin_bswap64(be) << (tb & 7)) >> (64 - 8 * BG);
            for (k = 0; k < NB; k++)
                acc[k] = LOAD(&w[4 * k]);
#define LOOKUP(g)                                                                          \
    do {                                                                                   \
        unsigned idx_ = (unsigned)(bits >> (8 * (BG - 1 - (g)))) & 0xFFu;                  \
        for (k = 0; k < NB; k++)                                                           \
            acc[k] = _mm256_xor_si256(acc[k], LOAD(&ws->tab[256 * (g) + idx_][4 * k])); \
    } while (0)
            LOOKUP(0);
            LOOKUP(1);
#if BG == 4
            LOOKUP(2);
            LOOKUP(3);
#endif
#undef LOOKUP
            for (k = 0; k < NB; k++)
                STORE(&w[4 * k], acc[k]);
        }
    }
    for (r = 0; r < SIGURD_RHO; r++) {
        __m256i u[NB];
        uint16_t c[4 * SIGURD_BANDW];
        for (k = 0; k < NB; k++)
            u[k] = LOAD(&ws->w[16 * r + 15][4 * k]);
        for (b = 15; b-- > 0;)
            for (k = 0; k < NB; k++)
                u[k] = _mm256_xor_si256(xtime16(u[k]), LOAD(&ws->w[16 * r + b][4 * k]));
        for (k = 0; k < NB; k++)
            STORE(&c[16 * k], u[k]);
        kx_reduce(out[r], c, SIGURD_TAU + 5);
    }
}
#endif

/* ---- entry points ---- */

void sigurd_syndrome(uint8_t ypack[SIGURD_YBYTES], const uint8_t *hs, const uint8_t a[SIGURD_N])
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        uint8_t mask[NSH][NK][MROW];
        uint16_t bits[SIGURD_RH];
        size_t row;
        parity_masks(mask, a, 0);
        parities_avx2(bits, hs, SIGURD_RH, mask, 1);
        memset(ypack, 0, SIGURD_YBYTES);
        for (row = 0; row < SIGURD_RH; row++)
            ypack[row >> 3] |= (uint8_t)((bits[row] & 1u) << (7 - (row & 7)));
        sigurd_wipe(mask, sizeof mask);
        sigurd_wipe(bits, sizeof bits);
        return;
    }
#endif
    sigurd_syndrome_ref(ypack, hs, a);
}

void sigurd_band_product_e(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs, const uint8_t *a)
{
    uint16_t u[SIGURD_RHO][NK], c[SIGURD_TAU + 5];
    size_t r, k;

    memset(u, 0, sizeof u);
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        uint8_t mask[NSH][NK][MROW];
        uint16_t bits[16 * SIGURD_RHO];
        unsigned b;
        parity_masks(mask, a, 1);
        parities_avx2(bits, hs, 16 * SIGURD_RHO, mask, NK);
        for (r = 0; r < SIGURD_RHO; r++)
            for (b = 0; b < 16; b++)
                for (k = 0; k < NK; k++)
                    u[r][k] |= (uint16_t)((bits[16 * r + b] >> k & 1u) << b);
        sigurd_wipe(mask, sizeof mask);
        sigurd_wipe(bits, sizeof bits);
    } else
#endif
        band_e_portable(u, hs, a);
    for (r = 0; r < SIGURD_RHO; r++) {
        memset(c, 0, sizeof c);
        for (k = 0; k < NK; k++)
            c[k] = u[r][k];
        sigurd_ext_reduce(out[r], c, SIGURD_TAU + 5);
    }
    sigurd_wipe(u, sizeof u);
}

void sigurd_band_product(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs, const uint16_t (*x)[SIGURD_TAU],
                         band_ws_t *ws)
{
#if SIGURD_X86
    if (sigurd_simd() != SIGURD_SIMD_PORTABLE) {
        band_avx2(out, hs, x, ws);
        return;
    }
#endif
    sigurd_band_product_ref(out, hs, x, ws);
}
