/* fold.c - quicksilver.c's hook SYDO_FOLD_BLOCK: the folded row of block i,
 * g[j] = sum_eta alpha_eta * H'(eta*n + 279i + j) (sydo.md 5.5), as in ref
 * but with the public matrix made a run of elements at a time (prgx.c), so
 * the ciphers work on many blocks per call. */
#include <string.h>

#include "../ref/quicksilver.h"

#define RUN 32

/* the words of an element of row eta that survive the row masking (P4:
 * the bits past m cleared) */
static void row_masks(uint64_t mask[3][SYDO_NW])
{
    unsigned eta, w;
    long keep, lo;
    for (eta = 0; eta < 3; eta++) {
        keep = (long)SYDO_M - (long)eta * SYDO_LAMBDA;
        for (w = 0; w < SYDO_NW; w++) {
            lo = 64 * (long)w;
            if (keep >= lo + 64)
                mask[eta][w] = ~(uint64_t)0;
            else if (keep <= lo)
                mask[eta][w] = 0;
            else
                mask[eta][w] = ((uint64_t)1 << (keep - lo)) - 1;
        }
    }
}

void sydo_opt_fold_block(uint64_t *g, const uint64_t *alpha_tabs, const sydo_hgen_key *hk, unsigned i)
{
    uint8_t h[3][RUN * SYDO_LB];
    uint64_t mask[3][SYDO_NW], x[RUN][3][SYDO_NW], alpha[3][SYDO_NW];
    unsigned j0, j, n, eta, w;
    row_masks(mask);
    /* entry 1 of a window table is the element */
    for (eta = 0; eta < 3; eta++)
        memcpy(alpha[eta], alpha_tabs + ((size_t)eta * 256 + 1) * (SYDO_NW + 1), sizeof alpha[eta]);
    for (j0 = 0; j0 < SYDO_BLOCK; j0 += n) {
        n = SYDO_BLOCK - j0 < RUN ? SYDO_BLOCK - j0 : RUN;
        for (eta = 0; eta < 3; eta++)
            sydo_prgx_hgen(hk, (uint32_t)(eta * SYDO_N + SYDO_BLOCK * i + j0), n, h[eta]);
        for (j = 0; j < n; j++)
            for (eta = 0; eta < 3; eta++) {
                gf_load(x[j][eta], h[eta] + j * SYDO_LB);
                for (w = 0; w < SYDO_NW; w++)
                    x[j][eta][w] &= mask[eta][w];
            }
        sydo_opt_fold3_n(SYDO_LAMBDA, g + (size_t)j0 * SYDO_NW, &alpha[0][0], &x[0][0][0], n);
    }
}

/* SYDO_TRANSPOSE: rows[r] (SYDO_NW words) gets bit c = bit r of column c,
 * for the 10w witness rows and then the 3 lambda mask rows (column bits W
 * ..); 8 columns and 8 rows at a time: one byte of each column makes a 64-bit
 * word, an 8 x 8 bit transpose turns it into one byte of each row. The
 * columns >= D are zero in cols, so all lambda columns are read. */
static uint64_t transpose8x8(uint64_t x)
{
    uint64_t t;
    t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAu;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCu;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0u;
    x ^= t ^ (t << 28);
    return x;
}

/* rows first .. first + nrows (nrows <= 8, local to the output) from byte
 * b of the columns */
static void rows_from_byte(uint64_t *rows, unsigned out0, unsigned nrows, const uint8_t *cols, unsigned b)
{
    unsigned c8, i, k;
    for (c8 = 0; c8 < SYDO_LAMBDA / 8; c8++) {
        uint64_t x = 0, y;
        for (i = 0; i < 8; i++)
            x |= (uint64_t)cols[(size_t)(8 * c8 + i) * SYDO_COLB + b] << (8 * i);
        y = transpose8x8(x);
        /* byte k of y: row 8b + k, bits of columns 8 c8 .. 8 c8 + 7 */
        for (k = 0; k < nrows; k++)
            rows[(size_t)(out0 + k) * SYDO_NW + c8 / 8] |= ((y >> (8 * k)) & 0xffu) << (8 * (c8 % 8));
    }
}

void sydo_opt_transpose(uint64_t *rows, const uint8_t *cols)
{
    unsigned b, nw = 10 * SYDO_W, n;
    memset(rows, 0, sizeof(uint64_t) * SYDO_NW * (10 * SYDO_W + 3 * SYDO_LAMBDA));
    for (b = 0; 8 * b < nw; b++) {
        n = nw - 8 * b < 8 ? nw - 8 * b : 8;
        rows_from_byte(rows, 8 * b, n, cols, b);
    }
    for (b = 0; b < 3 * SYDO_LAMBDA / 8; b++)
        rows_from_byte(rows, nw + 8 * b, 8, cols, SYDO_WBITS / 8 + b);
}
