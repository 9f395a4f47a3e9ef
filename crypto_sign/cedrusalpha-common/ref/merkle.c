/* merkle.c - binary hash trees shared by the hypertree layers (spec §7) and
 * the FORC trees (spec §8): root and authentication path by treehash, and the
 * root from a leaf and its path.
 *
 * Each height t has its own buffer PK.seed || ADRS || left || right: a node is
 * hashed straight into its slot in the parent's buffer, so no node is copied
 * except into the authentication path. */
#include <string.h>

#include "address.h"
#include "hash.h"

#define NODE_BUF (CEDRUS_PRE + 2 * CEDRUS_N + CEDRUS_SLACK)

static uint8_t *slot(uint8_t *buf, uint32_t index)
{
    return buf + CEDRUS_PRE + (index & 1) * CEDRUS_N;
}

/* Node (t, u) of a tree of 2^height leaves is hashed with the address
 * template adrs (type, layer, tree, key pair), height byte t and index
 * idx_offset/2^t + u: FORC trees are consecutive pieces of one wide forest
 * (idx_offset = i * 2^a), hypertree trees start at 0. root gets CEDRUS_SLACK
 * spare bytes; auth, unless NULL, gets height nodes, lowest first, for leaf
 * auth_leaf. */
void cedrus_treehash(cedrus_ctx *ctx, uint8_t *root, uint8_t *auth, uint32_t auth_leaf,
                     uint32_t idx_offset, unsigned height, const uint8_t adrs[CEDRUS_ADRS_BYTES],
                     cedrus_leaf_fn *gen_leaf, void *info)
{
    uint8_t buf[CEDRUS_MAX_HEIGHT][NODE_BUF];
    uint32_t leaf, nleaves = (uint32_t)1 << height;
    unsigned t;

    for (t = 0; t < height; t++) {
        memcpy(buf[t], ctx->pub_seed, CEDRUS_N);
        memcpy(buf[t] + CEDRUS_N, adrs, CEDRUS_ADRS_BYTES);
        buf[t][CEDRUS_N + ADRS_HEIGHT] = (uint8_t)(t + 1);
    }
    for (leaf = 0; leaf < nleaves; leaf++) {
        uint8_t *node = slot(buf[0], leaf);
        gen_leaf(node, info, leaf);
        if (auth && leaf == (auth_leaf ^ 1))
            memcpy(auth, node, CEDRUS_N);
        /* A right child completes its parent; climb while that holds. */
        for (t = 0; t < height && ((leaf >> t) & 1); t++) {
            uint32_t parent = leaf >> (t + 1);
            adrs_set_index(buf[t] + CEDRUS_N, (idx_offset >> (t + 1)) + parent);
            node = t + 1 == height ? root : slot(buf[t + 1], parent);
            cedrus_hash(ctx, node, buf[t], CEDRUS_PRE + 2 * CEDRUS_N);
            if (auth && t + 1 < height && parent == ((auth_leaf >> (t + 1)) ^ 1))
                memcpy(auth + (t + 1) * CEDRUS_N, node, CEDRUS_N);
        }
    }
}

/* The root above leaf number leaf_idx, using its path auth; addressing as in
 * cedrus_treehash. Two buffers alternate, so each level's output lands in the
 * next level's input and only the path nodes are copied. */
void cedrus_root_from_auth(cedrus_ctx *ctx, uint8_t *root, const uint8_t *leaf, uint32_t leaf_idx,
                           uint32_t idx_offset, const uint8_t *auth, unsigned height,
                           const uint8_t adrs[CEDRUS_ADRS_BYTES])
{
    uint8_t buf[2][NODE_BUF];
    unsigned t, cur = 0;

    memcpy(buf[0], ctx->pub_seed, CEDRUS_N);
    memcpy(buf[0] + CEDRUS_N, adrs, CEDRUS_ADRS_BYTES);
    memcpy(buf[1], buf[0], CEDRUS_PRE);
    memcpy(slot(buf[0], leaf_idx), leaf, CEDRUS_N);
    memcpy(slot(buf[0], leaf_idx ^ 1), auth, CEDRUS_N);
    for (t = 0; t < height; t++) {
        uint32_t parent = leaf_idx >> (t + 1);
        uint8_t *in = buf[cur], *out;
        in[CEDRUS_N + ADRS_HEIGHT] = (uint8_t)(t + 1);
        adrs_set_index(in + CEDRUS_N, (idx_offset >> (t + 1)) + parent);
        cur ^= 1;
        out = t + 1 == height ? root : slot(buf[cur], parent);
        cedrus_hash(ctx, out, in, CEDRUS_PRE + 2 * CEDRUS_N);
        /* After the hash: for n = 20 its digest tail runs into the sibling slot. */
        if (t + 1 < height)
            memcpy(slot(buf[cur], parent ^ 1), auth + (t + 1) * CEDRUS_N, CEDRUS_N);
    }
}
