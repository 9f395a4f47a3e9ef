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
    memset(hs + SIGURD_HSBYTES, 0, SIGURD_HSBUF - SIGURD_HSBYTES);
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

/* Bytes of a row of H starting at a byte boundary, with up to 7 bits of the
 * previous row in front, rounded up to whole words. */
#define ROWBYTES ((((size_t)SIGURD_M + 7 + 7) / 8 + 7) & ~(size_t)7)

static uint64_t load64(const uint8_t *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

void sigurd_syndrome(uint8_t ypack[SIGURD_YBYTES], const uint8_t *hs, const uint8_t a[SIGURD_N])
{
    /* y_row = parity(row AND e). Rows start at any bit, so e is laid out once
     * for each of the 8 possible starting offsets; both sides are read with
     * the same memcpy, so the host byte order does not matter for parity. */
    uint8_t mask[8][ROWBYTES];
    size_t row, i, j;
    unsigned sh;

    memset(mask, 0, sizeof mask);
    for (sh = 0; sh < 8; sh++)
        for (j = 0; j < SIGURD_N; j++) {
            size_t t = sh + 6 * j + a[j];
            mask[sh][t >> 3] |= (uint8_t)(0x80u >> (t & 7));
        }
    memset(ypack, 0, SIGURD_YBYTES);
    for (row = 0; row < SIGURD_RH; row++) {
        size_t t = row * SIGURD_M;
        const uint8_t *d = hs + (t >> 3), *mk = mask[t & 7];
        uint64_t acc = 0;
        for (i = 0; i < ROWBYTES; i += 8)
            acc ^= load64(d + i) & load64(mk + i);
        acc ^= acc >> 32;
        acc ^= acc >> 16;
        acc ^= acc >> 8;
        acc ^= acc >> 4;
        acc ^= acc >> 2;
        acc ^= acc >> 1;
        ypack[row >> 3] |= (uint8_t)((acc & 1u) << (7 - (row & 7)));
    }
    sigurd_wipe(mask, sizeof mask);
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

/* x * u on four packed coefficients */
static inline uint64_t xtime4(uint64_t u)
{
    return ((u << 1) & 0xFFFEFFFEFFFEFFFEull) ^ (((u >> 15) & 0x0001000100010001ull) * 0x2D);
}

void sigurd_band_product(uint16_t (*out)[SIGURD_TAU], const uint8_t *hs,
                         const uint16_t (*x)[SIGURD_TAU], band_ws_t *ws)
{
    uint64_t basis[8][SIGURD_BANDW];
    size_t col0, row, r;
    unsigned i, b, v, k, t;

    memset(ws->w, 0, sizeof ws->w);
    memset(ws->tab[0], 0, sizeof ws->tab[0]);
    for (col0 = 0; col0 < SIGURD_M; col0 += 8) {
        /* byte bit 7-i is column col0+i; columns past m contribute nothing
         * (their bits belong to the next row) */
        memset(basis, 0, sizeof basis);
        for (i = 0; i < 8 && col0 + i < SIGURD_M; i++) {
            size_t col = col0 + i, j = col / 6;
            unsigned o = (unsigned)(col % 6);
            for (t = 0; t < SIGURD_TAU; t++) {
                k = 5 - o + t;
                basis[7 - i][k >> 2] |= (uint64_t)x[j][t] << (16 * (k & 3));
            }
        }
        for (b = 0; b < 8; b++)
            for (v = 1u << b; v < 2u << b; v++)
                for (k = 0; k < SIGURD_BANDW; k++)
                    ws->tab[v][k] = ws->tab[v - (1u << b)][k] ^ basis[b][k];
        for (row = 0; row < 16 * SIGURD_RHO; row++) {
            const uint64_t *tb = ws->tab[hbyte(hs, row * SIGURD_M + col0)];
            uint64_t *w = ws->w[row];
            for (k = 0; k < SIGURD_BANDW; k++)
                w[k] ^= tb[k];
        }
    }
    for (r = 0; r < SIGURD_RHO; r++) {
        uint64_t u[SIGURD_BANDW];
        uint16_t c[4 * SIGURD_BANDW];
        memcpy(u, ws->w[16 * r + 15], sizeof u);
        for (b = 15; b-- > 0;) {
            const uint64_t *w = ws->w[16 * r + b];
            for (k = 0; k < SIGURD_BANDW; k++)
                u[k] = xtime4(u[k]) ^ w[k];
        }
        for (k = 0; k < 4 * SIGURD_BANDW; k++)
            c[k] = (uint16_t)(u[k >> 2] >> (16 * (k & 3)));
        sigurd_ext_reduce(out[r], c, SIGURD_TAU + 5);
    }
}
