/* sign.c - the ICCS signature entry points of CEDRUSɑ: key generation (spec
 * §10), signing with the FORC layer under a hypertree of d XMSS layers (spec
 * §9-§11), and strict verification (spec §12).
 *
 * Keys: sk = SK.seed || SK.prf || PK.seed || PK.root, pk = PK.seed || PK.root.
 * Signature: R || SIG_FORC || (WOTS signature || AUTH) for layers 0..d-1. */
#include <string.h>

#include "address.h"
#include "drng.h"
#include "hash.h"
#include "iccs_sig.h"

#define ERR_INVALID (-1)  /* bad length or argument; in verify: invalid signature */
#define ERR_RESOURCE (-2) /* allocation or ICCS helper failure */
#define ERR_ENCODE (-3)   /* encoder out of digits (cannot happen, see README.md) */

unsigned long long sig_get_pk_len_bytes(void) { return CRYPTO_PUBLICKEYBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return CRYPTO_SECRETKEYBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return CRYPTO_BYTES; }

/* The next layer's tree and leaf: the index update uses the height of the
 * next layer (spec §9, §14 item 17). */
static void next_layer(uint64_t *tree, uint32_t *leaf, unsigned next)
{
    unsigned height = CEDRUS_LAYER_HEIGHT(next);
    *leaf = (uint32_t)(*tree & (((uint64_t)1 << height) - 1));
    *tree >>= height;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes, unsigned char *sk,
               unsigned long long *sk_len_bytes)
{
    cedrus_ctx ctx;
    uint8_t seeds[3 * CEDRUS_N], root[CEDRUS_N + CEDRUS_SLACK];

    if (pk == NULL || pk_len_bytes == NULL || sk == NULL || sk_len_bytes == NULL)
        return ERR_INVALID;
    /* One DRNG call: its granularity is part of the KAT (spec §14 item 15). */
    if (get_random_number(&drng_algorithm, seeds, 8 * 3 * CEDRUS_N) != 0)
        return ERR_RESOURCE;
    memcpy(ctx.sk_seed, seeds, CEDRUS_N);
    memcpy(ctx.pub_seed, seeds + 2 * CEDRUS_N, CEDRUS_N);
    ctx.err = 0;
    /* The top tree is tree 0 of layer d-1, of height hp (spec §14 item 16). */
    cedrus_xmss_tree(&ctx, root, NULL, CEDRUS_D - 1, 0, 0, NULL);
    memset(ctx.sk_seed, 0, CEDRUS_N);
    if (ctx.err) {
        memset(seeds, 0, sizeof seeds);
        return ERR_RESOURCE;
    }
    memcpy(sk, seeds, 3 * CEDRUS_N);
    memcpy(sk + 3 * CEDRUS_N, root, CEDRUS_N);
    memcpy(pk, seeds + 2 * CEDRUS_N, CEDRUS_N);
    memcpy(pk + CEDRUS_N, root, CEDRUS_N);
    memset(seeds, 0, sizeof seeds);
    *pk_len_bytes = CEDRUS_PK_BYTES;
    *sk_len_bytes = CEDRUS_SK_BYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes, unsigned char *m,
             unsigned long long m_len_bytes, unsigned char *sn, unsigned long long *sn_len_bytes)
{
    cedrus_ctx ctx;
    cedrus_msgbuf mb;
    uint8_t optrand[CEDRUS_N], digest[CEDRUS_DIGEST_BYTES];
    uint8_t x[CEDRUS_N + CEDRUS_SLACK];
    unsigned lengths[CEDRUS_LEN], j;
    uint64_t tree;
    uint32_t leaf;
    uint8_t *sig = sn;
    int rc;

    if (sk == NULL || sk_len_bytes != CEDRUS_SK_BYTES || (m == NULL && m_len_bytes != 0)
        || sn == NULL || sn_len_bytes == NULL)
        return ERR_INVALID;
    rc = cedrus_msgbuf_init(&mb, m, m_len_bytes);
    if (rc != 0)
        return rc == -1 ? ERR_INVALID : ERR_RESOURCE;
    memcpy(ctx.sk_seed, sk, CEDRUS_N);
    memcpy(ctx.pub_seed, sk + 2 * CEDRUS_N, CEDRUS_N);
    ctx.err = 0;

    /* optrand: n bytes in one DRNG call (spec §14 item 12). */
    if (get_random_number(&drng_algorithm, optrand, 8 * CEDRUS_N) != 0)
        ctx.err = 1;
    cedrus_prf_msg(&ctx, sig, &mb, sk + CEDRUS_N, optrand); /* R */
    cedrus_h_msg(&ctx, digest, &mb, sig, sk + 2 * CEDRUS_N, sk + 3 * CEDRUS_N);
    cedrus_msgbuf_free(&mb);
    cedrus_split_digest(digest, &tree, &leaf);
    sig += CEDRUS_N;

    cedrus_forc_sign(&ctx, sig, x, digest, tree, leaf);
    sig += CEDRUS_FORC_BYTES;

    for (j = 0; j < CEDRUS_D; j++) {
        if (cedrus_encode(lengths, x) != 0) {
            rc = ERR_ENCODE;
            break;
        }
        cedrus_xmss_tree(&ctx, x, sig, j, tree, leaf, lengths);
        sig += CEDRUS_WOTS_BYTES + CEDRUS_LAYER_HEIGHT(j) * CEDRUS_N;
        if (j + 1 < CEDRUS_D)
            next_layer(&tree, &leaf, j + 1);
    }
    memset(ctx.sk_seed, 0, CEDRUS_N);
    if (rc == 0 && ctx.err)
        rc = ERR_RESOURCE;
    if (rc != 0) {
        memset(sn, 0, CEDRUS_SIG_BYTES); /* fail closed: no partial signature */
        return rc;
    }
    *sn_len_bytes = CEDRUS_SIG_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes, unsigned char *sn,
               unsigned long long sn_len_bytes, unsigned char *m, unsigned long long m_len_bytes)
{
    cedrus_ctx ctx;
    cedrus_msgbuf mb;
    uint8_t digest[CEDRUS_DIGEST_BYTES], x[CEDRUS_N + CEDRUS_SLACK], leaf_node[CEDRUS_N + CEDRUS_SLACK];
    uint8_t node_adrs[CEDRUS_ADRS_BYTES];
    unsigned lengths[CEDRUS_LEN], j;
    const uint8_t *sig = sn;
    uint64_t tree;
    uint32_t leaf;
    int rc;

    if (pk == NULL || pk_len_bytes != CEDRUS_PK_BYTES || sn == NULL
        || sn_len_bytes != CEDRUS_SIG_BYTES || (m == NULL && m_len_bytes != 0))
        return ERR_INVALID;
    rc = cedrus_msgbuf_init(&mb, m, m_len_bytes);
    if (rc != 0)
        return rc == -1 ? ERR_INVALID : ERR_RESOURCE;
    memcpy(ctx.pub_seed, pk, CEDRUS_N);
    memset(ctx.sk_seed, 0, CEDRUS_N);
    ctx.err = 0;

    cedrus_h_msg(&ctx, digest, &mb, sig, pk, pk + CEDRUS_N);
    cedrus_msgbuf_free(&mb);
    cedrus_split_digest(digest, &tree, &leaf);
    sig += CEDRUS_N;

    cedrus_forc_pk_from_sig(&ctx, x, sig, digest, tree, leaf);
    sig += CEDRUS_FORC_BYTES;

    for (j = 0; j < CEDRUS_D; j++) {
        unsigned height = CEDRUS_LAYER_HEIGHT(j);
        if (cedrus_encode(lengths, x) != 0)
            return ERR_INVALID;
        cedrus_wots_pk_from_sig(&ctx, leaf_node, sig, lengths, j, tree, leaf);
        adrs_init(node_adrs, j, tree, ADRS_TREE_NODE, 0);
        cedrus_root_from_auth(&ctx, x, leaf_node, leaf, 0, sig + CEDRUS_WOTS_BYTES, height,
                              node_adrs);
        sig += CEDRUS_WOTS_BYTES + height * CEDRUS_N;
        if (j + 1 < CEDRUS_D)
            next_layer(&tree, &leaf, j + 1);
    }
    if (ctx.err)
        return ERR_RESOURCE;
    return memcmp(x, pk + CEDRUS_N, CEDRUS_N) == 0 ? 0 : ERR_INVALID;
}
