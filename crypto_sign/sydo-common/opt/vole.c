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

#if SYDO_VOLE_LEAVES != 16 || SYDO_DEPTH < 4
#error "vole.c: the sums take the leaves 16 at a time, 2^k >= 16 of them"
#endif

static void xor_plain(uint8_t *restrict r, const uint8_t *restrict a)
{
    size_t i;
    for (i = 0; i < SYDO_COLB; i++)
        r[i] ^= a[i];
}

#if SYDO_X86
__attribute__((target("avx2"))) static void xor_avx2(uint8_t *restrict r, const uint8_t *restrict a)
{
    size_t i;
    for (i = 0; i < SYDO_COLB; i++)
        r[i] ^= a[i];
}
#endif

/* r ^= a, one column (COLB bytes) */
static void xor_into(uint8_t *restrict r, const uint8_t *restrict a)
{
#if SYDO_X86
    if (sydo_cpu() >= SYDO_CPU_AVX2) {
        xor_avx2(r, a);
        return;
    }
#endif
    xor_plain(r, a);
}

/* The sums of one vector's leaf streams (P8.2): U = sum of all, V_c = sum
 * of those whose number has bit c set, by the tree of the leaf numbers:
 * V_c is the sum of the right-hand nodes of level c, and a node is the sum
 * of its two children, so each node costs one XOR into its parent and, if
 * it is a right-hand one, one into V_c (about 2 a leaf, not 1 + k/2). The
 * 16 leaves of a batch are summed in place in wk->x; lft keeps the pending
 * left-hand nodes of the levels above. */
typedef struct {
    uint8_t lft[SYDO_DEPTH][SYDO_COLB];
} tree_sums;

/* batch j0 .. j0 + 15 of vector v, streams in x (summed in place); at the
 * last batch, U goes to u */
static void sum_batch(tree_sums *ts, uint8_t *x, uint8_t *cols, unsigned v, unsigned j0, uint8_t *u)
{
    unsigned lev, t, step;
    unsigned long idx;
    uint8_t *cur;
    for (lev = 0; lev < 4; lev++) {
        step = 1u << lev;
        for (t = 0; t < 16; t += 2 * step) {
            uint8_t *r = x + (size_t)(t + step) * SYDO_COLB;
            xor_into(SYDO_COL(cols, v * SYDO_DEPTH + lev), r);
            xor_into(x + (size_t)t * SYDO_COLB, r);
        }
    }
    cur = x;
    for (lev = 4, idx = j0 >> 4;; lev++, idx >>= 1) {
        if (lev == SYDO_DEPTH) {
            memcpy(u, cur, SYDO_COLB);
            return;
        }
        if (!(idx & 1)) {
            memcpy(ts->lft[lev], cur, SYDO_COLB);
            return;
        }
        xor_into(SYDO_COL(cols, v * SYDO_DEPTH + lev), cur);
        xor_into(ts->lft[lev], cur);
        cur = ts->lft[lev];
    }
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

int sydo_vole_commit(uint8_t *u, uint8_t *cols, uint8_t C[SYDO_CB], uint8_t hcom[2 * SYDO_LB],
                     const uint8_t *nodes, const uint8_t iv[SYDO_LB], sydo_vole_work *wk)
{
    tree_sums ts;
    unsigned v0, g, n, v, j;
    memset(cols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v0 = 0; v0 < SYDO_TAU; v0 += n) {
        n = SYDO_TAU - v0 < SYDO_VOLE_GROUP ? SYDO_TAU - v0 : SYDO_VOLE_GROUP;
        for (g = 0; g < n; g++) {
            uint8_t *acc = wk->acc + (size_t)g * SYDO_COLB;
            v = v0 + g;
            for (j = 0; j < SYDO_VLEAVES; j += SYDO_VOLE_LEAVES) {
                leaves(nodes, iv, v, j, SYDO_VOLE_LEAVES, wk->com + g * COMB, wk);
                sum_batch(&ts, wk->x, cols, v, j, acc);
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
                xor_into(acc, u);
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
    tree_sums ts;
    unsigned v0, g, n, v, j, t, c;
    memset(qcols, 0, (size_t)SYDO_LAMBDA * SYDO_COLB);
    for (v0 = 0; v0 < SYDO_TAU; v0 += n) {
        n = SYDO_TAU - v0 < SYDO_VOLE_GROUP ? SYDO_TAU - v0 : SYDO_VOLE_GROUP;
        for (g = 0; g < n; g++) {
            uint8_t *com = wk->com + g * COMB;
            v = v0 + g;
            for (j = 0; j < SYDO_VLEAVES; j += SYDO_VOLE_LEAVES) {
                /* the hidden leaf's node is unknown: its blocks are made from
                 * whatever the node holds, then counted as zero */
                leaves(nodes, iv, v, j, SYDO_VOLE_LEAVES, com, wk);
                if (dv[v] - j < SYDO_VOLE_LEAVES)
                    memset(wk->x + (size_t)(dv[v] - j) * SYDO_COLB, 0, SYDO_COLB);
                sum_batch(&ts, wk->x, qcols, v, j, wk->acc);
            }
            /* Q_c = sum_j bit_c(j ^ delta_v) X_j = V'_c + bit_c(delta_v) U' */
            for (c = 0; c < SYDO_DEPTH; c++)
                if (dv[v] >> c & 1)
                    xor_into(SYDO_COL(qcols, v * SYDO_DEPTH + c), wk->acc);
            memcpy(com + (size_t)dv[v] * 2 * SYDO_LB, open + (size_t)v * 2 * SYDO_LB, 2 * SYDO_LB);
            if (v > 0)
                for (c = 0; c < SYDO_DEPTH; c++)
                    if (dv[v] >> c & 1) {
                        uint8_t *q = SYDO_COL(qcols, v * SYDO_DEPTH + c);
                        const uint8_t *cv = C + (size_t)(v - 1) * (SYDO_RV / 8);
                        for (t = 0; t < SYDO_RV / 8; t++)
                            q[t] ^= cv[t];
                    }
        }
        digests(wk, v0, n);
    }
    return sydo_bavc_digest(hcom, wk->digs, (size_t)SYDO_TAU * 2 * SYDO_LB) ? -1 : 0;
}
