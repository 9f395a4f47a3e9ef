/* expand.c - the XOF-expanded objects of §4 (T, the public matrices P1 and
 * P2 of index i, the vinegar vectors), each stream consumed in the order
 * the reference fills it, stored in the layouts the products want. */
#include <string.h>

#include "tsuov.h"

/* T is V x O, streamed column by column (T^T row-major). */
int tsuov_expand_t(tsuov_fq2 t[TSUOV_V][TSUOV_O], const uint8_t seed_sk[TSUOV_S])
{
    uint8_t e[2 * TSUOV_V * TSUOV_O];
    size_t i, j, p = 0;

    if (tsuov_sample(e, sizeof e, seed_sk, 0, TSUOV_TAU_P2) != 0)
        return -2;
    for (i = 0; i < TSUOV_O; i++)
        for (j = 0; j < TSUOV_V; j++, p += 2) {
            t[j][i].c0 = e[p];
            t[j][i].c1 = e[p + 1];
        }
    tsuov_wipe(e, sizeof e);
    return 0;
}

/* Tile edge of the mirroring below: a tile's rows span 16 cache lines of
 * source and 16 of destination, which stay in L1 while it is copied. */
#define MIRROR_TILE 16

/* P1 (index 2i): upper triangle with the diagonal, row-major, mirrored into
 * full rows. P2 (index 2i+1): O x V, row-major. Both in row form. */
int tsuov_expand_public(tsuov_rowv p1[TSUOV_V][TSUOV_LD], tsuov_rowv p2[TSUOV_O][TSUOV_LD],
                        const uint8_t seed_pk[TSUOV_S], unsigned i)
{
    uint8_t e[TSUOV_V * (TSUOV_V + 1) + TSUOV_LD];
    size_t a, b, a0, b0, t, p = 0;
    int mirrored = 0;

    if (tsuov_sample(e, TSUOV_V * (TSUOV_V + 1), seed_pk, 2 * i, TSUOV_TAU_P1) != 0)
        return -2;
    memset(e + TSUOV_V * (TSUOV_V + 1), 0, TSUOV_LD);
    /* Row a of the upper triangle is the stream from p on, for columns 2a
     * onward. Copying whole rows of constant length (which compilers
     * vectorise) from p - 2a puts junk left of the diagonal and in the
     * padding: the mirroring and the memset overwrite both. p >= 2a always,
     * and the tail of e is slack for the last rows. */
    for (a = 0; a < TSUOV_V; a++) {
        const uint8_t *src = e + p - 2 * a;
        for (t = 0; t < TSUOV_LD; t++)
            p1[a][t] = src[t];
        memset(&p1[a][2 * TSUOV_V], 0, sizeof p1[a] - 2 * TSUOV_V * sizeof p1[a][0]);
        p += 2 * (TSUOV_V - a);
    }
    /* the lower triangle, tile by tile (a column-wise copy would touch a new
     * cache line with every element), unless the implementation has its own
     * way (opt: TSUOV_MIRROR transposes tiles with AVX2, returns 1 if done) */
#ifdef TSUOV_MIRROR
    mirrored = TSUOV_MIRROR(p1);
#endif
    for (a0 = 0; !mirrored && a0 < TSUOV_V; a0 += MIRROR_TILE)
        for (b0 = a0; b0 < TSUOV_V; b0 += MIRROR_TILE)
            for (a = a0; a < a0 + MIRROR_TILE && a < TSUOV_V; a++)
                for (b = b0 > a ? b0 : a + 1; b < b0 + MIRROR_TILE && b < TSUOV_V; b++) {
                    p1[b][2 * a] = p1[a][2 * b];
                    p1[b][2 * a + 1] = p1[a][2 * b + 1];
                }
    if (tsuov_sample(e, 2 * TSUOV_V * TSUOV_O, seed_pk, 2 * i + 1, TSUOV_TAU_P2) != 0)
        return -2;
    for (a = 0, p = 0; a < TSUOV_O; a++) {
        for (b = 0; b < 2 * TSUOV_V; b++)
            p2[a][b] = e[p++];
        memset(&p2[a][2 * TSUOV_V], 0, sizeof p2[a] - 2 * TSUOV_V * sizeof p2[a][0]);
    }
    return 0;
}

/* v_0 .. v_{k-1}, one after the other. */
int tsuov_expand_vinegar(tsuov_fq2 v[TSUOV_K][TSUOV_V], const uint8_t seed_v[TSUOV_S])
{
    uint8_t e[2 * TSUOV_V * TSUOV_K];
    size_t a, j, p = 0;

    if (tsuov_sample(e, sizeof e, seed_v, 0, TSUOV_TAU_V) != 0)
        return -2;
    for (a = 0; a < TSUOV_K; a++)
        for (j = 0; j < TSUOV_V; j++, p += 2) {
            v[a][j].c0 = e[p];
            v[a][j].c1 = e[p + 1];
        }
    tsuov_wipe(e, sizeof e);
    return 0;
}
