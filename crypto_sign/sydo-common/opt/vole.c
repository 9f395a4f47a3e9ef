/* vole.c - VOLE from the BAVC leaves (spec P8), the same sums as ref's
 * vole.c in another order: leaves are made SYDO_PRGX_MAXLEAVES at a time
 * (prgx.c), and the commitments of up to SYDO_VOLE_GROUP vectors are kept so
 * that their digests, independent messages of one length, are hashed side by
 * side (iccs_pseudoxofx, multi-buffer SM3). U_v of a group is kept until the
 * group is hashed; vector 0, first of the first group, gives u. */
#include <string.h>

#include "../ref/bavc.h"
#include "../ref/vole.h"
#include "sm3x.h"

#define STREAM_TWEAK 0x80000000u
/* one vector's commitments and the domain byte */
#define COMB ((size_t)SYDO_VLEAVES * 2 * SYDO_LB + 1)

#if SYDO_VOLE_GROUP < 1 || SYDO_VOLE_LEAVES < SYDO_PRGX_MAXLEAVES
#error "vole.c: sydo-opt.h sets the scratch of the VOLE"
#endif

static void xor_into(uint8_t *restrict r, const uint8_t *restrict a, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] ^= a[i];
}

/* Leaves j0 .. j0+n of vector v: commitments into com, streams into wk->x. */
static void leaves(const uint8_t *nodes, const uint8_t iv[SYDO_LB], unsigned v, unsigned j0, unsigned n,
                   uint8_t *com, sydo_vole_work *wk)
{
    sydo_prgx_leaves(SYDO_LAMBDA, nodes + (size_t)sydo_leaf_node(v, j0) * SYDO_LB, (size_t)SYDO_TAU * SYDO_LB, n,
                     iv, (uint32_t)(SYDO_L - 1 + v), STREAM_TWEAK + v, com + (size_t)j0 * 2 * SYDO_LB, wk->x,
                     SYDO_COLB);
}

/* digests of vectors v0 .. v0+n from their commitments in wk->com */
static void digests(sydo_vole_work *wk, unsigned v0, unsigned n)
{
    uint8_t *out[SYDO_VOLE_GROUP];
    const uint8_t *in[SYDO_VOLE_GROUP];
    unsigned g;
    for (g = 0; g < n; g++) {
        wk->com[g * COMB + COMB - 1] = 0x01;
        in[g] = wk->com + g * COMB;
        out[g] = wk->digs + (size_t)(v0 + g) * 2 * SYDO_LB;
    }
    iccs_pseudoxofx(out, 2 * SYDO_LB, in, COMB, n);
}

#define BATCH(j) (SYDO_VLEAVES - (j) < SYDO_PRGX_MAXLEAVES ? SYDO_VLEAVES - (j) : SYDO_PRGX_MAXLEAVES)

int sydo_vole_commit(uint8_t *u, uint8_t *cols, uint8_t C[SYDO_CB], uint8_t hcom[2 * SYDO_LB],
                     const uint8_t *nodes, const uint8_t iv[SYDO_LB], sydo_vole_work *wk)
{
    unsigned v0, g, n, v, j, t, c, b;
    memset(cols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v0 = 0; v0 < SYDO_TAU; v0 += n) {
        n = SYDO_TAU - v0 < SYDO_VOLE_GROUP ? SYDO_TAU - v0 : SYDO_VOLE_GROUP;
        for (g = 0; g < n; g++) {
            uint8_t *acc = wk->acc + (size_t)g * SYDO_COLB;
            v = v0 + g;
            memset(acc, 0, SYDO_COLB);
            for (j = 0; j < SYDO_VLEAVES; j += b) {
                b = BATCH(j);
                leaves(nodes, iv, v, j, b, wk->com + g * COMB, wk);
                for (t = 0; t < b; t++) {
                    const uint8_t *x = wk->x + (size_t)t * SYDO_COLB;
                    xor_into(acc, x, SYDO_COLB);
                    for (c = 0; c < SYDO_DEPTH; c++)
                        if ((j + t) >> c & 1)
                            xor_into(SYDO_COL(cols, v * SYDO_DEPTH + c), x, SYDO_COLB);
                }
            }
        }
        digests(wk, v0, n);
        for (g = 0; g < n; g++) {
            uint8_t *acc = wk->acc + (size_t)g * SYDO_COLB;
            v = v0 + g;
            if (v == 0) {
                memcpy(u, acc, SYDO_COLB);
            } else {
                /* c_v = U_0 + U_v, truncated to R_v bits */
                xor_into(acc, u, SYDO_COLB);
                memcpy(C + (size_t)(v - 1) * (SYDO_RV / 8), acc, SYDO_RV / 8);
            }
        }
    }
    return sydo_bavc_digest(hcom, wk->digs, (size_t)SYDO_TAU * 2 * SYDO_LB) ? -1 : 0;
}

int sydo_vole_receive(uint8_t *qcols, uint8_t hcom[2 * SYDO_LB], const uint8_t *nodes,
                      const uint8_t open[SYDO_OPENB], const uint8_t C[SYDO_CB], const unsigned dv[SYDO_TAU],
                      const uint8_t iv[SYDO_LB], sydo_vole_work *wk)
{
    unsigned v0, g, n, v, j, t, c, b;
    memset(qcols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v0 = 0; v0 < SYDO_TAU; v0 += n) {
        n = SYDO_TAU - v0 < SYDO_VOLE_GROUP ? SYDO_TAU - v0 : SYDO_VOLE_GROUP;
        for (g = 0; g < n; g++) {
            uint8_t *com = wk->com + g * COMB;
            v = v0 + g;
            for (j = 0; j < SYDO_VLEAVES; j += b) {
                b = BATCH(j);
                /* the hidden leaf's node is unknown: its blocks are made from
                 * whatever the node holds and not used */
                leaves(nodes, iv, v, j, b, com, wk);
                for (t = 0; t < b; t++) {
                    const uint8_t *x = wk->x + (size_t)t * SYDO_COLB;
                    if (j + t == dv[v])
                        continue;
                    for (c = 0; c < SYDO_DEPTH; c++)
                        if (((j + t) ^ dv[v]) >> c & 1)
                            xor_into(SYDO_COL(qcols, v * SYDO_DEPTH + c), x, SYDO_COLB);
                }
            }
            memcpy(com + (size_t)dv[v] * 2 * SYDO_LB, open + (size_t)v * 2 * SYDO_LB, 2 * SYDO_LB);
            if (v > 0)
                for (c = 0; c < SYDO_DEPTH; c++)
                    if (dv[v] >> c & 1)
                        xor_into(SYDO_COL(qcols, v * SYDO_DEPTH + c), C + (size_t)(v - 1) * (SYDO_RV / 8),
                                 SYDO_RV / 8);
        }
        digests(wk, v0, n);
    }
    return sydo_bavc_digest(hcom, wk->digs, (size_t)SYDO_TAU * 2 * SYDO_LB) ? -1 : 0;
}
