/* cedrusx.h - what the opt implementation adds to the shared CEDRUSɑ code:
 * Hraw_n on up to 8 independent inputs of one length at once (iccs/sm3x.h),
 * treehash over batches of leaves, and hash chains scheduled onto lanes. */
#ifndef CEDRUS_OPT_H
#define CEDRUS_OPT_H

#include "../ref/address.h"
#include "../ref/hash.h"
#include "sm3x.h"

#define CEDRUS_LANES ICCS_SM3X_LANES
/* Room a batched hash output needs: SM3 writes 32 bytes even for n = 20. */
#define CEDRUS_OUT (CEDRUS_N + CEDRUS_SLACK)

/* out[i] = Hraw_n(in[i]) for i < count, all inputs inlen bytes; out[i] gets
 * CEDRUS_OUT bytes and must not overlap any input. */
static inline void cedrus_hashx(uint8_t *const out[], const uint8_t *const in[], size_t inlen,
                                unsigned count)
{
#if CEDRUS_N <= 32
    iccs_sm3x(out, in, inlen, count);
#else
    iccs_pseudoxofx(out, CEDRUS_N, in, inlen, count);
#endif
}

/* treex.c. A batch leaf generator writes leaves first..first+count-1
 * (count <= CEDRUS_LANES) to out, n bytes each, consecutive. */
typedef void cedrus_leaves_fn(uint8_t *out, void *info, uint32_t first, unsigned count);
/* As cedrus_treehash (ref/merkle.c), root n bytes: the leaves are made in
 * batches and the tree is reduced level by level, CEDRUS_LANES nodes at a
 * time, in chunks of 64 leaves whose roots are reduced the same way. */
void cedrus_treehash_x(cedrus_ctx *ctx, uint8_t *root, uint8_t *auth, uint32_t auth_leaf,
                       uint32_t idx_offset, unsigned height, const uint8_t adrs[CEDRUS_ADRS_BYTES],
                       cedrus_leaves_fn *gen_leaves, void *info);

/* A hash chain to finish: from the value val, steps with hash bytes
 * start..end-1 under the address adrs (its hash byte is set per step), the
 * result (n bytes) to dst; start >= end copies val. */
typedef struct {
    const uint8_t *val;
    uint8_t *dst;
    unsigned start, end;
    uint8_t adrs[CEDRUS_ADRS_BYTES];
} cedrus_chain_job;
/* Runs the chains on CEDRUS_LANES lanes, a lane taking the next chain as
 * soon as its own is done, so chains of different lengths share batches. */
void cedrus_run_chains(cedrus_ctx *ctx, const cedrus_chain_job *job, unsigned count);

#endif
