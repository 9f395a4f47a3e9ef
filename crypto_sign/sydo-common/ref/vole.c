/* vole.c - VOLE from the BAVC leaves (spec P8).
 *
 * Leaf j of vector v streams X_j = Stream(s_{v,j}, v). The signer sums them
 * into U_v and, for every bit c of the leaf number, into V_{v,c}; vector 0's
 * sum is u and the others are corrected towards it. The verifier, missing
 * leaf delta_v, sums X_j by the bits of j XOR delta_v instead, which yields
 * V_{v,c} + bit_c(delta_v) * U_v; adding the correction turns U_v into u.
 * Leaf numbers are public, so branching on them leaks nothing. */
#include <string.h>

#include "bavc.h"
#include "prg.h"
#include "vole.h"

#define STREAM_TWEAK 0x80000000u

static void xor_into(uint8_t *r, const uint8_t *a, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        r[i] ^= a[i];
}

/* Leaf (v, j): its commitment into wk->com and its stream into wk->x. */
static void leaf(const uint8_t *nodes, const uint8_t iv[SYDO_LB], unsigned v, unsigned j, sydo_vole_work *wk)
{
    sydo_prg_key k;
    sydo_prg_setkey(&k, SYDO_LAMBDA, nodes + (size_t)sydo_leaf_node(v, j) * SYDO_LB);
    sydo_bavc_leaf_commit(&k, iv, v, wk->com + (size_t)j * 2 * SYDO_LB);
    sydo_prg_stream(&k, iv, STREAM_TWEAK + v, wk->x, SYDO_COLB);
}

int sydo_vole_commit(uint8_t *u, uint8_t *cols, uint8_t C[SYDO_CB], uint8_t hcom[2 * SYDO_LB],
                     const uint8_t *nodes, const uint8_t iv[SYDO_LB], sydo_vole_work *wk)
{
    unsigned v, j, c;
    memset(cols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v = 0; v < SYDO_TAU; v++) {
        memset(wk->acc, 0, SYDO_COLB);
        for (j = 0; j < SYDO_VLEAVES; j++) {
            leaf(nodes, iv, v, j, wk);
            xor_into(wk->acc, wk->x, SYDO_COLB);
            for (c = 0; c < SYDO_DEPTH; c++)
                if (j >> c & 1)
                    xor_into(SYDO_COL(cols, v * SYDO_DEPTH + c), wk->x, SYDO_COLB);
        }
        if (sydo_bavc_digest(wk->digs + (size_t)v * 2 * SYDO_LB, wk->com, (size_t)SYDO_VLEAVES * 2 * SYDO_LB))
            return -1;
        if (v == 0) {
            memcpy(u, wk->acc, SYDO_COLB);
        } else {
            /* c_v = U_0 + U_v, truncated to R_v bits */
            xor_into(wk->acc, u, SYDO_COLB);
            memcpy(C + (size_t)(v - 1) * (SYDO_RV / 8), wk->acc, SYDO_RV / 8);
        }
    }
    return sydo_bavc_digest(hcom, wk->digs, (size_t)SYDO_TAU * 2 * SYDO_LB) ? -1 : 0;
}

int sydo_vole_receive(uint8_t *qcols, uint8_t hcom[2 * SYDO_LB], const uint8_t *nodes,
                      const uint8_t open[SYDO_OPENB], const uint8_t C[SYDO_CB], const unsigned dv[SYDO_TAU],
                      const uint8_t iv[SYDO_LB], sydo_vole_work *wk)
{
    unsigned v, j, c;
    memset(qcols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v = 0; v < SYDO_TAU; v++) {
        for (j = 0; j < SYDO_VLEAVES; j++) {
            if (j == dv[v]) {
                memcpy(wk->com + (size_t)j * 2 * SYDO_LB, open + (size_t)v * 2 * SYDO_LB, 2 * SYDO_LB);
                continue;
            }
            leaf(nodes, iv, v, j, wk);
            for (c = 0; c < SYDO_DEPTH; c++)
                if ((j ^ dv[v]) >> c & 1)
                    xor_into(SYDO_COL(qcols, v * SYDO_DEPTH + c), wk->x, SYDO_COLB);
        }
        if (v > 0)
            for (c = 0; c < SYDO_DEPTH; c++)
                if (dv[v] >> c & 1)
                    xor_into(SYDO_COL(qcols, v * SYDO_DEPTH + c), C + (size_t)(v - 1) * (SYDO_RV / 8),
                             SYDO_RV / 8);
        if (sydo_bavc_digest(wk->digs + (size_t)v * 2 * SYDO_LB, wk->com, (size_t)SYDO_VLEAVES * 2 * SYDO_LB))
            return -1;
    }
    return sydo_bavc_digest(hcom, wk->digs, (size_t)SYDO_TAU * 2 * SYDO_LB) ? -1 : 0;
}
