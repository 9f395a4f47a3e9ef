/* cedrus.h - CEDRUSɑ sizes derived from the primary parameters of one set
 * (the set's params.h, which every translation unit includes first), the
 * signing context, and the interfaces between the components. */
#ifndef CEDRUSALPHA_COMMON_H
#define CEDRUSALPHA_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifndef CEDRUS_N
#error "include the parameter set's params.h before cedrus.h"
#endif

/* C99 has no _Static_assert: a negative array size stops the build instead. */
#define CEDRUS_ASSERT(name, cond) typedef char cedrus_assert_##name[(cond) ? 1 : -1]

/* Layer heights (spec §2.2): the first CEDRUS_R = h mod d layers are one
 * taller than hp. The height of layer j is written as a quotient because the
 * plain test j < CEDRUS_R is a compiler warning in sets where CEDRUS_R is 0. */
#define CEDRUS_HP (CEDRUS_H / CEDRUS_D)
#define CEDRUS_R (CEDRUS_H - CEDRUS_D * CEDRUS_HP)
#define CEDRUS_H0 (CEDRUS_R > 0 ? CEDRUS_HP + 1 : CEDRUS_HP)
#define CEDRUS_LAYER_HEIGHT(j) ((CEDRUS_H - 1 - (unsigned)(j)) / CEDRUS_D + 1)

/* WOTS chain caps (spec §2.1): the array w[] is two runs, the longer values
 * first; chain c uses w[len-1-c]. */
#define CEDRUS_W_ARRAY(i) ((unsigned)((unsigned)(i) < CEDRUS_LEN_HI ? CEDRUS_W_HI : CEDRUS_W_LO))
#define CEDRUS_CHAIN_CAP(c) CEDRUS_W_ARRAY(CEDRUS_LEN - 1 - (unsigned)(c))
#define CEDRUS_LIMBS (CEDRUS_N / 8) /* encoder integers are LIMBS 64-bit words */

/* H_msg output split (spec §2.3 and §4). */
#define CEDRUS_MD_BYTES ((CEDRUS_K * (CEDRUS_A + CEDRUS_LGW) + 7) / 8)
#define CEDRUS_TREE_BITS (CEDRUS_H - CEDRUS_H0)
#define CEDRUS_TREE_BYTES ((CEDRUS_TREE_BITS + 7) / 8)
#define CEDRUS_LEAF_BYTES ((CEDRUS_H0 + 7) / 8)
#define CEDRUS_DIGEST_BYTES (CEDRUS_MD_BYTES + CEDRUS_TREE_BYTES + CEDRUS_LEAF_BYTES)

/* Sizes of keys and signature parts (spec §2.3, §11). */
#define CEDRUS_PK_BYTES (2 * CEDRUS_N)
#define CEDRUS_SK_BYTES (4 * CEDRUS_N)
#define CEDRUS_FORC_BYTES (CEDRUS_K * (CEDRUS_A + 1) * CEDRUS_N)
#define CEDRUS_WOTS_BYTES (CEDRUS_LEN * CEDRUS_N)
#define CEDRUS_SIG_BYTES \
    (CEDRUS_N + CEDRUS_FORC_BYTES + CEDRUS_D * CEDRUS_WOTS_BYTES + CEDRUS_H * CEDRUS_N)

/* Hash inputs are laid out in place as seed || ADRS || M (spec §4): a buffer
 * starts with CEDRUS_PRE bytes of prefix. An SM3-based hash writes a whole
 * 32-byte digest even when n = 20, so every buffer a hash writes into keeps
 * CEDRUS_SLACK spare bytes after the n-byte node; that is what lets chain
 * steps and tree nodes land directly in the next call's input. */
#define CEDRUS_ADRS_BYTES 32
#define CEDRUS_PRE (CEDRUS_N + CEDRUS_ADRS_BYTES)
#define CEDRUS_SLACK (CEDRUS_N < 32 ? 32 - CEDRUS_N : 0)
#define CEDRUS_MAX_HEIGHT (CEDRUS_A > CEDRUS_HP + 1 ? CEDRUS_A : CEDRUS_HP + 1)

CEDRUS_ASSERT(n_supported, CEDRUS_N == 20 || CEDRUS_N == 32 || CEDRUS_N == 48 || CEDRUS_N == 64);
CEDRUS_ASSERT(wots_sum, CEDRUS_S == (CEDRUS_LEN_HI * (CEDRUS_W_HI - 1)
                                     + (CEDRUS_LEN - CEDRUS_LEN_HI) * (CEDRUS_W_LO - 1)) / 2);
