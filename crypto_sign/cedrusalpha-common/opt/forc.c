/* forc.c - FORC for the opt implementation: each tree's leaves
 * CEDRUS_LANES at a time (their W-step chains in lockstep) under the batched
 * treehash; in verification the k chains on the lane scheduler and the k
 * authentication paths climbed side by side. Message split, addresses and
 * outputs as in ref/forc.c. */
#include <string.h>

#include "cedrusx.h"

#define TREE_SIG_BYTES ((CEDRUS_A + 1) * CEDRUS_N)

typedef struct {
    cedrus_ctx *ctx;
    uint32_t tree;      /* i */
    uint32_t sign_leaf; /* idx_i */
    unsigned reveal;    /* e_i */
    uint8_t *revealed;  /* where y_{e_i} of leaf idx_i goes */
    uint8_t prf[CEDRUS_LANES][CEDRUS_PRE + CEDRUS_SLACK];
    uint8_t chain[2][CEDRUS_LANES][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t leaf[CEDRUS_LANES][CEDRUS_OUT];
} forcx_info;

/* Leaf index idx_i and chain position e_i of tree i (as ref/forc.c). */
static void message_split(uint32_t idx[CEDRUS_K], unsigned pos[CEDRUS_K], const uint8_t *md)
{
    unsigned i, b, o = 0;
    for (i = 0; i < CEDRUS_K; i++) {
        idx[i] = 0;
        for (b = 0; b < CEDRUS_A; b++, o++)
            idx[i] |= (uint32_t)((md[o >> 3] >> (o & 7)) & 1) << b;
        pos[i] = 0;
        for (b = 0; b < CEDRUS_LGW; b++, o++)
            pos[i] |= (unsigned)((md[o >> 3] >> (o & 7)) & 1) << b;
    }
}

/* The chain byte: the global leaf number mod 256, on purpose (spec §14). */
static uint8_t chain_byte(uint32_t tree, uint32_t leaf)
{
    return (uint8_t)((tree << CEDRUS_A) + leaf);
}

static void forc_gen_leaves(uint8_t *out, void *vinfo, uint32_t first, unsigned count)
{
    forcx_info *info = vinfo;
    const uint8_t *ip[CEDRUS_LANES];
    uint8_t *op[CEDRUS_LANES];
    unsigned l, p, sl = CEDRUS_LANES;

    if (info->sign_leaf >= first && info->sign_leaf - first < count)
        sl = (unsigned)(info->sign_leaf - first);
    for (l = 0; l < CEDRUS_LANES; l++) {
        uint8_t b = chain_byte(info->tree, first + l);
        info->prf[l][CEDRUS_N + ADRS_CHAIN] = b;
        info->chain[0][l][CEDRUS_N + ADRS_CHAIN] = b;
        info->chain[1][l][CEDRUS_N + ADRS_CHAIN] = b;
        ip[l] = info->prf[l];
        op[l] = info->chain[0][l] + CEDRUS_PRE;
    }
    cedrus_hashx(op, ip, CEDRUS_PRE, count);
    for (p = 1; p <= CEDRUS_W; p++) {
        unsigned cur = (p - 1) & 1;
        if (sl < count && p - 1 == info->reveal)
            memcpy(info->revealed, info->chain[cur][sl] + CEDRUS_PRE, CEDRUS_N);
        for (l = 0; l < CEDRUS_LANES; l++) {
            info->chain[cur][l][CEDRUS_N + ADRS_HASH] = (uint8_t)p;
            ip[l] = info->chain[cur][l];
            op[l] = p == CEDRUS_W ? info->leaf[l] : info->chain[cur ^ 1][l] + CEDRUS_PRE;
        }
        cedrus_hashx(op, ip, CEDRUS_PRE + CEDRUS_N, count);
    }
    for (l = 0; l < count; l++)
        memcpy(out + l * CEDRUS_N, info->leaf[l], CEDRUS_N);
}

void cedrus_forc_sign(cedrus_ctx *ctx, uint8_t *sig, uint8_t *pk_forc, const uint8_t *md,
                      uint64_t idx_tree, uint32_t idx_leaf)
{
    forcx_info info;
    uint8_t roots[CEDRUS_PRE + CEDRUS_K * CEDRUS_N + CEDRUS_SLACK];
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    uint32_t idx[CEDRUS_K];
    unsigned pos[CEDRUS_K], i, l;

    message_split(idx, pos, md);
    info.ctx = ctx;
    for (l = 0; l < CEDRUS_LANES; l++) {
        memcpy(info.prf[l], ctx->sk_seed, CEDRUS_N);
        adrs_init(info.prf[l] + CEDRUS_N, 0, idx_tree, ADRS_FORC_PRF, idx_leaf);
        memcpy(info.chain[0][l], ctx->pub_seed, CEDRUS_N);
        adrs_init(info.chain[0][l] + CEDRUS_N, 0, idx_tree, ADRS_FORC_CHAIN, idx_leaf);
        memcpy(info.chain[1][l], info.chain[0][l], CEDRUS_PRE);
    }
    adrs_init(node_adrs, 0, idx_tree, ADRS_FORC_TREE, idx_leaf);
    memcpy(roots, ctx->pub_seed, CEDRUS_N);
    adrs_init(roots + CEDRUS_N, 0, idx_tree, ADRS_FORC_PK, idx_leaf);

    for (i = 0; i < CEDRUS_K; i++) {
        uint8_t *tree_sig = sig + i * TREE_SIG_BYTES;
        info.tree = i;
        info.sign_leaf = idx[i];
        info.reveal = pos[i];
        info.revealed = tree_sig;
        cedrus_treehash_x(ctx, roots + CEDRUS_PRE + i * CEDRUS_N, tree_sig + CEDRUS_N, idx[i],
                          (uint32_t)i << CEDRUS_A, CEDRUS_A, node_adrs, forc_gen_leaves, &info);
    }
    memset(info.prf, 0, sizeof info.prf);
    cedrus_hash(ctx, pk_forc, roots, CEDRUS_PRE + CEDRUS_K * CEDRUS_N);
}

/* Verification: the k chains, then the k paths one level at a time. */
void cedrus_forc_pk_from_sig(cedrus_ctx *ctx, uint8_t *pk_forc, const uint8_t *sig,
                             const uint8_t *md, uint64_t idx_tree, uint32_t idx_leaf)
{
    cedrus_chain_job job[CEDRUS_K];
    uint8_t roots[CEDRUS_PRE + CEDRUS_K * CEDRUS_N + CEDRUS_SLACK];
    uint8_t in[CEDRUS_LANES][CEDRUS_PRE + 2 * CEDRUS_N], out[CEDRUS_LANES][CEDRUS_OUT];
    const uint8_t *ip[CEDRUS_LANES];
    uint8_t *op[CEDRUS_LANES];
    uint8_t *node = roots + CEDRUS_PRE; /* node i: tree i's current node, its root at the end */
    uint32_t idx[CEDRUS_K];
    unsigned pos[CEDRUS_K], i, l, t, g;

    message_split(idx, pos, md);
    memcpy(roots, ctx->pub_seed, CEDRUS_N);
    adrs_init(roots + CEDRUS_N, 0, idx_tree, ADRS_FORC_PK, idx_leaf);
    for (i = 0; i < CEDRUS_K; i++) {
        job[i].val = sig + i * TREE_SIG_BYTES;
        job[i].dst = node + i * CEDRUS_N;
        job[i].start = pos[i] + 1;
        job[i].end = CEDRUS_W + 1;
        adrs_init(job[i].adrs, 0, idx_tree, ADRS_FORC_CHAIN, idx_leaf);
        job[i].adrs[ADRS_CHAIN] = chain_byte(i, idx[i]);
    }
    cedrus_run_chains(ctx, job, CEDRUS_K);

    for (l = 0; l < CEDRUS_LANES; l++) {
        memcpy(in[l], ctx->pub_seed, CEDRUS_N);
        adrs_init(in[l] + CEDRUS_N, 0, idx_tree, ADRS_FORC_TREE, idx_leaf);
        ip[l] = in[l];
        op[l] = out[l];
    }
    for (t = 0; t < CEDRUS_A; t++) {
        for (i = 0; i < CEDRUS_K; i += g) {
            g = CEDRUS_K - i < CEDRUS_LANES ? CEDRUS_K - i : CEDRUS_LANES;
            for (l = 0; l < g; l++) {
                uint32_t u = idx[i + l] >> t, off = (uint32_t)(i + l) << CEDRUS_A;
                const uint8_t *auth = sig + (i + l) * TREE_SIG_BYTES + CEDRUS_N + t * CEDRUS_N;
                uint8_t *cur = node + (i + l) * CEDRUS_N;
                in[l][CEDRUS_N + ADRS_HEIGHT] = (uint8_t)(t + 1);
                adrs_set_index(in[l] + CEDRUS_N, (off >> (t + 1)) + (u >> 1));
                memcpy(in[l] + CEDRUS_PRE + (u & 1) * CEDRUS_N, cur, CEDRUS_N);
                memcpy(in[l] + CEDRUS_PRE + ((u & 1) ^ 1) * CEDRUS_N, auth, CEDRUS_N);
            }
            cedrus_hashx(op, ip, CEDRUS_PRE + 2 * CEDRUS_N, g);
            for (l = 0; l < g; l++)
                memcpy(node + (i + l) * CEDRUS_N, out[l], CEDRUS_N);
        }
    }
    cedrus_hash(ctx, pk_forc, roots, CEDRUS_PRE + CEDRUS_K * CEDRUS_N);
}
