/* wots.c - WOTSɑ: one-time keys whose chains have individual lengths (spec
 * §6); the constant-sum encoder that picks the positions is in encode.c.
 *
 * Chain c has W_c = w[len-1-c] positions 0..W_c-1; step p (hash byte p,
 * starting at 0) maps position p to p+1, and position W_c-1 is public. Two
 * chain buffers PK.seed || ADRS || value alternate, each step hashing one
 * into the other; the last step lands directly in the public-key buffer
 * PK.seed || ADRS || pk_0 || ... || pk_{len-1}, which then is hashed into the
 * leaf. */
#include <string.h>

#include "address.h"
#include "hash.h"

/* Buffers for the key pairs of tree `tree` at layer `layer`; the key pair
 * number is set per leaf. lengths/sig select the signature to capture. */
void cedrus_wots_info_init(cedrus_wots_info *info, cedrus_ctx *ctx, unsigned layer, uint64_t tree)
{
    info->ctx = ctx;
    memcpy(info->prf, ctx->sk_seed, CEDRUS_N); /* PRF(ADRS) = Hraw(SK.seed || ADRS) */
    adrs_init(info->prf + CEDRUS_N, layer, tree, ADRS_WOTS_PRF, 0);
    memcpy(info->chain[0], ctx->pub_seed, CEDRUS_N);
    adrs_init(info->chain[0] + CEDRUS_N, layer, tree, ADRS_WOTS_HASH, 0);
    memcpy(info->chain[1], info->chain[0], CEDRUS_PRE);
    memcpy(info->pk, ctx->pub_seed, CEDRUS_N);
    adrs_init(info->pk + CEDRUS_N, layer, tree, ADRS_WOTS_PK, 0);
    info->sign_leaf = 0;
    info->lengths = NULL;
    info->sig = NULL;
}

/* The leaf (compressed public key) of key pair `leaf`; when that is the
 * signing key pair, also its signature: the value at position lengths[c] of
 * every chain c, taken on the way. */
void cedrus_wots_gen_leaf(uint8_t *out, void *vinfo, uint32_t leaf)
{
    cedrus_wots_info *info = vinfo;
    cedrus_ctx *ctx = info->ctx;
    uint8_t *sig = info->lengths && leaf == info->sign_leaf ? info->sig : NULL;
    unsigned c;

    adrs_set_keypair(info->prf + CEDRUS_N, leaf);
    adrs_set_keypair(info->chain[0] + CEDRUS_N, leaf);
    adrs_set_keypair(info->chain[1] + CEDRUS_N, leaf);
    adrs_set_keypair(info->pk + CEDRUS_N, leaf);
    for (c = 0; c < CEDRUS_LEN; c++) {
        unsigned last = CEDRUS_CHAIN_CAP(c) - 1, p, cur = 0;
        uint8_t *pk_c = info->pk + CEDRUS_PRE + c * CEDRUS_N;
        info->prf[CEDRUS_N + ADRS_CHAIN] = (uint8_t)c;
        info->chain[0][CEDRUS_N + ADRS_CHAIN] = (uint8_t)c;
        info->chain[1][CEDRUS_N + ADRS_CHAIN] = (uint8_t)c;
        cedrus_hash(ctx, info->chain[0] + CEDRUS_PRE, info->prf, CEDRUS_PRE);
        for (p = 0; p < last; p++) {
            uint8_t *in = info->chain[cur];
            if (sig && p == info->lengths[c])
                memcpy(sig + c * CEDRUS_N, in + CEDRUS_PRE, CEDRUS_N);
            in[CEDRUS_N + ADRS_HASH] = (uint8_t)p;
            cur ^= 1;
            /* pk_c's digest tail runs into pk_{c+1}, which is written later. */
            cedrus_hash(ctx, p + 1 == last ? pk_c : info->chain[cur] + CEDRUS_PRE, in,
                        CEDRUS_PRE + CEDRUS_N);
        }
        if (sig && info->lengths[c] == last)
            memcpy(sig + c * CEDRUS_N, pk_c, CEDRUS_N);
    }
    cedrus_hash(ctx, out, info->pk, CEDRUS_PRE + CEDRUS_WOTS_BYTES);
}

/* One XMSS tree of the hypertree (spec §7, §9): the root of tree `tree` at
 * layer `layer`; when lengths is not NULL, also the XMSS signature of key
 * pair `leaf` (WOTS signature, then AUTH). It lives here rather than in
 * sign.c so that sign.c serves the opt implementation unchanged. */
void cedrus_xmss_tree(cedrus_ctx *ctx, uint8_t *root, uint8_t *sig, unsigned layer, uint64_t tree,
                      uint32_t leaf, const unsigned *lengths)
{
    cedrus_wots_info info;
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    unsigned height = CEDRUS_LAYER_HEIGHT(layer);

    cedrus_wots_info_init(&info, ctx, layer, tree);
    info.sign_leaf = leaf;
    info.lengths = lengths;
    info.sig = sig;
    adrs_init(node_adrs, layer, tree, ADRS_TREE_NODE, 0);
    cedrus_treehash(ctx, root, lengths ? sig + CEDRUS_WOTS_BYTES : NULL, leaf, 0, height,
                    node_adrs, cedrus_wots_gen_leaf, &info);
}

/* Verification: the leaf of key pair (layer, tree, keypair) from a WOTS
 * signature whose chain c is at position lengths[c]. */
void cedrus_wots_pk_from_sig(cedrus_ctx *ctx, uint8_t *leaf, const uint8_t *sig,
                             const unsigned lengths[CEDRUS_LEN], unsigned layer, uint64_t tree,
                             uint32_t keypair)
{
    uint8_t chain[2][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t pk[CEDRUS_PRE + CEDRUS_WOTS_BYTES + CEDRUS_SLACK];
    unsigned c;

    memcpy(chain[0], ctx->pub_seed, CEDRUS_N);
    adrs_init(chain[0] + CEDRUS_N, layer, tree, ADRS_WOTS_HASH, keypair);
    memcpy(chain[1], chain[0], CEDRUS_PRE);
    memcpy(pk, ctx->pub_seed, CEDRUS_N);
    adrs_init(pk + CEDRUS_N, layer, tree, ADRS_WOTS_PK, keypair);
    for (c = 0; c < CEDRUS_LEN; c++) {
        unsigned last = CEDRUS_CHAIN_CAP(c) - 1, p, cur = 0;
        uint8_t *pk_c = pk + CEDRUS_PRE + c * CEDRUS_N;
        if (lengths[c] >= last) { /* already public (the encoder never exceeds last) */
            memcpy(pk_c, sig + c * CEDRUS_N, CEDRUS_N);
            continue;
        }
        chain[0][CEDRUS_N + ADRS_CHAIN] = (uint8_t)c;
        chain[1][CEDRUS_N + ADRS_CHAIN] = (uint8_t)c;
        memcpy(chain[0] + CEDRUS_PRE, sig + c * CEDRUS_N, CEDRUS_N);
        for (p = lengths[c]; p < last; p++) {
            uint8_t *in = chain[cur];
            in[CEDRUS_N + ADRS_HASH] = (uint8_t)p;
            cur ^= 1;
            cedrus_hash(ctx, p + 1 == last ? pk_c : chain[cur] + CEDRUS_PRE, in,
                        CEDRUS_PRE + CEDRUS_N);
        }
    }
    cedrus_hash(ctx, leaf, pk, CEDRUS_PRE + CEDRUS_WOTS_BYTES);
}
