/* rsd.c - the RSD instance and its embedding into E (spec §4).
 *
 * H is never materialised as Hhat: the product sum_j Hhat_{r,j} x_j is
 * computed from the bit stream directly. Writing h_{r,j,o} = sum_b
 * H[16r+b][6j+o] x^b gives
 *     sum_j Hhat_{r,j} x_j = sum_b x^b * W_{16r+b},
 *     W_row = XOR over columns col = 6j+o with H[row][col] = 1 of Y^(5-o) x_j,
 * a binary matrix times a table of vectors, done eight columns at a time
 * with a 256-entry table of subset sums ("four Russians"). */
#include <string.h>

#include "ext.h"
#include "hash.h"
#include "rsd.h"

int sigurd_expand_h(uint8_t *hs, const uint8_t *h_seed)
{
    hs[SIGURD_HSBYTES] = 0;
    return sigurd_xof(hs, SIGURD_HSBYTES, "H", h_seed, SIGURD_LAMBDA);
}

int sigurd_expand_e(uint8_t a[SIGURD_N], const uint8_t *e_seed)
{
    uint8_t s[2 * SIGURD_N];
    size_t j;
    int rc = sigurd_xof(s, sizeof s, "e", e_seed, SIGURD_LAMBDA);
    if (rc != 0)
        return rc;
    for (j = 0; j < SIGURD_N; j++)
        a[j] = (uint8_t)(sigurd_be16(s, j) % 6); /* biased, as the reference */
    return 0;
}

static inline unsigned hbit(const uint8_t *hs, size_t t)
{
    return (hs[t >> 3] >> (7 - (t & 7))) & 1u;
}

void sigurd_syndrome(uint8_t ypack[SIGURD_YBYTES], const uint8_t *hs, const uint8_t a[SIGURD_N])
{
    size_t row, j;
    memset(ypack, 0, SIGURD_YBYTES);
    for (row = 0; row < SIGURD_RH; row++) {
        size_t base = row * SIGURD_M;
        unsigned bit = 0;
        for (j = 0; j < SIGURD_N; j++)
            bit ^= hbit(hs, base + 6 * j + a[j]);
        ypack[row >> 3] |= (uint8_t)(bit << (7 - (row & 7)));
    }
}

void sigurd_yhat(uint16_t yhat[SIGURD_RHO], const uint8_t ypack[SIGURD_YBYTES])
{
    size_t r;
    unsigned b;
    for (r = 0; r < SIGURD_RHO; r++) {
        uint16_t v = 0;
        for (b = 0; b < 16; b++) {
            size_t row = 16 * r + b;
            v |= (uint16_t)(((ypack[row >> 3] >> (7 - (row & 7))) & 1u) << b);
        }
        yhat[r] = v;
    }
}

/* The 8 stream bits of H starting at bit t, first bit in the MSB. */
static inline unsigned hbyte(const uint8_t *hs, size_t t)
{
    size_t i = t >> 3;
    unsigned sh = (unsigned)(t & 7);
    return ((((unsigned)hs[i] << 8) | hs[i + 1]) >> (8 - sh)) & 0xFFu;
}

void sigurd_band_product(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs,
                         const uint16_t (*x)[SIGURD_TAU], band_ws_t *ws)
{
    uint16_t basis[8][SIGURD_BANDW];
    size_t col0, row, r;
    unsigned i, b, v, k;

    memset(ws->w, 0, sizeof ws->w);
    memset(ws->tab[0], 0, sizeof ws->tab[0]);
    for (col0 = 0; col0 < SIGURD_M; col0 += 8) {
        /* byte bit 7-i is column col0+i; columns past m contribute nothing
         * (their bits belong to the next row) */
        memset(basis, 0, sizeof basis);
        for (i = 0; i < 8 && col0 + i < SIGURD_M; i++) {
            size_t col = col0 + i, j = col / 6;
            unsigned o = (unsigned)(col % 6);
            memcpy(&basis[7 - i][5 - o], x[j], SIGURD_TAU * sizeof x[j][0]);
        }
        for (b = 0; b < 8; b++)
            for (v = 1u << b; v < 2u << b; v++)
                for (k = 0; k < SIGURD_BANDW; k++)
                    ws->tab[v][k] = (uint16_t)(ws->tab[v - (1u << b)][k] ^ basis[b][k]);
        for (row = 0; row < 16 * SIGURD_RHO; row++) {
            const uint16_t *t = ws->tab[hbyte(hs, row * SIGURD_M + col0)];
            uint16_t *w = ws->w[row];
            for (k = 0; k < SIGURD_BANDW; k++)
                w[k] ^= t[k];
        }
    }
    for (r = 0; r < SIGURD_RHO; r++) {
        uint16_t u[SIGURD_BANDW];
        memcpy(u, ws->w[16 * r + 15], sizeof u);
        for (b = 15; b-- > 0;) {
            const uint16_t *w = ws->w[16 * r + b];
            for (k = 0; k < SIGURD_BANDW; k++)
                u[k] = (uint16_t)(gf_xtime(u[k]) ^ w[k]);
        }
        sigurd_ext_reduce(out[r], u, SIGURD_TAU + 5);
    }
}
