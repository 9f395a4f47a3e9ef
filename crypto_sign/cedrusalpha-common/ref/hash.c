/* hash.c - the message hashes (spec §4): PRF_msg = Hraw(SK.prf || optrand ||
 * M) and H_msg = XOF(R || PK.seed || PK.root || M), always the XOF, and the
 * split of the H_msg output into FORC message, tree and leaf index.
 *
 * The ICCS helpers hash one contiguous buffer, so M is copied once behind 3n
 * bytes of room that each prefix in turn fills. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"

#define PREFIX (3 * CEDRUS_N)

/* 0, or -1 if M cannot be hashed (length not addressable, or not countable
 * in the helpers' 64-bit bit lengths), or -2 if the allocation fails. */
int cedrus_msgbuf_init(cedrus_msgbuf *mb, const uint8_t *m, unsigned long long mlen)
{
    mb->buf = NULL;
    mb->mlen = 0;
    if (mlen > SIZE_MAX - PREFIX || mlen > (~0ULL >> 3) - PREFIX)
        return -1;
    mb->buf = malloc((size_t)mlen + PREFIX);
    if (mb->buf == NULL)
        return -2;
    mb->mlen = (size_t)mlen;
    if (mlen)
        memcpy(mb->buf + PREFIX, m, (size_t)mlen);
    return 0;
}

void cedrus_msgbuf_free(cedrus_msgbuf *mb)
{
    free(mb->buf);
    mb->buf = NULL;
}

/* r gets n bytes plus CEDRUS_SLACK spare. */
void cedrus_prf_msg(cedrus_ctx *ctx, uint8_t *r, cedrus_msgbuf *mb, const uint8_t *sk_prf,
                    const uint8_t *optrand)
{
    uint8_t *in = mb->buf + PREFIX - 2 * CEDRUS_N;
    memcpy(in, sk_prf, CEDRUS_N);
    memcpy(in + CEDRUS_N, optrand, CEDRUS_N);
    cedrus_hash(ctx, r, in, 2 * CEDRUS_N + mb->mlen);
    memset(in, 0, 2 * CEDRUS_N); /* SK.prf does not outlive the call */
}

void cedrus_h_msg(cedrus_ctx *ctx, uint8_t digest[CEDRUS_DIGEST_BYTES], cedrus_msgbuf *mb,
                  const uint8_t *r, const uint8_t *pk_seed, const uint8_t *pk_root)
{
    memcpy(mb->buf, r, CEDRUS_N);
    memcpy(mb->buf + CEDRUS_N, pk_seed, CEDRUS_N);
    memcpy(mb->buf + 2 * CEDRUS_N, pk_root, CEDRUS_N);
    ctx->err |= pseudoXOF(8 * (unsigned long long)CEDRUS_DIGEST_BYTES, mb->buf,
                          8 * (unsigned long long)(PREFIX + mb->mlen), digest);
}

/* Both index fields are big-endian integers reduced to their low bits. */
void cedrus_split_digest(const uint8_t digest[CEDRUS_DIGEST_BYTES], uint64_t *idx_tree,
                         uint32_t *idx_leaf)
{
    const uint8_t *p = digest + CEDRUS_MD_BYTES;
    uint64_t tree = 0;
    uint32_t leaf = 0;
    unsigned i;

    for (i = 0; i < CEDRUS_TREE_BYTES; i++)
        tree = (tree << 8) | *p++;
    for (i = 0; i < CEDRUS_LEAF_BYTES; i++)
        leaf = (leaf << 8) | *p++;
#if CEDRUS_TREE_BITS < 64
    tree &= ((uint64_t)1 << CEDRUS_TREE_BITS) - 1;
#endif
    *idx_tree = tree;
    *idx_leaf = leaf & (((uint32_t)1 << CEDRUS_H0) - 1);
}
