/* forc.c - FORC, the few-time layer (spec §8): k trees of height a whose
 * leaves are the ends of W-step hash chains; the message picks one leaf per
 * tree and a position on its chain to reveal.
 *
 * Chains are computed as in wots.c (two alternating buffers), but FORC steps
 * use hash bytes 1..W and the leaf is the value after all W steps; the chain
 * byte is the global leaf number truncated to 8 bits (spec §14 items 8, 9). */
#include <string.h>

#include "address.h"
#include "hash.h"

#define TREE_SIG_BYTES ((CEDRUS_A + 1) * CEDRUS_N)

typedef struct {
    cedrus_ctx *ctx;
    uint8_t prf[CEDRUS_PRE + CEDRUS_SLACK];
    uint8_t chain[2][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint32_t tree;      /* i */
    uint32_t sign_leaf; /* idx_i */
    unsigned reveal;    /* e_i */
    uint8_t *revealed;  /* where y_{e_i} of leaf idx_i goes */
} forc_info;

/* Leaf index idx_i and chain position e_i of tree i: an LSB-first bit stream
 * over md, a bits then lgW bits per tree. */
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

static void chain_address(uint8_t *adrs, uint32_t tree, uint32_t leaf)
{
    adrs[ADRS_CHAIN] = (uint8_t)((tree << CEDRUS_A) + leaf); /* mod 256 on purpose */
}

static void forc_gen_leaf(uint8_t *out, void *vinfo, uint32_t leaf)
{
    forc_info *info = vinfo;
    unsigned p, cur = 0, reveal = leaf == info->sign_leaf ? info->reveal : CEDRUS_W;

    chain_address(info->prf + CEDRUS_N, info->tree, leaf);
    chain_address(info->chain[0] + CEDRUS_N, info->tree, leaf);
    chain_address(info->chain[1] + CEDRUS_N, info->tree, leaf);
    cedrus_hash(info->ctx, info->chain[0] + CEDRUS_PRE, info->prf, CEDRUS_PRE);
    for (p = 1; p <= CEDRUS_W; p++) {
        uint8_t *in = info->chain[cur];
        if (p - 1 == reveal)
            memcpy(info->revealed, in + CEDRUS_PRE, CEDRUS_N);
        in[CEDRUS_N + ADRS_HASH] = (uint8_t)p;
        cur ^= 1;
        cedrus_hash(info->ctx, p == CEDRUS_W ? out : info->chain[cur] + CEDRUS_PRE, in,
                    CEDRUS_PRE + CEDRUS_N);
    }
}

/* The FORC signature of md (k * (a+1) * n bytes at sig) and the FORC public
 * key (n bytes plus CEDRUS_SLACK spare). The roots are hashed straight into
 * the input of the final compression. */
void cedrus_forc_sign(cedrus_ctx *ctx, uint8_t *sig, uint8_t *pk_forc, const uint8_t *md,
                      uint64_t idx_tree, uint32_t idx_leaf)
{
    forc_info info;
    uint8_t roots[CEDRUS_PRE + CEDRUS_K * CEDRUS_N + CEDRUS_SLACK];
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    uint32_t idx[CEDRUS_K];
    unsigned pos[CEDRUS_K], i;

    message_split(idx, pos, md);
    info.ctx = ctx;
    memcpy(info.prf, ctx->sk_seed, CEDRUS_N);
    adrs_init(info.prf + CEDRUS_N, 0, idx_tree, ADRS_FORC_PRF, idx_leaf);
    memcpy(info.chain[0], ctx->pub_seed, CEDRUS_N);
    adrs_init(info.chain[0] + CEDRUS_N, 0, idx_tree, ADRS_FORC_CHAIN, idx_leaf);
    memcpy(info.chain[1], info.chain[0], CEDRUS_PRE);
    adrs_init(node_adrs, 0, idx_tree, ADRS_FORC_TREE, idx_leaf);
    memcpy(roots, ctx->pub_seed, CEDRUS_N);
    adrs_init(roots + CEDRUS_N, 0, idx_tree, ADRS_FORC_PK, idx_leaf);

    for (i = 0; i < CEDRUS_K; i++) {
        uint8_t *tree_sig = sig + i * TREE_SIG_BYTES;
        info.tree = i;
        info.sign_leaf = idx[i];
        info.reveal = pos[i];
        info.revealed = tree_sig;
        cedrus_treehash(ctx, roots + CEDRUS_PRE + i * CEDRUS_N, tree_sig + CEDRUS_N, idx[i],
                        (uint32_t)i << CEDRUS_A, CEDRUS_A, node_adrs, forc_gen_leaf, &info);
    }
    cedrus_hash(ctx, pk_forc, roots, CEDRUS_PRE + CEDRUS_K * CEDRUS_N);
}

/* Verification: the FORC public key from a FORC signature on md. */
void cedrus_forc_pk_from_sig(cedrus_ctx *ctx, uint8_t *pk_forc, const uint8_t *sig,
                             const uint8_t *md, uint64_t idx_tree, uint32_t idx_leaf)
{
    uint8_t chain[2][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t roots[CEDRUS_PRE + CEDRUS_K * CEDRUS_N + CEDRUS_SLACK];
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    uint32_t idx[CEDRUS_K];
    unsigned pos[CEDRUS_K], i;

    message_split(idx, pos, md);
    memcpy(chain[0], ctx->pub_seed, CEDRUS_N);
    adrs_init(chain[0] + CEDRUS_N, 0, idx_tree, ADRS_FORC_CHAIN, idx_leaf);
    memcpy(chain[1], chain[0], CEDRUS_PRE);
    adrs_init(node_adrs, 0, idx_tree, ADRS_FORC_TREE, idx_leaf);
    memcpy(roots, ctx->pub_seed, CEDRUS_N);
    adrs_init(roots + CEDRUS_N, 0, idx_tree, ADRS_FORC_PK, idx_leaf);

    for (i = 0; i < CEDRUS_K; i++) {
        const uint8_t *tree_sig = sig + i * TREE_SIG_BYTES;
        uint8_t leaf[CEDRUS_N + CEDRUS_SLACK];
        unsigned p, cur = 0;
        chain_address(chain[0] + CEDRUS_N, i, idx[i]);
        chain_address(chain[1] + CEDRUS_N, i, idx[i]);
        memcpy(chain[0] + CEDRUS_PRE, tree_sig, CEDRUS_N);
        for (p = pos[i] + 1; p <= CEDRUS_W; p++) {
            uint8_t *in = chain[cur];
            in[CEDRUS_N + ADRS_HASH] = (uint8_t)p;
            cur ^= 1;
            cedrus_hash(ctx, p == CEDRUS_W ? leaf : chain[cur] + CEDRUS_PRE, in,
                        CEDRUS_PRE + CEDRUS_N);
        }
        cedrus_root_from_auth(ctx, roots + CEDRUS_PRE + i * CEDRUS_N, leaf, idx[i],
                              (uint32_t)i << CEDRUS_A, tree_sig + CEDRUS_N, CEDRUS_A, node_adrs);
    }
    cedrus_hash(ctx, pk_forc, roots, CEDRUS_PRE + CEDRUS_K * CEDRUS_N);
}
