/* rsd.c (opt) - ref's rsd.c, and the signer's ye from the block positions
 * of e (sigurd_band_product_e, sigurd-opt.h).
 *
 * With ehat_j = Y^{a_j}, Hhat_{r,j} ehat_j = sum_o h_{r,j,o} Y^{5-o+a_j}, so
 * bit b of unreduced coefficient k of ye_r is the parity of row 16r+b of H
 * over the columns 6j+o with 5-o+a_j = k: one mask per k (k <= 10, the
 * others are 0), as the syndrome is one mask (its k = 5). */
#include "../ref/rsd.c"

#define RW ((SIGURD_M + 63) / 64) /* 64-bit words of a row of H */
#define NK 11                     /* coefficients 0..10 of Y^{5-o+a} */

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

void sigurd_band_product_e(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs, const uint8_t *a)
{
    uint64_t mask[NK][RW], row[RW];
    uint16_t u[SIGURD_TAU + 5];
    size_t j, r, k;
    unsigned b, o;

    memset(mask, 0, sizeof mask);
    for (j = 0; j < SIGURD_N; j++)
        for (o = 0; o < 6; o++) {
            size_t col = 6 * j + o;
            mask[5 - o + a[j]][col >> 6] |= 1ull << (63 - (col & 63));
        }
    for (r = 0; r < SIGURD_RHO; r++) {
        memset(u, 0, sizeof u);
        for (b = 0; b < 16; b++) {
            load_row(row, hs, 16 * r + b);
            for (k = 0; k < NK; k++) {
                uint64_t acc = 0;
                size_t w;
                for (w = 0; w < RW; w++)
                    acc ^= row[w] & mask[k][w];
                u[k] |= (uint16_t)(parity64(acc) << b);
            }
        }
        sigurd_ext_reduce(out[r], u, SIGURD_TAU + 5);
    }
    sigurd_wipe(mask, sizeof mask);
}
