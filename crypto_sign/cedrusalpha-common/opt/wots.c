/* wots.c - WOTSɑ for the opt implementation: the leaves of an XMSS tree
 * CEDRUS_LANES key pairs at a time, their chains in lockstep (chain c has
 * the same length in every key pair), and verification's chains on the lane
 * scheduler. Addresses, chain layout and signature capture are those of
 * ref/wots.c. */
#include <string.h>

#include "cedrusx.h"

typedef struct {
    cedrus_ctx *ctx;
    uint32_t sign_leaf;      /* the key pair whose signature is captured */
    const unsigned *lengths; /* its chain positions, or NULL: no capture */
    uint8_t *sig;
    uint8_t prf[CEDRUS_LANES][CEDRUS_PRE + CEDRUS_SLACK];
    uint8_t chain[2][CEDRUS_LANES][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t pk[CEDRUS_LANES][CEDRUS_PRE + CEDRUS_WOTS_BYTES + CEDRUS_SLACK];
    uint8_t leaf[CEDRUS_LANES][CEDRUS_OUT];
} wotsx_info;

static void set_all(wotsx_info *info, unsigned l, unsigned off, uint8_t v)
{
    info->prf[l][CEDRUS_N + off] = v;
    info->chain[0][l][CEDRUS_N + off] = v;
    info->chain[1][l][CEDRUS_N + off] = v;
}

/* Leaves first..first+count-1: PRF, then every chain step across the
 * batch, the last step landing in each key pair's public-key buffer. */
static void wots_gen_leaves(uint8_t *out, void *vinfo, uint32_t first, unsigned count)
{
    wotsx_info *info = vinfo;
    const uint8_t *ip[CEDRUS_LANES];
    uint8_t *op[CEDRUS_LANES];
    unsigned l, c, sl = CEDRUS_LANES; /* the lane of the signing key pair, if any */

    if (info->lengths && info->sign_leaf >= first && info->sign_leaf - first < count)
        sl = (unsigned)(info->sign_leaf - first);
    for (l = 0; l < CEDRUS_LANES; l++) {
        uint32_t kp = first + (l < count ? l : 0);
        adrs_set_keypair(info->prf[l] + CEDRUS_N, kp);
        adrs_set_keypair(info->chain[0][l] + CEDRUS_N, kp);
        adrs_set_keypair(info->chain[1][l] + CEDRUS_N, kp);
        adrs_set_keypair(info->pk[l] + CEDRUS_N, kp);
    }
    for (c = 0; c < CEDRUS_LEN; c++) {
        unsigned last = CEDRUS_CHAIN_CAP(c) - 1, p;
        for (l = 0; l < CEDRUS_LANES; l++) {
            set_all(info, l, ADRS_CHAIN, (uint8_t)c);
            ip[l] = info->prf[l];
            op[l] = info->chain[0][l] + CEDRUS_PRE;
        }
        cedrus_hashx(op, ip, CEDRUS_PRE, count);
        for (p = 0; p < last; p++) {
            unsigned cur = p & 1;
            if (sl < count && p == info->lengths[c])
                memcpy(info->sig + c * CEDRUS_N, info->chain[cur][sl] + CEDRUS_PRE, CEDRUS_N);
            for (l = 0; l < CEDRUS_LANES; l++) {
                info->chain[cur][l][CEDRUS_N + ADRS_HASH] = (uint8_t)p;
                ip[l] = info->chain[cur][l];
                /* pk_c's digest tail runs into pk_{c+1}, which is written later. */
                op[l] = p + 1 == last ? info->pk[l] + CEDRUS_PRE + c * CEDRUS_N
                                      : info->chain[cur ^ 1][l] + CEDRUS_PRE;
            }
            cedrus_hashx(op, ip, CEDRUS_PRE + CEDRUS_N, count);
        }
        if (sl < count && info->lengths[c] == last)
            memcpy(info->sig + c * CEDRUS_N, info->pk[sl] + CEDRUS_PRE + c * CEDRUS_N, CEDRUS_N);
    }
    for (l = 0; l < CEDRUS_LANES; l++) {
        ip[l] = info->pk[l];
        op[l] = info->leaf[l];
    }
    cedrus_hashx(op, ip, CEDRUS_PRE + CEDRUS_WOTS_BYTES, count);
    for (l = 0; l < count; l++)
        memcpy(out + l * CEDRUS_N, info->leaf[l], CEDRUS_N);
}

void cedrus_xmss_tree(cedrus_ctx *ctx, uint8_t *root, uint8_t *sig, unsigned layer, uint64_t tree,
                      uint32_t leaf, const unsigned *lengths)
{
    wotsx_info info;
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    unsigned l;

    info.ctx = ctx;
    info.sign_leaf = leaf;
    info.lengths = lengths;
    info.sig = sig;
    for (l = 0; l < CEDRUS_LANES; l++) {
        memcpy(info.prf[l], ctx->sk_seed, CEDRUS_N); /* PRF(ADRS) = Hraw(SK.seed || ADRS) */
        adrs_init(info.prf[l] + CEDRUS_N, layer, tree, ADRS_WOTS_PRF, 0);
        memcpy(info.chain[0][l], ctx->pub_seed, CEDRUS_N);
        adrs_init(info.chain[0][l] + CEDRUS_N, layer, tree, ADRS_WOTS_HASH, 0);
        memcpy(info.chain[1][l], info.chain[0][l], CEDRUS_PRE);
        memcpy(info.pk[l], ctx->pub_seed, CEDRUS_N);
        adrs_init(info.pk[l] + CEDRUS_N, layer, tree, ADRS_WOTS_PK, 0);
    }
    adrs_init(node_adrs, layer, tree, ADRS_TREE_NODE, 0);
    cedrus_treehash_x(ctx, root, lengths ? sig + CEDRUS_WOTS_BYTES : NULL, leaf, 0,
                      CEDRUS_LAYER_HEIGHT(layer), node_adrs, wots_gen_leaves, &info);
    memset(info.prf, 0, sizeof info.prf); /* SK.seed does not outlive the tree */
}

void cedrus_wots_pk_from_sig(cedrus_ctx *ctx, uint8_t *leaf, const uint8_t *sig,
                             const unsigned lengths[CEDRUS_LEN], unsigned layer, uint64_t tree,
                             uint32_t keypair)
{
    cedrus_chain_job job[CEDRUS_LEN];
    uint8_t pk[CEDRUS_PRE + CEDRUS_WOTS_BYTES + CEDRUS_SLACK];
    unsigned c;

    memcpy(pk, ctx->pub_seed, CEDRUS_N);
    adrs_init(pk + CEDRUS_N, layer, tree, ADRS_WOTS_PK, keypair);
    for (c = 0; c < CEDRUS_LEN; c++) {
        job[c].val = sig + c * CEDRUS_N;
        job[c].dst = pk + CEDRUS_PRE + c * CEDRUS_N;
        job[c].start = lengths[c];
        job[c].end = CEDRUS_CHAIN_CAP(c) - 1;
        adrs_init(job[c].adrs, layer, tree, ADRS_WOTS_HASH, keypair);
        job[c].adrs[ADRS_CHAIN] = (uint8_t)c;
    }
    cedrus_run_chains(ctx, job, CEDRUS_LEN);
    cedrus_hash(ctx, leaf, pk, CEDRUS_PRE + CEDRUS_WOTS_BYTES);
}