CEDRUS_ASSERT(chains_have_steps, CEDRUS_W_LO >= 2 && CEDRUS_W_HI >= CEDRUS_W_LO);
/* Chain number, chain step and layer each occupy one ADRS byte (spec §3). */
CEDRUS_ASSERT(one_byte_fields, CEDRUS_LEN <= 256 && CEDRUS_W_HI <= 257 && CEDRUS_D <= 256);
CEDRUS_ASSERT(forc_chain, CEDRUS_W == (1 << CEDRUS_LGW) && CEDRUS_W >= 2 && CEDRUS_W <= 255);
CEDRUS_ASSERT(tree_index_fits, CEDRUS_TREE_BITS <= 64 && CEDRUS_H0 <= 16);
CEDRUS_ASSERT(forc_index_fits, CEDRUS_A <= 16 && CEDRUS_K < 65536);
CEDRUS_ASSERT(api_sizes, CRYPTO_PUBLICKEYBYTES == CEDRUS_PK_BYTES
                             && CRYPTO_SECRETKEYBYTES == CEDRUS_SK_BYTES
                             && CRYPTO_BYTES == CEDRUS_SIG_BYTES);

/* What every hash call needs: the seeds, and a sticky error flag because the
 * official ICCS helpers can fail (malloc) and signing must then fail closed. */
typedef struct {
    uint8_t pub_seed[CEDRUS_N];
    uint8_t sk_seed[CEDRUS_N]; /* unused (zero) in verification */
    int err;
} cedrus_ctx;

/* merkle.c. A leaf generator writes leaf number `leaf` of its tree to out
 * (with CEDRUS_SLACK spare bytes after it). */
typedef void cedrus_leaf_fn(uint8_t *out, void *info, uint32_t leaf);
void cedrus_treehash(cedrus_ctx *ctx, uint8_t *root, uint8_t *auth, uint32_t auth_leaf,
                     uint32_t idx_offset, unsigned height, const uint8_t adrs[CEDRUS_ADRS_BYTES],
                     cedrus_leaf_fn *gen_leaf, void *info);
void cedrus_root_from_auth(cedrus_ctx *ctx, uint8_t *root, const uint8_t *leaf, uint32_t leaf_idx,
                           uint32_t idx_offset, const uint8_t *auth, unsigned height,
                           const uint8_t adrs[CEDRUS_ADRS_BYTES]);

/* encode.c */
int cedrus_encode(unsigned lengths[CEDRUS_LEN], const uint8_t x[CEDRUS_N]);
void cedrus_encode_count(uint64_t out[CEDRUS_LIMBS], unsigned i, unsigned s);

/* wots.c */
typedef struct {
    cedrus_ctx *ctx;
    uint8_t prf[CEDRUS_PRE + CEDRUS_SLACK];
    uint8_t chain[2][CEDRUS_PRE + CEDRUS_N + CEDRUS_SLACK];
    uint8_t pk[CEDRUS_PRE + CEDRUS_WOTS_BYTES + CEDRUS_SLACK];
    uint32_t sign_leaf;        /* the key pair whose signature is captured */
    const unsigned *lengths;   /* its chain positions, or NULL: no capture */
    uint8_t *sig;
} cedrus_wots_info;
void cedrus_wots_info_init(cedrus_wots_info *info, cedrus_ctx *ctx, unsigned layer, uint64_t tree);
void cedrus_wots_gen_leaf(uint8_t *out, void *info, uint32_t leaf);
/* The root of tree `tree` at layer `layer`; when lengths is not NULL, also
 * the XMSS signature of key pair `leaf` (WOTS signature, then AUTH). */
void cedrus_xmss_tree(cedrus_ctx *ctx, uint8_t *root, uint8_t *sig, unsigned layer, uint64_t tree,
                      uint32_t leaf, const unsigned *lengths);
void cedrus_wots_pk_from_sig(cedrus_ctx *ctx, uint8_t *leaf, const uint8_t *sig,
                             const unsigned lengths[CEDRUS_LEN], unsigned layer, uint64_t tree,
                             uint32_t keypair);

/* forc.c */
void cedrus_forc_sign(cedrus_ctx *ctx, uint8_t *sig, uint8_t *pk_forc, const uint8_t *md,
                      uint64_t idx_tree, uint32_t idx_leaf);
void cedrus_forc_pk_from_sig(cedrus_ctx *ctx, uint8_t *pk_forc, const uint8_t *sig,
                             const uint8_t *md, uint64_t idx_tree, uint32_t idx_leaf);

/* hash.c: the message hashes need M contiguous with a prefix, and the ICCS
 * helpers are one-shot, so M is copied once into a heap buffer. */
typedef struct {
    uint8_t *buf; /* 3n bytes of prefix room, then M */
    size_t mlen;
} cedrus_msgbuf;
int cedrus_msgbuf_init(cedrus_msgbuf *mb, const uint8_t *m, unsigned long long mlen);
void cedrus_msgbuf_free(cedrus_msgbuf *mb);
void cedrus_prf_msg(cedrus_ctx *ctx, uint8_t *r, cedrus_msgbuf *mb, const uint8_t *sk_prf,
                    const uint8_t *optrand);
void cedrus_h_msg(cedrus_ctx *ctx, uint8_t digest[CEDRUS_DIGEST_BYTES], cedrus_msgbuf *mb,
                  const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root);
void cedrus_split_digest(const uint8_t digest[CEDRUS_DIGEST_BYTES], uint64_t *idx_tree,
                         uint32_t *idx_leaf);

#endif
